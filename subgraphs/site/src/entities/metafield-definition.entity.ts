import { Entity, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

/**
 * What a store declares once for a kind of resource: the metafield `namespace` + `key` of every
 * `resource_type` resource holds a value of `type` (its metafields are checked against it), with a
 * name admins recognise and whether new values are storefront-visible by default.
 */
@Entity({ tableName: 'metafield_definition' })
@Unique({ properties: ['tenantId', 'resourceType', 'namespace', 'key'] })
export class MetafieldDefinition extends TenantOwned {
  [OptionalProps]?: 'id' | 'description' | 'storefrontVisible' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('mfd');
  @Property({ type: 'string', length: 50 }) resourceType!: string;
  @Property({ type: 'string', length: 64 }) namespace!: string;
  @Property({ type: 'string', length: 64 }) key!: string;
  @Property({ type: 'string', length: 20 }) type!: string;
  @Property({ type: 'string', length: 200 }) name!: string;
  @Property({ type: 'string', length: 1000, nullable: true }) description: string | null = null;
  @Property({ type: 'boolean' }) storefrontVisible: boolean = false;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}
