import type { Request, RequestHandler, Response } from 'express';
import {
  GraphQLError,
  Kind,
  Lexer,
  Source,
  TokenKind,
  getNamedType,
  getNullableType,
  isLeafType,
  isListType,
  isObjectType,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import { getComplexity, type ComplexityEstimator } from 'graphql-query-complexity';
import type { RequestContext } from '@svc/kit';
import { CLIENT_LOCAL, type ClientAddress } from './client';

/*
 * Query limits of the public GraphQL door (`/graphql`). The REST facade's prepared operations run
 * through `gw.run` and never pass here.
 *
 * Cost (graphql-query-complexity, one estimator below):
 *   - a field with a `limit` argument (the paginated lists: products, collections, …):
 *       (1 + children) × min(limit ?? 20, 100)
 *   - the `items` list of such a page (its parent type has a `limit` field): 1 + children
 *     (already multiplied at the page field)
 *   - any other list-returning field: (1 + children) × 20
 *   - any other object field: 1 + children; scalars and enums: 0
 *   - introspection (`__schema`, `__type`, `__typename`): 0
 */

export interface QueryLimits {
  maxCost: number;
  maxDepth: number;
  maxAliases: number;
  maxDirectives: number;
  maxTokens: number;
}

export interface GraphQLLimits {
  /** anonymous, publishable-key and customer callers */
  public: QueryLimits;
  /** admins, agents and the operator */
  trusted: QueryLimits;
}

export const DEFAULT_GRAPHQL_LIMITS: GraphQLLimits = {
  public: { maxCost: 50_000, maxDepth: 10, maxAliases: 15, maxDirectives: 10, maxTokens: 2_000 },
  trusted: { maxCost: 500_000, maxDepth: 15, maxAliases: 50, maxDirectives: 50, maxTokens: 10_000 },
};

const DEFAULT_LIST_SIZE = 20;
const MAX_LIST_SIZE = 100;

export function limitsFor(ctx: RequestContext | undefined, limits: GraphQLLimits = DEFAULT_GRAPHQL_LIMITS): QueryLimits {
  const t = ctx?.actor?.type;
  return t === 'admin' || t === 'agent' || t === 'operator' ? limits.trusted : limits.public;
}

function tooComplex(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { type: 'validation_error', code: 'query_too_complex', http: { status: 400 } } });
}

const listSize = (v: unknown): number => {
  const n = typeof v === 'number' && Number.isFinite(v) ? Math.floor(v) : DEFAULT_LIST_SIZE;
  return Math.max(0, Math.min(n, MAX_LIST_SIZE));
};

const costEstimator: ComplexityEstimator = ({ type, field, args, childComplexity }) => {
  if (field.name.startsWith('__')) return 0;
  const named = getNamedType(field.type);
  if (isLeafType(named)) return 0; // scalars and enums
  const own = 1 + childComplexity;
  if (field.args.some((a) => a.name === 'limit')) return own * listSize(args.limit);
  if (isListType(getNullableType(field.type))) {
    const pageItems = isObjectType(type) && 'limit' in type.getFields();
    return pageItems ? own : own * DEFAULT_LIST_SIZE;
  }
  return own;
};

function queryCost(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown> | undefined, operationName?: string): number {
  return getComplexity({ schema, query: document, variables: variables ?? {}, operationName, estimators: [costEstimator] });
}

interface ShapeStats {
  depth: number;
  aliases: number;
  directives: number;
}

/** Depth (introspection fields excluded), aliases and directives of the selected operation, fragments followed. */
function shapeOf(document: DocumentNode, operationName?: string | null): ShapeStats {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const ops = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  const op = operationName ? ops.find((o) => o.name?.value === operationName) : ops[0];
  const stats: ShapeStats = { depth: 0, aliases: 0, directives: 0 };
  if (!op) return stats;
  stats.directives += op.directives?.length ?? 0;
  const walk = (set: SelectionSetNode | undefined, depth: number, seen: Set<string>): number => {
    if (!set) return depth;
    let max = depth;
    for (const sel of set.selections) {
      stats.directives += sel.directives?.length ?? 0;
      if (sel.kind === Kind.FIELD) {
        if (sel.alias) stats.aliases += 1;
        if (sel.name.value.startsWith('__')) continue;
        max = Math.max(max, walk(sel.selectionSet, depth + 1, seen));
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        max = Math.max(max, walk(sel.selectionSet, depth, seen));
      } else {
        const frag = fragments.get(sel.name.value);
        if (!frag || seen.has(frag.name.value)) continue;
        stats.directives += frag.directives?.length ?? 0;
        max = Math.max(max, walk(frag.selectionSet, depth, new Set(seen).add(frag.name.value)));
      }
    }
    return max;
  };
  stats.depth = walk(op.selectionSet, 0, new Set());
  return stats;
}

