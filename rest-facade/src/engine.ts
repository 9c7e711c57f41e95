import type { IncomingHttpHeaders } from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import express, { type Request, type Response, type Router } from 'express';
import { Kind, parse as parseGraphQL, visit, type DocumentNode, type FragmentDefinitionNode } from 'graphql';
import { z, type ZodType } from 'zod';
import {
  DomainError,
  Errors,
  FACADE_ROLE,
  assertNoNul,
  authorizeRoute,
  isRouteReply,
  lateRules,
  readCookies,
  validated,
  type RequestContext,
  type RouteDef,
  type RouteInput,
  type FieldsOption,
  type RouteReply,
  type SseEvent,
} from '@svc/kit';
import { LOCALE_TAG, type ContextBuilder, type EventHub, type LoadedGateway, type PreparedOperation } from '@svc/gateway';
import { fromGraphQLErrors, fromZod, sendError } from './errors';
import { applyFields, parseFields, type FieldSpec } from './fields';
import { applyRateDecision, clientOf, publicReadEtag, sendPublicRead, type CacheSnapshot, type CachedResponse, type ResponseCache } from '@svc/gateway';
import { adminRateKey, type AdminRateLimit } from './middleware/rate-limit';

/** Routes under the admin limit: admin- or agent-level routes, and everything under /admin/ and /v1/. */
const adminLimited = (def: RouteDef): boolean => def.auth === 'admin' || def.auth === 'agent' || /^\/(admin|v1)\//.test(def.path);

/** Routes of one domain and the folder of their operations (from the domain's manifest). */
export interface RouteSource {
  domain: string;
  routes: RouteDef[];
  operationsDir?: string;
}

/** Fragments every operation of a domain may use: `<operationsDir>/_fragments.graphql`. */
export const FRAGMENTS_FILE = '_fragments.graphql';

function fragmentsOf(doc: DocumentNode): Map<string, FragmentDefinitionNode> {
  const out = new Map<string, FragmentDefinitionNode>();
  for (const d of doc.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) out.set(d.name.value, d);
  return out;
}

/**
 * The source of operation `<domain>/<Name>`: its file plus the shared fragments it uses
 * (transitively), so every document sent to the gateway is complete and valid on its own.
 */
export function operationSource(sources: RouteSource[], ref: string): { file: string; source: string } {
  const [domain, name] = ref.split('/');
  const dir = sources.find((s) => s.domain === domain)?.operationsDir;
  if (!dir) throw new Error(`operation ${ref}: domain "${domain}" declares no operationsDir`);
  const file = path.join(dir, `${name}.graphql`);
  const own = fs.readFileSync(file, 'utf8');
  const sharedFile = path.join(dir, FRAGMENTS_FILE);
  if (!fs.existsSync(sharedFile)) return { file, source: own };
  const shared = fragmentsOf(parseGraphQL(fs.readFileSync(sharedFile, 'utf8')));
  const defined = fragmentsOf(parseGraphQL(own));
  const needed = new Set<string>();
  const walk = (node: Parameters<typeof visit>[0]) =>
    visit(node, {
      FragmentSpread(spread) {
        const n = spread.name.value;
        if (defined.has(n) || needed.has(n)) return;
        const frag = shared.get(n);
        if (!frag) return;
        needed.add(n);
        walk(frag);
      },
    });
  walk(parseGraphQL(own));
  const extra = [...shared.values()].filter((f) => needed.has(f.name.value)).map((f) => f.loc!.source.body.slice(f.loc!.start, f.loc!.end));
  return { file, source: extra.length ? `${own.trimEnd()}\n\n${extra.join('\n\n')}\n` : own };
}

function projected(body: unknown, opt: FieldsOption, spec: FieldSpec): unknown {
  const b = body as Record<string, unknown>;
  const v = b[opt.key];
  const one = (d: unknown) => applyFields(d, spec);
  return { ...b, [opt.key]: Array.isArray(v) ? v.map(one) : v == null ? v : one(v) };
}

