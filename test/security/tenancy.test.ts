import { Client } from 'pg';
import type { TenantCredentials } from '@svc/identity';
import type { PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';
import { demoCatalog } from '@svc/catalog';

/**
 * Two tenants with the same demo catalog (same handles, different ids) plus a product only A has:
 * nothing of A is reachable with B's key or token, through REST or GraphQL, and the database holds
 * no row without a tenant and no link across tenants.
 */
describe('tenant isolation', () => {
  const seed = demoCatalog();
  let p: PlatformClient;
  let A: TenantCredentials;
  let B: TenantCredentials;
  let adminA: string;
  let adminB: string;
  /** everything each tenant's store shows, by kind */
  const data: Record<'A' | 'B', { products: any[]; regions: any[]; collections: any[]; categories: any[] }> = {} as never;
  let exclusive: any;

  const as = (k: TenantCredentials, path: string, token?: string) => p.api('GET', path, { key: k.publishable_key, token });

  async function snapshot(k: TenantCredentials) {
    const [products, regions, collections, categories] = await Promise.all([
      as(k, '/store/products?limit=100'),
      as(k, '/store/regions?limit=100'),
      as(k, '/store/collections?limit=100'),
      as(k, '/store/product-categories?limit=100'),
    ]);
    for (const r of [products, regions, collections, categories]) expect(r.status).toBe(200);
    return {
      products: products.body.products,
      regions: regions.body.regions,
      collections: collections.body.collections,
      categories: categories.body.product_categories,
    };
  }

  beforeAll(async () => {
    p = await sharedPlatform();
    A = await p.createTenant('Shop A');
    B = await p.createTenant('Shop B');
    await p.seedCatalog(A.tenant_id);
    await p.seedCatalog(B.tenant_id);
    adminA = await p.adminToken(A);
    adminB = await p.adminToken(B);
    const r = await p.graphql(
      `mutation($input: CreateProductInput!) { createProduct(input: $input) { id handle variants { id } } }`,
      {
        input: {
          title: 'A Exclusive Lamp',
          handle: 'a-exclusive-lamp',
          status: 'published',
          tags: ['a-only'],
          options: [{ title: 'Finish', values: ['Brass'] }],
          variants: [
            { title: 'Brass', sku: 'LAMP-BRASS', options: { Finish: 'Brass' }, prices: [{ currency_code: 'eur', amount: 120 }], inventory_quantity: 4 },
          ],
        },
      },
      { token: adminA },
    );
    expect(r.body.errors).toBeUndefined();
    exclusive = r.body.data.createProduct;
    data.A = await snapshot(A);
    data.B = await snapshot(B);
  });

  it('each tenant sees its own catalog: same handles, different ids', () => {
    expect(data.A.products).toHaveLength(seed.products.length + 1);
    expect(data.B.products).toHaveLength(seed.products.length);
    for (const kind of ['products', 'regions', 'collections', 'categories'] as const) {
      const idsA = new Set(data.A[kind].map((x: any) => x.id));
      const idsB = data.B[kind].map((x: any) => x.id);
      expect(idsB.length).toBeGreaterThan(0);
      expect(idsB.filter((id: string) => idsA.has(id))).toEqual([]);
    }
    const handlesB = data.B.products.map((x: any) => x.handle).sort();
    expect(handlesB).toEqual(seed.products.map((x) => x.handle).sort());
    expect(handlesB).not.toContain(exclusive.handle);
    const variantIdsA = new Set(data.A.products.flatMap((x: any) => x.variants.map((v: any) => v.id)));
    expect(data.B.products.flatMap((x: any) => x.variants.map((v: any) => v.id)).filter((id: string) => variantIdsA.has(id))).toEqual([]);
    const tagIdsA = new Set(data.A.products.flatMap((x: any) => x.tags.map((tg: any) => tg.id)));
    expect(data.B.products.flatMap((x: any) => x.tags.map((tg: any) => tg.id)).filter((id: string) => tagIdsA.has(id))).toEqual([]);
  });

  it("B's key reaches none of A's products by id, handle, list filter or search", async () => {
    for (const prod of data.A.products) {
      const r = await as(B, `/store/products/${prod.id}`);
      expect(r.status).toBe(404);
      expect(r.body.code).toBe('not_found');
    }
    expect((await as(B, `/store/products/${exclusive.handle}`)).status).toBe(404);
    // a shared handle answers B's own product
    const shared = await as(B, `/store/products/${seed.products[0].handle}`);
    expect(shared.body.product.id).toBe(data.B.products.find((x: any) => x.handle === seed.products[0].handle).id);

    const someA = data.A.products.slice(0, 5).map((x: any) => x.id);
    const byIds = await as(B, `/store/products?${someA.map((id: string, i: number) => `id[${i}]=${id}`).join('&')}`);
    expect(byIds.body.count).toBe(0);
    for (const filter of [
      `handle=${exclusive.handle}`,
      'q=exclusive',
      `collection_id=${data.A.collections[0].id}`,
      `category_id=${data.A.categories[0].id}`,
      `tag_id=${data.A.products.find((x: any) => x.id === exclusive.id).tags[0].id}`,
    ]) {
      const r = await as(B, `/store/products?${filter}`);
      expect(r.status).toBe(200);
      expect(r.body.count).toBe(0);
    }
    // A still sees it (the checks above are not vacuous)
    expect((await as(A, `/store/products/${exclusive.handle}`)).body.product.id).toBe(exclusive.id);
    expect((await as(A, '/store/products?q=exclusive')).body.count).toBe(1);
  });

  it("B's key reaches none of A's regions, collections or categories", async () => {
    for (const region of data.A.regions) {
      expect((await as(B, `/store/regions/${region.id}`)).status).toBe(404);
      const priced = await as(B, `/store/products?region_id=${region.id}`);
      expect(priced.status).toBe(400);
    }
    for (const c of data.A.collections) expect((await as(B, `/store/collections/${c.id}`)).status).toBe(404);
    for (const c of data.A.categories) expect((await as(B, `/store/product-categories/${c.id}`)).status).toBe(404);
    const byIdList = await as(B, `/store/collections?id=${data.A.collections[0].id}`);
    expect(byIdList.body.count).toBe(0);
    const catList = await as(B, `/store/categories?id=${data.A.categories[0].id}`);
    expect(catList.body.count).toBe(0);
    const children = await as(B, `/store/product-categories?parent_category_id=${data.A.categories[0].id}`);
    expect(children.body.count).toBe(0);
    // by handle, B gets its own
    const col = await as(B, `/store/collections/${seed.collections[0].handle}`);
    expect(col.body.collection.id).toBe(data.B.collections.find((c: any) => c.handle === seed.collections[0].handle).id);
  });

  it("a customer token of A is refused with B's key and cannot read B's data", async () => {
    const c = await p.registerCustomer(A.publishable_key);
    expect((await as(A, '/store/customers/me', c.token)).status).toBe(200);
    for (const path of ['/store/customers/me', '/store/products', `/store/products/${data.B.products[0].id}`, '/store/regions']) {
      const r = await as(B, path, c.token);
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ type: 'authentication_error', code: 'token_invalid' });
    }
    // without a key the token names its own tenant: still A's data, never B's
    const own = await p.api('GET', `/store/products/${data.B.products[0].id}`, { token: c.token });
    expect(own.status).toBe(401);
    const gql = await p.graphql(`{ products(limit: 100) { count items { id } } }`, {}, { token: c.token });
    expect(gql.body.data.products.count).toBe(seed.products.length + 1);
    expect(gql.body.data.products.items.map((x: any) => x.id)).not.toContain(data.B.products[0].id);
    const login = await p.api('POST', '/auth/customer/emailpass', { key: B.publishable_key, body: { email: c.email, password: c.password } });
    expect(login.status).toBe(401);
    expect(login.body.code).toBe('invalid_credentials');
  });

  it('the same email registers in both tenants as separate identities', async () => {
    const email = `shared-${Date.now()}@example.com`;
    const inA = await p.registerCustomer(A.publishable_key, email, 'password-of-a-1');
    const inB = await p.registerCustomer(B.publishable_key, email, 'password-of-b-2');
    const meA = await as(A, '/store/customers/me', inA.token);
    const meB = await as(B, '/store/customers/me', inB.token);
    expect(meA.status).toBe(200);
    expect(meB.status).toBe(200);
    expect(meA.body.customer.email).toBe(email);
    expect(meB.body.customer.email).toBe(email);
    expect(meA.body.customer.id).not.toBe(meB.body.customer.id);
    await p.api('POST', '/store/customers/me', { key: A.publishable_key, token: inA.token, body: { first_name: 'Alice' } });
    expect((await as(B, '/store/customers/me', inB.token)).body.customer.first_name).toBeNull();
    const wrong = await p.api('POST', '/auth/customer/emailpass', { key: B.publishable_key, body: { email, password: 'password-of-a-1' } });
    expect(wrong.status).toBe(401);
    const right = await p.api('POST', '/auth/customer/emailpass', { key: B.publishable_key, body: { email, password: 'password-of-b-2' } });
    expect(right.status).toBe(200);
    expect((await as(B, '/store/customers/me', right.body.token)).body.customer.id).toBe(meB.body.customer.id);
    const dup = await p.api('POST', '/auth/customer/emailpass/register', { key: A.publishable_key, body: { email, password: 'password-of-a-3' } });
    expect(dup.status).toBe(409);
  });

  it("A's admin cannot change B's catalog or reference B's records", async () => {
    const bProduct = data.B.products[0];
    const bVariant = bProduct.variants[0];
    const PRODUCT = 'id title';
    const attempts: Array<[string, Record<string, unknown>]> = [
      [`mutation($id: String!) { updateProduct(id: $id, input: { title: "Owned by A" }) { ${PRODUCT} } }`, { id: bProduct.id }],
      [`mutation($id: String!) { updateProduct(id: $id, input: { status: "draft" }) { ${PRODUCT} } }`, { id: bProduct.id }],
      [`mutation($id: String!) { createProductVariant(product_id: $id, input: { title: "X", sku: "A-INTO-B" }) { ${PRODUCT} } }`, { id: bProduct.id }],
      [`mutation($id: String!) { updateProductVariant(id: $id, input: { title: "Owned by A" }) { ${PRODUCT} } }`, { id: bVariant.id }],
      [`mutation($id: String!) { setVariantPrices(variant_id: $id, prices: [{ currency_code: "eur", amount: 0.01 }]) { ${PRODUCT} } }`, { id: bVariant.id }],
      [`mutation($id: String!) { setInventoryLevel(variant_id: $id, stocked_quantity: 0) { ${PRODUCT} } }`, { id: bVariant.id }],
      [`query($id: String!) { adminProduct(id: $id) { ${PRODUCT} } }`, { id: bProduct.id }],
    ];
    for (const [q, vars] of attempts) {
      const r = await p.graphql(q, vars, { token: adminA });
      expect(r.status).toBeLessThan(500);
      expect(r.body.errors?.[0]?.extensions).toMatchObject({ type: 'not_found', code: 'not_found' });
      // with B's key the token is refused outright
      const withKey = await p.graphql(q, vars, { token: adminA, key: B.publishable_key });
      expect(withKey.status).toBe(401);
      expect(withKey.body.errors[0].extensions).toMatchObject({ type: 'authentication_error', code: 'token_invalid' });
    }
    // references to B's records from A's writes
    const aProduct = data.A.products.find((x: any) => x.id !== exclusive.id);
    const refs: Array<[string, Record<string, unknown>]> = [
      [`mutation($id: String!, $c: String!) { updateProduct(id: $id, input: { collection_id: $c }) { id } }`, { id: aProduct.id, c: data.B.collections[0].id }],
      [`mutation($id: String!, $c: String!) { updateProduct(id: $id, input: { category_ids: [$c] }) { id } }`, { id: aProduct.id, c: data.B.categories[0].id }],
      [
        `mutation($c: String!) { createProductCategory(input: { name: "Sub of B", handle: "sub-of-b", parent_category_id: $c }) { id } }`,
        { c: data.B.categories[0].id },
      ],
      [
        `mutation($v: String!, $r: String!) { setVariantPrices(variant_id: $v, prices: [{ currency_code: "eur", amount: 1, region_id: $r }]) { id } }`,
        { v: exclusive.variants[0].id, r: data.B.regions[0].id },
      ],
    ];
    for (const [q, vars] of refs) {
      const r = await p.graphql(q, vars, { token: adminA });
      expect(r.body.errors?.[0]?.extensions).toMatchObject({ type: 'validation_error', code: 'invalid_field' });
    }
    // B's product is untouched, and B's own admin can still change it
    const after = await as(B, `/store/products/${bProduct.id}`);
    expect(after.status).toBe(200);
    expect(after.body.product).toEqual(bProduct);
    const own = await p.graphql(`query($id: String!) { adminProduct(id: $id) { id title } }`, { id: bProduct.id }, { token: adminB });
    expect(own.body.data.adminProduct).toEqual({ id: bProduct.id, title: bProduct.title });
  });

  it('GraphQL queries are tenant-scoped the same way', async () => {
    const q = `query($p: String!, $r: String!, $c: String!, $k: String!) {
      product(id: $p) { id } region(id: $r) { id } collection(id: $c) { id } productCategory(id: $k) { id }
    }`;
    const vars = { p: exclusive.id, r: data.A.regions[0].id, c: data.A.collections[0].id, k: data.A.categories[0].id };
    const asA = await p.graphql(q, vars, { key: A.publishable_key });
    expect(asA.body.errors).toBeUndefined();
    const asB = await p.graphql(q, vars, { key: B.publishable_key });
    expect(asB.body.data).toBeNull();
    for (const field of ['product', 'region', 'collection', 'productCategory']) {
      const one = await p.graphql(
        `query($id: String!) { ${field}(id: $id) { id } }`,
        { id: vars[field === 'product' ? 'p' : field === 'region' ? 'r' : field === 'collection' ? 'c' : 'k'] },
        { key: B.publishable_key },
      );
      expect(one.body.errors[0].extensions).toMatchObject({ type: 'not_found', code: 'not_found' });
    }
    const lists = await p.graphql(
      `{ products(limit: 100) { count items { id } } regions { items { id } } collections(limit: 100) { items { id } } productCategories(limit: 100) { items { id } } }`,
      {},
      { key: B.publishable_key },
    );
    const d = lists.body.data;
    expect(d.products.count).toBe(seed.products.length);
    expect(d.products.items.map((x: any) => x.id).sort()).toEqual(data.B.products.map((x: any) => x.id).sort());
    expect(d.regions.items.map((x: any) => x.id).sort()).toEqual(data.B.regions.map((x: any) => x.id).sort());
    expect(d.collections.items.map((x: any) => x.id).sort()).toEqual(data.B.collections.map((x: any) => x.id).sort());
    expect(d.productCategories.items.map((x: any) => x.id).sort()).toEqual(data.B.categories.map((x: any) => x.id).sort());
    const noTenant = await p.graphql(`{ products { count } }`);
    expect(noTenant.body.errors[0].extensions).toMatchObject({ type: 'authentication_error', code: 'publishable_key_required' });
  });

  it('no row without a tenant and no link across tenants (SQL)', async () => {
    const db = new Client({ connectionString: p.dbUrl });
    await db.connect();
    try {
      const cols = await db.query(
        `select table_schema, table_name from information_schema.columns
         where column_name = 'tenant_id' and table_schema in ('identity', 'catalog') order by 1, 2`,
      );
      const tables = cols.rows.map((r) => `${r.table_schema}.${r.table_name}`);
      expect(tables).toEqual(expect.arrayContaining(['catalog.product', 'catalog.price', 'identity.customer', 'identity.auth_identity']));
      for (const r of cols.rows) {
        // the outbox carries platform-level events (tenant null) too; tenant events are checked below
        if (r.table_name === 'outbox_event') continue;
        const n = await db.query(`select count(*)::int as n from "${r.table_schema}"."${r.table_name}" where tenant_id is null`);
        expect({ table: `${r.table_schema}.${r.table_name}`, nulls: n.rows[0].n }).toEqual({ table: `${r.table_schema}.${r.table_name}`, nulls: 0 });
      }
      for (const schema of ['identity', 'catalog']) {
        const n = await db.query(
          `select type, count(*)::int as n from "${schema}".outbox_event where tenant_id is null and (type like 'product.%' or type like 'customer.%' or type like 'inventory.%' or type like 'region.%') group by type`,
        );
        expect(n.rows).toEqual([]);
      }
      const tenantOfProductEvents = await db.query(`select distinct tenant_id from catalog.outbox_event where data->>'id' = $1`, [exclusive.id]);
      expect(tenantOfProductEvents.rows).toEqual([{ tenant_id: A.tenant_id }]);

      // child rows and link rows never cross tenants
      const crossings: Array<[string, string]> = [
        [
          'variant vs product',
          `select count(*)::int as n from catalog.product_variant v join catalog.product p on p.id = v.product_id where v.tenant_id <> p.tenant_id`,
        ],
        [
          'price vs variant',
          `select count(*)::int as n from catalog.price x join catalog.product_variant v on v.id = x.variant_id where x.tenant_id <> v.tenant_id`,
        ],
        ['price vs region', `select count(*)::int as n from catalog.price x join catalog.region r on r.id = x.region_id where x.tenant_id <> r.tenant_id`],
        [
          'inventory vs variant',
          `select count(*)::int as n from catalog.inventory_level x join catalog.product_variant v on v.id = x.variant_id where x.tenant_id <> v.tenant_id`,
        ],
        [
          'option vs product',
          `select count(*)::int as n from catalog.product_option o join catalog.product p on p.id = o.product_id where o.tenant_id <> p.tenant_id`,
        ],
        [
          'image vs product',
          `select count(*)::int as n from catalog.product_image i join catalog.product p on p.id = i.product_id where i.tenant_id <> p.tenant_id`,
        ],
        [
          'product vs collection',
          `select count(*)::int as n from catalog.product p join catalog.product_collection c on c.id = p.collection_id where p.tenant_id <> c.tenant_id`,
        ],
        [
          'product vs type',
          `select count(*)::int as n from catalog.product p join catalog.product_type t on t.id = p.type_id where p.tenant_id <> t.tenant_id`,
        ],
        [
          'category vs parent',
          `select count(*)::int as n from catalog.product_category c join catalog.product_category pc on pc.id = c.parent_id where c.tenant_id <> pc.tenant_id`,
        ],
        [
          'category link',
          `select count(*)::int as n from catalog.product_category_link l join catalog.product p on p.id = l.product_id join catalog.product_category c on c.id = l.category_id where p.tenant_id <> c.tenant_id`,
        ],
        [
          'tag link',
          `select count(*)::int as n from catalog.product_tag_link l join catalog.product p on p.id = l.product_id join catalog.product_tag t on t.id = l.tag_id where p.tenant_id <> t.tenant_id`,
        ],
        [
          'variant option link',
          `select count(*)::int as n from catalog.variant_option_value l join catalog.product_variant v on v.id = l.variant_id join catalog.product_option_value o on o.id = l.option_value_id where v.tenant_id <> o.tenant_id`,
        ],
        [
          'region country',
          `select count(*)::int as n from catalog.region_country c join catalog.region r on r.id = c.region_id where c.tenant_id <> r.tenant_id`,
        ],
        [
          'address vs customer',
          `select count(*)::int as n from identity.customer_address a join identity.customer c on c.id = a.customer_id where a.tenant_id <> c.tenant_id`,
        ],
        [
          'identity vs customer',
          `select count(*)::int as n from identity.auth_identity i join identity.customer c on c.id = i.customer_id where i.tenant_id <> c.tenant_id`,
        ],
      ];
      for (const [name, sql] of crossings) {
        const n = await db.query(sql);
        expect({ name, n: n.rows[0].n }).toEqual({ name, n: 0 });
      }
    } finally {
      await db.end();
    }
  });
});
