import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { loadConfig, systemContext } from '@svc/kit';
import type { TenantCredentials } from '@svc/identity';
import type { RouteDef } from '@svc/kit';
import { publicUrlOf, startPlatform, type Platform, type PlatformOptions } from '@svc/platform';
import { seedDemoCommerce, type CommerceServices } from '@svc/commerce';
import { demoCatalog, imageBaseUrl, type CatalogServices } from '@svc/catalog';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  body?: unknown;
  /** raw body text (sent as is) */
  raw?: string;
  key?: string;
  token?: string;
  headers?: Record<string, string>;
}

export interface TestPlatform extends Platform {
  /** `api('GET', '/store/products')`: calls `{url}/api{path}` */
  api<T = any>(method: string, path: string, o?: RequestOptions): Promise<ApiResponse<T>>;
  graphql<T = any>(query: string, variables?: Record<string, unknown>, o?: RequestOptions): Promise<ApiResponse<T>>;
  createTenant(name?: string): Promise<TenantCredentials>;
  /** loads the demo catalog into a tenant */
  seedCatalog(tenantId: string): Promise<void>;
  /** the demo store's checkout setup (shipping, taxes, promotions, providers, a first order); needs its catalog */
  seedCommerce(tenantId: string): Promise<void>;
  /** a customer of the tenant with a token */
  registerCustomer(key: string, email?: string, password?: string): Promise<{ token: string; email: string; password: string }>;
  adminToken(creds: TenantCredentials): Promise<string>;
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

/** Boots the whole platform on a free port against a fresh database. */
export async function startTestPlatform(
  o: {
    env?: Record<string, string>;
    extraRoutes?: RouteDef[];
    extraSubscriptions?: PlatformOptions['extraSubscriptions'];
    extraJobs?: PlatformOptions['extraJobs'];
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
    p = await startPlatform({ config, extraRoutes: o.extraRoutes, extraSubscriptions: o.extraSubscriptions, extraJobs: o.extraJobs });
  } catch (err) {
    await db.drop();
    throw err;
  }
  const request = async (method: string, url: string, r: RequestOptions = {}): Promise<ApiResponse> => {
    const headers: Record<string, string> = { ...(r.headers ?? {}) };
    if (r.key) headers['x-publishable-api-key'] = r.key;
    if (r.token) headers.authorization = `Bearer ${r.token}`;
    let body: string | undefined = r.raw;
    if (r.body !== undefined) body = JSON.stringify(r.body);
    if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
    const res = await fetch(url, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed, headers: res.headers };
  };
  const tp: TestPlatform = Object.assign(p, {
    dbUrl: db.url,
    api: (method: string, path: string, r?: RequestOptions) => request(method, `${p.url}/api${path}`, r),
    graphql: (query: string, variables?: Record<string, unknown>, r: RequestOptions = {}) =>
      request('POST', `${p.url}/graphql`, { ...r, body: { query, variables } }),
    createTenant: (name = `Shop ${randomBytes(3).toString('hex')}`) =>
      p.identity.tenants.create(systemContext(p.log, null, 'test'), { name, adminEmail: `admin-${randomBytes(5).toString('hex')}@example.com` }),
    seedCatalog: async (tenantId: string) => {
      await p.services<CatalogServices>('catalog').seed.load(tenantId, demoCatalog(), imageBaseUrl(publicUrlOf(p)));
    },
    seedCommerce: async (tenantId: string) => {
      const seed = { ctx: systemContext(p.log, tenantId, 'test'), tenantId, publicUrl: publicUrlOf(p), staticDir: p.staticDir, log: p.log };
      await seedDemoCommerce(p.services<CommerceServices>('commerce'), seed);
    },
    registerCustomer: async (key: string, email = `c-${randomBytes(5).toString('hex')}@example.com`, password = 'correct-horse-battery') => {
      const r = await request('POST', `${p.url}/api/auth/customer/emailpass/register`, { key, body: { email, password } });
      if (r.status !== 200) throw new Error(`register failed: ${r.status} ${JSON.stringify(r.body)}`);
      return { token: r.body.token as string, email, password };
    },
    adminToken: async (creds: TenantCredentials) => {
      const r = await request('POST', `${p.url}/api/auth/user/emailpass`, { body: { email: creds.admin_email, password: creds.admin_password } });
      if (r.status !== 200) throw new Error(`admin login failed: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body.token as string;
    },
    stop: async () => {
      await p.close();
      await db.drop();
    },
  });
  return tp;
}
