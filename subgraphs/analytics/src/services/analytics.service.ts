import { Errors, requireTenant, type RequestContext, type SqlStatement, type Store, type TypedEvent } from '@svc/kit';
import { analyticsEvents } from '../events';
import type { BreakdownQuery, ExportQuery, RangeQuery, SeriesQuery } from '../inputs/analytics.input';
import { bucketSql, rollupDeltasSql } from './rollups';

interface SeriesPointView {
  day: string;
  value: string;
  currency_code: string;
  count: number;
  amount: number;
}
interface BreakdownRowView {
  value: string;
  currency_code: string;
  count: number;
  amount: number;
}
interface FunnelView {
  page_views: number;
  add_to_carts: number;
  orders: number;
  carts_created: number;
  carts_completed: number;
}
interface ExportedEvent {
  id: string;
  type: string;
  created_at: string;
  data: Record<string, unknown>;
}
interface RebuildView {
  events: number;
  cells: number;
}

/**
 * Analytics: every domain event is recorded once (by its id) in `event_log` and added to the
 * rollups in the same statement; reports read the rollups, days counted in the asked time zone.
 * A tenant's ingest and its rebuild take the same advisory lock, so a rebuild never races a
 * live event and the log's `seq` grows in commit order within a tenant (the export's cursor).
 */
export class AnalyticsService {
  constructor(private readonly store: Store) {}

  private readonly zones = new Map<string, boolean>();

  private lockStatement(tenantId: string): SqlStatement {
    return ['select pg_advisory_xact_lock(hashtext(?))', [`analytics:ingest:${tenantId}`]];
  }

  /**
   * The rollup cells of the recorded events `ev` (a table or CTE with tenant_id, type, occurred_at
   * and data): their deltas summed per cell (a cell may be written once per statement), in key
   * order (one lock order for every writer), inserted, or with `add` added to existing cells
   * (numeric addition in PostgreSQL, no read then write).
   */
  private rollupInsert(ev: string, where: string, add: boolean): string {
    return `insert into ${this.store.table('rollup')} as r (tenant_id, metric, dim, value, currency, bucket, count, amount)
      select ev.tenant_id, delta.metric, delta.dim, left(delta.value, 300), delta.currency, ${bucketSql('ev.occurred_at')}, sum(delta.count)::bigint, sum(delta.amount)
        from ${ev} as ev cross join ${rollupDeltasSql('ev')}
       ${where}
       group by 1, 2, 3, 4, 5, 6
       order by 1, 2, 3, 6, 4, 5
      ${add ? 'on conflict (tenant_id, metric, dim, bucket, value, currency) do update set count = r.count + excluded.count, amount = r.amount + excluded.amount' : ''}`;
  }

  /**
   * Records one event of the caller's tenant and adds it to the rollups, in the unit of work of
   * `ctx` (the subscription's transaction): the insert of the event and the rollup upsert are one
   * statement, and the upsert adds only the rows the insert recorded, so a redelivered or
   * replayed event (same id) changes nothing, on any instance.
   */
  async ingest(ctx: RequestContext, event: TypedEvent<Record<string, unknown>>): Promise<boolean> {
    const tenantId = event.tenant_id;
    if (!tenantId) return false;
    const insert = `insert into ${this.store.table('event_log')} (id, tenant_id, type, occurred_at, data, recorded_at)
      values (?, ?, ?, ?::timestamptz, ?::jsonb, now()) on conflict (id) do nothing returning id, tenant_id, type, occurred_at, data`;
    const params = [event.id, tenantId, event.type, event.created_at, JSON.stringify(event.data)];
    const [, rows] = await this.store.batch(ctx, [
      this.lockStatement(tenantId),
      [`with recorded as (${insert}), up as (${this.rollupInsert('recorded', '', true)}) select id from recorded`, params],
    ]);
    return rows.length > 0;
  }

