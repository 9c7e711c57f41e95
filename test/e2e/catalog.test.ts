import type { TenantCredentials } from '@svc/identity';
import type { PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';
import { demoCatalog, type SeedProduct, type SeedVariant } from '@svc/catalog';

/**
 * Storefront reads through the REST facade (Medusa v2 shapes) against the demo catalog, with the
 * expectations derived from the seed data itself, and the same reads through GraphQL.
 */
describe('storefront catalog (REST, Medusa v2 shapes)', () => {
  const seed = demoCatalog();
  /** seed products in the order the store lists them: the seed creates product i at now - i s, so newest first = seed order */
  const seedHandles = seed.products.map((p) => p.handle);
  const seedBySku = new Map<string, { product: SeedProduct; variant: SeedVariant }>();
  for (const product of seed.products) for (const variant of product.variants) seedBySku.set(variant.sku, { product, variant });
  const seedPrice = (sku: string, currency: string): number => {
    const price = seedBySku.get(sku)!.variant.prices.find((pr) => pr.currency_code === currency);
    if (!price) throw new Error(`seed has no ${currency} price for ${sku}`);
    return Number(price.amount);
  };
  const handlesWhere = (pred: (p: SeedProduct) => boolean) => seed.products.filter(pred).map((p) => p.handle);
  /** a row's Medusa timestamps (ISO strings) */
  const stamps = { created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/), updated_at: expect.stringMatching(/Z$/) };
  /** Medusa 2.21's keys of a variant's calculated_price (ours carries the *_with_tax / *_without_tax amounts besides) */
  const CALCULATED_PRICE_KEYS = [
    'id',
    'is_calculated_price_price_list',
    'is_calculated_price_tax_inclusive',
    'calculated_amount',
    'raw_calculated_amount',
    'is_original_price_price_list',
    'is_original_price_tax_inclusive',
    'original_amount',
    'raw_original_amount',
    'currency_code',
    'calculated_price',
    'original_price',
  ];

  let p: PlatformClient;
  let t: TenantCredentials;
  let key: string;
  let all: any[];
  let regionByCurrency: Map<string, any>;
  const get = (path: string) => p.api('GET', path, { key });

  beforeAll(async () => {
    p = await sharedPlatform();
    t = await p.createTenant();
    key = t.publishable_key;
    await p.seedCatalog(t.tenant_id);
    const list = await get('/store/products?limit=100');
    expect(list.status).toBe(200);
    all = list.body.products;
    const regions = await get('/store/regions');
    expect(regions.status).toBe(200);
    regionByCurrency = new Map(regions.body.regions.map((r: any) => [r.currency_code, r]));
  });

  describe('GET /store/products', () => {
    it('lists 50 by default in the {products,count,offset,limit} envelope, newest first', async () => {
      const r = await get('/store/products');
      expect(r.status).toBe(200);
      expect(Object.keys(r.body).sort()).toEqual(['count', 'limit', 'offset', 'products']);
      expect(r.body).toMatchObject({ count: seed.products.length, offset: 0, limit: 50 });
      expect(r.body.products).toHaveLength(Math.min(50, seed.products.length));
      expect(r.body.products.map((x: any) => x.handle)).toEqual(seedHandles.slice(0, 50));
      const created = r.body.products.map((x: any) => Date.parse(x.created_at));
      for (let i = 1; i < created.length; i++) expect(created[i]).toBeLessThanOrEqual(created[i - 1]);
    });

    it('answers Medusa StoreProduct documents', () => {
      const doc = all.find((x) => x.handle === seed.products[0].handle);
      const s = seed.products[0];
      expect(doc).toMatchObject({
        title: s.title,
        handle: s.handle,
        subtitle: s.subtitle,
        description: s.description,
        status: 'published',
        is_giftcard: false,
        discountable: true,
        material: s.material,
        origin_country: s.origin_country,
        deleted_at: null,
      });
      expect(doc.id).toMatch(/^prod_/);
      for (const k of ['collection', 'categories', 'type', 'tags', 'options', 'images', 'variants', 'created_at', 'updated_at', 'metadata', 'thumbnail']) {
        expect(doc).toHaveProperty(k);
      }
      expect(doc.collection.handle).toBe(s.collection_key);
      expect(doc.categories.map((c: any) => c.handle).sort()).toEqual([...s.category_keys].sort());
      expect(doc.tags.map((x: any) => x.value).sort()).toEqual([...s.tags].sort());
      expect(doc.type.value).toBe(s.type);
      expect(doc.images).toHaveLength(s.images.length);
      expect(doc.options.map((o: any) => ({ title: o.title, values: o.values.map((v: any) => v.value) }))).toEqual(s.options);
      expect(doc.variants).toHaveLength(s.variants.length);
      for (const v of doc.variants) {
        const sv = s.variants.find((x) => x.sku === v.sku)!;
        expect(v.title).toBe(sv.title);
        expect(v.barcode).toBe(sv.barcode);
        expect(v.product_id).toBe(doc.id);
        expect(Object.fromEntries(v.options.map((o: any) => [o.option.title, o.value]))).toEqual(sv.options);
      }
    });

    it("carries every key Medusa 2.21 answers, Medusa's defaults where the platform has no such concept", async () => {
      const listed = all.find((x) => x.handle === seed.products[0].handle);
      const one = await get(`/store/products/${listed.id}`);
      expect(one.status).toBe(200);
      for (const doc of [listed, one.body.product]) {
        // soft delete only of products, variants, collections and categories; external ids only on products; no metadata on tags and types
        expect(doc.collection).toMatchObject({ external_id: null, deleted_at: null, ...stamps });
        expect(doc.categories.length).toBeGreaterThan(0);
        for (const c of doc.categories) expect(c).toMatchObject({ external_id: null, is_internal: false, deleted_at: null });
        expect(doc.type).toMatchObject({ external_id: null, metadata: null, deleted_at: null, ...stamps });
        expect(doc.tags.length).toBeGreaterThan(0);
        for (const tag of doc.tags) expect(tag).toMatchObject({ external_id: null, metadata: null, deleted_at: null, ...stamps });
        expect(doc.images.length).toBeGreaterThan(0);
        for (const i of doc.images) expect(i).toMatchObject({ product_id: doc.id, deleted_at: null, ...stamps });
        expect(doc.options.length).toBeGreaterThan(0);
        for (const o of doc.options) {
          // an option belongs to one product: Medusa's exclusive option
          expect(o).toMatchObject({ product_id: doc.id, is_exclusive: true, deleted_at: null, ...stamps });
          expect(o).toHaveProperty('metadata');
          for (const v of o.values) expect(v).toMatchObject({ option_id: o.id, deleted_at: null, ...stamps });
        }
        for (const v of doc.variants)
          for (const ov of v.options) {
            expect(ov).toMatchObject({ deleted_at: null, ...stamps, option: { id: ov.option_id, is_exclusive: true, deleted_at: null, ...stamps } });
            expect(ov.option).toHaveProperty('metadata');
          }
      }
    });

    it('pages with limit/offset without overlap; past the end is empty with the right count', async () => {
      const ids: string[] = [];
      for (let offset = 0; offset < seed.products.length; offset += 20) {
        const r = await get(`/store/products?limit=20&offset=${offset}`);
        expect(r.status).toBe(200);
        expect(r.body).toMatchObject({ count: seed.products.length, offset, limit: 20 });
        expect(r.body.products).toHaveLength(Math.min(20, seed.products.length - offset));
        ids.push(...r.body.products.map((x: any) => x.id));
      }
      expect(new Set(ids).size).toBe(seed.products.length);
      expect(ids).toEqual(all.map((x) => x.id));
      const past = await get(`/store/products?limit=10&offset=${seed.products.length + 10}`);
      expect(past.status).toBe(200);
      expect(past.body).toEqual({ products: [], count: seed.products.length, offset: seed.products.length + 10, limit: 10 });
    });

    it('clamps limit to 100 and echoes it; limit=0 answers the count only', async () => {
      const big = await get('/store/products?limit=1000');
      expect(big.status).toBe(200);
      expect(big.body.limit).toBe(100);
      expect(big.body.products).toHaveLength(seed.products.length);
      const zero = await get('/store/products?limit=0');
      expect(zero.status).toBe(200);
      expect(zero.body).toEqual({ products: [], count: seed.products.length, offset: 0, limit: 0 });
    });

    it('orders by a named field and refuses unknown order fields', async () => {
      const byTitle = await get('/store/products?limit=100&order=title');
      expect(byTitle.status).toBe(200);
      const titles = byTitle.body.products.map((x: any) => x.title);
      expect(titles).toEqual([...titles].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
      const bad = await get('/store/products?order=price; drop table product');
      expect(bad.status).toBe(400);
      expect(bad.body.type).toBe('validation_error');
    });
  });

  describe('variants', () => {
    it('carry the images that show them (variants of one colour share one); fields=*variants.images is served', async () => {
      const r = await get(
        '/store/products?limit=100&fields=%2Avariants.calculated_price,%2Bvariants.inventory_quantity,%2Avariants.images,%2Bmetadata,%2Btags,',
      );
      expect(r.status).toBe(200);
      const product = r.body.products.find((x: any) => x.images.length > 1 && x.variants.length > 1);
      for (const v of product.variants) {
        expect(v.images.length).toBe(1);
        expect(product.images.map((i: any) => i.id)).toContain(v.images[0].id);
        expect(v.thumbnail).toBe(v.images[0].url);
      }
      const firstOption = product.options[0].title;
      const byValue = new Map<string, Set<string>>();
      for (const v of product.variants) {
        const value = v.options.find((o: any) => o.option?.title === firstOption || o.option_id === product.options[0].id).value;
        byValue.set(value, (byValue.get(value) ?? new Set()).add(v.images[0].id));
      }
      for (const ids of byValue.values()) expect(ids.size).toBe(1);
    });

    it('GET /store/product-variants[/:id]: priced, filtered, with the product; other tenants and unknown ids 404', async () => {
      const eur = regionByCurrency.get('eur');
      const product = all[0];
      const list = await get(`/store/product-variants?product_id=${product.id}&region_id=${eur.id}&limit=100`);
      expect(list.status).toBe(200);
      expect(list.body.count).toBe(product.variants.length);
      expect(list.body.variants.map((v: any) => v.id).sort()).toEqual(product.variants.map((v: any) => v.id).sort());
      const v = list.body.variants[0];
      expect(v.product).toMatchObject({ id: product.id, handle: product.handle });
      expect(v.calculated_price.currency_code).toBe('eur');
      expect(v.calculated_price.calculated_amount).toBe(seedPrice(v.sku, 'eur'));
      const bySku = await get(`/store/product-variants?sku[0]=${encodeURIComponent(v.sku)}`);
      expect(bySku.body.variants.map((x: any) => x.id)).toEqual([v.id]);
      const one = await get(`/store/product-variants/${v.id}?fields=%2Aimages`);
      expect(one.status).toBe(200);
      expect(one.body.variant.id).toBe(v.id);
      expect(Array.isArray(one.body.variant.images)).toBe(true);
      expect((await get('/store/product-variants/variant_nope')).status).toBe(404);
      const other = await p.createTenant();
      expect((await p.api('GET', `/store/product-variants/${v.id}`, { key: other.publishable_key })).status).toBe(404);
      expect((await p.api('GET', `/store/product-variants?id=${v.id}`, { key: other.publishable_key })).body.count).toBe(0);
      expect((await get('/store/product-variants?limit=-1')).status).toBe(400);
      expect((await get('/store/product-variants?bogus=1')).status).toBe(400);
    });

    it('admins choose the images of a variant (only images of its own product)', async () => {
      const admin = await p.adminToken(t);
      const product = all.find((x: any) => x.images.length > 1);
      const variant = product.variants[0];
      const set = await p.graphql(
        'mutation($v: String!, $i: [String!]!) { setVariantImages(variant_id: $v, image_ids: $i) { variants { id images { id } } } }',
        { v: variant.id, i: [product.images[1].id, product.images[0].id] },
        { token: admin },
      );
      expect(set.body.errors).toBeUndefined();
      const after = await get(`/store/products/${product.id}`);
      expect(
        after.body.product.variants
          .find((x: any) => x.id === variant.id)
          .images.map((i: any) => i.id)
          .sort(),
      ).toEqual([product.images[0].id, product.images[1].id].sort());
      const foreign = all.find((x: any) => x.id !== product.id && x.images.length);
      const bad = await p.graphql(
        'mutation($v: String!, $i: [String!]!) { setVariantImages(variant_id: $v, image_ids: $i) { id } }',
        { v: variant.id, i: [foreign.images[0].id] },
        { token: admin },
      );
      expect(bad.body.errors[0].extensions).toMatchObject({ type: 'validation_error', code: 'invalid_field' });
    });
  });

  describe('filters', () => {
    it("Medusa's is_giftcard, type_id and created_at/updated_at operators", async () => {
      expect((await get('/store/products?limit=100&is_giftcard=false')).body.count).toBe(all.length);
      expect((await get('/store/products?limit=100&is_giftcard=true')).body.count).toBe(0);
      const type = all[0].type;
      const byType = await get(`/store/products?limit=100&type_id[0]=${type.id}`);
      expect(byType.body.count).toBe(all.filter((x) => x.type?.id === type.id).length);
      for (const x of byType.body.products) expect(x.type.id).toBe(type.id);
      const newest = all[0].created_at as string;
      const after = await get(`/store/products?limit=100&created_at[$gte]=${encodeURIComponent(newest)}`);
      expect(after.body.products.map((x: any) => x.handle)).toEqual(all.filter((x) => x.created_at >= newest).map((x) => x.handle));
      const before = await get(`/store/products?limit=100&created_at[$lt]=${encodeURIComponent(newest)}`);
      expect(before.body.count).toBe(all.length - after.body.count);
      expect((await get('/store/products?updated_at[$gt]=2999-01-01T00:00:00Z')).body.count).toBe(0);
      const sku = all[3].variants[1].sku;
      const bySku = await get(`/store/products?variants[sku]=${encodeURIComponent(sku)}`);
      expect(bySku.body.products.map((x: any) => x.id)).toEqual([all[3].id]);
      // bad operators and dates: 400, never a 500
      for (const q of ['created_at[$gt]=yesterday', 'created_at[$foo]=2020-01-01', 'created_at=2020-01-01', 'is_giftcard=maybe']) {
        const r = await get(`/store/products?${q}`);
        expect({ q, status: r.status }).toEqual({ q, status: 400 });
      }
    });

    it("collections and categories carry their products with Medusa's fields=*products (the starter's footer)", async () => {
      const cols = await get('/store/collections?limit=100&fields=%2Aproducts');
      expect(cols.status).toBe(200);
      const outdoor = cols.body.collections.find((c: any) => c.handle === 'outdoor-edit');
      expect(outdoor.products.map((x: any) => x.handle)).toEqual(handlesWhere((x) => x.collection_key === 'outdoor-edit'));
      expect((await get('/store/collections?limit=100')).body.collections[0].products).toBeUndefined();
      const one = await get(`/store/collections/${outdoor.id}?fields=id,title,products.handle`);
      expect(Object.keys(one.body.collection).sort()).toEqual(['id', 'products', 'title']);
      // a picked relation keeps its id, as Medusa's answers do
      expect(one.body.collection.products[0]).toEqual({ id: outdoor.products[0].id, handle: outdoor.products[0].handle });
      const cats = await get(
        '/store/product-categories?limit=100&fields=%2Acategory_children,%20%2Aproducts,%20%2Aparent_category,%20%2Aparent_category.parent_category',
      );
      expect(cats.status).toBe(200);
      // the chain of parents (*parent_category.parent_category)
      const byId = new Map(cats.body.product_categories.map((c: any) => [c.id, c]));
      const deepest = cats.body.product_categories.find((c: any) => c.parent_category && (byId.get(c.parent_category.id) as any)?.parent_category_id);
      expect(deepest.parent_category.parent_category.id).toBe((byId.get(deepest.parent_category.id) as any).parent_category_id);
      const withProducts = cats.body.product_categories.filter((c: any) => c.products.length);
      expect(withProducts.length).toBeGreaterThan(0);
      for (const c of withProducts) for (const x of c.products) expect(seedHandles).toContain(x.handle);
      const cat = await get(`/store/product-categories/${withProducts[0].id}?fields=%2Aproducts`);
      expect(cat.body.product_category.products.length).toBe(withProducts[0].products.length);
    });

    it('collection_id', async () => {
      const cols = await get('/store/collections?handle=outdoor-edit');
      const col = cols.body.collections[0];
      expect(col.handle).toBe('outdoor-edit');
      const r = await get(`/store/products?limit=100&collection_id=${col.id}`);
      expect(r.status).toBe(200);
      const expected = handlesWhere((x) => x.collection_key === 'outdoor-edit');
      expect(expected.length).toBeGreaterThan(1);
      expect(r.body.count).toBe(expected.length);
      expect(r.body.products.map((x: any) => x.handle)).toEqual(expected);
      for (const x of r.body.products) expect(x.collection_id).toBe(col.id);
    });

    it('category_id, single and as a qs array', async () => {
      const cats = await get('/store/product-categories?limit=100');
      const id = (handle: string) => cats.body.product_categories.find((c: any) => c.handle === handle).id;
      const one = await get(`/store/products?limit=100&category_id=${id('t-shirts')}`);
      expect(one.status).toBe(200);
      const tees = handlesWhere((x) => x.category_keys.includes('t-shirts'));
      expect(one.body.count).toBe(tees.length);
      expect(one.body.products.map((x: any) => x.handle)).toEqual(tees);

      const two = await get(`/store/products?limit=100&category_id[0]=${id('boots')}&category_id[1]=${id('kitchen')}`);
      expect(two.status).toBe(200);
      const expected = handlesWhere((x) => x.category_keys.includes('boots') || x.category_keys.includes('kitchen'));
      expect(two.body.count).toBe(expected.length);
      expect(two.body.products.map((x: any) => x.handle)).toEqual(expected);
    });

    it('handle and id (single and arrays)', async () => {
      const h = seed.products[3].handle;
      const byHandle = await get(`/store/products?handle=${h}`);
      expect(byHandle.body.count).toBe(1);
      expect(byHandle.body.products[0].handle).toBe(h);

      const two = [all[5], all[7]];
      const byIds = await get(`/store/products?id[0]=${two[0].id}&id[1]=${two[1].id}`);
      expect(byIds.status).toBe(200);
      expect(byIds.body.count).toBe(2);
      expect(byIds.body.products.map((x: any) => x.id).sort()).toEqual(two.map((x) => x.id).sort());

      const none = await get('/store/products?handle=no-such-product');
      expect(none.body).toEqual({ products: [], count: 0, offset: 0, limit: 50 });
    });

    it('q searches title, description and handle, case-insensitively', async () => {
      for (const q of ['linen', 'MERINO', 'boot']) {
        const r = await get(`/store/products?limit=100&q=${encodeURIComponent(q)}`);
        expect(r.status).toBe(200);
        const needle = q.toLowerCase();
        const expected = handlesWhere((x) => [x.title, x.description, x.handle].some((s) => s.toLowerCase().includes(needle)));
        expect(expected.length).toBeGreaterThan(0);
        expect(r.body.products.map((x: any) => x.handle)).toEqual(expected);
      }
      const wildcard = await get('/store/products?q=%25');
      expect(wildcard.body.count).toBe(0);
    });

    it('tag_id', async () => {
      const tag = all.flatMap((x) => x.tags).find((x: any) => x.value === 'organic');
      expect(tag).toBeDefined();
      const r = await get(`/store/products?limit=100&tag_id=${tag.id}`);
      expect(r.status).toBe(200);
      expect(r.body.products.map((x: any) => x.handle)).toEqual(handlesWhere((x) => x.tags.includes('organic')));
    });

    it('price range in the region currency (min_price/max_price with region_id or currency_code)', async () => {
      const inRange = (currency: string, min: number, max: number) =>
        handlesWhere((x) =>
          x.variants.some((v) => v.prices.some((pr) => pr.currency_code === currency && Number(pr.amount) >= min && Number(pr.amount) <= max)),
        );
      const eur = regionByCurrency.get('eur');
      const r = await get(`/store/products?limit=100&region_id=${eur.id}&min_price=20&max_price=40`);
      expect(r.status).toBe(200);
      const expected = inRange('eur', 20, 40);
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(seed.products.length);
      expect(r.body.count).toBe(expected.length);
      expect(r.body.products.map((x: any) => x.handle)).toEqual(expected);

      const gbp = await get('/store/products?limit=100&currency_code=gbp&min_price=100');
      expect(gbp.status).toBe(200);
      expect(gbp.body.products.map((x: any) => x.handle)).toEqual(inRange('gbp', 100, Infinity));

      const usdMax = await get('/store/products?limit=100&currency_code=USD&max_price=25');
      expect(usdMax.status).toBe(200);
      expect(usdMax.body.products.map((x: any) => x.handle)).toEqual(inRange('usd', 0, 25));

      const none = await get('/store/products?min_price=10');
      expect(none.status).toBe(400);
      expect(none.body.type).toBe('validation_error');
      expect(typeof none.body.message).toBe('string');
    });
  });

  describe('pricing and inventory', () => {
    it('prices every variant for region_id in the region currency', async () => {
      for (const currency of ['eur', 'usd', 'gbp']) {
        const region = regionByCurrency.get(currency);
        const r = await get(`/store/products?limit=100&region_id=${region.id}`);
        expect(r.status).toBe(200);
        expect(r.body.products).toHaveLength(seed.products.length);
        let n = 0;
        for (const prod of r.body.products) {
          for (const v of prod.variants) {
            const amount = seedPrice(v.sku, currency);
            // Medusa's raw_* twins: the amount as a decimal string, BigNumber's precision
            const raw = { value: String(amount), precision: 20 };
            expect(v.calculated_price).toMatchObject({
              calculated_amount: amount,
              raw_calculated_amount: raw,
              original_amount: amount,
              raw_original_amount: raw,
              currency_code: currency,
              is_calculated_price_price_list: false,
              is_calculated_price_tax_inclusive: false,
              is_original_price_price_list: false,
              is_original_price_tax_inclusive: false,
            });
            expect(Object.keys(v.calculated_price)).toEqual(expect.arrayContaining(CALCULATED_PRICE_KEYS));
            for (const rule of [v.calculated_price.calculated_price, v.calculated_price.original_price])
              expect(Object.keys(rule).sort()).toEqual(['id', 'max_quantity', 'min_quantity', 'price_list_id', 'price_list_type']);
            n++;
          }
        }
        expect(n).toBe(seedBySku.size);
      }
    });

    it('has no calculated_price without a pricing context', () => {
      for (const prod of all) for (const v of prod.variants) expect(v.calculated_price).toBeUndefined();
    });

    it('country_code picks the region that serves the country; unknown region or country is a 400', async () => {
      const gb = await get('/store/products?limit=5&country_code=gb');
      expect(gb.status).toBe(200);
      for (const prod of gb.body.products)
        for (const v of prod.variants) {
          expect(v.calculated_price.currency_code).toBe('gbp');
          expect(v.calculated_price.calculated_amount).toBe(seedPrice(v.sku, 'gbp'));
        }
      const us = await get(`/store/products/${all[0].id}?country_code=US`);
      expect(us.status).toBe(200);
      for (const v of us.body.product.variants) expect(v.calculated_price.currency_code).toBe('usd');

      const unknownRegion = await get('/store/products?region_id=reg_01JAAAAAAAAAAAAAAAAAAAAAAA');
      expect(unknownRegion.status).toBe(400);
      expect(unknownRegion.body).toMatchObject({ type: 'validation_error' });
      const unknownOnOne = await get(`/store/products/${all[0].id}?region_id=nope`);
      expect(unknownOnOne.status).toBe(400);
      const unservedCountry = await get('/store/products?country_code=jp');
      expect(unservedCountry.status).toBe(400);
    });

    it('inventory_quantity equals the seeded stock', () => {
      let n = 0;
      for (const prod of all)
        for (const v of prod.variants) {
          expect(v.inventory_quantity).toBe(seedBySku.get(v.sku)!.variant.inventory_quantity);
          expect(v.manage_inventory).toBe(true);
          n++;
        }
      expect(n).toBe(seedBySku.size);
    });
  });

  describe('GET /store/products/:id', () => {
    it('finds the same product by id and by handle', async () => {
      const target = all[10];
      const byId = await get(`/store/products/${target.id}`);
      const byHandle = await get(`/store/products/${target.handle}`);
      expect(byId.status).toBe(200);
      expect(byHandle.status).toBe(200);
      expect(Object.keys(byId.body)).toEqual(['product']);
      expect(byId.body.product).toEqual(target);
      expect(byHandle.body).toEqual(byId.body);
      const eur = regionByCurrency.get('eur');
      const priced = await get(`/store/products/${target.handle}?region_id=${eur.id}`);
      for (const v of priced.body.product.variants) expect(v.calculated_price.calculated_amount).toBe(seedPrice(v.sku, 'eur'));
    });

    it('answers 404 not_found for unknown ids and handles', async () => {
      for (const id of ['prod_01JAAAAAAAAAAAAAAAAAAAAAAA', 'no-such-handle']) {
        const r = await get(`/store/products/${id}`);
        expect(r.status).toBe(404);
        expect(r.body).toMatchObject({ type: 'not_found', code: 'not_found' });
        expect(typeof r.body.message).toBe('string');
      }
    });

    it('never shows a draft product', async () => {
      const admin = await p.adminToken(t);
      const created = await p.graphql(
        `mutation($input: CreateProductInput!) { createProduct(input: $input) { id handle status } }`,
        {
          input: {
            title: 'Secret Prototype',
            handle: 'secret-prototype',
            status: 'draft',
            options: [{ title: 'Size', values: ['M'] }],
            variants: [{ title: 'M', sku: 'SECRET-M', options: { Size: 'M' }, prices: [{ currency_code: 'eur', amount: 9 }], inventory_quantity: 3 }],
          },
        },
        { token: admin },
      );
      expect(created.body.errors).toBeUndefined();
      const draft = created.body.data.createProduct;
      expect(draft.status).toBe('draft');
      for (const path of [`/store/products/${draft.id}`, `/store/products/${draft.handle}`]) {
        const r = await get(path);
        expect(r.status).toBe(404);
        expect(r.body.code).toBe('not_found');
      }
      const list = await get('/store/products?limit=100');
      expect(list.body.count).toBe(seed.products.length);
      expect(list.body.products.map((x: any) => x.id)).not.toContain(draft.id);
      const byHandle = await get('/store/products?handle=secret-prototype');
      expect(byHandle.body.count).toBe(0);
      const search = await get('/store/products?q=secret');
      expect(search.body.count).toBe(0);
    });
  });

  describe('fields', () => {
    it('bare fields replace the defaults (id always included)', async () => {
      const r = await get('/store/products?limit=3&fields=id,title');
      expect(r.status).toBe(200);
      expect(r.body.products).toHaveLength(3);
      for (const x of r.body.products) expect(Object.keys(x).sort()).toEqual(['id', 'title']);
      const noId = await get(`/store/products/${all[0].id}?fields=handle`);
      expect(noId.status).toBe(200);
      expect(noId.body.product).toEqual({ id: all[0].id, handle: all[0].handle });
      const spaced = await get(`/store/products?limit=1&fields=${encodeURIComponent('title, handle')}`);
      expect(Object.keys(spaced.body.products[0]).sort()).toEqual(['handle', 'id', 'title']);
    });

    it('+variants.prices adds the variant prices; they are not in the default document', async () => {
      for (const v of all[0].variants) expect(v).not.toHaveProperty('prices');
      const r = await get(`/store/products/${all[0].id}?fields=${encodeURIComponent('+variants.prices')}`);
      expect(r.status).toBe(200);
      expect(r.body.product.title).toBe(all[0].title);
      for (const v of r.body.product.variants) {
        const seeded = seedBySku.get(v.sku)!.variant.prices;
        expect(v.prices.map((pr: any) => [pr.currency_code, pr.amount]).sort()).toEqual(seeded.map((pr) => [pr.currency_code, Number(pr.amount)]).sort());
      }
    });

    it('accepts the storefront field set with a region', async () => {
      const eur = regionByCurrency.get('eur');
      const fields = encodeURIComponent('*variants.calculated_price,+variants.inventory_quantity,+metadata,+tags');
      const r = await get(`/store/products?limit=2&region_id=${eur.id}&fields=${fields}`);
      expect(r.status).toBe(200);
      const v = r.body.products[0].variants[0];
      expect(v.calculated_price.calculated_amount).toBe(seedPrice(v.sku, 'eur'));
      expect(v.inventory_quantity).toBe(seedBySku.get(v.sku)!.variant.inventory_quantity);
    });

    it('refuses unknown fields with a 400', async () => {
      for (const path of ['/store/products?fields=nonsense', `/store/products/${all[0].id}?fields=id,nonsense`, '/store/products?fields=%2Bnope']) {
        const r = await get(path);
        expect(r.status).toBe(400);
        expect(r.body).toMatchObject({ type: 'validation_error', code: 'invalid_field' });
      }
    });
  });

  describe('collections, categories, regions', () => {
    it('lists collections (default limit 10, newest first) and finds one by id and by handle', async () => {
      const r = await get('/store/collections');
      expect(r.status).toBe(200);
      expect(Object.keys(r.body).sort()).toEqual(['collections', 'count', 'limit', 'offset']);
      expect(r.body).toMatchObject({ count: seed.collections.length, offset: 0, limit: 10 });
      expect(r.body.collections.map((c: any) => c.handle)).toEqual(seed.collections.slice(0, 10).map((c) => c.handle));
      expect(r.body.collections.map((c: any) => c.title)).toEqual(seed.collections.slice(0, 10).map((c) => c.title));
      for (const x of r.body.collections) expect(x).toMatchObject({ external_id: null, deleted_at: null, ...stamps });
      const paged = await get('/store/collections?limit=2&offset=2');
      expect(paged.body.collections.map((c: any) => c.handle)).toEqual(seed.collections.slice(2, 4).map((c) => c.handle));
      const c = r.body.collections[1];
      expect(c.id).toMatch(/^pcol_/);
      const byId = await get(`/store/collections/${c.id}`);
      const byHandle = await get(`/store/collections/${c.handle}`);
      expect(byId.status).toBe(200);
      expect(byId.body).toEqual({ collection: c });
      expect(byHandle.body).toEqual({ collection: c });
      const missing = await get('/store/collections/no-such-collection');
      expect(missing.status).toBe(404);
      expect(missing.body.code).toBe('not_found');
    });

    it('lists categories with parent_category and category_children on both paths', async () => {
      const r = await get('/store/product-categories?limit=100');
      expect(r.status).toBe(200);
      expect(Object.keys(r.body).sort()).toEqual(['count', 'limit', 'offset', 'product_categories']);
      expect(r.body.count).toBe(seed.categories.length);
      const byHandle = new Map<string, any>(r.body.product_categories.map((c: any) => [c.handle, c]));
      for (const sc of seed.categories) {
        const c = byHandle.get(sc.handle);
        expect(c).toMatchObject({ name: sc.name, description: sc.description, rank: sc.rank, external_id: null, deleted_at: null, ...stamps });
        if (sc.parent_key) {
          expect(c.parent_category_id).toBe(byHandle.get(sc.parent_key).id);
          expect(c.parent_category).toMatchObject({ id: c.parent_category_id, handle: sc.parent_key });
        } else {
          expect(c.parent_category_id).toBeNull();
          expect(c.parent_category).toBeNull();
        }
        const children = seed.categories
          .filter((x) => x.parent_key === sc.key)
          .map((x) => x.handle)
          .sort();
        expect(c.category_children.map((x: any) => x.handle).sort()).toEqual(children);
      }
      const byDefault = await get('/store/product-categories');
      expect(byDefault.body).toMatchObject({ count: seed.categories.length, offset: 0, limit: 50 });
      const alias = await get('/store/categories?limit=100');
      expect(alias.status).toBe(200);
      expect(alias.body).toEqual(r.body);
    });

    it('parent_category_id=null lists the roots; include_descendants_tree nests grandchildren', async () => {
      const roots = seed.categories.filter((c) => c.parent_key === null).map((c) => c.handle);
      const flat = await get('/store/product-categories?parent_category_id=null');
      expect(flat.status).toBe(200);
      expect(flat.body.count).toBe(roots.length);
      expect(flat.body.product_categories.map((c: any) => c.handle).sort()).toEqual([...roots].sort());
      const apparelFlat = flat.body.product_categories.find((c: any) => c.handle === 'apparel');
      for (const child of apparelFlat.category_children) expect(child.category_children ?? []).toEqual([]);

      const deep = await get('/store/categories?parent_category_id=null&include_descendants_tree=true');
      expect(deep.status).toBe(200);
      const apparel = deep.body.product_categories.find((c: any) => c.handle === 'apparel');
      const tops = apparel.category_children.find((c: any) => c.handle === 'tops');
      expect(tops.category_children.map((c: any) => c.handle).sort()).toEqual(
        seed.categories
          .filter((c) => c.parent_key === 'tops')
          .map((c) => c.handle)
          .sort(),
      );
      const home = deep.body.product_categories.find((c: any) => c.handle === 'home');
      const kitchen = home.category_children.find((c: any) => c.handle === 'kitchen');
      expect(kitchen.category_children.map((c: any) => c.handle)).toEqual(['mugs']);

      const children = await get(`/store/product-categories?parent_category_id=${apparel.id}`);
      expect(children.body.product_categories.map((c: any) => c.handle).sort()).toEqual(
        seed.categories
          .filter((c) => c.parent_key === 'apparel')
          .map((c) => c.handle)
          .sort(),
      );
    });

    it('finds one category by id and by handle', async () => {
      const list = await get('/store/product-categories?handle=tops');
      const tops = list.body.product_categories[0];
      const byId = await get(`/store/product-categories/${tops.id}`);
      expect(byId.status).toBe(200);
      expect(byId.body.product_category).toMatchObject({
        id: tops.id,
        handle: 'tops',
        external_id: null,
        parent_category: { handle: 'apparel', external_id: null },
      });
      expect(byId.body.product_category.category_children.map((c: any) => c.handle).sort()).toEqual(['hoodies', 'shirts', 't-shirts']);
      const byHandle = await get('/store/product-categories/tops');
      expect(byHandle.body).toEqual(byId.body);
      const deep = await get('/store/product-categories/home?include_descendants_tree=true');
      expect(deep.body.product_category.category_children.find((c: any) => c.handle === 'kitchen').category_children[0].handle).toBe('mugs');
      const missing = await get('/store/product-categories/pcat_01JAAAAAAAAAAAAAAAAAAAAAAA');
      expect(missing.status).toBe(404);
      expect(missing.body.code).toBe('not_found');
    });

    it('lists the 3 regions with countries and finds one by id', async () => {
      const r = await get('/store/regions');
      expect(r.status).toBe(200);
      expect(Object.keys(r.body).sort()).toEqual(['count', 'limit', 'offset', 'regions']);
      expect(r.body).toMatchObject({ count: seed.regions.length, offset: 0, limit: 50 });
      for (const sr of seed.regions) {
        const region = r.body.regions.find((x: any) => x.currency_code === sr.currency_code);
        expect(region).toMatchObject({ name: sr.name, automatic_taxes: sr.automatic_taxes, deleted_at: null, ...stamps });
        expect(region.id).toMatch(/^reg_/);
        expect(region.countries.map((c: any) => c.iso_2).sort()).toEqual(sr.countries.map((c) => c.iso_2).sort());
        for (const c of region.countries) {
          expect(c).toMatchObject(sr.countries.find((x) => x.iso_2 === c.iso_2)!);
          // a country is written with its region: the region's creation time; no metadata, no soft delete
          expect(c).toMatchObject({ region_id: region.id, metadata: null, created_at: region.created_at, updated_at: region.created_at, deleted_at: null });
        }
        const one = await get(`/store/regions/${region.id}`);
        expect(one.status).toBe(200);
        expect(one.body).toEqual({ region });
      }
      const missing = await get('/store/regions/reg_01JAAAAAAAAAAAAAAAAAAAAAAA');
      expect(missing.status).toBe(404);
      expect(missing.body.code).toBe('not_found');
    });
  });

  describe('GraphQL reads the same data', () => {
    it('products(limit, region_id) typed fields match the REST documents', async () => {
      const gbp = regionByCurrency.get('gbp');
      const q = `query($region: String, $limit: Int) {
        products(limit: $limit, region_id: $region) {
          count offset limit
          items { id title handle collection { handle external_id } variants { id sku inventory_quantity calculated_price { calculated_amount currency_code raw_calculated_amount { value precision } } prices { currency_code amount } } }
        }
      }`;
      const g = await p.graphql(q, { region: gbp.id, limit: 100 }, { key });
      expect(g.status).toBe(200);
      expect(g.body.errors).toBeUndefined();
      const rest = await get(`/store/products?limit=100&region_id=${gbp.id}`);
      const list = g.body.data.products;
      expect(list).toMatchObject({ count: rest.body.count, offset: 0, limit: 100 });
      expect(list.items.map((x: any) => x.id)).toEqual(rest.body.products.map((x: any) => x.id));
      list.items.forEach((item: any, i: number) => {
        const doc = rest.body.products[i];
        expect(item.title).toBe(doc.title);
        expect(item.handle).toBe(doc.handle);
        expect(item.collection?.handle ?? null).toBe(doc.collection?.handle ?? null);
        if (item.collection) expect(item.collection.external_id).toBeNull();
        expect(item.variants.map((v: any) => v.id)).toEqual(doc.variants.map((v: any) => v.id));
        item.variants.forEach((v: any, j: number) => {
          const dv = doc.variants[j];
          expect(v.calculated_price).toEqual({
            calculated_amount: dv.calculated_price.calculated_amount,
            currency_code: 'gbp',
            raw_calculated_amount: dv.calculated_price.raw_calculated_amount,
          });
          expect(v.calculated_price.calculated_amount).toBe(seedPrice(v.sku, 'gbp'));
          expect(v.inventory_quantity).toBe(dv.inventory_quantity);
          expect(v.prices).toHaveLength(seedBySku.get(v.sku)!.variant.prices.length);
        });
      });

      const few = await p.graphql(`{ products(limit: 3) { items { id tags { external_id deleted_at } options { is_exclusive deleted_at } } } }`, {}, { key });
      expect(few.body.errors).toBeUndefined();
      expect(few.body.data.products.items).toEqual(
        all.slice(0, 3).map((doc) => ({
          id: doc.id,
          tags: doc.tags.map(() => ({ external_id: null, deleted_at: null })),
          options: doc.options.map(() => ({ is_exclusive: true, deleted_at: null })),
        })),
      );

      const noRegion = await p.graphql(`{ products(limit: 2) { items { variants { calculated_price { calculated_amount } } } } }`, {}, { key });
      for (const item of noRegion.body.data.products.items) for (const v of item.variants) expect(v.calculated_price).toBeNull();

      const one = await p.graphql(`query($id: String!) { product(id: $id) { id title } }`, { id: all[2].handle }, { key });
      expect(one.body.data.product).toEqual({ id: all[2].id, title: all[2].title });
      const cats = await p.graphql(
        `{ productCategories(limit: 100) { count } regions { count items { deleted_at countries { region_id deleted_at } } } collections { count limit } }`,
        {},
        { key },
      );
      expect(cats.body.data).toMatchObject({
        productCategories: { count: seed.categories.length },
        regions: { count: seed.regions.length },
        collections: { count: seed.collections.length, limit: 10 },
      });
      const restRegions = (await get('/store/regions')).body.regions;
      expect(cats.body.data.regions.items).toEqual(
        restRegions.map((r: any) => ({ deleted_at: null, countries: r.countries.map(() => ({ region_id: r.id, deleted_at: null })) })),
      );
      const missing = await p.graphql(`{ product(id: "no-such-product") { id } }`, {}, { key });
      expect(missing.body.errors[0].extensions).toMatchObject({ type: 'not_found', code: 'not_found' });
    });
  });
});
