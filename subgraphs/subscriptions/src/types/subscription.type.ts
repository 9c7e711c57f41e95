import { Authorized, Directive, Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { FACADE_ROLE, JSONScalar, PaginatedList } from '@svc/kit';
import type { LedgerEntryView, PlanPriceView, PlanView, ProrationView, RenewalView, SubscriptionView } from '../services/views';
import type { CheckoutView } from '../services/subscription.service';

const S = { simpleResolvers: true };

@ObjectType('SubscriptionPlanPrice', { ...S, description: "A plan's price per period in one currency" })
class PlanPriceType implements PlanPriceView {
  @Field({ description: 'ISO 4217 currency code, lowercase (eur)' }) currency_code!: string;
  @Field(() => Float, { description: 'Major units' }) amount!: number;
}

/** A plan: an entity (`@key`), so other subgraphs can reference it by id. */
@ObjectType('SubscriptionPlan', { ...S, description: 'A subscription plan: what is delivered or charged every interval, its prices and trial' })
@Directive('@key(fields: "id")')
export class PlanType implements PlanView {
  @Field(() => ID, { description: "The plan's id" }) id!: string;
  @Field({ description: 'Handle, unique in the store' }) handle!: string;
  @Field({ description: 'Name shown to customers' }) name!: string;
  @Field(() => String, { nullable: true, description: 'Description (plain text); null when none' }) description!: string | null;
  @Field({ description: 'day, week, month or year' }) interval!: string;
  @Field(() => Int, { description: 'How many intervals one period lasts (3 with month: quarterly)' }) interval_count!: number;
  @Field(() => [PlanPriceType], { description: 'The price per period in every currency the plan is sold in (major units)' }) prices!: PlanPriceType[];
  @Field(() => Int, { description: 'Days of free trial before the first charge (0: none)' }) trial_days!: number;
  @Field({ description: 'true when customers may subscribe to it' }) active!: boolean;
  @Field(() => JSONScalar, { nullable: true, description: 'Free key-value data the store attached (JSON object); null when none' }) metadata!: Record<
    string,
    unknown
  > | null;
  @Field({ description: 'ISO instant the plan was created' }) created_at!: string;
  @Field({ description: 'ISO instant of the last change' }) updated_at!: string;
}

@ObjectType('SubscriptionRefund', { ...S, description: 'The refund of an immediate cancel: the unused share of the paid period' })
class SubscriptionRefundType {
  @Field(() => Float, { description: 'Major units' }) amount!: number;
  @Field({ description: 'ISO 4217 currency code, lowercase' }) currency_code!: string;
  @Field({ description: 'pending (asked of the provider), refunded (the provider confirmed) or owed (invoice providers: the merchant pays it back)' })
  status!: string;
  @Field(() => String, { nullable: true, description: "The provider's refund id" }) provider_reference!: string | null;
}

/** A customer's subscription (GraphQL reserves `Subscription` for its root type); not a federation entity: only its customer and the store's staff may see it. */
@ObjectType('CustomerSubscription', { ...S, description: "A customer's subscription to a plan: its status, current period, renewals and balance" })
export class SubscriptionType implements SubscriptionView {
  @Field(() => ID, { description: "The subscription's id" }) id!: string;
  @Field({ description: "The subscribing customer's id" }) customer_id!: string;
  @Field(() => String, { nullable: true, description: 'Where receipts and notices go; null when the customer has no email' }) email!: string | null;
  @Field({ description: "The current plan's id" }) plan_id!: string;
  @Field(() => PlanType, { nullable: true, description: 'The current plan; null only when the plan row is missing (plans are not deleted)' })
  plan!: PlanType | null;
  @Field({ description: 'incomplete, active, paused, past_due or canceled' }) status!: string;
  @Field({ description: 'ISO 4217 currency of every amount, lowercase' }) currency_code!: string;
  @Field(() => Float, { description: "The plan's price per period" }) amount!: number;
  @Field(() => String, { nullable: true, description: 'The payment provider charging renewals; null for a trial without payment' }) provider_id!: string | null;
  @Field(() => String, { nullable: true, description: 'saved_method (charged off-session) or invoice (paid outside)' }) payment_mode!: string | null;
  @Field({ description: 'ISO instant the current period started' }) current_period_start!: string;
  @Field({ description: 'ISO instant the current period ends (the next renewal)' }) current_period_end!: string;
  @Field(() => String, { nullable: true, description: 'ISO instant the trial ends; null without a trial' }) trial_end!: string | null;
  @Field({ description: 'true when the subscription ends at current_period_end instead of renewing' }) cancel_at_period_end!: boolean;
  @Field(() => String, { nullable: true, description: 'ISO instant it was canceled; null while not canceled' }) canceled_at!: string | null;
  @Field(() => String, { nullable: true, description: 'requested, period_end or payment_failed' }) cancel_reason!: string | null;
  @Field(() => String, { nullable: true, description: 'ISO instant it was paused; null while not paused' }) paused_at!: string | null;
  @Field(() => String, { nullable: true, description: 'A plan of another interval, from the period end' }) scheduled_plan_id!: string | null;
  @Field(() => Float, { description: 'Added to (negative: taken off) the next renewal, from plan changes' }) balance!: number;
  @Field(() => Int, { description: "The current billing period's number, from 1" }) cycle!: number;
  @Field(() => Int, { description: 'Failed charge attempts of the current renewal (0 when the last charge succeeded)' }) failed_attempts!: number;
  @Field(() => String, {
    nullable: true,
    description: 'ISO instant the next renewal is charged; null when none is due (canceled, paused, ending at the period end)',
  })
  next_renewal_at!: string | null;
  @Field(() => SubscriptionRefundType, { nullable: true, description: "An immediate cancel's refund of the unused share of the paid period" })
  refund!: SubscriptionRefundType | null;
  @Field({ description: 'ISO instant it was created' }) created_at!: string;
  @Field({ description: 'ISO instant of the last change' }) updated_at!: string;
}

@ObjectType('CustomerSubscriptionList', { description: 'A page of subscriptions with the total count' })
export class SubscriptionListType extends PaginatedList(SubscriptionType) {}

/** The provider's session a subscription checkout or payment method update starts (commerce's PaymentSessionData, the same keys). */
@ObjectType('SubscriptionPaymentSession', { ...S, description: "What the provider's session gives the storefront (each provider fills its own keys)" })
class SubscriptionPaymentSessionType {
  @Field(() => String, { nullable: true, description: "the provider's id of the session (Stripe PaymentIntent or SetupIntent, PayPal order or setup token)" })
  id?: string | null;
  @Field(() => String, { nullable: true, description: "the provider's status of the session" }) status?: string | null;
  @Field(() => String, { nullable: true, description: 'a save-for-later session: setup_intent (Stripe) or setup_token (PayPal)' }) kind?: string | null;
  @Field(() => String, { nullable: true, description: 'Stripe: the client secret for Stripe.js' }) client_secret?: string | null;
  @Field(() => String, { nullable: true, description: 'PayPal: where the buyer approves' }) approve_url?: string | null;
  @Field(() => String, { nullable: true, description: 'bank transfer: the reference to write on the transfer' }) reference?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'bank transfer: authorised, the money has not arrived yet' }) awaiting_transfer?: boolean | null;
  @Field(() => String, { nullable: true, description: 'Stripe: the provider customer of a save-for-later session' }) customer?: string | null;
}

