import { toPlanView } from '../services/views';
import type { ReferenceResolver } from '@svc/kit';
import type { SubscriptionsServices } from '../services';

/** `__resolveReference` of SubscriptionPlan: batched per request (null when absent). */
export const planReference =
  (s: SubscriptionsServices): ReferenceResolver =>
  async (ref, ctx) => {
    const p = await s.plans.byId(ctx, String(ref.id));
    return p ? toPlanView(p) : null;
  };
