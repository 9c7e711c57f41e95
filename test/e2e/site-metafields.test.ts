import type { Client } from 'pg';
import type { TenantCredentials } from '@svc/identity';
import { DEMO_METAFIELD_PRODUCT } from '@svc/site';
import type { PlatformClient } from '../support/http';
import { sharedTwoStores } from '../support/two-stores';
import { graphqlHelpers } from '../support/site';

/**
 * Metafields of the site domain: typed values on products, orders, customers and custom resource
 * types, set (upsert) / deleted / listed by admins through GraphQL; the storefront reads only the
 * visible ones through REST; every type checked; tenants kept apart.
 */
describe('site: metafields', () => {
  const M = 'id resource_type resource_id namespace key type value storefront_visible created_at updated_at';
  const SET = `mutation($input: SetMetafieldInput!) { setMetafield(input: $input) { ${M} } }`;
  const DELETE = `mutation($input: MetafieldKeyInput!) { deleteMetafield(input: $input) { id namespace key } }`;
  const LIST = `query($t: String!, $id: String!) { metafields(resource_type: $t, resource_id: $id) { ${M} } }`;
  /** a product of the shop (references must resolve inside the caller's store) */
  let PRODUCT = '';
  const REF = 'cus_01JABCDEFGHJKMNPQRSTVWXYZ1';

  let p: PlatformClient;
  let sql: Client;
  let shop: TenantCredentials;
  let other: TenantCredentials;
  let admin: string;

  const { run, refused } = graphqlHelpers(
    () => p,
    () => admin,
  );
  const store = (type: string, id: string, key = shop.publishable_key) => p.api('GET', `/store/metafields/${type}/${id}`, { key });
  const set = (input: Record<string, unknown>, token = admin): Promise<any> => run(SET, { input }, token);
  const field = (type: string, value: unknown, extra: Record<string, unknown> = {}) => ({
    resource_type: 'product',
    resource_id: PRODUCT,
    namespace: 'spec',
    key: `k_${type}`,
    type,
    value,
    ...extra,
  });
  const rows = async (tenantId: string) =>
    Number((await sql.query(`select count(*)::int as n from "site".metafield where tenant_id = $1`, [tenantId])).rows[0].n);

  beforeAll(async () => {
    ({ p, sql, shop, other, admin } = await sharedTwoStores());
    PRODUCT = (await run(`mutation { createProduct(input: { title: "Linen shirt" }) { id } }`, {})).id;
  });
  afterAll(async () => {
    await sql?.end();
  });

  const VALID: Array<[string, unknown]> = [
    ['string', 'Made in Portugal'],
    ['integer', -9007199254740991],
    ['decimal', '12345678901234567890.1234567890'],
    ['boolean', false],
    ['json', { sizes: ['S', 'M'], fit: { chest: 52.5 }, none: null }],
    ['date', '2024-02-29'],
    ['url', 'https://example.com/care?x=1'],
    ['reference', REF],
  ];

  it('stores every type with its value as given (a decimal keeps its exact digits)', async () => {
    for (const [type, value] of VALID) {
      const m = await set(field(type, value, { storefront_visible: true }));
      expect(m).toMatchObject({ resource_type: 'product', resource_id: PRODUCT, namespace: 'spec', key: `k_${type}`, type, value, storefront_visible: true });
      expect(m.id).toMatch(/^mf_[0-9A-Z]{26}$/);
    }
    const r = await store('product', PRODUCT);
    expect(r.status).toBe(200);
    expect(r.body.metafields).toEqual(
      VALID.map(([type, value]) => ({ namespace: 'spec', key: `k_${type}`, type, value })).sort((a, b) => a.key.localeCompare(b.key)),
    );
    const events = await sql.query(`select count(*)::int as n from "site".outbox_event where tenant_id = $1 and type = 'metafield.set'`, [shop.tenant_id]);
    expect(events.rows[0].n).toBe(VALID.length);
  });

  it('refuses values that do not fit their type, and writes nothing', async () => {
    const before = await rows(shop.tenant_id);
    const INVALID: Array<[string, unknown]> = [
      ['string', 42],
      ['string', 'x'.repeat(10_001)],
      ['integer', 1.5],
      ['integer', '12'],
      ['integer', 9007199254740992],
      ['decimal', 12.5],
      ['decimal', '1e5'],
      ['decimal', '12.'],
      ['decimal', '0.12345678901'],
      ['decimal', '123456789012345678901'],
      ['boolean', 'true'],
      ['json', { big: 'x'.repeat(17_000) }],
      ['date', '2023-02-29'],
      ['date', '2024-1-05'],
      ['date', '2024-01-05T10:00:00Z'],
      ['url', 'ftp://example.com'],
      ['url', 'javascript:alert(1)'],
      ['url', 'not a url'],
      ['reference', 'hello'],
      ['reference', 'prod_123'],
      ['reference', 7],
    ];
    for (const [type, value] of INVALID) {
      const ext = await refused(SET, { input: field(type, value, { key: 'bad' }) });
      expect(`${type} ${JSON.stringify(value).slice(0, 30)} -> ${ext.type} ${ext.errors?.[0]?.field}`).toBe(
        `${type} ${JSON.stringify(value).slice(0, 30)} -> validation_error value`,
      );
    }
    for (const input of [
      field('color', 'red'),
      field('string', 'x', { resource_type: 'Product' }),
      field('string', 'x', { resource_type: 'my-type' }),
      field('string', 'x', { resource_id: 'a/b' }),
      field('string', 'x', { namespace: 'Has Space' }),
      field('string', 'x', { key: '' }),
    ]) {
      expect(await refused(SET, { input })).toMatchObject({ type: 'validation_error' });
    }
    // a replace with a bad value keeps the stored one
    expect(await refused(SET, { input: field('integer', 'nope') })).toMatchObject({ type: 'validation_error' });
    expect(await rows(shop.tenant_id)).toBe(before);
    const kept = (await p.graphql(LIST, { t: 'product', id: PRODUCT }, { token: admin })).body.data.metafields.find((m: any) => m.key === 'k_integer');
    expect(kept.value).toBe(-9007199254740991);
  });

  it('upserts on (resource, namespace, key): a second set replaces type and value, keeps visibility when absent', async () => {
    const first = await set({
      resource_type: 'order',
      resource_id: 'order_01JABCDEFGHJKMNPQRSTVWXYZ2',
      namespace: 'gift',
      key: 'note',
      type: 'string',
      value: 'Happy birthday',
      storefront_visible: true,
    });
    const second = await set({
      resource_type: 'order',
      resource_id: 'order_01JABCDEFGHJKMNPQRSTVWXYZ2',
      namespace: 'gift',
      key: 'note',
      type: 'json',
      value: { text: 'Happy birthday', from: 'Ana' },
    });
    expect(second).toMatchObject({ id: first.id, type: 'json', value: { text: 'Happy birthday', from: 'Ana' }, storefront_visible: true });
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        p.graphql(
          SET,
          { input: { resource_type: 'customer', resource_id: 'cus_x', namespace: 'crm', key: 'tier', type: 'integer', value: n } },
          { token: admin },
        ),
      ),
    );
    expect(answers.map((a) => a.body.errors)).toEqual([undefined, undefined, undefined, undefined]);
    const list = (await p.graphql(LIST, { t: 'customer', id: 'cus_x' }, { token: admin })).body.data.metafields;
    expect(list).toHaveLength(1);
    expect([1, 2, 3, 4]).toContain(list[0].value);
  });

  it('shows only storefront-visible metafields, on custom resource types too', async () => {
    await set({
      resource_type: 'lookbook',
      resource_id: 'spring-2025',
      namespace: 'display',
      key: 'hero',
      type: 'url',
      value: 'https://cdn.example.com/hero.jpg',
      storefront_visible: true,
    });
    await set({ resource_type: 'lookbook', resource_id: 'spring-2025', namespace: 'internal', key: 'budget', type: 'decimal', value: '1500.00' });
    expect((await store('lookbook', 'spring-2025')).body).toEqual({
      metafields: [{ namespace: 'display', key: 'hero', type: 'url', value: 'https://cdn.example.com/hero.jpg' }],
    });
    const all = (await p.graphql(LIST, { t: 'lookbook', id: 'spring-2025' }, { token: admin })).body.data.metafields;
    expect(all.map((m: any) => [m.key, m.storefront_visible])).toEqual([
      ['hero', true],
      ['budget', false],
    ]); // by namespace: display, internal
    // hiding one takes it off the storefront
    await set({
      resource_type: 'lookbook',
      resource_id: 'spring-2025',
      namespace: 'display',
      key: 'hero',
      type: 'url',
      value: 'https://cdn.example.com/hero.jpg',
      storefront_visible: false,
    });
    expect((await store('lookbook', 'spring-2025')).body).toEqual({ metafields: [] });
  });

  it('answers an empty list for an unknown resource and 400 for a malformed one', async () => {
    expect((await store('product', 'prod_unknown')).body).toEqual({ metafields: [] });
    expect((await store('widget', 'w1')).body).toEqual({ metafields: [] });
    for (const [t, id] of [
      ['Product', PRODUCT],
      ['pro-duct', PRODUCT],
      ['product', '-x'],
      ['product', 'a.b'],
      ['x'.repeat(51), 'a'],
    ]) {
      const r = await store(t, id);
      expect(`${t}/${id} -> ${r.status}`).toBe(`${t}/${id} -> 400`);
      expect(r.body).toMatchObject({ type: 'validation_error' });
    }
    expect((await p.api('GET', `/store/metafields/product/${PRODUCT}?x=1`, { key: shop.publishable_key })).status).toBe(400);
    expect((await p.api('GET', `/store/metafields/product/${PRODUCT}`)).status).toBe(401);
  });

  it('deletes a metafield (404 when absent)', async () => {
    const key = { resource_type: 'product', resource_id: PRODUCT, namespace: 'spec', key: 'k_boolean' };
    expect((await p.graphql(DELETE, { input: key }, { token: admin })).body.data.deleteMetafield).toMatchObject({ namespace: 'spec', key: 'k_boolean' });
    expect((await store('product', PRODUCT)).body.metafields.map((m: any) => m.key)).not.toContain('k_boolean');
    expect(await refused(DELETE, { input: key })).toMatchObject({ type: 'not_found' });
  });

  it('keeps tenants apart', async () => {
    const otherAdmin = await p.adminToken(other);
    // another store cannot point a metafield at this store's product (issue 20 #7): 404, nothing written
    const before = await rows(other.tenant_id);
    expect(
      await refused(
        SET,
        {
          input: {
            resource_type: 'product',
            resource_id: PRODUCT,
            namespace: 'spec',
            key: 'k_string',
            type: 'string',
            value: 'Theirs',
            storefront_visible: true,
          },
        },
        otherAdmin,
      ),
    ).toMatchObject({ type: 'not_found' });
    expect(await rows(other.tenant_id)).toBe(before);
    expect((await store('product', PRODUCT, other.publishable_key)).body).toEqual({ metafields: [] });
    expect((await store('product', PRODUCT)).body.metafields.find((m: any) => m.key === 'k_string').value).toBe('Made in Portugal');
    expect((await p.graphql(LIST, { t: 'product', id: PRODUCT }, { token: otherAdmin })).body.data.metafields).toHaveLength(0);
    expect(
      await refused(DELETE, { input: { resource_type: 'lookbook', resource_id: 'spring-2025', namespace: 'internal', key: 'budget' } }, otherAdmin),
    ).toMatchObject({ type: 'not_found' });
  });

  it('is admin-only for writes and the full list', async () => {
    const customer = await p.registerCustomer(shop.publishable_key);
    expect(await refused(SET, { input: field('string', 'x') }, customer.token)).toMatchObject({ type: 'permission_error' });
    const anon = await p.graphql(LIST, { t: 'product', id: PRODUCT }, { key: shop.publishable_key });
    expect(anon.body.errors[0].extensions).toMatchObject({ type: 'authentication_error' });
  });

  it("seeds the demo product's metafields (one visible, one not) when the catalog has the product", async () => {
    const tenant = await p.createTenant();
    await p.seedCatalog(tenant.tenant_id);
    await p.seedDomain('site', tenant.tenant_id);
    const product = await p.api('GET', `/store/products/${DEMO_METAFIELD_PRODUCT}?fields=id`, { key: tenant.publishable_key });
    const id = product.body.product.id;
    expect((await store('product', id, tenant.publishable_key)).body).toEqual({
      metafields: [{ namespace: 'care', key: 'wash_temperature', type: 'integer', value: 30 }],
    });
    const all = (await p.graphql(LIST, { t: 'product', id }, { token: await p.adminToken(tenant) })).body.data.metafields;
    expect(all.map((m: any) => [m.key, m.storefront_visible])).toEqual([
      ['wash_temperature', true],
      ['supplier_cost', false],
    ]);
  });
});
