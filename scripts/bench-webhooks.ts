/**
 * Outbound webhooks: sustained delivery throughput to a receiver on this machine.
 *   - an endpoint of the bench tenant (admin GraphQL) pointing at a local HTTP receiver that
 *     answers 204 at once and checks every signature (x-svc-signature) of the requests it gets;
 *   - BENCH_WEBHOOK_EVENTS (default 3,000) domain events written into an outbox at once (as
 *     committed changes of the site domain would write them), then the whole path runs: outbox
 *     relay → job queue → the webhooks fan-out subscription (a delivery row per event and endpoint,
 *     with its sequence) → the dispatcher (claim, sign, POST, record the attempt);
 *   - events/s = events / (time from the insert to the last event received); p50/p99 of the
 *     events' arrival times after the insert (one burst, so they grow with the count). Afterwards every delivery must be `delivered`
 *     after one attempt and every event received exactly once, with a valid signature.
 *
 * - `benchWebhooks(...)` is called by scripts/bench.ts against its platform and tenant;
 * - `npm run bench:webhooks` runs it alone: it starts scripts/bench-platform.ts with a small catalog.
 * The receiver listens on 127.0.0.1, which the bench platform allow-lists (WEBHOOK_ALLOW_HOSTS).
 * BENCH_CPU_PROF_WINDOW=<dir> (the standalone run): a CPU profile of the platform during the burst.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { Client } from 'pg';
import { newId } from '@svc/kit';
import { runStandalone } from './bench-standalone';
import { cpuTicks, postgresPids } from './bench-checkout';

export interface WebhooksBenchReport {
  events: number;
  concurrency: string;
  elapsedMs: number;
  eventsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** the first event's arrival, and when the fan-out wrote the first and the last delivery (ms after the insert) */
  firstMs: number;
  fanOut: { firstMs: number; lastMs: number };
  /** CPU seconds per 1,000 events from the insert to the last arrival: the platform process, its PostgreSQL (absent when not measured) */
  cpu?: { platform: number; postgres: number };
  problems: string[];
}

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 3000);
export const round = (n: number) => Math.round(n * 100) / 100;
export const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] : NaN;

