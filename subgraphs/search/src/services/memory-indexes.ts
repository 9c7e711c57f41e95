import type { Logger, Store } from '@svc/kit';
import { TenantIndex, type MemoryRow } from './memory-index';
import type { IndexState } from './index.service';

/** how long a search waits for a tenant's first load before answering from SQL (small tenants load within it) */
const FIRST_LOAD_WAIT_MS = 150;
/** changes are read from this long before the last read (a writer's `now()` is its transaction's start) */
const OVERLAP = "interval '60 seconds'";
/** a copy older than this is loaded anew in the background once its tenant's index changed (a safety net for writes that bypassed the removal log) */
const RELOAD_AFTER_MS = 15 * 60_000;
/** removals are kept a day (IndexService purges them); a copy not refreshed for 12 hours is loaded anew instead */
const DELTA_HORIZON_MS = 12 * 3600_000;
/** rows per read of a tenant's load (about 15 MB of tsvector text for the bench's documents) */
const PAGE = 10_000;

const sleep = (ms: number) => new Promise<null>((r) => setTimeout(() => r(null), ms).unref());

/**
 * The in-memory copies of tenants' indexes held by this process (see TenantIndex), at most
 * `maxDocs` documents in all: the least recently searched tenants leave first; a tenant larger
 * than the whole budget is always answered from SQL. Every search compares the tenant's index
 * version (`search_index_state.last_indexed_at`) with its copy's and reads the changes first, so a
 * copy is never older than the search that uses it; several instances each keep their own copy.
 */
export class MemoryIndexes {
  private readonly tenants = new Map<string, TenantIndex>();
  private readonly loading = new Map<string, Promise<TenantIndex | null>>();
  private readonly refreshing = new Map<string, Promise<void>>();
  private readonly tooLarge = new Map<string, number>();

  constructor(
    private readonly store: Store,
    private readonly maxDocs: number,
    private readonly log: Logger,
  ) {}

  get enabled(): boolean {
    return this.maxDocs > 0;
  }

  /** Documents held, per tenant (status and tests). */
  held(tenantId: string): number | null {
    return this.tenants.get(tenantId)?.living ?? null;
  }

  /** The tenant's copy, current to `version`; null while it loads (or never: too large) — then SQL answers. */
  async get(tenantId: string, state: Pick<IndexState, 'version' | 'rebuilt'>): Promise<TenantIndex | null> {
    const { version } = state;
    if (!this.enabled || version === null) return null;
    const big = this.tooLarge.get(tenantId);
    if (big !== undefined && Date.now() - big < RELOAD_AFTER_MS) return null;
    let idx = this.tenants.get(tenantId) ?? null;
    // after a rebuild (the operator's way to make the index right, also after writes that bypassed
    // the indexer) or a long pause, the copy is loaded anew; SQL answers meanwhile
    if (idx && (state.rebuilt > idx.rebuilt || (idx.version !== version && Date.now() - idx.readMs > DELTA_HORIZON_MS))) {
      this.tenants.delete(tenantId);
      idx = null;
    }
    if (!idx) {
      idx = await Promise.race([this.load(tenantId), sleep(FIRST_LOAD_WAIT_MS)]);
      if (!idx) return null;
    }
    if (idx.version !== version) {
      await this.refresh(tenantId, idx);
      if (idx.dead > idx.living || Date.now() - idx.loadedAt > RELOAD_AFTER_MS) void this.load(tenantId);
    }
    idx.lastUsed = Date.now();
    return idx;
  }

  /** Loads the tenant's copy (one load at a time per tenant); the copy replaces an older one when done. */
  private load(tenantId: string): Promise<TenantIndex | null> {
    let p = this.loading.get(tenantId);
    if (!p) {
      p = this.readAll(tenantId)
        .catch((err) => {
          this.log.warn({ err, tenantId }, 'search: loading the in-memory index failed; SQL answers');
          return null;
        })
        .finally(() => this.loading.delete(tenantId));
      this.loading.set(tenantId, p);
    }
    return p;
  }

