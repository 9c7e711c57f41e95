import { Errors, normalizePage, pgArray, requireTenant, type RequestContext, type Store } from '@svc/kit';
import type { IndexService, IndexState } from './index.service';
import { PRICE_RANGE, type SearchQuery } from '../inputs/search.input';
import { lexeme, marksToHtml, queryWords, typoBudget, typoDistance } from './text';
import type { MemoryFilters, MemoryResult } from './memory-index';
import type { MemoryIndexes } from './memory-indexes';
import { parseTsquery } from './tsquery';
import { searchEvents } from '../events';

export interface SearchHitView {
  id: string;
  type: string;
  handle: string;
  title: string;
  summary: string;
  thumbnail: string | null;
  locale: string | null;
  categories: string[];
  collection: string | null;
  product_type: string | null;
  tags: string[];
  destination: string | null;
  duration_days: number | null;
  prices: Array<{ currency_code: string; min: number; max: number }>;
  /** lowest price in the requested currency (null without currency_code or without a price in it) */
  price: number | null;
  published_at: string | null;
  /** HTML: the title and an excerpt with the matched words in `<mark>`, everything else escaped */
  highlight: { title: string; snippet: string };
  /** matched only through typo-corrected words */
  typo: boolean;
}

export interface FacetValueView {
  value: string;
  label: string | null;
  count: number;
}

export interface PriceBucketView {
  key: string;
  min: number;
  max: number | null;
  count: number;
}

export interface SearchResultView {
  hits: SearchHitView[];
  facets: {
    type: FacetValueView[];
    category: FacetValueView[];
    collection: FacetValueView[];
    destination: FacetValueView[];
    price: PriceBucketView[];
    duration: PriceBucketView[];
  };
  count: number;
  offset: number;
  limit: number;
  /** the words searched for, as understood (normalised) */
  words: string[];
  locale: string | null;
}

/** price facet buckets (major units of the requested currency) */
const BUCKETS: Array<[number, number | null]> = [
  [0, 10],
  [10, 25],
  [25, 50],
  [50, 100],
  [100, 200],
  [200, 500],
  [500, null],
];
/** duration facet buckets (days; the upper bound exclusive): 1–3, 4–7, 8–14, 15+ */
const DURATIONS: Array<[number, number | null]> = [
  [1, 4],
  [4, 8],
  [8, 15],
  [15, null],
];
const bucketKey = (lo: number, hi: number | null) => `${lo}-${hi ?? ''}`;

/** prepared queries kept (least recently used leave first) */
const PREPARED_KEPT = 2000;

interface Prepared {
  expansion: Expansion | null;
  queries: { all: string; exact: string } | null;
}

/** alternatives kept per query word (typo-corrected words of the vocabulary, nearest first) */
const MAX_ALTERNATIVES = 8;
const START = '\u0002';
const STOP = '\u0003';
const TITLE_HEADLINE = `HighlightAll=true, StartSel=${START}, StopSel=${STOP}`;
const SNIPPET_HEADLINE = `MaxFragments=2, MaxWords=24, MinWords=10, ShortWord=2, FragmentDelimiter=" … ", StartSel=${START}, StopSel=${STOP}`;

interface Expansion {
  /** the normalised query words */
  words: string[];
  /** tsquery text with typo alternatives (prefix on the last word) */
  all: string;
  /** tsquery text of the words as typed */
  exact: string;
}

/**
 * Search over the tenant's index: PostgreSQL full text with one query per text search
 * configuration in use, typo tolerance from the tenant's vocabulary (trigram nearest neighbours,
 * kept when within the typo budget by Damerau distance), ranking (exact before typo matches, then
 * ts_rank with title > summary > body), facets over the matches, filters, highlights.
 */
export class SearchService {
  constructor(
    private readonly store: Store,
    private readonly index: IndexService,
    private readonly memory: MemoryIndexes,
  ) {}

  private readonly prepared = new Map<string, Prepared>();

