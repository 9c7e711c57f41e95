import { Entity, Index, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

/**
 * Field-level overrides of one resource (a product, a collection, a page …) in one locale:
 * `fields` maps a translatable field of the resource type to its text in that locale. Fields not
 * named keep the resource's own (default-locale) text.
 */
@Entity({ tableName: 'translation' })
@Unique({ properties: ['tenantId', 'resourceType', 'resourceId', 'locale'] })
@Index({ properties: ['tenantId', 'resourceType', 'locale', 'resourceId'] })
export class Translation extends TenantOwned {
  [OptionalProps]?: 'id' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('trn');
  @Property({ type: 'string', length: 40 }) resourceType!: string;
  @Property({ type: 'string', length: 100 }) resourceId!: string;
  @Property({ type: 'string', length: 35 }) locale!: string;
  @Property({ type: 'json' }) fields!: Record<string, string>;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}
