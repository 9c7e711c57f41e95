import { z } from 'zod';
import { ArgsType, Field, InputType, Int } from 'type-graphql';
import { JSONScalar, PageArgs, ValidateWith, httpUrlSchema, currencySchema, handleSchema, metadataSchema, pageSchema, type Metadata } from '@svc/kit';

/**
 * The constraints of plans and subscriptions, written once: GraphQL validates with them
 * (`@ValidateWith`), the REST routes reuse them.
 */

export const PLAN_INTERVALS = ['day', 'week', 'month', 'year'] as const;
export const SUBSCRIPTION_STATUSES = ['incomplete', 'active', 'paused', 'past_due', 'canceled'] as const;

const amount = z.string().regex(/^\d{1,12}(\.\d{1,4})?$/, 'amounts are decimal strings in major units, e.g. "9.99"');
const priceSchema = z.strictObject({ currency_code: currencySchema, amount });
const prices = z
  .array(priceSchema)
  .min(1, 'a plan needs a price in at least one currency')
  .max(50)
  .refine((ps) => new Set(ps.map((p) => p.currency_code)).size === ps.length, 'one price per currency');

const planFields = {
  name: z.string().min(1, 'name must not be empty').max(300),
  handle: handleSchema,
  description: z.string().max(10_000).nullish(),
  interval: z.enum(PLAN_INTERVALS),
  interval_count: z.number().int().min(1).max(36),
  prices,
  trial_days: z.number().int().min(0).max(730),
  active: z.boolean(),
  metadata: metadataSchema.nullish(),
};

export const createPlanSchema = z.strictObject({
  ...planFields,
  handle: handleSchema.nullish(),
  interval_count: planFields.interval_count.optional(),
  trial_days: planFields.trial_days.optional(),
  active: planFields.active.optional(),
});
export type CreatePlanData = z.infer<typeof createPlanSchema>;

/** Only the fields given change (interval and prices of running subscriptions change from their next renewal). */
export const updatePlanSchema = z.strictObject({
  name: planFields.name.optional(),
  description: planFields.description,
  interval: planFields.interval.optional(),
  interval_count: planFields.interval_count.optional(),
  prices: prices.optional(),
  trial_days: planFields.trial_days.optional(),
  active: planFields.active.optional(),
  metadata: planFields.metadata,
});
export type UpdatePlanData = z.infer<typeof updatePlanSchema>;

const ref = z.string().min(1).max(200);

export const checkoutSchema = z.strictObject({
  plan_id: ref,
  currency_code: currencySchema,
  provider_id: z.string().min(1).max(100),
  return_url: httpUrlSchema('return_url').optional(),
  cancel_url: httpUrlSchema('cancel_url').optional(),
});
export type CheckoutData = z.infer<typeof checkoutSchema>;

/** From a completed checkout, or a trial without payment (`plan_id` and `currency_code` of a plan with trial days). */
/**
 * From a completed checkout (`checkout_id`), or a trial without payment (`plan_id` and
 * `currency_code` of a plan with trial days); which one, and what is missing, the service says
 * (400 checkout_required, missing_field, invalid_field: the refusals of the route).
 */
export const createSubscriptionSchema = z.strictObject({
  checkout_id: ref.optional(),
  plan_id: ref.optional(),
  currency_code: currencySchema.optional(),
});
export type CreateSubscriptionData = z.infer<typeof createSubscriptionSchema>;

/** A new save-for-later session for a subscription's payment method (default: the subscription's provider). */
export const paymentMethodUpdateSchema = z.strictObject({
  provider_id: z.string().min(1).max(100).optional(),
  return_url: httpUrlSchema('return_url').optional(),
  cancel_url: httpUrlSchema('cancel_url').optional(),
});
export type PaymentMethodUpdateData = z.infer<typeof paymentMethodUpdateSchema>;

export const changePlanSchema = z.strictObject({ plan_id: ref });
export const cancelSchema = z.strictObject({ at_period_end: z.boolean().optional() });
export const subscriptionIdSchema = ref;

export const subscriptionListSchema = z.strictObject({
  ...pageSchema,
  status: z.array(z.enum(SUBSCRIPTION_STATUSES)).max(5).optional(),
});
export type SubscriptionListQuery = z.infer<typeof subscriptionListSchema>;

export const adminSubscriptionListSchema = subscriptionListSchema.extend({
  customer_id: z.string().max(100).optional(),
  plan_id: z.string().max(100).optional(),
});
export type AdminSubscriptionListQuery = z.infer<typeof adminSubscriptionListSchema>;

