/**
 * The checkout path of `npm run bench`: `workers` concurrent shoppers, each placing orders one after
 * the other for `durationS` seconds through the REST facade, the way a storefront does:
 *   create cart (region, email, one line) → list shipping options → add shipping method →
 *   payment collection → payment session (pp_system_default) → complete.
 * Reports orders per second, the latency of a whole checkout (p50/p99) and of its slowest step,
 * and every answer that was not 200 (a refused order is a problem, not a slow order).
 */

import fs from 'node:fs';
import http from 'node:http';

export interface CheckoutResult {
  orders: number;
  ordersPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requestsPerOrder: number;
  /** p99 per step, ms */
  stepP99Ms: Record<string, number>;
  failures: string[];
}

const pct = (xs: number[], q: number) => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor(q * s.length))] * 100) / 100;
};

/**
 * A storefront's HTTP client for the benches: `node:http` with keep-alive, not fetch. The load
 * generator shares the 2 cores with the platform, and fetch costs it about twice the CPU a request
 * (what is measured is the platform, not the client).
 */
export function storefrontClient(url: string, key: string, maxSockets: number) {
  const headers = { 'content-type': 'application/json', 'x-publishable-api-key': key };
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const origin = new URL(url);
  const request = (method: string, path: string, body?: unknown) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        {
          agent,
          host: origin.hostname,
          port: origin.port,
          method,
          path: path.startsWith('/api/') || path === '/health' ? path : `/api${path}`,
          headers: payload === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(payload) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  return { request, close: () => agent.destroy() };
}

export async function benchCheckout(o: {
  url: string;
  key: string;
  regionId: string;
  variantIds: string[];
  workers: number;
  durationS: number;
}): Promise<CheckoutResult> {
  const steps: Record<string, number[]> = {};
  const totals: number[] = [];
  const failures: string[] = [];
  let next = 0;
  const client = storefrontClient(o.url, o.key, o.workers);
  const call = async (step: string, method: string, path: string, body?: unknown) => {
    const t0 = performance.now();
    const r = await client.request(method, path, body);
    (steps[step] ??= []).push(performance.now() - t0);
    if (r.status !== 200) throw new Error(`${step}: ${r.status} ${r.text.slice(0, 200)}`);
    return JSON.parse(r.text);
  };
  const until = Date.now() + o.durationS * 1000;
  const worker = async () => {
    while (Date.now() < until) {
      const variant = o.variantIds[next++ % o.variantIds.length];
      const t0 = performance.now();
      try {
        const { cart } = await call('create cart', 'POST', '/store/carts', {
          region_id: o.regionId,
          email: `bench-${next}@example.com`,
          items: [{ variant_id: variant, quantity: 1 }],
        });
        const { shipping_options } = await call('shipping options', 'GET', `/store/shipping-options?cart_id=${cart.id}`);
        await call('shipping method', 'POST', `/store/carts/${cart.id}/shipping-methods`, { option_id: shipping_options[0].id });
        const { payment_collection } = await call('payment collection', 'POST', '/store/payment-collections', { cart_id: cart.id });
        await call('payment session', 'POST', `/store/payment-collections/${payment_collection.id}/payment-sessions`, { provider_id: 'pp_system_default' });
        const done = await call('complete', 'POST', `/store/carts/${cart.id}/complete`);
        if (done.type !== 'order') throw new Error(`complete: ${JSON.stringify(done.error)}`);
        totals.push(performance.now() - t0);
      } catch (err) {
        if (failures.length < 20) failures.push((err as Error).message);
      }
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: o.workers }, worker));
  const seconds = (Date.now() - started) / 1000;
  client.close();
  return {
    orders: totals.length,
    ordersPerSec: Math.round((totals.length / seconds) * 10) / 10,
    p50Ms: pct(totals, 0.5),
    p99Ms: pct(totals, 0.99),
    requestsPerOrder: 6,
    stepP99Ms: Object.fromEntries(Object.entries(steps).map(([k, v]) => [k, pct(v, 0.99)])),
    failures,
  };
}

/** What the bench platform (scripts/bench-platform.ts) prints when it is ready, as the benches here use it. */
export interface BenchReady {
  url: string;
  publishableKey: string;
  regionId: string;
  checkoutVariantIds: string[];
  dataDir: string;
  databaseUrl: string;
}

/**
 * Starts scripts/bench-platform.ts as a child (BENCH_PRODUCTS default 1000 here: the checkout does
 * not depend on the catalog's size; BENCH_CPU_PROF=<dir>: it writes a V8 CPU profile there when
 * it stops); `ready` resolves with its ready line. Its other output goes to stderr.
 */