  async search(ctx: RequestContext, a: SearchQuery): Promise<SearchResultView> {
    const tenantId = requireTenant(ctx);
    const page = normalizePage(a, 20);
    const offset = Math.min(page.offset, 10_000);
    const currency = a.currency_code?.toLowerCase() ?? null;
    if (a.price?.length && !currency) {
      throw Errors.validation('missing_field', 'A price filter needs currency_code', [
        { field: 'currency_code', code: 'missing_field', message: 'currency_code is required with price' },
      ]);
    }
    const locale = a.locale ?? ctx.locale ?? null;
    const words = queryWords(a.q ?? '');
    const state = await this.index.state(ctx);
    // meanwhile the in-memory copy of the index reads the changes since its last search
    const loading = this.memory.get(tenantId, state);
    loading.catch(() => undefined);
    const { expansion, queries } = await this.prepare(tenantId, state, words);
    const memory = await loading;
    const f: MemoryFilters = {
      locales: locale ? [...new Set([locale, locale.split(/[-_]/)[0]])] : null,
      types: a.type?.length ? a.type : null,
      categories: a.category?.length ? a.category : null,
      collections: a.collection?.length ? a.collection : null,
      destinations: a.destination?.length ? a.destination : null,
      currency,
      prices: a.price?.length
        ? a.price.map((r) => {
            const m = PRICE_RANGE.exec(r)!;
            return [m[1] === undefined ? null : Number(m[1]), m[2] === undefined ? null : Number(m[2])] as [number | null, number | null];
          })
        : null,
      durations: a.duration_min === undefined && a.duration_max === undefined ? null : [a.duration_min ?? null, a.duration_max ?? null],
    };
    const none = !!expansion && !queries;
    const all = queries ? parseTsquery(queries.all) : null;
    const exact = queries && queries.exact !== queries.all ? parseTsquery(queries.exact) : null;
    // the tenant's in-memory copy answers when it is loaded and the query is plain terms, and/or
    const inMemory = !!memory && !none && (!queries || (!!all && (queries.exact === queries.all || !!exact)));
    const matched = inMemory
      ? memory!.search(all, exact, f, offset, page.limit, BUCKETS, DURATIONS)
      : await this.sqlMatches(tenantId, f, queries, none, offset, page.limit);
    const hits = await this.hits(tenantId, matched.page, queries?.all ?? null);
    if (words.length && offset === 0 && (ctx.actor.type === 'anonymous' || ctx.actor.type === 'customer')) {
      // what shoppers look for, found or not: one outbox row (no change commits with it)
      await this.store.batch(null, [
        searchEvents.outboxStatement(this.store, ctx, 'search.performed', { term: words.join(' ').slice(0, 200), results: matched.count }),
      ]);
    }
    return {
      hits,
      facets: {
        ...matched.facets,
        price: currency
          ? matched.facets.price.map((b) => ({
              key: bucketKey(Number(b.lo), b.hi === null ? null : Number(b.hi)),
              min: Number(b.lo),
              max: b.hi === null ? null : Number(b.hi),
              count: b.count,
            }))
          : [],
        duration: matched.facets.duration.map((b) => ({ key: bucketKey(b.lo, b.hi), min: b.lo, max: b.hi, count: b.count })),
      },
      count: matched.count,
      offset,
      limit: page.limit,
      words: expansion?.words ?? [],
      locale,
    };
  }

