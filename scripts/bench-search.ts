/**
 * Search benchmark: 100,000 synthetic documents (products, blog posts, pages; realistic titles,
 * summaries and bodies over a vocabulary of a few thousand words) written straight into a
 * tenant's index tables (tsvector and vocabulary made by PostgreSQL as the indexer makes them),
 * VACUUM ANALYZE, then typical queries through `GET /api/store/search` with a few connections:
 * one word, two words, a typo, a word with facet filters, and two words never asked before (a
 * typo in the second); p50/p95 per kind.
 *
 * - `benchSearch(...)` is called by scripts/bench.ts against its platform and tenant;
 * - `npm run bench:search` runs it alone: it starts scripts/bench-platform.ts with a small catalog.
 * Settings: BENCH_SEARCH_DOCS (100000), BENCH_SEARCH_REQUESTS per kind (300), BENCH_SEARCH_CONNECTIONS (4).
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { Client } from 'pg';
import type { Logger, Store } from '@svc/kit';
import { MemoryIndexes } from '@svc/search';
import { runStandalone } from './bench-standalone';

export interface SearchBenchKind {
  kind: string;
  requests: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  meanHits: number;
}

export interface SearchBenchReport {
  documents: number;
  words: number;
  loadMs: number;
  /** the in-memory copy's load (the platform's loader, run in this process): wall time, this process's CPU, and its heap per document */
  memory: { ms: number; cpuMs: number; waitedForRowsMs: number; indexingMs: number; bytesPerDocument: number };
  connections: number;
  kinds: SearchBenchKind[];
  problems: string[];
}

const NOUNS = [
  'shirt',
  't-shirt',
  'hoodie',
  'jacket',
  'sneakers',
  'boots',
  'scarf',
  'sweater',
  'dress',
  'jeans',
  'shorts',
  'backpack',
  'wallet',
  'belt',
  'cap',
  'beanie',
  'gloves',
  'socks',
  'blouse',
  'cardigan',
  'parka',
  'raincoat',
  'sandals',
  'loafers',
  'trousers',
  'skirt',
  'blazer',
  'vest',
  'poncho',
  'tote',
  'mug',
  'candle',
  'blanket',
  'cushion',
  'lamp',
  'vase',
  'notebook',
  'bottle',
  'umbrella',
  'sunglasses',
  'watch',
  'bracelet',
  'necklace',
  'earrings',
  'kettle',
];
const ADJECTIVES = [
  'classic',
  'organic',
  'lightweight',
  'vintage',
  'waterproof',
  'oversized',
  'slim',
  'relaxed',
  'premium',
  'essential',
  'everyday',
  'recycled',
  'handmade',
  'merino',
  'quilted',
  'insulated',
  'breathable',
  'stretch',
  'heavyweight',
  'cropped',
  'tailored',
  'minimal',
  'rugged',
  'soft',
  'warm',
  'durable',
  'elegant',
  'casual',
  'sporty',
  'technical',
  'seamless',
  'ribbed',
  'striped',
  'patterned',
  'washed',
  'brushed',
  'padded',
  'packable',
  'convertible',
  'reversible',
];
const MATERIALS = [
  'cotton',
  'linen',
  'wool',
  'leather',
  'suede',
  'denim',
  'fleece',
  'cashmere',
  'silk',
  'nylon',
  'canvas',
  'ceramic',
  'bamboo',
  'hemp',
  'corduroy',
];
const COLOURS = ['black', 'white', 'navy', 'olive', 'sand', 'grey', 'burgundy', 'forest', 'rust', 'cream', 'charcoal', 'mustard', 'sky', 'coral', 'indigo'];
const PLACES = ['berlin', 'paris', 'lisbon', 'vienna', 'copenhagen', 'amsterdam', 'barcelona', 'stockholm', 'florence', 'prague', 'edinburgh', 'budapest'];
const CATEGORIES = ['tops', 'bottoms', 'outerwear', 'shoes', 'accessories', 'home', 'bags', 'jewellery'];
const COLLECTIONS = ['spring', 'summer', 'autumn', 'winter', 'essentials', 'outdoor', 'studio', 'travel'];
const BODY = (
  'the a and for with in of to on your from that this our is it made designed every day all season comfort fit wear care wash cold gentle ' +
  'dry flat iron low heat perfect layer build quality fabric stitching pocket zip button collar sleeve hem length size true small medium large ' +
  'order ship free return days delivery gift wrap journey morning evening weekend city walk coffee market museum river street guide tips story ' +
  'maker workshop family tradition craft sustainable sourced responsibly certified farm mill dyed natural finish texture detail pattern print ' +
  'classic modern timeless durable simple honest fair price material blend feel touch soft warm cool breathable light heavy strong'
).split(' ');

