import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, systemContext, type Clock, type RouteDef } from '@svc/kit';
import { publicUrlOf, startPlatform, type Platform, type PlatformOptions } from '@svc/platform';
import { seedDemoCommerce, type CommerceServices } from '@svc/commerce';
import { demoCatalog, imageBaseUrl, type CatalogServices } from '@svc/catalog';
import { freshDatabase } from './db';
import { httpCalls, type PlatformClient } from './http';
import { mailsIn } from './mailbox';
import { TEST_SETTINGS } from './test-env';

export type { ApiResponse } from './http';

export interface TestPlatform extends Platform, PlatformClient {
  dbUrl: string;
  stop(): Promise<void>;
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
  // its own data directory (mail files, /static, generated secrets): the repository's .data would
  // hold the mails of every platform of this run and of the runs before it
  const dataDir = o.env?.DATA_DIR ?? fs.mkdtempSync(path.join(process.env.TEST_DATA_ROOT ?? os.tmpdir(), 'platform-'));
  const dropDataDir = () => (o.env?.DATA_DIR ? undefined : fs.rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: db.url,
    DB_POOL_SIZE: '4',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SEED_DEMO: 'false',
    // production refuses the test cost: a production platform hashes at the real one
    ...(o.env?.NODE_ENV === 'production' ? {} : TEST_SETTINGS),
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
    dropDataDir();
    throw err;
  }
  const tp: TestPlatform = Object.assign(p, {
    dbUrl: db.url,
    secrets: { jwtSecret: p.config.jwtSecret, operatorToken: p.config.operatorToken },
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
      dropDataDir();
    },
  });
  return tp;
}
