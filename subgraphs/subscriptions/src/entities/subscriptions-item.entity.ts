import { Entity, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

/**
 * A subscriptions item: the example aggregate `npm run domain:new` scaffolded (rename or replace it).
 * Table `subscriptions.subscriptions_item`; after changing an entity run
 * `npm run migration:create -- subscriptions <label>`.
 */
@Entity({ tableName: 'subscriptions_item' })
@Unique({ properties: ['tenantId', 'handle'] })
export class SubscriptionsItem extends TenantOwned {
  /** set by their initialisers: optional in `em.create` */
  [OptionalProps]?: 'id' | 'description' | 'metadata' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('subs');
  @Property({ type: 'string', length: 300 }) title!: string;
  @Property({ type: 'string', length: 200 }) handle!: string;
  @Property({ type: 'text', nullable: true }) description: string | null = null;
  @Property({ type: 'json', nullable: true }) metadata: Record<string, unknown> | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}
