import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { Store, systemContext } from '@svc/kit';
import { catalogEvents } from '@svc/catalog';
import { contentEvents } from '@svc/content';
import type { TenantCredentials } from '@svc/identity';
import { MemoryIndexes, SearchService, domain, type SearchServices } from '@svc/search';
import { startTestPlatform, type TestPlatform } from './platform';
import { waitFor as waitUntil } from './wait';

const waitFor = <T>(what: string, fn: () => Promise<T | undefined | null | false>) => waitUntil(what, fn, 30_000, 100);

const BERLIN = {
  id: 'post_berlin',
  slug: 'a-weekend-in-berlin',
  published_at: '2026-10-01T10:00:00.000Z',
  categories: ['travel'],
  tags: ['city-guide'],
  image_url: null,
  variants: [
    {
      locale: 'en',
      title: 'A weekend in Berlin',
      summary: 'Where to eat and stay in Berlin',
      text: 'Museums, cafés and the remains of the wall: two days in the capital.',
    },
    {
      locale: 'de',
      title: 'Ein Wochenende in Berlin',
      summary: 'Essen und Schlafen in Berlin',
      text: 'Museen, Cafés und die Mauer: zwei Tage in der Hauptstadt.',
    },
  ],
};
const SHIPPING = {
  id: 'page_shipping',
  slug: 'shipping-and-returns',
  published_at: '2026-09-01T10:00:00.000Z',
  categories: [],
  tags: [],
  image_url: null,
  variants: [{ locale: 'en', title: 'Shipping and returns', summary: 'How we deliver', text: 'We ship within two days. Returns are free for thirty days.' }],
};

/**
 * The search suite, run once per engine (test/e2e/search.test.ts and search-sql.test.ts): `memory`
 * answers from the in-memory copy of the index (the default), `sql` with SEARCH_MEMORY_DOCS=0
 * from PostgreSQL alone. Both must pass every expectation.
 */
