/**
 * `npm run bench`: storefront read throughput of the platform (REST facade and GraphQL) against a
 * minimal hand-written express + pg baseline, on a 10,000-product catalog, loopback only.
 *
 *   1. spawns scripts/bench-platform.ts (platform on a fresh database, catalog seeded) and waits
 *      for its ready line, then scripts/bench-baseline.ts against the same database;
 *   2. checks that every target answers 200 with the expected product;
 *   3. per target: 2 s warm-up (not counted), then BENCH_DURATION seconds (default 10) of
 *      autocannon with 10 connections; any non-2xx answer, socket error or timeout is reported;
 *   4. prints a table and writes bench/results/latest.json;
 *   5. stops both children (SIGTERM, then waits) and removes the temp data directory — also on
 *      errors and Ctrl-C. Children run in their own process group and also stop by themselves
 *      when this process disappears (their IPC channel closes), so nothing is left behind.
 *
 * Cached reads (product detail, list, collections) also run beside their static ceiling: a bare
 * Node server answering the very same bytes and headers from memory (scripts/bench-ceiling.ts).
 *
 * Settings: BENCH_DURATION (seconds per target, default 10), DATABASE_URL (use this PostgreSQL
 * server — a fresh database is created on it — instead of an embedded one), BENCH_PRODUCTS
 * (catalog size, default 10000).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import type { BenchPlatformReady } from './bench-platform';
import { STOREFRONT_FIELDS, detailQuery, listQuery } from './bench-queries';
import { benchCheckout } from './bench-checkout';
import { benchSocial } from './bench-social';
import { benchSearch, searchBenchLines } from './bench-search';
import { benchMarketing, marketingBenchLines } from './bench-marketing';
import { benchWebhooks, webhooksBenchLines } from './bench-webhooks';
import { benchBookings, bookingsBenchLines } from './bench-bookings';
import { benchTickets, ticketsBenchLines } from './bench-tickets';
import { analyticsBenchLines, benchAnalytics } from './bench-analytics';
import { assistantBenchLines, benchAssistant } from './bench-assistant';
import { benchSubscriptions, subscriptionsBenchLines } from './bench-subscriptions';

// ---- autocannon (no type declarations ship with it: the part used here, typed) ----------------

interface AcHistogram {
  mean: number;
  stddev: number;
  min: number;
  max: number;
  p50: number;
  p99: number;
  total?: number;
}
interface AcResult {
  requests: AcHistogram & { total: number; sent: number };
  latency: AcHistogram;
  throughput: AcHistogram & { total: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
  duration: number;
}
interface AcInstance extends PromiseLike<AcResult> {
  on(event: 'response', fn: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): this;
  stop(): void;
}
interface AcOptions {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  connections: number;
  duration: number;
  timeout: number;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- autocannon ships no types; AcOptions/AcInstance above describe the part we use
const autocannon = require('autocannon') as (opts: AcOptions) => AcInstance;

// ---- settings -----------------------------------------------------------------------------------

const ROOT = path.resolve(__dirname, '..');
const REGISTER = path.join(ROOT, 'scripts', 'register.js');
const RESULTS_FILE = path.join(ROOT, 'bench', 'results', 'latest.json');
const CONNECTIONS = 10;
/** connections of the login flood measured next to product reads */
const FLOOD_CONNECTIONS = 20;
const WARMUP_S = 2;
const DURATION_S = (() => {
  const raw = process.env.BENCH_DURATION ?? '10';
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 1 || n > 3600) {
    process.stderr.write(`BENCH_DURATION must be a number of seconds (1..3600), got "${raw}"\n`);
    process.exit(2);
  }
  return n;
})();
/** seeding 10k products takes ~40 s on a small machine; leave room for slow disks */
const START_TIMEOUT_MS = 10 * 60_000;
const STOP_TIMEOUT_MS = 25_000;

const log = (msg: string) => process.stderr.write(`${msg}\n`);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// ---- child processes ----------------------------------------------------------------------------

interface Child<T> {
  name: string;
  proc: ChildProcess;
  ready: Promise<T>;
  exited: Promise<void>;
  spawnedAt: number;
}

const children: Child<unknown>[] = [];
const running = (c: Child<unknown>) => c.proc.exitCode === null && c.proc.signalCode === null;

/**
 * Starts `node -r register.js <script>`; resolves `ready` with the first stdout line that is a JSON
 * object with `ready: true`. Every other output line is passed on to stderr, prefixed.
 */
function startChild<T>(name: string, script: string, env: NodeJS.ProcessEnv): Child<T> {
  const proc = spawn(process.execPath, ['-r', REGISTER, path.join(ROOT, 'scripts', script)], {
    cwd: ROOT,
    env,
    // own process group: Ctrl-C reaches only this orchestrator, which stops the children in order;
    // the IPC channel lets a child notice (disconnect) when this process is gone for any reason
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const ready = new Promise<T>((resolve, reject) => {
    let done = false;
    const timer = setTimeout(() => {
      if (!done) reject(new Error(`${name} was not ready after ${START_TIMEOUT_MS / 1000} s`));
    }, START_TIMEOUT_MS);
    readline.createInterface({ input: proc.stdout! }).on('line', (line) => {
      if (!done && line.startsWith('{')) {
        try {
          const msg = JSON.parse(line) as { ready?: unknown };
          if (msg.ready === true) {
            done = true;
            clearTimeout(timer);
            return resolve(msg as T);
          }
        } catch {
          /* a log line that only looks like JSON */
        }
      }
      log(`[${name}] ${line}`);
    });
    proc.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!done) reject(new Error(`${name} exited before it was ready (${signal ?? `exit code ${code}`}); see its output above`));
    });
    proc.once('error', (err) => {
      clearTimeout(timer);
      if (!done) reject(err);
    });
  });
  ready.catch(() => undefined); // observed by the caller; avoid an unhandled rejection meanwhile
  readline.createInterface({ input: proc.stderr! }).on('line', (line) => log(`[${name}] ${line}`));
  const child: Child<T> = { name, proc, ready, exited, spawnedAt: Date.now() };
  children.push(child as Child<unknown>);
  return child;
}

