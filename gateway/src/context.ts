import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import {
  ANONYMOUS,
  DomainError,
  Errors,
  looksLikeJwt,
  newId,
  verifyToken,
  type ContextClaims,
  type Logger,
  type PlatformConfig,
  type RequestContext,
  type SignInThrottle,
} from '@svc/kit';

export interface ContextOptions {
  /** verify and consume the anti-spam token (public POSTs) */
  antispam?: boolean;
  /** anti-spam token from the body, when the header is absent */
  antispamToken?: string;
  /** the client's IP as express determined it (trust proxy) */
  ip?: string;
  /** `?locale=` of a REST call: wins over the x-medusa-locale and accept-language headers */
  locale?: string;
}

/** A language tag as a request may name it (`?locale=`, x-medusa-locale, accept-language): language, up to two subtags. */
export const LOCALE_TAG = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8}){0,2}$/;

/**
 * The locale a request asks for: `?locale=` (REST), else `x-medusa-locale` (the Medusa SDK sends
 * it on every call, empty unless the shopper chose one), else the `accept-language` tag with the
 * highest quality (`*` and malformed tags are skipped). Null when none names a usable tag.
 */
export function requestLocale(queryLocale: string | undefined, headers: IncomingHttpHeaders): string | null {
  for (const candidate of [queryLocale, first(headers['x-medusa-locale'])]) {
    const tag = candidate?.trim();
    if (tag && LOCALE_TAG.test(tag)) return tag;
  }
  const accept = first(headers['accept-language']);
  if (!accept) return null;
  let best: { tag: string; q: number } | null = null;
  for (const part of accept.slice(0, 500).split(',')) {
    const [rawTag, ...params] = part.trim().split(';');
    const tag = rawTag.trim();
    if (!LOCALE_TAG.test(tag)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { tag, q };
  }
  return best?.tag ?? null;
}

/**
 * What the context builder asks of the identity domain (its AuthorityService implements this):
 * which tenant a publishable key names, which agent an API key is, whether a session is open,
 * whether an anti-spam solution is valid and unused.
 */
export interface Authority {
  tenantForPublishableKey(key: string): Promise<string | null>;
  /** the key's tenant and sales channels */
  publishableKey?(key: string): Promise<{ tenantId: string; salesChannelIds: string[] } | null>;
  /** the key's store and scope (`agent`, or `analyst`: analytics reads only) */
  agentForKey(key: string): Promise<{ id: string; tenantId: string; scope?: string } | null>;
  session(sid: string): Promise<{ tenantId: string; actorType: string; actorId: string; identityId: string; open: boolean } | null>;
  consumeAntispam(tenantId: string, payload: string): Promise<boolean>;
  /** addresses or CIDR ranges of the tenant's own storefront servers */
  storefrontServers?(tenantId: string): Promise<string[]>;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,80}$/;

/** The first value of a header that may be repeated. */
export const firstHeader = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);
const first = firstHeader;

/**
 * The gateway's one place of authentication: publishable key -> tenant, bearer -> actor (customer
 * or admin JWT with a live session, agent API key, operator token), anti-spam token -> verified.
 */
export class ContextBuilder {
  constructor(
    private readonly config: PlatformConfig,
    private readonly authority: Authority,
    private readonly log: Logger,
    /** failed bearer keys per client IP (agent keys and the operator token are guessable otherwise) */
    private readonly throttle?: SignInThrottle,
  ) {}

  requestId(headers: IncomingHttpHeaders): string {
    const given = first(headers['x-request-id']);
    return given && REQUEST_ID.test(given) ? given : newId('req');
  }

  /** The store (and its sales channels) a publishable key names, or null for a key that names none (cached by the authority). */
  storeOfKey(key: string): Promise<{ tenantId: string; salesChannelIds: string[] } | null> {
    return this.authority.publishableKey
      ? this.authority.publishableKey(key)
      : this.authority.tenantForPublishableKey(key).then((tenantId) => (tenantId ? { tenantId, salesChannelIds: [] } : null));
  }

