import { Entity, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

/**
 * A typed value attached to any resource of a store (`resource_type` + `resource_id`: a product,
 * an order, a customer or a custom type), named by `namespace` + `key` (unique per resource).
 * `value` is JSON of the shape its `type` prescribes (a decimal is a string of its exact digits).
 */
@Entity({ tableName: 'metafield' })
@Unique({ properties: ['tenantId', 'resourceType', 'resourceId', 'namespace', 'key'] })
export class Metafield extends TenantOwned {
  [OptionalProps]?: 'id' | 'storefrontVisible' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('mf');
  @Property({ type: 'string', length: 50 }) resourceType!: string;
  @Property({ type: 'string', length: 200 }) resourceId!: string;
  @Property({ type: 'string', length: 64 }) namespace!: string;
  @Property({ type: 'string', length: 64 }) key!: string;
  @Property({ type: 'string', length: 20 }) type!: string;
  @Property({ type: 'json' }) value!: unknown;
  @Property({ type: 'boolean' }) storefrontVisible: boolean = false;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}