async function stopChild(c: Child<unknown>): Promise<void> {
  if (!running(c)) return;
  c.proc.kill('SIGTERM');
  const stopped = await Promise.race([c.exited.then(() => true), sleep(STOP_TIMEOUT_MS).then(() => false)]);
  if (!stopped && running(c)) {
    log(`${c.name} did not stop within ${STOP_TIMEOUT_MS / 1000} s after SIGTERM; killing it`);
    c.proc.kill('SIGKILL');
    await c.exited;
  }
}

/** An embedded PostgreSQL whose platform process died without stopping it (only after a SIGKILL). */
async function stopOrphanPostgres(dataDir: string): Promise<void> {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!pid || !alive()) return;
  log(`stopping the embedded PostgreSQL left running (pid ${pid})`);
  process.kill(pid, 'SIGINT'); // PostgreSQL "fast" shutdown
  for (let i = 0; i < 150 && alive(); i++) await sleep(100);
  if (alive()) process.kill(pid, 'SIGKILL');
}

// ---- targets ------------------------------------------------------------------------------------

type Kind = 'list' | 'detail' | 'collections' | 'cart' | 'order';
interface Target {
  key: string;
  label: string;
  kind: Kind;
  /** ceiling: the same bytes from memory by a bare Node server (scripts/bench-ceiling.ts) */
  system: 'platform' | 'baseline' | 'ceiling';
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** null when the answer is right, else what is wrong with it */
  check: (body: any) => string | null;
}

const gql = (query: string, variables: Record<string, unknown>) => JSON.stringify({ query, variables });

/** What a storefront's cart and order pages read of both: the lines with their taxes and discounts, address, shipping and totals. */
const DOCUMENT_FIELDS = `id email currency_code region_id
  shipping_address { first_name last_name address_1 city postal_code country_code }
  items { id title quantity unit_price thumbnail variant_id product_handle subtotal total tax_total discount_total
    tax_lines { code rate total } adjustments { code amount } variant { id title sku } }
  shipping_methods { id name amount shipping_option_id tax_lines { rate total } }
  promotions { id code }
  subtotal discount_total shipping_total tax_total total item_total original_total`;
const PAYMENT_COLLECTION_FIELDS = 'id status amount payment_sessions { id provider_id status }';
const TYPED_CART = `query BenchCart($id: String!) {
  cart(id: $id) { ${DOCUMENT_FIELDS} completed_at payment_collection { ${PAYMENT_COLLECTION_FIELDS} } } }`;
const TYPED_ORDER = `query BenchOrder($id: String!) {
  order(id: $id) { ${DOCUMENT_FIELDS} display_id status payment_status fulfillment_status payment_collections { ${PAYMENT_COLLECTION_FIELDS} }
    fulfillments { id } summary { current_order_total } } }`;

interface Shopper {
  cartId: string;
  orderId: string;
}

/** A guest's open cart (two lines, an address) and a placed order, to read during the bench. */
async function benchShopper(p: BenchPlatformReady): Promise<Shopper> {
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${p.url}/api${url}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-publishable-api-key': p.publishableKey },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as any;
    if (res.status !== 200) throw new Error(`bench shopper: ${method} ${url} answered ${res.status} ${JSON.stringify(json).slice(0, 200)}`);
    return json;
  };
  const [a, b] = p.checkoutVariantIds;
  const address = { first_name: 'Bench', last_name: 'Shopper', address_1: 'Hauptstraße 1', city: 'Berlin', postal_code: '10115', country_code: 'de' };
  const open = (await call('POST', '/store/carts', { region_id: p.regionId, email: 'bench-cart@example.com', items: [{ variant_id: a, quantity: 2 }] })).cart;
  await call('POST', `/store/carts/${open.id}/line-items`, { variant_id: b ?? a, quantity: 1 });
  await call('POST', `/store/carts/${open.id}`, { shipping_address: address, billing_address: address });
  const placed = (await call('POST', '/store/carts', { region_id: p.regionId, email: 'bench-order@example.com', items: [{ variant_id: a, quantity: 1 }] }))
    .cart;
  await call('POST', `/store/carts/${placed.id}`, { shipping_address: address });
  const { shipping_options } = await call('GET', `/store/shipping-options?cart_id=${placed.id}`);
  await call('POST', `/store/carts/${placed.id}/shipping-methods`, { option_id: shipping_options[0].id });
  const { payment_collection } = await call('POST', '/store/payment-collections', { cart_id: placed.id });
  await call('POST', `/store/payment-collections/${payment_collection.id}/payment-sessions`, { provider_id: 'pp_system_default' });
  const done = await call('POST', `/store/carts/${placed.id}/complete`);
  if (done.type !== 'order') throw new Error(`bench shopper: the order was not placed: ${JSON.stringify(done.error)}`);
  return { cartId: open.id, orderId: done.order.id };
}

