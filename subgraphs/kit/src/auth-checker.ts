import type { AuthChecker } from 'type-graphql';
import type { RequestContext } from './context';
import { Errors } from './errors';

/**
 * The one auth checker of every subgraph. `@Authorized()` needs any signed-in actor;
 * `@Authorized('admin')` needs one of the named roles. Roles: customer, admin, agent, operator.
 * Tenant-scoped roles also need a tenant in the context; the operator role is platform-wide.
 */
export const authChecker: AuthChecker<RequestContext> = ({ context }, roles) => {
  const ctx = context;
  if (ctx.actor.type === 'anonymous') throw Errors.unauthenticated();
  if (roles.length === 0) return true;
  if (roles.some((r) => ctx.roles.includes(r))) {
    if (!ctx.roles.includes('operator') && !ctx.tenantId) throw Errors.publishableKeyRequired();
    return true;
  }
  throw Errors.forbidden();
};
