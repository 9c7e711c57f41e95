import { Entity, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

/**
 * The brand of a store (one per tenant, created by its first change): the logo (a media id of the
 * media domain) and what the store set of colors, typography, social links and contact; what it
 * did not set is filled with defaults when read.
 */
@Entity({ tableName: 'brand' })
@Unique({ properties: ['tenantId'] })
export class Brand extends TenantOwned {
  [OptionalProps]?: 'id' | 'logoMediaId' | 'colors' | 'typography' | 'socialLinks' | 'contact' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('brand');
  @Property({ type: 'string', length: 40, nullable: true }) logoMediaId: string | null = null;
  @Property({ type: 'json' }) colors: Record<string, string> = {};
  @Property({ type: 'json' }) typography: Record<string, string> = {};
  @Property({ type: 'json' }) socialLinks: Record<string, string> = {};
  @Property({ type: 'json' }) contact: Record<string, string> = {};
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}
