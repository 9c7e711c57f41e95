/**
 * Marketing hot paths: what every storefront page view and every opened mail costs.
 *   - POST /api/store/track/events for sessions that granted analytics (stored: one INSERT … SELECT
 *     that checks consent in the same statement) and for sessions that did not (dropped);
 *   - GET /api/store/track/open/:campaignId/:subscriberId (the 1×1 GIF; one UPDATE of the
 *     recipient's message row), rotating over 1,000 recipients of one campaign;
 *   - GET /api/store/cookie-consent/:sessionId (a storefront reading a session's consent).
 * autocannon, BENCH_MARKETING_CONNECTIONS (10) connections, 2 s warm-up + BENCH_MARKETING_DURATION
 * (10) s per target, loopback only. After the runs the stored rows are counted against the 2xx
 * answers (every accepted event stored, every pixel answer an open), so the figures are of correct work.
 *
 * - `benchMarketing(...)` is called by scripts/bench.ts against its platform and tenant;
 * - `npm run bench:marketing` runs it alone: it starts scripts/bench-platform.ts with a small catalog;
 *   with BENCH_CAMPAIGN_RECIPIENTS=<n> it measures a campaign send to n recipients instead (`benchCampaignSend`).
 */
import { Client } from 'pg';
import { newId } from '@svc/kit';
import { runStandalone } from './bench-standalone';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- autocannon ships no types; the cast below describes the part we use
const autocannon = require('autocannon') as (
  o: Record<string, unknown>,
) => PromiseLike<AcResult> & { on(e: 'response', fn: (c: unknown, status: number, bytes: number, ms: number) => void): void };
interface AcResult {
  requests: { mean: number; stddev: number; total: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

export interface MarketingBenchRow {
  target: string;
  reqPerSec: number;
  stddev: number;
  p50Ms: number;
  p99Ms: number;
  ok: number;
  non2xx: number;
}
export interface MarketingBenchReport {
  connections: number;
  durationS: number;
  rows: MarketingBenchRow[];
  problems: string[];
}

const CONNECTIONS = Number(process.env.BENCH_MARKETING_CONNECTIONS ?? 10);
const DURATION_S = Number(process.env.BENCH_MARKETING_DURATION ?? process.env.BENCH_DURATION ?? 10);
const WARMUP_S = 2;
const RECIPIENTS = 1000;
const round = (n: number) => Math.round(n * 100) / 100;
const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] : NaN);

interface Target {
  label: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** the path (and body) of the n-th request */
  request: (n: number) => { path: string; body?: string };
}

async function run(base: string, t: Target, durationS: number): Promise<{ result: AcResult; latencies: number[] }> {
  let n = 0;
  const latencies: number[] = [];
  const first = t.request(0);
  const ac = autocannon({
    url: `${base}${first.path}`,
    method: t.method,
    headers: t.headers,
    connections: CONNECTIONS,
    duration: durationS,
    timeout: 10,
    requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, ...t.request(n++) }) }],
  });
  ac.on('response', (_c, status, _b, ms) => {
    if (status >= 200 && status < 400) latencies.push(ms);
  });
  return { result: await ac, latencies };
}

