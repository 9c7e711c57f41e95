import { Entity, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

/**
 * An advertising channel the store's dashboard reads: a Meta ad account (`meta`: its id, and a
 * token sealed, or none to use the store's Meta connection) or a Google Ads customer
 * (`google_ads`: customer id, manager id, the OAuth refresh token sealed). Table `assistant.ad_channel`.
 */
@Entity({ tableName: 'ad_channel' })
@Unique({ properties: ['tenantId', 'channel'] })
export class AdChannel extends TenantOwned {
  [OptionalProps]?: 'id' | 'updatedAt' | 'loginCustomerId' | 'tokenSealed';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('adch');
  /** meta or google_ads */
  @Property({ type: 'string', length: 20 }) channel!: string;
  @Property({ type: 'string', length: 40 }) accountId!: string;
  @Property({ type: 'string', length: 40, nullable: true }) loginCustomerId: string | null = null;
  @Property({ type: 'text', nullable: true }) tokenSealed: string | null = null;
  @Property({ type: 'datetime' }) updatedAt: Date = new Date();
}

/**
 * A computed marketing dashboard of a store and range, kept until `expires_at`; a change to the
 * store's ad channels deletes the store's rows. Table `assistant.metrics_cache`.
 */
@Entity({ tableName: 'metrics_cache' })
@Unique({ properties: ['tenantId', 'rangeFrom', 'rangeTo'] })
export class MetricsCache extends TenantOwned {
  [OptionalProps]?: 'id';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('mcch');
  @Property({ type: 'string', length: 10 }) rangeFrom!: string;
  @Property({ type: 'string', length: 10 }) rangeTo!: string;
  @Property({ type: 'json' }) body!: unknown;
  @Property({ type: 'datetime' }) computedAt!: Date;
  @Property({ type: 'datetime' }) expiresAt!: Date;
}
