import { z } from 'zod';
import { idParam, listEnvelope, queryOf, route } from '@svc/kit';
import {
  cancelSchema,
  changePlanSchema,
  checkoutSchema,
  createSubscriptionSchema,
  paymentMethodUpdateSchema,
  subscriptionListSchema,
} from '../inputs/subscription.input';

const noQuery = z.strictObject({});
const noBody = z.strictObject({});
const invalidTransition = 'the subscription’s status does not allow it (409 invalid_transition)';

/**
 * subscriptions' REST routes (§4.4): plans, checkout and creation, the owner's reads and the
 * lifecycle; and an extension (not in §4.4): replacing the saved payment method.
 */
/** An answer with the provider's session under `payment_session` again (the operation reads it as the internal `payment_session_document`). */
function withSession<T extends { payment_session_document: unknown }>(o: T): Omit<T, 'payment_session_document'> & { payment_session: unknown } {
  const { payment_session_document: session, ...rest } = o;
  // where the operation selects it: after trial_days (a checkout) or provider_id (a method update)
  const after = 'trial_days' in rest ? 'trial_days' : 'provider_id';
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rest)) {
    out[k] = v;
    if (k === after) out.payment_session = session;
  }
  return out as Omit<T, 'payment_session_document'> & { payment_session: unknown };
}