/** a deterministic pseudo-random generator (the same corpus every run) */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** brand-like words: syllables (a vocabulary of a few thousand words beside the real ones) */
function brandWords(n: number, rand: () => number): string[] {
  const syl = ['ka', 'lo', 'ver', 'na', 'tis', 'mor', 'el', 'dan', 'ri', 'so', 'vik', 'ta', 'len', 'bor', 'mi', 'sen', 'gar', 'ul', 'fen', 'ro'];
  const out = new Set<string>();
  while (out.size < n) out.add(Array.from({ length: 2 + Math.floor(rand() * 2) }, () => syl[Math.floor(rand() * syl.length)]).join(''));
  return [...out];
}

interface Doc {
  id: string;
  kind: string;
  source_id: string;
  locale: string;
  locales: string[];
  primary: boolean;
  config: string;
  title: string;
  summary: string;
  body: string;
  title_extra: string;
  handle: string;
  thumbnail: null;
  categories: string[];
  collection: string | null;
  product_type: string | null;
  tags: string[];
  destination: null;
  prices: Record<string, { min: number; max: number }>;
  labels: Record<string, string>;
  published_at: string | null;
}

export function corpus(count: number): Doc[] {
  const rand = rng(42);
  const pick = <T>(a: T[]) => a[Math.floor(rand() * a.length)];
  // a few words are frequent, most are rare (Zipf-like)
  const zipf = <T>(a: T[]) => a[Math.floor(a.length * rand() ** 2.5)];
  const brands = brandWords(3000, rand);
  const docs: Doc[] = [];
  for (let i = 0; i < count; i++) {
    const r = rand();
    const kind = r < 0.75 ? 'product' : r < 0.95 ? 'blog_post' : 'page';
    const words = (n: number) =>
      Array.from({ length: n }, () => (rand() < 0.15 ? zipf(brands) : rand() < 0.2 ? pick([...NOUNS, ...ADJECTIVES, ...MATERIALS]) : zipf(BODY))).join(' ');
    let title: string;
    let summary: string;
    if (kind === 'product') {
      title = `${pick(brands)} ${pick(ADJECTIVES)} ${pick(MATERIALS)} ${pick(NOUNS)}`.replace(/^./, (c) => c.toUpperCase());
      summary = `${pick(COLOURS)} · ${pick(ADJECTIVES)} ${pick(NOUNS)}`;
    } else {
      title =
        `${pick(['A weekend in', 'How to care for', 'Ten ideas for', 'The story of', 'Packing for'])} ${pick([...PLACES, ...NOUNS])} ${kind === 'page' ? '' : pick(brands)}`.trim();
      summary = words(20);
    }
    const body = words(kind === 'product' ? 40 : 150);
    const eur = Math.round((5 + rand() ** 2 * 600) * 100) / 100;
    const category = pick(CATEGORIES);
    const collection = rand() < 0.6 ? pick(COLLECTIONS) : null;
    docs.push({
      id: `sdoc_bench${String(i).padStart(21, '0')}`,
      kind,
      source_id: `bench_${i}`,
      locale: kind === 'product' ? '' : 'en',
      locales: [kind === 'product' ? '' : 'en'],
      primary: true,
      config: kind === 'product' ? 'search.simple' : 'search.english',
      title,
      summary,
      body,
      title_extra: title.includes('t-shirt') ? 'tshirt' : '',
      handle: `bench-${i}`,
      thumbnail: null,
      categories: kind === 'page' ? [] : [category],
      collection: kind === 'product' ? collection : null,
      product_type: kind === 'product' ? pick(NOUNS) : null,
      tags: [pick(COLOURS)],
      destination: null,
      prices:
        kind === 'product'
          ? {
              eur: { min: eur, max: Math.round(eur * 1.2 * 100) / 100 },
              usd: { min: Math.round(eur * 1.1 * 100) / 100, max: Math.round(eur * 1.3 * 100) / 100 },
            }
          : {},
      labels: { [`category:${category}`]: category[0].toUpperCase() + category.slice(1), ...(collection ? { [`collection:${collection}`]: collection } : {}) },
      published_at: kind === 'product' ? null : new Date(Date.UTC(2025, 0, 1) + Math.floor(rand() * 600) * 86_400_000).toISOString(),
    });
  }
  return docs;
}

