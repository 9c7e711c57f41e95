import { randomBytes } from 'node:crypto';
import type { TenantCredentials } from '@svc/identity';
import type { MailboxMail } from './mailbox';

export type { MailboxMail };

/**
 * The HTTP side of a test platform: what a suite needs to talk to one, in process or shared
 * (`shared.ts`). This module loads no platform code, so a suite on the shared platform stays light.
 */

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

/** What every test platform offers, the shared one included. */
export interface PlatformClient {
  /** the base URL (`http://127.0.0.1:<port>`) */
  url: string;
  /** its database (for checks in SQL) */
  dbUrl: string;
  /** its generated secrets: to sign test tokens (`jwtSecret`) and to call as the operator */
  secrets: { jwtSecret: string; operatorToken: string };
  /** `api('GET', '/store/products')`: calls `{url}/api{path}` */
  api<T = any>(method: string, path: string, o?: RequestOptions): Promise<ApiResponse<T>>;
  graphql<T = any>(query: string, variables?: Record<string, unknown>, o?: RequestOptions): Promise<ApiResponse<T>>;
  createTenant(name?: string): Promise<TenantCredentials>;
  /** loads the demo catalog into a tenant */
  seedCatalog(tenantId: string): Promise<void>;
  /** the demo store's checkout setup (shipping, taxes, promotions, providers, a first order); needs its catalog */
  seedCommerce(tenantId: string): Promise<void>;
  /** runs a domain's own demo seed (its manifest's `seed`) into a tenant */
  seedDomain(domain: string, tenantId: string): Promise<void>;
  /** a customer of the tenant with a token */
  registerCustomer(key: string, email?: string, password?: string): Promise<{ token: string; email: string; password: string }>;
  adminToken(creds: TenantCredentials): Promise<string>;
  /** the mails the platform's file mailer wrote to `address` (a platform without `SMTP_URL`), oldest first */
  mailsTo(address: string): Promise<MailboxMail[]>;
}

export async function send(method: string, url: string, r: RequestOptions = {}): Promise<ApiResponse> {
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
}

/**
 * The calls every test platform makes over HTTP, for the platform at `url`; `defaultHeaders` go
 * with every call that does not set them itself.
 */
export function httpCalls(
  url: () => string,
  defaultHeaders: Record<string, string> = {},
): Pick<PlatformClient, 'api' | 'graphql' | 'registerCustomer' | 'adminToken'> {
  const request = (method: string, to: string, r: RequestOptions = {}) => send(method, to, { ...r, headers: withDefaults(defaultHeaders, r.headers) });
  return {
    api: (method: string, path: string, r?: RequestOptions) => request(method, `${url()}/api${path}`, r),
    graphql: (query: string, variables?: Record<string, unknown>, r: RequestOptions = {}) =>
      request('POST', `${url()}/graphql`, { ...r, body: { query, variables } }),
    registerCustomer: async (key: string, email = `c-${randomBytes(5).toString('hex')}@example.com`, password = 'correct-horse-battery') => {
      const r = await request('POST', `${url()}/api/auth/customer/emailpass/register`, { key, body: { email, password } });
      if (r.status !== 200) throw new Error(`register failed: ${r.status} ${JSON.stringify(r.body)}`);
      return { token: r.body.token as string, email, password };
    },
    adminToken: async (creds: TenantCredentials) => {
      const r = await request('POST', `${url()}/api/auth/user/emailpass`, { body: { email: creds.admin_email, password: creds.admin_password } });
      if (r.status !== 200) throw new Error(`admin login failed: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body.token as string;
    },
  };
}

function withDefaults(defaults: Record<string, string>, given: Record<string, string> = {}): Record<string, string> {
  const set = new Set(Object.keys(given).map((h) => h.toLowerCase()));
  return { ...Object.fromEntries(Object.entries(defaults).filter(([h]) => !set.has(h.toLowerCase()))), ...given };
}
