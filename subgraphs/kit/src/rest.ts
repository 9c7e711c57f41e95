import { BlockList, isIP } from 'node:net';
import { z, type ZodType } from 'zod';
import type { RequestContext } from './context';

/**
 * REST route declarations. A domain declares its routes (in `src/rest/routes.ts`) with `route()`;
 * the REST facade turns each into an HTTP handler and `/openapi.json` describes it. Nothing here
 * touches HTTP: a route is data (method, path, auth, schemas, one named operation, shaping).
 */

/**
 * Who may call a route, checked by the facade before the operation runs:
 * - `none`: anyone (admin sign-in);
 * - `publishable`: `x-publishable-api-key` naming a tenant (every storefront route);
 * - `customer`: the publishable key and a customer token of that tenant;
 * - `token`: a customer or admin token (refresh, logout);
 * - `admin`, `agent`, `operator`: that kind of actor.
 */
/** `analyst`: an admin token or an analyst API key (the analytics routes) */
export type AuthLevel = 'none' | 'publishable' | 'customer' | 'token' | 'admin' | 'agent' | 'analyst' | 'operator';

export interface RouteInput<P = any, Q = any, B = any> {
  params: P;
  query: Q;
  body: B;
  ctx: RequestContext;
  /** the request cookies the route declares in `readsCookies` (others are never read) */
  cookies: Record<string, string>;
  /** the Authorization bearer of a route that declares `bearerCredential` (never a session) */
  bearer?: string;
}

export interface FieldsOption {
  /** key of the response body that holds the resource(s) */
  key: string;
  /** top-level fields and relations a client may name in `fields` */
  allowed: ReadonlySet<string>;
}

/**
 * One documented endpoint: method + path + auth + validation + one named GraphQL operation +
 * variable mapping + response shaping.
 */
export interface RouteDef<P = any, Q = any, B = any> {
  method: 'GET' | 'POST' | 'DELETE';
  /** relative to /api, express syntax (`/store/products/:id`) */
  path: string;
  auth: AuthLevel;
  /** the route needs a solved anti-spam challenge (x-antispam-token or body `antispam_token`) */
  antispam?: boolean;
  /** body media types besides JSON (the documented form_post / urlencoded callbacks) */
  accepts?: Array<'application/x-www-form-urlencoded' | 'multipart/form-data'>;
  params?: ZodType<P>;
  query?: ZodType<Q>;
  body?: ZodType<B>;
  /** `<domain>/<OperationName>`: `subgraphs/<domain>/src/rest/operations/<OperationName>.graphql` */
  operation: string;
  /** operation variables; everything a client may ask for must arrive here as an argument */
  variables?: (input: RouteInput<P, Q, B>) => Record<string, unknown>;
  /**
   * shapes `data` of the operation into the documented response body; a route that declares
   * `reply` answers a `RouteReply` instead (made with `binaryReply` / `redirectReply` /
   * `eventStreamReply`)
   */
  respond: (data: any, input: RouteInput<P, Q, B>) => unknown;
  /**
   * the documented non-JSON answer of the route (a tracking pixel, a redirect, a server-sent event
   * stream: `events` names each event it sends and what it carries); never cached
   */
  reply?:
    | { kind: 'binary'; contentType: string; description: string }
    | { kind: 'redirect'; description: string }
    | { kind: 'empty'; status: 201; description: string }
    | { kind: 'event-stream'; description: string; events: Record<string, string> };
  /**
   * The route's Authorization bearer is a one-time credential, not a session (Medusa's password
   * reset token): the gateway's context builder never sees it, `input.bearer` hands it to
   * `variables`, and the operation checks it. Without one the route answers 401 `token_missing`.
   */
  bearerCredential?: { description: string };
  /** the response body (documentation: `/openapi.json`) */
  response?: ZodType;
  /** the status of the JSON answer: 202 Accepted for work that goes on in the background (default 200) */
  status?: 202;
  /** the answer is personal (a session's state): never stored by a shared cache, even without a token */
  noStore?: boolean;
  /**
   * reading the route records something (a search term for the store's analytics): the response
   * cache never answers it, so every read reaches the domain; shared caches may still keep the answer
   */
  recordsReads?: boolean;
  /** path parameters that are secrets (a consent session id): the access log shows `:name` instead of the value */
  secretParams?: string[];
  /** cookies the response sets (always HttpOnly and Secure; SameSite=Lax unless said otherwise) */
  cookies?: (data: any, input: RouteInput<P, Q, B>) => RouteCookie[];
  /** names of request cookies the route reads (`input.cookies`) */
  readsCookies?: string[];
  /**
   * Medusa's `fields` query parameter for the resource(s) under `key` of the response: checked
   * against `allowed` before the operation runs (400 for unknown fields), applied after shaping.
   */
  fields?: FieldsOption;
  summary: string;
  /** OpenAPI tag; defaults to the declaring domain */
  tag?: string;
  /**
   * Error statuses the route answers beyond those `/openapi.json` derives from the declaration
   * (400, 401, 403, 404, 409, 415, 429, 500): e.g. 502 when it calls a provider.
   */
  errors?: Array<401 | 403 | 404 | 409 | 502 | 503>;
  /**
   * The 400s the route answers for input of a valid shape that the store's state refuses (an
   * unknown region, a sign-in state that expired, a link token that was changed): no schema can
   * tell them apart from valid input. `/openapi.json` lists them on the operation's 400
   * (`x-state-refusals`); everything else a route refuses with 400 is in its schemas.
   */
  refusals?: StateRefusal[];
}

