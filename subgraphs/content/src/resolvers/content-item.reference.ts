import type { ReferenceResolver } from '@svc/kit';
import type { ContentServices } from '../services';

/** `__resolveReference` of ContentItem: other subgraphs' references, batched per request. */
export const contentItemReference = (s: ContentServices): ReferenceResolver => (ref, ctx) => s.items.byId(ctx, String(ref.id));
