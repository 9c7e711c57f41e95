import { Collection, Entity, Index, ManyToOne, OneToMany, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

/** A postal address as carts and orders keep it (a copy: later edits of the customer's book do not change it). */
export interface AddressData {
  first_name?: string | null;
  last_name?: string | null;
  company?: string | null;
  address_1?: string | null;
  address_2?: string | null;
  city?: string | null;
  country_code?: string | null;
  province?: string | null;
  postal_code?: string | null;
  phone?: string | null;
  metadata?: Record<string, unknown> | null;
}

/** A stored address with its id and times (Medusa's StoreCartAddress). */
export interface StoredAddress extends AddressData {
  id: string;
  customer_id?: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * A shopping cart. Totals are never stored: they are computed from the lines, tax lines and
 * adjustments whenever the cart is read (services/totals.ts), so they cannot drift.
 */
@Entity({ tableName: 'cart' })
@Index({ properties: ['tenantId', 'customerId'] })
export class Cart extends TenantOwned {
  [OptionalProps]?:
    | 'id'
    | 'customerId'
    | 'email'
    | 'salesChannelId'
    | 'shippingAddress'
    | 'billingAddress'
    | 'promoCodes'
    | 'metadata'
    | 'locale'
    | 'completedAt'
    | 'orderId'
    | 'createdAt'
    | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('cart');
  @Property({ type: 'string', length: 40 }) regionId!: string;
  @Property({ type: 'string', length: 3 }) currencyCode!: string;
  @Property({ type: 'string', length: 40, nullable: true }) customerId: string | null = null;
  @Property({ type: 'string', length: 320, nullable: true }) email: string | null = null;
  @Property({ type: 'string', length: 40, nullable: true }) salesChannelId: string | null = null;
  @Property({ type: 'json', nullable: true }) shippingAddress: StoredAddress | null = null;
  @Property({ type: 'json', nullable: true }) billingAddress: StoredAddress | null = null;
  /** codes applied by the shopper (automatic promotions are found at every read) */
  @Property({ type: 'json' }) promoCodes: string[] = [];
  @Property({ type: 'json', nullable: true }) metadata: Record<string, unknown> | null = null;
  @Property({ type: 'string', length: 20, nullable: true }) locale: string | null = null;
  @Property({ type: 'datetime', nullable: true }) completedAt: Date | null = null;
  @Property({ type: 'string', length: 40, nullable: true }) orderId: string | null = null;
  @OneToMany(() => LineItem, (i) => i.cart, { orderBy: { createdAt: 'asc', id: 'asc' } }) items = new Collection<LineItem>(this);
  @OneToMany(() => CartShippingMethod, (m) => m.cart, { orderBy: { createdAt: 'asc' } }) shippingMethods = new Collection<CartShippingMethod>(this);
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}

/**
 * A line of a cart. `kind` says what is sold (`product`; event tickets and tour bookings are
 * further kinds registered by their domains, see services/line-item-kinds.ts); `reference_id` is
 * the sold thing in its domain (a variant id for products). Everything shown on the line is a
 * snapshot taken when it was added, like Medusa's line items.
 */
@Entity({ tableName: 'line_item' })
export class LineItem extends TenantOwned {
  [OptionalProps]?:
    | 'id'
    | 'subtitle'
    | 'thumbnail'
    | 'compareAtUnitPrice'
    | 'isTaxInclusive'
    | 'requiresShipping'
    | 'isDiscountable'
    | 'productId'
    | 'productTitle'
    | 'productHandle'
    | 'productSubtitle'
    | 'productDescription'
    | 'productType'
    | 'productCollection'
    | 'variantSku'
    | 'variantBarcode'
    | 'variantTitle'
    | 'variantOptionValues'
    | 'catalogRefs'
    | 'metadata'
    | 'data'
    | 'createdAt'
    | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('cali');
  @Index() @ManyToOne(() => Cart, { deleteRule: 'cascade' }) cart!: Cart;
  @Property({ type: 'string', length: 40, default: 'product' }) kind!: string;
  @Property({ type: 'string', length: 100 }) referenceId!: string;
  @Property({ type: 'string', length: 300 }) title!: string;
  @Property({ type: 'string', length: 300, nullable: true }) subtitle: string | null = null;
  @Property({ type: 'string', length: 1000, nullable: true }) thumbnail: string | null = null;
  @Property({ type: 'integer' }) quantity!: number;
  @Property({ type: 'decimal', precision: 20, scale: 4 }) unitPrice!: string;
  @Property({ type: 'decimal', precision: 20, scale: 4, nullable: true }) compareAtUnitPrice: string | null = null;
  @Property({ type: 'boolean', default: false }) isTaxInclusive: boolean = false;
  @Property({ type: 'boolean', default: true }) requiresShipping: boolean = true;
  @Property({ type: 'boolean', default: true }) isDiscountable: boolean = true;
  @Property({ type: 'string', length: 40, nullable: true }) productId: string | null = null;
  @Property({ type: 'string', length: 300, nullable: true }) productTitle: string | null = null;
  @Property({ type: 'string', length: 200, nullable: true }) productHandle: string | null = null;
  @Property({ type: 'string', length: 300, nullable: true }) productSubtitle: string | null = null;
  @Property({ type: 'text', nullable: true }) productDescription: string | null = null;
  @Property({ type: 'string', length: 200, nullable: true }) productType: string | null = null;
  @Property({ type: 'string', length: 300, nullable: true }) productCollection: string | null = null;
  @Property({ type: 'string', length: 100, nullable: true }) variantSku: string | null = null;
  @Property({ type: 'string', length: 100, nullable: true }) variantBarcode: string | null = null;
  @Property({ type: 'string', length: 300, nullable: true }) variantTitle: string | null = null;
  @Property({ type: 'json', nullable: true }) variantOptionValues: Array<{ option: string; value: string }> | null = null;
  /** what the line shows of its product and variant besides the columns (the catalog's VariantSnapshot.refs), as Medusa's line items do */
  @Property({ type: 'json', nullable: true }) catalogRefs: { product: Record<string, unknown>; variant: Record<string, unknown> } | null = null;
  @Property({ type: 'json', nullable: true }) metadata: Record<string, unknown> | null = null;
  /** kind-specific data (a ticket's attendee, a tour's departure …) */
  @Property({ type: 'json', nullable: true }) data: Record<string, unknown> | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}

/** The shipping option chosen for a cart, with its price at the time it was chosen. */
@Entity({ tableName: 'cart_shipping_method' })
export class CartShippingMethod extends TenantOwned {
  [OptionalProps]?: 'id' | 'description' | 'data' | 'isTaxInclusive' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('casm');
  @Index() @ManyToOne(() => Cart, { deleteRule: 'cascade' }) cart!: Cart;
  @Property({ type: 'string', length: 40 }) shippingOptionId!: string;
  @Property({ type: 'string', length: 200 }) name!: string;
  @Property({ type: 'string', length: 500, nullable: true }) description: string | null = null;
  @Property({ type: 'decimal', precision: 20, scale: 4 }) amount!: string;
  @Property({ type: 'boolean', default: false }) isTaxInclusive: boolean = false;
  @Property({ type: 'json', nullable: true }) data: Record<string, unknown> | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}
