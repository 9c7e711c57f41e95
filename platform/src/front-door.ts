import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type express from 'express';
import type { Request, Response } from 'express';
import type { Logger, PlatformConfig } from '@svc/kit';
import { CLIENT_LOCAL, clientOf, resolveClient, type Authority, type CachedResponse, type ContextBuilder, type ResponseCache } from '@svc/gateway';
import { hitRule, rateLimited, responseCacheKey, sendCacheHit, sendError, storefrontRateRule, type RateLimitStore } from '@svc/rest-facade';
import { requestStart } from './app';
import { storefrontCors, type OriginAuthority } from './cors';

interface FrontDoorDeps {
  /** everything that is not a cache hit goes here, untouched */
  app: express.Express;
  config: PlatformConfig;
  log: Logger;
  builder: ContextBuilder;
  origins: OriginAuthority;
  /** a tenant's storefront servers (the client behind them) */
  authority?: Authority;
  /** the store the REST facade's rate limits count in */
  rateLimits: RateLimitStore;
  /** absent (`RESPONSE_CACHE_MB=0`): there is no front door, Express takes every request */
  cache?: ResponseCache;
}

/** the storefront reads the response cache keeps are all under /api/store/ */
const CACHED_PREFIX = '/api/store/';

/** a request that sends a body goes through Express, whose body parsers may refuse it */
const sendsBody = (req: IncomingMessage) => req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;

/**
 * The platform's HTTP listener: answers the REST facade's response cache hits before Express, and
 * hands everything else to Express unchanged.
 *
 * A hit costs a map lookup and the bytes' write, but through Express it also paid the middleware
 * chain and the router walking every route's pattern (about 40% of a hit's CPU). Nothing that can
 * change the answer or is a duty is skipped: a GET or HEAD under `/api/store/` with a publishable
 * key, no `Authorization` and no body, whose URL, key and locale headers name a fresh answer
 * (the URL names its route, see `responseCacheKey`), gets what Express would do in the same order
 * and with the same code: request id, security headers and access log (`requestStart`), CORS
 * (`storefrontCors`, the same origins; preflights are OPTIONS and stay with Express), the client
 * behind a storefront server, the storefront rate limit in the same windows (`hitRule`), the
 * check that the key still names a store (else the route's 401), and the hit itself with its ETag,
 * `Vary` and 304 (`sendCacheHit`). test/e2e/front-door.test.ts compares both paths answer by answer.
 */
export function frontDoor(d: FrontDoorDeps): RequestListener {
  const { app, cache } = d;
  if (!cache) return app;
  const begin = requestStart(d);
  const cors = storefrontCors(d.config, d.origins);
  const rule = d.config.rateLimit.disabled ? undefined : storefrontRateRule(d.config);

  const answer = async (req: Request, res: Response, storeKey: string, hit: CachedResponse): Promise<void> => {
    try {
      // what Express's middleware does before the route: CORS, the client, the rate limit
      if (!(await cors(req, res, '/api', req.path.slice('/api'.length)))) return;
      if (d.authority) res.locals[CLIENT_LOCAL] = await resolveClient(d.authority, req.headers, req.ip);
      if (rule && !(await hitRule(d.rateLimits, rule, rule.clientKey(clientOf(req, res)), res)).allowed) return rateLimited(req, res);
    } catch (err) {
      return sendError(res, err, res.locals.log as Logger);
    }
    try {
      // the route's handler: a kept answer is sent once the key still names a store; a key that
      // names none gets the route's 401 from building the context (it answers the hit only if the
      // key came back in between)
      if (!(await d.builder.storeOfKey(storeKey))) await d.builder.build(req.headers, {}, res.locals.requestId as string, res.locals.log as Logger);
      sendCacheHit(req, res, hit);
    } catch (err) {
      res.setHeader('cache-control', 'no-store');
      sendError(res, err, res.locals.log as Logger);
    }
  };

  return (request: IncomingMessage, response: ServerResponse) => {
    const storeKey = request.headers['x-publishable-api-key'];
    const url = request.url ?? '';
    if (
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      typeof storeKey !== 'string' ||
      request.headers.authorization ||
      !url.startsWith(CACHED_PREFIX) ||
      sendsBody(request)
    ) {
      return void app(request, response);
    }
    const hit = cache.get(responseCacheKey(storeKey, url, request.headers), false);
    if (!hit) return void app(request, response);
    // what Express sets up for every request (app.handle), so its request and response helpers work
    const req = Object.setPrototypeOf(request, app.request) as Request;
    const res = Object.setPrototypeOf(response, app.response) as Response;
    req.res = res;
    res.req = req;
    req.originalUrl = url;
    req.baseUrl = '';
    res.locals = Object.create(null) as Response['locals'];
    begin(req, res);
    void answer(req, res, storeKey, hit);
  };
}
