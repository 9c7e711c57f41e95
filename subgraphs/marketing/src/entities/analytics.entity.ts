import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

export const EVENT_TYPES = ['page_view', 'add_to_cart', 'checkout_started', 'purchase', 'custom'] as const;
type AnalyticsEventType = (typeof EVENT_TYPES)[number];

/**
 * One analytics event of a session that granted analytics consent (events of other sessions are
 * never written). Written with one INSERT … SELECT that checks the consent in the same statement.
 */
@Entity({ tableName: 'analytics_event' })
@Index({ properties: ['tenantId', 'occurredAt'] })
@Index({ properties: ['tenantId', 'sessionHash', 'occurredAt'] })
export class AnalyticsEvent extends TenantOwned {
  [OptionalProps]?: 'id' | 'name' | 'url' | 'referrer' | 'utmSource' | 'utmMedium' | 'utmCampaign' | 'utmTerm' | 'utmContent' | 'properties' | 'occurredAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('aev');
  @Property({ type: 'string', length: 64 }) sessionHash!: string;
  @Property({ type: 'string', length: 30 }) type!: AnalyticsEventType;
  /** the name of a `custom` event */
  @Property({ type: 'string', length: 100, nullable: true }) name: string | null = null;
  @Property({ type: 'string', length: 2000, nullable: true }) url: string | null = null;
  @Property({ type: 'string', length: 2000, nullable: true }) referrer: string | null = null;
  @Property({ type: 'string', length: 200, nullable: true }) utmSource: string | null = null;
  @Property({ type: 'string', length: 200, nullable: true }) utmMedium: string | null = null;
  @Property({ type: 'string', length: 200, nullable: true }) utmCampaign: string | null = null;
  @Property({ type: 'string', length: 200, nullable: true }) utmTerm: string | null = null;
  @Property({ type: 'string', length: 200, nullable: true }) utmContent: string | null = null;
  @Property({ type: 'json', nullable: true }) properties: Record<string, unknown> | null = null;
  @Property({ type: 'datetime' }) occurredAt: Date = new Date();
}