const COLUMNS = `kind text, source_id text, locale text, locales text[], "primary" boolean, config text, title text, summary text, body text,
  title_extra text, handle text, thumbnail text, categories text[], collection text, product_type text, tags text[], destination text,
  prices jsonb, labels jsonb, published_at timestamptz, id text`;

/** Writes the corpus into the tenant's index the way the indexer does (replacing the tenant's index). */
async function load(databaseUrl: string, tenantId: string, count: number): Promise<{ words: number }> {
  const c = new Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    await c.query(`delete from search.search_document where tenant_id = $1`, [tenantId]);
    await c.query(`delete from search.search_vocabulary where tenant_id = $1`, [tenantId]);
    const docs = corpus(count);
    for (let i = 0; i < docs.length; i += 2000) {
      await c.query(
        `insert into search.search_document (id, tenant_id, kind, source_id, locale, locales, "primary", config, title, summary, body, handle,
           thumbnail, categories, collection, product_type, tags, destination, prices, labels, published_at, indexed_at, tsv)
         select r.id, $1, r.kind, r.source_id, r.locale, r.locales, r."primary", r.config, r.title, r.summary, r.body, r.handle, r.thumbnail,
           r.categories, r.collection, r.product_type, r.tags, r.destination, r.prices, r.labels, r.published_at, now(),
           setweight(to_tsvector(r.config::regconfig, r.title || ' ' || r.title_extra), 'A')
             || setweight(to_tsvector(r.config::regconfig, r.summary), 'B') || setweight(to_tsvector(r.config::regconfig, r.body), 'C')
         from jsonb_to_recordset($2::jsonb) as r(${COLUMNS})`,
        [tenantId, JSON.stringify(docs.slice(i, i + 2000))],
      );
    }
    await c.query(
      `insert into search.search_vocabulary (tenant_id, word)
       select distinct $1::text, w from search.search_document d, regexp_split_to_table(lower(unaccent(d.title || ' ' || d.summary || ' ' || d.body)), '[^[:alnum:]]+') w
       where d.tenant_id = $1 and length(w) between 4 and 60 and w !~ '[0-9]' on conflict do nothing`,
      [tenantId],
    );
    await c.query(
      `insert into search.search_index_state (id, tenant_id, last_indexed_at, last_rebuilt_at, configs) values ('sidx_' || left(md5($1), 26), $1, now(), now(), '{search.simple,search.english}')
       on conflict (tenant_id) do update set configs = '{search.simple,search.english}', last_indexed_at = now()`,
      [tenantId],
    );
    await c.query('vacuum analyze search.search_document');
    await c.query('vacuum analyze search.search_vocabulary');
    const w = await c.query(`select count(*)::int as n from search.search_vocabulary where tenant_id = $1`, [tenantId]);
    return { words: w.rows[0].n };
  } finally {
    await c.end();
  }
}