/** Counts lexical tokens, stopping once `max` is exceeded (so a huge document costs no more than max tokens). */
export function countTokens(source: string, max: number): number {
  const lexer = new Lexer(new Source(source));
  let n = 0;
  try {
    while (lexer.advance().kind !== TokenKind.EOF) if (++n > max) return n;
  } catch {
    // a syntax error: parsing reports it
  }
  return n;
}

/*
 * Shape and cost are pure functions of (document, operation name[, variables]); a document that is
 * served from Apollo's document store is the same object every time, so both are remembered against
 * it (WeakMaps: they go when the store drops the document). Costs are kept for a few variable sets
 * per operation (a storefront sends the same detail query with many ids: the first
 * MAX_COSTS_PER_DOCUMENT short variable sets are kept, any other is costed again).
 */
const MAX_COSTS_PER_DOCUMENT = 64;
/** variable sets longer than this (as JSON) are costed every time, never kept */
const MAX_COST_KEY_LENGTH = 512;
const shapes = new WeakMap<DocumentNode, Map<string, ShapeStats>>();
const costs = new WeakMap<DocumentNode, Map<string, number>>();

function cachedShape(document: DocumentNode, operationName: string | null | undefined): ShapeStats {
  let byOp = shapes.get(document);
  if (!byOp) shapes.set(document, (byOp = new Map()));
  const key = operationName ?? '';
  let shape = byOp.get(key);
  if (!shape) byOp.set(key, (shape = shapeOf(document, operationName)));
  return shape;
}

function cachedCost(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown> | undefined, operationName: string | undefined): number {
  let byVars = costs.get(document);
  if (!byVars) costs.set(document, (byVars = new Map()));
  const key = `${operationName ?? ''}\u0000${variables ? JSON.stringify(variables) : ''}`;
  const known = byVars.get(key);
  if (known !== undefined) return known;
  const cost = queryCost(schema, document, variables, operationName);
  if (byVars.size < MAX_COSTS_PER_DOCUMENT && key.length <= MAX_COST_KEY_LENGTH) byVars.set(key, cost);
  return cost;
}

/** Throws `query_too_complex` when the validated operation exceeds a limit; returns its cost. */
export function checkOperation(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> | undefined,
  operationName: string | null | undefined,
  limits: QueryLimits,
): number {
  const shape = cachedShape(document, operationName);
  if (shape.depth > limits.maxDepth) throw tooComplex(`The query is ${shape.depth} levels deep; at most ${limits.maxDepth} are allowed`);
  if (shape.aliases > limits.maxAliases) throw tooComplex(`The query uses ${shape.aliases} aliases; at most ${limits.maxAliases} are allowed`);
  if (shape.directives > limits.maxDirectives) throw tooComplex(`The query uses ${shape.directives} directives; at most ${limits.maxDirectives} are allowed`);
  let cost: number;
  try {
    cost = cachedCost(schema, document, variables, operationName ?? undefined);
  } catch (err) {
    if (err instanceof GraphQLError && err.extensions?.code === 'query_too_complex') throw err;
    // bad variables: execution reports them (and executes nothing)
    return 0;
  }
  if (cost > limits.maxCost) {
    const e = tooComplex(`The query costs ${cost}; at most ${limits.maxCost} is allowed`);
    (e as GraphQLError & { cost?: number }).cost = cost;
    throw e;
  }
  return cost;
}

// ---- rate limits of /graphql ----

interface RateDecisionLike {
  allowed: boolean;
  limit: number;
  remaining: number;
  resetSeconds: number;
  retryAfterSeconds: number;
}

/** The REST facade's RateLimitStore (structurally): one store, so REST and GraphQL share windows. */
export interface RateLimitStoreLike {
  hit(key: string, limit: number, windowMs: number): Promise<RateDecisionLike>;
}

export interface GraphQLRateLimits {
  store: RateLimitStoreLike;
  storeRps: number;
  adminRps: number;
  /** a tenant's storefront server that names no shopper (default: storeRps) */
  storefrontServerRps?: number;
  /** the window the limits count in (default 1000 ms: requests per second) */
  windowMs?: number;
}

/**
 * The storefront window of a client, without the `store:` prefix the REST store rule adds: its IP,
 * or `storefront-server:<ip>` at the storefront-server limit for a tenant's storefront server that
 * names no shopper. REST and /graphql count a client in the same window.
 */
