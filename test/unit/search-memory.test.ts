import { TenantIndex, parseTsquery, tsvectorEntries } from '@svc/search';

const BUCKETS: Array<[number, number | null]> = [
  [0, 25],
  [25, 100],
  [100, null],
];
const NO_FILTERS = { locales: null, types: null, categories: null, collections: null, destinations: null, currency: null, prices: null };

const doc = (id: string, tsv: string, more: Record<string, unknown> = {}) => ({
  id,
  kind: 'product',
  locale: '',
  locales: [''],
  primary: true,
  categories: [] as string[],
  collection: null as string | null,
  destination: null as string | null,
  prices: {} as Record<string, number>,
  published: null as number | null,
  title: id,
  labels: {} as Record<string, string>,
  tsv,
  ...more,
});

describe('search memory index: tsquery texts', () => {
  it('parses terms, prefixes, and, or and parentheses as PostgreSQL prints them', () => {
    expect(parseTsquery(`'leather':*`)).toEqual({ t: 'term', lexeme: 'leather', prefix: true });
    expect(parseTsquery(`( 'jacket' | 'jackets' ) & 'leath':*`)).toEqual({
      t: 'and',
      children: [
        {
          t: 'or',
          children: [
            { t: 'term', lexeme: 'jacket', prefix: false },
            { t: 'term', lexeme: 'jackets', prefix: false },
          ],
        },
        { t: 'term', lexeme: 'leath', prefix: true },
      ],
    });
    // `&` binds tighter than `|`
    expect(parseTsquery(`'a' | 'b' & 'c'`)).toEqual({
      t: 'or',
      children: [
        { t: 'term', lexeme: 'a', prefix: false },
        {
          t: 'and',
          children: [
            { t: 'term', lexeme: 'b', prefix: false },
            { t: 'term', lexeme: 'c', prefix: false },
          ],
        },
      ],
    });
    expect(parseTsquery(`'it''s'`)).toEqual({ t: 'term', lexeme: "it's", prefix: false });
  });

  it('refuses what it does not evaluate (the caller answers from SQL)', () => {
    for (const text of [`!'a'`, `'a' <-> 'b'`, `'a' <2> 'b'`, `'a':A`, `'a':*B`, `('a'`, `'a' &`, `'a' 'b'`, `'unterminated`, '']) {
      expect([text, parseTsquery(text)]).toEqual([text, null]);
    }
  });
});

describe('search memory index: tsvectors', () => {
  it('reads lexemes with their best weight and how often they occur', () => {
    expect([...tsvectorEntries(`'belt':44C 'from':18C,27 'silk':3A,9C 'it''s':5 'plain'`)]).toEqual([
      ['belt', 1, 1],
      ['from', 1, 2],
      ['silk', 3, 2],
      ["it's", 0, 1],
      ['plain', 0, 1],
    ]);
  });
});

