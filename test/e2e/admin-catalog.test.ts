import { Client } from 'pg';
import type { TenantCredentials } from '@svc/identity';
import type { PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';

/**
 * Admin catalog writes through GraphQL (admin JWT), read back through the storefront REST routes:
 * the store shows every change on the next read (cache invalidation), errors carry {type, code}.
 */
describe('admin catalog mutations (GraphQL) seen by the store (REST)', () => {
  let p: PlatformClient;
  let t: TenantCredentials;
  let admin: string;
  let key: string;

  const PRODUCT = `id handle title subtitle status collection_id
    categories { id handle } tags { value } type { value }
    options { id title values { id value } }
    variants { id title sku inventory_quantity options { value option { title } } prices { currency_code amount region_id } }`;

  /** runs an admin GraphQL operation and returns `data`, failing loudly on errors */
  const run = async (query: string, variables: Record<string, unknown> = {}, token: string | undefined = admin): Promise<any> => {
    const r = await p.graphql(query, variables, { token });
    if (r.body?.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(r.body.errors)}`);
    expect(r.status).toBe(200);
    return r.body.data;
  };
  /** runs an operation that must fail and returns its first error */
  const fail = async (query: string, variables: Record<string, unknown> = {}, o: { token?: string; key?: string } = { token: admin }): Promise<any> => {
    const r = await p.graphql(query, variables, o);
    expect(r.status).toBeLessThan(500);
    expect(r.body.errors?.length).toBeGreaterThan(0);
    expect(r.body.data?.[Object.keys(r.body.data ?? {})[0]] ?? null).toBeNull();
    return r.body.errors[0];
  };
  const store = (path: string) => p.api('GET', path, { key });

  const CREATE_PRODUCT = `mutation($input: CreateProductInput!) { createProduct(input: $input) { ${PRODUCT} } }`;
  const UPDATE_PRODUCT = `mutation($id: String!, $input: UpdateProductInput!) { updateProduct(id: $id, input: $input) { ${PRODUCT} } }`;
  const SET_PRICES = `mutation($v: String!, $prices: [PriceInput!]!) { setVariantPrices(variant_id: $v, prices: $prices) { ${PRODUCT} } }`;
  const SET_STOCK = `mutation($v: String!, $n: Int!) { setInventoryLevel(variant_id: $v, stocked_quantity: $n) { ${PRODUCT} } }`;
  const CREATE_REGION = `mutation($input: RegionInput!) { createRegion(input: $input) { id name currency_code countries { iso_2 iso_3 display_name } } }`;
  const CREATE_COLLECTION = `mutation($input: CollectionInput!) { createCollection(input: $input) { id title handle } }`;
  const CREATE_CATEGORY = `mutation($input: CategoryInput!) { createProductCategory(input: $input) { id name handle parent_category_id } }`;

  let sek: any;
  let eur: any;
  let collection: any;
  let outdoor: any;
  let tents: any;
  let tent: any;

  const tentInput = (handle = 'alpine-tent') => ({
    title: 'Alpine Tent',
    handle,
    status: 'published',
    subtitle: 'Four seasons, two poles',
    collection_id: collection.id,
    category_ids: [tents.id],
    tags: ['camping', 'four-season'],
    type: 'Tent',
    options: [
      { title: 'Size', values: ['2P', '3P', '4P'] },
      { title: 'Color', values: ['Green', 'Orange'] },
    ],
    variants: [
      {
        title: '2P / Green',
        sku: `${handle}-2P-GRN`,
        options: { Size: '2P', Color: 'Green' },
        inventory_quantity: 7,
        prices: [
          { currency_code: 'sek', amount: 2499 },
          { currency_code: 'eur', amount: 219.5 },
        ],
      },
      {
        title: '2P / Orange',
        sku: `${handle}-2P-ORG`,
        options: { Size: '2P', Color: 'Orange' },
        inventory_quantity: 0,
        prices: [
          { currency_code: 'sek', amount: 2499 },
          { currency_code: 'eur', amount: 219.5 },
        ],
      },
      {
        title: '3P / Green',
        sku: `${handle}-3P-GRN`,
        options: { Size: '3P', Color: 'Green' },
        inventory_quantity: 12,
        // a region-specific price wins over the currency-wide one
        prices: [
          { currency_code: 'sek', amount: 2999.95 },
          { currency_code: 'eur', amount: 279 },
          { currency_code: 'eur', amount: 259.99, region_id: eur.id },
        ],
      },
    ],
  });

  beforeAll(async () => {
    p = await sharedPlatform();
    t = await p.createTenant();
    key = t.publishable_key;
    admin = await p.adminToken(t);
  });

  it('creates regions, a collection and categories that the store lists at once', async () => {
    // cached empty reads first
    for (const path of ['/store/regions', '/store/collections', '/store/product-categories']) {
      const r = await store(path);
      expect(r.status).toBe(200);
      expect(r.body.count).toBe(0);
    }
    sek = (await run(CREATE_REGION, { input: { name: 'Nordics', currency_code: 'sek', countries: ['se', 'DK'] } })).createRegion;
    expect(sek).toMatchObject({ name: 'Nordics', currency_code: 'sek' });
    expect(sek.id).toMatch(/^reg_/);
    expect(sek.countries.map((c: any) => c.iso_2).sort()).toEqual(['dk', 'se']);
    expect(sek.countries.find((c: any) => c.iso_2 === 'se')).toEqual({ iso_2: 'se', iso_3: 'swe', display_name: 'Sweden' });
    eur = (await run(CREATE_REGION, { input: { name: 'Eurozone', currency_code: 'eur', countries: ['de', 'fr'] } })).createRegion;

    collection = (await run(CREATE_COLLECTION, { input: { title: 'Trail Gear' } })).createCollection;
    expect(collection).toMatchObject({ title: 'Trail Gear', handle: 'trail-gear' });
    outdoor = (await run(CREATE_CATEGORY, { input: { name: 'Outdoor', handle: 'outdoor' } })).createProductCategory;
    tents = (await run(CREATE_CATEGORY, { input: { name: 'Tents & Shelters', parent_category_id: outdoor.id, rank: 1 } })).createProductCategory;
    expect(tents).toMatchObject({ handle: 'tents-shelters', parent_category_id: outdoor.id });

    const regions = await store('/store/regions');
    expect(regions.body.count).toBe(2);
    expect(regions.body.regions.map((r: any) => r.id).sort()).toEqual([sek.id, eur.id].sort());
    const one = await store(`/store/regions/${sek.id}`);
    expect(one.body.region.countries.map((c: any) => c.iso_2).sort()).toEqual(['dk', 'se']);
    const cols = await store('/store/collections');
    expect(cols.body.collections).toEqual([expect.objectContaining({ id: collection.id, handle: 'trail-gear', title: 'Trail Gear' })]);
    const cats = await store('/store/product-categories?parent_category_id=null');
    expect(cats.body.product_categories).toHaveLength(1);
    expect(cats.body.product_categories[0]).toMatchObject({ id: outdoor.id, category_children: [expect.objectContaining({ id: tents.id })] });
    const child = await store('/store/product-categories/tents-shelters');
    expect(child.body.product_category.parent_category).toMatchObject({ id: outdoor.id, handle: 'outdoor' });
  });

  it('a published product appears on the next store read with prices and stock', async () => {
    const before = await store(`/store/products?region_id=${sek.id}`);
    expect(before.body).toEqual({ products: [], count: 0, offset: 0, limit: 50 });
    const beforeHandle = await store('/store/products/alpine-tent');
    expect(beforeHandle.status).toBe(404);

    tent = (await run(CREATE_PRODUCT, { input: tentInput() })).createProduct;
    expect(tent).toMatchObject({ handle: 'alpine-tent', status: 'published', collection_id: collection.id, type: { value: 'Tent' } });
    expect(tent.categories.map((c: any) => c.id)).toEqual([tents.id]);
    expect(tent.tags.map((x: any) => x.value).sort()).toEqual(['camping', 'four-season']);
    expect(tent.variants).toHaveLength(3);

    const after = await store(`/store/products?region_id=${sek.id}`);
    expect(after.status).toBe(200);
    expect(after.body.count).toBe(1);
    const doc = after.body.products[0];
    expect(doc).toMatchObject({
      id: tent.id,
      title: 'Alpine Tent',
      subtitle: 'Four seasons, two poles',
      status: 'published',
      collection: { id: collection.id },
    });
    const bySku = new Map<string, any>(doc.variants.map((v: any) => [v.sku, v]));
    expect(bySku.get('alpine-tent-2P-GRN')).toMatchObject({ inventory_quantity: 7, calculated_price: { calculated_amount: 2499, currency_code: 'sek' } });
    expect(bySku.get('alpine-tent-2P-ORG')).toMatchObject({ inventory_quantity: 0, calculated_price: { calculated_amount: 2499, currency_code: 'sek' } });
    expect(bySku.get('alpine-tent-3P-GRN')).toMatchObject({ inventory_quantity: 12, calculated_price: { calculated_amount: 2999.95, currency_code: 'sek' } });
    expect(Object.fromEntries(bySku.get('alpine-tent-3P-GRN').options.map((o: any) => [o.option.title, o.value]))).toEqual({ Size: '3P', Color: 'Green' });

    const inEur = await store(`/store/products/alpine-tent?region_id=${eur.id}`);
    expect(inEur.status).toBe(200);
    const eurBySku = new Map<string, any>(inEur.body.product.variants.map((v: any) => [v.sku, v.calculated_price]));
    expect(eurBySku.get('alpine-tent-2P-GRN')).toMatchObject({ calculated_amount: 219.5, currency_code: 'eur' });
    expect(eurBySku.get('alpine-tent-3P-GRN')).toMatchObject({ calculated_amount: 259.99, currency_code: 'eur' });

    for (const filter of [`collection_id=${collection.id}`, `category_id=${tents.id}`, `q=alpine`, `country_code=se`]) {
      const r = await store(`/store/products?${filter}`);
      expect(r.status).toBe(200);
      expect(r.body.products.map((x: any) => x.id)).toEqual([tent.id]);
    }
    const outOfRange = await store(`/store/products?region_id=${sek.id}&min_price=3000`);
    expect(outOfRange.body.count).toBe(0);
    const inRange = await store(`/store/products?region_id=${sek.id}&min_price=2999&max_price=3000`);
    expect(inRange.body.count).toBe(1);
  });

  it('price, stock, product and variant updates are visible on the next read', async () => {
    const v2g = tent.variants.find((v: any) => v.sku === 'alpine-tent-2P-GRN');
    const read = async () => (await store(`/store/products/${tent.id}?region_id=${sek.id}`)).body.product;
    const variant = (doc: any, id: string) => doc.variants.find((v: any) => v.id === id);
    expect(variant(await read(), v2g.id).calculated_price.calculated_amount).toBe(2499);

    const priced = (
      await run(SET_PRICES, {
        v: v2g.id,
        prices: [
          { currency_code: 'sek', amount: 1999.5 },
          { currency_code: 'eur', amount: 179.99 },
        ],
      })
    ).setVariantPrices;
    expect(
      priced.variants
        .find((v: any) => v.id === v2g.id)
        .prices.map((x: any) => [x.currency_code, x.amount])
        .sort(),
    ).toEqual([
      ['eur', 179.99],
      ['sek', 1999.5],
    ]);
    expect(variant(await read(), v2g.id).calculated_price).toMatchObject({ calculated_amount: 1999.5, currency_code: 'sek' });
    const withPrices = await store(`/store/products/${tent.id}?fields=%2Bvariants.prices`);
    expect(variant(withPrices.body.product, v2g.id).prices).toHaveLength(2);

    const stocked = (await run(SET_STOCK, { v: v2g.id, n: 42 })).setInventoryLevel;
    expect(stocked.variants.find((v: any) => v.id === v2g.id).inventory_quantity).toBe(42);
    expect(variant(await read(), v2g.id).inventory_quantity).toBe(42);
    const list = await store('/store/products');
    expect(variant(list.body.products[0], v2g.id).inventory_quantity).toBe(42);

    await run(UPDATE_PRODUCT, { id: tent.id, input: { title: 'Alpine Tent Pro', handle: 'alpine-tent-pro' } });
    const renamed = await read();
    expect(renamed).toMatchObject({ title: 'Alpine Tent Pro', handle: 'alpine-tent-pro' });
    expect((await store('/store/products/alpine-tent')).status).toBe(404);
    expect((await store('/store/products/alpine-tent-pro')).body.product.id).toBe(tent.id);
    expect((await store('/store/products?q=pro')).body.count).toBe(1);

    const UPDATE_VARIANT = `mutation($id: String!, $input: UpdateVariantInput!) { updateProductVariant(id: $id, input: $input) { ${PRODUCT} } }`;
    await run(UPDATE_VARIANT, { id: v2g.id, input: { title: '2P / Forest Green', sku: 'alpine-tent-2P-FGR', allow_backorder: true } });
    expect(variant(await read(), v2g.id)).toMatchObject({
      title: '2P / Forest Green',
      sku: 'alpine-tent-2P-FGR',
      allow_backorder: true,
      inventory_quantity: 42,
    });

    const CREATE_VARIANT = `mutation($pid: String!, $input: VariantInput!) { createProductVariant(product_id: $pid, input: $input) { ${PRODUCT} } }`;
    const withNew = (
      await run(CREATE_VARIANT, {
        pid: tent.id,
        input: {
          title: '4P / Orange',
          sku: 'alpine-tent-4P-ORG',
          options: { Size: '4P', Color: 'Orange' },
          inventory_quantity: 3,
          prices: [{ currency_code: 'sek', amount: 3999 }],
        },
      })
    ).createProductVariant;
    expect(withNew.variants).toHaveLength(4);
    const added = withNew.variants.find((v: any) => v.sku === 'alpine-tent-4P-ORG');
    const afterAdd = await read();
    expect(afterAdd.variants).toHaveLength(4);
    expect(variant(afterAdd, added.id)).toMatchObject({ inventory_quantity: 3, calculated_price: { calculated_amount: 3999, currency_code: 'sek' } });
    // no EUR price for the new variant: no calculated price in the EUR region
    const eurDoc = (await store(`/store/products/${tent.id}?region_id=${eur.id}`)).body.product;
    expect(variant(eurDoc, added.id).calculated_price).toBeNull();

    // unpublishing hides it, publishing shows it again
    await run(UPDATE_PRODUCT, { id: tent.id, input: { status: 'draft' } });
    expect((await store(`/store/products/${tent.id}`)).status).toBe(404);
    expect((await store('/store/products')).body.count).toBe(0);
    await run(UPDATE_PRODUCT, { id: tent.id, input: { status: 'published' } });
    expect((await store(`/store/products/${tent.id}`)).status).toBe(200);
    expect((await store('/store/products')).body.count).toBe(1);
  });

  it('answers validation errors with {type, code} extensions and writes nothing', async () => {
    const badCurrency = tentInput('bad-currency');
    badCurrency.variants[0].prices = [{ currency_code: 'EURO', amount: 10 }];
    const e1 = await fail(CREATE_PRODUCT, { input: badCurrency });
    expect(e1.extensions).toMatchObject({ type: 'validation_error', code: 'invalid_field' });
    expect(typeof e1.message).toBe('string');

    const v = tent.variants[0];
    const e2 = await fail(SET_PRICES, { v: v.id, prices: [{ currency_code: 'Sek', amount: 10 }] });
    expect(e2.extensions).toMatchObject({ type: 'validation_error', code: 'invalid_field' });
    const e2b = await fail(SET_PRICES, { v: v.id, prices: [{ currency_code: 'sek', amount: -1 }] });
    expect(e2b.extensions).toMatchObject({ type: 'validation_error' });
    const e2c = await fail(SET_PRICES, { v: v.id, prices: [{ currency_code: 'sek', amount: 5, region_id: 'reg_01JAAAAAAAAAAAAAAAAAAAAAAA' }] });
    expect(e2c.extensions).toMatchObject({ type: 'validation_error', code: 'invalid_field' });
    const ghostRegion = tentInput('ghost-region');
    ghostRegion.variants[0].prices = [{ currency_code: 'eur', amount: 10, region_id: 'reg_01JAAAAAAAAAAAAAAAAAAAAAAA' } as never];
    const e2d = await fail(CREATE_PRODUCT, { input: ghostRegion });
    expect(e2d.extensions).toMatchObject({ type: 'validation_error', code: 'invalid_field' });

    const missingOption = tentInput('missing-option');
    missingOption.variants[0].options = { Size: '2P' } as never;
    const e3 = await fail(CREATE_PRODUCT, { input: missingOption });
    expect(e3.extensions).toMatchObject({ type: 'validation_error', code: 'invalid_field' });
    // the failed create left nothing behind: the handle is still free
    expect((await store('/store/products/missing-option')).status).toBe(404);

    const unknownValue = tentInput('unknown-value');
    unknownValue.variants[0].options = { Size: '5P', Color: 'Green' };
    const e4 = await fail(CREATE_PRODUCT, { input: unknownValue });
    expect(e4.extensions).toMatchObject({ type: 'validation_error', code: 'invalid_field' });

    const dup = await fail(CREATE_PRODUCT, { input: { ...tentInput('alpine-tent-pro'), variants: [] } });
    expect(dup.extensions).toMatchObject({ type: 'conflict', code: 'duplicate' });
    const dupSku = await fail(CREATE_PRODUCT, { input: { ...tentInput('another-tent'), variants: [{ ...tentInput().variants[2] }] } });
    expect(dupSku.extensions).toMatchObject({ type: 'conflict', code: 'duplicate' });
    const dupCollection = await fail(CREATE_COLLECTION, { input: { title: 'Trail Gear' } });
    expect(dupCollection.extensions).toMatchObject({ type: 'conflict', code: 'duplicate' });
    // renaming to its own handle is not a conflict; renaming onto another product's handle is
    expect((await run(UPDATE_PRODUCT, { id: tent.id, input: { handle: 'alpine-tent-pro' } })).updateProduct.handle).toBe('alpine-tent-pro');

    const retried = (await run(CREATE_PRODUCT, { input: { ...tentInput('missing-option'), variants: [] } })).createProduct;
    expect(retried.handle).toBe('missing-option');
    const e5 = await fail(UPDATE_PRODUCT, { id: retried.id, input: { handle: 'alpine-tent-pro' } });
    expect(e5.extensions).toMatchObject({ type: 'conflict', code: 'duplicate' });

    const e6 = await fail(CREATE_REGION, { input: { name: 'Nowhere', currency_code: 'xxx', countries: ['zz'] } });
    expect(e6.extensions).toMatchObject({ type: 'validation_error', code: 'invalid_field' });
    const e7 = await fail(CREATE_REGION, { input: { name: 'Shouty', currency_code: 'EUR' } });
    expect(e7.extensions).toMatchObject({ type: 'validation_error', code: 'invalid_field' });
    expect((await store('/store/regions')).body.count).toBe(2);

    const e8 = await fail(CREATE_CATEGORY, { input: { name: 'Orphan', parent_category_id: 'pcat_01JAAAAAAAAAAAAAAAAAAAAAAA' } });
    expect(e8.extensions).toMatchObject({ type: 'validation_error', code: 'invalid_field' });
    const e9 = await fail(SET_STOCK, { v: v.id, n: -5 });
    expect(e9.extensions).toMatchObject({ type: 'validation_error' });
    const e10 = await fail(UPDATE_PRODUCT, { id: 'prod_01JAAAAAAAAAAAAAAAAAAAAAAA', input: { title: 'Ghost' } });
    expect(e10.extensions).toMatchObject({ type: 'not_found', code: 'not_found' });
    const e11 = await fail(SET_STOCK, { v: 'variant_01JAAAAAAAAAAAAAAAAAAAAAAA', n: 1 });
    expect(e11.extensions).toMatchObject({ type: 'not_found', code: 'not_found' });
    const e12 = await fail(UPDATE_PRODUCT, { id: tent.id, input: { collection_id: 'pcol_01JAAAAAAAAAAAAAAAAAAAAAAA' } });
    expect(e12.extensions).toMatchObject({ type: 'validation_error', code: 'invalid_field' });
    const e13 = await fail(UPDATE_PRODUCT, { id: tent.id, input: { category_ids: [tents.id, 'pcat_01JAAAAAAAAAAAAAAAAAAAAAAA'] } });
    expect(e13.extensions).toMatchObject({ type: 'validation_error', code: 'invalid_field' });
    const e14 = await fail(CREATE_PRODUCT, { input: { title: 'Bad handle', handle: 'Bad Handle!' } });
    expect(e14.extensions).toMatchObject({ type: 'validation_error', code: 'invalid_field' });
    // PostgreSQL text cannot hold NUL: a client error, never a 500
    for (const [q, vars] of [
      [CREATE_PRODUCT, { input: { title: 'Nul\u0000Tent' } }],
      [CREATE_PRODUCT, { input: { title: 'Nul meta', metadata: { note: 'a\u0000b' } } }],
      [UPDATE_PRODUCT, { id: tent.id, input: { subtitle: '\u0000' } }],
      [SET_PRICES, { v: v.id, prices: [{ currency_code: 'sek', amount: 5, region_id: 'reg_\u0000' }] }],
      [CREATE_COLLECTION, { input: { title: 'Nul\u0000Collection' } }],
      [CREATE_CATEGORY, { input: { name: 'Nul\u0000Category' } }],
      [CREATE_REGION, { input: { name: 'Nul\u0000Region', currency_code: 'nok' } }],
    ] as const) {
      const e = await fail(q, vars);
      expect(e.extensions).toMatchObject({ type: 'validation_error' });
    }
    const nulRead = await p.graphql(`{ products(q: "\\u0000") { count } }`, {}, { key });
    expect(nulRead.body.errors[0].extensions).toMatchObject({ type: 'validation_error' });
    const nulOne = await p.graphql(`query($id: String!) { product(id: $id) { id } collection(id: $id) { id } }`, { id: 'a\u0000' }, { key });
    expect(nulOne.body.errors[0].extensions.type).toMatch(/validation_error|not_found/);
    expect((await store('/store/products')).body.count).toBe(2);
  });

  it('refuses admin mutations without an admin token', async () => {
    const customer = await p.registerCustomer(key);
    const input = { ...tentInput('hijacked-tent'), variants: [] };
    const asCustomer = await fail(CREATE_PRODUCT, { input }, { token: customer.token, key });
    expect(asCustomer.extensions).toMatchObject({ type: 'permission_error' });
    const asAgent = await fail(CREATE_PRODUCT, { input }, { token: t.agent_api_key });
    expect(asAgent.extensions).toMatchObject({ type: 'permission_error' });
    const anonymous = await fail(CREATE_PRODUCT, { input }, { key });
    expect(anonymous.extensions).toMatchObject({ type: 'authentication_error' });
    const nothing = await fail(CREATE_PRODUCT, { input }, {});
    expect(nothing.extensions).toMatchObject({ type: 'authentication_error' });
    const garbage = await p.graphql(CREATE_PRODUCT, { input }, { token: 'not.a.jwt' });
    expect(garbage.status).toBe(401);
    expect(garbage.body.errors[0].extensions).toMatchObject({ type: 'authentication_error', code: 'token_invalid' });
    for (const [q, vars] of [
      [UPDATE_PRODUCT, { id: tent.id, input: { title: 'Hijacked' } }],
      [SET_PRICES, { v: tent.variants[0].id, prices: [{ currency_code: 'sek', amount: 1 }] }],
      [SET_STOCK, { v: tent.variants[0].id, n: 0 }],
      [CREATE_REGION, { input: { name: 'Hijack', currency_code: 'usd' } }],
      [CREATE_COLLECTION, { input: { title: 'Hijack' } }],
      [CREATE_CATEGORY, { input: { name: 'Hijack' } }],
    ] as const) {
      const e = await fail(q, vars, { token: customer.token });
      expect(e.extensions).toMatchObject({ type: 'permission_error', code: 'forbidden' });
      const anon = await fail(q, vars, { key });
      expect(anon.extensions.type).toBe('authentication_error');
    }
    expect((await store('/store/products/hijacked-tent')).status).toBe(404);
    const doc = (await store(`/store/products/${tent.id}?region_id=${sek.id}`)).body.product;
    expect(doc.title).toBe('Alpine Tent Pro');
    expect(doc.variants.find((v: any) => v.id === tent.variants[0].id)).toMatchObject({
      inventory_quantity: 42,
      calculated_price: { calculated_amount: 1999.5 },
    });
    expect((await store('/store/regions')).body.count).toBe(2);
    expect((await store('/store/collections')).body.count).toBe(1);
  });

  it('writes product.created (and later changes) to the catalog outbox in the same transaction', async () => {
    const db = new Client({ connectionString: p.dbUrl });
    await db.connect();
    try {
      const created = await db.query(`select type, tenant_id, data, request_id from catalog.outbox_event where type = 'product.created' and data->>'id' = $1`, [
        tent.id,
      ]);
      expect(created.rows).toHaveLength(1);
      expect(created.rows[0]).toMatchObject({ type: 'product.created', tenant_id: t.tenant_id, data: { id: tent.id, handle: 'alpine-tent' } });
      const updated = await db.query(
        `select count(*)::int as n from catalog.outbox_event where type = 'product.updated' and data->>'id' = $1 and tenant_id = $2`,
        [tent.id, t.tenant_id],
      );
      expect(updated.rows[0].n).toBeGreaterThanOrEqual(5);
      const stock = await db.query(`select data from catalog.outbox_event where type = 'inventory.updated' and tenant_id = $1`, [t.tenant_id]);
      expect(stock.rows.map((r) => r.data)).toContainEqual({ variant_id: tent.variants[0].id, product_id: tent.id, stocked_quantity: 42 });
      const region = await db.query(`select count(*)::int as n from catalog.outbox_event where type = 'region.created' and tenant_id = $1`, [t.tenant_id]);
      expect(region.rows[0].n).toBe(2);
      // failed and refused mutations emitted nothing
      const handles = await db.query(
        `select data->>'handle' as handle from catalog.outbox_event where type = 'product.created' and tenant_id = $1 order by created_at`,
        [t.tenant_id],
      );
      expect(handles.rows.map((r) => r.handle)).toEqual(['alpine-tent', 'missing-option']);
    } finally {
      await db.end();
    }
  });
});