/** the JavaScript heap and the typed arrays' buffers (held outside it) */
function heapAndBuffers(): number {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

/**
 * The tenant's in-memory copy loaded as a platform process loads it (the search domain's loader
 * over a plain connection, in this process): how long, how much of it waiting for PostgreSQL's
 * rows, and the heap it holds per document (after a full garbage collection).
 */
async function memoryLoad(databaseUrl: string, tenantId: string, documents: number): Promise<SearchBenchReport['memory']> {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  const c = new Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const store = {
      table: (name: string) => `"search"."${name}"`,
      sql: async (_ctx: unknown, text: string, params: unknown[] = []) => {
        let i = 0;
        return (
          await c.query(
            text.replace(/\?/g, () => `$${++i}`),
            params,
          )
        ).rows;
      },
    } as unknown as Store;
    let loaded: Record<string, number> = {};
    const log = { info: (o: Record<string, number>) => (loaded = o), warn: (_o: unknown, m: string) => process.stderr.write(`${m}\n`) } as unknown as Logger;
    const state = await c.query(`select last_indexed_at::text as version from search.search_index_state where tenant_id = $1`, [tenantId]);
    gc();
    const heapBefore = heapAndBuffers();
    const started = Date.now();
    const cpu = process.cpuUsage();
    const memory = new MemoryIndexes(store, documents * 2, log);
    await memory.get(tenantId, { version: state.rows[0].version, rebuilt: 0 });
    while (memory.held(tenantId) === null) await new Promise((r) => setTimeout(r, 50));
    const ms = Date.now() - started;
    const used = process.cpuUsage(cpu);
    gc();
    const bytes = heapAndBuffers() - heapBefore;
    return {
      ms,
      cpuMs: Math.round((used.user + used.system) / 1000),
      waitedForRowsMs: loaded.waitedForRowsMs ?? 0,
      indexingMs: loaded.indexingMs ?? 0,
      bytesPerDocument: Math.round(bytes / documents),
    };
  } finally {
    await c.end();
  }
}

/** typical storefront queries, a few of each kind (chosen at random per request) */
export const QUERIES: Record<string, string[]> = {
  'one word': ['jacket', 'organic', 'sneakers', 'merino', 'hoodie', 'leather', 'berlin', 'waterproof', 'cashmere', 'backpack', 'linen', 'candle'],
  'two words': [
    'leather boots',
    'organic cotton',
    'wool scarf',
    'waterproof jacket',
    'linen shirt',
    'ceramic mug',
    'weekend berlin',
    'denim jeans',
    'silk dress',
    'canvas tote',
  ],
  typo: ['jakcet', 'snekers', 'organik', 'hoodei', 'waterprof', 'cashmire', 'backpak', 'berln', 'lightwieght', 'sweatr'],
  'word + facet filters': [
    'jacket&type=product&category=outerwear',
    'cotton&currency_code=eur&price=25-50',
    'shirt&collection=summer',
    'wool&type=product&currency_code=eur&price=50-100&price=100-200',
    'berlin&type=blog_post',
    'leather&category=shoes&category=bags',
  ],
};

/**
 * Queries no request asked before (so nothing prepared for an earlier one helps): an adjective
 * and a brand word of the corpus with two neighbouring letters swapped.
 */
export function unseenQueries(count: number): string[] {
  const rand = rng(7);
  const brands = brandWords(3000, rng(42)).filter((b) => b.length >= 5);
  const out = new Set<string>();
  while (out.size < count) {
    const b = brands[Math.floor(rand() * brands.length)];
    const i = 1 + Math.floor(rand() * (b.length - 2));
    out.add(`${ADJECTIVES[Math.floor(rand() * ADJECTIVES.length)]} ${b.slice(0, i)}${b[i + 1]}${b[i]}${b.slice(i + 2)}`);
  }
  return [...out];
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0);
const round = (n: number) => Math.round(n * 10) / 10;

