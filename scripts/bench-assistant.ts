/**
 * The assistant offline: one-turn chat through `POST /api/admin/ai/chat` with no provider
 * configured (intent classifier, parameter extraction, entity resolution through search, a
 * read-only action run at once or a plan persisted, the history written).
 *   - a mix of requests: a price change (a plan), a stock question (a read through the catalog),
 *     the latest orders (a read through commerce), a newsletter draft (a plan), an unrelated one
 *     (suggestions); each turn of a loop continues that loop's session;
 *   - 10 loops for BENCH_DURATION seconds (default 10) after a short warm-up; every answer must be 200.
 * Reports turns/s and p50/p95/p99 of a turn.
 *
 * - `benchAssistant(...)` is called by scripts/bench.ts against its platform and tenant;
 * - `npm run bench:assistant` runs it alone: it starts scripts/bench-platform.ts with a small catalog.
 */
import { runStandalone } from './bench-standalone';
import { adminToken, pct, round } from './bench-webhooks';

export interface AssistantBenchReport {
  turns: number;
  turnsPerSec: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  problems: string[];
}

const WORKERS = 10;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const MESSAGES = [
  'set the price of the classic tee to 29 euros',
  'how many mugs do we have in stock',
  'show the last 10 orders',
  'draft a newsletter about the autumn sale',
  'what is the weather like in Lisbon tomorrow',
];

export async function benchAssistant(o: { url: string; adminEmail: string; adminPassword: string; log: (s: string) => void }): Promise<AssistantBenchReport> {
  if (new URL(o.url).hostname !== '127.0.0.1') throw new Error(`refusing to bench ${o.url}: only 127.0.0.1 is allowed`);
  const problems: string[] = [];
  const token = await adminToken(o.url, o.adminEmail, o.adminPassword);
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  o.log(`  assistant: ${WORKERS} connections chatting offline for ${DURATION_S} s ...`);
  const run = async (seconds: number, latencies: number[] | null) => {
    const until = Date.now() + seconds * 1000;
    const loop = async (worker: number) => {
      const session = `bench-${Date.now()}-${worker}`;
      for (let i = worker; Date.now() < until; i++) {
        const t0 = performance.now();
        const res = await fetch(`${o.url}/api/admin/ai/chat`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ message: MESSAGES[i % MESSAGES.length], session_id: session }),
        });
        const body = (await res.json()) as { reply?: string };
        latencies?.push(performance.now() - t0);
        if ((res.status !== 200 || !body.reply) && problems.length < 20) problems.push(`chat: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, (_, w) => loop(w)));
  };
  await run(2, null);
  const latencies: number[] = [];
  const started = Date.now();
  await run(DURATION_S, latencies);
  const seconds = (Date.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  return {
    turns: sorted.length,
    turnsPerSec: round(sorted.length / seconds),
    p50Ms: round(pct(sorted, 50)),
    p95Ms: round(pct(sorted, 95)),
    p99Ms: round(pct(sorted, 99)),
    problems,
  };
}

export function assistantBenchLines(r: AssistantBenchReport): string[] {
  return [
    `assistant offline chat (POST /admin/ai/chat, ${MESSAGES.length} kinds of request, ${WORKERS} connections):`,
    `  ${r.turnsPerSec} turns/s; p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms, p99 ${r.p99Ms} ms`,
  ];
}

if (require.main === module) {
  // `npm run bench:assistant`: a platform of its own with a small catalog, then this bench
  runStandalone('bench:assistant', async (ready) => {
    const report = await benchAssistant({ ...ready, log: (s) => process.stderr.write(`${s}\n`) });
    return { lines: assistantBenchLines(report), problems: report.problems };
  });
}
