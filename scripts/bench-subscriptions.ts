/**
 * Subscription plan changes: `WORKERS` customers, each with an active monthly subscription
 * (checked out through the REST facade with pp_system_default, i.e. invoices), switch between two
 * monthly plans one change after the other for BENCH_DURATION seconds (default 10):
 * `POST /store/subscriptions/:id/change-plan`, each a prorated change (the subscription row locked,
 * the proration computed exactly, two ledger rows, the event in the outbox).
 * Reports changes per second and p50/p95/p99 of a change, the p95 of subscribing (checkout +
 * create, which orders the first period through commerce's port), and checks that every
 * subscription's balance is the sum of its ledger's prorations.
 *
 * - `benchSubscriptions(...)` is called by scripts/bench.ts against its platform and tenant;
 * - `npm run bench:subscriptions` runs it alone: it starts scripts/bench-platform.ts with a small catalog.
 */
import { runStandalone } from './bench-standalone';
import { adminToken, pct, round } from './bench-webhooks';

export interface SubscriptionsBenchReport {
  changes: number;
  changesPerSec: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  subscribeP95Ms: number;
  /** every subscription's balance equals the credits and charges of its ledger */
  ledgerMatches: boolean;
  problems: string[];
}

const WORKERS = 10;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

export async function benchSubscriptions(o: {
  url: string;
  publishableKey: string;
  adminEmail: string;
  adminPassword: string;
  log: (s: string) => void;
}): Promise<SubscriptionsBenchReport> {
  if (new URL(o.url).hostname !== '127.0.0.1') throw new Error(`refusing to bench ${o.url}: only 127.0.0.1 is allowed`);
  const problems: string[] = [];
  const token = await adminToken(o.url, o.adminEmail, o.adminPassword);
  const request = async (method: string, path: string, body?: unknown, bearer?: string) => {
    const r = await fetch(`${o.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-publishable-api-key': o.publishableKey, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await r.text();
    if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${text.slice(0, 200)}`);
    return JSON.parse(text);
  };
  const admin = async (query: string, variables: Record<string, unknown>) => {
    const body = await request('POST', '/graphql', { query, variables }, token);
    if (!body.data || body.errors) throw new Error(`${query.slice(0, 60)}: ${JSON.stringify(body.errors)}`);
    return Object.values(body.data as Record<string, any>)[0];
  };
  const stamp = Date.now().toString(36);
  const plans = [] as Array<{ id: string }>;
  for (const [name, amount] of [
    ['Bench basic', '19.99'],
    ['Bench plus', '34.50'],
  ]) {
    plans.push(
      await admin('mutation($input: CreateSubscriptionPlanInput!) { createSubscriptionPlan(input: $input) { id } }', {
        input: { name, handle: `${name.toLowerCase().replace(' ', '-')}-${stamp}`, interval: 'month', prices: [{ currency_code: 'eur', amount }] },
      }),
    );
  }

  const subscribeMs: number[] = [];
  const subscribe = async (i: number) => {
    const { token: customer } = await request('POST', '/api/auth/customer/emailpass/register', {
      email: `subs-${stamp}-${i}@example.com`,
      password: 'bench-password-1',
    });
    const t0 = performance.now();
    const { checkout } = await request(
      'POST',
      '/api/store/subscriptions/checkout',
      { plan_id: plans[0].id, currency_code: 'eur', provider_id: 'pp_system_default' },
      customer,
    );
    const { subscription } = await request('POST', '/api/store/subscriptions', { checkout_id: checkout.id }, customer);
    subscribeMs.push(performance.now() - t0);
    return { customer, id: subscription.id as string, on: 0 };
  };
  o.log(`  subscriptions: ${WORKERS} customers subscribe, then change plans for ${DURATION_S} s ...`);
  const subs = await Promise.all(Array.from({ length: WORKERS }, (_, i) => subscribe(i)));

  const run = async (seconds: number, totals: number[] | null) => {
    const until = Date.now() + seconds * 1000;
    await Promise.all(
      subs.map(async (s) => {
        while (Date.now() < until) {
          const t0 = performance.now();
          try {
            // to the other plan (the one it is not on)
            await request('POST', `/api/store/subscriptions/${s.id}/change-plan`, { plan_id: plans[1 - s.on].id }, s.customer);
            s.on = 1 - s.on;
            totals?.push(performance.now() - t0);
          } catch (err) {
            if (problems.length < 20) problems.push((err as Error).message);
          }
        }
      }),
    );
  };
  await run(2, null);
  const totals: number[] = [];
  const started = Date.now();
  await run(DURATION_S, totals);
  const seconds = (Date.now() - started) / 1000;

  let ledgerMatches = true;
  for (const s of subs) {
    const sub = await admin('query($id: String!) { adminSubscription(id: $id) { balance } }', { id: s.id });
    const { ledger } = await admin('query($id: String!) { adminSubscriptionHistory(id: $id) { ledger { kind amount } } }', { id: s.id });
    const cents = (ledger as Array<{ kind: string; amount: number }>).reduce(
      (sum, e) => sum + (e.kind === 'proration_charge' ? 1 : e.kind === 'proration_credit' ? -1 : 0) * Math.round(e.amount * 100),
      0,
    );
    if (cents !== Math.round(sub.balance * 100)) {
      ledgerMatches = false;
      problems.push(`subscription ${s.id}: balance ${sub.balance} but its ledger's prorations sum to ${cents / 100}`);
    }
  }
  const sorted = totals.sort((a, b) => a - b);
  return {
    changes: sorted.length,
    changesPerSec: round(sorted.length / seconds),
    p50Ms: round(pct(sorted, 50)),
    p95Ms: round(pct(sorted, 95)),
    p99Ms: round(pct(sorted, 99)),
    subscribeP95Ms: round(
      pct(
        [...subscribeMs].sort((a, b) => a - b),
        95,
      ),
    ),
    ledgerMatches,
    problems,
  };
}

export function subscriptionsBenchLines(r: SubscriptionsBenchReport): string[] {
  return [
    `subscription plan changes (POST /store/subscriptions/:id/change-plan, prorated, ${WORKERS} customers):`,
    `  ${r.changesPerSec} changes/s (${r.changes} changes); change p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms, p99 ${r.p99Ms} ms`,
    `  subscribe (checkout + create) p95 ${r.subscribeP95Ms} ms; balances match the ledgers: ${r.ledgerMatches ? 'yes' : 'NO'}`,
  ];
}

if (require.main === module) {
  // `npm run bench:subscriptions`: a platform of its own with a small catalog, then this bench
  runStandalone('bench:subscriptions', async (ready) => {
    const report = await benchSubscriptions({ ...ready, log: (s) => process.stderr.write(`${s}\n`) });
    return { lines: subscriptionsBenchLines(report), problems: report.problems };
  });
}
