import { Check, Entity, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

/**
 * A locale the store offers (a BCP 47 tag: `en`, `de-CH`, `ar`). Exactly one default per tenant
 * once the store has locales: the partial unique index `locale_one_default (tenant_id) where
 * is_default` (migration) decides races; moving the default clears the old one first in the same
 * transaction.
 */
@Entity({ tableName: 'locale' })
@Unique({ properties: ['tenantId', 'code'] })
@Check({ name: 'locale_code_check', expression: "code ~ '^[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|[0-9]{3}))?$'" })
export class Locale extends TenantOwned {
  [OptionalProps]?: 'id' | 'rtl' | 'isDefault' | 'position' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('lcl');
  @Property({ type: 'string', length: 35 }) code!: string;
  @Property({ type: 'string', length: 100 }) name!: string;
  @Property({ type: 'boolean', default: false }) rtl: boolean = false;
  @Property({ type: 'boolean', default: false }) isDefault: boolean = false;
  /** order in the language switcher (ascending, then code) */
  @Property({ type: 'integer', default: 0 }) position: number = 0;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}