export function searchSuite(engine: 'memory' | 'sql'): void {
  describe(`search (${engine}): typo-tolerant faceted search over products, blog posts and pages`, () => {
    let p: TestPlatform;
    let sql: Client;
    let shop: TenantCredentials;
    let other: TenantCredentials;
    let admin: string;
    const ids: Record<string, string> = {};

    const search = (query: string, key = shop.publishable_key) => p.api('GET', `/store/search${query}`, { key });
    const titles = async (query: string, key?: string): Promise<string[]> => {
      const r = await search(query, key);
      expect(r.status).toBe(200);
      return r.body.hits.map((h: any) => h.title);
    };
    const run = async (query: string, variables: Record<string, unknown>, token = admin): Promise<any> => {
      const r = await p.graphql(query, variables, { token });
      if (r.body?.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(r.body.errors)}`);
      return r.body.data;
    };
    const product = async (input: Record<string, unknown>, token = admin) =>
      (await run(`mutation($input: CreateProductInput!) { createProduct(input: $input) { id } }`, { input: { status: 'published', ...input } }, token))
        .createProduct.id as string;
    const updateProduct = (id: string, input: Record<string, unknown>) =>
      run(`mutation($id: String!, $input: UpdateProductInput!) { updateProduct(id: $id, input: $input) { id } }`, { id, input });
    /** emits content's events the way content will: in a unit of work of the content domain */
    const emitContent = async (tenantId: string, type: any, data: unknown) => {
      const store = new Store(p.subgraphs.content.orm);
      await store.transaction(systemContext(p.log, tenantId, 'content-test'), async (em, tx) => contentEvents.emit(em, tx, type, data as never));
    };
    const indexed = async (tenantId: string) =>
      Number((await sql.query(`select count(distinct source_id)::int as n from search.search_document where tenant_id = $1`, [tenantId])).rows[0].n);

    beforeAll(async () => {
      p = await startTestPlatform({ env: engine === 'sql' ? { SEARCH_MEMORY_DOCS: '0' } : {} });
      sql = new Client({ connectionString: p.dbUrl });
      await sql.connect();
      shop = await p.createTenant();
      other = await p.createTenant();
      admin = await p.adminToken(shop);
      const tops = (await run(`mutation { createProductCategory(input: { name: "Tops", handle: "tops" }) { id } }`, {})).createProductCategory.id;
      const shoes = (await run(`mutation { createProductCategory(input: { name: "Shoes", handle: "shoes" }) { id } }`, {})).createProductCategory.id;
      const summer = (await run(`mutation { createCollection(input: { title: "Summer", handle: "summer" }) { id } }`, {})).createCollection.id;
      const price = (eur: number) => [
        {
          title: 'Default',
          sku: null,
          prices: [
            { currency_code: 'eur', amount: eur },
            { currency_code: 'usd', amount: eur + 5 },
          ],
        },
      ];
      ids.tshirt = await product({
        title: 'Classic T-Shirt',
        subtitle: 'Organic cotton crew neck',
        type: 'Shirts',
        tags: ['cotton'],
        collection_id: summer,
        category_ids: [tops],
        variants: [{ title: 'M', sku: 'TSH-CL-M', prices: [{ currency_code: 'eur', amount: 25 }] }],
      });
      ids.sneakers = await product({
        title: 'Running Sneakers',
        description: 'Lightweight sneakers for road running',
        category_ids: [shoes],
        variants: price(89),
      });
      ids.hoodie = await product({ title: 'Zip Hoodie', description: 'Warm fleece for cold evenings', category_ids: [tops], variants: price(59) });
      ids.mug = await product({ title: 'Café Crème Mug', description: 'A ceramic mug for your morning coffee', variants: price(12) });
      ids.jacket = await product({
        title: 'Cafe Racer Jacket',
        description: 'Leather jacket with a short collar',
        collection_id: summer,
        variants: price(249),
      });
      // plain text (markup is refused by the kit's rule) that still needs escaping: a lone < and &
      ids.bold = await product({ title: 'Bold <3 & Co Tote', description: 'A tote bag for a < b "quoted"', variants: price(30) });
      ids.scarf = await product({ title: 'Wool Scarf', description: 'Merino wool', variants: price(35) });
      await emitContent(shop.tenant_id, 'blog_post.published', BERLIN);
      await emitContent(shop.tenant_id, 'page.published', SHIPPING);
      // another tenant with look-alike documents
      const otherAdmin = await p.adminToken(other);
      ids.otherShirt = await product({ title: 'Other Classic T-Shirt', category_ids: [], variants: price(20) }, otherAdmin);
      await emitContent(other.tenant_id, 'blog_post.published', {
        ...BERLIN,
        id: 'post_other',
        slug: 'berlin-nights',
        variants: [{ locale: 'en', title: 'Berlin nights', summary: 'Clubs', text: 'Berlin after dark.' }],
      });
      await waitFor('the first documents indexed', async () => (await indexed(shop.tenant_id)) === 9 && (await indexed(other.tenant_id)) === 2);
    }, 120_000);
    afterAll(async () => {
      await sql?.end();
      await p?.stop();
    });

    it('finds words with typos and prefixes (Meilisearch-like rules)', async () => {
      expect((await titles('?q=tshrit'))[0]).toBe('Classic T-Shirt');
      expect((await titles('?q=berln'))[0]).toBe('A weekend in Berlin');
      expect((await titles('?q=snekers'))[0]).toBe('Running Sneakers');
      expect((await titles('?q=hood'))[0]).toBe('Zip Hoodie');
      expect(await titles('?q=t-shirt')).toEqual(['Classic T-Shirt']);
      // 4-letter words allow no typo: "wool" does not find "wood", "shp" nothing
      expect(await titles('?q=woop')).toEqual([]);
      // two typos only from 9 letters: "lightwieght" (11, one swap) finds, "sneekrs" (7, two typos) does not
      expect(await titles('?q=lightwieght')).toEqual(['Running Sneakers']);
      expect(await titles('?q=sneekrs')).toEqual([]);
      const r = await search('?q=snekers');
      expect(r.body.hits[0]).toMatchObject({ id: ids.sneakers, type: 'product', typo: true });
      expect(r.body.words).toEqual(['snekers']);
    });

    it('matches every word of multi-word queries, ranking title matches and exact matches first', async () => {
      expect(await titles('?q=leather jacket')).toEqual(['Cafe Racer Jacket']);
      expect(await titles('?q=classic shirt')).toEqual(['Classic T-Shirt']);
      expect(await titles('?q=running sneakers')).toEqual(['Running Sneakers']);
      expect(await titles('?q=berlin museums')).toEqual(['A weekend in Berlin']);
      // "wool" in the title of the scarf, in nothing else
      expect(await titles('?q=wool')).toEqual(['Wool Scarf']);
    });

    it('ignores accents: cafe and café find the same documents', async () => {
      const plain = await titles('?q=cafe');
      const accented = await titles('?q=café');
      // the two titles first, then the post that mentions "cafés" (English stemming) in its body
      expect(plain.slice(0, 2).sort()).toEqual(['Cafe Racer Jacket', 'Café Crème Mug'].sort());
      expect(plain[2]).toBe('A weekend in Berlin');
      expect(plain).toHaveLength(3);
      expect(accented).toEqual(plain);
      expect((await titles('?q=creme'))[0]).toBe('Café Crème Mug');
    });

    it('highlights matched words in <mark> and escapes everything else', async () => {
      const r = await search('?q=hoodie');
      expect(r.body.hits[0].highlight.title).toBe('Zip <mark>Hoodie</mark>');
      const bold = await search('?q=tote');
      const hit = bold.body.hits[0];
      expect(hit.id).toBe(ids.bold);
      expect(hit.highlight.title).toBe('Bold &lt;3 &amp; Co <mark>Tote</mark>');
      expect(hit.highlight.snippet).not.toMatch(/<(?!\/?mark>)/);
      expect(hit.highlight.snippet).toContain('a &lt; b');
      const berlin = (await search('?q=museums')).body.hits[0];
      expect(berlin.highlight.snippet).toContain('<mark>Museums</mark>');
    });

    it('counts facets over the matches and filters by them', async () => {
      const all = await search('?limit=0&currency_code=eur');
      expect(all.status).toBe(200);
      expect(all.body).toMatchObject({ count: 9, hits: [], limit: 0 });
      expect(all.body.facets.type).toEqual([
        { value: 'product', label: null, count: 7 },
        { value: 'blog_post', label: null, count: 1 },
        { value: 'page', label: null, count: 1 },
      ]);
      expect(all.body.facets.category).toEqual([
        { value: 'tops', label: 'Tops', count: 2 },
        { value: 'shoes', label: 'Shoes', count: 1 },
        { value: 'travel', label: 'travel', count: 1 },
      ]);
      expect(all.body.facets.collection).toEqual([{ value: 'summer', label: 'Summer', count: 2 }]);
      expect(all.body.facets.price).toEqual([
        { key: '10-25', min: 10, max: 25, count: 1 },
        { key: '25-50', min: 25, max: 50, count: 3 },
        { key: '50-100', min: 50, max: 100, count: 2 },
        { key: '200-500', min: 200, max: 500, count: 1 },
      ]);
      expect(await titles('?type=page')).toEqual(['Shipping and returns']);
      expect((await titles('?category=tops')).sort()).toEqual(['Classic T-Shirt', 'Zip Hoodie']);
      expect(await titles('?q=cafe&collection=summer')).toEqual(['Cafe Racer Jacket']);
      expect(await titles('?q=cafe&type=blog_post')).toEqual(['A weekend in Berlin']);
      expect((await titles('?currency_code=eur&price=0-25&price=200-')).sort()).toEqual(['Cafe Racer Jacket', 'Café Crème Mug']);
      const usd = await search('?q=sneakers&currency_code=usd');
      expect(usd.body.hits[0]).toMatchObject({
        price: 94,
        prices: [
          { currency_code: 'eur', min: 89, max: 89 },
          { currency_code: 'usd', min: 94, max: 94 },
        ],
      });
      // facets follow the query
      const q = await search('?q=cafe&type=product');
      expect(q.body.facets.type).toEqual([{ value: 'product', label: null, count: 2 }]);
      expect(q.body.facets.category).toEqual([]);
      expect(q.body.facets.price).toEqual([]);
    });

    it('paginates: limit and offset over one ranking, count of all matches', async () => {
      const first = await search('?limit=4');
      const second = await search('?limit=4&offset=4');
      const third = await search('?limit=4&offset=8');
      expect([first.body.count, second.body.count, third.body.count]).toEqual([9, 9, 9]);
      expect([first.body.hits.length, second.body.hits.length, third.body.hits.length]).toEqual([4, 4, 1]);
      const seen = [...first.body.hits, ...second.body.hits, ...third.body.hits].map((h: any) => h.id);
      expect(new Set(seen).size).toBe(9);
      expect(first.body).toMatchObject({ offset: 0, limit: 4 });
    });

    if (engine === 'memory') {
      it('answers from the in-memory copy with the matches, counts and facets SQL gives', async () => {
        const services = p.services<SearchServices>('search');
        await waitFor(
          'the in-memory copy of the index',
          async () => (await search('?q=shirt')).status === 200 && services.memory.held(shop.tenant_id) !== null,
        );
        expect(services.memory.held(shop.tenant_id)).toBe(10); // 9 documents, the post in two locales
        const sqlOnly = new SearchService(services.store, services.index, new MemoryIndexes(services.store, 0, p.log));
        const ctx = systemContext(p.log, shop.tenant_id, 'search-parity');
        const cases: Array<Record<string, unknown>> = [
          {},
          { q: 'cafe' },
          { q: 'tshrit' },
          { q: 'leather jacket' },
          { q: 'c' },
          { q: 'berlin', locale: 'de' },
          { q: 'hauptstadt', locale: 'de-AT' },
          { currency_code: 'eur' },
          { category: ['tops'] },
          { currency_code: 'eur', price: ['25-50', '200-'] },
          { type: ['page', 'blog_post'] },
          { q: 'sneakers', currency_code: 'usd' },
          { q: 'the' },
          { collection: ['summer'], q: 'cafe' },
          { locale: 'fr' },
        ];
        for (const c of cases) {
          const [mem, db] = [await services.search.search(ctx, { limit: 100, ...c }), await sqlOnly.search(ctx, { limit: 100, ...c })];
          const view = (r: typeof mem) => ({ count: r.count, facets: r.facets, ids: r.hits.map((h) => `${h.id}:${h.locale}:${h.typo}:${h.price}`).sort() });
          expect({ case: c, ...view(mem) }).toEqual({ case: c, ...view(db) });
        }
      });

      it('keeps the copy of another instance current: writes by the indexer, removals through the removal log', async () => {
        const services = p.services<SearchServices>('search');
        const memory = new MemoryIndexes(services.store, 10_000, p.log);
        const second = new SearchService(services.store, services.index, memory);
        const ctx = systemContext(p.log, shop.tenant_id, 'search-second-instance');
        await waitFor('the second copy', async () => (await second.search(ctx, { q: 'sneakers' })) && memory.held(shop.tenant_id) !== null);
        expect((await second.search(ctx, { q: 'sneakers' })).hits.map((h) => h.id)).toEqual([ids.sneakers]);
        await services.index.remove(ctx, 'product', [ids.sneakers]);
        const gone = await second.search(ctx, { q: 'sneakers', limit: 0 });
        expect([gone.count, gone.facets.type]).toEqual([0, []]);
        await services.index.indexProduct(ctx, ids.sneakers);
        expect((await second.search(ctx, { q: 'snekers' })).hits.map((h) => [h.id, h.typo])).toEqual([[ids.sneakers, true]]);
        expect(memory.held(shop.tenant_id)).toBe(10);
      });
    }

    it('shows the requested locale variant of content', async () => {
      const de = await search('?q=berlin&locale=de');
      expect(de.body.hits.map((h: any) => [h.title, h.locale])).toEqual([['Ein Wochenende in Berlin', 'de']]);
      expect(await titles('?q=hauptstadt&locale=de')).toEqual(['Ein Wochenende in Berlin']);
      // a locale without a variant falls back to the first one
      expect((await search('?q=berlin&locale=fr')).body.hits[0]).toMatchObject({ title: 'A weekend in Berlin', locale: 'en' });
      // the English variant is not searched in German
      expect(await titles('?q=hauptstadt')).toEqual([]);
    });

    it("never returns or counts another tenant's documents", async () => {
      expect(await titles('?q=classic')).toEqual(['Classic T-Shirt']);
      expect(await titles('?q=classic', other.publishable_key)).toEqual(['Other Classic T-Shirt']);
      expect(await titles('?q=nights')).toEqual([]);
      const theirs = await search('?limit=0', other.publishable_key);
      expect(theirs.body.count).toBe(2);
      expect(theirs.body.facets.type).toEqual([
        { value: 'blog_post', label: null, count: 1 },
        { value: 'product', label: null, count: 1 },
      ]);
      expect((await search('?limit=0')).body.count).toBe(9);
    });

    it('answers 400 for bad input, never 500, and 401 without a publishable key', async () => {
      const bad = [
        '?limit=-1',
        '?limit=abc',
        '?offset=-1',
        '?offset=99999',
        `?q=${'a'.repeat(201)}`,
        '?colour=red',
        '?type=movie',
        '?price=0-25',
        '?currency_code=eur&price=cheap',
        '?locale=<script>',
        '?currency_code=euro',
      ];
      for (const q of bad) {
        const r = await search(q);
        expect(`${q.slice(0, 40)} -> ${r.status}`).toBe(`${q.slice(0, 40)} -> 400`);
        expect(r.body).toMatchObject({ type: 'validation_error' });
        expect(typeof r.body.code).toBe('string');
        expect(typeof r.body.message).toBe('string');
      }
      // a limit over 100 is clamped, as on every list of the platform, and the applied one echoed
      const clamped = await search('?limit=1000');
      expect([clamped.status, clamped.body.limit, clamped.body.hits.length]).toEqual([200, 100, 9]);
      // an empty query (or one without letters) lists every document
      for (const q of ['?q=', '?q=%20%20', '?q=%21%3F']) {
        const r = await search(q);
        expect(`${q} -> ${r.status} ${r.body.count}`).toBe(`${q} -> 200 9`);
      }
      // odd but valid queries
      for (const q of [
        "?q=it's",
        '?q=a%20b%20c%20d%20e%20f%20g%20h%20i%20j%20k%20l%20m',
        '?q=%E2%80%94%E2%80%94',
        "?q=')%20or%201=1--",
        '?q=a:*|b%26c!',
        '?q=%F0%9F%98%80',
      ]) {
        const r = await search(q);
        expect(`${q} -> ${r.status}`).toBe(`${q} -> 200`);
      }
      const anonymous = await p.api('GET', '/store/search?q=shirt');
      expect(anonymous.status).toBe(401);
    });

    it('keeps products current: a change is searchable after product.updated; unpublished and deleted products leave', async () => {
      await updateProduct(ids.hoodie, { title: 'Zip Hoodie Aurora' });
      await waitFor('the renamed hoodie', async () => (await titles('?q=aurora')).includes('Zip Hoodie Aurora'));
      await updateProduct(ids.scarf, { status: 'draft' });
      await waitFor('the unpublished scarf to leave', async () => (await titles('?q=wool')).length === 0);
      // a product deleted in the catalog (soft delete) leaves on its next event
      await sql.query(`update catalog.product set deleted_at = now() where id = $1`, [ids.mug]);
      const store = new Store(p.subgraphs.catalog.orm);
      await store.transaction(systemContext(p.log, shop.tenant_id, 'catalog-test'), async (em, tx) =>
        catalogEvents.emit(em, tx, 'product.updated', { id: ids.mug }),
      );
      await waitFor('the deleted mug to leave', async () => (await titles('?q=mug')).length === 0);
      expect(await titles('?q=cafe&type=product')).toEqual(['Cafe Racer Jacket']);
    });

    it('removes unpublished content and re-indexes updated content', async () => {
      await emitContent(shop.tenant_id, 'page.updated', { ...SHIPPING, variants: [{ ...SHIPPING.variants[0], title: 'Delivery and returns' }] });
      await waitFor('the renamed page', async () => (await titles('?q=delivery')).includes('Delivery and returns'));
      await emitContent(shop.tenant_id, 'page.unpublished', { id: SHIPPING.id });
      await waitFor('the unpublished page to leave', async () => (await titles('?type=page')).length === 0);
    });

    it('reports the index and rebuilds it (admin GraphQL), refusing non-admins', async () => {
      await sql.query(`delete from search.search_document where tenant_id = $1 and kind = 'product'`, [shop.tenant_id]);
      expect(await titles('?q=sneakers')).toEqual([]);
      // a real post in the content domain: the rebuild reads it through content's operator query, and
      // drops the documents the test emitted events for but content never had
      const post = (
        await run(`mutation($input: CreateBlogPostInput!) { createBlogPost(input: $input) { id } }`, {
          input: { slug: 'indigo-dye-workshop', variants: [{ locale: 'en', title: 'Indigo dye workshop', body: 'Dip, oxidise, repeat.' }] },
        })
      ).createBlogPost;
      await run(`mutation($id: String!) { publishBlogPost(id: $id) { id } }`, { id: post.id });
      const rebuilt = (await run(`mutation { rebuildSearchIndex { products blog_posts pages skipped } }`, {})).rebuildSearchIndex;
      expect(rebuilt).toMatchObject({ products: 5, blog_posts: 1, pages: 0, skipped: [] });
      expect(await titles('?q=sneakers')).toEqual(['Running Sneakers']);
      // rows deleted around the indexer are not in the removal log: the rebuild makes in-memory copies load anew
      expect((await search('?q=sneakers&limit=0')).body.count).toBe(1);
      expect(await titles('?q=indigo%20dye')).toEqual(['Indigo dye workshop']);
      const status = (await run(`query { searchIndexStatus { documents by_type { type count } words last_indexed_at last_rebuilt_at } }`, {}))
        .searchIndexStatus;
      expect(status.by_type).toEqual([
        { type: 'blog_post', count: 1 },
        { type: 'product', count: 5 },
      ]);
      expect(status.documents).toBe(6);
      expect(status.words).toBeGreaterThan(10);
      expect(Date.parse(status.last_rebuilt_at)).toBeGreaterThan(0);
      const customer = await p.registerCustomer(shop.publishable_key);
      const refused = await p.graphql(`mutation { rebuildSearchIndex { products } }`, {}, { token: customer.token, key: shop.publishable_key });
      expect(refused.body.errors[0].extensions).toMatchObject({ type: 'permission_error' });
      const anonymous = await p.graphql(`query { searchIndexStatus { documents } }`, {}, { key: shop.publishable_key });
      expect(anonymous.body.errors[0].extensions).toMatchObject({ type: 'authentication_error' });
      // the other tenant's index is untouched by this tenant's rebuild
      expect(await indexed(other.tenant_id)).toBe(2);
    });

    it('rebuilds with npm run search:reindex -- --tenant <publishable key>', async () => {
      await sql.query(`delete from search.search_document where tenant_id = $1`, [other.tenant_id]);
      const root = path.resolve(__dirname, '../..');
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['-r', './scripts/register.js', 'scripts/search-reindex.ts', '--tenant', other.publishable_key],
        {
          cwd: root,
          env: { ...process.env, DATABASE_URL: p.dbUrl, DATA_DIR: p.config.dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test' },
          timeout: 120_000,
        },
      );
      expect(JSON.parse(stdout.trim())).toMatchObject({ tenant_id: other.tenant_id, products: 1 });
      expect(await titles('?q=classic', other.publishable_key)).toEqual(['Other Classic T-Shirt']);
      expect(await indexed(shop.tenant_id)).toBe(6);
    }, 150_000);

    it("indexes the demo store's catalog in its seed hook", async () => {
      const tenant = await p.createTenant();
      await p.seedCatalog(tenant.tenant_id);
      const ctx = systemContext(p.log, tenant.tenant_id, 'seed');
      await domain.seed!(p.services<SearchServices>('search'), { ctx, tenantId: tenant.tenant_id, publicUrl: p.url, staticDir: p.staticDir, log: p.log });
      const catalog = await p.api('GET', '/store/products?limit=0', { key: tenant.publishable_key });
      const r = await search('?type=product&limit=0', tenant.publishable_key);
      expect(catalog.body.count).toBeGreaterThan(0);
      expect(r.body.count).toBe(catalog.body.count);
      const first = (await p.api('GET', '/store/products?limit=1', { key: tenant.publishable_key })).body.products[0];
      const found = await search(`?q=${encodeURIComponent(first.title)}`, tenant.publishable_key);
      expect(found.body.hits.map((h: any) => h.id)).toContain(first.id);
    }, 60_000);
  });
}
