/**
 * Ticket checkout: `WORKERS` shoppers, each buying one event ticket after the other for
 * BENCH_DURATION seconds (default 10) through the REST facade, as a storefront does it:
 *   create cart (region, email) → add the ticket (`POST /store/carts/:id/event-items`, one
 *   attendee; the events domain holds the place through commerce's port) → payment collection →
 *   payment session (pp_system_default) → complete (the durable completion asks the cart's hold
 *   again, authorises, confirms it and writes the order; the registration follows from
 *   `order.placed`).
 * The event is the bench tenant's own (admin GraphQL): one ticket type with places for every
 * order. A ticket cart needs no shipping, so the checkout is 5 requests.
 * Reports tickets sold per second, p50/p95/p99 of a whole checkout and p95 of its steps.
 *
 * - `benchTickets(...)` is called by scripts/bench.ts against its platform and tenant;
 * - `npm run bench:tickets` runs it alone: it starts scripts/bench-platform.ts with a small catalog.
 */
import { storefrontClient } from './bench-checkout';
import { runStandalone } from './bench-standalone';
import { adminToken, pct, round } from './bench-webhooks';

export interface TicketsBenchReport {
  orders: number;
  ordersPerSec: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  /** p95 per step, ms */
  stepP95Ms: Record<string, number>;
  /** places the events domain counts as sold after the run, against the orders answered */
  soldMatches: boolean;
  problems: string[];
}

const WORKERS = 10;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

export async function benchTickets(o: {
  url: string;
  publishableKey: string;
  regionId: string;
  adminEmail: string;
  adminPassword: string;
  log: (s: string) => void;
}): Promise<TicketsBenchReport> {
  if (new URL(o.url).hostname !== '127.0.0.1') throw new Error(`refusing to bench ${o.url}: only 127.0.0.1 is allowed`);
  const problems: string[] = [];
  const token = await adminToken(o.url, o.adminEmail, o.adminPassword);
  const admin = async (query: string, variables: Record<string, unknown>) => {
    const r = await fetch(`${o.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await r.json()) as { data?: Record<string, any>; errors?: unknown[] };
    if (!body.data || body.errors) throw new Error(`${query.slice(0, 60)}: ${JSON.stringify(body.errors)}`);
    return Object.values(body.data)[0];
  };
  const event = await admin('mutation($input: CreateEventInput!) { createEvent(input: $input) { id slug } }', {
    input: {
      title: `Bench conference ${Date.now()}`,
      time_zone: 'Europe/Berlin',
      starts_at: '2027-09-14T09:00:00+02:00',
      ends_at: '2027-09-15T18:00:00+02:00',
      requires_attendee_names: true,
    },
  });
  const ticket = await admin('mutation($id: String!, $input: EventTicketTypeInput!) { createEventTicketType(event_id: $id, input: $input) { id } }', {
    id: event.id,
    input: {
      name: 'Standard',
      capacity: 1_000_000,
      prices: [
        { currency_code: 'eur', amount: '149.00' },
        { currency_code: 'usd', amount: '159.00' },
        { currency_code: 'gbp', amount: '129.00' },
      ],
    },
  });
  await admin('mutation($id: String!) { publishEvent(id: $id) { id } }', { id: event.id });

  const client = storefrontClient(o.url, o.publishableKey, WORKERS);
  const steps: Record<string, number[]> = {};
  const call = async (step: string, method: string, path: string, body?: unknown, latencies: boolean = true) => {
    const t0 = performance.now();
    const r = await client.request(method, path, body);
    if (latencies) (steps[step] ??= []).push(performance.now() - t0);
    if (r.status !== 200) throw new Error(`${step}: ${r.status} ${r.text.slice(0, 200)}`);
    return JSON.parse(r.text);
  };
  let n = 0;
  const buy = async (measure: boolean) => {
    const i = n++;
    const { cart } = await call('create cart', 'POST', '/store/carts', { region_id: o.regionId, email: `tickets-${i}@example.com` }, measure);
    await call(
      'add ticket',
      'POST',
      `/store/carts/${cart.id}/event-items`,
      { ticket_id: ticket.id, quantity: 1, attendees: [{ first_name: 'Bench', last_name: `Guest ${i}` }] },
      measure,
    );
    const { payment_collection } = await call('payment collection', 'POST', '/store/payment-collections', { cart_id: cart.id }, measure);
    await call(
      'payment session',
      'POST',
      `/store/payment-collections/${payment_collection.id}/payment-sessions`,
      { provider_id: 'pp_system_default' },
      measure,
    );
    const done = await call('complete', 'POST', `/store/carts/${cart.id}/complete`, undefined, measure);
    if (done.type !== 'order') throw new Error(`complete: ${JSON.stringify(done.error)}`);
  };
  let answered = 0;
  const run = async (seconds: number, totals: number[] | null) => {
    const until = Date.now() + seconds * 1000;
    const loop = async () => {
      while (Date.now() < until) {
        const t0 = performance.now();
        try {
          await buy(totals !== null);
          answered++;
          totals?.push(performance.now() - t0);
        } catch (err) {
          if (problems.length < 20) problems.push((err as Error).message);
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, loop));
  };
  o.log(`  ticket checkout: ${WORKERS} shoppers for ${DURATION_S} s ...`);
  await run(2, null);
  const totals: number[] = [];
  const started = Date.now();
  await run(DURATION_S, totals);
  const seconds = (Date.now() - started) / 1000;
  client.close();
  const sorted = totals.sort((a, b) => a - b);
  const tickets = (await admin('query($id: String!) { adminEventTickets(event_id: $id) { id sold } }', { id: event.id })) as Array<{
    id: string;
    sold: number;
  }>;
  const sold = tickets.find((t) => t.id === ticket.id)?.sold ?? -1;
  if (sold !== answered) problems.push(`the events domain counts ${sold} tickets sold for ${answered} orders`);
  return {
    orders: sorted.length,
    ordersPerSec: round(sorted.length / seconds),
    p50Ms: round(pct(sorted, 50)),
    p95Ms: round(pct(sorted, 95)),
    p99Ms: round(pct(sorted, 99)),
    stepP95Ms: Object.fromEntries(
      Object.entries(steps).map(([k, v]) => [
        k,
        round(
          pct(
            [...v].sort((a, b) => a - b),
            95,
          ),
        ),
      ]),
    ),
    soldMatches: sold === answered,
    problems,
  };
}

export function ticketsBenchLines(r: TicketsBenchReport): string[] {
  const stepText = Object.entries(r.stepP95Ms)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  return [
    `ticket checkout (cart → event-items → payment collection → session → complete, ${WORKERS} shoppers):`,
    `  ${r.ordersPerSec} orders/s (${r.orders} orders); checkout p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms, p99 ${r.p99Ms} ms`,
    `  step p95 (ms): ${stepText}; sold places match the orders: ${r.soldMatches ? 'yes' : 'NO'}`,
  ];
}

if (require.main === module) {
  // `npm run bench:tickets`: a platform of its own with a small catalog, then this bench
  runStandalone('bench:tickets', async (ready) => {
    const report = await benchTickets({ ...ready, log: (s) => process.stderr.write(`${s}\n`) });
    return { lines: ticketsBenchLines(report), problems: report.problems };
  });
}
