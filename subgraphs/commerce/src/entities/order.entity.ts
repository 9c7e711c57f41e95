import { Entity, Index, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';
import type { StoredAddress } from './cart.entity';

type OrderStatus = 'pending' | 'completed' | 'canceled' | 'archived' | 'requires_action';
type OrderPaymentStatus = 'not_paid' | 'awaiting' | 'authorized' | 'captured' | 'partially_refunded' | 'refunded' | 'canceled' | 'requires_action';
type OrderFulfillmentStatus = 'not_fulfilled' | 'fulfilled' | 'shipped' | 'delivered' | 'canceled';

/**
 * An order: placed from a completed cart, once (`cart_id` is unique: a second completion finds it).
 * Its lines, shipping methods, promotions and totals are the cart's as they were at placement, kept
 * as documents; `display_id` counts per tenant from 1.
 */
@Entity({ tableName: 'order' })
@Unique({ properties: ['tenantId', 'displayId'] })
@Index({ properties: ['tenantId', 'customerId', 'createdAt'] })
export class Order extends TenantOwned {
  [OptionalProps]?:
    | 'id'
    | 'customerId'
    | 'email'
    | 'salesChannelId'
    | 'status'
    | 'paymentStatus'
    | 'fulfillmentStatus'
    | 'shippingAddress'
    | 'billingAddress'
    | 'metadata'
    | 'canceledAt'
    | 'fulfilledAt'
    | 'shippedAt'
    | 'transfer'
    | 'createdAt'
    | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('order');
  @Property({ type: 'integer' }) displayId!: number;
  @Property({ type: 'string', length: 40, unique: true }) cartId!: string;
  @Property({ type: 'string', length: 40 }) regionId!: string;
  @Property({ type: 'string', length: 3 }) currencyCode!: string;
  @Property({ type: 'string', length: 40, nullable: true }) customerId: string | null = null;
  @Property({ type: 'string', length: 320, nullable: true }) email: string | null = null;
  @Property({ type: 'string', length: 40, nullable: true }) salesChannelId: string | null = null;
  @Property({ type: 'string', length: 20, default: 'pending' }) status: OrderStatus = 'pending';
  @Property({ type: 'string', length: 20, default: 'authorized' }) paymentStatus: OrderPaymentStatus = 'authorized';
  @Property({ type: 'string', length: 20, default: 'not_fulfilled' }) fulfillmentStatus: OrderFulfillmentStatus = 'not_fulfilled';
  @Property({ type: 'json', nullable: true }) shippingAddress: StoredAddress | null = null;
  @Property({ type: 'json', nullable: true }) billingAddress: StoredAddress | null = null;
  /** the cart's lines with their tax lines, adjustments and totals at placement */
  @Property({ type: 'json' }) items!: Array<Record<string, unknown>>;
  @Property({ type: 'json' }) shippingMethods!: Array<Record<string, unknown>>;
  @Property({ type: 'json' }) promotions!: Array<Record<string, unknown>>;
  /** every total of the cart at placement (numbers in major units) */
  @Property({ type: 'json' }) totals!: Record<string, number>;
  @Property({ type: 'json', nullable: true }) metadata: Record<string, unknown> | null = null;
  @Property({ type: 'datetime', nullable: true }) canceledAt: Date | null = null;
  @Property({ type: 'datetime', nullable: true }) fulfilledAt: Date | null = null;
  @Property({ type: 'datetime', nullable: true }) shippedAt: Date | null = null;
  /** a pending transfer request: who asked, the hashed token, when */
  @Property({ type: 'json', nullable: true }) transfer: Record<string, unknown> | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}

/** The last display id given out per tenant (one UPDATE … RETURNING per order: no gaps by race, no duplicates). */
@Entity({ tableName: 'order_counter' })
export class OrderCounter {
  @PrimaryKey({ type: 'string', length: 40 }) tenantId!: string;
  @Property({ type: 'integer' }) last!: number;
}
