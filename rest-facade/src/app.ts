import express, { type NextFunction, type Request, type Response } from 'express';
import qs from 'qs';
import { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import { DomainError, Errors, contextFailure, type Logger, type PlatformConfig, type RequestContext } from '@svc/kit';
import type { ContextBuilder } from '@svc/gateway/src/context';
import type { LoadedGateway } from '@svc/gateway/src/gateway';
import { placeholderSvg, parseImageName } from '@svc/catalog';
import { compileRoutes, jsonBody, mountRoutes, type RouteDef } from './engine';
import { sendError } from './errors';
import { rateLimitMiddleware, type RateLimitStore } from './middleware/rate-limit';

const ALLOWED_HEADERS = 'x-publishable-api-key, authorization, content-type, x-antispam-token, x-medusa-locale, accept-language, x-request-id';

export interface AppDeps {
  config: PlatformConfig;
  log: Logger;
  gw: LoadedGateway;
  builder: ContextBuilder;
  routes: RouteDef[];
  rateLimits: RateLimitStore;
  isReady: () => boolean;
}

/** The HTTP surface: /health, /graphql (Apollo Server over the gateway), /api (REST facade). */
export async function createApp(d: AppDeps): Promise<{ app: express.Express; apollo: ApolloServer<RequestContext> }> {
  const app = express();
  app.disable('x-powered-by');
  // no ETag: hashing every body (400 KB product pages) costs more than conditional GETs save here
  app.set('etag', false);
  app.set('trust proxy', d.config.trustedProxies.length ? d.config.trustedProxies : false);
  app.set('query parser', (s: string) => qs.parse(s, { depth: 4, arrayLimit: 100, parameterLimit: 200 }));

  // request id + access log
  app.use((req: Request, res: Response, next: NextFunction) => {
    const requestId = d.builder.requestId(req.headers);
    const start = process.hrtime.bigint();
    res.locals.requestId = requestId;
    res.locals.log = d.log.child({ reqId: requestId });
    res.setHeader('x-request-id', requestId);
    res.on('finish', () => {
      if (!d.log.isLevelEnabled('info')) return;
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      d.log.info({ reqId: requestId, method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, 'request');
    });
    next();
  });

  app.get('/health', (_req, res) => {
    if (d.isReady()) res.json({ status: 'ok' });
    else res.status(503).json({ type: 'api_error', code: 'starting', message: 'The platform is starting' });
  });

  app.get('/static/images/:file', (req, res) => {
    const name = parseImageName(String(req.params.file));
    if (!name) return void res.status(404).json(Errors.notFound('Image').toBody());
    res.setHeader('content-type', 'image/svg+xml');
    res.setHeader('cache-control', 'public, max-age=86400');
    res.send(placeholderSvg(name));
  });

  // CORS: storefronts call from the browser with the publishable key header
  app.use(['/api', '/graphql'], (req, res, next) => {
    const origin = req.headers.origin;
    if (origin) {
      res.setHeader('access-control-allow-origin', origin);
      res.setHeader('vary', 'Origin');
      res.setHeader('access-control-allow-headers', ALLOWED_HEADERS);
      res.setHeader('access-control-allow-methods', 'GET, POST, DELETE, OPTIONS');
      res.setHeader('access-control-expose-headers', 'x-request-id, x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-reset, retry-after');
      res.setHeader('access-control-max-age', '600');
    }
    if (req.method === 'OPTIONS') return void res.status(204).end();
    next();
  });

  // GraphQL: the same supergraph, the same context builder
  const apollo = new ApolloServer<RequestContext>({
    gateway: {
      load: async () => ({ schema: d.gw.apiSchema, executor: d.gw.executor }),
      onSchemaLoadOrUpdate: (cb) => {
        cb({ apiSchema: d.gw.apiSchema, coreSupergraphSdl: d.gw.supergraphSdl });
        return () => undefined;
      },
      stop: async () => undefined,
    },
    includeStacktraceInErrorResponses: false,
    // the platform owns SIGINT/SIGTERM and stops every part in order
    stopOnTerminationSignals: false,
    formatError: (formatted) => {
      const ext = formatted.extensions ?? {};
      if (ext.type) return { message: formatted.message, path: formatted.path, extensions: { type: ext.type, code: ext.code, ...(ext.errors ? { errors: ext.errors } : {}) } };
      return formatted;
    },
  });
  await apollo.start();
  app.use(
    '/graphql',
    express.json({ limit: '1mb' }),
    expressMiddleware(apollo, {
      context: async ({ req }) => {
        try {
          return await d.builder.build(req.headers);
        } catch (err) {
          throw contextFailure(err);
        }
      },
    }),
  );

  // REST facade
  const api = express.Router();
  if (!d.config.rateLimit.disabled) {
    const tokenKey = (req: Request) => {
      const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
      return m ? m[1].slice(-32) : null;
    };
    api.use(
      rateLimitMiddleware(
        d.rateLimits,
        [
          { name: 'store', limit: d.config.rateLimit.storeRps, windowMs: 1000, key: (req) => (/^\/(store|auth)\//.test(req.path) ? req.ip ?? 'unknown' : null) },
          { name: 'admin', limit: d.config.rateLimit.adminRps, windowMs: 1000, key: (req) => (/^\/admin\//.test(req.path) ? tokenKey(req) ?? req.ip ?? 'unknown' : null) },
        ],
        (_req, res) => void res.status(429).json({ type: 'rate_limit_error', code: 'rate_limited', message: 'Too many requests; retry after the Retry-After seconds' }),
      ),
    );
  }
  api.use(jsonBody);
  mountRoutes(api, compileRoutes(d.routes, d.gw), d.gw, d.builder);
  api.use((req, res) => sendError(res, new DomainError('not_found', 'route_not_found', `No route for ${req.method} ${req.baseUrl}${req.path}`)));
  app.use('/api', api);

  app.use((req, res) => sendError(res, new DomainError('not_found', 'route_not_found', `No route for ${req.method} ${req.path}`)));
  // body parser and other framework errors
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const e = err as { type?: string; status?: number };
    if (e?.type === 'entity.parse.failed') return sendError(res, Errors.validation('invalid_json', 'The request body is not valid JSON'));
    if (e?.type === 'entity.too.large') {
      if (!res.headersSent) res.status(413).json({ type: 'validation_error', code: 'payload_too_large', message: 'The request body is larger than 1 MB' });
      return;
    }
    if (e?.status && e.status >= 400 && e.status < 500) return sendError(res, Errors.validation('invalid_request', 'The request could not be read'));
    sendError(res, err, res.locals.log ?? d.log);
  });
  return { app, apollo };
}
