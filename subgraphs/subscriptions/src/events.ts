import { z } from 'zod';
import { defineEvents } from '@svc/kit';

const sub = { id: z.string(), customer_id: z.string(), plan_id: z.string() };

/** What subscriptions tells the rest of the platform (payloads are checked when emitted). */
export const subscriptionsEvents = defineEvents('subscriptions', {
  'subscription_plan.created': z.object({ id: z.string(), handle: z.string() }),
  'subscription_plan.updated': z.object({ id: z.string(), fields: z.array(z.string()) }),
  /** the checkout was completed (or a trial started): the subscription is active */
  'subscription.created': z.object({ ...sub, status: z.string(), order_id: z.string().nullable() }),
  /** one per successful renewal cycle, with its order */
  'subscription.renewed': z.object({
    ...sub,
    cycle: z.number().int(),
    order_id: z.string(),
    order_display_id: z.number().int(),
    amount: z.number(),
    currency_code: z.string(),
    current_period_end: z.string(),
  }),
  /** a renewal charge failed: past_due, retried at `next_attempt_at` (null: no attempt left, canceled) */
  'subscription.payment_failed': z.object({
    ...sub,
    cycle: z.number().int(),
    attempt: z.number().int(),
    next_attempt_at: z.string().nullable(),
    message: z.string(),
  }),
  'subscription.paused': z.object(sub),
  'subscription.resumed': z.object({ ...sub, current_period_end: z.string() }),
  'subscription.plan_changed': z.object({
    ...sub,
    from_plan_id: z.string(),
    credit: z.number(),
    charge: z.number(),
    net: z.number(),
    effective_at: z.string(),
  }),
  /** the saved payment method was replaced (a past-due subscription is retried on it at once) */
  'subscription.payment_method_updated': z.object({ ...sub, provider_id: z.string(), status: z.string() }),
  /** reason: requested (now), period_end (asked for the period end), payment_failed (no attempt left) */
  'subscription.canceled': z.object({
    ...sub,
    reason: z.string(),
    /** an immediate cancel's refund of the unused period (major units; 0: nothing), its state (pending, refunded, owed) and currency */
    refund_amount: z.number().optional(),
    refund_status: z.string().nullable().optional(),
    currency_code: z.string().optional(),
  }),
});
