import { Check, Entity, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

/**
 * A currency pair the store shows a rate for (ISO 4217 codes, upper case), with the admin's manual
 * override when one is set (it wins over every feed).
 */
@Entity({ tableName: 'currency_pair' })
@Unique({ properties: ['tenantId', 'base', 'quote'] })
@Check({ name: 'currency_pair_codes_check', expression: "base ~ '^[A-Z]{3}$' and quote ~ '^[A-Z]{3}$' and base <> quote" })
@Check({ name: 'currency_pair_manual_rate_check', expression: 'manual_rate is null or manual_rate > 0' })
export class CurrencyPair extends TenantOwned {
  [OptionalProps]?: 'id' | 'manualRate' | 'manualSetAt' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('cpair');
  @Property({ type: 'string', length: 3 }) base!: string;
  @Property({ type: 'string', length: 3 }) quote!: string;
  /** exact decimal as PostgreSQL keeps it (numeric), read back as a string */
  @Property({ type: 'decimal', precision: 24, scale: 12, nullable: true }) manualRate: string | null = null;
  @Property({ type: 'datetime', nullable: true }) manualSetAt: Date | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}

export const RATE_SOURCES = ['ecb', 'json'] as const;
export type FeedSource = (typeof RATE_SOURCES)[number];

/**
 * What one rate feed last answered, shared by every tenant (the feeds are the platform's, the same
 * public reference rates for all): the last good snapshot is kept when a later fetch fails.
 */
@Entity({ tableName: 'rate_source' })
@Check({ name: 'rate_source_source_check', expression: "source in ('ecb', 'json')" })
export class RateSource {
  [OptionalProps]?: 'base' | 'rateDate' | 'rates' | 'fetchedAt' | 'lastAttemptAt' | 'lastError' | 'ok';

  @PrimaryKey({ type: 'string', length: 10 }) source!: FeedSource;
  /** the snapshot's base currency (EUR for the ECB) */
  @Property({ type: 'string', length: 3, nullable: true }) base: string | null = null;
  /** the day the rates are for, as the feed states it (YYYY-MM-DD) */
  @Property({ type: 'string', length: 10, nullable: true }) rateDate: string | null = null;
  /** quote currency -> units of it per 1 base, as decimal strings from the feed */
  @Property({ type: 'json', nullable: true }) rates: Record<string, string> | null = null;
  /** when the kept snapshot was fetched */
  @Property({ type: 'datetime', nullable: true }) fetchedAt: Date | null = null;
  @Property({ type: 'datetime', nullable: true }) lastAttemptAt: Date | null = null;
  @Property({ type: 'string', length: 500, nullable: true }) lastError: string | null = null;
  /** whether the last attempt succeeded (false: the kept snapshot is stale) */
  @Property({ type: 'boolean', default: false }) ok: boolean = false;
}
