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
 *
 * A search touches only the postings of its words: a query is evaluated over sorted posting lists
 * (merges for `or` and prefixes, intersections for `and`) into a sparse list of matches, and only
 * those are filtered, counted into the facets (per-code counters over columns) and offered to a
 * bounded heap of the best `offset + limit`, which rejects almost every match by comparing two
 * numbers. Nothing is proportional to the tenant's size except a search without words.
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
const MAX_SLOTS = 2 ** 26;

/** score of a posting's low five bits (`tf << 2 | weight`) for a term counting `factor` */
function scoreTable(factor: number): Float32Array {
  const t = new Float32Array(32);
  for (let code = 0; code < 32; code++) t[code] = factor * WEIGHT_SCORE[code & 3] * (1 + 0.05 * (((code >> 2) & 7) - 1));
  return t;
}
const FULL = scoreTable(1);
const HALF = scoreTable(0.5);

/**
 * Calls `each(lexeme, best weight code, occurrences)` for every lexeme of a tsvector text as
 * PostgreSQL prints it (`'belt':44C 'from':18C,27C 'silk':3A`): weight codes D 0, C 1, B 2, A 3
 * (a position without a letter is D), occurrences 1–7. Reads char codes without building
 * intermediate strings (a million documents' tsvectors are read at a tenant's load).
 */
function readTsvector(text: string, each: (lexeme: string, weight: number, tf: number) => void): void {
  const len = text.length;
  let i = 0;
  while (i < len) {
    if (text.charCodeAt(i) !== 39 /* ' */) {
      i++;
      continue;
    }
    // the common lexeme has no quote or backslash inside: slice it
    let j = i + 1;
    while (j < len) {
      const c = text.charCodeAt(j);
      if (c === 39 || c === 92) break;
      j++;
    }
    let lexeme: string;
    if (j < len && text.charCodeAt(j) === 39 && text.charCodeAt(j + 1) !== 39) {
      lexeme = text.slice(i + 1, j);
      i = j + 1;
    } else {
      const quoted = readQuoted(text, i);
      if (!quoted) return;
      lexeme = quoted[0];
      i = quoted[1];
    }
    let weight = 0;
    let tf = 1;
    if (text.charCodeAt(i) === 58 /* : */) {
      i++;
      tf = 0;
      // `18C,27` -> two occurrences, best weight C
      while (i < len) {
        const c = text.charCodeAt(i);
        if (c === 32) break;
        if (c >= 48 && c <= 57) {
          tf++;
          i++;
          while (i < len && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) i++;
          continue;
        }
        // A 65 -> 3, B -> 2, C -> 1, D -> 0
        if (c >= 65 && c <= 68 && 68 - c > weight) weight = 68 - c;
        i++;
      }
    }
    each(lexeme, weight, tf < 1 ? 1 : tf > 7 ? 7 : tf);
  }
}