async function gql(url: string, token: string, query: string, variables: Record<string, unknown>): Promise<any> {
  const r = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await r.json()) as { data?: any; errors?: unknown[] };
  if (body.errors?.length) throw new Error(`GraphQL: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/** The bench tenant's admin token (a sign-in with email and password). */
export async function adminToken(url: string, email: string, password: string): Promise<string> {
  const login = await fetch(`${url}/api/auth/user/emailpass`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) throw new Error(`admin sign-in: ${login.status} ${await login.text()}`);
  return ((await login.json()) as { token: string }).token;
}

export async function benchWebhooks(o: {
  url: string;
  databaseUrl: string;
  tenantId: string;
  adminEmail: string;
  adminPassword: string;
  log: (s: string) => void;
  /** the platform's process and data directory: their CPU time is measured (the standalone run) */
  platformPid?: number;
  dataDir?: string;
}): Promise<WebhooksBenchReport> {
  if (new URL(o.url).hostname !== '127.0.0.1') throw new Error(`refusing to bench ${o.url}: only 127.0.0.1 is allowed`);
  const problems: string[] = [];
  let secret = '';
  const arrived = new Map<string, number>();
  let duplicates = 0;
  let badSignatures = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const m = /^t=(\d+),v1=([0-9a-f]+)/.exec(String(req.headers['x-svc-signature'] ?? ''));
      if (!m || createHmac('sha256', secret).update(`${m[1]}.${body}`).digest('hex') !== m[2]) badSignatures++;
      const id = String(req.headers['webhook-id']);
      if (arrived.has(id)) duplicates++;
      else arrived.set(id, Date.now());
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const db = new Client({ connectionString: o.databaseUrl });
  await db.connect();
  try {
    const token = await adminToken(o.url, o.adminEmail, o.adminPassword);
    const created = await gql(o.url, token, 'mutation($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { id secret } }', {
      input: { url: `http://127.0.0.1:${port}/hook`, event_types: ['bench.*'], description: 'bench receiver' },
    });
    const endpointId = created.createWebhookEndpoint.id as string;
    secret = created.createWebhookEndpoint.secret;

    // the events, as a committed change of the site domain would have written them (20 entities, so sequences grow per entity)
    const ids = Array.from({ length: EVENTS }, () => newId('evt'));
    o.log(`  webhooks: ${EVENTS} events to one endpoint (receiver on 127.0.0.1:${port}) ...`);
    const cpu = () =>
      o.platformPid && o.dataDir ? { node: cpuTicks(o.platformPid), pg: postgresPids(o.dataDir).reduce((a, pid) => a + cpuTicks(pid), 0) } : null;
    // BENCH_CPU_PROF_WINDOW=<dir>: the platform profiles the burst only (SIGUSR2 starts and stops it)
    // BENCH_PG_STATS=1 (with EMBEDDED_PG_SETTINGS loading pg_stat_statements): PostgreSQL's time per statement shape in the burst
    const pgStats = process.env.BENCH_PG_STATS === '1';
    if (pgStats) {
      await db.query('create extension if not exists pg_stat_statements');
      await db.query('select pg_stat_statements_reset()');
    }
    const windowProf = Boolean(process.env.BENCH_CPU_PROF_WINDOW && o.platformPid);
    if (windowProf) process.kill(o.platformPid!, 'SIGUSR2');
    const cpu0 = cpu();
    const t0 = Date.now();
    for (let i = 0; i < ids.length; i += 1000) {
      const chunk = ids.slice(i, i + 1000);
      await db.query(
        `insert into site.outbox_event (id, tenant_id, type, data, request_id, created_at, attempts)
         select id, $1, 'bench.happened', jsonb_build_object('id', 'bench_' || (n % 20), 'n', n), 'bench', now(), 0 from unnest($2::text[]) with ordinality as u(id, n)`,
        [o.tenantId, chunk],
      );
    }
    const deadline = Date.now() + Math.max(120_000, EVENTS * 100);
    while (arrived.size < EVENTS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const elapsedMs = Date.now() - t0;
    const cpu1 = cpu();
    if (windowProf) process.kill(o.platformPid!, 'SIGUSR2');
    if (pgStats) {
      const { rows: top } = await db.query(
        `select calls, round(total_exec_time)::int as exec_ms, round(total_plan_time)::int as plan_ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) as q
           from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
          order by total_plan_time + total_exec_time desc limit 25`,
      );
      for (const r of top)
        o.log(`  pg: ${String(r.calls).padStart(6)} calls ${String(r.exec_ms).padStart(6)} ms exec ${String(r.plan_ms).padStart(5)} ms plan  ${r.q}`);
    }
    if (arrived.size < EVENTS) problems.push(`only ${arrived.size} of ${EVENTS} events arrived within ${Math.round((deadline - t0) / 1000)} s`);
    const latencies = ids
      .filter((id) => arrived.has(id))
      .map((id) => arrived.get(id)! - t0)
      .sort((a, b) => a - b);
    await new Promise((r) => setTimeout(r, 500)); // late duplicates would show up now
    const rows = await db.query(
      `select count(*)::int as n, count(*) filter (where status = 'delivered' and attempts = 1)::int as ok,
              (extract(epoch from min(created_at)) * 1000)::float8 as first_written, (extract(epoch from max(created_at)) * 1000)::float8 as last_written
         from webhooks.webhook_delivery where endpoint_id = $1`,
      [endpointId],
    );
    // where the time went: the fan-out wrote the deliveries between these moments (after the insert)
    const fanOut = { firstMs: Math.round(rows.rows[0].first_written - t0), lastMs: Math.round(rows.rows[0].last_written - t0) };
    if (rows.rows[0].n !== EVENTS) problems.push(`${rows.rows[0].n} deliveries written for ${EVENTS} events`);
    if (rows.rows[0].ok !== rows.rows[0].n) problems.push(`${rows.rows[0].n - rows.rows[0].ok} deliveries not delivered at the first attempt`);
    if (duplicates) problems.push(`${duplicates} events received twice`);
    if (badSignatures) problems.push(`${badSignatures} requests with a signature that does not verify`);
    const conc = process.env.WEBHOOK_CONCURRENCY ?? '16 (default)';
    return {
      events: EVENTS,
      concurrency: conc,
      elapsedMs,
      eventsPerSec: round((arrived.size * 1000) / elapsedMs),
      p50Ms: pct(latencies, 50),
      p99Ms: pct(latencies, 99),
      firstMs: latencies[0] ?? NaN,
      fanOut,
      // clock ticks (100 a second) → CPU seconds per 1,000 events
      ...(cpu0 && cpu1
        ? {
            cpu: {
              platform: round((cpu1.node - cpu0.node) / 100 / (Math.max(1, arrived.size) / 1000)),
              postgres: round((cpu1.pg - cpu0.pg) / 100 / (Math.max(1, arrived.size) / 1000)),
            },
          }
        : {}),
      problems,
    };
  } finally {
    await db.end();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }
}

export function webhooksBenchLines(r: WebhooksBenchReport): string[] {
  return [
    `outbound webhooks (${r.events} events written at once → relay → fan-out → signed POST to a local receiver; ${r.concurrency} deliveries in flight):`,
    `  ${r.eventsPerSec} events/s delivered (${r.elapsedMs} ms in all); arrival after the insert p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms (one burst: these grow with the count)`,
    `  deliveries written by the fan-out ${r.fanOut.firstMs}–${r.fanOut.lastMs} ms after the insert; the first arrival at ${r.firstMs} ms`,
    ...(r.cpu
      ? [
          `  CPU per 1,000 events: platform ${r.cpu.platform} s, PostgreSQL ${r.cpu.postgres} s; load average at the end ${os
            .loadavg()
            .map((x) => x.toFixed(1))
            .join(' ')}`,
        ]
      : []),
  ];
}

if (require.main === module) {
  // `npm run bench:webhooks`: a platform of its own with a small catalog, then this bench
  runStandalone('bench:webhooks', async (ready, platformPid) => {
    const report = await benchWebhooks({ ...ready, platformPid, log: (s) => process.stderr.write(`${s}\n`) });
    return { lines: webhooksBenchLines(report), problems: report.problems };
  });
}
