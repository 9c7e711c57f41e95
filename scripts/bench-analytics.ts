/**
 * Analytics reports on a year of synthetic orders: BENCH_ANALYTICS_ORDERS `order.placed` events
 * (default 100,000, the "a year of synthetic orders", each with two lines, spread over the last 365 days, three currencies and
 * regions, two sales channels, 200 products in 7 collections) are written into the bench tenant's
 * recorded events by one SQL statement (generate_series), then the tenant's rollups are rebuilt
 * from them through the admin mutation `rebuildAnalytics` (timed), and each report runs
 * sequentially for BENCH_ANALYTICS_RUNS times (default 60) through admin GraphQL:
 *   - orders per day by region over the whole year, days in Europe/Berlin;
 *   - line revenue by product over the year (the top 50), days in America/New_York;
 *   - the funnel and carts over the last 30 days, days in Asia/Kolkata (a half-hour zone).
 * Reports p50/p95 per report and checks that the year's order count equals what was generated.
 *
 * - `benchAnalytics(...)` is called by scripts/bench.ts against its platform and tenant;
 * - `npm run bench:analytics` runs it alone: it starts scripts/bench-platform.ts with a small catalog.
 */
import { Client } from 'pg';
import { runStandalone } from './bench-standalone';
import { adminToken, pct, round } from './bench-webhooks';

export interface AnalyticsBenchReport {
  orders: number;
  generateMs: number;
  rebuildMs: number;
  rollupCells: number;
  /** per report: p50 and p95 of the whole GraphQL request, ms */
  reports: Record<string, { p50Ms: number; p95Ms: number }>;
  problems: string[];
}

const ORDERS = Number(process.env.BENCH_ANALYTICS_ORDERS ?? 100_000);
const RUNS = Number(process.env.BENCH_ANALYTICS_RUNS ?? 60);

export async function benchAnalytics(o: {
  url: string;
  databaseUrl: string;
  tenantId: string;
  adminEmail: string;
  adminPassword: string;
  log: (s: string) => void;
}): Promise<AnalyticsBenchReport> {
  if (new URL(o.url).hostname !== '127.0.0.1') throw new Error(`refusing to bench ${o.url}: only 127.0.0.1 is allowed`);
  const problems: string[] = [];
  const token = await adminToken(o.url, o.adminEmail, o.adminPassword);
  const gql = async (query: string, variables: Record<string, unknown> = {}) => {
    const r = await fetch(`${o.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await r.json()) as { data?: Record<string, any>; errors?: unknown[] };
    if (!body.data || body.errors) throw new Error(`${query.slice(0, 60)}: ${JSON.stringify(body.errors)}`);
    return Object.values(body.data)[0];
  };

  o.log(`bench:analytics: generating ${ORDERS} order events over a year ...`);
  const sql = new Client({ connectionString: o.databaseUrl });
  await sql.connect();
  const t0 = performance.now();
  try {
    await sql.query(
      `insert into analytics.event_log (id, tenant_id, type, occurred_at, data, recorded_at)
       select 'evt_bench' || lpad(i::text, 12, '0'), $1, 'order.placed',
              now() - (random() * interval '365 days'),
              jsonb_build_object(
                'id', 'order_bench' || i, 'currency_code', (array['eur','usd','gbp'])[1 + i % 3],
                'region_id', (array['reg_bench_eu','reg_bench_na','reg_bench_uk'])[1 + i % 3],
                'sales_channel_id', (array['sc_bench_web','sc_bench_app'])[1 + i % 2],
                'total', round((20 + random() * 180)::numeric, 2),
                'items', jsonb_build_array(
                  jsonb_build_object('product_id', 'prod_bench' || (i % 200), 'collection_id', 'pcol_bench' || (i % 7), 'quantity', 1 + i % 3, 'unit_price', 19.5),
                  jsonb_build_object('product_id', 'prod_bench' || ((i * 7) % 200), 'collection_id', 'pcol_bench' || ((i * 7) % 7), 'quantity', 1, 'unit_price', 42))),
              now()
         from generate_series(1, $2::int) as i
       on conflict (id) do nothing`,
      [o.tenantId, ORDERS],
    );
  } finally {
    await sql.end();
  }
  const generateMs = Math.round(performance.now() - t0);
  o.log(`bench:analytics: generated in ${generateMs} ms; rebuilding the rollups ...`);
  const t1 = performance.now();
  const rebuilt = (await gql('mutation { rebuildAnalytics { events cells } }')) as { events: number; cells: number };
  const rebuildMs = Math.round(performance.now() - t1);

  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const year = { from: day(-366), to: day(1) };
  const reports: Array<[string, string, Record<string, unknown>]> = [
    [
      'orders by day and region, a year (Europe/Berlin)',
      'query($from: String!, $to: String!) { analyticsSeries(metric: "orders", dim: "region", from: $from, to: $to, time_zone: "Europe/Berlin") { day value currency_code count amount } }',
      year,
    ],
    [
      'top 50 products by line revenue, a year (America/New_York)',
      'query($from: String!, $to: String!) { analyticsBreakdown(metric: "order_lines", dim: "product", from: $from, to: $to, time_zone: "America/New_York", limit: 50) { value currency_code count amount } }',
      year,
    ],
    [
      'funnel and carts, 30 days (Asia/Kolkata)',
      'query($from: String!, $to: String!) { analyticsConversion(from: $from, to: $to, time_zone: "Asia/Kolkata") { page_views add_to_carts orders carts_created carts_completed } }',
      { from: day(-30), to: day(0) },
    ],
  ];
  const out: AnalyticsBenchReport['reports'] = {};
  for (const [name, query, vars] of reports) {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      await gql(query, vars);
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    out[name] = { p50Ms: round(pct(times, 50)), p95Ms: round(pct(times, 95)) };
  }
  const series = (await gql(reports[0][1], year)) as Array<{ value: string; count: number }>;
  const counted = series.filter((r) => r.value.startsWith('reg_bench')).reduce((a, r) => a + r.count, 0);
  if (counted !== ORDERS) problems.push(`the year's rollups count ${counted} orders, ${ORDERS} were generated`);
  return { orders: ORDERS, generateMs, rebuildMs, rollupCells: rebuilt.cells, reports: out, problems };
}

export function analyticsBenchLines(r: AnalyticsBenchReport): string[] {
  return [
    `analytics (${r.orders} synthetic orders over a year, ${r.rollupCells} rollup cells of 15 minutes; generated in ${r.generateMs} ms, rollups rebuilt in ${r.rebuildMs} ms):`,
    ...Object.entries(r.reports).map(([name, v]) => `  ${name}: p50 ${v.p50Ms} ms, p95 ${v.p95Ms} ms`),
  ];
}

if (require.main === module) {
  // `npm run bench:analytics`: a platform of its own with a small catalog, then this bench
  runStandalone('bench:analytics', async (ready) => {
    const report = await benchAnalytics({ ...ready, log: (s) => process.stderr.write(`${s}\n`) });
    return { lines: analyticsBenchLines(report), problems: report.problems };
  });
}
