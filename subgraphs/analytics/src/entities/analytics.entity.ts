import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned } from '@svc/kit';

/**
 * One domain event as analytics received it from the outbox relay: its own copy of every event of
 * every domain (table `analytics.event_log`), kept for the warehouse export and for rebuilding the
 * rollups. The event id is the primary key, so an event is recorded (and counted) once however
 * often it is delivered.
 */
@Entity({ tableName: 'event_log' })
@Index({ properties: ['tenantId', 'seq'] })
export class RecordedEvent extends TenantOwned {
  @PrimaryKey({ type: 'string', length: 40 }) id!: string;
  @Property({ type: 'string', length: 100 }) type!: string;
  /** when the event's change committed (the outbox row's `created_at`) */
  @Property({ type: 'datetime' }) occurredAt!: Date;
  @Property({ type: 'json' }) data!: Record<string, unknown>;
  @Property({ type: 'datetime', defaultRaw: 'now()' }) recordedAt: Date = new Date();
  /**
   * The order in which this tenant's events were recorded (a sequence, taken under the tenant's
   * ingest lock, so it grows in commit order within a tenant): the export pages by it.
   */
  @Unique()
  @Property({ type: 'bigint', columnType: 'bigserial' })
  seq!: string;
}

/**
 * A rollup cell: how many times (`count`) and how much money (`amount`, in `currency`) a metric
 * happened for one value of one dimension in one 15-minute UTC bucket (every IANA zone's offset is
 * a whole number of quarter hours, so days in any zone are sums of whole buckets).
 */
@Entity({ tableName: 'rollup' })
@Unique({ name: 'rollup_cell', properties: ['tenantId', 'metric', 'dim', 'bucket', 'value', 'currency'] })
export class RollupCell extends TenantOwned {
  @PrimaryKey({ type: 'bigint', autoincrement: true }) id!: string;
  @Property({ type: 'string', length: 40 }) metric!: string;
  /** `all`, `region`, `currency`, `sales_channel`, `product`, `collection`, `term`, `campaign` … */
  @Property({ type: 'string', length: 40 }) dim!: string;
  @Property({ type: 'string', length: 300 }) value!: string;
  /** lower-case ISO code, or '' for a metric without money */
  @Property({ type: 'string', length: 8 }) currency!: string;
  @Property({ type: 'datetime' }) bucket!: Date;
  @Property({ type: 'bigint' }) count!: string;
  @Property({ type: 'decimal', precision: 20, scale: 4 }) amount!: string;
}

/**
 * The daily pre-aggregate of the 15-minute cells: the sum of one cell's buckets over one UTC day
 * (`day`), kept in the same statement as the buckets (live ingest and rebuild alike). A report
 * over a range reads a day's row instead of its 96 buckets, and corrects it with the buckets
 * between the UTC midnight and the asked zone's midnight (see the service), so days in any zone
 * stay exact.
 */
@Entity({ tableName: 'rollup_day' })
@Unique({ name: 'rollup_day_cell', properties: ['tenantId', 'metric', 'dim', 'day', 'value', 'currency'] })
export class RollupDay extends TenantOwned {
  @PrimaryKey({ type: 'bigint', autoincrement: true }) id!: string;
  @Property({ type: 'string', length: 40 }) metric!: string;
  @Property({ type: 'string', length: 40 }) dim!: string;
  @Property({ type: 'string', length: 300 }) value!: string;
  @Property({ type: 'string', length: 8 }) currency!: string;
  /** the UTC day of the buckets summed */
  @Property({ type: 'date' }) day!: string;
  @Property({ type: 'bigint' }) count!: string;
  @Property({ type: 'decimal', precision: 20, scale: 4 }) amount!: string;
}
