import type { PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';
import shapes from './medusa-shapes.json';

/**
 * Medusa v2 response fidelity: every key path a Medusa 2.x store answer holds is in ours, with the
 * same JSON type, so a storefront written against Medusa finds every field it reads.
 *
 * `medusa-shapes.json` holds, per call of a storefront flow, the key paths (`cart.items[].id`) and
 * JSON types of the answers of a real Medusa 2.21.2 server to the same flow (recorded on
 * 2026-11-28, values dropped; keys under `metadata`, `data` and `variant_option_values` are a
 * client's or provider's own and left out). This suite runs the flow against the platform and
 * compares: a path Medusa answered is missing here, or has another type, and the test fails.
 * Where Medusa answered `null` the type says nothing (it depends on the data), so any value passes.
 * Ours may answer null where Medusa had a value only on the paths of `NO_VALUE_HERE`: a concept the
 * platform does not have, or a field Medusa's own types (`@medusajs/types` HttpTypes) declare
 * `| null` that our demo data leaves unset. Extra keys of ours are fine. test/medusa/STARTER-NOTES.md says
 * how to record the shapes again.
 */
type Shapes = Record<string, Record<string, string>>;

/** Paths where the platform answers null for a concept it does not have (the key is there, its value unknown here). */
const NO_VALUE_HERE: Record<string, string> = {
  // StoreProduct.subtitle is `string | null`; not every demo product has one
  'products[].subtitle': 'nullable in Medusa',
  // no stock locations: a region's options ship from a location without an address
  'shipping_options[].service_zone.fulfillment_set.location.address.address_1': 'no stock locations',
  'shipping_options[].service_zone.fulfillment_set.location.address.city': 'no stock locations',
  'shipping_options[].service_zone.fulfillment_set.location.address.country_code': 'no stock locations',
  'shipping_options[].service_zone.fulfillment_set.location.address.created_at': 'no stock locations',
  'shipping_options[].service_zone.fulfillment_set.location.address.updated_at': 'no stock locations',
};

const typeOf = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** Every key path of `v` with the JSON types seen there (array elements under `[]`, and `<path>[]` itself for an array with elements). */
function keyPaths(v: unknown, prefix = '', acc = new Map<string, Set<string>>()): Map<string, Set<string>> {
  if (Array.isArray(v)) {
    if (v.length) acc.set(`${prefix}[]`, new Set(['element']));
    for (const e of v) keyPaths(e, `${prefix}[]`, acc);
  } else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      const p = prefix ? `${prefix}.${k}` : k;
      if (!acc.has(p)) acc.set(p, new Set());
      acc.get(p)!.add(typeOf(x));
      keyPaths(x, p, acc);
    }
  }
  return acc;
}

/** What of Medusa's shape `expected` the answer `body` lacks: missing paths and other types. */
function differences(expected: Record<string, string>, body: unknown): string[] {
  const ours = keyPaths(body);
  const out: string[] = [];
  for (const [path, types] of Object.entries(expected)) {
    const allowed = types.split('|');
    const seen = ours.get(path);
    if (!seen) {
      // a path under an array that is empty in ours cannot be seen (the array's own path is checked)
      const parent = path.slice(0, path.lastIndexOf('[]'));
      if (path.includes('[]') && !ours.has(`${parent}[]`) && ours.get(parent)?.has('array')) continue;
      out.push(`missing ${path} (${types})`);
      continue;
    }
    if (allowed.includes('null')) continue;
    const bad = [...seen].filter((t) => !allowed.includes(t) && !(t === 'null' && NO_VALUE_HERE[path]));
    if (bad.length) out.push(`${path}: ${bad.join('|')} where Medusa has ${types}`);
  }
  return out;
}

