import type { EntityManager } from '@mikro-orm/core';
import type { Logger } from 'pino';
import { Errors } from './errors';

/** `analyst`: an API key of the analyst scope, which reads the store's analytics and nothing else */
export type ActorType = 'anonymous' | 'customer' | 'admin' | 'agent' | 'analyst' | 'operator';

export interface Actor {
  type: ActorType;
  /** customer id, admin user id, agent key id; null for anonymous and operator */
  id: string | null;
  /** the auth identity behind a customer token (set even before a customer profile exists) */
  identityId?: string;
  /** id of the session (JWT `sid`) so it can be revoked */
  sessionId?: string;
  email?: string;
}

/**
 * The verified request context. Built once by the gateway from the publishable key, bearer token
 * and anti-spam token; in-process subgraphs receive this object, remote ones a signed copy.
 */
export interface RequestContext {
  requestId: string;
  tenantId: string | null;
  /** the tenant was named by a valid `x-publishable-api-key` (storefront routes need one) */
  publishableKey: boolean;
  /** the sales channels of that key (Medusa: storefront reads and carts are scoped to them; none: no scope) */
  salesChannelIds?: string[];
  /** the client's IP (from X-Forwarded-For only behind TRUSTED_PROXIES), for sign-in throttling */
  clientIp: string | null;
  /** the client's User-Agent header (at most 500 characters), for records that keep it (form submissions) */
  userAgent?: string | null;
  actor: Actor;
  /** roles the auth checker matches `@Authorized(...)` against */
  roles: string[];
  antispam: { verified: boolean; challenge?: string };
  locale: string | null;
  log: Logger;
  /** per-request memo (DataLoaders and the like), keyed by owner */
  memo: Map<string, unknown>;
  /**
   * The open unit of work: per ORM (one per subgraph), the EntityManager of the transaction this
   * context runs in. Set on a copy of the context by `Store.transaction`; services called with that
   * copy join the transaction. Absent outside a unit of work.
   */
  tx?: Map<object, EntityManager>;
  /** callbacks run once the outermost transaction of this context has committed */
  afterCommit?: Array<() => void | Promise<void>>;
}

/** The serialisable part of the context (what travels to remote subgraphs). */
export type ContextClaims = Pick<
  RequestContext,
  'requestId' | 'tenantId' | 'publishableKey' | 'salesChannelIds' | 'clientIp' | 'userAgent' | 'actor' | 'roles' | 'antispam' | 'locale'
>;

export function claimsOf(ctx: RequestContext): ContextClaims {
  const { requestId, tenantId, publishableKey, salesChannelIds, clientIp, userAgent, actor, roles, antispam, locale } = ctx;
  return { requestId, tenantId, publishableKey, salesChannelIds, clientIp, userAgent, actor, roles, antispam, locale };
}

export function contextFromClaims(claims: ContextClaims, log: Logger): RequestContext {
  return { ...claims, log: log.child({ reqId: claims.requestId }), memo: new Map() };
}

export const ANONYMOUS: Actor = Object.freeze({ type: 'anonymous', id: null }) as Actor;

export function systemContext(log: Logger, tenantId: string | null, requestId = 'system'): RequestContext {
  return {
    requestId,
    tenantId,
    publishableKey: false,
    clientIp: null,
    actor: { type: 'operator', id: null },
    roles: ['operator'],
    antispam: { verified: false },
    locale: null,
    log,
    memo: new Map(),
  };
}

/** Tenant of the request or 401 `publishable_key_required`. */
export function requireTenant(ctx: RequestContext): string {
  if (!ctx.tenantId) throw Errors.publishableKeyRequired();
  return ctx.tenantId;
}

export function requireCustomer(ctx: RequestContext): string {
  requireTenant(ctx);
  if (ctx.actor.type !== 'customer' || !ctx.actor.id) throw Errors.unauthenticated();
  return ctx.actor.id;
}

/** Per-request memo: one instance of `make()` per request and key. */
export function memo<T>(ctx: RequestContext, key: string, make: () => T): T {
  let v = ctx.memo.get(key) as T | undefined;
  if (v === undefined) {
    v = make();
    ctx.memo.set(key, v);
  }
  return v;
}