/** What every storefront answer must hold: the product(s), each variant priced for the region and with stock. */
function checkProducts(products: any[] | undefined, expectHandle: string, currency: string, expectCount?: number): string | null {
  if (!Array.isArray(products)) return 'no product list in the answer';
  if (expectCount !== undefined && products.length !== expectCount) return `expected ${expectCount} products, got ${products.length}`;
  if (!products.some((p) => p?.handle === expectHandle)) return `product "${expectHandle}" is missing`;
  for (const p of products) {
    if (!Array.isArray(p.variants) || !p.variants.length) return `product ${p.handle} has no variants`;
    if (!Array.isArray(p.options) || !p.options.length) return `product ${p.handle} has no options`;
    if (!Array.isArray(p.images)) return `product ${p.handle} has no images`;
    for (const v of p.variants) {
      if (typeof v.inventory_quantity !== 'number') return `variant ${v.id} has no inventory_quantity`;
      if (typeof v.calculated_price?.calculated_amount !== 'number' || v.calculated_price.currency_code !== currency) {
        return `variant ${v.id} has no calculated_price in ${currency}`;
      }
    }
  }
  return null;
}

function targets(p: BenchPlatformReady, baselineUrl: string, adminToken: string, shopper: Shopper): Target[] {
  const key = { 'x-publishable-api-key': p.publishableKey };
  const json = { ...key, 'content-type': 'application/json' };
  const region = encodeURIComponent(p.regionId);
  const noErrors = (b: any) => (b?.errors?.length ? `GraphQL errors: ${JSON.stringify(b.errors).slice(0, 300)}` : null);
  const list = (products: any[] | undefined) => checkProducts(products, p.listHandle, p.currencyCode, 20);
  const detail = (product: any) =>
    product?.id !== p.productId ? `expected product ${p.productId}, got ${product?.id}` : checkProducts([product], p.handle, p.currencyCode);

  const graphql = (body: string) => ({ method: 'POST' as const, url: `${p.url}/graphql`, headers: json, body });
  // `document` is internal since issue 29 (the REST facade and admins): read as the store's admin
  const asAdmin = (body: string) => ({ ...graphql(body), headers: { ...json, authorization: `Bearer ${adminToken}` } });
  /** the four fields asked for and nothing else, 20 products, the newest first */
  const narrowList = (products: any[] | undefined) => {
    if (!Array.isArray(products) || products.length !== 20) return `expected 20 products, got ${products?.length}`;
    if (products[0]?.handle !== p.listHandle) return `expected "${p.listHandle}" first, got "${products[0]?.handle}"`;
    const extra = products.find((x) => Object.keys(x).sort().join() !== 'handle,id,thumbnail,title');
    return extra ? `a product has other fields than id, title, handle, thumbnail: ${Object.keys(extra).join(', ')}` : null;
  };

  // measured (and printed) in this order: each kind next to its baseline, so that a drift of
  // the machine over the run affects a ratio as little as possible
  return [
    {
      key: 'baseline-list',
      label: 'baseline list (express + pg)',
      kind: 'list',
      system: 'baseline',
      method: 'GET',
      url: `${baselineUrl}/products?limit=20&region_id=${region}`,
      headers: key,
      check: (b) => list(b?.products),
    },
    {
      key: 'rest-list',
      label: 'REST list     GET /api/store/products?limit=20',
      kind: 'list',
      system: 'platform',
      method: 'GET',
      url: `${p.url}/api/store/products?limit=20&region_id=${region}`,
      headers: key,
      check: (b) => list(b?.products),
    },
    {
      key: 'rest-list-de',
      label: 'REST list, x-medusa-locale: de (translated)',
      kind: 'list',
      system: 'platform',
      method: 'GET',
      url: `${p.url}/api/store/products?limit=20&region_id=${region}`,
      headers: { ...key, 'x-medusa-locale': 'de' },
      check: (b) => list(b?.products) ?? (b.products.every((x: any) => String(x.title).endsWith(' (de)')) ? null : 'a product title is not translated'),
    },
    {
      key: 'rest-list-narrow',
      label: 'REST list, fields=id,title,handle,thumbnail',
      kind: 'list',
      system: 'platform',
      method: 'GET',
      url: `${p.url}/api/store/products?limit=20&region_id=${region}&fields=id,title,handle,thumbnail`,
      headers: key,
      check: (b) => narrowList(b?.products),
    },
    {
      key: 'graphql-list-typed',
      label: 'GraphQL list, typed fields',
      kind: 'list',
      system: 'platform',
      ...graphql(gql(listQuery(STOREFRONT_FIELDS), { region: p.regionId })),
      check: (b) => noErrors(b) ?? list(b?.data?.products?.items),
    },
    {
      key: 'graphql-list-document',
      label: 'GraphQL list, `document` JSON field (as admin)',
      kind: 'list',
      system: 'platform',
      ...asAdmin(gql(listQuery('document'), { region: p.regionId })),
      check: (b) => noErrors(b) ?? list(b?.data?.products?.items?.map((i: any) => i?.document)),
    },
    {
      key: 'baseline-detail',
      label: 'baseline detail (express + pg)',
      kind: 'detail',
      system: 'baseline',
      method: 'GET',
      url: `${baselineUrl}/products/${encodeURIComponent(p.handle)}?region_id=${region}`,
      headers: key,
      check: (b) => detail(b?.product),
    },
    {
      key: 'rest-detail',
      label: 'REST detail   GET /api/store/products/:handle',
      kind: 'detail',
      system: 'platform',
      method: 'GET',
      url: `${p.url}/api/store/products/${encodeURIComponent(p.handle)}?region_id=${region}`,
      headers: key,
      check: (b) => detail(b?.product),
    },
    {
      key: 'rest-detail-de',
      label: 'REST detail, x-medusa-locale: de (translated)',
      kind: 'detail',
      system: 'platform',
      method: 'GET',
      url: `${p.url}/api/store/products/${encodeURIComponent(p.handle)}?region_id=${region}`,
      headers: { ...key, 'x-medusa-locale': 'de' },
      check: (b) =>
        detail(b?.product) ??
        (String(b.product.title).endsWith(' (de)') && b.product.variants.every((v: any) => String(v.title).endsWith(' (de)'))
          ? null
          : 'the product is not translated'),
    },
    {
      key: 'graphql-detail-typed',
      label: 'GraphQL detail, typed fields',
      kind: 'detail',
      system: 'platform',
      ...graphql(gql(detailQuery(STOREFRONT_FIELDS), { id: p.handle, region: p.regionId })),
      check: (b) => noErrors(b) ?? detail(b?.data?.product),
    },
    {
      key: 'graphql-detail-document',
      label: 'GraphQL detail, `document` JSON field (as admin)',
      kind: 'detail',
      system: 'platform',
      ...asAdmin(gql(detailQuery('document'), { id: p.handle, region: p.regionId })),
      check: (b) => noErrors(b) ?? detail(b?.data?.product?.document),
    },
    // a shopper's cart and order (never cached: personal), as REST answers them and as typed GraphQL fields (issue 29)
    {
      key: 'rest-cart',
      label: 'REST cart     GET /api/store/carts/:id',
      kind: 'cart',
      system: 'platform',
      method: 'GET',
      url: `${p.url}/api/store/carts/${shopper.cartId}`,
      headers: key,
      check: (b) => (b?.cart?.id === shopper.cartId && b.cart.items?.length === 2 ? null : 'not the bench cart with its two lines'),
    },
    {
      key: 'graphql-cart-typed',
      label: 'GraphQL cart, typed fields',
      kind: 'cart',
      system: 'platform',
      ...graphql(gql(TYPED_CART, { id: shopper.cartId })),
      check: (b) => noErrors(b) ?? (b?.data?.cart?.items?.length === 2 ? null : 'not the bench cart with its two lines'),
    },
    {
      key: 'rest-order',
      label: 'REST order    GET /api/store/orders/:id',
      kind: 'order',
      system: 'platform',
      method: 'GET',
      url: `${p.url}/api/store/orders/${shopper.orderId}`,
      headers: key,
      check: (b) => (b?.order?.id === shopper.orderId && b.order.items?.length === 1 ? null : 'not the bench order'),
    },
    {
      key: 'graphql-order-typed',
      label: 'GraphQL order, typed fields',
      kind: 'order',
      system: 'platform',
      ...graphql(gql(TYPED_ORDER, { id: shopper.orderId })),
      check: (b) => noErrors(b) ?? (b?.data?.order?.id === shopper.orderId ? null : 'not the bench order'),
    },
    {
      key: 'rest-collections',
      label: 'REST collections GET /api/store/collections',
      kind: 'collections',
      system: 'platform',
      method: 'GET',
      url: `${p.url}/api/store/collections?limit=20`,
      headers: key,
      check: (b) => (Array.isArray(b?.collections) && b.collections.length > 0 ? null : 'no collections in the answer'),
    },
  ];
}