export async function spawnBenchPlatform(env: NodeJS.ProcessEnv = {}) {
  const { spawn } = await import('node:child_process');
  const readline = await import('node:readline');
  const path = await import('node:path');
  const root = path.resolve(__dirname, '..');
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...prof, '-r', path.join(root, 'scripts', 'register.js'), path.join(root, 'scripts', 'bench-platform.ts')], {
    cwd: root,
    env: { ...process.env, BENCH_PRODUCTS: process.env.BENCH_PRODUCTS ?? '1000', ...env },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<BenchReady>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('{"ready":true')) resolve(JSON.parse(line));
      else process.stderr.write(`[platform] ${line}\n`);
    });
    child.once('exit', (code, signal) => reject(new Error(`platform exited before it was ready (${signal ?? code})`)));
  });
  return { child, ready, exited };
}

/** The fields of /proc/<pid>/stat after the command name (state first); null once the process is gone. */
function procStat(pid: number): string[] | null {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  } catch {
    return null;
  }
}

/** CPU time of a process so far (user + system), in clock ticks (100 a second); 0 once it is gone. */
export function cpuTicks(pid: number): number {
  const f = procStat(pid);
  return f ? Number(f[11]) + Number(f[12]) : 0;
}

/** The processes of the embedded PostgreSQL whose command line names `dataDir` (its postmaster) and their children (backends). */
export function postgresPids(dataDir: string): number[] {
  const all = fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number);
  const masters = all.filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dataDir);
    } catch {
      return false;
    }
  });
  return [...masters, ...all.filter((pid) => masters.includes(Number(procStat(pid)?.[1])))];
}

/**
 * Standalone: `node -r ./scripts/register.js scripts/bench-checkout.ts` (or `npm run bench:checkout`)
 * runs only the checkout part: starts scripts/bench-platform.ts (BENCH_PRODUCTS, default here 1000,
 * since the checkout does not depend on the catalog size), waits for its ready line, places orders
 * for BENCH_DURATION s (default 10) with BENCH_SHOPPERS (default 10) shoppers, prints one JSON line
 * and stops the platform. BENCH_WARMUP_S places orders first without measuring them.
 */