/** A 400 that depends on the store's state: its `code`, the `field` it names (field errors), and when it happens. */
export interface StateRefusal {
  code: string;
  field?: string;
  when: string;
}

export interface RouteCookie {
  name: string;
  value: string;
  maxAgeSeconds: number;
  domain?: string | null;
  /** default `/` */
  path?: string;
  /** default `lax`; `none` for a cookie a cross-site POST must carry (Apple's form_post) */
  sameSite?: 'lax' | 'none' | 'strict';
}

/** The named cookies of a `Cookie` header (values URI-decoded; malformed pairs skipped). */
export function readCookies(header: string | undefined, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header || !names.length) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 1) continue;
    const name = part.slice(0, eq).trim();
    if (!names.includes(name) || name in out) continue;
    try {
      out[name] = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      /* not URI-encoded as expected: ignored */
    }
  }
  return out;
}

/** One server-sent event: its name (`event:`) and its data, sent as JSON (`data:`). */
export interface SseEvent {
  event: string;
  data: unknown;
}

/**
 * What an event stream waits for once its first events are sent: domain events of the caller's
 * store (the live fan-out every instance hears, `/graphql/stream`'s source), each turned into the
 * stream's own events by `map` (null: not this stream's), until one says `end` or `until` passes.
 */
export interface StreamFollow {
  /** the domain event types to listen to (`assistant.action_executed`) */
  types: string[];
  map: (event: { type: string; data: Record<string, unknown> }) => { events: SseEvent[]; end: boolean } | null;
  /** when to stop waiting (ms since the epoch), and the events that say so */
  until: number;
  onTimeout: SseEvent[];
  /** sent instead of waiting when this instance cannot follow (no event relay: `WORKERS_DISABLED`) */
  detached: SseEvent[];
}

/** A non-JSON answer of a route: bytes of one media type, a redirect, or an event stream. */
export type RouteReply =
  | { readonly kind: 'binary'; readonly contentType: string; readonly body: Buffer }
  | { readonly kind: 'redirect'; readonly location: string; readonly status: 302 | 303 }
  | { readonly kind: 'empty'; readonly status: 201 }
  | { readonly kind: 'event-stream'; readonly events: readonly SseEvent[]; readonly follow?: StreamFollow };

const REPLY = Symbol('route-reply');

/** `respond`'s answer for a route whose `reply` is binary. */
export const binaryReply = (contentType: string, body: Buffer): RouteReply => ({ [REPLY]: true, kind: 'binary', contentType, body }) as RouteReply;
/** `respond`'s answer for a route whose `reply` is a redirect (`location`: an absolute http(s) URL or a path). */
export const redirectReply = (location: string, status: 302 | 303 = 302): RouteReply => ({ [REPLY]: true, kind: 'redirect', location, status }) as RouteReply;
/** `respond`'s answer for a route whose `reply` is empty: the status alone (Medusa's `201 Created` without a body). */
export const emptyReply = (status: 201 = 201): RouteReply => ({ [REPLY]: true, kind: 'empty', status }) as RouteReply;
/**
 * `respond`'s answer for a route whose `reply` is an event stream: the events to send at once, then
 * (optionally) what to follow. Everything the route refuses is refused before, as JSON with its status.
 */
export const eventStreamReply = (events: SseEvent[], follow?: StreamFollow): RouteReply =>
  ({ [REPLY]: true, kind: 'event-stream', events, follow }) as RouteReply;
export const isRouteReply = (v: unknown): v is RouteReply => typeof v === 'object' && v !== null && (v as Record<symbol, unknown>)[REPLY] === true;

export const route = <P, Q, B>(def: RouteDef<P, Q, B>): RouteDef<P, Q, B> => def;

// ---- parameters checked after authentication ----

const LATE_RULES = new WeakMap<ZodType, ZodType>();

