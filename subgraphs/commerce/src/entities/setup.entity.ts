import { Entity, Index, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

/**
 * A way to ship, offered in one region: a flat price, or a price calculated from the cart
 * (`calculated`: `amount` plus `per_item` for every unit, free from `free_above` of item subtotal).
 */
@Entity({ tableName: 'shipping_option' })
@Index({ properties: ['tenantId', 'regionId'] })
export class ShippingOption extends TenantOwned {
  [OptionalProps]?:
    | 'id'
    | 'priceType'
    | 'perItem'
    | 'freeAbove'
    | 'typeLabel'
    | 'typeDescription'
    | 'typeCode'
    | 'providerId'
    | 'data'
    | 'enabled'
    | 'metadata'
    | 'createdAt'
    | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('so');
  @Property({ type: 'string', length: 200 }) name!: string;
  @Property({ type: 'string', length: 40 }) regionId!: string;
  @Property({ type: 'string', length: 20, default: 'flat' }) priceType: 'flat' | 'calculated' = 'flat';
  @Property({ type: 'decimal', precision: 20, scale: 4 }) amount!: string;
  @Property({ type: 'decimal', precision: 20, scale: 4, nullable: true }) perItem: string | null = null;
  @Property({ type: 'decimal', precision: 20, scale: 4, nullable: true }) freeAbove: string | null = null;
  @Property({ type: 'string', length: 200, default: 'Standard' }) typeLabel: string = 'Standard';
  @Property({ type: 'string', length: 500, nullable: true }) typeDescription: string | null = null;
  @Property({ type: 'string', length: 100, default: 'standard' }) typeCode: string = 'standard';
  @Property({ type: 'string', length: 100, default: 'manual_manual' }) providerId: string = 'manual_manual';
  @Property({ type: 'json', nullable: true }) data: Record<string, unknown> | null = null;
  @Property({ type: 'boolean', default: true }) enabled: boolean = true;
  @Property({ type: 'json', nullable: true }) metadata: Record<string, unknown> | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}

/**
 * A tax rate of a region: the region's default (no country), or for one country (and optionally one
 * province) of it. The most specific rate that matches the shipping address applies.
 */
@Entity({ tableName: 'tax_rate' })
@Index({ properties: ['tenantId', 'regionId'] })
export class TaxRate extends TenantOwned {
  [OptionalProps]?: 'id' | 'countryCode' | 'province' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('txr');
  @Property({ type: 'string', length: 40 }) regionId!: string;
  @Property({ type: 'string', length: 2, nullable: true }) countryCode: string | null = null;
  @Property({ type: 'string', length: 100, nullable: true }) province: string | null = null;
  @Property({ type: 'string', length: 200 }) name!: string;
  @Property({ type: 'string', length: 50 }) code!: string;
  /** percent, e.g. "19" or "8.875" */
  @Property({ type: 'decimal', precision: 8, scale: 4 }) rate!: string;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}

/**
 * A promotion: a code the shopper enters, or automatic. `percentage` or `fixed` off the items,
 * the shipping or the whole order (items and shipping); a fixed amount is spread `across` the
 * targets in proportion to their subtotals, or taken off `each` unit.
 */
@Entity({ tableName: 'promotion' })
@Unique({ properties: ['tenantId', 'code'] })
export class Promotion extends TenantOwned {
  [OptionalProps]?:
    | 'id'
    | 'isAutomatic'
    | 'currencyCode'
    | 'targetType'
    | 'allocation'
    | 'startsAt'
    | 'endsAt'
    | 'usageLimit'
    | 'usageCount'
    | 'minSubtotal'
    | 'status'
    | 'metadata'
    | 'createdAt'
    | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('promo');
  /** stored upper-case; codes are matched without regard to case */
  @Property({ type: 'string', length: 100 }) code!: string;
  @Property({ type: 'boolean', default: false }) isAutomatic: boolean = false;
  @Property({ type: 'string', length: 20 }) type!: 'percentage' | 'fixed';
  @Property({ type: 'decimal', precision: 20, scale: 4 }) value!: string;
  /** fixed amounts apply only to carts in this currency */
  @Property({ type: 'string', length: 3, nullable: true }) currencyCode: string | null = null;
  @Property({ type: 'string', length: 20, default: 'items' }) targetType: 'items' | 'shipping_methods' | 'order' = 'items';
  @Property({ type: 'string', length: 10, default: 'across' }) allocation: 'across' | 'each' = 'across';
  @Property({ type: 'datetime', nullable: true }) startsAt: Date | null = null;
  @Property({ type: 'datetime', nullable: true }) endsAt: Date | null = null;
  @Property({ type: 'integer', nullable: true }) usageLimit: number | null = null;
  @Property({ type: 'integer', default: 0 }) usageCount: number = 0;
  @Property({ type: 'decimal', precision: 20, scale: 4, nullable: true }) minSubtotal: string | null = null;
  @Property({ type: 'string', length: 20, default: 'active' }) status: 'active' | 'inactive' = 'active';
  @Property({ type: 'json', nullable: true }) metadata: Record<string, unknown> | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}

/**
 * A payment provider enabled for the tenant: in which regions (none listed: all), and its settings
 * (Stripe and PayPal: the tenant's own credentials; bank transfer: the account shoppers pay to).
 */
@Entity({ tableName: 'payment_provider_setting' })
@Unique({ properties: ['tenantId', 'providerId'] })
export class PaymentProviderSetting extends TenantOwned {
  [OptionalProps]?: 'id' | 'enabled' | 'regionIds' | 'settings' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('pps');
  @Property({ type: 'string', length: 100 }) providerId!: string;
  @Property({ type: 'boolean', default: true }) enabled: boolean = true;
  @Property({ type: 'json' }) regionIds: string[] = [];
  @Property({ type: 'json' }) settings: Record<string, unknown> = {};
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}

/** The tenant's checkout settings (one row per tenant, created with defaults on first use). */
@Entity({ tableName: 'commerce_settings' })
@Unique({ properties: ['tenantId'] })
export class CommerceSettings extends TenantOwned {
  [OptionalProps]?: 'id' | 'cancellationWindowHours' | 'checkoutFields' | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('cset');
  @Property({ type: 'integer', default: 24 }) cancellationWindowHours: number = 24;
  /** which address/contact fields the checkout shows and requires */
  @Property({ type: 'json' }) checkoutFields: Record<string, 'required' | 'optional' | 'hidden'> = {};
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}