  /**
   * Matches, facets and one page by SQL (tenants without an in-memory copy yet, or larger than
   * SEARCH_MEMORY_DOCS): the same filters, facets and order as the in-memory copy, ranked by ts_rank.
   */
  private async sqlMatches(
    tenantId: string,
    f: MemoryFilters,
    queries: { all: string; exact: string } | null,
    none: boolean,
    offset: number,
    limit: number,
  ): Promise<MemoryResult> {
    const where: string[] = ['d.tenant_id = ?'];
    const params: unknown[] = [];
    if (f.locales) {
      where.push(`(d.locale = any(?::text[]) or (d."primary" and not (d.locales && ?::text[])))`);
      params.push(pgArray(f.locales), pgArray(f.locales));
    } else where.push('d."primary"');
    if (f.types) {
      where.push('d.kind = any(?::text[])');
      params.push(pgArray(f.types));
    }
    if (f.categories) {
      where.push('d.categories && ?::text[]');
      params.push(pgArray(f.categories));
    }
    if (f.collections) {
      where.push('d.collection = any(?::text[])');
      params.push(pgArray(f.collections));
    }
    if (f.destinations) {
      where.push('d.destination = any(?::text[])');
      params.push(pgArray(f.destinations));
    }
    if (f.prices) {
      const ranges = f.prices.map(([lo, hi]) => {
        const cond = ['(d.prices -> ?) is not null'];
        params.push(f.currency);
        if (lo !== null) {
          cond.push("(d.prices -> ? ->> 'min')::numeric >= ?");
          params.push(f.currency, lo);
        }
        if (hi !== null) {
          cond.push("(d.prices -> ? ->> 'min')::numeric < ?");
          params.push(f.currency, hi);
        }
        return `(${cond.join(' and ')})`;
      });
      where.push(`(${ranges.join(' or ')})`);
    }
    if (f.durations) {
      const [lo, hi] = f.durations;
      where.push('d.duration_days between ? and ?');
      params.push(lo ?? 0, hi ?? 2_147_483_647);
    }
    const doc = this.store.table('search_document');
    // without typo alternatives every match is exact: no second look at each tsvector
    const typoTier = !!queries && queries.all !== queries.exact;
    const m = queries
      ? `select d.id, d.kind, d.categories, d.collection, d.destination, d.duration_days, d.labels, d.published_at, d.title,
           (d.prices -> ? ->> 'min')::numeric as price, ${typoTier ? 'case when d.tsv @@ ?::tsquery then 0 else 1 end' : '0'} as tier, ts_rank(d.tsv, ?::tsquery) as rank
         from ${doc} d
         where ${where.join(' and ')} and d.tsv @@ ?::tsquery`
      : `select d.id, d.kind, d.categories, d.collection, d.destination, d.duration_days, d.labels, d.published_at, d.title,
           (d.prices -> ? ->> 'min')::numeric as price, 0 as tier, 0::real as rank
         from ${doc} d where ${where.join(' and ')} ${none ? 'and false' : ''}`;
    const mParams = queries
      ? [f.currency, ...(typoTier ? [queries.exact] : []), queries.all, tenantId, ...params, queries.all]
      : [f.currency, tenantId, ...params];
    /** counts of one facet over the matches (50 most frequent values), with labels from the documents */
    const facet = (values: string, prefix: string | null) =>
      `(select coalesce(json_agg(json_build_object('value', value, 'label', label, 'count', n) order by n desc, value collate "C"), '[]'::json)
         from (select f.v as value, ${prefix ? `max(m.labels ->> ('${prefix}:' || f.v))` : 'null'} as label, count(*)::int as n
               from m cross join lateral ${values} as f(v) where f.v is not null group by f.v order by n desc, f.v collate "C" limit 50) f)`;
    const sql = `with m as materialized (${m})
      select (select count(*)::int from m) as count,
        (select coalesce(json_agg(json_build_object('id', p.id, 'tier', p.tier, 'price', p.price)), '[]'::json)
           from (select m.id, m.tier, m.price from m order by m.tier, m.rank desc, m.published_at desc nulls last, m.title collate "C", m.id collate "C" limit ? offset ?) p) as page,
        (select coalesce(json_agg(json_build_object('value', kind, 'label', null, 'count', n) order by n desc, kind collate "C"), '[]'::json)
           from (select kind, count(*)::int as n from m group by kind) f) as f_type,
        ${facet('unnest(m.categories)', 'category')} as f_category,
        ${facet('(values (m.collection))', 'collection')} as f_collection,
        ${facet('(values (m.destination))', 'destination')} as f_destination,
        (select coalesce(json_agg(json_build_object('lo', b.lo, 'hi', b.hi, 'count', b.n) order by b.lo), '[]'::json)
           from (select b.lo, b.hi, count(*)::int as n from m join (values ${BUCKETS.map(() => '(?::numeric, ?::numeric)').join(', ')}) as b(lo, hi)
                   on m.price >= b.lo and (b.hi is null or m.price < b.hi) group by b.lo, b.hi) b) as f_price,
        (select coalesce(json_agg(json_build_object('lo', b.lo, 'hi', b.hi, 'count', b.n) order by b.lo), '[]'::json)
           from (select b.lo, b.hi, count(*)::int as n from m join (values ${DURATIONS.map(() => '(?::int, ?::int)').join(', ')}) as b(lo, hi)
                   on m.duration_days >= b.lo and (b.hi is null or m.duration_days < b.hi) group by b.lo, b.hi) b) as f_duration`;
    const [row] = await this.store.sql(null, sql, [...mParams, limit, offset, ...BUCKETS.flat(), ...DURATIONS.flat()]);
    return {
      count: row.count,
      page: (row.page as Array<{ id: string; tier: number; price: number | string | null }>).map((p) => ({
        id: p.id,
        tier: p.tier,
        price: p.price === null ? null : Number(p.price),
      })),
      facets: {
        type: row.f_type,
        category: row.f_category,
        collection: row.f_collection,
        destination: row.f_destination,
        price: row.f_price,
        duration: row.f_duration,
      },
    };
  }

