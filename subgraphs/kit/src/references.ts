import type { RequestContext } from './context';
import { DomainError, Errors } from './errors';

/** Whether a resource exists in the caller's store (asked as the caller, through the domain's port). */
export type ReferenceLookup = (ctx: RequestContext, id: string) => Promise<boolean>;

/** A port query that answers the resource or throws `not_found`: false when it is not found. */
export async function foundOrFalse(ask: () => Promise<unknown>): Promise<boolean> {
  try {
    return !!(await ask());
  } catch (err) {
    if (err instanceof DomainError && err.type === 'not_found') return false;
    throw err;
  }
}

/**
 * References to other domains' resources resolve inside the caller's tenant before anything is
 * written: every `{type, id}` whose type has a lookup must be found (as the caller, so another
 * store's ids are not), else 404 `not_found` naming the resource. Types without a lookup (custom
 * resource types) are not checked. Platform jobs and seeds (the operator's system context) write
 * ids they read from the same store and are not checked.
 */
export async function assertReferences(
  ctx: RequestContext,
  refs: Array<{ type: string; id: string }>,
  lookups: Record<string, ReferenceLookup>,
): Promise<void> {
  if (ctx.roles.includes('operator')) return;
  const seen = new Set<string>();
  for (const r of refs) {
    const lookup = lookups[r.type];
    const key = `${r.type}|${r.id}`;
    if (!lookup || seen.has(key)) continue;
    seen.add(key);
    if (!(await lookup(ctx, r.id))) throw Errors.notFound(r.type, r.id);
  }
}
