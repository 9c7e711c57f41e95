import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Client } from 'pg';
import { loadConfig, systemContext, type Clock, type RouteDef } from '@svc/kit';
import { publicUrlOf, startPlatform, type Platform, type PlatformOptions } from '@svc/platform';
import { seedDemoCommerce, type CommerceServices } from '@svc/commerce';
import { demoCatalog, imageBaseUrl, type CatalogServices } from '@svc/catalog';
import { httpCalls, type PlatformClient } from './http';
import { mailsIn } from './mailbox';

export type { ApiResponse, RequestOptions } from './http';

export interface TestPlatform extends Platform, PlatformClient {
  dbUrl: string;
  stop(): Promise<void>;
}

const serverUrl = () => {
  const u = process.env.TEST_PG_SERVER_URL;
  if (!u) throw new Error('TEST_PG_SERVER_URL missing: run tests through jest (test/support/global-setup.ts)');
  return u;
};

async function admin<T>(fn: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: serverUrl() });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** A fresh database cloned from the migrated template. */
export async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await admin((c) => c.query(`create database "${name}" template "${process.env.TEST_TEMPLATE_DB}"`));
  const u = new URL(serverUrl());
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => admin((c) => c.query(`drop database if exists "${name}" with (force)`)).then(() => undefined) };
}

/**
 * Boots the whole platform in this process, on a free port against a fresh database. A suite that
 * needs nothing but a default platform uses the worker's shared one instead (`sharedPlatform()` in
 * `shared.ts`); this is for suites with their own settings, routes, subscriptions, jobs or clock,
 * or that reach into the platform's services.
 */
export async function startTestPlatform(
  o: {
    env?: Record<string, string>;
    extraRoutes?: RouteDef[];
    extraSubscriptions?: PlatformOptions['extraSubscriptions'];
    extraJobs?: PlatformOptions['extraJobs'];
    /** the time of rate limits and sign-in throttles (`TestClock` in clock.ts) */
    clock?: Clock;
  } = {},
): Promise<TestPlatform> {
  const db = await freshDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: db.url,
    DB_POOL_SIZE: '4',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SEED_DEMO: 'false',
    OUTBOX_POLL_MS: '250',
    RATE_LIMIT_DISABLED: 'true',
    // easy anti-spam challenges keep tests fast; antispam.test.ts checks the real default
    ANTISPAM_MAX_NUMBER: '20000',
    ...o.env,
  });
  let p: Platform;
  try {
    p = await startPlatform({ config, extraRoutes: o.extraRoutes, extraSubscriptions: o.extraSubscriptions, extraJobs: o.extraJobs, clock: o.clock });
  } catch (err) {
    await db.drop();
    throw err;
  }
  const tp: TestPlatform = Object.assign(p, {
    dbUrl: db.url,
    ...httpCalls(() => p.url),
    createTenant: (name = `Shop ${randomBytes(3).toString('hex')}`) =>
      p.identity.tenants.create(systemContext(p.log, null, 'test'), { name, adminEmail: `admin-${randomBytes(5).toString('hex')}@example.com` }),
    seedCatalog: async (tenantId: string) => {
      await p.services<CatalogServices>('catalog').seed.load(tenantId, demoCatalog(), imageBaseUrl(publicUrlOf(p)));
    },
    seedCommerce: async (tenantId: string) => {
      const seed = { ctx: systemContext(p.log, tenantId, 'test'), tenantId, publicUrl: publicUrlOf(p), staticDir: p.staticDir, log: p.log };
      await seedDemoCommerce(p.services<CommerceServices>('commerce'), seed);
    },
    seedDomain: async (domain: string, tenantId: string) => {
      const def = p.domains.find((d) => d.name === domain);
      if (!def?.seed) throw new Error(`domain ${domain} has no demo seed here`);
      const seed = { ctx: systemContext(p.log, tenantId, 'seed'), tenantId, publicUrl: publicUrlOf(p), staticDir: p.staticDir, log: p.log };
      await def.seed(p.services(domain), seed);
    },
    mailsTo: async (address: string) => mailsIn(path.join(p.config.dataDir, 'mail'), address),
    stop: async () => {
      await p.close();
      await db.drop();
    },
  });
  return tp;
}
