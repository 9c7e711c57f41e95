import type { ReferenceResolver } from '@svc/kit';
import type { SearchServices } from '../services';

/** `__resolveReference` of SearchItem: other subgraphs' references, batched per request. */
export const searchItemReference = (s: SearchServices): ReferenceResolver => (ref, ctx) => s.items.byId(ctx, String(ref.id));
