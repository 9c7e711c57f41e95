import { readQuoted, type QueryNode } from './tsquery';

/**
 * A tenant's index held in memory: the documents' facet fields and an inverted index of their
 * lexemes (read from the tsvectors PostgreSQL made, so stemming and unaccenting stay PostgreSQL's).
 * PostgreSQL stays the source of truth; this is a cache of it that answers the matching, ranking
 * and facet counting of a search in a few milliseconds where a row-at-a-time plan over thousands of
 * matches takes a hundred.
 *
 * Documents live in slots. A changed document gets a new slot and its old one is marked dead, so
 * every posting list only grows at its end and stays sorted by slot; the manager reloads a tenant
 * whose dead slots outnumber the living.
 */

/**
 * One document as the loader reads it: what matching, filters, facets and ordering need, the
 * facet labels, and its tsvector as PostgreSQL prints it.
 */
export interface MemoryRow {
  id: string;
  kind: string;
  locale: string;
  locales: string[];
  primary: boolean;
  categories: string[];
  collection: string | null;
  destination: string | null;
  /** tours: length in days */
  duration_days?: number | null;
  /** lowest price per currency (major units) */
  prices: Record<string, number>;
  /** epoch milliseconds, or null */
  published: number | null;
  title: string;
  labels: Record<string, string>;
  tsv: string;
}

/** what a search asks of the index: filters of the request (the query trees are given apart) */
export interface MemoryFilters {
  /** request locale tags (`de-AT`, `de`), or null: primary variants */
  locales: string[] | null;
  types: string[] | null;
  categories: string[] | null;
  collections: string[] | null;
  destinations: string[] | null;
  currency: string | null;
  /** price ranges: [lo | null, hi | null] on the lowest price in `currency` */
  prices: Array<[number | null, number | null]> | null;
  /** duration in days, both bounds inclusive (null: unbounded) */
  durations?: [number | null, number | null] | null;
}

export interface MemoryFacet {
  value: string;
  label: string | null;
  count: number;
}

export interface MemoryResult {
  count: number;
  /** the requested page: document row ids in order, with tier (1: only through typo alternatives) and price */
  page: Array<{ id: string; tier: number; price: number | null }>;
  facets: {
    type: MemoryFacet[];
    category: MemoryFacet[];
    collection: MemoryFacet[];
    destination: MemoryFacet[];
    price: Array<{ lo: number; hi: number | null; count: number }>;
    duration: Array<{ lo: number; hi: number | null; count: number }>;
  };
}

/** a growable list of 32-bit integers */
class IntList {
  buf = new Int32Array(4);
  n = 0;
  /** drops the spare capacity (after a full load) */
  trim(): void {
    if (this.buf.length > this.n + 4) this.buf = this.buf.slice(0, this.n);
  }

  push(v: number): void {
    if (this.n === this.buf.length) {
      const next = new Int32Array(Math.max(4, this.buf.length * 2));
      next.set(this.buf);
      this.buf = next;
    }
    this.buf[this.n++] = v;
  }
}

/**
 * Weight of a lexeme's best position (title A, summary B, body C, D), packed with how often it
 * occurs (1–7) beside the slot: `slot << 5 | tf << 2 | weight`.
 */
const WEIGHT_SCORE = [0.1, 0.2, 0.4, 1.0]; // D, C, B, A (PostgreSQL's ts_rank defaults)
const WEIGHT_CODE: Record<string, number> = { A: 3, B: 2, C: 1, D: 0 };
const MAX_SLOTS = 2 ** 26;