export const subscriptionsRoutes = [
  route({
    method: 'GET',
    path: '/store/subscription-plans',
    auth: 'publishable',
    query: noQuery,
    operation: 'subscriptions/StoreSubscriptionPlans',
    summary: "The store's active plans: interval and count, a price per currency (major units), trial days",
    respond: (d) => ({ subscription_plans: d.subscriptionPlans, count: d.subscriptionPlans.length }),
  }),
  route({
    method: 'GET',
    path: '/store/subscriptions',
    auth: 'customer',
    query: queryOf(subscriptionListSchema),
    operation: 'subscriptions/StoreMySubscriptions',
    summary: "The signed-in customer's subscriptions, newest first (status, limit, offset)",
    variables: ({ query }) => query,
    respond: (d) => listEnvelope('subscriptions', d.mySubscriptions),
  }),
  route({
    method: 'POST',
    path: '/store/subscriptions/checkout',
    auth: 'customer',
    body: checkoutSchema,
    operation: 'subscriptions/StartSubscriptionCheckout',
    summary:
      "Starts a checkout for a plan in a currency with a payment provider: an incomplete subscription and the provider's session that saves the method for renewals (Stripe: a PaymentIntent with setup_future_usage=off_session for the first period, or a SetupIntent when the plan starts with a trial; manual and bank transfer: invoices). Answers {checkout, subscription}",
    refusals: [
      { code: 'invalid_field', field: 'plan_id', when: 'no active plan has this id or handle' },
      { code: 'invalid_field', field: 'currency_code', when: 'the plan has no price in the currency' },
      { code: 'invalid_field', field: 'provider_id', when: 'the store does not offer the provider in the currency, or it cannot keep a method for renewals' },
      { code: 'payment_refused', when: 'the payment provider refused to start the session' },
    ],
    variables: ({ body }) => ({ input: body }),
    respond: (d) => {
      const { checkout, subscription } = d.startSubscriptionCheckout;
      return { checkout: withSession(checkout), subscription };
    },
  }),
  route({
    method: 'POST',
    path: '/store/subscriptions',
    auth: 'customer',
    body: createSubscriptionSchema,
    operation: 'subscriptions/CreateSubscription',
    summary:
      'Creates the subscription from a completed checkout ({checkout_id}: the payment is checked with the provider; the same checkout answers the same subscription), or a trial without payment ({plan_id, currency_code} of a plan with trial days). 409 payment_incomplete while the payment is not done',
    refusals: [
      { code: 'checkout_required', field: 'checkout_id', when: 'neither checkout_id nor plan_id is given, or the plan has no trial days' },
      { code: 'missing_field', field: 'currency_code', when: 'plan_id is given without currency_code' },
      { code: 'invalid_field', field: 'plan_id', when: 'no active plan has this id or handle, or plan_id is given with checkout_id' },
      { code: 'invalid_field', field: 'currency_code', when: 'the plan has no price in the currency, or currency_code is given with checkout_id' },
    ],
    variables: ({ body }) => ({ input: body }),
    respond: (d) => ({ subscription: d.createSubscription }),
  }),
  route({
    method: 'GET',
    path: '/store/subscriptions/:id',
    auth: 'customer',
    params: idParam,
    query: noQuery,
    operation: 'subscriptions/StoreMySubscription',
    summary: "One of the signed-in customer's subscriptions (404 for another customer's or store's)",
    variables: ({ params }) => ({ id: params.id }),
    respond: (d) => ({ subscription: d.mySubscription }),
  }),
  route({
    method: 'POST',
    path: '/store/subscriptions/:id/pause',
    auth: 'customer',
    params: idParam,
    body: noBody,
    operation: 'subscriptions/PauseSubscription',
    summary: `Pauses an active subscription: no renewal while paused; ${invalidTransition} otherwise`,
    variables: ({ params }) => ({ id: params.id }),
    respond: (d) => ({ subscription: d.pauseSubscription }),
  }),
  route({
    method: 'POST',
    path: '/store/subscriptions/:id/resume',
    auth: 'customer',
    params: idParam,
    body: noBody,
    operation: 'subscriptions/ResumeSubscription',
    summary: `Resumes a paused subscription; the period end moves by the paused time; ${invalidTransition} otherwise`,
    variables: ({ params }) => ({ id: params.id }),
    respond: (d) => ({ subscription: d.resumeSubscription }),
  }),
  route({
    method: 'POST',
    path: '/store/subscriptions/:id/change-plan',
    auth: 'customer',
    params: idParam,
    body: changePlanSchema,
    operation: 'subscriptions/ChangeSubscriptionPlan',
    summary:
      'Switches an active subscription to another plan, prorated by the unused share of the period exact to the minor unit: {subscription, proration: {credit, charge, net, currency_code, effective_at}}; the net is added to (or taken off) the next renewal. A plan of another interval takes over at the period end',
    refusals: [{ code: 'invalid_field', field: 'plan_id', when: 'no active plan has this id or handle, or it has no price in the subscription’s currency' }],
    variables: ({ params, body }) => ({ id: params.id, plan_id: body.plan_id }),
    respond: (d) => d.changeSubscriptionPlan,
  }),
  route({
    method: 'POST',
    path: '/store/subscriptions/:id/cancel',
    auth: 'customer',
    params: idParam,
    body: cancelSchema,
    operation: 'subscriptions/CancelSubscription',
    summary: `Cancels now, or at the period end with {at_period_end: true}; ${invalidTransition} when canceled already`,
    variables: ({ params, body }) => ({ id: params.id, at_period_end: body.at_period_end ?? null }),
    respond: (d) => ({ subscription: d.cancelSubscription }),
  }),
  // extension: replacing the saved payment method (start a save-for-later session, then confirm it)
  route({
    method: 'POST',
    path: '/store/subscriptions/:id/payment-method',
    auth: 'customer',
    params: idParam,
    body: paymentMethodUpdateSchema,
    operation: 'subscriptions/StartSubscriptionPaymentMethodUpdate',
    summary: `Starts replacing the saved payment method of an active, paused or past-due subscription: a new save-for-later session on the provider ({provider_id} optional, default the subscription's; Stripe: a SetupIntent with usage=off_session, PayPal: a vault setup token with its approve_url; return_url and cancel_url as at checkout). Answers {subscription_id, provider_id, payment_session, subscription}; ${invalidTransition} otherwise`,
    refusals: [
      {
        code: 'invalid_field',
        field: 'provider_id',
        when: 'the store does not offer the provider in the subscription’s currency, or it keeps no method for renewals',
      },
      { code: 'payment_refused', when: 'the payment provider refused to start the session' },
    ],
    variables: ({ params, body }) => ({ id: params.id, input: body }),
    respond: (d) => withSession(d.startSubscriptionPaymentMethodUpdate),
  }),
  route({
    method: 'POST',
    path: '/store/subscriptions/:id/payment-method/confirm',
    auth: 'customer',
    params: idParam,
    body: noBody,
    operation: 'subscriptions/ConfirmSubscriptionPaymentMethodUpdate',
    summary:
      'Confirms the replacement started last once the customer completed it at the provider: renewals charge the new method from now on; a past-due subscription is retried on it at once. 409 payment_incomplete before the customer completed it, 409 invalid_transition when none was started',
    variables: ({ params }) => ({ id: params.id }),
    respond: (d) => ({ subscription: d.confirmSubscriptionPaymentMethodUpdate }),
  }),
];