function parse<T>(schema: ZodType<T> | undefined, value: unknown, where: 'query' | 'body' | 'params'): T {
  assertNoNul(value, where);
  if (!schema) {
    if (where !== 'params' && value && typeof value === 'object' && Object.keys(value).length) {
      const keys = Object.keys(value);
      throw new DomainError(
        'validation_error',
        'unknown_field',
        `Invalid request: Unrecognized fields: ${keys.map((k) => `'${k}'`).join(', ')}`,
        keys.map((k) => ({ field: k, code: 'unknown_field', message: `Unrecognized field '${k}'` })),
      );
    }
    return (value ?? {}) as T;
  }
  const r = schema.safeParse(value ?? {});
  if (!r.success) throw fromZod(where, r.error);
  return r.data;
}

/** POST routes read a body; a DELETE route only when it declares one (Medusa's DELETE /store/carts/:id/promotions) */
const readsBody = (def: RouteDef): boolean => def.method === 'POST' || (def.method === 'DELETE' && !!def.body);

/**
 * The parameters a route checks after authentication (`checkedAfterAuth`), as one schema of their
 * rules, or null when it has none.
 */
function lateCheck(schema: ZodType | undefined): ZodType<Record<string, unknown>> | null {
  const rules = lateRules(schema);
  return Object.keys(rules).length ? z.object(rules) : null;
}

/** `value` with its late-checked parameters replaced by what their rules parsed (400 when one refuses) */
function checkLate<T>(check: ZodType<Record<string, unknown>> | null, value: T, where: 'params' | 'query'): T {
  if (!check) return value;
  return { ...value, ...validated(check, { ...(value as object) }, where) };
}

/**
 * A JSON route reads only JSON: a body of another media type is 415 (nothing is written), and an
 * empty body means `{}` only when it was sent as `application/json` (or with no content type).
 */
function checkMediaType(req: Request, def: RouteDef): void {
  if (!readsBody(def)) return;
  const length = Number(req.headers['content-length'] ?? 0);
  const hasBody = length > 0 || req.headers['transfer-encoding'] !== undefined;
  const type = req.headers['content-type'];
  if (!hasBody && !type) return;
  const mime = (type ?? '').split(';')[0].trim().toLowerCase();
  if (mime === 'application/json' || (def.accepts as string[] | undefined)?.includes(mime)) return;
  throw new DomainError(
    'unsupported_media_type',
    'unsupported_media_type',
    `This route reads application/json${def.accepts?.length ? ` or ${def.accepts.join(', ')}` : ''}; the body was sent as ${type ?? 'no content type'}`,
  );
}

/**
 * The query of a route and the locale it asks for: `?locale=` is accepted on every route (it
 * chooses the language of what is answered, before x-medusa-locale and accept-language). A route
 * whose query schema names `locale` validates it itself; on the others it is taken out of the
 * query before the strict check and must be a language tag (400 otherwise).
 */
function queryAndLocale(def: RouteDef, raw: Request['query']): { query: unknown; locale?: string } {
  const given = raw.locale;
  const declares = !!(def.query as { shape?: Record<string, unknown> } | undefined)?.shape?.locale;
  if (given === undefined) return { query: parse(def.query, raw, 'query') };
  if (typeof given !== 'string' || (!declares && !LOCALE_TAG.test(given.trim()))) {
    throw Errors.invalidField('locale', 'locale must be a language tag such as en, de-CH or zh-Hant-TW');
  }
  if (declares) return { query: parse(def.query, raw, 'query'), locale: given };
  const { locale: _taken, ...rest } = raw;
  return { query: parse(def.query, rest, 'query'), locale: given };
}

/**
 * What Express's query parser drops silently is refused like any unknown parameter: a parameter
 * without a name (`?=false`, `?&=x`) is 400 `unknown_field`.
 */
