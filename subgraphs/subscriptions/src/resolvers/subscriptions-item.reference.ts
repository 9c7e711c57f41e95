import type { ReferenceResolver } from '@svc/kit';
import type { SubscriptionsServices } from '../services';

/** `__resolveReference` of SubscriptionsItem: other subgraphs' references, batched per request. */
export const subscriptionsItemReference =
  (s: SubscriptionsServices): ReferenceResolver =>
  (ref, ctx) =>
    s.items.byId(ctx, String(ref.id));
