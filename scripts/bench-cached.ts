/**
 * `npm run bench:cached`: what a response cache hit costs the platform, next to its static ceiling.
 * Starts scripts/bench-platform.ts (a small catalog, `BENCH_EXPRESS_ALONE=1`: a second listener of
 * the same process without the front door) and scripts/bench-ceiling.ts (a bare `node:http` server
 * answering the very same bytes and headers from memory), then per cached read (product detail,
 * list of 20, collections) and per server: BENCH_CACHED_REQUESTS (5,000) requests after 1,000 of
 * warm-up, 10 connections (autocannon), the serving process's CPU time from `/proc/<pid>/stat`
 * (user + system) before and after. Prints CPU per request and req/s of
 *   - the ceiling,
 *   - the platform's front door (the hit answered before Express: platform/src/front-door.ts),
 *   - the same platform through Express alone (the hit answered by the route's handler),
 * and the ratios ceiling CPU / platform CPU (goal: at least 0.3×). Linux only (`/proc`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { runStandalone } from './bench-standalone';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- autocannon ships no types; the cast below describes the part we use
const autocannon = require('autocannon') as (o: Record<string, unknown>) => PromiseLike<{
  requests: { mean: number; total: number };
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}>;

const REQUESTS = Number(process.env.BENCH_CACHED_REQUESTS ?? 5000);
const WARMUP = 1000;
const CONNECTIONS = 10;
/** clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux) */
const TICKS = 100;

/** user + system CPU time of a process in ms */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // the fields after the command name (which may hold spaces) start after its closing parenthesis
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
}

const us = (ms: number) => (ms * 1000).toFixed(0);

interface Row {
  read: string;
  bytes: number;
  server: 'ceiling' | 'front door' | 'Express alone';
  cpuMsPerRequest: number;
  /** less the process's idle CPU over the run's time */
  netCpuMsPerRequest: number;
  reqPerSec: number;
}

/** how long the serving process's idle CPU (timers, pollers, GC) is sampled before each run */
const IDLE_MS = 3000;

async function measure(url: string, headers: Record<string, string>, pid: number): Promise<Omit<Row, 'read' | 'bytes' | 'server'>> {
  const run = async (amount: number) => {
    const r = await autocannon({ url, headers, connections: CONNECTIONS, amount, pipelining: 1 });
    if (r.errors || r.timeouts || r.non2xx) throw new Error(`${url}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx answers`);
    return r;
  };
  await run(WARMUP);
  const idleFrom = cpuMs(pid);
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  const idlePerMs = (cpuMs(pid) - idleFrom) / IDLE_MS;
  const before = cpuMs(pid);
  const started = process.hrtime.bigint();
  const r = await run(REQUESTS);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const used = cpuMs(pid) - before;
  return {
    cpuMsPerRequest: used / r.requests.total,
    // what the process spent anyway while idle, over the run's time, taken out (a loaded machine makes runs long)
    netCpuMsPerRequest: Math.max(0, used - idlePerMs * ms) / r.requests.total,
    reqPerSec: Math.round((r.requests.total * 1000) / ms),
  };
}

function startCeiling(file: string): { proc: ChildProcess; url: Promise<string> } {
  const root = path.resolve(__dirname, '..');
  const proc = spawn(process.execPath, ['-r', path.join(root, 'scripts', 'register.js'), path.join(root, 'scripts', 'bench-ceiling.ts')], {
    cwd: root,
    env: { ...process.env, BENCH_CEILING_FILE: file },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const url = new Promise<string>((resolve, reject) => {
    proc.once('exit', (code) => reject(new Error(`bench-ceiling exited (${code})`)));
    readline.createInterface({ input: proc.stdout! }).on('line', (line) => {
      if (line.startsWith('{"ready":true')) resolve((JSON.parse(line) as { url: string }).url);
    });
  });
  return { proc, url };
}

process.env.BENCH_EXPRESS_ALONE = '1';
runStandalone('bench:cached', async (p) => {
  if (!p.expressAloneUrl) throw new Error('bench-platform gave no Express-alone listener');
  const headers = { 'x-publishable-api-key': p.publishableKey };
  const reads = [
    { read: 'product detail', path: `/api/store/products/${encodeURIComponent(p.handle)}?region_id=${p.regionId}` },
    { read: 'list of 20', path: `/api/store/products?limit=20&region_id=${p.regionId}` },
    { read: 'collections', path: '/api/store/collections?limit=20' },
  ];
  // the bytes and headers each read answers (and a check that the next one is a hit)
  const answers: Record<string, { body: string; headers: Record<string, string> }> = {};
  const sizes = new Map<string, number>();
  for (const r of reads) {
    await fetch(`${p.url}${r.path}`, { headers });
    const res = await fetch(`${p.url}${r.path}`, { headers });
    if (res.status !== 200 || res.headers.get('x-response-cache') !== 'hit') throw new Error(`${r.path} is not a cache hit (${res.status})`);
    const bytes = Buffer.from(await res.arrayBuffer());
    const kept: Record<string, string> = {};
    for (const h of ['content-type', 'cache-control', 'etag', 'vary']) {
      const v = res.headers.get(h);
      if (v) kept[h] = v;
    }
    answers[r.path] = { body: bytes.toString('base64'), headers: kept };
    sizes.set(r.read, bytes.length);
  }
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'svc-bench-cached-')), 'ceiling.json');
  fs.writeFileSync(file, JSON.stringify(answers));
  const ceiling = startCeiling(file);
  try {
    const ceilingUrl = await ceiling.url;
    const rows: Row[] = [];
    for (const r of reads) {
      const servers = [
        { server: 'ceiling' as const, url: ceilingUrl, pid: ceiling.proc.pid! },
        { server: 'front door' as const, url: p.url, pid: p.pid },
        { server: 'Express alone' as const, url: p.expressAloneUrl, pid: p.pid },
      ];
      for (const s of servers) {
        const m = await measure(`${s.url}${r.path}`, headers, s.pid);
        rows.push({ read: r.read, bytes: sizes.get(r.read)!, server: s.server, ...m });
        process.stderr.write(
          `${r.read}, ${s.server}: ${us(m.cpuMsPerRequest)} µs CPU a request (${us(m.netCpuMsPerRequest)} µs less idle), ${m.reqPerSec} req/s\n`,
        );
      }
    }
    const lines = [
      `cached reads, ${REQUESTS} requests each after ${WARMUP} of warm-up, ${CONNECTIONS} connections; CPU of the serving process a request (/proc/<pid>/stat; in brackets less its idle CPU over the run), req/s; ratio: ceiling CPU / platform CPU (the idle correction is unreliable on a loaded machine)`,
      ...reads.map((r) => {
        const of = (server: Row['server']) => rows.find((x) => x.read === r.read && x.server === server)!;
        const c = of('ceiling');
        const cell = (x: Row) =>
          `${us(x.cpuMsPerRequest)} µs (${us(x.netCpuMsPerRequest)}), ${x.reqPerSec} req/s (${(c.cpuMsPerRequest / x.cpuMsPerRequest).toFixed(2)}×)`;
        return `  ${r.read} (${(c.bytes / 1024).toFixed(1)} KB): ceiling ${us(c.cpuMsPerRequest)} µs (${us(c.netCpuMsPerRequest)}), ${c.reqPerSec} req/s; front door ${cell(of('front door'))}; Express alone ${cell(of('Express alone'))}`;
      }),
      `load average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    ];
    return { lines, problems: [] };
  } finally {
    ceiling.proc.kill('SIGTERM');
  }
});