function checkRawQuery(req: Request): void {
  const at = req.originalUrl.indexOf('?');
  if (at < 0) return;
  for (const part of req.originalUrl.slice(at + 1).split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const name = eq < 0 ? part : part.slice(0, eq);
    if (name === '' || name.replace(/\+/g, ' ').trim() === '') {
      throw new DomainError('validation_error', 'unknown_field', 'Invalid request: a query parameter has no name', [
        { field: '', code: 'unknown_field', message: 'A query parameter needs a name' },
      ]);
    }
  }
}

/** `x-medusa-locale`, when sent and not empty, is a language tag like `?locale=` (400 otherwise, as documented). */
function checkLocaleHeader(req: Request): void {
  const h = req.headers['x-medusa-locale'];
  // the Medusa SDK sends it empty on every call until the shopper chooses a locale
  if (h === undefined || h === '') return;
  if (typeof h !== 'string' || !LOCALE_TAG.test(h.trim()))
    throw Errors.invalidField('x-medusa-locale', 'x-medusa-locale must be a language tag such as en, de-CH or zh-Hant-TW');
}

/** A route whose answer is public: a storefront query read by GET, nothing personal (`noStore`). */
const publicRoute = (def: RouteDef, op: PreparedOperation): boolean =>
  def.method === 'GET' && !def.noStore && op.operation.operation === 'query' && (def.auth === 'publishable' || def.auth === 'none');

/**
 * Storefront reads without a token may be cached publicly (revalidated by ETag); anything personal
 * is never stored, nor the answer of a GET that changes something (a mutation: a social sign-in
 * start or callback).
 */
function cacheable(req: Request, def: RouteDef, op: PreparedOperation): boolean {
  return publicRoute(def, op) && !req.headers.authorization;
}

/** sends a JSON answer's bytes as they are */
const jsonBytes = (res: Response) => (bytes: Buffer | string) => res.status(200).type('application/json').send(bytes);

/**
 * A response cache hit, as it is sent (or 304 for a matching `If-None-Match`): by the route's
 * handler, and by the platform's front door before Express.
 */
export function sendCacheHit(req: Request, res: Response, hit: CachedResponse): void {
  res.setHeader('x-response-cache', 'hit');
  sendPublicRead(req, res, hit.bytes, jsonBytes(res), hit.etag);
}

/**
 * `fill`: the response cache's hand for this answer (a cacheable read without a hit), given its
 * bytes and ETag once they are made.
 */
function send(req: Request, res: Response, def: RouteDef, op: PreparedOperation, body: unknown, fill?: (bytes: Buffer, etag: string) => void): void {
  if (!cacheable(req, def, op)) {
    res.setHeader('cache-control', 'no-store');
    res.status(def.status ?? 200).json(body);
    return;
  }
  // one UTF-8 encoding, hashed and sent as is (a product page is ~400 KB)
  const bytes = Buffer.from(JSON.stringify(body));
  const etag = publicReadEtag(bytes);
  fill?.(bytes, etag);
  sendPublicRead(req, res, bytes, jsonBytes(res), etag);
}

/**
 * Whether the response cache may answer a route: a public read (as `cacheable`) that depends on
 * nothing but the URL, the store's key and the locale headers: no cookies, no one-time credential,
 * no secret in its path, nothing recorded per read, a JSON answer.
 */
function responseCacheable(def: RouteDef, op: PreparedOperation): boolean {
  return (
    publicRoute(def, op) && !def.recordsReads && !def.readsCookies?.length && !def.cookies && !def.bearerCredential && !def.secretParams?.length && !def.reply
  );
}

const paramName = (p: string) => {
  const i = p.indexOf('=');
  return i < 0 ? p : p.slice(0, i);
};

/**
 * The response cache's key of a request: the store's key (the store and its sales channels), the
 * URL with its query parameters in a stable order (a repeated parameter's values keep theirs), and
 * the locale headers as sent. The URL names its route (the first route matching a path takes it),
 * so the key needs nothing of the router: the platform's front door reads it before Express.
 */