export function storefrontRateKey(
  client: { ip: string | null | undefined; storefrontServer?: boolean },
  r: { storeRps: number; storefrontServerRps?: number },
): { key: string; limit: number } {
  if (client.storefrontServer) return { key: `storefront-server:${client.ip}`, limit: r.storefrontServerRps ?? r.storeRps };
  return { key: client.ip ?? 'unknown', limit: r.storeRps };
}

/**
 * The rate-limit key and limit of an authenticated (or anonymous) caller:
 * admins `admin:<id>` and agents `agent:<id>` on the admin limit, customers `customer:<id>` on the
 * store limit, everyone else per client IP `store:<ip>` on the store limit (the REST store rule's key).
 * The operator token is on the admin limit too, in one window `operator` (shared with REST).
 */
export function rateKeyOf(
  ctx: RequestContext | undefined,
  client: { ip: string | null | undefined; storefrontServer?: boolean },
  r: { storeRps: number; adminRps: number; storefrontServerRps?: number },
): { key: string; limit: number } | null {
  const a = ctx?.actor;
  if (a?.type === 'operator') return { key: 'operator', limit: r.adminRps };
  if ((a?.type === 'admin' || a?.type === 'agent') && a.id) return { key: `${a.type}:${a.id}`, limit: r.adminRps };
  if (a?.type === 'customer' && a.id) return { key: `customer:${a.id}`, limit: r.storeRps };
  const store = storefrontRateKey(client, r);
  return { key: `store:${store.key}`, limit: store.limit };
}

/** The body of every 429 of a rate limit (REST and /graphql). */
export const RATE_LIMITED_BODY = { type: 'rate_limit_error', code: 'rate_limited', message: 'Too many requests; retry after the Retry-After seconds' } as const;

/** Sets X-RateLimit-Limit/Remaining/Reset (and Retry-After when refused). */
export function setRateLimitHeaders(res: Response, d: RateDecisionLike): void {
  res.setHeader('X-RateLimit-Limit', String(d.limit));
  res.setHeader('X-RateLimit-Remaining', String(d.remaining));
  res.setHeader('X-RateLimit-Reset', String(d.resetSeconds));
  if (!d.allowed) res.setHeader('Retry-After', String(d.retryAfterSeconds));
}

/** Sets the four headers; answers 429 (never stored) and returns false when the hit is refused. */
export function applyRateDecision(res: Response, d: RateDecisionLike): boolean {
  setRateLimitHeaders(res, d);
  if (d.allowed) return true;
  res.setHeader('cache-control', 'no-store');
  res.status(429).json(RATE_LIMITED_BODY);
  return false;
}

const queryText = (req: Request): string | undefined => {
  const b = req.body as { query?: unknown } | undefined;
  if (b && typeof b.query === 'string') return b.query;
  const q = (req.query as Record<string, unknown> | undefined)?.query;
  return typeof q === 'string' ? q : undefined;
};

/** Where the /graphql pre-handler leaves the context it built (Apollo's context function reuses it). */
export const CTX_LOCAL = 'graphqlContext';
export const CTX_ERROR_LOCAL = 'graphqlContextError';

/**
 * Runs before Apollo: authenticates once, applies the rate limit for that identity, and refuses a
 * document with too many tokens (before anything parses it).
 */
export function graphqlGuard(
  build: (req: Request, res: Response) => Promise<RequestContext>,
  rate: GraphQLRateLimits | undefined,
  limits: GraphQLLimits,
): RequestHandler {
  return async (req, res, next) => {
    let ctx: RequestContext | undefined;
    try {
      ctx = await build(req, res);
      res.locals[CTX_LOCAL] = ctx;
    } catch (err) {
      res.locals[CTX_ERROR_LOCAL] = err;
    }
    try {
      if (rate) {
        const r = rateKeyOf(ctx, clientOf(req, res), rate);
        if (r && !applyRateDecision(res, await rate.store.hit(r.key, r.limit, rate.windowMs ?? 1000))) return;
      }
      const text = queryText(req);
      const { maxTokens } = limitsFor(ctx, limits);
      if (text !== undefined && countTokens(text, maxTokens) > maxTokens) {
        const e = tooComplex(`The query has more than ${maxTokens} tokens`);
        res.status(400).json({ errors: [{ message: e.message, extensions: { type: 'validation_error', code: 'query_too_complex' } }] });
        return;
      }
      next();
    } catch (err) {
      next(err);
    }
  };
}

/** The client the HTTP layer resolved for this request (storefront servers naming their shopper), else the peer. */
export function clientOf(req: Request, res: Response): ClientAddress {
  return (res.locals[CLIENT_LOCAL] as ClientAddress | undefined) ?? { ip: req.ip ?? null, storefrontServer: false };
}
