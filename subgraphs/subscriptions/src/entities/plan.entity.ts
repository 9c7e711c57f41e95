import { Entity, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

export type PlanInterval = 'day' | 'week' | 'month' | 'year';

/**
 * A subscription plan: billed every `intervalCount` `interval`s, a price per currency (decimal
 * strings in major units, exact to the currency's minor unit), trial days before the first charge,
 * offered while `active`.
 */
@Entity({ tableName: 'subscription_plan' })
@Unique({ properties: ['tenantId', 'handle'] })
export class SubscriptionPlan extends TenantOwned {
  [OptionalProps]?: 'id' | 'description' | 'trialDays' | 'active' | 'metadata' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('splan');
  @Property({ type: 'string', length: 200 }) handle!: string;
  @Property({ type: 'string', length: 300 }) name!: string;
  @Property({ type: 'text', nullable: true }) description: string | null = null;
  @Property({ type: 'string', length: 10 }) interval!: PlanInterval;
  @Property({ type: 'integer' }) intervalCount!: number;
  /** currency code (lower case) -> decimal amount in major units */
  @Property({ type: 'json' }) prices!: Record<string, string>;
  @Property({ type: 'integer', default: 0 }) trialDays: number = 0;
  @Property({ type: 'boolean', default: true }) active: boolean = true;
  @Property({ type: 'json', nullable: true }) metadata: Record<string, unknown> | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}
