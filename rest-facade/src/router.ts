import express, { type Request, type Response } from 'express';
import { DomainError, type PlatformConfig } from '@svc/kit';
import type { ContextBuilder, EventHub, LoadedGateway, ResponseCache } from '@svc/gateway';
import { allowedMethods, compileRoutes, formBody, jsonBody, mountRoutes, multipartBody, type RouteSource } from './engine';
import { sendError } from './errors';
import { RATE_LIMITED_BODY, clientOf, storefrontRateKey, type ClientAddress } from '@svc/gateway';
import { rateLimitMiddleware, type RateLimitStore } from './middleware/rate-limit';

export interface RestRouterDeps {
  config: PlatformConfig;
  gw: LoadedGateway;
  builder: ContextBuilder;
  /** every domain's routes (from the manifests) */
  sources: RouteSource[];
  rateLimits: RateLimitStore;
  /** the live fan-out of domain events, which event-stream routes follow (absent without workers) */
  hub?: EventHub;
  /** the response cache in front of the graph (absent: `RESPONSE_CACHE_MB=0`) */
  responseCache?: ResponseCache;
}

/**
 * The facade's storefront rate limit on `/store/*` and `/auth/*`: per shopper (client IP); a
 * tenant's storefront server that names no shopper, per server at its own limit. `/graphql` counts
 * a client in the same window (`store:<key>`).
 */
export function storefrontRateRule(config: PlatformConfig): {
  name: string;
  limit: number;
  windowMs: number;
  clientKey: (client: ClientAddress) => { key: string; limit: number };
} {
  return {
    name: 'store',
    limit: config.rateLimit.storeRps,
    windowMs: config.rateLimit.windowMs,
    clientKey: (client) => storefrontRateKey(client, config.rateLimit),
  };
}

/** The answer of a request the storefront rate limit refused. */
export const rateLimited = (_req: Request, res: Response): void => void res.status(429).json(RATE_LIMITED_BODY);

/**
 * The REST facade, mounted at `/api`: rate limits, JSON bodies, one handler per route entry
 * (validate, authenticate, run the named operation, shape), and 404 for everything else.
 * Every operation is prepared here, so a route whose operation does not validate stops the start.
 */
export function createRestRouter(d: RestRouterDeps): express.Router {
  const api = express.Router();
  if (!d.config.rateLimit.disabled) {
    // per client IP, before authentication; the admin limit applies after it (per admin/agent, in the engine)
    const rule = storefrontRateRule(d.config);
    api.use(
      rateLimitMiddleware(
        d.rateLimits,
        [{ ...rule, key: (req, res) => (/^\/(store|auth)\//.test(req.path) ? rule.clientKey(clientOf(req, res)) : null) }],
        rateLimited,
      ),
    );
  }
  api.use(jsonBody);
  api.use(formBody);
  api.use(multipartBody);
  const adminLimit = d.config.rateLimit.disabled
    ? undefined
    : { store: d.rateLimits, limit: d.config.rateLimit.adminRps, windowMs: d.config.rateLimit.windowMs };
  const compiled = compileRoutes(d.sources, d.gw);
  mountRoutes(api, compiled, d.gw, d.builder, adminLimit, d.hub, d.responseCache);
  const allowed = allowedMethods(compiled);
  api.use((req, res) => {
    // a known path asked with a method it does not answer: 405 with Allow
    const methods = allowed(req.path);
    if (methods.length && !methods.includes(req.method)) {
      res.setHeader('allow', methods.join(', '));
      return sendError(
        res,
        new DomainError(
          'method_not_allowed',
          'method_not_allowed',
          `${req.method} is not allowed on ${req.baseUrl}${req.path}; allowed: ${methods.join(', ')}`,
        ),
      );
    }
    return sendError(res, new DomainError('not_found', 'route_not_found', `No route for ${req.method} ${req.baseUrl}${req.path}`));
  });
  return api;
}
