/**
 * `npm run check:crash`: the black-box crash check of cart completion (outside the test suite).
 *
 *   1. starts the whole platform (`scripts/start.ts`, embedded PostgreSQL included) in its own
 *      process group on a fresh DATA_DIR with the demo store, and gives one variant a known stock;
 *   2. runs CRASH_SHOPPERS shoppers (default 6), each placing one-unit orders of that variant in a
 *      loop (cart → shipping → payment collection → session → complete);
 *   3. CRASH_KILLS times (default 4), after a random 1–3 s of shopping, SIGKILLs the whole group
 *      (node and every PostgreSQL process), kills any PostgreSQL process of that data directory left
 *      over, and restarts on the same data; each shopper then retries its interrupted completion
 *      (until it gets an answer) and shops on;
 *   4. after the last restart the shoppers retry what was interrupted and stop; the check then
 *      counts, for up to two minutes: available + sold must equal the stock before (sold: units of
 *      the tenant's orders of that variant, read through admin GraphQL), and no cart may have two
 *      orders. Prints one JSON line with the counts; exit code 0 when both hold, 1 otherwise.
 *
 * Settings: CRASH_SHOPPERS, CRASH_KILLS, CRASH_STOCK (default 200), KEEP_DATA=1 (keep the data dir).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const KEY = 'pk_demo_storefront_key';
const SHOPPERS = Number(process.env.CRASH_SHOPPERS ?? 6);
const KILLS = Number(process.env.CRASH_KILLS ?? 4);
const STOCK = Number(process.env.CRASH_STOCK ?? 200);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-crash-check-'));
const log = (m: string) => process.stderr.write(`crash-check: ${m}\n`);
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

let child: ChildProcess | null = null;
let url = '';

async function start(): Promise<void> {
  const t0 = Date.now();
  const proc = spawn(process.execPath, ['-r', path.join(ROOT, 'scripts/register.js'), path.join(ROOT, 'scripts/start.ts')], {
    cwd: ROOT,
    detached: true, // its own process group: the kill takes node and PostgreSQL together
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'DATABASE_URL' && !k.startsWith('CHECKOUT_'))),
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'true',
      DEMO_IDP: 'false',
      RATE_LIMIT_DISABLED: 'true',
      CHECKOUT_LEASE_MS: '3000',
      CHECKOUT_RECOVERY_INTERVAL_MS: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = proc;
  let tail = '';
  proc.stderr!.on('data', (d: Buffer) => (tail = (tail + d.toString()).slice(-3000)));
  url = await new Promise<string>((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(() => reject(new Error(`not ready after 180 s: ${tail}`)), 180_000);
    proc.stdout!.on('data', (d: Buffer) => {
      buf += d.toString();
      const lines = buf.split('\n');
      buf = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.startsWith('{')) continue;
        try {
          const rec = JSON.parse(line) as { msg?: string; url?: string; level?: number };
          if (rec.msg === 'platform ready') {
            clearTimeout(timer);
            resolve(rec.url!);
          }
          if ((rec.level ?? 0) >= 50) tail = (tail + line).slice(-3000);
        } catch {
          /* not a log line */
        }
      }
    });
    proc.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the platform exited (${signal ?? code}) before it was ready: ${tail}`));
    });
  });
  log(`platform ready at ${url} after ${Date.now() - t0} ms`);
}

/** Every process whose command line names this data directory (PostgreSQL and its backends). */
function processesOfDataDir(): number[] {
  const pids: number[] = [];
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${d}/cmdline`, 'utf8');
      if (cmd.includes(dataDir) && Number(d) !== process.pid) pids.push(Number(d));
    } catch {
      /* gone */
    }
  }
  return pids;
}

async function killAll(): Promise<{ leftovers: number }> {
  const proc = child!;
  const exited = new Promise<void>((r) => (proc.exitCode !== null || proc.signalCode !== null ? r() : proc.once('exit', () => r())));
  try {
    process.kill(-proc.pid!, 'SIGKILL');
  } catch {
    /* already gone */
  }
  await exited;
  // PostgreSQL runs in the group; anything of the data directory still alive is killed too
  await sleep(200);
  const left = processesOfDataDir();
  for (const pid of left) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
  for (let i = 0; i < 50 && processesOfDataDir().length; i++) await sleep(100);
  return { leftovers: left.length };
}