export async function benchSearch(o: {
  url: string;
  databaseUrl: string;
  tenantId: string;
  publishableKey: string;
  log?: (m: string) => void;
}): Promise<SearchBenchReport> {
  const log = o.log ?? ((m: string) => process.stderr.write(`${m}\n`));
  const count = Number(process.env.BENCH_SEARCH_DOCS ?? 100_000);
  const perKind = Number(process.env.BENCH_SEARCH_REQUESTS ?? 300);
  const connections = Number(process.env.BENCH_SEARCH_CONNECTIONS ?? 4);
  if (new URL(o.url).hostname !== '127.0.0.1') throw new Error(`refusing to send load to ${o.url}: only 127.0.0.1 is allowed`);
  log(`  search: writing ${count} synthetic documents into the index of tenant ${o.tenantId} ...`);
  const t0 = Date.now();
  const { words } = await load(o.databaseUrl, o.tenantId, count);
  const loadMs = Date.now() - t0;
  log(`  search: ${count} documents, ${words} vocabulary words, written and analyzed in ${(loadMs / 1000).toFixed(1)} s`);
  const memory = await memoryLoad(o.databaseUrl, o.tenantId, count);
  log(
    `  search: the in-memory copy loads in ${(memory.ms / 1000).toFixed(1)} s (${(memory.cpuMs / 1000).toFixed(1)} s CPU of the loading process; ` +
      `${(memory.waitedForRowsMs / 1000).toFixed(1)} s waiting for rows, ${(memory.indexingMs / 1000).toFixed(1)} s indexing them) and holds ${memory.bytesPerDocument} B of heap per document`,
  );
  const problems: string[] = [];
  const kinds: SearchBenchKind[] = [];
  const get = async (q: string) => {
    const started = performance.now();
    const r = await fetch(`${o.url}/api/store/search?q=${q.replace(/ /g, '%20')}&limit=20`, { headers: { 'x-publishable-api-key': o.publishableKey } });
    const body = (await r.json()) as { hits?: unknown[]; count?: number };
    const ms = performance.now() - started;
    if (r.status !== 200) problems.push(`search "${q}": status ${r.status} ${JSON.stringify(body).slice(0, 200)}`);
    return { ms, hits: body.count ?? 0 };
  };
  // warm-up: every query once (and each must find something)
  for (const list of Object.values(QUERIES)) for (const q of list) if (!(await get(q)).hits) problems.push(`search "${q}" found nothing`);
  const queries = { ...QUERIES, 'unseen two words with a typo': unseenQueries(perKind) };
  for (const [kind, list] of Object.entries(queries)) {
    const latencies: number[] = [];
    let hits = 0;
    let next = 0;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (next < perKind) {
          const i = next++;
          const r = await get(list[i % list.length]);
          latencies.push(r.ms);
          hits += r.hits;
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    const row = {
      kind,
      requests: latencies.length,
      p50Ms: round(percentile(latencies, 50)),
      p95Ms: round(percentile(latencies, 95)),
      p99Ms: round(percentile(latencies, 99)),
      meanHits: Math.round(hits / latencies.length),
    };
    kinds.push(row);
    log(`  search ${kind}: p50 ${row.p50Ms} ms, p95 ${row.p95Ms} ms, p99 ${row.p99Ms} ms (${row.requests} requests, ${row.meanHits} matches on average)`);
  }
  return { documents: count, words, loadMs, memory, connections, kinds, problems };
}

export function searchBenchLines(r: SearchBenchReport): string[] {
  return [
    `search (${r.documents} documents, ${r.words} vocabulary words, ${r.connections} connections, GET /api/store/search, limit 20):`,
    `  in-memory copy loaded in ${(r.memory.ms / 1000).toFixed(1)} s (${(r.memory.waitedForRowsMs / 1000).toFixed(1)} s waiting for rows), ${r.memory.bytesPerDocument} B heap per document`,
    `  ${r.kinds.map((k) => `${k.kind} p50 ${k.p50Ms} ms / p95 ${k.p95Ms} ms`).join('; ')}`,
  ];
}

if (require.main === module) {
  // `npm run bench:search`: a platform of its own with a small catalog, then the search bench
  runStandalone('bench:search', async (ready) => {
    if (process.env.BENCH_SEARCH_HOLD) {
      // development aid: load, then keep the platform up for EXPLAIN ANALYZE (Ctrl-C stops it)
      await load(ready.databaseUrl, ready.tenantId, Number(process.env.BENCH_SEARCH_DOCS ?? 100_000));
      process.stdout.write(`${JSON.stringify(ready)}\n`);
      await new Promise((r) => process.once('SIGINT', r));
      return null;
    }
    const report = await benchSearch(ready);
    return { lines: searchBenchLines(report), problems: report.problems };
  });
}
