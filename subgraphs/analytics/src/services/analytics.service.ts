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
   * The deltas of the recorded events `ev` (a table or CTE with tenant_id, type, occurred_at and
   * data) summed per 15-minute cell (a cell may be written once per statement), amounts rounded
   * as the cells store them.
   */
  private deltasSql(ev: string, where: string): string {
    return `select ev.tenant_id, delta.metric, delta.dim, left(delta.value, 300) as value, delta.currency, ${bucketSql('ev.occurred_at')} as bucket,
              sum(delta.count)::bigint as count, sum(delta.amount)::numeric(20,4) as amount
         from ${ev} as ev cross join ${rollupDeltasSql('ev')}
        ${where}
        group by 1, 2, 3, 4, 5, 6`;
  }

  /** Inserts cells `rows` (in key order: one lock order for every writer), adding to existing ones when `add` (numeric addition, no read then write). */
  private cellsInsert(rows: string, add: boolean, returning = ''): string {
    return `insert into ${this.store.table('rollup')} as r (tenant_id, metric, dim, value, currency, bucket, count, amount)
      select tenant_id, metric, dim, value, currency, bucket, count, amount from ${rows} as c order by 1, 2, 3, 6, 4, 5
      ${add ? 'on conflict (tenant_id, metric, dim, bucket, value, currency) do update set count = r.count + excluded.count, amount = r.amount + excluded.amount' : ''}
      ${returning}`;
  }

  /** The cells `rows` summed per UTC day into the daily pre-aggregate (in key order), added to existing days when `add`. */
  private daysInsert(rows: string, add: boolean): string {
    return `insert into ${this.store.table('rollup_day')} as r (tenant_id, metric, dim, day, value, currency, count, amount)
      select tenant_id, metric, dim, (bucket at time zone 'UTC')::date, value, currency, sum(count), sum(amount) from ${rows} as c
       group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6
      ${add ? 'on conflict (tenant_id, metric, dim, day, value, currency) do update set count = r.count + excluded.count, amount = r.amount + excluded.amount' : ''}`;
  }

  /**
   * One statement: `insert` (into the event log, `returning id, tenant_id, type, occurred_at, data`
   * of the rows it recorded) and the deltas of exactly those rows added to the 15-minute cells and
   * their days; answers the recorded ids.
   */
  private recordAndRollUp(insert: string): string {
    return `with recorded as (${insert}), deltas as (${this.deltasSql('recorded', '')}),
              cells as (${this.cellsInsert('deltas', true)}), days as (${this.daysInsert('deltas', true)})
         select id from recorded`;
  }

  /**
   * Records one event of the caller's tenant and adds it to the rollups (its 15-minute cells and
   * their days), in the unit of work of `ctx` (the subscription's transaction): the insert of the
   * event and the upserts are one statement, and they add only the rows the insert recorded, so a
   * redelivered or replayed event (same id) changes nothing, on any instance.
   */
  async ingest(ctx: RequestContext, event: TypedEvent<Record<string, unknown>>): Promise<boolean> {
    const tenantId = event.tenant_id;
    if (!tenantId) return false;
    const insert = `insert into ${this.store.table('event_log')} (id, tenant_id, type, occurred_at, data, recorded_at)
      values (?, ?, ?, ?::timestamptz, ?::jsonb, now()) on conflict (id) do nothing returning id, tenant_id, type, occurred_at, data`;
    const params = [event.id, tenantId, event.type, event.created_at, JSON.stringify(event.data)];
    const [, rows] = await this.store.batch(ctx, [this.lockStatement(tenantId), [this.recordAndRollUp(insert), params]]);
    return rows.length > 0;
  }

  /**
   * `ingest` for a batch of the caller's tenant's events, oldest first (the subscription's batch,
   * in its unit of work): one statement records those not recorded before, in their order, and adds
   * the deltas of exactly those to the rollups (summed per cell, cells in key order). Answers how
   * many were recorded.
   */
  async ingestMany(ctx: RequestContext, events: Array<TypedEvent<Record<string, unknown>>>): Promise<number> {
    const tenantId = ctx.tenantId;
    const mine = tenantId ? events.filter((e) => e.tenant_id === tenantId) : [];
    if (!tenantId || !mine.length) return 0;
    const rows = mine.map((e, n) => ({ n, id: e.id, type: e.type, occurred_at: e.created_at, data: e.data }));
    const [, recorded] = await this.store.batch(ctx, [
      this.lockStatement(tenantId),
      [
        this.recordAndRollUp(
          `insert into ${this.store.table('event_log')} (id, tenant_id, type, occurred_at, data, recorded_at)
           select e.id, ?, e.type, e.occurred_at, e.data, now()
             from jsonb_to_recordset(?::jsonb) as e(n int, id text, type text, occurred_at timestamptz, data jsonb)
            order by e.n
           on conflict (id) do nothing returning id, tenant_id, type, occurred_at, data`,
        ),
        [tenantId, JSON.stringify(rows)],
      ],
    ]);
    return recorded.length;
  }

  /**
   * Rebuilds the tenant's rollups from its recorded events (analytics' copy of the outbox), in one
   * transaction under the ingest lock (live events wait for it and are then added on top): the
   * tenant's cells and days are deleted and written again by one set-based statement over the
   * log, through the same SQL definition of an event's deltas live ingest uses; the days are the
   * sums of the cells just written.
   */
  async rebuild(ctx: RequestContext): Promise<RebuildView> {
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (_em, tx) => {
      const [, , , [counted]] = (await this.store.batch(tx, [
        this.lockStatement(tenantId),
        [`delete from ${this.store.table('rollup')} where tenant_id = ?`, [tenantId]],
        [`delete from ${this.store.table('rollup_day')} where tenant_id = ?`, [tenantId]],
        [
          `with deltas as (${this.deltasSql(this.store.table('event_log'), 'where ev.tenant_id = ?')}),
                cells as (${this.cellsInsert('deltas', false, 'returning tenant_id, metric, dim, value, currency, bucket, count, amount')}),
                days as (${this.daysInsert('cells', false)})
           select (select count(*)::int from ${this.store.table('event_log')} where tenant_id = ?) as events, (select count(*)::int from cells) as cells`,
          [tenantId, tenantId],
        ],
      ])) as [unknown, unknown, unknown, RebuildView[]];
      const { events, cells } = counted;
      // fresh statistics: the first reports after a large rebuild otherwise plan without them
      await this.store.sql(tx, `analyze ${this.store.table('rollup')}, ${this.store.table('rollup_day')}`);
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

  /**
   * The rows of a report over the days `from`..`to` of `zone`, each tagged with the zone's day it
   * belongs to (`day`): read from the daily pre-aggregate, exact in any zone. Every UTC day `u`
   * near the range is anchored to one day of the zone (the zone's date at `u` 12:00 UTC) and its
   * daily row is counted there; the 15-minute cells of `u` that belong to another day of the zone
   * (between UTC midnight and the zone's midnight: `|offset|` hours a day) are read one by one,
   * added to the day they belong to and taken off the anchored day. So a day's figure is the sum
   * of exactly its own buckets, also in a half-hour or daylight-saving zone, and a year reads
   * about 365 daily rows per cell instead of 35,040 buckets (plus the offset's buckets).
   * The caller filters `day` to the range and drops the groups that sum to nothing (a
   * correction's net zero).
   */
  private rangeRows(tenantId: string, metrics: readonly string[], dim: string, q: RangeQuery, params: unknown[]): string {
    const v = (x: unknown) => (params.push(x), '?');
    const zone = q.time_zone;
    const cells = (dayCol: string) =>
      `r.tenant_id = ${v(tenantId)} and r.metric = any(${v(`{${metrics.join(',')}}`)}::text[]) and r.dim = ${v(dim)} and ${dayCol}`;
    const corrections = (lo: string, hi: string) =>
      `select c.day, r.metric, r.value, r.currency, c.sign * r.count as count, c.sign * r.amount as amount
         from anchored w join ${this.store.table('rollup')} r on ${cells(`r.bucket >= w.${lo} and r.bucket < w.${hi}`)}
        cross join lateral (values ((r.bucket at time zone ${v(zone)})::date, 1), (w.a, -1)) as c(day, sign)`;
    return `with span as (
        select (${v(q.from)}::date)::timestamp at time zone ${v(zone)} as s, ((${v(q.to)}::date) + 1)::timestamp at time zone ${v(zone)} as e
      ), utc_days as (
        select g.t::date as ud, g.t at time zone 'UTC' as u, (g.t + interval '1 day') at time zone 'UTC' as u1, ((g.t at time zone 'UTC' + interval '12 hours') at time zone ${v(zone)})::date as a
          from span, generate_series(date_trunc('day', span.s at time zone 'UTC') - interval '1 day', date_trunc('day', span.e at time zone 'UTC') + interval '1 day', interval '1 day') as g(t)
      ), anchored as (
        select ud, u, a, u1,
               least(greatest(a::timestamp at time zone ${v(zone)}, u), u1) as m,
               least(greatest((a + 1)::timestamp at time zone ${v(zone)}, u), u1) as m2
          from utc_days
      ), parts as (
        select w.a as day, r.metric, r.value, r.currency, r.count, r.amount
          from anchored w join ${this.store.table('rollup_day')} r on ${cells('r.day = w.ud')}
        union all ${corrections('u', 'm')}
        union all ${corrections('m2', 'u1')}
      )
      select * from parts where day between ${v(q.from)}::date and ${v(q.to)}::date`;
  }

  /**
   * The rows of one range, the days `from`..`to` of `zone` as one span `[s, e)` (a breakdown or a
   * total, not per day): the whole UTC days inside it from the daily pre-aggregate, the rest at
   * both ends (less than a day each) from the 15-minute cells.
   */
  private spanRows(tenantId: string, metrics: readonly string[], dim: string, q: RangeQuery, params: unknown[]): string {
    const v = (x: unknown) => (params.push(x), '?');
    const cells = () => `r.tenant_id = ${v(tenantId)} and r.metric = any(${v(`{${metrics.join(',')}}`)}::text[]) and r.dim = ${v(dim)}`;
    const zone = q.time_zone;
    return `with span as (
        select s, e, d1, d2, least(e, d1) as lead_end, greatest(d2, least(e, d1)) as trail_start
          from (select s, e, date_trunc('day', s, 'UTC') + case when date_trunc('day', s, 'UTC') < s then interval '24 hours' else interval '0' end as d1,
                       date_trunc('day', e, 'UTC') as d2
                  from (select (${v(q.from)}::date)::timestamp at time zone ${v(zone)} as s, ((${v(q.to)}::date) + 1)::timestamp at time zone ${v(zone)} as e) as b) as x
      )
      select r.metric, r.value, r.currency, r.count, r.amount from span join ${this.store.table('rollup_day')} r
          on ${cells()} and r.day >= (span.d1 at time zone 'UTC')::date and r.day < (span.d2 at time zone 'UTC')::date
      union all
      select r.metric, r.value, r.currency, r.count, r.amount from span join ${this.store.table('rollup')} r on ${cells()} and r.bucket >= span.s and r.bucket < span.lead_end
      union all
      select r.metric, r.value, r.currency, r.count, r.amount from span join ${this.store.table('rollup')} r on ${cells()} and r.bucket >= span.trail_start and r.bucket < span.e`;
  }

  async series(ctx: RequestContext, q: SeriesQuery): Promise<SeriesPointView[]> {
    const tenantId = requireTenant(ctx);
    await this.checkZone(q.time_zone);
    const params: unknown[] = [];
    const rows = await this.store.sql<{ day: string; value: string; currency: string; count: string; amount: string }>(
      null,
      `select to_char(day, 'YYYY-MM-DD') as day, value, currency, sum(count)::text as count, sum(amount)::text as amount
         from (${this.rangeRows(tenantId, [q.metric], q.dim, q, params)}) as x
        group by 1, 2, 3 having sum(count) <> 0 or sum(amount) <> 0 order by 1, 2, 3`,
      params,
    );
    return rows.map((r) => ({ day: r.day, value: r.value, currency_code: r.currency, count: Number(r.count), amount: Number(r.amount) }));
  }

  /** The values of one dimension over the range, most frequent first. */
  async breakdown(ctx: RequestContext, q: BreakdownQuery): Promise<BreakdownRowView[]> {
    const tenantId = requireTenant(ctx);
    await this.checkZone(q.time_zone);
    const params: unknown[] = [];
    const rows = await this.store.sql<{ value: string; currency: string; count: string; amount: string }>(
      null,
      `select value, currency, sum(count)::text as count, sum(amount)::text as amount from (${this.spanRows(tenantId, [q.metric], q.dim, q, params)}) as x
        group by 1, 2 having sum(count) <> 0 or sum(amount) <> 0 order by sum(count) desc, 1, 2 limit ${(params.push(q.limit), '?')}`,
      params,
    );
    return rows.map((r) => ({ value: r.value, currency_code: r.currency, count: Number(r.count), amount: Number(r.amount) }));
  }

  /** The tracking funnel (page views → add to cart → orders) and carts created vs completed over the range. */
  async funnel(ctx: RequestContext, q: RangeQuery): Promise<FunnelView> {
    const tenantId = requireTenant(ctx);
    await this.checkZone(q.time_zone);
    const params: unknown[] = [];
    const metrics = ['page_views', 'add_to_carts', 'orders', 'carts_created', 'carts_completed'];
    const rows = await this.store.sql<{ metric: string; count: string }>(
      null,
      `select metric, sum(count)::text as count from (${this.spanRows(tenantId, metrics, 'all', q, params)}) as x group by 1`,
      params,
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