export function responseCacheKey(key: string, url: string, headers: IncomingHttpHeaders): string {
  const q = url.indexOf('?');
  let target = url;
  if (q >= 0) {
    const parts = url.slice(q + 1).split('&');
    if (parts.length > 1) parts.sort((a, b) => (paramName(a) < paramName(b) ? -1 : paramName(a) > paramName(b) ? 1 : 0));
    target = `${url.slice(0, q)}?${parts.join('&')}`;
  }
  return `${key}\0${target}\0${headers['x-medusa-locale'] ?? ''}\0${headers['accept-language'] ?? ''}`;
}

/**
 * A route whose bearer is a one-time credential (`bearerCredential`): the token is taken out of the
 * headers the context builder sees (it is no session) and handed to the route; none is a 401.
 */
function credentialBearer(req: Request): { headers: IncomingHttpHeaders; bearer: string | undefined } {
  const { authorization, ...headers } = req.headers;
  return { headers, bearer: authorization ? (/^Bearer\s+(\S+)$/i.exec(authorization.trim())?.[1] ?? '') : undefined };
}

/** A location a redirect may carry: an absolute http(s) URL or a path of this origin, nothing that could break the header. */
const SAFE_LOCATION = /^(?:https?:\/\/[^\s\\]+|\/(?![/\\])[^\s\\]*)$/i;

/**
 * A route's non-JSON answer (tracking pixel, redirect). Never stored by any cache: these answers
 * record something each time they are fetched.
 */
function sendReply(res: Response, def: RouteDef, reply: RouteReply): void {
  res.setHeader('cache-control', 'no-store, no-cache, must-revalidate, private, max-age=0');
  res.setHeader('pragma', 'no-cache');
  res.setHeader('expires', '0');
  if (reply.kind !== def.reply?.kind) throw new Error(`route ${def.method} ${def.path} answered a ${reply.kind} reply it does not declare`);
  if (reply.kind === 'event-stream') throw new Error('event streams are sent by sendEventStream');
  if (reply.kind === 'empty') {
    res.status(reply.status).end();
    return;
  }
  if (reply.kind === 'binary') {
    res.status(200).setHeader('content-type', reply.contentType);
    res.setHeader('content-length', String(reply.body.length));
    res.end(reply.body);
    return;
  }
  if (!SAFE_LOCATION.test(reply.location)) throw new Error(`route ${def.method} ${def.path} redirects to an unsafe location`);
  res.status(reply.status).setHeader('location', reply.location);
  res.end();
}

/** the request path with the values of the route's secret parameters replaced by `:name` */
function logPath(req: Request, def: RouteDef): string {
  const names = def.path.split('/');
  return req.originalUrl
    .split('?')[0]
    .split('/')
    .map((seg, i, all) => {
      const name = names[i - (all.length - names.length)];
      return name?.startsWith(':') && def.secretParams!.includes(name.slice(1)) ? name : seg;
    })
    .join('/');
}

/** how often an open event stream sends a comment, so proxies keep the connection */
const KEEP_ALIVE_MS = 12_000;

const sse = (e: SseEvent) => `event: ${e.event}\ndata: ${JSON.stringify(e.data ?? null)}\n\n`;

/**
 * A route's server-sent event stream (`reply.kind` event-stream): its first events at once, then,
 * when it follows something, the store's domain events as the hub hands them over (every instance
 * hears every event), mapped to the stream's events, until the route's mapping ends it or its time
 * is up. The hub's subscription is opened before anything is sent, so nothing that happens after
 * the client learns the stream's id is missed. A client that goes away frees the subscription at
 * once and loses nothing the route stored; the server ending (shutdown, a slow reader) sends
 * `error`. Refusals happen before, as JSON.
 */