async function standalone(): Promise<number> {
  const os = await import('node:os');
  const durationS = Number(process.env.BENCH_DURATION ?? 10);
  const workers = Number(process.env.BENCH_SHOPPERS ?? 10);
  const pgStats = process.env.BENCH_PG_STATS === '1';
  const {
    child,
    ready: starting,
    exited,
  } = await spawnBenchPlatform({
    // BENCH_PG_STATS=1: the embedded PostgreSQL loads pg_stat_statements (planning and execution time per statement)
    ...(pgStats ? { EMBEDDED_PG_SETTINGS: 'shared_preload_libraries=pg_stat_statements pg_stat_statements.track_planning=on' } : {}),
  });
  try {
    const ready = await starting;
    const load = os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ');
    // CPU time of the platform process and of its PostgreSQL (every process of its data directory):
    // a figure that other work on the machine disturbs far less than throughput
    const pgPids = () => postgresPids(ready.dataDir);
    const cpu = () => ({ node: cpuTicks(child.pid!), pg: pgPids().reduce((a, pid) => a + cpuTicks(pid), 0) });
    // the platform's own background work (job polls, relay and dispatcher timers) while idle, per
    // second: subtracted from the loaded window for a per-order figure that does not depend on
    // how many orders a contended machine managed to place
    // BENCH_WARMUP_S (default 0): orders placed before anything is measured (JIT, caches, pools)
    const warmupS = Number(process.env.BENCH_WARMUP_S ?? 0);
    if (warmupS > 0)
      await benchCheckout({
        url: ready.url,
        key: ready.publishableKey,
        regionId: ready.regionId,
        variantIds: ready.checkoutVariantIds,
        workers,
        durationS: warmupS,
      });
    const idleS = Number(process.env.BENCH_IDLE_S ?? 3);
    const idle0 = cpu();
    const idleT0 = Date.now();
    await new Promise((r) => setTimeout(r, idleS * 1000));
    const idle1 = cpu();
    const idleRate = (k: 'node' | 'pg') => (idle1[k] - idle0[k]) / ((Date.now() - idleT0) / 1000);
    const stats = pgStats ? await statementStats(ready.databaseUrl) : null;
    await stats?.reset();
    // BENCH_CPU_PROF_WINDOW=<dir>: the platform profiles the measured window only (SIGUSR2 starts and stops it)
    const windowProf = Boolean(process.env.BENCH_CPU_PROF_WINDOW);
    if (windowProf) child.kill('SIGUSR2');
    const cpu0 = cpu();
    const client0 = process.cpuUsage();
    const loadT0 = Date.now();
    const r = await benchCheckout({
      url: ready.url,
      key: ready.publishableKey,
      regionId: ready.regionId,
      variantIds: ready.checkoutVariantIds,
      workers,
      durationS,
    });
    const cpu1 = cpu();
    const client1 = process.cpuUsage(client0);
    if (windowProf) child.kill('SIGUSR2');
    const loadS = (Date.now() - loadT0) / 1000;
    // the orders' background work (events relayed, their jobs: webhooks, the guest's order mail) may
    // still be queued when the shoppers stop: waited for (up to 60 s), so that a figure that counts
    // it can be given too (`cpuMsPerOrderWithBackground`)
    const drained = await backlogDrained(ready.databaseUrl, 60_000);
    const cpu2 = cpu();
    const drainS = (Date.now() - loadT0) / 1000 - loadS;
    const perOrder = (t: number) => (r.orders ? Math.round(((t * 1000) / 100 / r.orders) * 10) / 10 : 0); // 100 ticks a second
    const net = (k: 'node' | 'pg') => perOrder(Math.max(0, cpu1[k] - cpu0[k] - idleRate(k) * loadS));
    const withBackground = (k: 'node' | 'pg') => perOrder(Math.max(0, cpu2[k] - cpu0[k] - idleRate(k) * (loadS + drainS)));
    process.stdout.write(
      `${JSON.stringify({
        ...r,
        // loadGenerator: this process (the shoppers' HTTP client), on the same cores
        cpuMsPerOrder: {
          platform: perOrder(cpu1.node - cpu0.node),
          postgres: perOrder(cpu1.pg - cpu0.pg),
          loadGenerator: perOrder((client1.user + client1.system) / 10_000),
        },
        cpuMsPerOrderNetOfIdle: {
          platform: net('node'),
          postgres: net('pg'),
          idleMsPerS: { platform: Math.round(idleRate('node') * 10), postgres: Math.round(idleRate('pg') * 10) },
        },
        // idle-corrected, including the jobs still queued at the end (drained after drainS seconds)
        cpuMsPerOrderWithBackground: { platform: withBackground('node'), postgres: withBackground('pg'), drainS: Math.round(drainS * 10) / 10, drained },
        shoppers: workers,
        durationS,
        ...(stats ? { pgStatements: await stats.report(r.orders) } : {}),
        loadAvgBefore: load,
        loadAvgAfter: os
          .loadavg()
          .map((x) => x.toFixed(2))
          .join(' '),
      })}\n`,
    );
    return r.failures.length ? 1 : 0;
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/** Waits until no job is queued or running (pg-boss) and no outbox row is unpublished; false after `timeoutMs`. */
async function backlogDrained(url: string, timeoutMs: number): Promise<boolean> {
  const { Client } = await import('pg');
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    // with WORKERS_DISABLED nothing relays or works jobs (and pg-boss never made its schema)
    if (!(await client.query(`select to_regclass('pgboss.job') as t`)).rows[0].t) return false;
    const until = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await client.query(
        `select (select count(*) from pgboss.job where state in ('created', 'retry', 'active') and start_after <= now() and not starts_with(name, '__'))::int
              + (select count(*) from commerce.outbox_event where published_at is null)::int as n`,
      );
      if (Number(rows[0].n) === 0) return true;
      if (Date.now() > until) return false;
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await client.end();
  }
}

/**
 * BENCH_PG_STATS: PostgreSQL's own account of the measured window (pg_stat_statements): per
 * statement shape, calls an order and planning and execution time an order, the costliest first.
 */
async function statementStats(url: string) {
  const { Client } = await import('pg');
  const client = new Client({ connectionString: url });
  await client.connect();
  await client.query('create extension if not exists pg_stat_statements');
  return {
    reset: async () => void (await client.query('select pg_stat_statements_reset()')),
    report: async (orders: number) => {
      const { rows } = await client.query(
        `select calls, total_plan_time as plan, total_exec_time as exec, left(regexp_replace(query, '\\s+', ' ', 'g'), 90) as q,
                sum(calls) over ()::float8 as all_calls
           from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
          order by total_plan_time + total_exec_time desc limit ${Number(process.env.BENCH_PG_STATS_TOP ?? 25)}`,
      );
      await client.end();
      const per = (x: number) => Math.round((x / Math.max(1, orders)) * 1000) / 1000;
      const all = rows.reduce((a, r) => ({ plan: a.plan + Number(r.plan), exec: a.exec + Number(r.exec) }), { plan: 0, exec: 0 });
      return {
        note: 'ms an order (the costliest statements)',
        statementsPerOrder: per(Number(rows[0]?.all_calls ?? 0)),
        planMs: per(all.plan),
        execMs: per(all.exec),
        top: rows.map((r) => ({ calls: per(Number(r.calls)), planMs: per(Number(r.plan)), execMs: per(Number(r.exec)), q: r.q })),
      };
    },
  };
}

if (require.main === module) {
  standalone().then(
    (code) => process.exit(code),
    (err) => {
      process.stderr.write(`${(err as Error).stack}\n`);
      process.exit(1);
    },
  );
}