  /** `log`: the request's logger when the caller already made one (it carries the request id). */
  async build(headers: IncomingHttpHeaders, opts: ContextOptions = {}, requestId = this.requestId(headers), log?: Logger): Promise<RequestContext> {
    const ctx: RequestContext = {
      requestId,
      tenantId: null,
      publishableKey: false,
      clientIp: opts.ip ?? null,
      userAgent: first(headers['user-agent'])?.slice(0, 500) ?? null,
      actor: ANONYMOUS,
      roles: [],
      antispam: { verified: false },
      locale: null,
      log: log ?? this.log.child({ reqId: requestId }),
      memo: new Map(),
    };
    const key = first(headers['x-publishable-api-key']);
    if (key) {
      const found = await this.storeOfKey(key);
      if (!found) throw new DomainError('authentication_error', 'invalid_publishable_key', 'The publishable API key is not valid');
      ctx.tenantId = found.tenantId;
      ctx.publishableKey = true;
      if (found.salesChannelIds.length) ctx.salesChannelIds = found.salesChannelIds;
    }
    const auth = first(headers.authorization);
    if (auth) await this.authenticate(ctx, auth);
    ctx.locale = requestLocale(opts.locale, headers);
    if (opts.antispam) {
      const token = first(headers['x-antispam-token']) ?? opts.antispamToken;
      if (!ctx.tenantId) throw Errors.publishableKeyRequired();
      const ok = token ? await this.authority.consumeAntispam(ctx.tenantId, token) : false;
      if (!ok) throw new DomainError('permission_error', 'invalid_antispam_token', 'A valid anti-spam token is required');
      ctx.antispam = { verified: true };
    }
    return ctx;
  }

  private async authenticate(ctx: RequestContext, header: string): Promise<void> {
    const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
    if (!m) throw new DomainError('authentication_error', 'token_invalid', 'The Authorization header must be "Bearer <token>"');
    const token = m[1];
    if (!looksLikeJwt(token) && ctx.clientIp) await this.throttle?.check(`bearer-ip:${ctx.clientIp}`, ctx.clientIp);
    if (this.config.operatorToken && safeEqual(token, this.config.operatorToken)) {
      ctx.actor = { type: 'operator', id: null };
      ctx.roles = ['operator'];
      return;
    }
    if (looksLikeJwt(token)) {
      const claims = verifyToken(token, this.config.jwtSecret);
      const session = await this.authority.session(claims.sid);
      if (!session || !session.open) throw new DomainError('authentication_error', 'token_invalid', 'The token has been revoked');
      // the session row, not the token, says who this is: every claim must match it
      if (
        session.tenantId !== claims.tenant_id ||
        session.actorType !== claims.actor_type ||
        session.actorId !== (claims.actor_id ?? '') ||
        session.identityId !== claims.auth_identity_id
      ) {
        throw new DomainError('authentication_error', 'token_invalid', 'The token does not match its session');
      }
      if (ctx.tenantId && ctx.tenantId !== claims.tenant_id) {
        throw new DomainError('authentication_error', 'token_invalid', 'The token belongs to another store');
      }
      ctx.tenantId = claims.tenant_id;
      ctx.actor = { type: claims.actor_type, id: claims.actor_id || null, identityId: claims.auth_identity_id, sessionId: claims.sid };
      ctx.roles = [claims.actor_type];
      return;
    }
    const agent = await this.authority.agentForKey(token);
    if (!agent) {
      // counted per IP only: the key itself names no account
      if (ctx.clientIp) await this.throttle?.failed(`bearer-ip:${ctx.clientIp}`, ctx.clientIp);
      throw new DomainError('authentication_error', 'token_invalid', 'The API key or token is not valid');
    }
    if (ctx.tenantId && ctx.tenantId !== agent.tenantId) {
      throw new DomainError('authentication_error', 'token_invalid', 'The API key belongs to another store');
    }
    ctx.tenantId = agent.tenantId;
    const type = agent.scope === 'analyst' ? 'analyst' : 'agent';
    ctx.actor = { type, id: agent.id };
    ctx.roles = [type];
  }
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

// ---- signed context for remote subgraphs ----

export const CONTEXT_HEADER = 'x-svc-context';
export const SIGNATURE_HEADER = 'x-svc-context-signature';

export function signClaims(claims: ContextClaims, secret: string, now = Date.now()): { context: string; signature: string } {
  const context = Buffer.from(JSON.stringify({ ...claims, iat: now })).toString('base64url');
  return { context, signature: createHmac('sha256', secret).update(context).digest('hex') };
}

/** Verifies the gateway's signature (and a 60 s freshness window) on a remote subgraph. */
export function verifyClaims(context: string | undefined, signature: string | undefined, secret: string, now = Date.now()): ContextClaims {
  if (!context || !signature) throw Errors.unauthenticated('internal_context_missing', 'Requests to a subgraph must come through the gateway');
  const want = createHmac('sha256', secret).update(context).digest('hex');
  if (!safeEqual(want, signature)) throw Errors.unauthenticated('internal_context_invalid', 'The gateway signature is not valid');
  const parsed = JSON.parse(Buffer.from(context, 'base64url').toString('utf8')) as ContextClaims & { iat: number };
  if (!Number.isFinite(parsed.iat) || Math.abs(now - parsed.iat) > 60_000) {
    throw Errors.unauthenticated('internal_context_expired', 'The gateway context is too old');
  }
  const { iat: _iat, ...claims } = parsed;
  return claims;
}
