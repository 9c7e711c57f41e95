import type { ReferenceResolver } from '@svc/kit';
import type { MediaServices } from '../services';

/** `__resolveReference` of Media: other subgraphs' references, batched per request. */
export const mediaReference =
  (s: MediaServices): ReferenceResolver =>
  (ref, ctx) =>
    s.media.byId(ctx, String(ref.id));