function sendEventStream(res: Response, reply: Extract<RouteReply, { kind: 'event-stream' }>, ctx: RequestContext, hub?: EventHub): void {
  const follow = reply.follow;
  // may throw 429 too_many_streams: nothing is sent yet
  const sub = follow && hub && ctx.tenantId ? hub.open(ctx.tenantId) : undefined;
  if (sub && follow) sub.setFilter({ exact: new Set(follow.types), prefixes: [] });
  res.status(200);
  res.setHeader('content-type', 'text/event-stream; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  res.setHeader('x-accel-buffering', 'no');
  res.flushHeaders();
  const write = (events: readonly SseEvent[]) => {
    for (const e of events) res.write(sse(e));
  };
  write(reply.events);
  if (!follow) return void res.end();
  if (!sub) {
    write(follow.detached);
    return void res.end();
  }
  let finished = false;
  const timers: NodeJS.Timeout[] = [];
  const finish = (events: readonly SseEvent[]) => {
    if (finished) return;
    finished = true;
    for (const t of timers) clearTimeout(t);
    sub.close();
    if (!res.writableEnded && !res.destroyed) {
      write(events);
      res.end();
    }
  };
  sub.onEnd = (why) =>
    finish([
      {
        event: 'error',
        data: {
          type: why === 'shutdown' ? 'api_error' : 'rate_limit_error',
          code: why === 'shutdown' ? 'shutting_down' : 'slow_consumer',
          message:
            why === 'shutdown'
              ? 'The server is shutting down; what the stream waited for is stored and can be decided elsewhere'
              : 'The client read too slowly',
        },
      },
    ]);
  // the client went away: the subscription is freed, nothing stored is touched
  res.on('close', () => finish([]));
  const keepAlive = setInterval(() => {
    if (!finished) res.write(':\n\n');
  }, KEEP_ALIVE_MS);
  keepAlive.unref();
  timers.push(
    keepAlive,
    setTimeout(() => finish(follow.onTimeout), Math.max(0, follow.until - Date.now())),
  );
  void (async () => {
    for await (const event of sub) {
      let mapped: ReturnType<typeof follow.map>;
      try {
        mapped = follow.map({ type: event.type, data: event.data });
      } catch (err) {
        ctx.log.error({ err }, 'event stream mapping failed');
        return finish([{ event: 'error', data: { type: 'api_error', code: 'internal_error', message: 'An internal error occurred' } }]);
      }
      if (!mapped) continue;
      if (mapped.end) return finish(mapped.events);
      write(mapped.events);
    }
  })();
}

interface CompiledRoute {
  def: RouteDef;
  op: PreparedOperation;
}

/** Prepares every operation at start (a route whose operation does not validate stops the start). */
/**
 * The root Query fields read by routes declared `noStore` (personal answers even without a token):
 * `/graphql` never lets a shared cache keep a GET that asks for one of them.
 */
export function personalRootFields(sources: RouteSource[]): Set<string> {
  const out = new Set<string>();
  for (const s of sources)
    for (const def of s.routes) {
      if (!def.noStore) continue;
      const name = def.operation.split('/')[1];
      for (const d of parseGraphQL(operationSource(sources, def.operation).source).definitions)
        if (d.kind === Kind.OPERATION_DEFINITION && d.operation === 'query' && d.name?.value === name)
          for (const f of d.selectionSet.selections) if (f.kind === Kind.FIELD) out.add(f.name.value);
    }
  return out;
}

export function compileRoutes(sources: RouteSource[], gw: LoadedGateway): CompiledRoute[] {
  return sources.flatMap((s) => s.routes.map((def) => ({ def, op: gw.prepare(operationSource(sources, def.operation).source, def.operation.split('/')[1]) })));
}

export function mountRoutes(
  router: Router,
  compiled: CompiledRoute[],
  gw: LoadedGateway,
  builder: ContextBuilder,
  adminLimit?: AdminRateLimit,
  hub?: EventHub,
  cache?: ResponseCache,
): void {
  compiled.forEach(({ def, op }) => {
    const late = { params: lateCheck(def.params), query: lateCheck(def.query) };
    const limitAdmin = adminLimit && adminLimited(def) ? adminLimit : undefined;
    const cached = cache && responseCacheable(def, op) ? cache : undefined;
    const handler = async (req: Request, res: Response) => {
      const requestId = (res.locals.requestId as string) ?? builder.requestId(req.headers);
      let ctx: RequestContext | undefined;
      if (def.secretParams?.length) res.locals.logPath = logPath(req, def);
      try {
        // the response cache: a fresh answer of the same read for the same store key is sent as it
        // was (or 304), once the key is still known; rate limiting ran before this handler
        let cacheKey: string | undefined;
        const storeKey = req.headers['x-publishable-api-key'];
        if (cached && typeof storeKey === 'string' && !req.headers.authorization) {
          cacheKey = responseCacheKey(storeKey, req.originalUrl, req.headers);
          const hit = cached.get(cacheKey);
          if (hit && (await builder.storeOfKey(storeKey))) return sendCacheHit(req, res, hit);
        }
        checkMediaType(req, def);
        checkRawQuery(req);
        checkLocaleHeader(req);
        const early = parse(def.params, req.params, 'params');
        const { query: earlyQuery, locale } = queryAndLocale(def, req.query);
        const fields = def.method === 'POST' && Buffer.isBuffer(req.body) ? parseMultipartFields(req.headers['content-type'] ?? '', req.body) : req.body;
        const body = readsBody(def) ? parse(def.body, fields, 'body') : undefined;
        const antispamToken =
          typeof (fields as { antispam_token?: unknown })?.antispam_token === 'string' ? (fields as { antispam_token: string }).antispam_token : undefined;
        const rawFields = (earlyQuery as { fields?: unknown } | undefined)?.fields;
        const { headers, bearer } = def.bearerCredential ? credentialBearer(req) : { headers: req.headers, bearer: undefined };
        ctx = await builder.build(
          headers,
          { antispam: def.antispam, antispamToken, ip: clientOf(req, res).ip ?? undefined, locale },
          requestId,
          res.locals.log,
        );
        // the admin limit, per authenticated admin or agent (shared with /graphql: same store, same key)
        const adminKey = limitAdmin ? adminRateKey(ctx.actor) : null;
        if (limitAdmin && adminKey) {
          if (!applyRateDecision(res, await limitAdmin.store.hit(adminKey, limitAdmin.limit, limitAdmin.windowMs ?? 1000))) return;
        }
        authorizeRoute(ctx, def.auth);
        // the store's key is checked first; then a route with a mailed credential needs one
        if (def.bearerCredential && bearer === undefined) {
          throw Errors.unauthenticated('token_missing', 'This request needs the token of the mail as "Authorization: Bearer <token>"');
        }
        // what is checked once the caller is known: parameters declared `checkedAfterAuth`, then `fields`
        const params = checkLate(late.params, early, 'params');
        const query = checkLate(late.query, earlyQuery, 'query');
        const spec = def.fields && typeof rawFields === 'string' ? parseFields(rawFields, def.fields.allowed) : null;
        const cookies = readCookies(req.headers.cookie, def.readsCookies ?? []);
        const input = { params, query, body, ctx, cookies, bearer } as RouteInput;
        // what the answer depends on, as it stands before the graph is read
        const snap: CacheSnapshot | undefined = cacheKey && ctx.tenantId && op.subgraphs.length ? cached!.snapshot(ctx.tenantId, op.subgraphs) : undefined;
        // the facade's own role: the Medusa documents its operations select are internal fields (FACADE_ROLE)
        if (!ctx.roles.includes(FACADE_ROLE)) ctx.roles = [...ctx.roles, FACADE_ROLE];
        const result = await gw.run(op, def.variables ? def.variables(input) : {}, ctx);
        if (result.errors?.length) throw fromGraphQLErrors(result.errors as never, ctx.log);
        if (snap) await cached!.settle(snap);
        const shaped = def.respond(result.data, input);
        if (isRouteReply(shaped)) {
          if (shaped.kind === 'event-stream' && def.reply?.kind === 'event-stream') sendEventStream(res, shaped, ctx, hub);
          else sendReply(res, def, shaped);
          return;
        }
        for (const c of def.cookies?.(result.data, input) ?? []) {
          res.cookie(c.name, c.value, {
            httpOnly: true,
            secure: true,
            sameSite: c.sameSite ?? 'lax',
            path: c.path ?? '/',
            maxAge: c.maxAgeSeconds * 1000,
            ...(c.domain ? { domain: c.domain } : {}),
          });
        }
        const fill =
          snap && cacheKey
            ? (bytes: Buffer, etag: string) => {
                res.setHeader('x-response-cache', 'miss');
                cached!.put(cacheKey, snap, { bytes, etag });
              }
            : undefined;
        send(req, res, def, op, spec && def.fields ? projected(shaped, def.fields, spec) : shaped, fill);
      } catch (err) {
        res.setHeader('cache-control', 'no-store');
        sendError(res, err, ctx?.log ?? res.locals.log);
      }
    };
    const m = def.method.toLowerCase() as 'get' | 'post' | 'delete';
    router[m](def.path, handler);
  });
}

/**
 * The methods each known path answers, for 405: an unsupported method on a path of the route table
 * answers 405 `method_not_allowed` with an `Allow` header (GET implies HEAD), not 404.
 */
export function allowedMethods(compiled: CompiledRoute[]): (path: string) => string[] {
  const table = compiled.map(({ def }) => ({
    method: def.method,
    re: new RegExp(`^${def.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\?:\w+/g, '[^/]+')}/?$`),
  }));
  return (path: string) => {
    const methods = new Set<string>();
    for (const t of table) if (t.re.test(path)) methods.add(t.method);
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  };
}

export const jsonBody = express.json({ limit: '1mb', strict: true });
/** form bodies, for the routes that declare them (`accepts`); any other route answers 415 */
export const formBody = express.urlencoded({ limit: '64kb', extended: false, parameterLimit: 50 });

/**
 * `multipart/form-data` bodies are read as bytes (at most 64 KB) and parsed into text fields only
 * for the routes that declare them (`accepts`): mail providers send the RFC 8058 one-click
 * unsubscribe this way. Any other route answers 415 as for every other media type.
 */
export const multipartBody = express.raw({ type: 'multipart/form-data', limit: '64kb' });

/** The text fields of a multipart/form-data body; a malformed body or a file part is a 400. */
export function parseMultipartFields(contentType: string, body: Buffer): Record<string, string> {
  const bad = (why: string) => new DomainError('validation_error', 'invalid_body', `Malformed multipart/form-data body: ${why}`);
  const boundary = /boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  if (!boundary) throw bad('no boundary');
  const delimiter = `--${boundary[1] ?? boundary[2]}`;
  const parts = body.toString('utf8').split(delimiter);
  if (parts.length < 2 || !parts[parts.length - 1].startsWith('--')) throw bad('no closing delimiter');
  const out: Record<string, string> = {};
  for (const part of parts.slice(1, -1)) {
    const text = part.replace(/^\r?\n/, '');
    const split = /\r?\n\r?\n/.exec(text);
    if (!split) throw bad('a part without headers');
    const head = text.slice(0, split.index);
    const disposition = /^content-disposition:\s*form-data;(.*)$/im.exec(head)?.[1] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    if (!name) throw bad('a part without a name');
    if (/\bfilename\*?=/i.test(disposition)) throw bad('files are not accepted');
    if (Object.keys(out).length >= 50) throw bad('more than 50 fields');
    out[name] = text.slice(split.index + split[0].length).replace(/\r?\n$/, '');
  }
  return out;
}