  /**
   * Rebuilds the tenant's rollups from its recorded events (analytics' copy of the outbox), in one
   * transaction under the ingest lock (live events wait for it and are then added on top): the
   * tenant's cells are deleted and written again by one set-based statement over the log, through
   * the same SQL definition of an event's deltas live ingest uses.
   */
  async rebuild(ctx: RequestContext): Promise<RebuildView> {
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (_em, tx) => {
      const [, , [counted]] = (await this.store.batch(tx, [
        this.lockStatement(tenantId),
        [`delete from ${this.store.table('rollup')} where tenant_id = ?`, [tenantId]],
        [
          `with written as (${this.rollupInsert(this.store.table('event_log'), 'where ev.tenant_id = ?', false)} returning 1)
           select (select count(*)::int from ${this.store.table('event_log')} where tenant_id = ?) as events, (select count(*)::int from written) as cells`,
          [tenantId, tenantId],
        ],
      ])) as [unknown, unknown, RebuildView[]];
      const { events, cells } = counted;
      analyticsEvents.emitSql(this.store, tx, 'analytics.rebuilt', { events, cells });
      return { events, cells };
    });
  }

  /** 400 for a zone PostgreSQL does not know (answers cached per process). */
  private async checkZone(zone: string): Promise<void> {
    let ok = this.zones.get(zone);
    if (ok === undefined) {
      const rows = await this.store.sql(null, 'select 1 from pg_timezone_names where name = ?', [zone]);
      ok = rows.length > 0;
      this.zones.set(zone, ok);
    }
    if (!ok) throw Errors.invalidField('time_zone', `time_zone: "${zone}" is not an IANA time zone`);
  }

  /** The range's buckets: from the start of `from` to the end of `to`, both in the zone. */
  private rangeSql(): string {
    return `bucket >= (?::date)::timestamp at time zone ? and bucket < ((?::date) + 1)::timestamp at time zone ?`;
  }

  async series(ctx: RequestContext, q: SeriesQuery): Promise<SeriesPointView[]> {
    const tenantId = requireTenant(ctx);
    await this.checkZone(q.time_zone);
    const rows = await this.store.sql<{ day: string; value: string; currency: string; count: string; amount: string }>(
      null,
      `select to_char(bucket at time zone ?, 'YYYY-MM-DD') as day, value, currency, sum(count)::text as count, sum(amount)::text as amount
         from ${this.store.table('rollup')}
        where tenant_id = ? and metric = ? and dim = ? and ${this.rangeSql()}
        group by 1, 2, 3 order by 1, 2, 3`,
      [q.time_zone, tenantId, q.metric, q.dim, q.from, q.time_zone, q.to, q.time_zone],
    );
    return rows.map((r) => ({ day: r.day, value: r.value, currency_code: r.currency, count: Number(r.count), amount: Number(r.amount) }));
  }

  /** The values of one dimension over the range, most frequent first. */
  async breakdown(ctx: RequestContext, q: BreakdownQuery): Promise<BreakdownRowView[]> {
    const tenantId = requireTenant(ctx);
    await this.checkZone(q.time_zone);
    const rows = await this.store.sql<{ value: string; currency: string; count: string; amount: string }>(
      null,
      `select value, currency, sum(count)::text as count, sum(amount)::text as amount
         from ${this.store.table('rollup')}
        where tenant_id = ? and metric = ? and dim = ? and ${this.rangeSql()}
        group by 1, 2 order by sum(count) desc, 1, 2 limit ?`,
      [tenantId, q.metric, q.dim, q.from, q.time_zone, q.to, q.time_zone, q.limit],
    );
    return rows.map((r) => ({ value: r.value, currency_code: r.currency, count: Number(r.count), amount: Number(r.amount) }));
  }

  /** The tracking funnel (page views → add to cart → orders) and carts created vs completed over the range. */
  async funnel(ctx: RequestContext, q: RangeQuery): Promise<FunnelView> {
    const tenantId = requireTenant(ctx);
    await this.checkZone(q.time_zone);
    const rows = await this.store.sql<{ metric: string; count: string }>(
      null,
      `select metric, sum(count)::text as count from ${this.store.table('rollup')}
        where tenant_id = ? and metric = any(?::text[]) and dim = 'all' and ${this.rangeSql()} group by 1`,
      [tenantId, '{page_views,add_to_carts,orders,carts_created,carts_completed}', q.from, q.time_zone, q.to, q.time_zone],
    );
    const of = (m: string) => Number(rows.find((r) => r.metric === m)?.count ?? 0);
    return {
      page_views: of('page_views'),
      add_to_carts: of('add_to_carts'),
      orders: of('orders'),
      carts_created: of('carts_created'),
      carts_completed: of('carts_completed'),
    };
  }

  /**
   * One page of the tenant's raw events in the order they were recorded, after the event `after`
   * (404 for an id this tenant has not recorded): a warehouse resumes from the last id it stored.
   */
  async exportPage(ctx: RequestContext, q: ExportQuery): Promise<ExportedEvent[]> {
    const tenantId = requireTenant(ctx);
    let from = '0';
    if (q.after) {
      const [row] = await this.store.sql<{ seq: string }>(
        null,
        `select seq::text as seq from ${this.store.table('event_log')} where tenant_id = ? and id = ?`,
        [tenantId, q.after],
      );
      if (!row) throw Errors.notFound('Event', q.after);
      from = row.seq;
    }
    const rows = await this.store.sql<{ id: string; type: string; occurred_at: Date; data: Record<string, unknown> }>(
      null,
      `select id, type, occurred_at, data from ${this.store.table('event_log')} where tenant_id = ? and seq > ?::bigint order by seq limit ?`,
      [tenantId, from, q.limit],
    );
    return rows.map((r) => ({ id: r.id, type: r.type, created_at: new Date(r.occurred_at).toISOString(), data: r.data }));
  }
}
