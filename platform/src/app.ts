import path from 'node:path';
import fs from 'node:fs';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import qs from 'qs';
import { DomainError, Errors, type Logger, type PlatformConfig } from '@svc/kit';
import { CLIENT_LOCAL, resolveClient, type Authority, type ContextBuilder, type GraphQLServer } from '@svc/gateway';
import { sendError, type RouteSource } from '@svc/rest-facade';
import { mountDocs } from './docs';
import { corsForStorefronts, type OriginAuthority } from './cors';
import { mountConsole } from './console';

export interface AppDeps {
  /** credentials lookups: a tenant's storefront servers (the client behind them) */
  authority?: Authority;
  config: PlatformConfig;
  log: Logger;
  builder: ContextBuilder;
  graphql: GraphQLServer;
  /** the /graphql/stream handler (live domain events over graphql-sse) */
  stream: RequestHandler[];
  /** the REST facade router (mounted at /api) */
  api: express.Router;
  /** directory served at /static (seeded and uploaded files) */
  staticDir: string;
  /** the route table, described at /openapi.json and /docs */
  sources: RouteSource[];
  /** per-tenant allowed origins (identity) */
  origins: OriginAuthority;
  isReady: () => boolean;
}

/**
 * Helmet-style defaults on every response: no MIME sniffing, no referrer, no framing, a
 * same-origin opener, HSTS when the request came over TLS (directly or through a trusted proxy).
 */
function securityHeaders(req: Request, res: Response): void {
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader('referrer-policy', 'no-referrer');
  res.setHeader('x-frame-options', 'DENY');
  res.setHeader('cross-origin-opener-policy', 'same-origin');
  if (req.secure) res.setHeader('strict-transport-security', 'max-age=31536000; includeSubDomains');
  if (req.path.startsWith('/api/')) res.setHeader('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
}

/**
 * What every request gets first, through Express or the front door: its id (`x-request-id`, given
 * or made) and logger, the security headers, and the access log line when it finishes (with the
 * real path, a secret path's pattern instead, and the GraphQL operation name).
 */
export function requestStart(d: Pick<AppDeps, 'builder' | 'log'>): (req: Request, res: Response) => void {
  return (req, res) => {
    const requestId = d.builder.requestId(req.headers);
    const start = process.hrtime.bigint();
    const path = req.path;
    res.locals.requestId = requestId;
    res.locals.log = d.log.child({ reqId: requestId });
    res.setHeader('x-request-id', requestId);
    securityHeaders(req, res);
    res.on('finish', () => {
      if (!d.log.isLevelEnabled('info')) return;
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const op = (req.body as { operationName?: unknown } | undefined)?.operationName;
      d.log.info(
        // a route whose path carries a secret (a consent session id) logs its pattern there instead
        {
          reqId: requestId,
          method: req.method,
          path: (res.locals.logPath as string | undefined) ?? path,
          ...(typeof op === 'string' && op.length <= 100 ? { op } : {}),
          status: res.statusCode,
          ms: Math.round(ms * 10) / 10,
        },
        'request',
      );
    });
  };
}

/** The HTTP surface: /health, /static, /app (the admin console), /openapi.json + /docs, /graphql/stream (live events), /graphql (the gateway's door), /api (the REST facade). */
export function createApp(d: AppDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // no ETag: hashing every body (400 KB product pages) costs more than conditional GETs save here
  app.set('etag', false);
  app.set('trust proxy', d.config.trustedProxies.length ? d.config.trustedProxies : false);
  app.set('query parser', (s: string) => qs.parse(s, { depth: 4, arrayLimit: 100, parameterLimit: 200 }));

  // request id, security headers, access log (with the real path, and the GraphQL operation name)
  const begin = requestStart(d);
  app.use((req: Request, res: Response, next: NextFunction) => {
    begin(req, res);
    next();
  });

  app.get('/health', (_req, res) => {
    if (d.isReady()) res.json({ status: 'ok' });
    else res.status(503).json({ type: 'api_error', code: 'starting', message: 'The platform is starting' });
  });

  fs.mkdirSync(d.staticDir, { recursive: true });
  app.use(
    '/static',
    express.static(d.staticDir, {
      index: false,
      dotfiles: 'deny',
      maxAge: '1d',
      fallthrough: true,
      // files served from the API's own origin: never sniffed, and uploads (SVG, PDF) cannot run script here
      setHeaders: (res, file) => {
        res.setHeader('x-content-type-options', 'nosniff');
        if (file.includes(`${path.sep}media${path.sep}`))
          res.setHeader('content-security-policy', "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'");
      },
    }),
  );
  app.use('/static', (_req, res) => void res.status(404).json(Errors.notFound('File').toBody()));
  // the admin console (a single-page app on /graphql)
  mountConsole(app);
  // /openapi.json, /docs, and the GraphQL explorer for browsers (before Apollo takes /graphql)
  mountDocs(app, { config: d.config, sources: d.sources });

  // CORS per tenant on the storefront doors (see cors.ts)
  const cors = corsForStorefronts(d.config, d.origins);
  app.use('/api', cors);
  app.use('/graphql', cors);
  // the client behind a tenant's storefront server (X-Forwarded-For honoured only from those servers)
  if (d.authority) {
    const authority = d.authority;
    const client = (req: Request, res: Response, next: NextFunction) =>
      void resolveClient(authority, req.headers, req.ip).then((c) => {
        res.locals[CLIENT_LOCAL] = c;
        next();
      }, next);
    app.use('/api', client);
    app.use('/graphql', client);
  }

  // live domain events over graphql-sse: before /graphql, which would take the path otherwise
  app.use('/graphql/stream', ...d.stream);
  // GraphQL answers depend on the caller and are never stored by browsers or proxies
  app.use(
    '/graphql',
    (_req, res, next) => {
      res.setHeader('cache-control', 'no-store');
      next();
    },
    ...d.graphql.handler,
  );
  app.use('/api', d.api);

  app.use((req, res) => sendError(res, new DomainError('not_found', 'route_not_found', `No route for ${req.method} ${req.path}`)));
  // body parser and other framework errors
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const e = err as { type?: string; status?: number };
    if (e?.type === 'entity.parse.failed') return sendError(res, Errors.validation('invalid_json', 'The request body is not valid JSON'));
    if (e?.type === 'entity.too.large') {
      if (!res.headersSent)
        res
          .status(413)
          .json({ type: 'validation_error', code: 'payload_too_large', message: 'The request body is too large (1 MB at most; 16 MB for admins on /graphql)' });
      return;
    }
    if (e?.status && e.status >= 400 && e.status < 500) return sendError(res, Errors.validation('invalid_request', 'The request could not be read'));
    sendError(res, err, res.locals.log ?? d.log);
  });
  return app;
}
