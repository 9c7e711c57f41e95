import type { AuthChecker } from 'type-graphql';
import type { RequestContext } from './context';
import { Errors } from './errors';
import type { AuthLevel } from './rest';
import { CODE_ROLES } from './remote-graph';

/**
 * The one place that decides who may do what. GraphQL: `@Authorized()` needs any signed-in actor;
 * `@Authorized('admin')` needs one of the named roles (customer, admin, agent, operator).
 * Tenant-scoped roles also need a tenant in the context; the operator role is platform-wide.
 * REST: `authorizeRoute` checks a route's declared auth level before its operation runs; the
 * operation's resolvers check their roles again.
 */
export function requireRole(ctx: RequestContext, roles: readonly string[]): void {
  // a role only the platform's code grants (the facade's, internal) answers for itself: the facade runs a shopper's anonymous request
  if (roles.some((r) => CODE_ROLES.has(r) && ctx.roles.includes(r))) return;
  if (ctx.actor.type === 'anonymous') throw Errors.unauthenticated();
  // an analyst key passes only where its role is named (the analytics reads)
  if (ctx.actor.type === 'analyst' && !roles.includes('analyst')) throw analystOnly();
  if (roles.length === 0) return;
  if (!roles.some((r) => ctx.roles.includes(r))) throw Errors.forbidden();
  if (!ctx.roles.includes('operator') && !ctx.tenantId) throw Errors.publishableKeyRequired();
}

export const authChecker: AuthChecker<RequestContext> = ({ context }, roles) => {
  requireRole(context, roles);
  return true;
};

/** 403 for an analyst API key outside the analytics reads. */
export const analystOnly = () => Errors.forbidden('An analyst API key reads analytics and nothing else', 'scope_forbidden');

/**
 * Whether an analyst key may run this root field of the graph: only the analytics domain's reads. Every
 * other field, public ones included (catalog reads), answers 403 `scope_forbidden` to it.
 */
export const ANALYST_FIELDS: ReadonlySet<string> = new Set(['analyticsSeries', 'analyticsBreakdown', 'analyticsConversion', 'analyticsEvents']);
export const analystMayRun = (parentType: string, field: string): boolean => parentType === 'Query' && ANALYST_FIELDS.has(field);

export function authorizeRoute(ctx: RequestContext, level: AuthLevel): void {
  const t = ctx.actor.type;
  if (t === 'analyst' && level !== 'analyst' && level !== 'none') throw analystOnly();
  switch (level) {
    case 'none':
      return;
    case 'publishable':
      if (!ctx.publishableKey) throw Errors.publishableKeyRequired();
      return;
    case 'customer':
      if (!ctx.publishableKey) throw Errors.publishableKeyRequired();
      if (t !== 'customer' || !ctx.actor.id) throw Errors.unauthenticated('authentication_required', 'A customer token is required');
      return;
    case 'token':
      if (t !== 'customer' && t !== 'admin') throw Errors.unauthenticated('authentication_required', 'A customer or admin token is required');
      return;
    case 'admin':
      if (t !== 'admin') throw Errors.unauthenticated('authentication_required', 'An admin token is required');
      return;
    case 'agent':
      if (t !== 'agent') throw Errors.unauthenticated('authentication_required', 'An agent API key is required');
      return;
    case 'analyst':
      if (t !== 'analyst' && t !== 'admin') throw Errors.unauthenticated('authentication_required', 'An admin token or an analyst API key is required');
      if (!ctx.tenantId) throw Errors.publishableKeyRequired();
      return;
    case 'operator':
      if (t !== 'operator') throw Errors.unauthenticated('authentication_required', 'The operator token is required');
      return;
    default: {
      const never: never = level;
      throw new Error(`unknown auth level ${String(never)}`);
    }
  }
}
