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