/** The session as one JSON value, what the REST facade answers: internal (the facade only). Reads the same `payment_session` key. */
const SESSION_DOCUMENT = {
  name: 'payment_session_document',
  simple: false,
  description: "the provider's session as one JSON value, what the REST facade answers (internal: the facade only)",
} as const;

@ObjectType('SubscriptionCheckout', {
  ...S,
  description: 'A started subscription checkout: the incomplete subscription and the payment session that saves the method',
})
class CheckoutType implements CheckoutView {
  @Field({ description: "The checkout's id (createSubscription's checkout_id once paid)" }) id!: string;
  @Field({ description: "The incomplete subscription's id" }) subscription_id!: string;
  @Field({ description: "The plan's id" }) plan_id!: string;
  @Field({ description: 'ISO 4217 currency code, lowercase' }) currency_code!: string;
  @Field({ description: 'The payment provider' }) provider_id!: string;
  @Field({ description: 'saved_method (charged off-session) or invoice (paid outside)' }) payment_mode!: string;
  @Field(() => Float, { description: 'The first charge, major units (0 with a trial)' }) amount!: number;
  @Field(() => Int, { description: 'Days of free trial before the first charge' }) trial_days!: number;
  @Field(() => SubscriptionPaymentSessionType, {
    name: 'payment_session',
    description: 'what the storefront needs to pay: Stripe a client_secret, PayPal an approve_url, bank transfer a reference',
  })
  session?: SubscriptionPaymentSessionType;
  @Authorized(FACADE_ROLE)
  @Field(() => JSONScalar, SESSION_DOCUMENT)
  payment_session!: Record<string, unknown>;
}

