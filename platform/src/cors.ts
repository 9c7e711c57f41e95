import type { NextFunction, Request, Response } from 'express';
import { DomainError, normalizeOrigin, type PlatformConfig } from '@svc/kit';
import { sendError } from '@svc/rest-facade';

/** What CORS asks identity: which tenant a key names and which storefront origins tenants allow. */
export interface OriginAuthority {
  tenantForPublishableKey(key: string): Promise<string | null>;
  allowedOrigins(tenantId: string): Promise<string[]>;
  anyTenantAllows(origin: string): Promise<boolean>;
}

const ALLOWED_HEADERS = 'x-publishable-api-key, authorization, content-type, x-antispam-token, x-medusa-locale, accept-language, x-request-id';
const EXPOSED_HEADERS = 'x-request-id, x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-reset, retry-after, etag';
const LOCALHOST = new Set(['localhost', '127.0.0.1', '[::1]']);

const isLocalhost = (origin: string) => LOCALHOST.has(new URL(origin).hostname);
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * The agent API (`/api/v1/*`) answers no browser at all: a request with an `Origin` header is 403
 * `origin_not_allowed`, whatever the origin, so an agent key placed in client code is useless.
 *
 * CORS per tenant on the storefront doors (`/api/store/*`, `/api/auth/*`, `/graphql`): a browser
 * may call them from the origins its tenant allows (`Tenant.allowedOrigins`, set by
 * `tenant:create --origin` or the admin mutation `updateStoreSettings`), and, outside production,
 * from localhost. Preflights carry no key, so they are answered from the origins some tenant
 * allows. A request from any other origin gets no CORS headers (the browser refuses to read it)
 * and, unless it is a read, a 403 before anything runs. Credentials are allowed only for allowed
 * origins; `null` and non-http origins never are.
 */
export function corsForStorefronts(config: PlatformConfig, authority: OriginAuthority) {
  const decide = storefrontCors(config, authority);
  return async (req: Request, res: Response, next: NextFunction) => {
    if (await decide(req, res, req.baseUrl, req.path)) next();
  };
}

/**
 * The decision of `corsForStorefronts` for a request below `baseUrl` (`/api`, `/graphql`) at `path`
 * (below it): sets the CORS headers, answers preflights and refusals, and resolves true when the
 * request goes on. The platform's front door asks it for the cached reads it answers.
 */
export function storefrontCors(config: PlatformConfig, authority: OriginAuthority) {
  const devLocalhost = config.env !== 'production';
  const allowed = async (origin: string, key: string | undefined): Promise<boolean> => {
    if (devLocalhost && isLocalhost(origin)) return true;
    if (!key) return authority.anyTenantAllows(origin);
    const tenantId = key.length <= 200 ? await authority.tenantForPublishableKey(key) : null;
    return !!tenantId && (await authority.allowedOrigins(tenantId)).includes(origin);
  };
  const refuse = (res: Response, err: unknown): false => {
    sendError(res, err, res.locals.log);
    return false;
  };
  return async (req: Request, res: Response, baseUrl: string, path: string): Promise<boolean> => {
    const raw = req.headers.origin;
    // the agent API is server to server only: a browser (any Origin, preflights too) is refused before anything runs
    if (raw !== undefined && baseUrl === '/api' && /^\/v1(\/|$)/.test(path)) {
      return refuse(res, new DomainError('permission_error', 'origin_not_allowed', 'The agent API (/v1) is for servers only; browsers may not call it'));
    }
    const scoped = baseUrl === '/graphql' || /^\/(store|auth)\//.test(path);
    if (!raw || !scoped) return true;
    res.setHeader('vary', 'Origin');
    const origin = normalizeOrigin(raw);
    let ok = false;
    try {
      ok =
        origin !== null &&
        origin === raw.replace(/\/$/, '') &&
        (await allowed(origin, req.method === 'OPTIONS' ? undefined : first(req.headers['x-publishable-api-key'])));
    } catch (err) {
      return refuse(res, err);
    }
    if (ok) {
      res.setHeader('access-control-allow-origin', origin!);
      res.setHeader('access-control-allow-credentials', 'true');
      res.setHeader('access-control-expose-headers', EXPOSED_HEADERS);
    }
    if (req.method === 'OPTIONS') {
      if (!ok) return refuse(res, new DomainError('permission_error', 'origin_not_allowed', `The origin ${raw} may not call this API from a browser`));
      res.setHeader('access-control-allow-headers', ALLOWED_HEADERS);
      res.setHeader('access-control-allow-methods', 'GET, POST, DELETE, OPTIONS');
      res.setHeader('access-control-max-age', '600');
      res.status(204).end();
      return false;
    }
    if (!ok && req.method !== 'GET' && req.method !== 'HEAD') {
      return refuse(res, new DomainError('permission_error', 'origin_not_allowed', `The origin ${raw} may not call this API from a browser`));
    }
    return true;
  };
}