/** the cached reads compared with the static ceiling: the REST target and its ceiling row's key */
const CEILING_OF: Record<string, string> = { 'rest-detail': 'ceiling-detail', 'rest-list': 'ceiling-list', 'rest-collections': 'ceiling-collections' };

/**
 * The static ceiling's targets: the same path, bytes and headers as each cached REST read, from a
 * bare Node server; placed right before the REST target so the two run side by side.
 */
async function withCeiling(list: Target[], bodies: Map<string, string>): Promise<Target[]> {
  const answers: Record<string, { body: string; headers: Record<string, string> }> = {};
  for (const restKey of Object.keys(CEILING_OF)) {
    const t = list.find((x) => x.key === restKey)!;
    const res = await fetch(t.url, { headers: t.headers });
    const bytes = Buffer.from(await res.arrayBuffer());
    const headers: Record<string, string> = {};
    for (const h of ['content-type', 'cache-control', 'etag', 'vary']) {
      const v = res.headers.get(h);
      if (v) headers[h] = v;
    }
    const u = new URL(t.url);
    answers[u.pathname + u.search] = { body: bytes.toString('base64'), headers };
  }
  const file = path.join(dataDir, 'ceiling.json');
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(answers));
  const child = startChild<{ ready: true; url: string }>('ceiling', 'bench-ceiling.ts', { ...process.env, BENCH_CEILING_FILE: file });
  const { url } = await child.ready;
  const out: Target[] = [];
  for (const t of list) {
    const ceilingKey = CEILING_OF[t.key];
    if (ceilingKey) {
      const u = new URL(t.url);
      const c: Target = {
        ...t,
        key: ceilingKey,
        label: `static ceiling of ${t.key} (same bytes, bare node:http)`,
        system: 'ceiling',
        url: `${url}${u.pathname}${u.search}`,
      };
      bodies.set(ceilingKey, await verify(c));
      if (bodies.get(ceilingKey) !== bodies.get(t.key)) throw new Error(`the ceiling's answer for ${t.key} is not the platform's bytes`);
      out.push(c);
    }
    out.push(t);
  }
  return out;
}