describe('Medusa v2 response shapes (every key path Medusa 2.21 answers, with its JSON type)', () => {
  let p: PlatformClient;
  const answers = new Map<string, unknown>();
  let key: string;
  let token: string | undefined;

  const call = async (name: string, method: string, path: string, body?: unknown, o: { token?: string } = {}) => {
    const r = await p.api(method, path, { key, token: o.token ?? token, body });
    if (r.status !== 200) throw new Error(`${name}: ${r.status} ${JSON.stringify(r.body)}`);
    if (!(name in shapes)) throw new Error(`no shape for ${name}`);
    answers.set(name, r.body);
    return r.body;
  };

  beforeAll(async () => {
    p = await sharedPlatform();
    const t = await p.createTenant();
    key = t.publishable_key;
    await p.seedCatalog(t.tenant_id);
    await p.seedCommerce(t.tenant_id);
    // a Medusa store sells through a sales channel its publishable key names (carts get it)
    const admin = await p.adminToken(t);
    const gql = async (query: string, variables: Record<string, unknown> = {}) => (await p.graphql(query, variables, { token: admin, key })).body.data;
    const channel = (await gql('mutation { createSalesChannel(input: { name: "Web shop" }) { id } }')).createSalesChannel.id;
    const all = (await p.api('GET', '/store/products?limit=100&fields=id', { key })).body.products.map((x: { id: string }) => x.id);
    await gql('mutation($id: String!, $i: SalesChannelProductsInput!) { setSalesChannelProducts(id: $id, input: $i) { id } }', {
      id: channel,
      i: { add: all },
    });
    const keyId = (await gql('{ publishableKeys { id } }')).publishableKeys[0].id;
    await gql('mutation($id: String!, $c: [String!]!) { setPublishableKeySalesChannels(id: $id, sales_channel_ids: $c) { id } }', { id: keyId, c: [channel] });

    // the storefront flow of the recording, with data that sets every optional field Medusa's had
    const region = (await call('GET /store/regions', 'GET', '/store/regions')).regions.find((r: any) => r.currency_code === 'eur');
    await call('GET /store/regions/:id', 'GET', `/store/regions/${region.id}`);
    const collections = await call('GET /store/collections', 'GET', '/store/collections');
    await call('GET /store/collections/:id', 'GET', `/store/collections/${collections.collections[0].id}`);
    const categories = await call('GET /store/product-categories', 'GET', '/store/product-categories');
    await call('GET /store/product-categories/:id', 'GET', `/store/product-categories/${categories.product_categories[0].id}`);
    const products = (await call('GET /store/products', 'GET', '/store/products')).products;
    // a product of a collection, with a type, categories and tags (the line items show their ids)
    const product = products.find((x: any) => x.subtitle && x.collection && x.type && x.tags.length && x.variants.length) ?? products[0];
    await call(
      'GET /store/products (priced: region_id, fields=*variants.calculated_price,+variants.inventory_quantity,+metadata,+tags)',
      'GET',
      `/store/products?region_id=${region.id}&fields=*variants.calculated_price,%2Bvariants.inventory_quantity,%2Bmetadata,%2Btags`,
    );
    await call('GET /store/products/:id', 'GET', `/store/products/${product.id}`);
    await call(
      'GET /store/products/:id (priced: region_id, fields=*variants.calculated_price)',
      'GET',
      `/store/products/${product.id}?region_id=${region.id}&fields=*variants.calculated_price`,
    );
    await call('GET /store/payment-providers', 'GET', `/store/payment-providers?region_id=${region.id}`);

    const email = `shapes-${Date.now()}@example.com`;
    const registration = (
      await call('POST /auth/customer/emailpass/register', 'POST', '/auth/customer/emailpass/register', { email, password: 'shapes-pass-1' })
    ).token;
    await call(
      'POST /store/customers',
      'POST',
      '/store/customers',
      { email, first_name: 'Jane', last_name: 'Doe', phone: '+4930123456' },
      { token: registration },
    );
    token = (await call('POST /auth/customer/emailpass', 'POST', '/auth/customer/emailpass', { email, password: 'shapes-pass-1' })).token;
    await call('GET /store/customers/me', 'GET', '/store/customers/me');
    await call('POST /store/customers/me', 'POST', '/store/customers/me', { company_name: 'ACME GmbH' });
    const address = {
      first_name: 'Jane',
      last_name: 'Doe',
      company: 'ACME GmbH',
      address_1: 'Hauptstrasse 1',
      address_2: '2. OG',
      city: 'Berlin',
      province: 'BE',
      postal_code: '10115',
      country_code: 'de',
      phone: '+4930123456',
    };
    const saved = await call('POST /store/customers/me/addresses', 'POST', '/store/customers/me/addresses', {
      ...address,
      address_name: 'Home',
      is_default_billing: true,
      is_default_shipping: true,
    });
    const addressId = saved.customer.addresses[0].id;
    await call('GET /store/customers/me/addresses', 'GET', '/store/customers/me/addresses');
    await call('GET /store/customers/me/addresses/:id', 'GET', `/store/customers/me/addresses/${addressId}`);

    const cart = (await call('POST /store/carts', 'POST', '/store/carts', { region_id: region.id })).cart;
    const variant = product.variants[0];
    await call('POST /store/carts/:id/line-items', 'POST', `/store/carts/${cart.id}/line-items`, { variant_id: variant.id, quantity: 2 });
    await call('POST /store/carts/:id', 'POST', `/store/carts/${cart.id}`, { email, shipping_address: address, billing_address: address });
    const option = (await call('GET /store/shipping-options', 'GET', `/store/shipping-options?cart_id=${cart.id}`)).shipping_options[0];
    await call('POST /store/carts/:id/shipping-methods', 'POST', `/store/carts/${cart.id}/shipping-methods`, { option_id: option.id });
    const collection = (await call('POST /store/payment-collections', 'POST', '/store/payment-collections', { cart_id: cart.id })).payment_collection;
    await call('POST /store/payment-collections/:id/payment-sessions', 'POST', `/store/payment-collections/${collection.id}/payment-sessions`, {
      provider_id: 'pp_system_default',
    });
    await call('GET /store/carts/:id', 'GET', `/store/carts/${cart.id}`);
    await call('GET /store/carts/:id (fields=id,email)', 'GET', `/store/carts/${cart.id}?fields=id,email`);
    const order = (await call('POST /store/carts/:id/complete', 'POST', `/store/carts/${cart.id}/complete`)).order;
    // as recorded: the completed cart (authorised payment, completed_at)
    await call('GET /store/carts/:id (fields=*items.variant)', 'GET', `/store/carts/${cart.id}?fields=%2Aitems.variant`);
    await call('GET /store/orders/:id', 'GET', `/store/orders/${order.id}`);
    await call('GET /store/orders', 'GET', '/store/orders');
    await call('GET /store/orders/:id (fields=*items,*items.variant.product)', 'GET', `/store/orders/${order.id}?fields=%2Aitems,%2Aitems.variant.product`);

    const second = (await p.api('POST', '/store/carts', { key, token, body: { region_id: region.id, items: [{ variant_id: variant.id, quantity: 1 }] } })).body
      .cart;
    await call('POST /store/carts/:id/line-items/:line_id', 'POST', `/store/carts/${second.id}/line-items/${second.items[0].id}`, { quantity: 2 });
    await call('DELETE /store/carts/:id/line-items/:line_id', 'DELETE', `/store/carts/${second.id}/line-items/${second.items[0].id}`);
    await call('DELETE /store/customers/me/addresses/:id', 'DELETE', `/store/customers/me/addresses/${addressId}`);
    await call('POST /auth/token/refresh', 'POST', '/auth/token/refresh');
  });

  it('runs every call of the recorded flow', () => {
    expect([...answers.keys()].sort()).toEqual(Object.keys(shapes).sort());
  });

  it.each(Object.keys(shapes))('%s: every key path of Medusa, with its type', (name) => {
    expect(differences((shapes as Shapes)[name], answers.get(name))).toEqual([]);
  });

  it("a bare fields list answers only those keys (plus ids); '+' and a leading space add to the defaults", async () => {
    const cartId = (answers.get('GET /store/carts/:id') as any).cart.id;
    const bare = await p.api('GET', `/store/carts/${cartId}?fields=email,items.quantity`, { key, token });
    expect(bare.body.cart).toEqual({ id: cartId, email: expect.any(String), items: [{ id: expect.any(String), quantity: 2 }] });
    // `+` unencoded in a query string arrives as a space: Medusa reads it as an addition, not a replacement
    for (const fields of ['%2Bmetadata', '+metadata', '-email']) {
      const r = await p.api('GET', `/store/carts/${cartId}?fields=${fields}`, { key, token });
      expect([fields, Object.keys(r.body.cart).length > 20, 'email' in r.body.cart]).toEqual([fields, true, fields !== '-email']);
    }
    // a relation's object where Medusa has one: the line's product collection
    const plus = await p.api('GET', `/store/carts/${cartId}?fields=%2Bitems.variant.product.collection`, { key, token });
    expect(plus.body.cart.items[0].variant.product.collection).toMatchObject({ id: expect.any(String), title: expect.any(String) });
  });

  it("raw twins hold the amount's exact decimal: order lines, payment collections, shipping prices", () => {
    const order = (answers.get('GET /store/orders/:id') as any).order;
    const item = order.items[0];
    expect(item.raw_unit_price).toEqual({ value: String(item.unit_price), precision: 20 });
    expect(item.raw_quantity).toEqual({ value: '2', precision: 20 });
    expect(item.raw_total).toEqual({ value: String(item.total), precision: 20 });
    expect(order.summary.raw_current_order_total).toEqual({ value: String(order.summary.current_order_total), precision: 20 });
    const pc = order.payment_collections[0];
    expect([pc.raw_amount, pc.captured_amount, pc.raw_captured_amount]).toEqual([
      { value: String(pc.amount), precision: 20 },
      0,
      { value: '0', precision: 20 },
    ]);
    const option = (answers.get('GET /store/shipping-options') as any).shipping_options[0];
    expect(option.calculated_price.raw_calculated_amount).toEqual({ value: String(option.calculated_price.calculated_amount), precision: 20 });
    // the session keeps the signed-in customer (Medusa's context.customer) with the default billing address
    const session = (answers.get('POST /store/payment-collections/:id/payment-sessions') as any).payment_collection.payment_sessions[0];
    expect(session.context.customer).toMatchObject({ email: expect.stringMatching(/^shapes-/), phone: '+4930123456' });
    expect(session.context.customer.billing_address).toMatchObject({ city: 'Berlin', is_default_billing: true });
    expect(session.context.account_holder).toMatchObject({ provider_id: 'pp_system_default', external_id: session.context.customer.id });
  });
});
