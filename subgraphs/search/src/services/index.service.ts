import { newId, pgArray, requireTenant, type RequestContext, type Store } from '@svc/kit';
import { searchEvents } from '../events';
import type { DocumentKind } from '../entities/search.entity';
import { contentRows, eventRow, productRow, tourRow, type IndexRow, type SearchableDocument, type SourcePort } from './sources';

export interface IndexStatusView {
  documents: number;
  by_type: Array<{ type: string; count: number }>;
  words: number;
  last_indexed_at: string | null;
  last_rebuilt_at: string | null;
  rebuild_started_at: string | null;
}

/**
 * How long a search may use an index state another search read: the state is read by every search
 * to notice writes of other instances, and a quarter second keeps changes well within the 2 s
 * the index promises while sparing the database one query per search under load.
 */
const STATE_KEPT_MS = 250;

/** what a search reads of the index state first */
export interface IndexState {
  /** text search configurations in use */
  configs: string[];
  /** the last write's time as PostgreSQL prints it (null: never written) */
  version: string | null;
  /** the last rebuild's time, epoch seconds (0: never; a rebuild makes in-memory copies load anew) */
  rebuilt: number;
}

export interface RebuildReport {
  products: number;
  blog_posts: number;
  pages: number;
  tours: number;
  events: number;
  /** sources left out, with why (a source whose query the supergraph lacks) */
  skipped: string[];
}

/** today's date (UTC, ISO): departures from it on price a tour */
const today = (): string => new Date().toISOString().slice(0, 10);

const COLUMNS = `kind text, source_id text, locale text, locales text[], "primary" boolean, config text, title text, summary text, body text,
  title_extra text, handle text, thumbnail text, categories text[], collection text, product_type text, tags text[], destination text,
  duration_days int, prices jsonb, labels jsonb, published_at timestamptz, id text`;

/**
 * Writes the index: documents (with their weighted tsvector, made by PostgreSQL with the row's
 * text search configuration), the tenant's vocabulary (for typo tolerance) and the index state.
 * Everything runs in the unit of work of `ctx` (an event handler's transaction, a rebuild's).
 */
export class IndexService {
  constructor(
    private readonly store: Store,
    private readonly sources: SourcePort,
  ) {}

  /** index states read within the last STATE_KEPT_MS, per tenant (this process's writes drop theirs) */
  private readonly states = new Map<string, { at: number; state: IndexState }>();

  /** Replaces the rows of these documents (every locale variant given; other variants removed). */
  async write(ctx: RequestContext, rows: IndexRow[]): Promise<void> {
    const tenantId = requireTenant(ctx);
    if (!rows.length) return;
    await this.store.transaction(ctx, async (_em, tx) => {
      const docs = [...new Set(rows.map((r) => `${r.kind}\u0000${r.source_id}`))].map((k) => k.split('\u0000'));
      await this.deleteDocuments(
        tx,
        tenantId,
        `d.kind = k.kind and d.source_id = k.source_id and not (d.kind || ':' || d.source_id || ':' || d.locale = any(?::text[]))`,
        [pgArray(rows.map((r) => `${r.kind}:${r.source_id}:${r.locale}`))],
        { from: 'unnest(?::text[], ?::text[]) k(kind, source_id)', params: [pgArray(docs.map((d) => d[0])), pgArray(docs.map((d) => d[1]))] },
      );
      await this.store.sql(
        tx,
        `insert into ${this.store.table('search_document')} as d (id, tenant_id, kind, source_id, locale, locales, "primary", config, title, summary, body, handle,
           thumbnail, categories, collection, product_type, tags, destination, duration_days, prices, labels, published_at, indexed_at, tsv)
         select r.id, ?, r.kind, r.source_id, r.locale, r.locales, r."primary", r.config, r.title, r.summary, r.body, r.handle, r.thumbnail,
           r.categories, r.collection, r.product_type, r.tags, r.destination, r.duration_days, r.prices, r.labels, r.published_at, now(),
           setweight(to_tsvector(r.config::regconfig, r.title || ' ' || r.title_extra), 'A')
             || setweight(to_tsvector(r.config::regconfig, r.summary), 'B')
             || setweight(to_tsvector(r.config::regconfig, r.body), 'C')
         from jsonb_to_recordset(?::jsonb) as r(${COLUMNS})
         on conflict (tenant_id, kind, source_id, locale) do update set locales = excluded.locales, "primary" = excluded."primary",
           config = excluded.config, title = excluded.title, summary = excluded.summary, body = excluded.body, handle = excluded.handle,
           thumbnail = excluded.thumbnail, categories = excluded.categories, collection = excluded.collection, product_type = excluded.product_type,
           tags = excluded.tags, destination = excluded.destination, duration_days = excluded.duration_days, prices = excluded.prices, labels = excluded.labels,
           published_at = excluded.published_at, indexed_at = excluded.indexed_at, tsv = excluded.tsv`,
        [tenantId, JSON.stringify(rows)],
      );
      await this.addWords(
        tx,
        tenantId,
        rows.map((r) => [r.title, r.title_extra, r.summary, r.body].join(' ')),
      );
      await this.touch(tx, tenantId, [...new Set(rows.map((r) => r.config))]);
    });
  }