/** each cached read's rate against its static ceiling (goal: at least 0.3×) */
function ceilingLine(rows: Measurement[]): string {
  const parts = Object.entries(CEILING_OF).map(([rest, ceiling]) => {
    const r = rows.find((x) => x.key === rest);
    const c = rows.find((x) => x.key === ceiling);
    return r && c && c.reqPerSec > 0
      ? `${rest.replace('rest-', '')} ${r.reqPerSec} vs ${c.reqPerSec} req/s (${(r.reqPerSec / c.reqPerSec).toFixed(2)}×)`
      : `${rest}: not measured`;
  });
  return `cached reads vs the static ceiling (the same bytes from memory, bare node:http; goal ≥ 0.3×): ${parts.join('; ')}`;
}

/** One request; throws (loudly) unless it answers 200 with the expected content. Returns the body text. */
async function verify(t: Target): Promise<string> {
  const res = await fetch(t.url, { method: t.method, headers: t.headers, body: t.body });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const problem = res.status !== 200 ? `HTTP ${res.status}` : body === undefined ? 'the answer is not JSON' : t.check(body);
  if (problem) throw new Error(`target "${t.label}" (${t.method} ${t.url}) is not answering correctly: ${problem}\n  ${text.slice(0, 500)}`);
  return text;
}

// ---- measuring ----------------------------------------------------------------------------------

interface Measurement {
  key: string;
  label: string;
  kind: Kind;
  system: Target['system'];
  method: string;
  url: string;
  reqPerSec: number;
  /** spread of the per-second request counts: a large one means the run was disturbed */
  reqPerSecStddev: number;
  p50Ms: number;
  p99Ms: number;
  meanLatencyMs: number;
  maxLatencyMs: number;
  totalRequests: number;
  responseBytes: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  ratioToBaseline: number | null;
}

let current: AcInstance | undefined;
let interrupted = false;

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

async function load(t: Target, durationS: number): Promise<{ result: AcResult; latencies: number[] }> {
  if (interrupted) throw new Error('interrupted');
  // autocannon's own latency histogram has 1 ms resolution; keep every response time instead
  const latencies: number[] = [];
  const run = autocannon({ url: t.url, method: t.method, headers: t.headers, body: t.body, connections: CONNECTIONS, duration: durationS, timeout: 10 });
  run.on('response', (_c, status, _bytes, ms) => {
    if (status >= 200 && status < 300) latencies.push(ms);
  });
  current = run;
  try {
    const result = await run;
    if (interrupted) throw new Error('interrupted');
    return { result, latencies };
  } finally {
    current = undefined;
  }
}

/**
 * A flood of failed admin sign-ins (wrong passwords for random emails) from many client IPs
 * (documentation range, read through X-Forwarded-For: the platform trusts loopback for this run),
 * so that neither the per-account nor the per-IP lock stops it: every request costs a password hash.
 */
function startLoginFlood(baseUrl: string): AcInstance {
  let n = 0;
  const opts = {
    url: `${baseUrl}/api/auth/user/emailpass`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json' },
    connections: FLOOD_CONNECTIONS,
    duration: WARMUP_S + DURATION_S + 2,
    timeout: 30,
    requests: [
      {
        setupRequest: (req: Record<string, any>) => {
          n++;
          return {
            ...req,
            headers: { ...req.headers, 'x-forwarded-for': `198.51.${(n >> 8) & 255}.${n & 255}` },
            body: JSON.stringify({ email: `flood-${n}@example.com`, password: 'wrong-password' }),
          };
        },
      },
    ],
  };
  return (autocannon as unknown as (o: typeof opts) => AcInstance)(opts);
}

async function measure(t: Target, responseBytes: number): Promise<Measurement> {
  log(`  ${t.label}: warm-up ${WARMUP_S} s, then ${DURATION_S} s ...`);
  await load(t, WARMUP_S);
  const { result, latencies } = await load(t, DURATION_S);
  latencies.sort((a, b) => a - b);
  const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
  return {
    key: t.key,
    label: t.label,
    kind: t.kind,
    system: t.system,
    method: t.method,
    url: t.url,
    reqPerSec: round(result.requests.mean, 1),
    reqPerSecStddev: round(result.requests.stddev, 1),
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    meanLatencyMs: round(latencies.reduce((a, b) => a + b, 0) / (latencies.length || 1)),
    maxLatencyMs: round(result.latency.max),
    totalRequests: result.requests.total,
    responseBytes,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count])),
    ratioToBaseline: null,
  };
}

// ---- report -------------------------------------------------------------------------------------