async function call(method: string, p: string, body?: unknown, token?: string): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { 'x-publishable-api-key': KEY, 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const r = await fetch(`${url}${p}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(30_000) });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : undefined };
}

async function adminToken(): Promise<string> {
  const r = await call('POST', '/api/auth/user/emailpass', { email: 'admin@demo.store', password: 'demo-admin-password' });
  if (r.status !== 200) throw new Error(`admin sign-in: ${r.status}`);
  return r.body.token;
}

async function gql(token: string, query: string, variables: Record<string, unknown> = {}) {
  const r = await call('POST', '/graphql', { query, variables }, token);
  if (r.body?.errors) throw new Error(JSON.stringify(r.body.errors));
  return r.body.data;
}

interface Shopper {
  n: number;
  /** the cart whose completion got no answer (the platform died under it) */
  pending: string | null;
  orders: Map<string, string>;
}

let phase: 'shop' | 'stop' = 'shop';
let epoch = 0;

async function main(): Promise<number> {
  log(`data dir ${dataDir}; ${SHOPPERS} shoppers, ${KILLS} kills, stock ${STOCK}`);
  await start();
  let token = await adminToken();
  const region = (await call('GET', '/api/store/regions')).body.regions.find((r: any) => r.currency_code === 'eur');
  const variantId = (await call('GET', `/api/store/products?limit=1&region_id=${region.id}`)).body.products[0].variants[0].id as string;
  await gql(token, 'mutation($id: String!, $q: Int!) { setInventoryLevel(variant_id: $id, stocked_quantity: $q) { id } }', { id: variantId, q: STOCK });
  const soldOf = async () => {
    const d = await gql(token, 'query { adminOrders(limit: 10000) { count items { id document } } }');
    let sold = 0;
    for (const o of d.adminOrders.items as Array<{ document: any }>) {
      if (o.document.status === 'canceled') continue;
      for (const i of o.document.items) if (i.variant_id === variantId) sold += i.quantity;
    }
    return { sold, orders: d.adminOrders.count as number };
  };
  const availableOf = async () => {
    const r = await call('GET', `/api/store/product-variants/${variantId}?fields=%2Binventory_quantity`);
    return r.body.variant.inventory_quantity as number;
  };
  const before = { available: await availableOf(), ...(await soldOf()) };

  const shoppers: Shopper[] = Array.from({ length: SHOPPERS }, (_, n) => ({ n, pending: null, orders: new Map() }));
  let interrupted = 0;
  const complete = async (s: Shopper, cartId: string): Promise<boolean> => {
    const mine = epoch;
    try {
      const r = await call('POST', `/api/store/carts/${cartId}/complete`);
      if (r.status === 200 && r.body.type === 'order') {
        const prior = s.orders.get(cartId);
        if (prior && prior !== r.body.order.id) throw new Error(`cart ${cartId} answered two orders: ${prior}, ${r.body.order.id}`);
        s.orders.set(cartId, r.body.order.id);
      }
      s.pending = null;
      return true;
    } catch (err) {
      if ((err as Error).message.includes('two orders')) throw err;
      if (mine === epoch && phase === 'shop') await sleep(50);
      s.pending = cartId;
      interrupted++;
      return false;
    }
  };
  const shop = async (s: Shopper) => {
    while (phase === 'shop') {
      try {
        if (s.pending) {
          await complete(s, s.pending);
          if (s.pending) await sleep(200);
          continue;
        }
        const c = await call('POST', '/api/store/carts', {
          region_id: region.id,
          email: `shopper${s.n}@example.com`,
          items: [{ variant_id: variantId, quantity: 1 }],
        });
        if (c.status !== 200) {
          await sleep(100);
          continue;
        }
        const id = c.body.cart.id as string;
        const options = await call('GET', `/api/store/shipping-options?cart_id=${id}`);
        await call('POST', `/api/store/carts/${id}/shipping-methods`, { option_id: options.body.shipping_options[0].id });
        const pc = await call('POST', '/api/store/payment-collections', { cart_id: id });
        await call('POST', `/api/store/payment-collections/${pc.body.payment_collection.id}/payment-sessions`, { provider_id: 'pp_system_default' });
        await complete(s, id);
      } catch (err) {
        if ((err as Error).message.includes('two orders')) throw err;
        await sleep(200); // the platform is down: wait for it
      }
    }
  };
  const running = shoppers.map(shop);
  let leftovers = 0;
  for (let k = 0; k < KILLS; k++) {
    await sleep(1000 + Math.random() * 2000);
    epoch++;
    const { leftovers: l } = await killAll();
    leftovers += l;
    log(`kill ${k + 1}/${KILLS}: SIGKILL of the whole group${l ? ` (+${l} PostgreSQL processes left over, killed)` : ''}; restarting`);
    await start();
    token = await adminToken();
  }
  // the shoppers retry what the last kill interrupted, then stop
  await sleep(1000);
  phase = 'stop';
  await Promise.all(running);
  for (const s of shoppers) {
    for (let i = 0; s.pending && i < 20; i++) {
      await complete(s, s.pending);
      if (s.pending) await sleep(500);
    }
  }
  const lastRestart = Date.now();
  let result: Record<string, unknown> = {};
  let ok = false;
  while (Date.now() - lastRestart < 120_000) {
    const available = await availableOf();
    const sold = await soldOf();
    // every order belongs to a cart a shopper completed, and each cart was answered one order id (checked
    // on every answer): more orders than answered ids would be a cart's second order
    const answered = new Set(shoppers.flatMap((s) => [...s.orders.values()])).size;
    const extra = sold.orders - before.orders - answered;
    ok = available + (sold.sold - before.sold) === before.available && extra === 0;
    result = {
      available,
      sold: sold.sold - before.sold,
      stockBefore: before.available,
      orders: sold.orders - before.orders,
      ordersAnswered: answered,
      unexplainedOrders: extra,
    };
    if (ok) break;
    await sleep(1000);
  }
  const out = {
    ok,
    ...result,
    secondsAfterLastRestart: Math.round((Date.now() - lastRestart) / 100) / 10,
    kills: KILLS,
    shoppers: SHOPPERS,
    completionCallsWithoutAnswer: interrupted,
    postgresLeftOverAfterKills: leftovers,
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
  return ok ? 0 : 1;
}

async function cleanup(): Promise<void> {
  if (child && child.exitCode === null && child.signalCode === null) {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      /* gone */
    }
    await Promise.race([new Promise((r) => child!.once('exit', r)), sleep(20_000)]);
    if (child.exitCode === null && child.signalCode === null) await killAll();
  }
  for (const pid of processesOfDataDir()) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
  if (process.env.KEEP_DATA !== '1') fs.rmSync(dataDir, { recursive: true, force: true });
}

main()
  .then(async (code) => {
    await cleanup();
    process.exit(code);
  })
  .catch(async (err) => {
    log(`failed: ${(err as Error).stack}`);
    await cleanup();
    process.exit(2);
  });
