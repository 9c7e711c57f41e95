import { newId, requireTenant, sha256Hex, type RequestContext, type Store } from '@svc/kit';
import { marketingEvents } from '../events';
import type { CountsQuery, FunnelQuery, TrackEventData } from '../inputs/analytics.input';

export interface TrackResultView {
  success: true;
  stored: boolean;
  /** `no_analytics_consent` when the event was dropped */
  dropped_reason: string | null;
  id: string | null;
}

const UTM_KEYS = ['source', 'medium', 'campaign', 'term', 'content'] as const;

/** utm_* parameters of the page URL (when the event names none itself) */
function utmOf(e: TrackEventData): Record<(typeof UTM_KEYS)[number], string | null> {
  const given = e.utm ?? {};
  let params: URLSearchParams | null = null;
  if (e.url && !e.utm) {
    try {
      params = new URL(e.url, 'http://placeholder.invalid').searchParams;
    } catch {
      params = null;
    }
  }
  return Object.fromEntries(UTM_KEYS.map((k) => [k, given[k] ?? params?.get(`utm_${k}`)?.slice(0, 200) ?? null])) as never;
}

/** A purchase's value and currency from its properties (`value` or `revenue`, `currency`), when the storefront sent them. */
function purchaseValue(e: TrackEventData): { value: number | null; currency_code: string | null } {
  if (e.type !== 'purchase' || !e.properties) return { value: null, currency_code: null };
  const v = e.properties.value ?? e.properties.revenue;
  const c = e.properties.currency;
  const value = typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : typeof v === 'string' && /^\d+(\.\d+)?$/.test(v) ? Number(v) : null;
  return { value, currency_code: typeof c === 'string' && /^[A-Za-z]{3}$/.test(c) ? c.toLowerCase() : null };
}

/**
 * Storefront analytics events, stored only for sessions whose consent grants analytics_storage:
 * one INSERT … SELECT … WHERE EXISTS (consent), so the check and the write are one statement (no
 * window between them, one round trip). Aggregations for internal tools read the same table.
 */
export class AnalyticsService {
  constructor(private readonly store: Store) {}

  async track(ctx: RequestContext, e: TrackEventData): Promise<TrackResultView> {
    const tenantId = requireTenant(ctx);
    const session = sha256Hex(e.session_id);
    const utm = utmOf(e);
    const id = newId('aev');
    // the event row and `analytics_event.tracked` commit together (the event only when consent let the row in)
    const rows = await this.store.transaction(ctx, async (_em, tx) => {
      const stored = await this.store.sql<{ id: string }>(
        tx,
        `insert into ${this.store.table('analytics_event')}
         (id, tenant_id, session_hash, type, name, url, referrer, utm_source, utm_medium, utm_campaign, utm_term, utm_content, properties, occurred_at)
       select ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, now()
        where exists (select 1 from ${this.store.table('consent_state')} where tenant_id = ? and session_hash = ? and analytics)
       returning id`,
        [
          id,
          tenantId,
          session,
          e.type,
          e.name ?? null,
          e.url ?? null,
          e.referrer?.slice(0, 2000) ?? null,
          utm.source,
          utm.medium,
          utm.campaign,
          utm.term,
          utm.content,
          e.properties ? JSON.stringify(e.properties) : null,
          tenantId,
          session,
        ],
      );
      if (stored.length)
        marketingEvents.emitSql(this.store, tx, 'analytics_event.tracked', {
          id,
          type: e.type,
          name: e.name ?? null,
          utm_campaign: utm.campaign,
          utm_source: utm.source,
          ...purchaseValue(e),
        });
      return stored;
    });
    return rows.length
      ? { success: true, stored: true, dropped_reason: null, id: rows[0].id }
      : { success: true, stored: false, dropped_reason: 'no_analytics_consent', id: null };
  }

  /** Events per UTC day and type between two days (inclusive). */
  async counts(ctx: RequestContext, q: CountsQuery): Promise<Array<{ day: string; type: string; count: number }>> {
    const tenantId = requireTenant(ctx);
    return this.store.sql(
      null,
      `select to_char(date_trunc('day', occurred_at at time zone 'UTC'), 'YYYY-MM-DD') as day, type, count(*)::int as count
         from ${this.store.table('analytics_event')}
        where tenant_id = ? and occurred_at >= (?::date)::timestamp at time zone 'UTC' and occurred_at < ((?::date) + 1)::timestamp at time zone 'UTC'
          and (?::text is null or type = ?)
        group by 1, 2 order by 1, 2`,
      [tenantId, q.from, q.to, q.type ?? null, q.type ?? null],
    );
  }

  /**
   * A funnel: sessions that did step 1, then (later or at the same time) step 2, … within the days.
   * Each step's count is the number of sessions that reached it in order.
   */
  async funnel(ctx: RequestContext, q: FunnelQuery): Promise<Array<{ step: number; type: string; sessions: number }>> {
    const tenantId = requireTenant(ctx);
    const ev = `(select session_hash, type, occurred_at from ${this.store.table('analytics_event')}
      where tenant_id = ? and occurred_at >= (?::date)::timestamp at time zone 'UTC' and occurred_at < ((?::date) + 1)::timestamp at time zone 'UTC')`;
    const ctes: string[] = [];
    const params: unknown[] = [];
    q.steps.forEach((type, i) => {
      if (i === 0) ctes.push(`s0 as (select session_hash, min(occurred_at) as t from ${ev} e where type = ? group by 1)`);
      else
        ctes.push(
          `s${i} as (select e.session_hash, min(e.occurred_at) as t from ${ev} e join s${i - 1} p on p.session_hash = e.session_hash and e.occurred_at >= p.t where e.type = ? group by 1)`,
        );
      params.push(tenantId, q.from, q.to, type);
    });
    const [row] = await this.store.sql<Record<string, number>>(
      null,
      `with ${ctes.join(', ')} select ${q.steps.map((_t, i) => `(select count(*) from s${i})::int as s${i}`).join(', ')}`,
      params,
    );
    return q.steps.map((type, i) => ({ step: i + 1, type, sessions: row[`s${i}`] }));
  }
}
