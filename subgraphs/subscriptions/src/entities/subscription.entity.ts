import { Entity, Index, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

type SubscriptionStatus = 'incomplete' | 'active' | 'paused' | 'past_due' | 'canceled';
/** how renewals are paid: a saved method charged off-session, or an invoice (a pending order paid outside) */
type PaymentMode = 'saved_method' | 'invoice';
type RefundStatus = 'pending' | 'refunded' | 'owed';

/**
 * A customer's subscription to a plan. Money is kept in the currency's minor units (decimal
 * strings of integers). The current period is [periodStart, periodEnd); `periodLengthMs` is its
 * billed length (a pause moves the end, not the length). Proration state of the period: what the
 * plans before the last change used (`consumed`, minor units × ms), what was billed for it
 * (`billed`), and when the plan last changed (`lastChangeAt`, moved by pauses like the end). What
 * plan changes owe or give back waits in `balance` for the next renewal.
 */
@Entity({ tableName: 'subscription' })
@Index({ properties: ['tenantId', 'customerId', 'createdAt'] })
@Index({ properties: ['status', 'nextRenewalAt'] })
@Index({ properties: ['refundRetryAt'] })
export class Subscription extends TenantOwned {
  [OptionalProps]?:
    | 'id'
    | 'email'
    | 'providerId'
    | 'mode'
    | 'paymentMethod'
    | 'checkout'
    | 'trialEnd'
    | 'cancelAtPeriodEnd'
    | 'canceledAt'
    | 'cancelReason'
    | 'pausedAt'
    | 'scheduledPlanId'
    | 'cycle'
    | 'failedAttempts'
    | 'nextRenewalAt'
    | 'balance'
    | 'consumed'
    | 'billed'
    | 'changes'
    | 'activatedAt'
    | 'refundAmount'
    | 'refundStatus'
    | 'refundReference'
    | 'methodUpdate'
    | 'refundAttempts'
    | 'refundRetryAt'
    | 'createdAt'
    | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('sub');
  @Property({ type: 'string', length: 40 }) customerId!: string;
  @Property({ type: 'string', length: 320, nullable: true }) email: string | null = null;
  @Property({ type: 'string', length: 40 }) planId!: string;
  @Property({ type: 'string', length: 3 }) currencyCode!: string;
  @Property({ type: 'string', length: 20 }) status!: SubscriptionStatus;
  @Property({ type: 'string', length: 100, nullable: true }) providerId: string | null = null;
  @Property({ type: 'string', length: 20, nullable: true }) mode: PaymentMode | null = null;
  /** the saved method as commerce answered it (Stripe: customer and payment method) */
  @Property({ type: 'json', nullable: true }) paymentMethod: Record<string, unknown> | null = null;
  /** the checkout's session: what the storefront needs (client secret, transfer reference) and the provider ids */
  @Property({ type: 'json', nullable: true }) checkout: Record<string, unknown> | null = null;
  @Property({ type: 'datetime' }) periodStart!: Date;
  @Property({ type: 'datetime' }) periodEnd!: Date;
  @Property({ type: 'decimal', precision: 20, scale: 0 }) periodLengthMs!: string;
  @Property({ type: 'datetime' }) lastChangeAt!: Date;
  @Property({ type: 'decimal', precision: 40, scale: 0, default: 0 }) consumed: string = '0';
  @Property({ type: 'decimal', precision: 30, scale: 0, default: 0 }) billed: string = '0';
  /** what the next renewal adds (charges of plan changes) or takes off (credits), minor units */
  @Property({ type: 'decimal', precision: 30, scale: 0, default: 0 }) balance: string = '0';
  @Property({ type: 'datetime', nullable: true }) trialEnd: Date | null = null;
  @Property({ type: 'boolean', default: false }) cancelAtPeriodEnd: boolean = false;
  @Property({ type: 'datetime', nullable: true }) canceledAt: Date | null = null;
  @Property({ type: 'string', length: 40, nullable: true }) cancelReason: string | null = null;
  @Property({ type: 'datetime', nullable: true }) pausedAt: Date | null = null;
  /** a change to a plan of another interval, taking effect at the period end */
  @Property({ type: 'string', length: 40, nullable: true }) scheduledPlanId: string | null = null;
  /** the current period's number: 0 the first, each renewal adds 1 */
  @Property({ type: 'integer', default: 0 }) cycle: number = 0;
  /** failed charges of the renewal under way */
  @Property({ type: 'integer', default: 0 }) failedAttempts: number = 0;
  /** when the renewal job takes it next (the period end, or the next retry) */
  @Property({ type: 'datetime', nullable: true }) nextRenewalAt: Date | null = null;
  @Property({ type: 'integer', default: 0 }) changes: number = 0;
  @Property({ type: 'datetime', nullable: true }) activatedAt: Date | null = null;
  /** an immediate cancel's refund of the unused period (minor units); null when nothing was refunded */
  @Property({ type: 'decimal', precision: 30, scale: 0, nullable: true }) refundAmount: string | null = null;
  /** pending (asked of the provider), refunded (the provider confirmed), owed (invoice providers: the merchant pays it back) */
  @Property({ type: 'string', length: 20, nullable: true }) refundStatus: RefundStatus | null = null;
  /** the provider's refund id */
  @Property({ type: 'string', length: 200, nullable: true }) refundReference: string | null = null;
  /** a pending refund's failed tries at the provider (outages) */
  @Property({ type: 'integer', default: 0 }) refundAttempts: number = 0;
  /** when the job `retry-refunds` asks the provider again for a pending refund (null: nothing to retry) */
  @Property({ type: 'datetime', nullable: true }) refundRetryAt: Date | null = null;
  /**
   * a replacement of the saved method under way: the provider's save-for-later session (`provider_id`,
   * `key` its idempotency key, `data` what the provider answered); null when none is
   */
  @Property({ type: 'json', nullable: true }) methodUpdate: Record<string, unknown> | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}

type RenewalState = 'charging' | 'failed' | 'succeeded';

/**
 * One renewal (subscription and cycle): the attempt under way and its idempotency key toward the
 * provider (`<subscription>:c<cycle>:a<attempt>`). A worker holds it for `leaseUntil`; a worker
 * that dies mid-charge leaves it `charging`, and the next one repeats the same attempt with the same
 * key, so the provider answers the first charge again instead of charging twice.
 */
@Entity({ tableName: 'subscription_renewal' })
@Unique({ properties: ['subscriptionId', 'cycle'] })
export class SubscriptionRenewal extends TenantOwned {
  [OptionalProps]?: 'id' | 'lastError' | 'orderId' | 'orderDisplayId' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('subren');
  @Property({ type: 'string', length: 40 }) subscriptionId!: string;
  @Property({ type: 'integer' }) cycle!: number;
  @Property({ type: 'string', length: 20 }) state!: RenewalState;
  @Property({ type: 'integer' }) attempt!: number;
  @Property({ type: 'string', length: 120 }) key!: string;
  @Property({ type: 'string', length: 40 }) planId!: string;
  @Property({ type: 'decimal', precision: 30, scale: 0 }) amount!: string;
  @Property({ type: 'datetime' }) leaseUntil!: Date;
  @Property({ type: 'text', nullable: true }) lastError: string | null = null;
  @Property({ type: 'string', length: 40, nullable: true }) orderId: string | null = null;
  @Property({ type: 'integer', nullable: true }) orderDisplayId: number | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}

export type LedgerKind = 'charge' | 'invoice' | 'proration_charge' | 'proration_credit' | 'balance_applied' | 'refund';

/** What a subscription charged or credited, once per key (minor units, always positive; `kind` says the direction). */
@Entity({ tableName: 'subscription_ledger' })
@Unique({ properties: ['tenantId', 'key'] })
@Index({ properties: ['subscriptionId', 'createdAt'] })
export class SubscriptionLedgerEntry extends TenantOwned {
  [OptionalProps]?: 'id' | 'orderId' | 'orderDisplayId' | 'providerReference' | 'paymentData' | 'createdAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('subled');
  @Property({ type: 'string', length: 40 }) subscriptionId!: string;
  @Property({ type: 'string', length: 120 }) key!: string;
  @Property({ type: 'string', length: 20 }) kind!: LedgerKind;
  @Property({ type: 'decimal', precision: 30, scale: 0 }) amount!: string;
  @Property({ type: 'string', length: 3 }) currencyCode!: string;
  @Property({ type: 'integer' }) cycle!: number;
  @Property({ type: 'string', length: 300 }) description!: string;
  @Property({ type: 'string', length: 40, nullable: true }) orderId: string | null = null;
  @Property({ type: 'integer', nullable: true }) orderDisplayId: number | null = null;
  @Property({ type: 'string', length: 200, nullable: true }) providerReference: string | null = null;
  /** a charge's payment record at the provider (ids, no secrets): what an immediate cancel refunds */
  @Property({ type: 'json', nullable: true }) paymentData: Record<string, unknown> | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
}