export async function benchMarketing(o: {
  url: string;
  databaseUrl: string;
  tenantId: string;
  publishableKey: string;
  log: (s: string) => void;
}): Promise<MarketingBenchReport> {
  const host = new URL(o.url).hostname;
  if (host !== '127.0.0.1') throw new Error(`refusing to send load to ${o.url}: only 127.0.0.1 is allowed`);
  const problems: string[] = [];
  const key = { 'x-publishable-api-key': o.publishableKey };
  // sessions: 100 that granted analytics, 100 that refused it (through the API, as a storefront would)
  const granted = Array.from({ length: 100 }, (_, i) => `bench-granted-${String(i).padStart(12, '0')}-xxxx`);
  const refused = Array.from({ length: 100 }, (_, i) => `bench-refused-${String(i).padStart(12, '0')}-xxxx`);
  for (const [ids, analytics] of [
    [granted, true],
    [refused, false],
  ] as const) {
    for (const session_id of ids) {
      const r = await fetch(`${o.url}/api/store/cookie-consent`, {
        method: 'POST',
        headers: { ...key, 'content-type': 'application/json' },
        body: JSON.stringify({ session_id, categories: { analytics } }),
      });
      if (r.status !== 200) throw new Error(`cookie consent: ${r.status} ${await r.text()}`);
    }
  }
  // one sent campaign with RECIPIENTS delivered messages, written as the send would write them
  const db = new Client({ connectionString: o.databaseUrl });
  await db.connect();
  const campaignId = newId('camp');
  const subscribers = Array.from({ length: RECIPIENTS }, () => newId('msub'));
  try {
    const listId = newId('mlist');
    await db.query(`insert into marketing.mailing_list (id, tenant_id, handle, name, created_at, updated_at) values ($1, $2, $3, 'Bench', now(), now())`, [
      listId,
      o.tenantId,
      `bench-${Date.now()}`,
    ]);
    await db.query(
      `insert into marketing.campaign (id, tenant_id, list_id, name, subject, html, text, links, status, recipients, sent_at, created_at, updated_at)
      values ($1, $2, $3, 'Bench', 'Bench', '<p>x</p>', 'x', '[]', 'sent', $4, now(), now(), now())`,
      [campaignId, o.tenantId, listId, RECIPIENTS],
    );
    await db.query(
      `insert into marketing.email_message (id, tenant_id, kind, campaign_id, subscriber_id, "to", subject, text, headers, status, created_at)
       select 'emsg_' || s, $1, 'campaign', $2, s, s || '@bench.example', 'Bench', 'x', '{}', 'sent', now() from unnest($3::text[]) as s`,
      [o.tenantId, campaignId, subscribers],
    );
    const json = { ...key, 'content-type': 'application/json' };
    const event = (session_id: string, n: number) =>
      JSON.stringify({
        session_id,
        type: n % 4 === 0 ? 'add_to_cart' : 'page_view',
        url: `https://shop.example/products/p${n % 50}?utm_source=news&utm_medium=email`,
        referrer: 'https://www.google.com/',
        properties: { product_id: `prod_${n % 50}`, value: 19.9 },
      });
    const targets: Target[] = [
      {
        label: 'POST /store/track/events (analytics granted: stored)',
        method: 'POST',
        headers: json,
        request: (n) => ({ path: '/api/store/track/events', body: event(granted[n % granted.length], n) }),
      },
      {
        label: 'POST /store/track/events (no consent: dropped)',
        method: 'POST',
        headers: json,
        request: (n) => ({ path: '/api/store/track/events', body: event(refused[n % refused.length], n) }),
      },
      {
        label: 'GET /store/track/open/… (1x1 GIF, open recorded)',
        method: 'GET',
        headers: {},
        request: (n) => ({ path: `/api/store/track/open/${campaignId}/${subscribers[n % RECIPIENTS]}` }),
      },
      {
        label: 'GET /store/cookie-consent/:sessionId',
        method: 'GET',
        headers: key,
        request: (n) => ({ path: `/api/store/cookie-consent/${granted[n % granted.length]}` }),
      },
    ];
    const rows: MarketingBenchRow[] = [];
    const before = await db.query(`select (select count(*)::int from marketing.analytics_event where tenant_id = $1) as events`, [o.tenantId]);
    let storedOk = 0;
    let opensOk = 0;
    for (const t of targets) {
      o.log(`  marketing ${t.label}: warm-up ${WARMUP_S} s, then ${DURATION_S} s ...`);
      const warm = await run(o.url, t, WARMUP_S);
      const { result, latencies } = await run(o.url, t, DURATION_S);
      const ok = latencies.length;
      if (t.label.includes('stored')) storedOk += ok + warm.latencies.length;
      if (t.label.includes('GIF')) opensOk += ok + warm.latencies.length;
      latencies.sort((a, b) => a - b);
      const row = {
        target: t.label,
        reqPerSec: round(result.requests.mean),
        stddev: round(result.requests.stddev),
        p50Ms: round(pct(latencies, 50)),
        p99Ms: round(pct(latencies, 99)),
        ok,
        non2xx: result.non2xx,
      };
      rows.push(row);
      o.log(`    ${row.reqPerSec} req/s (± ${row.stddev}), p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms`);
      if (result.non2xx || result.errors || result.timeouts)
        problems.push(`${t.label}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
    }
    const after = await db.query(
      `select (select count(*)::int from marketing.analytics_event where tenant_id = $1) as events,
              (select coalesce(sum(open_count), 0)::int from marketing.email_message where campaign_id = $2) as opens,
              (select count(first_opened_at)::int from marketing.email_message where campaign_id = $2) as unique_opens`,
      [o.tenantId, campaignId],
    );
    // requests still in flight when a run stops are served but not counted: at most one per connection and run
    const slack = 2 * CONNECTIONS;
    const within = (rows: number, answers: number) => rows >= answers && rows <= answers + slack;
    const stored = after.rows[0].events - before.rows[0].events;
    if (!within(stored, storedOk)) problems.push(`analytics: ${storedOk} events answered as stored, ${stored} rows written (the dropped ones must write none)`);
    if (!within(after.rows[0].opens, opensOk)) problems.push(`opens: ${opensOk} pixel answers, ${after.rows[0].opens} opens counted`);
    if (after.rows[0].unique_opens !== Math.min(RECIPIENTS, after.rows[0].opens))
      problems.push(`unique opens: ${after.rows[0].unique_opens}, expected ${Math.min(RECIPIENTS, after.rows[0].opens)}`);
    return { connections: CONNECTIONS, durationS: DURATION_S, rows, problems };
  } finally {
    await db.end();
  }
}

export function marketingBenchLines(r: MarketingBenchReport): string[] {
  return [
    `marketing hot paths (${r.connections} connections, ${r.durationS} s each; stored rows checked against the answers):`,
    ...r.rows.map((x) => `  ${x.target}: ${x.reqPerSec} req/s, p50 ${x.p50Ms} ms, p99 ${x.p99Ms} ms`),
  ];
}

interface CampaignSendReport {
  recipients: number;
  /** from the send mutation to the campaign's `sent` */
  elapsedMs: number;
  /** the send mutation's answer time (it writes the first batch) */
  mutationMs: number;
  /** transactions that wrote messages, and the most messages one of them wrote */
  batches: number;
  largestBatch: number;
  /** messages delivered (stored, no SMTP_URL) when the last batch was written */
  deliveredAtSent: number;
  problems: string[];
}

/**
 * BENCH_CAMPAIGN_RECIPIENTS=<n> (`npm run bench:marketing` only): a campaign to a list of n
 * subscribed members (written straight into the table), sent through admin GraphQL: how long until
 * every message is written (`sent`), in how many transactions, and that each member got one. The
 * mails' deliveries (the `deliver-email` jobs, .eml files without SMTP_URL) run alongside.
 */
async function benchCampaignSend(o: {
  url: string;
  databaseUrl: string;
  tenantId: string;
  adminEmail: string;
  adminPassword: string;
  recipients: number;
  log: (s: string) => void;
}): Promise<CampaignSendReport> {
  const problems: string[] = [];
  const db = new Client({ connectionString: o.databaseUrl });
  await db.connect();
  try {
    const login = await fetch(`${o.url}/api/auth/user/emailpass`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: o.adminEmail, password: o.adminPassword }),
    });
    const token = ((await login.json()) as { token: string }).token;
    const gql = async (query: string, variables: Record<string, unknown>) => {
      const r = await fetch(`${o.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await r.json()) as { data?: any; errors?: unknown[] };
      if (body.errors?.length) throw new Error(`GraphQL: ${JSON.stringify(body.errors)}`);
      return body.data;
    };
    const list = (
      await gql('mutation($input: MailingListInput!) { createMailingList(input: $input) { id } }', {
        input: { handle: `bench-send-${Date.now()}`, name: 'Bench send', double_opt_in: false },
      })
    ).createMailingList.id as string;
    const ids = Array.from({ length: o.recipients }, () => newId('msub'));
    for (let i = 0; i < ids.length; i += 10_000)
      await db.query(
        `insert into marketing.subscriber (id, tenant_id, list_id, email, status, source, created_at, updated_at)
         select id, $1, $2, id || '@bench.example', 'subscribed', 'admin', now(), now() from unnest($3::text[]) as id`,
        [o.tenantId, list, ids.slice(i, i + 10_000)],
      );
    await db.query('analyze marketing.subscriber');
    const campaign = (
      await gql('mutation($input: CampaignInput!) { createCampaign(input: $input) { id } }', {
        input: {
          list_id: list,
          name: 'Bench send',
          subject: 'Bench',
          html: '<html><body><p>Hello, <a href="https://shop.example/new">new</a> and <a href="https://shop.example/sale">sale</a>.</p><p>{{unsubscribe_url}}</p></body></html>',
          text: 'Hello: https://shop.example/new',
        },
      })
    ).createCampaign.id as string;
    o.log(`  campaign send: ${o.recipients} recipients ...`);
    const t0 = Date.now();
    const sent = (await gql('mutation($id: String!) { sendCampaign(id: $id) { status recipients } }', { id: campaign })).sendCampaign;
    const mutationMs = Date.now() - t0;
    o.log(`    the send answered ${sent.status} (${sent.recipients} written) in ${mutationMs} ms`);
    const deadline = Date.now() + Math.max(300_000, o.recipients * 20);
    let status = sent.status as string;
    while (status !== 'sent' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await db.query('select status from marketing.campaign where id = $1', [campaign])).rows[0].status;
    }
    const elapsedMs = Date.now() - t0;
    if (status !== 'sent') problems.push(`the campaign was still ${status} after ${Math.round(elapsedMs / 1000)} s`);
    const delivered = await db.query(`select count(*)::int as n from marketing.email_message where campaign_id = $1 and status in ('sent', 'stored')`, [
      campaign,
    ]);
    const written = await db.query(
      `select count(*)::int as n, count(distinct subscriber_id)::int as members from marketing.email_message where campaign_id = $1`,
      [campaign],
    );
    const batches = await db.query(
      `select count(*)::int as batches, max(n)::int as largest from (select count(*) as n from marketing.email_message where campaign_id = $1 group by created_at) b`,
      [campaign],
    );
    if (written.rows[0].n !== o.recipients || written.rows[0].members !== o.recipients)
      problems.push(`${written.rows[0].n} messages to ${written.rows[0].members} members written for ${o.recipients} recipients`);
    return {
      recipients: o.recipients,
      elapsedMs,
      mutationMs,
      batches: batches.rows[0].batches,
      largestBatch: batches.rows[0].largest,
      deliveredAtSent: delivered.rows[0].n,
      problems,
    };
  } finally {
    await db.end();
  }
}

function campaignSendLines(r: CampaignSendReport): string[] {
  return [
    `campaign send (${r.recipients} recipients, admin GraphQL sendCampaign → the last batch written):`,
    `  ${round(r.elapsedMs / 1000)} s in all (${round((r.recipients * 1000) / r.elapsedMs)} messages/s written), the mutation ${r.mutationMs} ms; ${r.batches} transactions, at most ${r.largestBatch} messages each; ${r.deliveredAtSent} delivered by then`,
  ];
}

if (require.main === module) {
  // `npm run bench:marketing`: a platform of its own with a small catalog, then this bench
  runStandalone('bench:marketing', async (ready) => {
    const log = (s: string) => process.stderr.write(`${s}\n`);
    const recipients = Number(process.env.BENCH_CAMPAIGN_RECIPIENTS ?? 0);
    if (recipients > 0) {
      // the campaign send alone
      const send = await benchCampaignSend({ ...ready, recipients, log });
      return { lines: campaignSendLines(send), problems: send.problems };
    }
    const report = await benchMarketing({ ...ready, log });
    return { lines: marketingBenchLines(report), problems: report.problems };
  });
}
