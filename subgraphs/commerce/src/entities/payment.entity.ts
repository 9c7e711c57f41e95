import { Collection, Entity, Index, ManyToOne, OneToMany, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

export type PaymentCollectionStatus = 'not_paid' | 'awaiting' | 'authorized' | 'partially_authorized' | 'canceled' | 'completed' | 'failed';

/** What a cart (then its order) must pay: one per cart, Medusa v2 style. */
@Entity({ tableName: 'payment_collection' })
export class PaymentCollection extends TenantOwned {
  [OptionalProps]?: 'id' | 'orderId' | 'status' | 'authorizedAmount' | 'capturedAmount' | 'refundedAmount' | 'completedAt' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('pay_col');
  @Property({ type: 'string', length: 40, unique: true }) cartId!: string;
  @Property({ type: 'string', length: 40, nullable: true }) orderId: string | null = null;
  @Property({ type: 'string', length: 3 }) currencyCode!: string;
  @Property({ type: 'decimal', precision: 20, scale: 4 }) amount!: string;
  @Property({ type: 'string', length: 30, default: 'not_paid' }) status: PaymentCollectionStatus = 'not_paid';
  @Property({ type: 'decimal', precision: 20, scale: 4, nullable: true }) authorizedAmount: string | null = null;
  @Property({ type: 'decimal', precision: 20, scale: 4, nullable: true }) capturedAmount: string | null = null;
  @Property({ type: 'decimal', precision: 20, scale: 4, nullable: true }) refundedAmount: string | null = null;
  @Property({ type: 'datetime', nullable: true }) completedAt: Date | null = null;
  @OneToMany(() => PaymentSession, (s) => s.collection, { orderBy: { createdAt: 'asc' } }) sessions = new Collection<PaymentSession>(this);
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}

/** One refund of a captured payment: the exact amount (decimal string, the session's currency), why, who, the provider's refund id. */
export interface StoredRefund {
  id: string;
  amount: string;
  reason: string;
  note: string | null;
  provider_refund_id: string | null;
  created_by: string | null;
  created_at: string;
}

export type PaymentSessionStatus = 'pending' | 'requires_more' | 'authorized' | 'captured' | 'error' | 'canceled';

/** A session with one provider for the collection's amount; authorised at completion, captured later. */
@Entity({ tableName: 'payment_session' })
export class PaymentSession extends TenantOwned {
  [OptionalProps]?: 'id' | 'status' | 'data' | 'context' | 'refunds' | 'authorizedAt' | 'capturedAt' | 'canceledAt' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('payses');
  @Index() @ManyToOne(() => PaymentCollection, { deleteRule: 'cascade' }) collection!: PaymentCollection;
  @Property({ type: 'string', length: 100 }) providerId!: string;
  @Property({ type: 'decimal', precision: 20, scale: 4 }) amount!: string;
  @Property({ type: 'string', length: 3 }) currencyCode!: string;
  @Property({ type: 'string', length: 30, default: 'pending' }) status: PaymentSessionStatus = 'pending';
  @Property({ type: 'json' }) data: Record<string, unknown> = {};
  @Property({ type: 'json', nullable: true }) context: Record<string, unknown> | null = null;
  /** the refunds of the captured payment, oldest first (an admin's `refundOrderPayment`); kept apart from `data`, which is the provider's */
  @Property({ type: 'json', default: '[]' }) refunds: StoredRefund[] = [];
  @Property({ type: 'datetime', nullable: true }) authorizedAt: Date | null = null;
  @Property({ type: 'datetime', nullable: true }) capturedAt: Date | null = null;
  @Property({ type: 'datetime', nullable: true }) canceledAt: Date | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}
