import type { ReferenceResolver } from '@svc/kit';
import type { CommerceServices } from '../services';

/** `__resolveReference` of CommerceItem: other subgraphs' references, batched per request. */
export const commerceItemReference = (s: CommerceServices): ReferenceResolver => (ref, ctx) => s.items.byId(ctx, String(ref.id));