  /** The page's documents as hits, in its order, with highlights made by PostgreSQL for `tsquery`. */
  private async hits(tenantId: string, page: MemoryResult['page'], tsquery: string | null): Promise<SearchHitView[]> {
    if (!page.length) return [];
    const rows = await this.store.sql<Record<string, any>>(
      null,
      `select d.id as row_id, d.source_id as id, d.kind as type, d.handle, d.title, d.summary, d.thumbnail, nullif(d.locale, '') as locale, d.categories,
         d.collection, d.product_type, d.tags, d.destination, d.duration_days, d.prices, d.published_at,
         coalesce(ts_headline(d.config::regconfig, search.html_escape(d.title), q.q, ?), search.html_escape(d.title)) as title_html,
         coalesce(ts_headline(d.config::regconfig, search.html_escape(left(d.summary || E'\\n' || d.body, 2000)), q.q, ?), search.html_escape(left(d.summary, 300))) as snippet_html
       from ${this.store.table('search_document')} d cross join (select ?::tsquery as q) q
       where d.tenant_id = ? and d.id = any(?::text[])`,
      [TITLE_HEADLINE, SNIPPET_HEADLINE, tsquery, tenantId, pgArray(page.map((p) => p.id))],
    );
    const byId = new Map(rows.map((r) => [r.row_id as string, r]));
    // a document removed between matching and reading is left out
    return page.flatMap((p) => {
      const h = byId.get(p.id);
      if (!h) return [];
      return [
        {
          id: h.id,
          type: h.type,
          handle: h.handle,
          title: h.title,
          summary: h.summary,
          thumbnail: h.thumbnail,
          locale: h.locale,
          categories: h.categories ?? [],
          collection: h.collection,
          product_type: h.product_type,
          tags: h.tags ?? [],
          destination: h.destination,
          duration_days: h.duration_days ?? null,
          prices: Object.entries((h.prices ?? {}) as Record<string, { min: number; max: number }>)
            .map(([currency_code, pr]) => ({ currency_code, min: pr.min, max: pr.max }))
            .sort((x, y) => x.currency_code.localeCompare(y.currency_code)),
          price: p.price,
          published_at: h.published_at ? new Date(h.published_at).toISOString() : null,
          highlight: { title: marksToHtml(h.title_html), snippet: marksToHtml(h.snippet_html) },
          typo: p.tier === 1,
        },
      ];
    });
  }