describe('search memory index: matching, ranking, filters and facets', () => {
  const make = () => {
    const idx = new TenantIndex();
    idx.put(
      doc('shirt', `'classic':1A 'shirt':2A 'cotton':3C`, {
        categories: ['tops'],
        collection: 'summer',
        prices: { eur: 25 },
        labels: { 'category:tops': 'Tops', 'collection:summer': 'Summer' },
      }),
    );
    idx.put(doc('tee', `'tee':1A 'shirt':5C,7C 'cotton':2B`, { categories: ['tops'], prices: { eur: 19 } }));
    idx.put(doc('jacket', `'leather':1A 'jacket':2A`, { categories: ['outerwear'], collection: 'summer', prices: { eur: 249 } }));
    idx.put(doc('post-en', `'shirt':3B 'care':1A`, { kind: 'blog_post', locale: 'en', locales: ['en', 'de'], published: Date.UTC(2026, 0, 2) }));
    idx.put(
      doc('post-de', `'hemd':3B 'pfleg':1A`, { kind: 'blog_post', locale: 'de', locales: ['en', 'de'], primary: false, published: Date.UTC(2026, 0, 2) }),
    );
    return idx;
  };
  const ids = (r: ReturnType<TenantIndex['search']>) => r.page.map((p) => p.id);

  it('ranks title matches before summary and body matches, and exact before typo matches', () => {
    const idx = make();
    const shirt = parseTsquery(`'shirt'`);
    expect(ids(idx.search(shirt, null, NO_FILTERS, 0, 10, BUCKETS))).toEqual(['shirt', 'post-en', 'tee']);
    // "shirt" typed, "tee" a typo alternative: every match has the typed word (tier 0); an
    // alternative counts half, so "a-tee" (alternative in its title) follows the title match
    idx.put(doc('a-tee', `'tee':1A 'shirt':9C`));
    const all = parseTsquery(`'shirt' | 'tee'`);
    const r = idx.search(all, shirt, NO_FILTERS, 0, 10, BUCKETS);
    expect(r.page.map((p) => [p.id, p.tier])).toEqual([
      ['shirt', 0],
      ['a-tee', 0],
      ['tee', 0],
      ['post-en', 0],
    ]);
    const typoOnly = idx.search(parseTsquery(`'tee' | 'leather'`), parseTsquery(`'leather'`), NO_FILTERS, 0, 10, BUCKETS);
    expect(typoOnly.page.map((p) => [p.id, p.tier])).toEqual([
      ['jacket', 0],
      ['a-tee', 1],
      ['tee', 1],
    ]);
  });

  it('needs every word of an and, any of an or, and matches prefixes', () => {
    const idx = make();
    expect(ids(idx.search(parseTsquery(`'cotton' & 'shirt'`), null, NO_FILTERS, 0, 10, BUCKETS)).sort()).toEqual(['shirt', 'tee']);
    expect(ids(idx.search(parseTsquery(`'leath':*`), null, NO_FILTERS, 0, 10, BUCKETS))).toEqual(['jacket']);
    expect(ids(idx.search(parseTsquery(`'c':*`), null, NO_FILTERS, 0, 10, BUCKETS)).sort()).toEqual(['post-en', 'shirt', 'tee']);
    expect(ids(idx.search(parseTsquery(`'nothing'`), null, NO_FILTERS, 0, 10, BUCKETS))).toEqual([]);
  });

  it('shows the request locale variant, else the primary one', () => {
    const idx = make();
    const posts = (locales: string[] | null) => ids(idx.search(null, null, { ...NO_FILTERS, locales, types: ['blog_post'] }, 0, 10, BUCKETS));
    expect(posts(null)).toEqual(['post-en']);
    expect(posts(['de-AT', 'de'])).toEqual(['post-de']);
    expect(posts(['fr'])).toEqual(['post-en']);
  });

  it('filters by type, category, collection and price, and counts facets over the matches', () => {
    const idx = make();
    const all = idx.search(null, null, { ...NO_FILTERS, currency: 'eur' }, 0, 0, BUCKETS);
    expect(all.count).toBe(4);
    expect(all.page).toEqual([]);
    expect(all.facets.type).toEqual([
      { value: 'product', label: null, count: 3 },
      { value: 'blog_post', label: null, count: 1 },
    ]);
    expect(all.facets.category).toEqual([
      { value: 'tops', label: 'Tops', count: 2 },
      { value: 'outerwear', label: null, count: 1 },
    ]);
    expect(all.facets.collection).toEqual([{ value: 'summer', label: 'Summer', count: 2 }]);
    expect(all.facets.price).toEqual([
      { lo: 0, hi: 25, count: 1 },
      { lo: 25, hi: 100, count: 1 },
      { lo: 100, hi: null, count: 1 },
    ]);
    const cheap = idx.search(
      null,
      null,
      {
        ...NO_FILTERS,
        currency: 'eur',
        prices: [
          [null, 25],
          [200, null],
        ],
      },
      0,
      10,
      BUCKETS,
    );
    expect(cheap.page.map((p) => [p.id, p.price]).sort()).toEqual([
      ['jacket', 249],
      ['tee', 19],
    ]);
    expect(ids(idx.search(null, null, { ...NO_FILTERS, categories: ['tops'], collections: ['summer'] }, 0, 10, BUCKETS))).toEqual(['shirt']);
    expect(idx.search(null, null, { ...NO_FILTERS, categories: ['unknown'] }, 0, 10, BUCKETS).count).toBe(0);
    // a currency no document has: no price, no price filter match
    expect(idx.search(null, null, { ...NO_FILTERS, currency: 'usd', prices: [[0, null]] }, 0, 10, BUCKETS).count).toBe(0);
  });

  it('replaces and removes documents (dead slots never match) and pages through one order', () => {
    const idx = make();
    idx.put(doc('shirt', `'linen':1A 'shirt':2A`, { categories: ['tops'] }));
    idx.remove('jacket');
    expect(idx.living).toBe(4);
    expect(idx.dead).toBe(2);
    expect(ids(idx.search(parseTsquery(`'cotton'`), null, NO_FILTERS, 0, 10, BUCKETS))).toEqual(['tee']);
    expect(ids(idx.search(parseTsquery(`'linen'`), null, NO_FILTERS, 0, 10, BUCKETS))).toEqual(['shirt']);
    expect(idx.search(parseTsquery(`'leather'`), null, NO_FILTERS, 0, 10, BUCKETS).count).toBe(0);
    const every = ids(idx.search(null, null, NO_FILTERS, 0, 10, BUCKETS));
    const paged = [0, 1, 2].flatMap((o) => ids(idx.search(null, null, NO_FILTERS, o, 1, BUCKETS)));
    expect(paged).toEqual(every);
    expect(every).toHaveLength(3);
  });

  it('selects the best of many matches without sorting them all', () => {
    const idx = new TenantIndex();
    for (let i = 0; i < 500; i++) idx.put(doc(`d${String(i).padStart(3, '0')}`, i % 50 === 7 ? `'word':1A` : `'word':4C`, { published: i }));
    const r = idx.search(parseTsquery(`'word'`), null, NO_FILTERS, 0, 5, BUCKETS);
    expect(r.count).toBe(500);
    // the ten title matches, newest first
    expect(ids(r)).toEqual(['d457', 'd407', 'd357', 'd307', 'd257']);
    expect(ids(idx.search(parseTsquery(`'word'`), null, NO_FILTERS, 10, 2, BUCKETS))).toEqual(['d499', 'd498']);
  });
});