function table(rows: Measurement[]): string {
  const head = ['target', 'req/s', '± s.d.', 'p50 ms', 'p99 ms', 'vs baseline', 'resp KB'];
  const body = rows.map((r) => [
    r.label,
    r.reqPerSec.toFixed(1),
    r.reqPerSecStddev.toFixed(1),
    r.p50Ms.toFixed(2),
    r.p99Ms.toFixed(2),
    r.ratioToBaseline === null ? '-' : `${r.ratioToBaseline.toFixed(2)}x`,
    (r.responseBytes / 1024).toFixed(1),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

/**
 * What /graphql's cost analysis takes of a GraphQL detail request: its CPU time (probed in the
 * platform process) times the measured requests per second of the one event-loop thread that runs it.
 */
function costShare(p: BenchPlatformReady, rows: Measurement[]) {
  const rps = (key: string) => rows.find((r) => r.key === key)?.reqPerSec ?? 0;
  const share = (us: number, key: string) => (us * rps(key)) / 1e6;
  return {
    typed: { uncached: share(p.costProbe.uncachedUs.typed, 'graphql-detail-typed'), cached: share(p.costProbe.cachedUs.typed, 'graphql-detail-typed') },
    document: {
      uncached: share(p.costProbe.uncachedUs.document, 'graphql-detail-document'),
      cached: share(p.costProbe.cachedUs.document, 'graphql-detail-document'),
    },
  };
}

function costLine(p: BenchPlatformReady, rows: Measurement[]): string {
  const s = costShare(p, rows);
  const pct = (x: number) => `${(x * 100).toFixed(2)}%`;
  const c = p.costProbe;
  return [
    `GraphQL cost analysis per detail request (typed / document): ${c.cachedUs.typed} / ${c.cachedUs.document} µs for a known document`,
    `  (${pct(s.typed.cached)} / ${pct(s.document.cached)} of the time per request at the measured rate), ${c.uncachedUs.typed} / ${c.uncachedUs.document} µs`,
    `  for a first-seen one (${pct(s.typed.uncached)} / ${pct(s.document.uncached)}); REST reads never pass through it`,
  ].join('\n');
}

/** what a narrow `fields` selection gains over the whole list page (issue goal: at least 3×) */
function fieldsLine(rows: Measurement[]): string {
  const rps = (key: string) => rows.find((r) => r.key === key)?.reqPerSec ?? 0;
  const full = rps('rest-list');
  const narrow = rps('rest-list-narrow');
  return `narrow fields (id,title,handle,thumbnail) vs the full REST list: ${full > 0 ? (narrow / full).toFixed(2) : '-'}× (${narrow.toFixed(0)} vs ${full.toFixed(0)} req/s)`;
}

// ---- main ---------------------------------------------------------------------------------------

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-bench-'));
let cleaning: Promise<void> | undefined;

/** Stops the children (baseline first: it holds connections to the platform's database) and removes the data dir. */
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const c of [...children].reverse()) await stopChild(c).catch((err) => log(`could not stop ${c.name}: ${err}`));
    await stopOrphanPostgres(dataDir).catch((err) => log(`could not stop PostgreSQL: ${err}`));
    fs.rmSync(dataDir, { recursive: true, force: true });
  })();
  return cleaning;
}

// last resort if this process exits without cleanup(): no child may outlive it
process.on('exit', () => {
  for (const c of children) if (running(c)) c.proc.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (interrupted) {
      log(`${signal} again: killing the children now`);
      for (const c of children) if (running(c)) c.proc.kill('SIGKILL');
      process.exit(130);
    }
    interrupted = true;
    log(`\n${signal}: stopping the benchmark ...`);
    current?.stop();
    void cleanup().finally(() => process.exit(130));
  });
}

