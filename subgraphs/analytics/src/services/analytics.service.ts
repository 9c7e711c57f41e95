import { Errors, requireTenant, type RequestContext, type SqlStatement, type Store, type TypedEvent } from '@svc/kit';
import { analyticsEvents } from '../events';
import type { BreakdownQuery, ExportQuery, RangeQuery, SeriesQuery } from '../inputs/analytics.input';
import { mergeDeltas, rollupDeltas } from './rollups';

/** 15 minutes: every IANA zone's UTC offset is a whole number of them, so a day in any zone is whole buckets. */
const BUCKET_MS = 15 * 60_000;
const bucketOf = (at: Date | string): string => new Date(Math.floor(new Date(at).getTime() / BUCKET_MS) * BUCKET_MS).toISOString();

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

  /** The upsert of merged deltas: adds to existing cells (numeric addition in PostgreSQL). */
  private upsert(gate?: string): string {
    return `insert into ${this.store.table('rollup')} as r (tenant_id, metric, dim, value, currency, bucket, count, amount)
      select ?, d.metric, d.dim, d.value, d.currency, d.bucket, d.count, d.amount
        from jsonb_to_recordset(?::jsonb) as d(metric text, dim text, value text, currency text, bucket timestamptz, count bigint, amount numeric)
        ${gate ? `where exists (select 1 from ${gate})` : ''}
      on conflict (tenant_id, metric, dim, bucket, value, currency)
      do update set count = r.count + excluded.count, amount = r.amount + excluded.amount`;
  }

  /**
   * Records one event of the caller's tenant and adds it to the rollups, in the unit of work of
   * `ctx` (the subscription's transaction): the insert of the event and the rollup upsert are one
   * statement, and the upsert adds only when the insert recorded the event, so a redelivered or
   * replayed event (same id) changes nothing, on any instance.
   */
  async ingest(ctx: RequestContext, event: TypedEvent<Record<string, unknown>>): Promise<boolean> {
    const tenantId = event.tenant_id;
    if (!tenantId) return false;
    const bucket = bucketOf(event.created_at);
    const deltas = mergeDeltas(rollupDeltas(event.type, event.data).map((d) => ({ ...d, bucket })));
    const insert = `insert into ${this.store.table('event_log')} (id, tenant_id, type, occurred_at, data, recorded_at)
      values (?, ?, ?, ?::timestamptz, ?::jsonb, now()) on conflict (id) do nothing returning id`;
    const params = [event.id, tenantId, event.type, event.created_at, JSON.stringify(event.data)];
    const [, rows] = await this.store.batch(ctx, [
      this.lockStatement(tenantId),
      deltas.length
        ? [`with ev as (${insert}), up as (${this.upsert('ev')}) select id from ev`, [...params, tenantId, JSON.stringify(deltas)]]
        : [insert, params],
    ]);
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
    const deltas = mine.flatMap((e) => {
      const bucket = bucketOf(e.created_at);
      return mergeDeltas(rollupDeltas(e.type, e.data).map((d) => ({ ...d, bucket }))).map((d) => ({ ...d, event_id: e.id }));
    });
    const [, recorded] = await this.store.batch(ctx, [
      this.lockStatement(tenantId),
      [
        `with ev as (
           insert into ${this.store.table('event_log')} (id, tenant_id, type, occurred_at, data, recorded_at)
           select e.id, ?, e.type, e.occurred_at, e.data, now()
             from jsonb_to_recordset(?::jsonb) as e(n int, id text, type text, occurred_at timestamptz, data jsonb)
            order by e.n
           on conflict (id) do nothing returning id
         ), up as (
           insert into ${this.store.table('rollup')} as r (tenant_id, metric, dim, value, currency, bucket, count, amount)
           select ?, d.metric, d.dim, d.value, d.currency, d.bucket, sum(d.count), sum(d.amount)
             from jsonb_to_recordset(?::jsonb) as d(event_id text, metric text, dim text, value text, currency text, bucket timestamptz, count bigint, amount numeric)
            where d.event_id in (select id from ev)
            group by d.metric, d.dim, d.bucket, d.value, d.currency
            order by d.metric, d.dim, d.bucket, d.value, d.currency
           on conflict (tenant_id, metric, dim, bucket, value, currency)
           do update set count = r.count + excluded.count, amount = r.amount + excluded.amount
         )
         select id from ev`,
        [tenantId, JSON.stringify(rows), tenantId, JSON.stringify(deltas)],
      ],
    ]);
    return recorded.length;
  }

  /**
   * Rebuilds the tenant's rollups from its recorded events (analytics' copy of the outbox), in one
   * transaction under the ingest lock: live events wait for it and are then added on top.
   */
  async rebuild(ctx: RequestContext): Promise<RebuildView> {
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (_em, tx) => {
      await this.store.batch(tx, [this.lockStatement(tenantId), [`delete from ${this.store.table('rollup')} where tenant_id = ?`, [tenantId]]]);
      let after = '0';
      let events = 0;
      for (;;) {
        const page = await this.store.sql<{ cursor: string; type: string; occurred_at: Date; data: Record<string, unknown> }>(
          tx,
          `select seq::text as cursor, type, occurred_at, data from ${this.store.table('event_log')} where tenant_id = ? and seq > ?::bigint order by seq limit 5000`,
          [tenantId, after],
        );
        if (!page.length) break;
        events += page.length;
        after = page[page.length - 1].cursor;
        const deltas = mergeDeltas(page.flatMap((e) => rollupDeltas(e.type, e.data).map((d) => ({ ...d, bucket: bucketOf(e.occurred_at) }))));
        if (deltas.length) await this.store.sql(tx, this.upsert(), [tenantId, JSON.stringify(deltas)]);
      }
      const [{ cells }] = await this.store.sql<{ cells: number }>(tx, `select count(*)::int as cells from ${this.store.table('rollup')} where tenant_id = ?`, [
        tenantId,
      ]);
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