/** `'belt':44C 'from':18C,27C 'silk':3A` -> [lexeme, best weight code, occurrences] */
export function* tsvectorEntries(text: string): Generator<[string, number, number]> {
  let i = 0;
  while (i < text.length) {
    if (text[i] !== "'") {
      i++;
      continue;
    }
    const quoted = readQuoted(text, i);
    if (!quoted) return;
    const lexeme = quoted[0];
    i = quoted[1];
    let weight = 0;
    let tf = 1;
    if (text[i] === ':') {
      i++;
      tf = 0;
      // `18C,27` -> two occurrences, best weight C (a position without a letter is D)
      while (i < text.length && text[i] !== ' ') {
        const ch = text[i];
        if (ch >= '0' && ch <= '9') {
          tf++;
          while (i < text.length && text[i] >= '0' && text[i] <= '9') i++;
        } else {
          if (WEIGHT_CODE[ch] !== undefined) weight = Math.max(weight, WEIGHT_CODE[ch]);
          i++;
        }
      }
    }
    yield [lexeme, weight, Math.max(1, Math.min(7, tf))];
  }
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** a typed array of at least `n` entries holding `a`'s (new entries `fill`) */
function grown<T extends Int32Array | Uint8Array | Float64Array>(a: T, n: number, fill: number): T {
  if (a.length >= n) return a;
  const next = new (a.constructor as new (n: number) => T)(Math.max(n, a.length * 2, 64));
  next.fill(fill);
  next.set(a);
  return next;
}

/**
 * Documents are held in columns by slot (typed arrays of codes of the tenant's dictionary), so a
 * search walks contiguous memory instead of one object per document.
 */
export class TenantIndex {
  /** slots in use (living and dead) */
  size = 0;
  private ids: Array<string | null> = [];
  private titles: string[] = [];
  private alive = new Uint8Array(0);
  private kind = new Int32Array(0);
  private primary = new Uint8Array(0);
  /** code of the locale ('' for products) */
  private locale = new Int32Array(0);
  /** codes of every locale of the document (content with several variants) */
  private locales: number[][] = [];
  /** first category (-1: none); further categories of the few documents with several */
  private category = new Int32Array(0);
  private moreCategories = new Map<number, number[]>();
  private collection = new Int32Array(0);
  private destination = new Int32Array(0);
  /** days (-1: none) */
  private duration = new Int32Array(0);
  /** epoch ms; -Infinity: not published (last among the newest-first) */
  private published = new Float64Array(0);
  /** lowest price per currency by slot (NaN: none) */
  private prices = new Map<string, Float64Array>();
  private readonly slotOf = new Map<string, number>();
  private readonly postings = new Map<string, IntList>();
  private lexemes: string[] | null = null;
  /** facet values (kinds, categories, collections, destinations, locales) by code, and their codes */
  private readonly names: string[] = [];
  private readonly codes = new Map<string, number>();
  /** facet labels (`category:shirts` -> `Shirts`), the latest document's wins */
  private readonly labels = new Map<string, string>();
  dead = 0;
  /** the index state's version this copy reflects (`last_indexed_at` as PostgreSQL prints it) */
  version: string | null = null;
  /** the last rebuild's time when this copy was loaded (epoch seconds, 0: never) */
  rebuilt = 0;
  /** database time of the last read: the next refresh reads changes from a little before it */
  readAt: string | null = null;
  /** this process's clock at that read */
  readMs = Date.now();
  loadedAt = Date.now();
  lastUsed = Date.now();

  get living(): number {
    return this.size - this.dead;
  }

  private code(value: string): number {
    let c = this.codes.get(value);
    if (c === undefined) {
      c = this.names.length;
      this.names.push(value);
      this.codes.set(value, c);
    }
    return c;
  }

  private priceColumn(currency: string): Float64Array {
    let col = this.prices.get(currency);
    if (!col || col.length < this.size + 1) {
      col = grown(col ?? new Float64Array(0), this.size + 1, NaN);
      this.prices.set(currency, col);
    }
    return col;
  }

  /** Adds or replaces a document. */
  put(row: MemoryRow): void {
    this.remove(row.id);
    const slot = this.size;
    if (slot >= MAX_SLOTS) throw new Error('search memory index: too many slots');
    const n = slot + 1;
    this.alive = grown(this.alive, n, 0);
    this.kind = grown(this.kind, n, -1);
    this.primary = grown(this.primary, n, 0);
    this.locale = grown(this.locale, n, -1);
    this.category = grown(this.category, n, -1);
    this.collection = grown(this.collection, n, -1);
    this.destination = grown(this.destination, n, -1);
    this.duration = grown(this.duration, n, -1);
    this.published = grown(this.published, n, -Infinity);
    this.ids[slot] = row.id;
    this.titles[slot] = row.title;
    this.alive[slot] = 1;
    this.kind[slot] = this.code(row.kind);
    this.primary[slot] = row.primary ? 1 : 0;
    this.locale[slot] = this.code(`locale:${row.locale}`);
    this.locales[slot] = (row.locales ?? []).map((l) => this.code(`locale:${l}`));
    const categories = (row.categories ?? []).map((c) => this.code(c));
    this.category[slot] = categories.length ? categories[0] : -1;
    if (categories.length > 1) this.moreCategories.set(slot, categories.slice(1));
    this.collection[slot] = row.collection === null ? -1 : this.code(row.collection);
    this.destination[slot] = row.destination === null ? -1 : this.code(row.destination);
    this.duration[slot] = row.duration_days ?? -1;
    this.published[slot] = row.published === null ? -Infinity : row.published;
    for (const [currency, min] of Object.entries(row.prices ?? {})) if (Number.isFinite(min)) this.priceColumn(currency)[slot] = min;
    this.size = n;
    this.slotOf.set(row.id, slot);
    for (const [k, v] of Object.entries(row.labels ?? {})) this.labels.set(k, v);
    for (const [lexeme, weight, tf] of tsvectorEntries(row.tsv)) {
      let list = this.postings.get(lexeme);
      if (!list) {
        list = new IntList();
        this.postings.set(lexeme, list);
        this.lexemes = null;
      }
      list.push((slot << 5) | (tf << 2) | weight);
    }
  }

  /** Gives back the spare capacity of the posting lists (after a full load: they only grow by changes then). */
  compact(): void {
    for (const list of this.postings.values()) list.trim();
  }

  remove(id: string): void {
    const old = this.slotOf.get(id);
    if (old === undefined) return;
    this.alive[old] = 0;
    this.ids[old] = null;
    this.moreCategories.delete(old);
    this.slotOf.delete(id);
    this.dead++;
  }

  /** Scores of one term in every slot (0: absent), the best of the lexemes it names. */
  private term(node: { lexeme: string; prefix: boolean }, into: Float32Array, factor: number): void {
    const apply = (list: IntList) => {
      const buf = list.buf;
      for (let i = 0; i < list.n; i++) {
        const v = buf[i];
        const slot = v >>> 5;
        const s = factor * WEIGHT_SCORE[v & 3] * (1 + 0.05 * (((v >> 2) & 7) - 1));
        if (s > into[slot]) into[slot] = s;
      }
    };
    if (!node.prefix) {
      const list = this.postings.get(node.lexeme);
      if (list) apply(list);
      return;
    }
    const sorted = (this.lexemes ??= [...this.postings.keys()].sort(byText));
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid] < node.lexeme) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < sorted.length && sorted[i].startsWith(node.lexeme); i++) apply(this.postings.get(sorted[i])!);
  }

  /**
   * Score buffers are reused from search to search (a search runs without awaiting, so one
   * process never uses a buffer twice at once): allocating 100,000-slot arrays per query would
   * keep the garbage collector busy.
   */
  private readonly pool: Float32Array[] = [];
  private matchedBuf = new Int32Array(0);

  private take(): Float32Array {
    const n = this.size;
    let b = this.pool.pop();
    if (!b || b.length < n) b = new Float32Array(Math.ceil(n * 1.25) + 64);
    b.fill(0, 0, n);
    return b;
  }

  /**
   * Per slot (the first `size` entries): 0 when the document does not match, else its score
   * (sum over `and`, best of `or`). Terms not in `typed` (typo alternatives) count half. The
   * buffer goes back with `release`.
   */
  evaluate(node: QueryNode, typed: Set<string> | null = null): Float32Array {
    const n = this.size;
    const out = node.t === 'term' ? this.take() : this.evaluate(node.children[0], typed);
    if (node.t === 'term') {
      this.term(node, out, !typed || typed.has(node.lexeme) ? 1 : 0.5);
      return out;
    }
    for (let k = 1; k < node.children.length; k++) {
      const p = this.evaluate(node.children[k], typed);
      if (node.t === 'and') for (let i = 0; i < n; i++) out[i] = out[i] > 0 && p[i] > 0 ? out[i] + p[i] : 0;
      else for (let i = 0; i < n; i++) if (p[i] > out[i]) out[i] = p[i];
      this.release(p);
    }
    return out;
  }

  release(b: Float32Array | null): void {
    if (b && this.pool.length < 8) this.pool.push(b);
  }

  /** flags by code of the values named (null: no filter) */
  private flags(values: string[] | null): Uint8Array | null {
    if (!values) return null;
    const out = new Uint8Array(this.names.length);
    for (const v of values) {
      const c = this.codes.get(v);
      if (c !== undefined) out[c] = 1;
    }
    return out;
  }

  /**
   * Matches, facet counts and one page. `all` is the query with typo alternatives, `exact` the
   * words as typed (tier 0 when a document matches it); without a query every document matches.
   * Order: tier, score, newest first, title, id (as the SQL path orders).
   */
  search(
    all: QueryNode | null,
    exact: QueryNode | null,
    f: MemoryFilters,
    offset: number,
    limit: number,
    buckets: Array<[number, number | null]>,
    durationBuckets: Array<[number, number | null]> = [],
  ): MemoryResult {
    const size = this.size;
    const scores = all ? this.evaluate(all, exact ? termsOf(exact) : null) : null;
    const exactScores = all && exact ? this.evaluate(exact) : null;
    const types = this.flags(f.types);
    const categories = this.flags(f.categories);
    const collections = this.flags(f.collections);
    const destinations = this.flags(f.destinations);
    const tags = this.flags(f.locales?.map((l) => `locale:${l}`) ?? null);
    const prices = f.currency === null ? null : (this.prices.get(f.currency) ?? new Float64Array(0));
    const ranges = f.prices;
    const { alive, kind, primary, locale, locales, category, moreCategories, collection, destination } = this;
    const names = this.names.length;
    const typeCounts = new Int32Array(names);
    const categoryCounts = new Int32Array(names);
    const collectionCounts = new Int32Array(names);
    const destinationCounts = new Int32Array(names);
    const bucketCounts = new Array<number>(buckets.length).fill(0);
    const durationCounts = new Array<number>(durationBuckets.length).fill(0);
    const durations = f.durations ?? null;
    const durationLo = durations?.[0] ?? 0;
    const durationHi = durations?.[1] ?? Infinity;
    const duration = this.duration;
    if (this.matchedBuf.length < size) this.matchedBuf = new Int32Array(Math.ceil(size * 1.25) + 64);
    const matched = this.matchedBuf;
    let n = 0;
    for (let slot = 0; slot < size; slot++) {
      if (scores !== null && !(scores[slot] > 0)) continue;
      if (alive[slot] === 0) continue;
      if (tags !== null) {
        if (tags[locale[slot]] !== 1) {
          if (primary[slot] === 0) continue;
          const own = locales[slot];
          let variant = false;
          for (let i = 0; i < own.length; i++) if (tags[own[i]] === 1) variant = true;
          if (variant) continue;
        }
      } else if (primary[slot] === 0) continue;
      if (types !== null && types[kind[slot]] !== 1) continue;
      if (categories !== null) {
        const first = category[slot];
        const more = first >= 0 && moreCategories.size ? moreCategories.get(slot) : undefined;
        if (!(first >= 0 && (categories[first] === 1 || (more !== undefined && more.some((c) => categories[c] === 1))))) continue;
      }
      if (collections !== null && !(collection[slot] >= 0 && collections[collection[slot]] === 1)) continue;
      if (destinations !== null && !(destination[slot] >= 0 && destinations[destination[slot]] === 1)) continue;
      if (durations !== null && !(duration[slot] >= 0 && duration[slot] >= durationLo && duration[slot] <= durationHi)) continue;
      const price = prices === null || slot >= prices.length ? NaN : prices[slot];
      if (ranges !== null) {
        let inRange = false;
        if (price === price) for (const [lo, hi] of ranges) if ((lo === null || price >= lo) && (hi === null || price < hi)) inRange = true;
        if (!inRange) continue;
      }
      matched[n++] = slot;
      typeCounts[kind[slot]]++;
      if (category[slot] >= 0) {
        categoryCounts[category[slot]]++;
        const more = moreCategories.size ? moreCategories.get(slot) : undefined;
        if (more !== undefined) for (const c of more) categoryCounts[c]++;
      }
      if (collection[slot] >= 0) collectionCounts[collection[slot]]++;
      if (destination[slot] >= 0) destinationCounts[destination[slot]]++;
      if (duration[slot] >= 0)
        for (let b = 0; b < durationBuckets.length; b++) {
          const hi = durationBuckets[b][1];
          if (duration[slot] >= durationBuckets[b][0] && (hi === null || duration[slot] < hi)) durationCounts[b]++;
        }
      if (price === price) {
        for (let b = 0; b < buckets.length; b++) {
          const hi = buckets[b][1];
          if (price >= buckets[b][0] && (hi === null || price < hi)) bucketCounts[b]++;
        }
      }
    }
    const published = this.published;
    const titles = this.titles;
    const ids = this.ids;
    const tier = (slot: number) => (exactScores !== null && !(exactScores[slot] > 0) ? 1 : 0);
    const ordered = (x: number, y: number) => {
      const t = tier(x) - tier(y);
      if (t) return t;
      if (scores !== null && scores[x] !== scores[y]) return scores[y] - scores[x];
      if (published[x] !== published[y]) return published[y] > published[x] ? 1 : -1;
      return byText(titles[x], titles[y]) || byText(ids[x]!, ids[y]!);
    };
    const top = selectTop(matched.subarray(0, n), Math.min(n, offset + limit), ordered);
    const facet = (c: Int32Array, prefix: string | null): MemoryFacet[] => {
      const out: MemoryFacet[] = [];
      for (let code = 0; code < c.length; code++)
        if (c[code] > 0)
          out.push({ value: this.names[code], label: prefix ? (this.labels.get(`${prefix}:${this.names[code]}`) ?? null) : null, count: c[code] });
      return out.sort((x, y) => y.count - x.count || byText(x.value, y.value)).slice(0, 50);
    };
    const page = top.slice(offset, offset + limit).map((slot) => {
      const price = prices === null || slot >= prices.length ? NaN : prices[slot];
      return { id: ids[slot]!, tier: tier(slot), price: price === price ? price : null };
    });
    this.release(scores);
    this.release(exactScores);
    return {
      count: n,
      page,
      facets: {
        type: facet(typeCounts, null),
        category: facet(categoryCounts, 'category'),
        collection: facet(collectionCounts, 'collection'),
        destination: facet(destinationCounts, 'destination'),
        price: buckets.map(([lo, hi], b) => ({ lo, hi, count: bucketCounts[b] })).filter((b) => b.count > 0),
        duration: durationBuckets.map(([lo, hi], b) => ({ lo, hi, count: durationCounts[b] })).filter((b) => b.count > 0),
      },
    };
  }
}