  private async readAll(tenantId: string): Promise<TenantIndex | null> {
    const started = Date.now();
    const [state] = await this.store.sql<{ version: string | null; rebuilt: number | null; at: string; n: number }>(
      null,
      `select s.last_indexed_at::text as version, coalesce(extract(epoch from s.last_rebuilt_at), 0)::float8 as rebuilt, now()::text as at,
         (select count(*)::int from ${this.store.table('search_document')} where tenant_id = ?) as n
       from (select 1) one left join ${this.store.table('search_index_state')} s on s.tenant_id = ?`,
      [tenantId, tenantId],
    );
    if (state.n > this.maxDocs) {
      if (!this.tooLarge.has(tenantId))
        this.log.warn({ tenantId, documents: state.n, max: this.maxDocs }, 'search: the index is larger than SEARCH_MEMORY_DOCS; SQL answers');
      this.tooLarge.set(tenantId, Date.now());
      return null;
    }
    this.tooLarge.delete(tenantId);
    this.makeRoom(tenantId, state.n);
    const idx = new TenantIndex();
    idx.version = state.version;
    idx.rebuilt = Number(state.rebuilt ?? 0);
    idx.readAt = state.at;
    // pages by id; the next page is asked for before this one is read into the index, so
    // PostgreSQL (another process, printing the tsvectors) and this process work at once
    const page = (after: string) => this.rows(tenantId, 'd.id > ? order by d.id limit ?', [after, PAGE]);
    let waitMs = 0;
    let putMs = 0;
    for (let next: Promise<MemoryRow[]> | null = page(''); next;) {
      const waited = Date.now();
      const rows: MemoryRow[] = await next;
      waitMs += Date.now() - waited;
      next = rows.length < PAGE ? null : page(rows[rows.length - 1].id);
      // a failed read ahead is seen by the await above; until then it must not count as unhandled
      next?.catch(() => undefined);
      const putting = Date.now();
      for (const r of rows) idx.put(r);
      putMs += Date.now() - putting;
    }
    idx.compact();
    this.tenants.set(tenantId, idx);
    this.log.info({ tenantId, documents: idx.living, ms: Date.now() - started, waitedForRowsMs: waitMs, indexingMs: putMs }, 'search: in-memory index loaded');
    return idx;
  }

  private refresh(tenantId: string, idx: TenantIndex): Promise<void> {
    let p = this.refreshing.get(tenantId);
    if (!p) {
      p = this.readChanges(tenantId, idx).finally(() => this.refreshing.delete(tenantId));
      this.refreshing.set(tenantId, p);
    }
    return p;
  }

  /** Documents written and removed since a little before the copy's last read. */
  private async readChanges(tenantId: string, idx: TenantIndex): Promise<void> {
    const [state] = await this.store.sql<{ version: string | null; at: string }>(
      null,
      `select (select last_indexed_at::text from ${this.store.table('search_index_state')} where tenant_id = ?) as version, now()::text as at`,
      [tenantId],
    );
    const since = idx.readAt ?? state.at;
    const removed = await this.store.sql<{ document_id: string }>(
      null,
      `select document_id from ${this.store.table('search_removal')} where tenant_id = ? and removed_at > ?::timestamptz - ${OVERLAP}`,
      [tenantId, since],
    );
    for (const r of removed) idx.remove(r.document_id);
    const rows = await this.rows(tenantId, `d.indexed_at > ?::timestamptz - ${OVERLAP}`, [since]);
    for (const r of rows) idx.put(r);
    idx.version = state.version;
    idx.readAt = state.at;
    idx.readMs = Date.now();
  }

  private async rows(tenantId: string, where: string, params: unknown[]): Promise<MemoryRow[]> {
    const raw = await this.store.sql<Omit<MemoryRow, 'prices'> & { prices: Record<string, { min: number }> }>(
      null,
      `select d.id, d.kind, d.locale, d.locales, d."primary" as primary, d.categories, d.collection, d.destination, d.duration_days, d.prices, d.labels,
         (extract(epoch from d.published_at) * 1000)::float8 as published, d.title, coalesce(d.tsv::text, '') as tsv
       from ${this.store.table('search_document')} d where d.tenant_id = ? and ${where}`,
      [tenantId, ...params],
    );
    return raw.map((r) => ({
      ...r,
      prices: Object.fromEntries(Object.entries(r.prices ?? {}).map(([c, p]) => [c, Number(p.min)])),
      published: r.published === null ? null : Number(r.published),
    }));
  }

  /** Drops the least recently searched tenants until `incoming` more documents fit. */
  private makeRoom(tenantId: string, incoming: number): void {
    let held = 0;
    for (const [t, idx] of this.tenants) if (t !== tenantId) held += idx.size;
    const byAge = [...this.tenants.entries()].filter(([t]) => t !== tenantId).sort((a, b) => a[1].lastUsed - b[1].lastUsed);
    while (held + incoming > this.maxDocs && byAge.length) {
      const [t, idx] = byAge.shift()!;
      this.tenants.delete(t);
      held -= idx.size;
      this.log.info({ tenantId: t }, 'search: in-memory index dropped to make room');
    }
  }
}