/** `'belt':44C 'from':18C,27C 'silk':3A` -> [lexeme, best weight code, occurrences] */
export function tsvectorEntries(text: string): Array<[string, number, number]> {
  const out: Array<[string, number, number]> = [];
  readTsvector(text, (l, w, tf) => out.push([l, w, tf]));
  return out;
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

/** matching documents: slots ascending, each with its score (> 0) */
interface Matches {
  slots: Int32Array;
  scores: Float32Array;
  n: number;
}

const NONE: Matches = { slots: new Int32Array(0), scores: new Float32Array(0), n: 0 };

/**
 * The typed arrays of a search's intermediate matches are lent from here and given back when it
 * ends (a search runs without awaiting, so one process never uses one twice at once): a common
 * word of a million documents matches over a hundred thousand, and megabytes of fresh buffers per
 * search would make the garbage collector walk the whole heap every few dozen searches.
 */
const spare = { ints: [] as Int32Array[], floats: [] as Float32Array[] };
const lent = { ints: [] as Int32Array[], floats: [] as Float32Array[] };
const SPARE_KEPT = 16;

/** a spare array of at least `n` entries (the smallest that fits), else a new one with room to spare */
function borrow<T extends Int32Array | Float32Array>(pool: T[], out: T[], n: number, make: (n: number) => T): T {
  let best = -1;
  for (let i = 0; i < pool.length; i++) if (pool[i].length >= n && (best < 0 || pool[i].length < pool[best].length)) best = i;
  const a = best >= 0 ? pool.splice(best, 1)[0] : make(Math.max(1024, 2 ** Math.ceil(Math.log2(n + 1))));
  out.push(a);
  return a;
}
const ints = (n: number) => borrow(spare.ints, lent.ints, n, (m) => new Int32Array(m));
const floats = (n: number) => borrow(spare.floats, lent.floats, n, (m) => new Float32Array(m));

/** the arrays lent during a search come back (the largest are kept) */
function giveBack(): void {
  for (const kind of ['ints', 'floats'] as const) {
    const pool: Array<Int32Array | Float32Array> = spare[kind];
    pool.push(...lent[kind]);
    lent[kind].length = 0;
    if (pool.length > SPARE_KEPT) {
      pool.sort((a, b) => b.length - a.length);
      pool.length = SPARE_KEPT;
    }
  }
}

/** `a` and `b` both: scores summed (as single floats, the way they are kept) */
function intersect(a: Matches, b: Matches): Matches {
  return a.n > b.n ? intersectSmall(b, a, true) : intersectSmall(a, b, false);
}

/** intersection walking the smaller list `s` and galloping through the larger `l` */
function intersectSmall(s: Matches, l: Matches, swapped: boolean): Matches {
  const slots = ints(s.n);
  const scores = floats(s.n);
  let n = 0;
  let j = 0;
  const ls = l.slots;
  for (let i = 0; i < s.n && j < l.n; i++) {
    const slot = s.slots[i];
    if (ls[j] < slot) {
      // gallop, then binary search
      let step = 1;
      let hi = j + 1;
      while (hi < l.n && ls[hi] < slot) {
        j = hi;
        step *= 2;
        hi = j + step;
      }
      if (hi > l.n) hi = l.n;
      let lo = j + 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (ls[mid] < slot) lo = mid + 1;
        else hi = mid;
      }
      j = lo;
    }
    if (j < l.n && ls[j] === slot) {
      slots[n] = slot;
      scores[n++] = swapped ? l.scores[j] + s.scores[i] : s.scores[i] + l.scores[j];
      j++;
    }
  }
  return { slots, scores, n };
}