/** the lexemes a query names */
function termsOf(node: QueryNode, into = new Set<string>()): Set<string> {
  if (node.t === 'term') into.add(node.lexeme);
  else for (const c of node.children) termsOf(c, into);
  return into;
}

/** The first `k` of `items` in order (sorted), without sorting all of them when k is small. */
function selectTop(items: Int32Array, k: number, cmp: (a: number, b: number) => number): number[] {
  if (k <= 0) return [];
  if (k * 8 >= items.length) return Array.from(items).sort(cmp).slice(0, k);
  // a bounded max-heap of the best k
  const heap: number[] = [];
  const up = (i: number) => {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (cmp(heap[i], heap[p]) <= 0) break;
      [heap[i], heap[p]] = [heap[p], heap[i]];
      i = p;
    }
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && cmp(heap[l], heap[m]) > 0) m = l;
      if (r < heap.length && cmp(heap[r], heap[m]) > 0) m = r;
      if (m === i) break;
      [heap[i], heap[m]] = [heap[m], heap[i]];
      i = m;
    }
  };
  for (const it of items) {
    if (heap.length < k) {
      heap.push(it);
      up(heap.length - 1);
    } else if (cmp(it, heap[0]) < 0) {
      heap[0] = it;
      down(0);
    }
  }
  return heap.sort(cmp);
}