@InputType('SubscriptionPlanPriceInput')
class PlanPriceInput {
  @Field() currency_code!: string;
  @Field({ description: 'Decimal string in major units, exact to the currency’s minor unit' }) amount!: string;
}

@InputType('CreateSubscriptionPlanInput')
@ValidateWith(createPlanSchema)
export class CreatePlanInput {
  @Field() name!: string;
  @Field(() => String, { nullable: true, description: 'Unique in the store; made from the name when absent' }) handle?: string | null;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => String, { description: PLAN_INTERVALS.join(', ') }) interval!: (typeof PLAN_INTERVALS)[number];
  @Field(() => Int, { nullable: true, description: 'Billed every interval_count intervals (default 1)' }) interval_count?: number;
  @Field(() => [PlanPriceInput]) prices!: PlanPriceInput[];
  @Field(() => Int, { nullable: true }) trial_days?: number;
  @Field({ nullable: true }) active?: boolean;
  @Field(() => JSONScalar, { nullable: true }) metadata?: Metadata | null;
}

@InputType('UpdateSubscriptionPlanInput')
@ValidateWith(updatePlanSchema)
export class UpdatePlanInput {
  @Field({ nullable: true }) name?: string;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => String, { nullable: true }) interval?: (typeof PLAN_INTERVALS)[number];
  @Field(() => Int, { nullable: true }) interval_count?: number;
  @Field(() => [PlanPriceInput], { nullable: true }) prices?: PlanPriceInput[];
  @Field(() => Int, { nullable: true }) trial_days?: number;
  @Field({ nullable: true }) active?: boolean;
  @Field(() => JSONScalar, { nullable: true }) metadata?: Metadata | null;
}

@InputType('SubscriptionCheckoutInput', { description: 'A subscription checkout to start' })
@ValidateWith(checkoutSchema)
export class CheckoutInput {
  @Field({ description: 'Plan id or handle' }) plan_id!: string;
  @Field({ description: 'ISO 4217 currency, lowercase; the plan must have a price in it' }) currency_code!: string;
  @Field({ description: 'A payment provider the store offers in the currency (pp_stripe_stripe, pp_system_default, pp_bank-transfer_default)' })
  provider_id!: string;
  @Field({ nullable: true, description: "Where the provider's approval page (PayPal) returns the shopper after approving" }) return_url?: string;
  @Field({ nullable: true, description: 'Where the approval page sends a shopper who cancels' }) cancel_url?: string;
}

@InputType('SubscriptionPaymentMethodInput', { description: 'Where to save the new payment method' })
@ValidateWith(paymentMethodUpdateSchema)
export class PaymentMethodUpdateInput {
  @Field({ nullable: true, description: "A provider that keeps a method for renewals (pp_stripe_stripe, pp_paypal_paypal); default: the subscription's" })
  provider_id?: string;
  @Field({ nullable: true, description: "Where the provider's approval page (PayPal) returns the shopper after approving" }) return_url?: string;
  @Field({ nullable: true, description: 'Where the approval page sends a shopper who cancels' }) cancel_url?: string;
}

@InputType('CreateSubscriptionInput', { description: 'A subscription: of a completed checkout, or a trial without payment' })
@ValidateWith(createSubscriptionSchema)
export class CreateSubscriptionInput {
  @Field({ nullable: true, description: 'The checkout (its id) whose payment was completed' }) checkout_id?: string;
  @Field({ nullable: true, description: 'A plan with trial days: a trial without payment' }) plan_id?: string;
  @Field({ nullable: true, description: "With plan_id: the currency of the trial's later charges (ISO 4217, lowercase)" }) currency_code?: string;
}

@ArgsType()
@ValidateWith(subscriptionListSchema)
export class SubscriptionListArgs extends PageArgs {
  @Field(() => [String], { nullable: true, description: SUBSCRIPTION_STATUSES.join(', ') }) status?: (typeof SUBSCRIPTION_STATUSES)[number][];
}

@ArgsType()
@ValidateWith(adminSubscriptionListSchema)
export class AdminSubscriptionListArgs extends PageArgs {
  @Field(() => [String], { nullable: true, description: SUBSCRIPTION_STATUSES.join(', ') }) status?: (typeof SUBSCRIPTION_STATUSES)[number][];
  @Field({ nullable: true }) customer_id?: string;
  @Field({ nullable: true }) plan_id?: string;
}
