/**
 * The in-memory search engine alone (subgraphs/search/src/services/memory-index.ts), without
 * PostgreSQL or HTTP: the bench corpus of scripts/bench-search.ts with tsvectors made here (words
 * lower-cased, title A, summary B, body C; no stemming), loaded into one TenantIndex, then the
 * bench's query kinds with typo alternatives from the index's own lexemes (the way the search
 * service expands them). Prints the load time, heap per document and CPU time per search.
 * `npm run bench:search-engine` (BENCH_SEARCH_DOCS, default 1,000,000; BENCH_SEARCH_REQUESTS per kind, 300).
 */
import { TenantIndex, parseTsquery, typoDistance } from '@svc/search';
import { QUERIES, corpus, unseenQueries } from './bench-search';

const WORD = /[a-z0-9]+/g;
const BUCKETS: Array<[number, number | null]> = [
  [0, 10],
  [10, 25],
  [25, 50],
  [50, 100],
  [100, 200],
  [200, 500],
  [500, null],
];

/** a tsvector text as PostgreSQL prints it: lexemes sorted, positions with weights */
function tsvector(fields: Array<[string, string]>): string {
  const at = new Map<string, string[]>();
  let pos = 1;
  for (const [text, weight] of fields)
    for (const w of text.toLowerCase().matchAll(WORD)) {
      const list = at.get(w[0]) ?? [];
      if (list.length < 8) list.push(`${pos}${weight}`);
      at.set(w[0], list);
      pos++;
    }
  return [...at.keys()]
    .sort()
    .map((l) => `'${l}':${at.get(l)!.join(',')}`)
    .join(' ');
}

const typoBudget = (n: number) => (n >= 9 ? 2 : n >= 5 ? 1 : 0);

/** the query's tsquery texts with typo alternatives from `lexemes`, the last word a prefix */
function expand(q: string, lexemes: string[]): { all: string; exact: string } {
  const words = q.toLowerCase().match(WORD) ?? [];
  const all: string[] = [];
  const exact: string[] = [];
  words.forEach((w, i) => {
    const last = i === words.length - 1;
    const budget = typoBudget(w.length);
    const alts = budget
      ? lexemes
          .filter((c) => c !== w && !(last && c.startsWith(w)))
          .map((c) => [c, Math.min(typoDistance(w, c, budget), last && c.length > w.length ? typoDistance(w, c.slice(0, w.length), budget) : 9)] as const)
          .filter(([, d]) => d <= budget)
          .sort((x, y) => x[1] - y[1] || (x[0] < y[0] ? -1 : 1))
          .slice(0, 8)
          .map(([c]) => `'${c}'`)
      : [];
    const typed = last ? `'${w}':*` : `'${w}'`;
    exact.push(typed);
    all.push(alts.length ? `( ${[typed, ...alts].join(' | ')} )` : typed);
  });
  return { all: all.join(' & '), exact: exact.join(' & ') };
}

/** the JavaScript heap and the typed arrays' buffers (held outside it) */
function heapAndBuffers(): number {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (n: number) => Math.round(n * 100) / 100;

function main() {
  const count = Number(process.env.BENCH_SEARCH_DOCS ?? 1_000_000);
  const perKind = Number(process.env.BENCH_SEARCH_REQUESTS ?? 300);
  global.gc?.();
  const empty = heapAndBuffers();
  const t0 = performance.now();
  const docs = corpus(count);
  const rows = docs.map((d) => ({
    id: d.id,
    kind: d.kind,
    locale: d.locale,
    locales: d.locales,
    primary: d.primary,
    categories: d.categories,
    collection: d.collection,
    destination: d.destination,
    prices: Object.fromEntries(Object.entries(d.prices).map(([c, p]) => [c, p.min])),
    published: d.published_at ? Date.parse(d.published_at) : null,
    title: d.title,
    labels: d.labels,
    tsv: tsvector([
      [`${d.title} ${d.title_extra}`, 'A'],
      [d.summary, 'B'],
      [d.body, 'C'],
    ]),
  }));
  docs.length = 0;
  process.stderr.write(`corpus of ${count} documents with tsvectors made in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
  const idx = new TenantIndex();
  const t1 = performance.now();
  const c1 = process.cpuUsage();
  for (const r of rows) idx.put(r);
  idx.compact();
  const loadCpu = process.cpuUsage(c1);
  const loadMs = performance.now() - t1;
  const lexemes = new Set<string>();
  for (const r of rows) for (const m of r.tsv.matchAll(/'([^']+)'/g)) lexemes.add(m[1]);
  rows.length = 0;
  // heap with the index (and the small vocabulary of the queries), less the heap before the corpus
  global.gc?.();
  const heap = heapAndBuffers() - empty;
  process.stdout.write(
    `load: ${count} documents, ${idx.postingCount} postings in ${(loadMs / 1000).toFixed(1)} s (CPU ${((loadCpu.user + loadCpu.system) / 1e6).toFixed(1)} s)\n`,
  );
  const vocabulary = [...lexemes].filter((l) => l.length >= 4);
  const kinds: Record<string, string[]> = { ...QUERIES, 'unseen two words with a typo': unseenQueries(perKind) };
  for (const [kind, list] of Object.entries(kinds)) {
    const times: number[] = [];
    let hits = 0;
    for (let i = 0; i < perKind; i++) {
      const [q, ...filters] = list[i % list.length].split('&');
      const f = { locales: null, types: null, categories: null, collections: null, destinations: null, currency: null, prices: null } as Parameters<
        TenantIndex['search']
      >[2];
      for (const p of filters) {
        const [k, v] = p.split('=');
        if (k === 'type') f.types = [...(f.types ?? []), v];
        if (k === 'category') f.categories = [...(f.categories ?? []), v];
        if (k === 'collection') f.collections = [...(f.collections ?? []), v];
        if (k === 'currency_code') f.currency = v;
        if (k === 'price') f.prices = [...(f.prices ?? []), v.split('-').map(Number) as [number, number]];
      }
      const e = expand(q, vocabulary);
      const started = process.cpuUsage();
      const r = idx.search(parseTsquery(e.all), e.all === e.exact ? null : parseTsquery(e.exact), f, 0, 20, BUCKETS);
      const used = process.cpuUsage(started);
      times.push((used.user + used.system) / 1000);
      hits += r.count;
    }
    times.sort((a, b) => a - b);
    process.stdout.write(
      `${kind}: CPU per search p50 ${ms(percentile(times, 50))} ms, p95 ${ms(percentile(times, 95))} ms (${Math.round(hits / perKind)} matches on average)\n`,
    );
  }
  const postings = idx.postingCount;
  process.stdout.write(
    `memory: heap and buffers ${Math.round(heap / 2 ** 20)} MB for the index, ${Math.round(heap / count)} B per document (${(postings / count).toFixed(1)} postings per document)` +
      `${global.gc ? '' : ' (run with --expose-gc for a settled figure)'}\n`,
  );
}

main();
