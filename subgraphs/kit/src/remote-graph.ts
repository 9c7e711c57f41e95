import type { Logger } from 'pino';
import { systemContext, type RequestContext } from './context';

/**
 * The role of the platform's own calls between its processes (a gateway asking identity who a
 * token is, a seed wiring the demo store). No token, key or header grants it: only code builds a
 * context with it, and a remote subgraph receives it only inside a context signed with
 * INTERNAL_SECRET. Fields meant for the platform alone are `@Authorized(INTERNAL_ROLE)`.
 */
export const INTERNAL_ROLE = 'internal';

/** A system context (operator) that may also run internal operations. */
export function internalContext(log: Logger, tenantId: string | null = null, requestId = 'internal'): RequestContext {
  const ctx = systemContext(log, tenantId, requestId);
  ctx.roles = ['operator', INTERNAL_ROLE];
  return ctx;
}
