import type { TenantCredentials } from '@svc/identity';
import type { PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';
import { waitFor } from '../support/wait';

/**
 * Sales channels (Medusa semantics): a publishable key sees the products of its channels, carts
 * take the key's channel and refuse variants sold elsewhere; a key without channels sees everything.
 */
describe('sales channels scope a publishable key', () => {
  let p: PlatformClient;
  let t: TenantCredentials;
  let admin: string;
  let keyId: string;
  let products: any[];
  let web: string;
  let pos: string;
  const key = () => t.publishable_key;
  const gql = async (query: string, variables: Record<string, unknown> = {}) => {
    const r = await p.graphql(query, variables, { token: admin, key: key() });
    if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
    return r.body.data;
  };
  const list = async (qs = '') => (await p.api('GET', `/store/products?limit=100${qs}`, { key: key() })).body;

  beforeAll(async () => {
    p = await sharedPlatform();
    t = await p.createTenant();
    await p.seedCatalog(t.tenant_id);
    admin = await p.adminToken(t);
    products = (await list()).products;
    web = (await gql('mutation { createSalesChannel(input: { name: "Web shop" }) { id } }')).createSalesChannel.id;
    pos = (await gql('mutation { createSalesChannel(input: { name: "Pop-up store", description: "Markets" }) { id } }')).createSalesChannel.id;
    await gql('mutation($id: String!, $i: SalesChannelProductsInput!) { setSalesChannelProducts(id: $id, input: $i) { id } }', {
      id: web,
      i: { add: products.slice(0, 5).map((x) => x.id) },
    });
    await gql('mutation($id: String!, $i: SalesChannelProductsInput!) { setSalesChannelProducts(id: $id, input: $i) { id } }', {
      id: pos,
      i: { add: [products[10].id] },
    });
    keyId = (await gql('{ publishableKeys { id token sales_channel_ids } }')).publishableKeys[0].id;
  });

  it('a key without channels sees every product', async () => {
    expect((await list()).count).toBe(products.length);
  });

  it('a key with channels sees only their products: lists, details, variants, and the sales_channel_id filter within them', async () => {
    await gql('mutation($id: String!, $c: [String!]!) { setPublishableKeySalesChannels(id: $id, sales_channel_ids: $c) { sales_channel_ids } }', {
      id: keyId,
      c: [web],
    });
    const scoped = await list();
    expect(scoped.count).toBe(5);
    expect(scoped.products.map((x: any) => x.id).sort()).toEqual(
      products
        .slice(0, 5)
        .map((x) => x.id)
        .sort(),
    );
    expect((await p.api('GET', `/store/products/${products[10].id}`, { key: key() })).status).toBe(404);
    expect((await p.api('GET', `/store/products/${products[0].handle}`, { key: key() })).status).toBe(200);
    expect((await p.api('GET', `/store/product-variants/${products[10].variants[0].id}`, { key: key() })).status).toBe(404);
    expect((await list(`&sales_channel_id[0]=${pos}`)).count).toBe(0);
    expect((await list(`&sales_channel_id=${web}`)).count).toBe(5);
    // membership changes show as soon as the change notification lands (the cached pages are dropped)
    await gql('mutation($id: String!, $i: SalesChannelProductsInput!) { setSalesChannelProducts(id: $id, input: $i) { id } }', {
      id: web,
      i: { remove: [products[0].id] },
    });
    await waitFor('the list without the removed product', async () => (await list()).count === 4, 10_000);
  });

  it("carts take the key's channel and refuse variants sold elsewhere", async () => {
    const regions = (await p.api('GET', '/store/regions', { key: key() })).body.regions;
    const cart = (await p.api('POST', '/store/carts', { key: key(), body: { region_id: regions[0].id } })).body.cart;
    expect(cart.sales_channel_id).toBe(web);
    const ok = await p.api('POST', `/store/carts/${cart.id}/line-items`, { key: key(), body: { variant_id: products[1].variants[0].id, quantity: 1 } });
    expect(ok.status).toBe(200);
    const elsewhere = await p.api('POST', `/store/carts/${cart.id}/line-items`, { key: key(), body: { variant_id: products[10].variants[0].id, quantity: 1 } });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.code).toBe('invalid_field');
    const foreign = await p.api('POST', '/store/carts', { key: key(), body: { region_id: regions[0].id, sales_channel_id: pos } });
    expect(foreign.status).toBe(400);
  });

  it('only admins manage channels; bad input is refused', async () => {
    const customer = await p.registerCustomer(key());
    const r = await p.graphql('mutation { createSalesChannel(input: { name: "x" }) { id } }', {}, { token: customer.token, key: key() });
    expect(r.body.errors[0].extensions.type).toBe('permission_error');
    const bad = await p.graphql(
      'mutation($id: String!, $i: SalesChannelProductsInput!) { setSalesChannelProducts(id: $id, input: $i) { id } }',
      { id: web, i: { add: ['prod_not_mine'] } },
      { token: admin, key: key() },
    );
    expect(bad.body.errors[0].extensions.code).toBe('invalid_field');
    const other = await p.createTenant();
    const otherAdmin = await p.adminToken(other);
    const cross = await p.graphql(
      'mutation($id: String!, $i: SalesChannelProductsInput!) { setSalesChannelProducts(id: $id, input: $i) { id } }',
      { id: web, i: { add: [] } },
      { token: otherAdmin },
    );
    expect(cross.body.errors[0].extensions.code).toBe('not_found');
    const badKey = await p.graphql(
      'mutation($id: String!, $c: [String!]!) { setPublishableKeySalesChannels(id: $id, sales_channel_ids: $c) { id } }',
      { id: keyId, c: ['x'] },
      { token: otherAdmin },
    );
    expect(badKey.body.errors[0].extensions.code).toBe('not_found');
  });
});
