import { Authorized, Directive, Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { FACADE_ROLE, JSONScalar, PaginatedList } from '@svc/kit';
import type { LedgerEntryView, PlanPriceView, PlanView, ProrationView, RenewalView, SubscriptionView } from '../services/views';
import type { CheckoutView } from '../services/subscription.service';

const S = { simpleResolvers: true };

@ObjectType('SubscriptionPlanPrice', S)
class PlanPriceType implements PlanPriceView {
  @Field() currency_code!: string;
  @Field(() => Float, { description: 'Major units' }) amount!: number;
}

/** A plan: an entity (`@key`), so other subgraphs can reference it by id. */
@ObjectType('SubscriptionPlan', S)
@Directive('@key(fields: "id")')
export class PlanType implements PlanView {
  @Field(() => ID) id!: string;
  @Field() handle!: string;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field({ description: 'day, week, month or year' }) interval!: string;
  @Field(() => Int) interval_count!: number;
  @Field(() => [PlanPriceType]) prices!: PlanPriceType[];
  @Field(() => Int) trial_days!: number;
  @Field() active!: boolean;
  @Field(() => JSONScalar, { nullable: true }) metadata!: Record<string, unknown> | null;
  @Field() created_at!: string;
  @Field() updated_at!: string;
}

@ObjectType('SubscriptionRefund', S)
class SubscriptionRefundType {
  @Field(() => Float, { description: 'Major units' }) amount!: number;
  @Field() currency_code!: string;
  @Field({ description: 'pending (asked of the provider), refunded (the provider confirmed) or owed (invoice providers: the merchant pays it back)' })
  status!: string;
  @Field(() => String, { nullable: true, description: "The provider's refund id" }) provider_reference!: string | null;
}

/** A customer's subscription (GraphQL reserves `Subscription` for its root type); not a federation entity: only its customer and the store's staff may see it. */
@ObjectType('CustomerSubscription', S)
export class SubscriptionType implements SubscriptionView {
  @Field(() => ID) id!: string;
  @Field() customer_id!: string;
  @Field(() => String, { nullable: true }) email!: string | null;
  @Field() plan_id!: string;
  @Field(() => PlanType, { nullable: true }) plan!: PlanType | null;
  @Field({ description: 'incomplete, active, paused, past_due or canceled' }) status!: string;
  @Field() currency_code!: string;
  @Field(() => Float, { description: "The plan's price per period" }) amount!: number;
  @Field(() => String, { nullable: true }) provider_id!: string | null;
  @Field(() => String, { nullable: true, description: 'saved_method (charged off-session) or invoice (paid outside)' }) payment_mode!: string | null;
  @Field() current_period_start!: string;
  @Field() current_period_end!: string;
  @Field(() => String, { nullable: true }) trial_end!: string | null;
  @Field() cancel_at_period_end!: boolean;
  @Field(() => String, { nullable: true }) canceled_at!: string | null;
  @Field(() => String, { nullable: true, description: 'requested, period_end or payment_failed' }) cancel_reason!: string | null;
  @Field(() => String, { nullable: true }) paused_at!: string | null;
  @Field(() => String, { nullable: true, description: 'A plan of another interval, from the period end' }) scheduled_plan_id!: string | null;
  @Field(() => Float, { description: 'Added to (negative: taken off) the next renewal, from plan changes' }) balance!: number;
  @Field(() => Int) cycle!: number;
  @Field(() => Int) failed_attempts!: number;
  @Field(() => String, { nullable: true }) next_renewal_at!: string | null;
  @Field(() => SubscriptionRefundType, { nullable: true, description: "An immediate cancel's refund of the unused share of the paid period" })
  refund!: SubscriptionRefundType | null;
  @Field() created_at!: string;
  @Field() updated_at!: string;
}

@ObjectType('CustomerSubscriptionList')
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

@ObjectType('SubscriptionCheckout', S)
class CheckoutType implements CheckoutView {
  @Field() id!: string;
  @Field() subscription_id!: string;
  @Field() plan_id!: string;
  @Field() currency_code!: string;
  @Field() provider_id!: string;
  @Field() payment_mode!: string;
  @Field(() => Float) amount!: number;
  @Field(() => Int) trial_days!: number;
  @Field(() => SubscriptionPaymentSessionType, {
    name: 'payment_session',
    description: 'what the storefront needs to pay: Stripe a client_secret, PayPal an approve_url, bank transfer a reference',
  })
  session?: SubscriptionPaymentSessionType;
  @Authorized(FACADE_ROLE)
  @Field(() => JSONScalar, SESSION_DOCUMENT)
  payment_session!: Record<string, unknown>;
}

@ObjectType('SubscriptionCheckoutResult', S)
export class CheckoutResultType {
  @Field(() => CheckoutType) checkout!: CheckoutType;
  @Field(() => SubscriptionType) subscription!: SubscriptionType;
}

@ObjectType('SubscriptionPaymentMethodUpdate', S)
export class PaymentMethodUpdateType {
  @Field() subscription_id!: string;
  @Field() provider_id!: string;
  @Field(() => SubscriptionPaymentSessionType, {
    name: 'payment_session',
    description: 'What the storefront needs to save the new method: Stripe a SetupIntent (client_secret), PayPal a vault setup token (approve_url)',
  })
  session?: SubscriptionPaymentSessionType;
  @Authorized(FACADE_ROLE)
  @Field(() => JSONScalar, SESSION_DOCUMENT)
  payment_session!: Record<string, unknown>;
  @Field(() => SubscriptionType) subscription!: SubscriptionType;
}

@ObjectType('SubscriptionProration', S)
class ProrationType implements ProrationView {
  @Field() currency_code!: string;
  @Field(() => Float) credit!: number;
  @Field(() => Float) charge!: number;
  @Field(() => Float) net!: number;
  @Field() effective_at!: string;
}

@ObjectType('SubscriptionPlanChange', S)
export class PlanChangeType {
  @Field(() => SubscriptionType) subscription!: SubscriptionType;
  @Field(() => ProrationType) proration!: ProrationType;
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