describe('search memory index: the sparse evaluation and bounded top-k agree with scoring every document', () => {
  /** a deterministic pseudo-random generator (the same corpora every run) */
  const rng = (seed: number) => {
    let s = seed >>> 0;
    return () => {
      s = (s * 1664525 + 1013904223) >>> 0;
      return s / 2 ** 32;
    };
  };
  const WEIGHTS = 'DCBA';
  const SCORE = [0.1, 0.2, 0.4, 1.0];
  type Q = { t: 'term'; lexeme: string; prefix: boolean } | { t: 'and' | 'or'; children: Q[] };
  const text = (q: Q): string => (q.t === 'term' ? `'${q.lexeme}'${q.prefix ? ':*' : ''}` : `( ${q.children.map(text).join(q.t === 'and' ? ' & ' : ' | ')} )`);
  const lexemesOf = (q: Q, into = new Set<string>()): Set<string> => {
    if (q.t === 'term') into.add(q.lexeme);
    else for (const c of q.children) lexemesOf(c, into);
    return into;
  };

  it('returns the same count, page, tiers and type facet as a full scoring and sort, on random corpora (fixed seeds)', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const rand = rng(seed);
      const pick = <T>(a: T[]) => a[Math.floor(rand() * a.length)];
      // words sharing prefixes (a prefix names several), few titles and dates (many ties reach titles and ids)
      const vocabulary = ['ab', 'abc', 'abd', 'abcd', 'b', 'ba', 'bab', 'c', 'cd', 'ce', 'd', 'e', 'ef', 'eg', 'f', 'g'];
      const docs = new Map<string, { lex: Map<string, [number, number]>; kind: string; published: number | null; title: string }>();
      const idx = new TenantIndex();
      const n = 50 + Math.floor(rand() * 400);
      for (let i = 0; i < n; i++) {
        const id = `d${Math.floor(rand() * n * 0.9)}`; // some ids come again: a replaced document
        const lex = new Map<string, [number, number]>();
        for (let j = 1 + Math.floor(rand() * 6); j > 0; j--) lex.set(pick(vocabulary), [Math.floor(rand() * 4), 1 + Math.floor(rand() * 7)]);
        const tsv = [...lex.entries()]
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([l, [w, tf]]) => `'${l}':${Array.from({ length: tf }, (_, p) => `${p + 1}${WEIGHTS[w] === 'D' ? '' : WEIGHTS[w]}`).join(',')}`)
          .join(' ');
        const d = { lex, kind: pick(['product', 'blog_post']), published: rand() < 0.5 ? null : Math.floor(rand() * 4), title: pick(['x', 'y', 'z']) };
        docs.set(id, d);
        idx.put(doc(id, tsv, { kind: d.kind, published: d.published, title: d.title }));
        if (rand() < 0.05) {
          const gone = `d${Math.floor(rand() * n * 0.9)}`;
          docs.delete(gone);
          idx.remove(gone);
        }
      }
      const term = (): Q => ({ t: 'term', lexeme: pick(vocabulary), prefix: rand() < 0.3 });
      const tree = (depth: number): Q =>
        depth === 0 || rand() < 0.35
          ? term()
          : { t: rand() < 0.5 ? 'and' : 'or', children: Array.from({ length: 2 + Math.floor(rand() * 2) }, () => tree(depth - 1)) };
      for (let round = 0; round < 25; round++) {
        const all = tree(2);
        // the words as typed: the query less some alternatives (an `or` keeps its first child)
        const strip = (q: Q): Q => (q.t === 'term' ? q : q.t === 'or' && rand() < 0.5 ? strip(q.children[0]) : { t: q.t, children: q.children.map(strip) });
        const exact = rand() < 0.5 ? strip(all) : null;
        const typed = exact ? lexemesOf(exact) : null;
        const score = (q: Q, lex: Map<string, [number, number]>, halfUntyped: boolean): number => {
          if (q.t === 'term') {
            const factor = halfUntyped && typed && !typed.has(q.lexeme) ? 0.5 : 1;
            let best = 0;
            for (const [l, [w, tf]] of lex)
              if (l === q.lexeme || (q.prefix && l.startsWith(q.lexeme))) best = Math.max(best, Math.fround(factor * SCORE[w] * (1 + 0.05 * (tf - 1))));
            return best;
          }
          const parts = q.children.map((c) => score(c, lex, halfUntyped));
          if (q.t === 'or') return Math.max(...parts);
          return parts.every((p) => p > 0) ? parts.reduce((a, b) => Math.fround(a + b)) : 0;
        };
        const types = rand() < 0.3 ? ['product'] : null;
        const expected = [...docs.entries()]
          .filter(([, d]) => !types || types.includes(d.kind))
          .map(([id, d]) => ({ id, d, s: score(all, d.lex, true), tier: exact && !(score(exact, d.lex, false) > 0) ? 1 : 0 }))
          .filter((m) => m.s > 0)
          .sort(
            (a, b) =>
              a.tier - b.tier ||
              b.s - a.s ||
              (b.d.published ?? -Infinity) - (a.d.published ?? -Infinity) ||
              (a.d.title < b.d.title ? -1 : a.d.title > b.d.title ? 1 : 0) ||
              (a.id < b.id ? -1 : 1),
          );
        const offset = Math.floor(rand() * 20);
        const limit = Math.floor(rand() * 15);
        const r = idx.search(parseTsquery(text(all)), exact ? parseTsquery(text(exact)) : null, { ...NO_FILTERS, types }, offset, limit, BUCKETS);
        const context = `seed ${seed}, query ${text(all)}${exact ? ` typed ${text(exact)}` : ''}, offset ${offset}, limit ${limit}`;
        expect([context, r.count]).toEqual([context, expected.length]);
        expect([context, r.page.map((p) => [p.id, p.tier])]).toEqual([context, expected.slice(offset, offset + limit).map((m) => [m.id, m.tier])]);
        const kinds = new Map<string, number>();
        for (const m of expected) kinds.set(m.d.kind, (kinds.get(m.d.kind) ?? 0) + 1);
        expect([context, Object.fromEntries(r.facets.type.map((t) => [t.value, t.count]))]).toEqual([context, Object.fromEntries(kinds)]);
      }
    }
  });
});
