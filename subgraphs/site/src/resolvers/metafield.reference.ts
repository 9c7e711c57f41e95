import type { ReferenceResolver } from '@svc/kit';
import type { SiteServices } from '../services';

/** `__resolveReference` of Metafield, batched per request. */
export const metafieldReference =
  (s: SiteServices): ReferenceResolver =>
  (ref, ctx) =>
    s.metafields.byId(ctx, String(ref.id));
