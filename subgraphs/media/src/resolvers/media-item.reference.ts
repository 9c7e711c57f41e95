import type { ReferenceResolver } from '@svc/kit';
import type { MediaServices } from '../services';

/** `__resolveReference` of MediaItem: other subgraphs' references, batched per request. */
export const mediaItemReference = (s: MediaServices): ReferenceResolver => (ref, ctx) => s.items.byId(ctx, String(ref.id));