async function main(): Promise<number> {
  // other work on the machine (tests, builds) skews every figure: say so up front
  const loadAtStart = os.loadavg()[0];
  if (loadAtStart > os.cpus().length / 2) {
    log(`bench: WARNING 1-min load average ${loadAtStart.toFixed(2)} on ${os.cpus().length} CPUs: if something else is running, figures will be noisy`);
  }
  log(`bench: ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s per target, loopback only`);
  log('bench: the storefront rate limit (60 req/s per IP) is DISABLED in the platform under test (RATE_LIMIT_DISABLED=true),');
  log('       otherwise the single-IP load generator would be throttled to 60 req/s and measure the limiter.');
  log(`bench: starting the platform and seeding the catalog (data dir ${dataDir}) ...`);

  // loopback is trusted so that the login flood can speak for many client IPs
  const platformChild = startChild<BenchPlatformReady>('platform', 'bench-platform.ts', {
    ...process.env,
    BENCH_DATA_DIR: dataDir,
    TRUSTED_PROXIES: 'loopback',
  });
  const p = await platformChild.ready;
  const platformReadyMs = Date.now() - platformChild.spawnedAt;
  const seedMs = p.seed.generateMs + p.seed.loadMs;
  log(
    `bench: platform ready at ${p.url}: startup ${p.startupMs} ms (platform.startupMs); catalog of ${p.catalog.products} products / ` +
      `${p.catalog.variants} variants / ${p.catalog.prices} prices seeded in ${(seedMs / 1000).toFixed(1)} s ` +
      `(generate ${p.seed.generateMs} ms + CatalogSeedService.load ${p.seed.loadMs} ms; tenant ${p.seed.tenantMs} ms, vacuum analyze + checkpoint ${p.seed.vacuumMs} ms); ` +
      `process ready after ${(platformReadyMs / 1000).toFixed(1)} s`,
  );

  const baselineChild = startChild<{ ready: true; url: string }>('baseline', 'bench-baseline.ts', { ...process.env, BENCH_DATABASE_URL: p.databaseUrl });
  const baseline = await baselineChild.ready;
  log(`bench: baseline ready at ${baseline.url}`);

  for (const u of [p.url, baseline.url]) {
    const host = new URL(u).hostname;
    if (host !== '127.0.0.1') throw new Error(`refusing to send load to ${u}: only 127.0.0.1 is allowed`);
  }

  const bodies = new Map<string, string>();
  const signIn = await fetch(`${p.url}/api/auth/user/emailpass`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: p.adminEmail, password: p.adminPassword }),
  });
  const adminToken = ((await signIn.json()) as { token?: string }).token;
  if (!adminToken) throw new Error(`the bench admin could not sign in (${signIn.status})`);
  const shopper = await benchShopper(p);
  for (const t of targets(p, baseline.url, adminToken, shopper)) bodies.set(t.key, await verify(t));
  const list = await withCeiling(targets(p, baseline.url, adminToken, shopper), bodies);
  log('bench: every target answers 200 with the expected product(s)');
  for (const kind of ['list', 'detail'] as const) {
    const same = bodies.get(`rest-${kind}`) === bodies.get(`baseline-${kind}`);
    log(`bench: baseline ${kind} answer is ${same ? 'byte-identical to' : 'NOT identical to (same data checked, shape may differ)'} the REST facade's`);
  }

  const rows: Measurement[] = [];
  const problems: string[] = [];
  for (const t of list) {
    const m = await measure(t, Buffer.byteLength(bodies.get(t.key) ?? ''));
    rows.push(m);
    if (m.non2xx || m.errors || m.timeouts) {
      problems.push(`${t.label}: ${m.non2xx} non-2xx (status codes ${JSON.stringify(m.statusCodes)}), ${m.errors} errors, ${m.timeouts} timeouts`);
    }
    // catches answers that stay 200 but go wrong under load (GraphQL errors, empty lists)
    await verify(t).catch((err: Error) => problems.push(`after the run: ${err.message}`));
  }
  // storefront reads while failed sign-ins flood the platform (password hashing competes for the CPU)
  const detail = list.find((t) => t.key === 'rest-detail')!;
  log(`  login flood: ${FLOOD_CONNECTIONS} connections of failed admin sign-ins from many IPs, while measuring ${detail.label}`);
  const flood = startLoginFlood(p.url);
  let floodSignIns = 0;
  flood.on('response', () => void floodSignIns++);
  const during = await measure(
    { ...detail, key: 'rest-detail-login-flood', label: 'REST detail during a login flood' },
    Buffer.byteLength(bodies.get('rest-detail') ?? ''),
  );
  flood.stop();
  await flood;
  rows.push(during);
  log(`  login flood: ${floodSignIns} failed sign-ins answered during the run`);
  // the checkout path: whole orders placed by concurrent shoppers
  log(`  checkout: ${CONNECTIONS} shoppers placing orders for ${DURATION_S} s (6 requests each) ...`);
  const checkout = await benchCheckout({
    url: p.url,
    key: p.publishableKey,
    regionId: p.regionId,
    variantIds: p.checkoutVariantIds,
    workers: CONNECTIONS,
    durationS: DURATION_S,
  });
  if (checkout.failures.length) problems.push(...checkout.failures.map((f) => `checkout: ${f}`));
  // social sign-in: start → provider → callback (code exchange, ID token verification, session)
  log(`  social sign-in: ${CONNECTIONS} shoppers signing in with "Google" (a local OpenID provider) for ${DURATION_S} s ...`);
  const social = await benchSocial({ url: p.url, key: p.publishableKey, workers: CONNECTIONS, durationS: DURATION_S });
  if (social.failures.length) problems.push(...social.failures.map((f) => `social sign-in: ${f}`));
  // search: 100,000 documents in the bench tenant's index, typical queries through GET /api/store/search
  const search = await benchSearch({ url: p.url, databaseUrl: p.databaseUrl, tenantId: p.tenantId, publishableKey: p.publishableKey, log });
  problems.push(...search.problems.map((f) => `search: ${f}`));
  // marketing: analytics events (stored / dropped by consent), the open pixel, a consent read
  const marketing = await benchMarketing({ url: p.url, databaseUrl: p.databaseUrl, tenantId: p.tenantId, publishableKey: p.publishableKey, log });
  problems.push(...marketing.problems.map((f) => `marketing: ${f}`));
  // outbound webhooks: a burst of events delivered, signed, to a local receiver
  const webhooks = await benchWebhooks({
    url: p.url,
    databaseUrl: p.databaseUrl,
    tenantId: p.tenantId,
    adminEmail: p.adminEmail,
    adminPassword: p.adminPassword,
    log,
  });
  problems.push(...webhooks.problems.map((f) => `webhooks: ${f}`));
  // service bookings: the slot listing of a month (slot grid in the service's zone + the month's counts)
  const bookings = await benchBookings({ url: p.url, publishableKey: p.publishableKey, adminEmail: p.adminEmail, adminPassword: p.adminPassword, log });
  problems.push(...bookings.problems.map((f) => `service bookings: ${f}`));
  // ticket checkout: event tickets through the cart, the events domain holding the places over commerce's port
  const tickets = await benchTickets({
    url: p.url,
    publishableKey: p.publishableKey,
    regionId: p.regionId,
    adminEmail: p.adminEmail,
    adminPassword: p.adminPassword,
    log,
  });
  problems.push(...tickets.problems.map((f) => `ticket checkout: ${f}`));
  // analytics reports on a year of synthetic orders (rollups rebuilt from the recorded events)
  const analytics = await benchAnalytics({
    url: p.url,
    databaseUrl: p.databaseUrl,
    tenantId: p.tenantId,
    adminEmail: p.adminEmail,
    adminPassword: p.adminPassword,
    log,
  });
  problems.push(...analytics.problems.map((f) => `analytics: ${f}`));
  // the assistant offline: one-turn chat (intent, extraction, search, a read or a plan, the history)
  const assistant = await benchAssistant({ url: p.url, adminEmail: p.adminEmail, adminPassword: p.adminPassword, log });
  problems.push(...assistant.problems.map((f) => `assistant: ${f}`));
  // subscription plan changes: prorated changes of active subscriptions (checked out through commerce's port)
  const subscriptions = await benchSubscriptions({
    url: p.url,
    publishableKey: p.publishableKey,
    adminEmail: p.adminEmail,
    adminPassword: p.adminPassword,
    log,
  });
  problems.push(...subscriptions.problems.map((f) => `subscription plan changes: ${f}`));
  for (const r of rows) {
    const base = r.system === 'platform' ? rows.find((b) => b.system === 'baseline' && b.kind === r.kind) : undefined;
    r.ratioToBaseline = base && base.reqPerSec > 0 ? Math.round((r.reqPerSec / base.reqPerSec) * 100) / 100 : null;
  }

  const cpus = os.cpus();
  const report = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus.length,
      cpuModel: cpus[0]?.model ?? 'unknown',
      totalMemoryGb: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
      platform: `${os.platform()} ${os.release()} ${os.arch()}`,
      node: process.version,
      postgres: p.postgresVersion,
      loadAverageAtStart: Math.round(loadAtStart * 100) / 100,
      database: p.embeddedDatabase ? 'embedded PostgreSQL (fresh data dir)' : 'DATABASE_URL server (fresh database)',
    },
    settings: {
      durationS: DURATION_S,
      warmupS: WARMUP_S,
      connections: CONNECTIONS,
      loadGenerator: 'autocannon (in the orchestrator process, same machine)',
      rateLimit: 'disabled (RATE_LIMIT_DISABLED=true)',
    },
    platform: {
      startupMs: p.startupMs,
      processReadyMs: platformReadyMs,
      seedMs,
      seed: p.seed,
      catalog: p.catalog,
      detailHandle: p.handle,
      listFirstHandle: p.listHandle,
    },
    results: rows,
    graphqlCostAnalysis: { ...p.costProbe, shareOfRequestTime: costShare(p, rows) },
    checkout,
    socialSignIn: social,
    search,
    marketing,
    webhooks,
    bookings,
    tickets,
    analytics,
    assistant,
    subscriptions,
    problems,
  };
  fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);

  const out = [
    '',
    `Storefront reads, ${p.catalog.products} products, region ${p.currencyCode.toUpperCase()}; ${CONNECTIONS} connections, ${DURATION_S} s per target after ${WARMUP_S} s warm-up`,
    `${cpus.length} CPUs (${report.machine.cpuModel}), Node ${process.version}, PostgreSQL ${p.postgresVersion}; rate limit disabled for the run`,
    '',
    table(rows),
    '',
    'req/s: mean of the per-second counts (± their standard deviation); p50/p99: latency of 2xx answers;',
    'vs baseline: req/s divided by the baseline req/s of the same kind (list / detail).',
    costLine(p, rows),
    fieldsLine(rows),
    ceilingLine(rows),
    `checkout (${CONNECTIONS} shoppers, cart → shipping → payment session → complete, 6 requests an order): ${checkout.ordersPerSec} orders/s,`,
    `  p50 ${checkout.p50Ms} ms, p99 ${checkout.p99Ms} ms a whole checkout; p99 per step: ${Object.entries(checkout.stepP99Ms)
      .map(([k, v]) => `${k} ${v} ms`)
      .join(', ')}`,
    `social sign-in (${CONNECTIONS} shoppers, start → local OpenID provider → callback): ${social.signInsPerSec} sign-ins/s;`,
    `  start p50 ${social.startP50Ms} ms / p99 ${social.startP99Ms} ms, callback (code exchange + ID token check + session) p50 ${social.callbackP50Ms} ms / p99 ${social.callbackP99Ms} ms; the provider's own step p50 ${social.providerP50Ms} ms`,
    ...searchBenchLines(search),
    ...marketingBenchLines(marketing),
    ...webhooksBenchLines(webhooks),
    ...bookingsBenchLines(bookings),
    ...ticketsBenchLines(tickets),
    ...analyticsBenchLines(analytics),
    ...assistantBenchLines(assistant),
    ...subscriptionsBenchLines(subscriptions),
    `platform startup ${p.startupMs} ms; catalog seed ${(seedMs / 1000).toFixed(1)} s (CatalogSeedService.load ${(p.seed.loadMs / 1000).toFixed(1)} s)`,
    `results written to ${path.relative(ROOT, RESULTS_FILE)}`,
  ];
  process.stdout.write(`${out.join('\n')}\n`);
  if (problems.length) {
    process.stderr.write(`\nPROBLEMS during the runs:\n${problems.map((x) => `  - ${x}`).join('\n')}\n`);
    return 1;
  }
  return 0;
}

main()
  .then(async (code) => {
    await cleanup();
    process.exit(code);
  })
  .catch(async (err: unknown) => {
    if (!interrupted) log(`\nbench FAILED: ${err instanceof Error ? err.message : String(err)}`);
    await cleanup();
    process.exit(interrupted ? 130 : 1);
  });
