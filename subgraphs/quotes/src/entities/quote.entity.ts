import { Check, Entity, Index, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

/** A custom field of the store's quote form: what a submission's `fields` are checked against. */
export interface QuoteFormField {
  key: string;
  label: string;
  type: 'text' | 'number' | 'select' | 'date' | 'boolean';
  required: boolean;
  /** the choices of a `select` field */
  options: string[];
}

/**
 * The store's quote settings (one row per tenant, absent until an admin saves them): the currency
 * of the ISG pricing and the estimates, how long a quote is valid, where the store's notification
 * goes (else the brand's contact email), and the quote form's custom fields.
 */
@Entity({ tableName: 'quote_settings' })
@Unique({ properties: ['tenantId'] })
export class QuoteSettings extends TenantOwned {
  [OptionalProps]?: 'id' | 'notificationEmail' | 'formFields' | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('qset');
  @Property({ type: 'string', length: 3 }) currencyCode!: string;
  @Property({ type: 'integer' }) validityDays!: number;
  @Property({ type: 'string', length: 254, nullable: true }) notificationEmail: string | null = null;
  @Property({ type: 'json' }) formFields: QuoteFormField[] = [];
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}

/** A quotable service of the ISG pricing: a base rate per unit (hour, day, visit) in the settings' currency. */
@Entity({ tableName: 'quote_service' })
@Unique({ properties: ['tenantId', 'handle'] })
@Check({ name: 'quote_service_rate_check', expression: 'base_rate >= 0' })
export class QuoteService extends TenantOwned {
  [OptionalProps]?: 'id' | 'description' | 'active' | 'createdAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('qsvc');
  @Property({ type: 'string', length: 200 }) handle!: string;
  @Property({ type: 'string', length: 300 }) name!: string;
  @Property({ type: 'text', nullable: true }) description: string | null = null;
  @Property({ type: 'string', length: 40 }) unit!: string;
  @Property({ type: 'decimal', precision: 14, scale: 4 }) baseRate!: string;
  @Property({ type: 'boolean', default: true }) active: boolean = true;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
}

/** A location of the ISG pricing: a service's base rate is multiplied by its modifier there (1.15 = +15 %). */
@Entity({ tableName: 'quote_location' })
@Unique({ properties: ['tenantId', 'handle'] })
@Check({ name: 'quote_location_modifier_check', expression: 'modifier > 0' })
export class QuoteLocation extends TenantOwned {
  [OptionalProps]?: 'id' | 'createdAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('qloc');
  @Property({ type: 'string', length: 200 }) handle!: string;
  @Property({ type: 'string', length: 300 }) name!: string;
  @Property({ type: 'decimal', precision: 8, scale: 4 }) modifier!: string;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
}

/** The last quote number of a tenant in a year: the submission's one-statement upsert takes the next. Raw SQL only. */
@Entity({ tableName: 'quote_counter' })
@Unique({ name: 'quote_counter_year_unique', properties: ['tenantId', 'year'] })
export class QuoteCounter extends TenantOwned {
  [OptionalProps]?: 'id';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('qcnt');
  @Property({ type: 'integer' }) year!: number;
  @Property({ type: 'integer' }) last!: number;
}

export const QUOTE_STATUSES = ['new', 'sent', 'accepted', 'declined', 'expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** A product line of a quote as it was priced at submission (catalog snapshot). */
export interface QuoteProductLine {
  variant_id: string;
  title: string;
  sku: string | null;
  quantity: number;
  unit_price: string;
  total: string;
}

/** A service line of a quote, priced from the ISG configuration at submission. */
export interface QuoteServiceLine {
  service_id: string;
  name: string;
  unit: string;
  location_id: string;
  location_name: string;
  quantity: number;
  base_rate: string;
  modifier: string;
  unit_price: string;
  total: string;
}

/** A custom field's answer as the quote keeps it (label and type as they were at submission). */
export interface QuoteFieldValue {
  key: string;
  label: string;
  type: QuoteFormField['type'];
  value: string | number | boolean;
}

/** A quote request: its number, requester, priced lines, custom fields, estimate and status. */
@Entity({ tableName: 'quote' })
@Unique({ properties: ['tenantId', 'number'] })
@Index({ properties: ['tenantId', 'createdAt'] })
@Index({ properties: ['tenantId', 'customerId'] })
@Check({ name: 'quote_status_check', expression: "status in ('new', 'sent', 'accepted', 'declined', 'expired')" })
export class Quote extends TenantOwned {
  [OptionalProps]?: 'id' | 'status' | 'company' | 'phone' | 'message' | 'customerId' | 'cartId' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('quote');
  @Property({ type: 'string', length: 20 }) number!: string;
  @Property({ type: 'string', length: 20, default: 'new' }) status: QuoteStatus = 'new';
  @Property({ type: 'string', length: 200 }) name!: string;
  @Property({ type: 'string', length: 254 }) email!: string;
  @Property({ type: 'string', length: 200, nullable: true }) company: string | null = null;
  @Property({ type: 'string', length: 50, nullable: true }) phone: string | null = null;
  @Property({ type: 'text', nullable: true }) message: string | null = null;
  /** the signed-in customer who asked; null for a guest */
  @Property({ type: 'string', length: 40, nullable: true }) customerId: string | null = null;
  @Property({ type: 'string', length: 20 }) locale!: string;
  @Property({ type: 'string', length: 3 }) currencyCode!: string;
  @Property({ type: 'json' }) products: QuoteProductLine[] = [];
  @Property({ type: 'json' }) services: QuoteServiceLine[] = [];
  @Property({ type: 'json' }) fields: QuoteFieldValue[] = [];
  @Property({ type: 'decimal', precision: 14, scale: 4 }) estimate!: string;
  /** the last day the quote is valid (a date) */
  @Property({ type: 'string', length: 10 }) validUntil!: string;
  /** the cart an accepted quote was turned into */
  @Property({ type: 'string', length: 40, nullable: true }) cartId: string | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}
