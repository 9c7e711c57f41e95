import Medusa from '@medusajs/js-sdk';
import type { TenantCredentials } from '@svc/identity';
import type { PlatformClient } from '../support/http';
import { transferTokenIn } from '../support/mailbox';
import { sharedPlatform } from '../support/shared';
import { waitFor } from '../support/wait';

/**
 * Commerce end to end: the Medusa storefront flow through the official SDK (cart, promotion,
 * address, shipping, payment, completion, orders, cancellation), stock under concurrency, bad input
 * and other tenants' and customers' ids.
 */
describe('commerce: carts, checkout and orders', () => {
  let p: PlatformClient;
  let t: TenantCredentials;
  let other: TenantCredentials;
  let eur: any;

  const sdkFor = (key: string) => new Medusa({ baseUrl: `${p.url}/api`, publishableKey: key, auth: { type: 'jwt', jwtTokenStorageMethod: 'memory' } });
  const seedShop = async (creds: TenantCredentials) => {
    await p.seedCatalog(creds.tenant_id);
    await p.seedCommerce(creds.tenant_id);
  };
  const firstVariant = async (key: string, regionId: string, skip = 0) => {
    const r = await p.api('GET', `/store/products?limit=1&offset=${skip}&region_id=${regionId}&fields=%2Bvariants.inventory_quantity`, { key });
    return r.body.products[0].variants[0];
  };

  beforeAll(async () => {
    p = await sharedPlatform();
    t = await p.createTenant();
    other = await p.createTenant();
    await seedShop(t);
    await seedShop(other);
    const regions = await p.api('GET', '/store/regions', { key: t.publishable_key });
    eur = regions.body.regions.find((r: any) => r.currency_code === 'eur');
  });

  it('runs the whole storefront flow with @medusajs/js-sdk and cancels the order', async () => {
    const sdk = sdkFor(t.publishable_key);
    const email = `buyer-${Date.now()}@example.com`;
    await sdk.auth.register('customer', 'emailpass', { email, password: 'buyer-password-1' });
    await sdk.store.customer.create({ email, first_name: 'Ada', last_name: 'Lovelace' });
    await sdk.auth.login('customer', 'emailpass', { email, password: 'buyer-password-1' });

    const { products } = await sdk.store.product.list({ limit: 2, region_id: eur.id, fields: '*variants.calculated_price,+variants.inventory_quantity' });
    const variant = products[0].variants![0];
    const price = variant.calculated_price!.calculated_amount as number;
    const stockBefore = variant.inventory_quantity as number;

    let { cart } = await sdk.store.cart.create({ region_id: eur.id });
    expect(cart.customer_id).toBeTruthy();
    expect(cart.email).toBe(email);
    ({ cart } = await sdk.store.cart.createLineItem(cart.id, { variant_id: variant.id, quantity: 2 }));
    expect(cart.items).toHaveLength(1);
    expect(cart.item_subtotal).toBeCloseTo(price * 2, 4);

    ({ cart } = await sdk.store.cart.update(cart.id, {
      shipping_address: { first_name: 'Ada', last_name: 'Lovelace', address_1: 'Hauptstr. 1', city: 'Berlin', postal_code: '10115', country_code: 'de' },
      billing_address: { first_name: 'Ada', last_name: 'Lovelace', address_1: 'Hauptstr. 1', city: 'Berlin', postal_code: '10115', country_code: 'de' },
    }));
    ({ cart } = await sdk.store.cart.addPromotions(cart.id, { promo_codes: ['welcome10'] }));
    expect(cart.promotions.map((x: any) => x.code)).toEqual(['WELCOME10']);
    expect(cart.discount_subtotal).toBeCloseTo(price * 2 * 0.1, 2);

    const { shipping_options } = await sdk.store.fulfillment.listCartOptions({ cart_id: cart.id });
    expect(shipping_options.length).toBe(2);
    const express = shipping_options.find((o: any) => o.name === 'Express Shipping')!;
    ({ cart } = await sdk.store.cart.addShippingMethod(cart.id, { option_id: express.id }));
    expect(cart.shipping_subtotal).toBe(14.95);

    // totals as Medusa computes them: 19% VAT on (items − discount) and on shipping
    const items = price * 2;
    const discount = Math.round(items * 0.1 * 10000) / 10000;
    const tax = Math.round((items - discount) * 0.19 * 10000) / 10000 + Math.round(14.95 * 0.19 * 10000) / 10000;
    expect(cart.subtotal).toBeCloseTo(items + 14.95, 4);
    expect(cart.tax_total).toBeCloseTo(tax, 3);
    expect(cart.total).toBeCloseTo(items + 14.95 - discount + tax, 3);

    const { payment_providers } = await sdk.store.payment.listPaymentProviders({ region_id: eur.id });
    expect(payment_providers.map((x: any) => x.id)).toEqual(['pp_bank-transfer_default', 'pp_system_default']);
    const { payment_collection } = await sdk.store.payment.initiatePaymentSession(cart, { provider_id: 'pp_system_default' });
    // charged in whole cents (a 19% tax makes tenths of a cent)
    expect(payment_collection.amount).toBe(Math.round(cart.total * 100) / 100);
    expect(payment_collection.payment_sessions![0].provider_id).toBe('pp_system_default');

    const done = await sdk.store.cart.complete(cart.id);
    expect(done.type).toBe('order');
    const order = (done as any).order;
    expect(order.display_id).toBeGreaterThan(1); // the seeded demo order is number 1
    expect(order.total).toBeCloseTo(cart.total, 4);
    expect(order.items[0].variant_id).toBe(variant.id);
    // idempotent: completing again answers the same order
    const again = await sdk.store.cart.complete(cart.id);
    expect((again as any).order.id).toBe(order.id);

    const after = await firstVariant(t.publishable_key, eur.id);
    expect(after.inventory_quantity).toBe(stockBefore - 2);

    const { orders, count } = await sdk.store.order.list();
    expect(count).toBe(1);
    expect(orders[0].id).toBe(order.id);
    const { order: fetched } = await sdk.store.order.retrieve(order.id);
    expect(fetched.email).toBe(email);

    const cancelled = await sdk.client.fetch<any>(`/store/orders/${order.id}/cancel`, { method: 'POST' });
    expect(cancelled.order.status).toBe('canceled');
    expect((await firstVariant(t.publishable_key, eur.id)).inventory_quantity).toBe(stockBefore);
    await expect(sdk.client.fetch(`/store/orders/${order.id}/cancel`, { method: 'POST' })).rejects.toMatchObject({ status: 409 });
  });

  it('never sells more than the stock: 20 buyers race for the last 5 units', async () => {
    const key = t.publishable_key;
    const variant = await firstVariant(key, eur.id, 3);
    const admin = await p.adminToken(t);
    const set = await p.graphql(
      'mutation($id: String!) { setInventoryLevel(variant_id: $id, stocked_quantity: 5) { id } }',
      { id: variant.id },
      { token: admin, key },
    );
    expect(set.body.errors).toBeUndefined();
    const carts: string[] = [];
    for (let i = 0; i < 20; i++) {
      const c = await p.api('POST', '/store/carts', {
        key,
        body: { region_id: eur.id, email: `racer${i}@example.com`, items: [{ variant_id: variant.id, quantity: 1 }] },
      });
      expect(c.status).toBe(200);
      const options = await p.api('GET', `/store/shipping-options?cart_id=${c.body.cart.id}`, { key });
      await p.api('POST', `/store/carts/${c.body.cart.id}/shipping-methods`, { key, body: { option_id: options.body.shipping_options[0].id } });
      const pc = await p.api('POST', '/store/payment-collections', { key, body: { cart_id: c.body.cart.id } });
      await p.api('POST', `/store/payment-collections/${pc.body.payment_collection.id}/payment-sessions`, { key, body: { provider_id: 'pp_system_default' } });
      carts.push(c.body.cart.id);
    }
    const results = await Promise.all(carts.map((id) => p.api('POST', `/store/carts/${id}/complete`, { key })));
    const ok = results.filter((r) => r.status === 200 && r.body.type === 'order');
    const refused = results.filter((r) => r.status === 409);
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const r of refused) expect(r.body).toMatchObject({ type: 'conflict', code: 'insufficient_inventory' });
    expect((await firstVariant(key, eur.id, 3)).inventory_quantity).toBe(0);
    // display ids are distinct and consecutive
    const ids = ok.map((r) => r.body.order.display_id).sort((a: number, b: number) => a - b);
    expect(new Set(ids).size).toBe(5);
  });

  it('answers bad input with the documented 4xx and writes nothing', async () => {
    const key = t.publishable_key;
    const variant = await firstVariant(key, eur.id);
    const c = await p.api('POST', '/store/carts', { key, body: { region_id: eur.id } });
    const id = c.body.cart.id;
    const bad: Array<[string, string, unknown, number]> = [
      ['POST', '/store/carts', { region_id: 'reg_nope' }, 400],
      ['POST', '/store/carts', { bogus: 1 }, 400],
      ['POST', `/store/carts/${id}/line-items`, { variant_id: variant.id, quantity: 0 }, 400],
      ['POST', `/store/carts/${id}/line-items`, { variant_id: variant.id, quantity: -1 }, 400],
      ['POST', `/store/carts/${id}/line-items`, { variant_id: variant.id, quantity: 1e9 }, 400],
      ['POST', `/store/carts/${id}/line-items`, { variant_id: variant.id, quantity: '2' }, 400],
      ['POST', `/store/carts/${id}/line-items`, { quantity: 1 }, 400],
      ['POST', `/store/carts/${id}/line-items`, { variant_id: 'variant_nope', quantity: 1 }, 404],
      ['POST', `/store/carts/${id}/promotions`, { promo_codes: ['NOPE'] }, 400],
      ['POST', `/store/carts/${id}/shipping-methods`, { option_id: 'so_nope' }, 400],
      ['POST', `/store/carts/${id}/complete`, undefined, 400],
      ['POST', '/store/payment-collections/pay_col_nope/payment-sessions', { provider_id: 'pp_system_default' }, 404],
      ['GET', '/store/shipping-options', undefined, 400],
      ['GET', '/store/orders/order_nope', undefined, 404],
      ['GET', '/store/carts/cart_nope', undefined, 404],
    ];
    for (const [method, path, body, status] of bad) {
      const r = await p.api(method, path, { key, body });
      expect({ path, status: r.status }).toEqual({ path, status });
      expect(typeof r.body.type).toBe('string');
      expect(typeof r.body.code).toBe('string');
    }
    const still = await p.api('GET', `/store/carts/${id}`, { key });
    expect(still.body.cart.items).toHaveLength(0);
    expect(still.body.cart.promotions).toHaveLength(0);
    // an anonymous order list needs a customer
    expect((await p.api('GET', '/store/orders', { key })).status).toBe(401);
  });

  it("keeps other tenants' and other customers' carts and orders out of reach (404, never data)", async () => {
    const key = t.publishable_key;
    const a = await p.registerCustomer(key);
    const b = await p.registerCustomer(key);
    const variant = await firstVariant(key, eur.id, 1);
    const c = await p.api('POST', '/store/carts', { key, token: a.token, body: { region_id: eur.id, items: [{ variant_id: variant.id, quantity: 1 }] } });
    expect(c.status).toBe(200);
    const id = c.body.cart.id;
    expect((await p.api('GET', `/store/carts/${id}`, { key: other.publishable_key })).status).toBe(404);
    expect((await p.api('GET', `/store/carts/${id}`, { key, token: b.token })).status).toBe(404);
    expect((await p.api('GET', `/store/carts/${id}`, { key })).status).toBe(404);
    expect((await p.api('POST', `/store/carts/${id}/line-items`, { key, token: b.token, body: { variant_id: variant.id, quantity: 1 } })).status).toBe(404);
    expect((await p.api('POST', `/store/carts/${id}/customer`, { key, token: b.token })).status).toBe(404);
    // another tenant's variant cannot be added
    const foreign = await firstVariant(other.publishable_key, (await p.api('GET', '/store/regions', { key: other.publishable_key })).body.regions[0].id);
    expect((await p.api('POST', `/store/carts/${id}/line-items`, { key, token: a.token, body: { variant_id: foreign.id, quantity: 1 } })).status).toBe(404);

    // a's order: b and other tenants get 404
    const options = await p.api('GET', `/store/shipping-options?cart_id=${id}`, { key, token: a.token });
    await p.api('POST', `/store/carts/${id}/shipping-methods`, { key, token: a.token, body: { option_id: options.body.shipping_options[0].id } });
    const pc = await p.api('POST', '/store/payment-collections', { key, token: a.token, body: { cart_id: id } });
    await p.api('POST', `/store/payment-collections/${pc.body.payment_collection.id}/payment-sessions`, {
      key,
      token: a.token,
      body: { provider_id: 'pp_bank-transfer_default' },
    });
    const done = await p.api('POST', `/store/carts/${id}/complete`, { key, token: a.token });
    expect(done.body.type).toBe('order');
    const orderId = done.body.order.id;
    expect((await p.api('GET', `/store/orders/${orderId}`, { key, token: b.token })).status).toBe(404);
    expect((await p.api('GET', `/store/orders/${orderId}`, { key })).status).toBe(404);
    expect((await p.api('GET', `/store/orders/${orderId}`, { key: other.publishable_key })).status).toBe(404);
    expect((await p.api('POST', `/store/orders/${orderId}/cancel`, { key, token: b.token })).status).toBe(404);
    expect((await p.api('GET', '/store/orders/me', { key, token: b.token })).body.count).toBe(0);
    expect((await p.api('GET', '/store/orders/me', { key, token: a.token })).body.count).toBe(1);
    // the list (plain SQL, a page and a count) answers the same order document as the single read
    const listed = await p.api('GET', '/store/orders', { key, token: a.token });
    const single = await p.api('GET', `/store/orders/${orderId}`, { key, token: a.token });
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ count: 1, offset: 0 });
    expect(listed.body.orders).toEqual([single.body.order]);
    expect((await p.api('GET', '/store/orders?offset=1', { key, token: a.token })).body).toMatchObject({ orders: [], count: 1 });
    // admin GraphQL: the tenant's orders with filters and paging; another tenant's admin sees none of them
    const admin = await p.adminToken(t);
    const idOf = async (token: string) => (await p.api('GET', '/store/customers/me', { key, token })).body.customer.id as string;
    const [aId, bId] = [await idOf(a.token), await idOf(b.token)];
    const adminList = (vars: Record<string, unknown>, token = admin, k = key) =>
      p.graphql(
        'query($limit: Int, $offset: Int, $status: [String!], $customer: String) { adminOrders(limit: $limit, offset: $offset, status: $status, customer_id: $customer) { count items { id status customer_id } } }',
        vars,
        { token, key: k },
      );
    const ofA = await adminList({ customer: aId });
    expect(ofA.body.errors).toBeUndefined();
    expect(ofA.body.data.adminOrders).toEqual({ count: 1, items: [{ id: orderId, status: 'pending', customer_id: aId }] });
    expect((await adminList({ customer: aId, status: ['canceled'] })).body.data.adminOrders).toEqual({ count: 0, items: [] });
    expect((await adminList({ customer: aId, status: ['pending', 'canceled'] })).body.data.adminOrders.count).toBe(1);
    expect((await adminList({ customer: bId })).body.data.adminOrders).toEqual({ count: 0, items: [] });
    const all = (await adminList({ limit: 1, offset: 0 })).body.data.adminOrders;
    expect(all.items).toHaveLength(1);
    expect(all.count).toBeGreaterThanOrEqual(1);
    const otherAdmin = await p.adminToken(other);
    const foreignAdmin = await adminList({ customer: aId }, otherAdmin, other.publishable_key);
    expect(foreignAdmin.body.data.adminOrders).toEqual({ count: 0, items: [] });
    // the customer's orders through the graph (commerce extends identity's Customer); nobody else's
    const mine = await p.graphql('{ me { email orders { count items { id } } } }', {}, { key, token: a.token });
    expect(mine.body.data.me.orders.items.map((o: any) => o.id)).toEqual([orderId]);
    const theirs = await p.graphql('{ me { orders { count } } }', {}, { key, token: b.token });
    expect(theirs.body.data.me.orders.count).toBe(0);
    // REST: Medusa's fields=*orders on the profile (what the Next.js starter sends on every page)
    const profile = await p.api('GET', '/store/customers/me?fields=%2Aorders', { key, token: a.token });
    expect(profile.status).toBe(200);
    expect(profile.body.customer.orders.map((o: any) => o.id)).toEqual([orderId]);
    expect(profile.body.customer.addresses).toEqual([]);
    expect((await p.api('GET', '/store/customers/me', { key, token: a.token })).body.customer.orders).toBeUndefined();
  });

  it('transfers a guest order to the customer who asks, with the token sent to the order email', async () => {
    const key = t.publishable_key;
    const variant = await firstVariant(key, eur.id, 2);
    const c = await p.api('POST', '/store/carts', {
      key,
      body: { region_id: eur.id, email: 'guest@example.com', items: [{ variant_id: variant.id, quantity: 1 }] },
    });
    const id = c.body.cart.id;
    const options = await p.api('GET', `/store/shipping-options?cart_id=${id}`, { key });
    await p.api('POST', `/store/carts/${id}/shipping-methods`, { key, body: { option_id: options.body.shipping_options[0].id } });
    const pc = await p.api('POST', '/store/payment-collections', { key, body: { cart_id: id } });
    await p.api('POST', `/store/payment-collections/${pc.body.payment_collection.id}/payment-sessions`, { key, body: { provider_id: 'pp_system_default' } });
    const order = (await p.api('POST', `/store/carts/${id}/complete`, { key })).body.order;
    expect(order.customer_id).toBeNull();

    const me = await p.registerCustomer(key);
    const asked = await p.api('POST', `/store/orders/${order.id}/transfer/request?fields=id,email`, { key, token: me.token, body: {} });
    expect(asked.status).toBe(200);
    expect(Object.keys(asked.body.order).sort()).toEqual(['email', 'id']);
    // the token is mailed to the order's email; the event does not carry it, the order keeps its hash
    const mail = await waitFor('the transfer mail', async () =>
      (await p.mailsTo('guest@example.com')).find((m) => m.text.includes(order.id) && /take over/.test(m.subject)),
    );
    expect(mail.subject).toBe(`A request to take over your order #${order.display_id}`);
    const token = transferTokenIn(mail) as string;
    expect(token).toMatch(/\S{20,}/);
    const { Client } = await import('pg');
    const sql = new Client({ connectionString: p.dbUrl });
    await sql.connect();
    const ev = await sql.query(`select data as payload from commerce.outbox_event where type = 'order.transfer_requested' and data->>'id' = $1`, [order.id]);
    const stored = await sql.query(`select transfer from commerce."order" where id = $1`, [order.id]);
    await sql.end();
    expect(Object.keys(ev.rows[0].payload).sort()).toEqual(['email', 'expires_at', 'id', 'requested_by']);
    expect(JSON.stringify(ev.rows[0].payload)).not.toContain(token);
    expect(JSON.stringify(stored.rows[0].transfer)).not.toContain(token);

    expect((await p.api('POST', `/store/orders/${order.id}/transfer/accept`, { key, body: { token: 'wrong' } })).status).toBe(400);
    const accepted = await p.api('POST', `/store/orders/${order.id}/transfer/accept`, { key, body: { token } });
    expect(accepted.status).toBe(200);
    expect((await p.api('GET', '/store/orders/me', { key, token: me.token })).body.orders.map((o: any) => o.id)).toContain(order.id);
    // single use; and now only the new owner sees it
    expect((await p.api('POST', `/store/orders/${order.id}/transfer/accept`, { key, body: { token } })).status).toBe(400);
    expect((await p.api('GET', `/store/orders/${order.id}`, { key })).status).toBe(404);
    const someoneElse = await p.registerCustomer(key);
    expect((await p.api('POST', `/store/orders/${order.id}/transfer/request`, { key, token: someoneElse.token, body: {} })).status).toBe(404);
  });

  it("lets an admin set what the checkout asks of each field; the store's checkout configuration follows, another store's does not", async () => {
    const SAVE =
      'mutation($i: CommerceSettingsInput!) { saveCommerceSettings(input: $i) { checkout_fields { email phone company address_2 province billing_address } } }';
    const shop = await p.createTenant();
    const admin = await p.adminToken(shop);
    const saved = await p.graphql(SAVE, { i: { checkout_fields: { phone: 'required', company: 'hidden' } } }, { token: admin });
    expect(saved.body.errors).toBeUndefined();
    const expected = { email: 'required', phone: 'required', company: 'hidden', address_2: 'optional', province: 'optional', billing_address: 'optional' };
    expect(saved.body.data.saveCommerceSettings.checkout_fields).toEqual(expected);
    const cfg = await p.api('GET', '/store/checkout-config', { key: shop.publishable_key });
    expect(cfg.body.checkout_config.fields).toEqual(expected);
    const typed = await p.graphql('{ checkoutConfig { fields { phone company } } }', {}, { key: shop.publishable_key });
    expect(typed.body.data.checkoutConfig.fields).toEqual({ phone: 'required', company: 'hidden' });
    // an unknown field or rule is refused and changes nothing
    for (const bad of [{ fax: 'required' }, { phone: 'mandatory' }]) {
      const refused = await p.graphql(SAVE, { i: { checkout_fields: bad } }, { token: admin });
      expect(refused.body.errors[0].extensions).toMatchObject({ type: 'validation_error' });
    }
    expect((await p.api('GET', '/store/checkout-config', { key: shop.publishable_key })).body.checkout_config.fields).toEqual(expected);
    // the other store keeps the defaults
    expect((await p.api('GET', '/store/checkout-config', { key: other.publishable_key })).body.checkout_config.fields).toMatchObject({
      phone: 'optional',
      company: 'optional',
    });
  });

  it('serves checkout configuration, payment configuration and bank details', async () => {
    const key = t.publishable_key;
    const cfg = await p.api('GET', `/store/checkout-config?region_id=${eur.id}`, { key });
    expect(cfg.status).toBe(200);
    expect(cfg.body.checkout_config.fields.email).toBe('required');
    expect(cfg.body.checkout_config.shipping_options.length).toBe(2);
    const pay = await p.api('GET', `/store/payment-config?region_id=${eur.id}`, { key });
    expect(pay.body.payment_config.regions[0].payment_providers.map((x: any) => x.id)).toContain('pp_bank-transfer_default');
    // each provider with the public settings it has, and no others
    const bankProvider = pay.body.payment_config.regions[0].payment_providers.find((x: any) => x.id === 'pp_bank-transfer_default');
    expect(Object.keys(bankProvider.settings).sort()).toEqual(['account_holder', 'bank_name']);
    // the same through GraphQL's typed fields (no JSON)
    const typed = await p.graphql(
      `query($r: String) {
        paymentConfig(region_id: $r) { regions { region_id payment_providers { id settings { bank_name account_holder publishable_key } } } }
        bankInfo { iban bic instructions reference_hint }
      }`,
      { r: eur.id },
      { key },
    );
    expect(typed.body.errors).toBeUndefined();
    expect(typed.body.data.paymentConfig.regions[0].region_id).toBe(eur.id);
    expect(typed.body.data.paymentConfig.regions[0].payment_providers.find((x: any) => x.id === 'pp_bank-transfer_default').settings).toEqual({
      ...bankProvider.settings,
      publishable_key: null,
    });
    expect(typed.body.data.bankInfo.iban).toBe('DE89370400440532013000');
    // the seed path: a session for every provider of the region, answering the cart
    const variant = await firstVariant(key, eur.id, 4);
    const cart = (await p.api('POST', '/store/carts', { key, body: { region_id: eur.id, items: [{ variant_id: variant.id, quantity: 1 }] } })).body.cart;
    const all = await p.api('POST', `/store/carts/${cart.id}/payment-sessions`, { key });
    expect(all.status).toBe(200);
    expect(all.body.cart.id).toBe(cart.id);
    expect(all.body.cart.payment_collection.amount).toBe(Math.round(cart.total * 100) / 100);
    expect(all.body.cart.payment_collection.payment_sessions.map((x: any) => x.provider_id).sort()).toEqual(['pp_bank-transfer_default', 'pp_system_default']);
    expect((await p.api('GET', `/store/carts/${cart.id}`, { key })).body.cart.payment_collection.payment_sessions).toHaveLength(2);
    // a change of the total: the answer already shows the collection for the new amount, its pending sessions gone
    const more = await p.api('POST', `/store/carts/${cart.id}/line-items`, { key, body: { variant_id: variant.id, quantity: 1 } });
    expect(more.body.cart.payment_collection.amount).toBe(Math.round(more.body.cart.total * 100) / 100);
    expect(more.body.cart.payment_collection.amount).not.toBe(all.body.cart.payment_collection.amount);
    expect(more.body.cart.payment_collection.payment_sessions).toEqual([]);
    expect((await p.api('GET', `/store/carts/${cart.id}`, { key })).body.cart.payment_collection).toEqual(more.body.cart.payment_collection);
    const bank = await p.api('GET', '/store/bank-info', { key });
    expect(bank.body.bank_info.iban).toBe('DE89370400440532013000');
    // secrets never reach the storefront
    expect(JSON.stringify(pay.body)).not.toContain('iban');
  });
});