/** `a` or `b`: the better score where both match */
function union2(a: Matches, b: Matches): Matches {
  const slots = ints(a.n + b.n);
  const scores = floats(a.n + b.n);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.n && j < b.n) {
    const x = a.slots[i];
    const y = b.slots[j];
    if (x < y) {
      slots[n] = x;
      scores[n++] = a.scores[i++];
    } else if (y < x) {
      slots[n] = y;
      scores[n++] = b.scores[j++];
    } else {
      slots[n] = x;
      scores[n++] = a.scores[i] >= b.scores[j] ? a.scores[i] : b.scores[j];
      i++;
      j++;
    }
  }
  for (; i < a.n; i++, n++) {
    slots[n] = a.slots[i];
    scores[n] = a.scores[i];
  }
  for (; j < b.n; j++, n++) {
    slots[n] = b.slots[j];
    scores[n] = b.scores[j];
  }
  return { slots, scores, n };
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
  /** codes of every locale of the document (content with several variants); absent: none besides `locale` */
  private readonly locales = new Map<number, number[]>();
  /** first category (-1: none); further categories of the few documents with several */
  private category = new Int32Array(0);
  private readonly moreCategories = new Map<number, number[]>();
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

  /** postings held (one per document and lexeme) */
  get postingCount(): number {
    let n = 0;
    for (const list of this.postings.values()) n += list.n;
    return n;
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
    const locales = row.locales ?? [];
    // most documents have one locale, their own: no list kept for them
    if (locales.length > 1 || (locales.length === 1 && locales[0] !== row.locale))
      this.locales.set(
        slot,
        locales.map((l) => this.code(`locale:${l}`)),
      );
    const categories = row.categories ?? [];
    this.category[slot] = categories.length ? this.code(categories[0]) : -1;
    if (categories.length > 1)
      this.moreCategories.set(
        slot,
        categories.slice(1).map((c) => this.code(c)),
      );
    this.collection[slot] = row.collection === null ? -1 : this.code(row.collection);
    this.destination[slot] = row.destination === null ? -1 : this.code(row.destination);
    this.duration[slot] = row.duration_days ?? -1;
    this.published[slot] = row.published === null ? -Infinity : row.published;
    for (const currency in row.prices ?? {}) {
      const min = row.prices[currency];
      if (Number.isFinite(min)) this.priceColumn(currency)[slot] = min;
    }
    this.size = n;
    this.slotOf.set(row.id, slot);
    for (const k in row.labels ?? {}) if (this.labels.get(k) !== row.labels[k]) this.labels.set(k, row.labels[k]);
    const postings = this.postings;
    const base = slot << 5;
    readTsvector(row.tsv, (lexeme, weight, tf) => {
      let list = postings.get(lexeme);
      if (!list) {
        list = new IntList();
        postings.set(lexeme, list);
        this.lexemes = null;
      }
      list.push(base | (tf << 2) | weight);
    });
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
    this.locales.delete(old);
    this.slotOf.delete(id);
    this.dead++;
  }

  /** one posting list as matches */
  private list(list: IntList, table: Float32Array): Matches {
    const buf = list.buf;
    const n = list.n;
    const slots = ints(n);
    const scores = floats(n);
    for (let i = 0; i < n; i++) {
      const v = buf[i];
      slots[i] = v >>> 5;
      scores[i] = table[v & 31];
    }
    return { slots, scores, n };
  }

  /** The documents of one term with their scores, the best of the lexemes it names (a prefix names several). */
  private term(node: { lexeme: string; prefix: boolean }, table: Float32Array): Matches {
    if (!node.prefix) {
      const list = this.postings.get(node.lexeme);
      return list ? this.list(list, table) : NONE;
    }
    const sorted = (this.lexemes ??= [...this.postings.keys()].sort(byText));
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid] < node.lexeme) lo = mid + 1;
      else hi = mid;
    }
    const lists: IntList[] = [];
    for (let i = lo; i < sorted.length && sorted[i].startsWith(node.lexeme); i++) lists.push(this.postings.get(sorted[i])!);
    if (lists.length <= 3) {
      let out = NONE;
      for (const l of lists) out = out === NONE ? this.list(l, table) : union2(out, this.list(l, table));
      return out;
    }
    return this.unionMany(lists, table);
  }

  /** a scratch of `size` scores, all 0 (given back zeroed) */
  private scratch = new Float32Array(0);

  /** many posting lists (a short prefix): the best score per slot through a scratch, then the touched slots in order */
  private unionMany(lists: IntList[], table: Float32Array): Matches {
    if (this.scratch.length < this.size) this.scratch = new Float32Array(Math.ceil(this.size * 1.25) + 64);
    const scratch = this.scratch;
    let total = 0;
    for (const l of lists) total += l.n;
    let touched = ints(Math.min(total, this.size));
    let t = 0;
    for (const l of lists) {
      const buf = l.buf;
      for (let i = 0; i < l.n; i++) {
        const v = buf[i];
        const slot = v >>> 5;
        const s = table[v & 31];
        const was = scratch[slot];
        if (was === 0) touched[t++] = slot;
        if (s > was) scratch[slot] = s;
      }
    }
    const scores = floats(t);
    if (t * 16 > this.size) {
      // many: read them off in slot order
      let n = 0;
      for (let slot = 0; slot < this.size && n < t; slot++)
        if (scratch[slot] !== 0) {
          touched[n] = slot;
          scores[n++] = scratch[slot];
          scratch[slot] = 0;
        }
    } else {
      touched = touched.subarray(0, t).sort();
      for (let i = 0; i < t; i++) {
        scores[i] = scratch[touched[i]];
        scratch[touched[i]] = 0;
      }
    }
    return { slots: touched, scores, n: t };
  }

  /**
   * The documents matching a query with their scores (sum over `and`, best of `or`), slots
   * ascending. Terms not in `typed` (typo alternatives) count half.
   */
  private evaluate(node: QueryNode, typed: Set<string> | null): Matches {
    if (node.t === 'term') return this.term(node, !typed || typed.has(node.lexeme) ? FULL : HALF);
    let out = this.evaluate(node.children[0], typed);
    for (let k = 1; k < node.children.length; k++) {
      if (node.t === 'and' && out.n === 0) return NONE;
      const p = this.evaluate(node.children[k], typed);
      out = node.t === 'and' ? intersect(out, p) : out.n === 0 ? p : p.n === 0 ? out : union2(out, p);
    }
    return out;
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
   * Order: tier, score, newest first, title, id (as the SQL path orders). The count and the facets
   * are exact: every match is visited once, but only those that can enter the page are compared
   * beyond their tier and score.
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
    try {
      return this.answer(all, exact, f, offset, limit, buckets, durationBuckets);
    } finally {
      giveBack();
    }
  }

  private answer(
    all: QueryNode | null,
    exact: QueryNode | null,
    f: MemoryFilters,
    offset: number,
    limit: number,
    buckets: Array<[number, number | null]>,
    durationBuckets: Array<[number, number | null]>,
  ): MemoryResult {
    const size = this.size;
    const matches = all ? this.evaluate(all, exact ? termsOf(exact) : null) : null;
    const exactMatches = all && exact ? this.evaluate(exact, null) : null;
    const types = this.flags(f.types);
    const categories = this.flags(f.categories);
    const collections = this.flags(f.collections);
    const destinations = this.flags(f.destinations);
    const tags = this.flags(f.locales?.map((l) => `locale:${l}`) ?? null);
    const prices = f.currency === null ? null : (this.prices.get(f.currency) ?? new Float64Array(0));
    const ranges = f.prices;
    const { alive, kind, primary, locale, locales, category, moreCategories, collection, destination, published, titles, ids } = this;
    const names = this.names.length;
    const typeCounts = new Int32Array(names);
    const categoryCounts = new Int32Array(names);
    const collectionCounts = new Int32Array(names);
    const destinationCounts = new Int32Array(names);
    // bucket bounds as numbers (no upper bound: Infinity; prices and durations are finite)
    const bucketLo = Float64Array.from(buckets, (b) => b[0]);
    const bucketHi = Float64Array.from(buckets, (b) => b[1] ?? Infinity);
    const bucketCounts = new Int32Array(buckets.length);
    const dayLo = Float64Array.from(durationBuckets, (b) => b[0]);
    const dayHi = Float64Array.from(durationBuckets, (b) => b[1] ?? Infinity);
    const durationCounts = new Int32Array(durationBuckets.length);
    const durations = f.durations ?? null;
    const durationLo = durations?.[0] ?? 0;
    const durationHi = durations?.[1] ?? Infinity;
    const duration = this.duration;
    const k = limit > 0 ? offset + limit : 0;
    const heap = new TopK(k, (a, b) => byText(titles[a], titles[b]) || byText(ids[a]!, ids[b]!));
    const count = matches ? matches.n : size;
    const matchSlots = matches?.slots;
    const matchScores = matches?.scores;
    const exactSlots = exactMatches?.slots;
    const exactN = exactMatches?.n ?? 0;
    let e = 0;
    let n = 0;
    for (let i = 0; i < count; i++) {
      const slot = matchSlots !== undefined ? matchSlots[i] : i;
      if (alive[slot] === 0) continue;
      if (tags !== null) {
        if (tags[locale[slot]] !== 1) {
          if (primary[slot] === 0) continue;
          const own = locales.size ? locales.get(slot) : undefined;
          let variant = false;
          if (own !== undefined) for (let j = 0; j < own.length; j++) if (tags[own[j]] === 1) variant = true;
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
      n++;
      typeCounts[kind[slot]]++;
      if (category[slot] >= 0) {
        categoryCounts[category[slot]]++;
        const more = moreCategories.size ? moreCategories.get(slot) : undefined;
        if (more !== undefined) for (const c of more) categoryCounts[c]++;
      }
      if (collection[slot] >= 0) collectionCounts[collection[slot]]++;
      if (destination[slot] >= 0) destinationCounts[destination[slot]]++;
      const days = duration[slot];
      if (days >= 0) for (let b = 0; b < durationCounts.length; b++) if (days >= dayLo[b] && days < dayHi[b]) durationCounts[b]++;
      if (price === price) for (let b = 0; b < bucketCounts.length; b++) if (price >= bucketLo[b] && price < bucketHi[b]) bucketCounts[b]++;
      if (k > 0) {
        // tier: both lists ascend by slot, so one pointer walks the exact matches
        let tier = 0;
        if (exactSlots !== undefined) {
          while (e < exactN && exactSlots[e] < slot) e++;
          tier = e < exactN && exactSlots[e] === slot ? 0 : 1;
        }
        heap.offer(slot, tier, matchScores !== undefined ? matchScores[i] : 0, published[slot]);
      }
    }
    const facet = (c: Int32Array, prefix: string | null): MemoryFacet[] => {
      const out: MemoryFacet[] = [];
      for (let code = 0; code < c.length; code++)
        if (c[code] > 0)
          out.push({ value: this.names[code], label: prefix ? (this.labels.get(`${prefix}:${this.names[code]}`) ?? null) : null, count: c[code] });
      return out.sort((x, y) => y.count - x.count || byText(x.value, y.value)).slice(0, 50);
    };
    const page = heap
      .sorted()
      .slice(offset, offset + limit)
      .map(({ slot, tier }) => {
        const price = prices === null || slot >= prices.length ? NaN : prices[slot];
        return { id: ids[slot]!, tier, price: price === price ? price : null };
      });
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

/**
 * The best `k` entries offered (tier ascending, score descending, then `published` descending,
 * then `rest`): a max-heap of the worst kept at its root, in typed arrays. An entry worse than
 * the root by tier, score or publication time is turned away by comparing numbers; only ties on
 * all three reach `rest` (titles, ids).
 */
class TopK {
  private readonly slot: Int32Array;
  private readonly tier: Uint8Array;
  private readonly score: Float64Array;
  private readonly pub: Float64Array;
  private n = 0;

  constructor(
    private readonly k: number,
    private readonly rest: (a: number, b: number) => number,
  ) {
    this.slot = new Int32Array(k);
    this.tier = new Uint8Array(k);
    this.score = new Float64Array(k);
    this.pub = new Float64Array(k);
  }

  /** > 0 when entry `i` ranks after the offered (slot, tier, score, pub) */
  private after(i: number, slot: number, tier: number, score: number, pub: number): number {
    if (this.tier[i] !== tier) return this.tier[i] - tier;
    if (this.score[i] !== score) return score - this.score[i];
    if (this.pub[i] !== pub) return pub > this.pub[i] ? 1 : -1;
    return this.rest(this.slot[i], slot);
  }

  offer(slot: number, tier: number, score: number, pub: number): void {
    const k = this.k;
    if (k === 0) return;
    if (this.n < k) {
      let i = this.n++;
      // sift up: the worse entry rises
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (this.after(p, slot, tier, score, pub) >= 0) break;
        this.move(p, i);
        i = p;
      }
      this.set(i, slot, tier, score, pub);
      return;
    }
    // the root is the worst kept: most offers stop at these comparisons
    const rt = this.tier[0];
    if (tier > rt) return;
    if (tier === rt) {
      const rs = this.score[0];
      if (score < rs) return;
      if (score === rs) {
        const rp = this.pub[0];
        if (pub < rp) return;
        if (pub === rp && this.rest(slot, this.slot[0]) >= 0) return;
      }
    }
    // replace the root and sift down
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= k) break;
      const r = l + 1;
      let m = l;
      if (r < k && this.after(r, this.slot[l], this.tier[l], this.score[l], this.pub[l]) > 0) m = r;
      if (this.after(m, slot, tier, score, pub) <= 0) break;
      this.move(m, i);
      i = m;
    }
    this.set(i, slot, tier, score, pub);
  }

  private move(from: number, to: number): void {
    this.slot[to] = this.slot[from];
    this.tier[to] = this.tier[from];
    this.score[to] = this.score[from];
    this.pub[to] = this.pub[from];
  }

  private set(i: number, slot: number, tier: number, score: number, pub: number): void {
    this.slot[i] = slot;
    this.tier[i] = tier;
    this.score[i] = score;
    this.pub[i] = pub;
  }

  /** the entries kept, best first */
  sorted(): Array<{ slot: number; tier: number }> {
    const order = Array.from({ length: this.n }, (_, i) => i);
    order.sort((a, b) => this.after(a, this.slot[b], this.tier[b], this.score[b], this.pub[b]));
    return order.map((i) => ({ slot: this.slot[i], tier: this.tier[i] }));
  }
}
