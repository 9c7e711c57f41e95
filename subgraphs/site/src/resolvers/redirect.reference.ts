import type { ReferenceResolver } from '@svc/kit';
import type { SiteServices } from '../services';

/** `__resolveReference` of Redirect, batched per request. */
export const redirectReference =
  (s: SiteServices): ReferenceResolver =>
  (ref, ctx) =>
    s.redirects.byId(ctx, String(ref.id));
