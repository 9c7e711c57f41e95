import type { ReferenceResolver } from '@svc/kit';
import type { FormsServices } from '../services';

/** `__resolveReference` of FormsItem: other subgraphs' references, batched per request. */
export const formsItemReference = (s: FormsServices): ReferenceResolver => (ref, ctx) => s.items.byId(ctx, String(ref.id));