  /** Removes documents from the index (every locale variant). */
  async remove(ctx: RequestContext, kind: DocumentKind, sourceIds: string[]): Promise<number> {
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (_em, tx) => {
      const gone = await this.deleteDocuments(tx, tenantId, 'd.kind = ? and d.source_id = any(?::text[])', [kind, pgArray(sourceIds)]);
      await this.touch(tx, tenantId, []);
      return gone;
    });
  }

  /** A product as the catalog has it now: indexed when published, removed otherwise. */
  async indexProduct(ctx: RequestContext, productId: string): Promise<boolean> {
    const p = await this.sources.product(ctx, productId);
    if (!p) {
      await this.remove(ctx, 'product', [productId]);
      return false;
    }
    await this.write(ctx, [productRow(p, newId('sdoc'))]);
    return true;
  }

  /** A tour as tours has it now: indexed when published, removed otherwise. */
  async indexTour(ctx: RequestContext, tourId: string): Promise<boolean> {
    const t = await this.sources.tour(ctx, tourId);
    if (!t) {
      await this.remove(ctx, 'tour', [tourId]);
      return false;
    }
    await this.write(ctx, [tourRow(t, newId('sdoc'), today())]);
    return true;
  }

  /** An event as events has it now (read by its slug): indexed when published, removed otherwise. */
  async indexEvent(ctx: RequestContext, eventId: string, slug: string): Promise<boolean> {
    const e = await this.sources.event(ctx, slug);
    if (!e || e.event.id !== eventId) {
      await this.remove(ctx, 'event', [eventId]);
      return false;
    }
    await this.write(ctx, [eventRow(e, newId('sdoc'))]);
    return true;
  }

  async indexContent(ctx: RequestContext, kind: 'blog_post' | 'page', doc: SearchableDocument): Promise<void> {
    await this.write(
      ctx,
      contentRows(kind, doc, () => newId('sdoc')),
    );
  }

  /**
   * Rebuilds the tenant's index from its sources: every published product (catalog) and, when the
   * supergraph has `contentSearchDocuments`, every published blog post and page. Documents not seen
   * are removed, and the vocabulary is made anew from what is indexed.
   */
  async rebuild(ctx: RequestContext): Promise<RebuildReport> {
    const tenantId = requireTenant(ctx);
    const started = new Date();
    const report: RebuildReport = { products: 0, blog_posts: 0, pages: 0, tours: 0, events: 0, skipped: [] };
    await this.store.transaction(ctx, async (_em, tx) => {
      await this.touch(tx, tenantId, [], { rebuild_started_at: started });
    });
    // products, a page at a time (each page one unit of work)
    const seen: string[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = await this.sources.products(ctx, offset, 100);
      const published = page.items.filter((p) => p.status === 'published');
      await this.write(
        ctx,
        published.map((p) => productRow(p, newId('sdoc'))),
      );
      seen.push(...published.map((p) => p.id));
      if (page.items.length < 100) break;
    }
    report.products = seen.length;
    await this.removeOthers(ctx, 'product', seen);
    // content (its port is validated at start, so the query exists)
    for (const kind of ['blog_post', 'page'] as const) {
      const ids: string[] = [];
      for (let after: string | null = null; ;) {
        const docs = await this.sources.contentDocuments(ctx, kind, after, 100);
        await this.write(
          ctx,
          docs.flatMap((d) => contentRows(kind, d, () => newId('sdoc'))),
        );
        ids.push(...docs.map((d) => d.id));
        if (docs.length < 100) break;
        after = docs[docs.length - 1].id;
      }
      await this.removeOthers(ctx, kind, ids);
      if (kind === 'blog_post') report.blog_posts = ids.length;
      else report.pages = ids.length;
    }
    report.tours = await this.rebuildTours(ctx);
    report.events = await this.rebuildEvents(ctx);
    await this.store.transaction(ctx, async (em, tx) => {
      await this.store.sql(tx, `delete from ${this.store.table('search_vocabulary')} where tenant_id = ?`, [tenantId]);
      await this.store.sql(
        tx,
        `insert into ${this.store.table('search_vocabulary')} (tenant_id, word)
         select distinct ?, w from ${this.store.table('search_document')} d,
           regexp_split_to_table(lower(unaccent(d.title || ' ' || d.summary || ' ' || d.body)), '[^[:alnum:]]+') w
         where d.tenant_id = ? and length(w) between 4 and 60 and w !~ '[0-9]'
         on conflict do nothing`,
        [tenantId, tenantId],
      );
      const configs = await this.store.sql<{ config: string }>(tx, `select distinct config from ${this.store.table('search_document')} where tenant_id = ?`, [
        tenantId,
      ]);
      await this.store.sql(tx, `update ${this.store.table('search_index_state')} set configs = ?::text[], last_rebuilt_at = now() where tenant_id = ?`, [
        pgArray(configs.map((c) => c.config)),
        tenantId,
      ]);
      searchEvents.emit(em, tx, 'search_index.rebuilt', {
        products: report.products,
        blog_posts: report.blog_posts,
        pages: report.pages,
        tours: report.tours,
        events: report.events,
      });
    });
    this.states.delete(tenantId);
    ctx.log.info({ tenantId, ...report }, 'search index rebuilt');
    return report;
  }

  /** every published tour, a page at a time; the others leave */
  private async rebuildTours(ctx: RequestContext): Promise<number> {
    const seen: string[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = await this.sources.tours(ctx, offset, 100);
      const published = page.items.filter((t) => t.status === 'published');
      await this.write(
        ctx,
        published.map((t) => tourRow(t, newId('sdoc'), today())),
      );
      seen.push(...published.map((t) => t.id));
      if (page.items.length < 100) break;
    }
    await this.removeOthers(ctx, 'tour', seen);
    return seen.length;
  }

  /** every published event (upcoming and past), each read with its schedule and tickets; the others leave */
  private async rebuildEvents(ctx: RequestContext): Promise<number> {
    const seen = new Set<string>();
    for (const past of [false, true]) {
      for (let offset = 0; ; offset += 100) {
        const page = await this.sources.events(ctx, past, offset, 100);
        const rows = [];
        for (const ref of page.items) {
          if (seen.has(ref.id)) continue;
          const e = await this.sources.event(ctx, ref.slug);
          if (!e) continue;
          seen.add(ref.id);
          rows.push(eventRow(e, newId('sdoc')));
        }
        await this.write(ctx, rows);
        if (page.items.length < 100) break;
      }
    }
    await this.removeOthers(ctx, 'event', [...seen]);
    return seen.size;
  }

  async status(ctx: RequestContext): Promise<IndexStatusView> {
    const tenantId = requireTenant(ctx);
    const byType = await this.store.sql<{ type: string; count: number }>(
      ctx,
      `select kind as type, count(distinct source_id)::int as count from ${this.store.table('search_document')} where tenant_id = ? group by kind order by kind`,
      [tenantId],
    );
    const [words] = await this.store.sql<{ n: number }>(ctx, `select count(*)::int as n from ${this.store.table('search_vocabulary')} where tenant_id = ?`, [
      tenantId,
    ]);
    const [state] = await this.store.sql(
      ctx,
      `select last_indexed_at, last_rebuilt_at, rebuild_started_at from ${this.store.table('search_index_state')} where tenant_id = ?`,
      [tenantId],
    );
    const iso = (d: unknown) => (d ? new Date(d as string).toISOString() : null);
    return {
      documents: byType.reduce((n, t) => n + t.count, 0),
      by_type: byType,
      words: words.n,
      last_indexed_at: iso(state?.last_indexed_at),
      last_rebuilt_at: iso(state?.last_rebuilt_at),
      rebuild_started_at: iso(state?.rebuild_started_at),
    };
  }

  /**
   * The index state of the tenant: configurations in use (queries are made per configuration) and
   * its version (the last write's time, as PostgreSQL prints it; null: never written).
   */
  async state(ctx: RequestContext): Promise<IndexState> {
    const tenantId = requireTenant(ctx);
    const kept = this.states.get(tenantId);
    if (kept && Date.now() - kept.at < STATE_KEPT_MS) return kept.state;
    const [row] = await this.store.sql<{ configs: string[]; version: string; rebuilt: number }>(
      null,
      `select configs, last_indexed_at::text as version, coalesce(extract(epoch from last_rebuilt_at), 0)::float8 as rebuilt
       from ${this.store.table('search_index_state')} where tenant_id = ?`,
      [tenantId],
    );
    const state = { configs: row?.configs ?? [], version: row?.version ?? null, rebuilt: Number(row?.rebuilt ?? 0) };
    this.states.delete(tenantId);
    this.states.set(tenantId, { at: Date.now(), state });
    if (this.states.size > 10_000) this.states.delete(this.states.keys().next().value!);
    return state;
  }

  private async removeOthers(ctx: RequestContext, kind: DocumentKind, keep: string[]): Promise<void> {
    const tenantId = requireTenant(ctx);
    await this.store.transaction(ctx, async (_em, tx) => {
      if (await this.deleteDocuments(tx, tenantId, 'd.kind = ? and not (d.source_id = any(?::text[]))', [kind, pgArray(keep)]))
        await this.touch(tx, tenantId, []);
    });
  }

  /**
   * Deletes the tenant's document rows matching `where` (over `d`, and the `using` relation when
   * given) and logs each in `search_removal` for the in-memory copies of the index.
   */
  private async deleteDocuments(
    tx: RequestContext,
    tenantId: string,
    where: string,
    params: unknown[],
    using?: { from: string; params: unknown[] },
  ): Promise<number> {
    const logged = await this.store.sql(
      tx,
      `with gone as (delete from ${this.store.table('search_document')} d ${using ? `using ${using.from}` : ''} where d.tenant_id = ? and ${where} returning d.id)
       insert into ${this.store.table('search_removal')} (tenant_id, document_id) select ?, id from gone returning document_id`,
      [...(using?.params ?? []), tenantId, ...params, tenantId],
    );
    return logged.length;
  }

  /** New words of these texts into the tenant's vocabulary (sorted, so concurrent writers lock in one order). */
  private async addWords(tx: RequestContext, tenantId: string, texts: string[]): Promise<void> {
    await this.store.sql(
      tx,
      `insert into ${this.store.table('search_vocabulary')} (tenant_id, word)
       select ?, w from (select distinct w from unnest(?::text[]) t, regexp_split_to_table(lower(unaccent(t)), '[^[:alnum:]]+') w
         where length(w) between 4 and 60 and w !~ '[0-9]') x order by w
       on conflict do nothing`,
      [tenantId, pgArray(texts)],
    );
  }

  private async touch(tx: RequestContext, tenantId: string, configs: string[], extra: { rebuild_started_at?: Date } = {}): Promise<void> {
    this.states.delete(tenantId);
    await this.store.sql(
      tx,
      `insert into ${this.store.table('search_index_state')} as s (id, tenant_id, last_indexed_at, rebuild_started_at, configs) values (?, ?, now(), ?, ?::text[])
       on conflict (tenant_id) do update set last_indexed_at = now(), rebuild_started_at = coalesce(excluded.rebuild_started_at, s.rebuild_started_at),
         configs = case when excluded.configs <@ s.configs then s.configs else array(select distinct c from unnest(s.configs || excluded.configs) c order by c) end`,
      [newId('sidx'), tenantId, extra.rebuild_started_at ?? null, pgArray(configs)],
    );
    // removals are read by in-memory copies refreshed within hours; a day is kept
    await this.store.sql(tx, `delete from ${this.store.table('search_removal')} where tenant_id = ? and removed_at < now() - interval '1 day'`, [tenantId]);
  }
}
