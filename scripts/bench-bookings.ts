/**
 * Service bookings: the slot listing of a month, `GET /api/store/service-bookings` for 31 days.
 *   - a published service of the bench tenant (admin GraphQL), shaped like the demo's tailoring
 *     appointment (Europe/Berlin, 45-minute slots, 15-minute buffer, 2 places, Monday to Friday
 *     10:00–13:00 and 14:00–18:00, Saturday 10:00–14:00: 174 slots in July 2027), with a booking in
 *     every fourth slot so the listing reads counts too;
 *   - BENCH_CONNECTIONS-style concurrency (10 loops) for BENCH_DURATION seconds (default 10) after
 *     a short warm-up; every answer must be 200 with the month's slots.
 * Reports listings/s and p50/p95/p99 of the listing.
 *
 * - `benchBookings(...)` is called by scripts/bench.ts against its platform and tenant;
 * - `npm run bench:bookings` runs it alone: it starts scripts/bench-platform.ts with a small catalog.
 */
import { runStandalone } from './bench-standalone';
import { adminToken, pct, round } from './bench-webhooks';

export interface BookingsBenchReport {
  days: number;
  slots: number;
  listings: number;
  listingsPerSec: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  problems: string[];
}

const WORKERS = 10;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

export async function benchBookings(o: {
  url: string;
  publishableKey: string;
  adminEmail: string;
  adminPassword: string;
  log: (s: string) => void;
}): Promise<BookingsBenchReport> {
  if (new URL(o.url).hostname !== '127.0.0.1') throw new Error(`refusing to bench ${o.url}: only 127.0.0.1 is allowed`);
  const problems: string[] = [];
  const token = await adminToken(o.url, o.adminEmail, o.adminPassword);
  const weekday = [
    { start: '10:00', end: '13:00' },
    { start: '14:00', end: '18:00' },
  ];
  const input = {
    name: 'Bench fitting',
    handle: `bench-fitting-${Date.now()}`,
    time_zone: 'Europe/Berlin',
    slot_minutes: 45,
    buffer_minutes: 15,
    capacity: 2,
    published: true,
    opening_hours: [...[1, 2, 3, 4, 5].map((d) => ({ weekday: d, ranges: weekday })), { weekday: 6, ranges: [{ start: '10:00', end: '14:00' }] }],
  };
  const r = await fetch(`${o.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: 'mutation($input: CreateBookableServiceInput!) { createBookableService(input: $input) { id } }', variables: { input } }),
  });
  const created = (await r.json()) as { data?: { createBookableService: { id: string } }; errors?: unknown[] };
  if (!created.data) throw new Error(`createBookableService: ${JSON.stringify(created.errors)}`);
  const serviceId = created.data.createBookableService.id;
  const listing = `${o.url}/api/store/service-bookings?service_id=${serviceId}&from=2027-07-01&to=2027-07-31`;
  const headers = { 'x-publishable-api-key': o.publishableKey };
  const first = (await (await fetch(listing, { headers })).json()) as { slots: Array<{ starts_at: string }> };
  for (const [i, slot] of first.slots.entries()) {
    if (i % 4 !== 0) continue;
    const b = await fetch(`${o.url}/api/store/service-bookings`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ service_id: serviceId, starts_at: slot.starts_at, first_name: 'Bench', last_name: 'Shopper', email: 'bench@example.com' }),
    });
    if (b.status !== 200) problems.push(`booking ${slot.starts_at}: ${b.status}`);
  }
  o.log(`  service bookings: ${WORKERS} connections listing 31 days (${first.slots.length} slots) for ${DURATION_S} s ...`);
  const run = async (seconds: number, latencies: number[] | null) => {
    const until = Date.now() + seconds * 1000;
    const loop = async () => {
      while (Date.now() < until) {
        const t0 = performance.now();
        const res = await fetch(listing, { headers });
        const body = (await res.json()) as { slots?: unknown[] };
        latencies?.push(performance.now() - t0);
        if ((res.status !== 200 || body.slots?.length !== first.slots.length) && problems.length < 20) problems.push(`listing: ${res.status}`);
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, loop));
  };
  await run(2, null);
  const latencies: number[] = [];
  const started = Date.now();
  await run(DURATION_S, latencies);
  const seconds = (Date.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  return {
    days: 31,
    slots: first.slots.length,
    listings: sorted.length,
    listingsPerSec: round(sorted.length / seconds),
    p50Ms: round(pct(sorted, 50)),
    p95Ms: round(pct(sorted, 95)),
    p99Ms: round(pct(sorted, 99)),
    problems,
  };
}

export function bookingsBenchLines(r: BookingsBenchReport): string[] {
  return [
    `service bookings (GET /store/service-bookings for ${r.days} days, ${r.slots} slots, ${WORKERS} connections):`,
    `  ${r.listingsPerSec} listings/s; p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms, p99 ${r.p99Ms} ms`,
  ];
}

if (require.main === module) {
  // `npm run bench:bookings`: a platform of its own with a small catalog, then this bench
  runStandalone('bench:bookings', async (ready) => {
    const report = await benchBookings({ ...ready, log: (s) => process.stderr.write(`${s}\n`) });
    return { lines: bookingsBenchLines(report), problems: report.problems };
  });
}