  /**
   * The query words with their typo alternatives (from the vocabulary) and the tsquery texts made
   * of them; kept for the index version they were made for (a write makes the next search prepare anew).
   */
  private async prepare(tenantId: string, state: IndexState, words: string[]): Promise<Prepared> {
    if (!words.length) return { expansion: null, queries: null };
    const key = `${tenantId}\u0000${state.version}\u0000${words.join(' ')}`;
    const kept = this.prepared.get(key);
    if (kept) {
      this.prepared.delete(key);
      this.prepared.set(key, kept);
      return kept;
    }
    const expanded = await this.expand(tenantId, words);
    const expansion = expanded.words.length ? expanded : null;
    // one tsquery over every configuration in use, made by PostgreSQL once per configuration and
    // deduplicated (stop words alone leave none: nothing matches)
    const queries = expansion && state.configs.length ? await this.tsqueries(state.configs, expansion) : null;
    const made = { expansion, queries };
    this.prepared.set(key, made);
    if (this.prepared.size > PREPARED_KEPT) this.prepared.delete(this.prepared.keys().next().value!);
    return made;
  }

  /** The tsquery texts of the expansion in every configuration in use, deduplicated; null when nothing is left (stop words). */
  private async tsqueries(configs: string[], e: Expansion): Promise<{ all: string; exact: string } | null> {
    const rows = await this.store.sql<{ qall: string; qexact: string }>(
      null,
      `select to_tsquery(c::regconfig, ?)::text as qall, to_tsquery(c::regconfig, ?)::text as qexact from unnest(?::text[]) c`,
      [e.all, e.exact, pgArray(configs)],
    );
    const join = (texts: string[]) => {
      const distinct = [...new Set(texts.filter((t) => t.trim()))];
      return distinct.length === 1 ? distinct[0] : distinct.map((t) => `(${t})`).join(' | ');
    };
    const all = join(rows.map((r) => r.qall));
    const exact = join(rows.map((r) => r.qexact));
    return all ? { all, exact: exact || all } : null;
  }

  /**
   * The query words, normalised like the index (lower case, unaccented), each with its typo
   * alternatives from the tenant's vocabulary: the nearest words by trigram distance (the last word
   * also by prefix similarity), kept when within the word's typo budget.
   */
  private async expand(tenantId: string, typed: string[]): Promise<Expansion> {
    const vocab = this.store.table('search_vocabulary');
    const last = typed.length;
    const rows = await this.store.sql<{ i: number; w: string; word: string | null }>(
      null,
      `select q.i, q.w, v.word from (select i::int, lower(unaccent(w)) as w from unnest(?::text[]) with ordinality as t(w, i)) q
       left join lateral (
         (select word from ${vocab} where tenant_id = ? and length(q.w) >= 5 order by word <-> q.w limit 16)
         union
         (select word from ${vocab} where tenant_id = ? and q.i = ? and length(q.w) >= 5 order by q.w <<-> word limit 16)
       ) v on true order by q.i`,
      [pgArray(typed), tenantId, tenantId, last],
    );
    const words: string[] = [];
    const allTerms: string[] = [];
    const exactTerms: string[] = [];
    for (let i = 1; i <= typed.length; i++) {
      const mine = rows.filter((r) => Number(r.i) === i);
      const w = lexeme(mine[0]?.w ?? typed[i - 1]);
      if (!w) continue;
      const isLast = i === last;
      const budget = typoBudget(w.length);
      const alternatives = new Map<string, number>();
      for (const r of mine) {
        const c = r.word;
        if (!c || c === w || budget === 0) continue;
        if (isLast && c.startsWith(w)) continue; // the prefix finds it
        let d = typoDistance(w, c, budget);
        if (isLast && c.length > w.length) d = Math.min(d, typoDistance(w, c.slice(0, w.length), budget));
        if (d <= budget) alternatives.set(lexeme(c), d);
      }
      const alts = [...alternatives.entries()]
        .sort((x, y) => x[1] - y[1] || x[0].localeCompare(y[0]))
        .slice(0, MAX_ALTERNATIVES)
        .map(([c]) => c);
      const exact = isLast ? `'${w}':*` : `'${w}'`;
      words.push(w);
      exactTerms.push(exact);
      allTerms.push(`(${[exact, ...alts.map((c) => `'${c}'`)].join(' | ')})`);
    }
    return { words, all: allTerms.join(' & '), exact: exactTerms.join(' & ') };
  }
}