/**
 * A path or query parameter whose rule is checked once the caller is authenticated, so that a
 * request without a key or token is refused for that first (and learns nothing of the rule): the
 * route's parse reads the parameter loosely (text, or absent), the facade checks `rule` right after
 * authorization (400 like any invalid field: `missing_field` when the rule requires it), and
 * `/openapi.json` documents `rule` itself (its pattern, whether it is required). The route reads
 * the value `rule` parsed.
 */
export function checkedAfterAuth<T extends ZodType>(rule: T): ZodType<z.output<T>> {
  const loose = z.string().max(2000).optional();
  LATE_RULES.set(loose, rule);
  return loose as unknown as ZodType<z.output<T>>;
}

/** The parameters of an object schema declared with `checkedAfterAuth`, by name, with their rules. */
export function lateRules(schema: ZodType | undefined): Record<string, ZodType> {
  const shape = (schema as { shape?: Record<string, ZodType> } | undefined)?.shape;
  const out: Record<string, ZodType> = {};
  for (const [name, field] of Object.entries(shape ?? {})) {
    const rule = LATE_RULES.get(field);
    if (rule) out[name] = rule;
  }
  return out;
}

// ---- shared query/body schema pieces ----

const MAX_INT = 2_147_483_647;

/** `limit=` with no value means the default, like an absent parameter */
const blankIsAbsent = (v: unknown) => (v === '' ? undefined : v);

/** `limit`: non-negative integer, clamped to 100 (the applied value is echoed by the list). */
export const limitParam = z.preprocess(
  blankIsAbsent,
  z.coerce
    .number({ message: 'limit must be a number' })
    .int('limit must be an integer')
    .min(0, 'limit must not be negative')
    .transform((v) => Math.min(v, 100))
    .optional(),
);
export const offsetParam = z.preprocess(
  blankIsAbsent,
  z.coerce.number({ message: 'offset must be a number' }).int('offset must be an integer').min(0, 'offset must not be negative').max(MAX_INT).optional(),
);
/** `id=a`, `id[0]=a&id[1]=b` (qs) -> string[] */
export const stringList = z.union([z.string().max(200), z.array(z.string().max(200)).max(100)]).transform((v) => (Array.isArray(v) ? v : [v]));
export const fieldsParam = z.string().max(2000).optional();
export const idParam = z.strictObject({ id: z.string().min(1).max(200) });

/** `{ items, count, offset, limit }` of a list operation -> Medusa's `{ <key>: items, count, offset, limit }` */
export const listEnvelope = <T>(key: string, list: { items: T[]; count: number; offset: number; limit: number }, map?: (item: T) => unknown) => ({
  [key]: map ? list.items.map(map) : list.items,
  count: list.count,
  offset: list.offset,
  limit: list.limit,
});

/** `https://Shop.example.com/` -> `https://shop.example.com` (scheme, host and port only); null if not a web origin. */
export function normalizeOrigin(value: string): string | null {
  try {
    const u = new URL(value);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
    return u.origin;
  } catch {
    return null;
  }
}

/**
 * A storefront server address as a tenant lists it: an IPv4/IPv6 address or a CIDR range
 * (`203.0.113.7`, `10.0.0.0/8`, `2001:db8::/32`); normalised, or null when it is neither.
 */
export function normalizeServerAddress(value: string): string | null {
  const m = /^([0-9a-fA-F:.]+)(?:\/(\d{1,3}))?$/.exec(value.trim());
  if (!m) return null;
  const family = isIP(m[1]);
  if (!family) return null;
  if (m[2] === undefined) return m[1].toLowerCase();
  const bits = Number(m[2]);
  if (bits > (family === 4 ? 32 : 128)) return null;
  return `${m[1].toLowerCase()}/${bits}`;
}

/** Whether `ip` is one of `addresses` (addresses or CIDR ranges, see normalizeServerAddress). */
export function addressListed(ip: string, addresses: readonly string[]): boolean {
  if (!addresses.length) return false;
  const plain = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const family = isIP(plain);
  if (!family) return false;
  const list = new BlockList();
  for (const a of addresses) {
    const [addr, bits] = a.split('/');
    const f = isIP(addr) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(addr, f);
    else list.addSubnet(addr, Number(bits), f);
  }
  return list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * Whether Medusa's `fields` asks for a relation outside the default document (`*orders`,
 * `+products`, `products.id`, a bare `products` in a replacing list), so that the route's
 * operation fetches it.
 */
export function wantsRelation(fields: string | undefined, relation: string): boolean {
  if (!fields) return false;
  return fields.split(',').some((raw) => {
    const t = raw.trim();
    if (t.startsWith('-')) return false;
    const name = t.replace(/^[+*]/, '').replace(/\.\*$/, '');
    return name === relation || name.startsWith(`${relation}.`);
  });
}
