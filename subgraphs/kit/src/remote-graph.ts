import type { Logger } from 'pino';
import { systemContext, type RequestContext } from './context';

/**
 * The role of the platform's own calls between its processes (a gateway asking identity who a
 * token is, a seed wiring the demo store). No token, key or header grants it: only code builds a
 * context with it, and a remote subgraph receives it only inside a context signed with
 * INTERNAL_SECRET. Fields meant for the platform alone are `@Authorized(INTERNAL_ROLE)`.
 */
export const INTERNAL_ROLE = 'internal';

/**
 * The role the REST facade adds to the context of the operations it runs (rest-facade engine.ts):
 * no token, key or header grants it, so a field `@Authorized(FACADE_ROLE)` (the Medusa `document`s
 * the facade answers) is refused to every /graphql client and left out of the public view.
 */
export const FACADE_ROLE = 'facade';

/** Roles only the platform's own code puts in a context: they pass on their own, whoever the actor is. */
export const CODE_ROLES: ReadonlySet<string> = new Set([INTERNAL_ROLE, FACADE_ROLE]);

/** A system context (operator) that may also run internal operations. */
export function internalContext(log: Logger, tenantId: string | null = null, requestId = 'internal'): RequestContext {
  const ctx = systemContext(log, tenantId, requestId);
  ctx.roles = ['operator', INTERNAL_ROLE];
  return ctx;
}