@ObjectType('SubscriptionCheckoutResult', { ...S, description: 'The result of starting a subscription checkout' })
export class CheckoutResultType {
  @Field(() => CheckoutType, { description: 'The checkout with its payment session' }) checkout!: CheckoutType;
  @Field(() => SubscriptionType, { description: 'The incomplete subscription' }) subscription!: SubscriptionType;
}

@ObjectType('SubscriptionPaymentMethodUpdate', { ...S, description: "A started replacement of a subscription's saved payment method" })
export class PaymentMethodUpdateType {
  @Field({ description: "The subscription's id" }) subscription_id!: string;
  @Field({ description: 'The provider the new method is saved with' }) provider_id!: string;
  @Field(() => SubscriptionPaymentSessionType, {
    name: 'payment_session',
    description: 'What the storefront needs to save the new method: Stripe a SetupIntent (client_secret), PayPal a vault setup token (approve_url)',
  })
  session?: SubscriptionPaymentSessionType;
  @Authorized(FACADE_ROLE)
  @Field(() => JSONScalar, SESSION_DOCUMENT)
  payment_session!: Record<string, unknown>;
  @Field(() => SubscriptionType, { description: 'The subscription' }) subscription!: SubscriptionType;
}

@ObjectType('SubscriptionProration', { ...S, description: 'The exact proration of a plan change' })
class ProrationType implements ProrationView {
  @Field({ description: 'ISO 4217 currency code, lowercase' }) currency_code!: string;
  @Field(() => Float, { description: 'The unused part of the old plan in this period, major units' }) credit!: number;
  @Field(() => Float, { description: 'What the new plan costs for the rest of the period, major units' }) charge!: number;
  @Field(() => Float, { description: 'charge − credit, major units: added to the balance (the next renewal charges it or takes a negative one off)' })
  net!: number;
  @Field({ description: 'ISO instant the change took effect' }) effective_at!: string;
}

@ObjectType('SubscriptionPlanChange', { ...S, description: 'The result of a plan change' })
export class PlanChangeType {
  @Field(() => SubscriptionType, { description: 'The subscription on its new plan (or with scheduled_plan_id for another interval)' })
  subscription!: SubscriptionType;
  @Field(() => ProrationType, { description: 'The proration (all zero when nothing is prorated: a trial, or a plan of another interval)' })
  proration!: ProrationType;
}

@ObjectType('SubscriptionLedgerEntry', S)
class LedgerEntryType implements LedgerEntryView {
  @Field() id!: string;
  @Field({ description: 'charge, invoice, proration_charge, proration_credit, balance_applied' }) kind!: string;
  @Field(() => Float) amount!: number;
  @Field() currency_code!: string;
  @Field(() => Int) cycle!: number;
  @Field() description!: string;
  @Field(() => String, { nullable: true }) order_id!: string | null;
  @Field(() => Int, { nullable: true }) order_display_id!: number | null;
  @Field(() => String, { nullable: true }) provider_reference!: string | null;
  @Field() created_at!: string;
}

@ObjectType('SubscriptionRenewal', S)
class RenewalType implements RenewalView {
  @Field() id!: string;
  @Field(() => Int) cycle!: number;
  @Field({ description: 'charging, failed or succeeded' }) state!: string;
  @Field(() => Int) attempt!: number;
  @Field(() => Float) amount!: number;
  @Field(() => String, { nullable: true }) last_error!: string | null;
  @Field(() => String, { nullable: true }) order_id!: string | null;
  @Field(() => Int, { nullable: true }) order_display_id!: number | null;
  @Field() created_at!: string;
  @Field() updated_at!: string;
}

@ObjectType('SubscriptionHistory', S)
export class HistoryType {
  @Field(() => [LedgerEntryType]) ledger!: LedgerEntryType[];
  @Field(() => [RenewalType]) renewals!: RenewalType[];
}
