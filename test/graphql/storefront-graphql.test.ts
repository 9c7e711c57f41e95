import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { print } from 'graphql';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { TenantCredentials } from '@svc/identity';
import { sharedPlatform } from '../support/shared';
import type { PlatformClient, RequestOptions } from '../support/http';
import {
  StorefrontAddLineDocument,
  StorefrontAddShippingDocument,
  StorefrontBrowseDocument,
  StorefrontCartDocument,
  StorefrontCollectionsDocument,
  StorefrontCompleteDocument,
  StorefrontCreateCartDocument,
  StorefrontCreatePaymentCollectionDocument,
  StorefrontInitiatePaymentSessionDocument,
  StorefrontMyOrdersDocument,
  StorefrontOrderByIdDocument,
  StorefrontRegionsDocument,
  StorefrontShippingOptionsDocument,
  StorefrontUpdateCartDocument,
} from './storefront.generated';

/**
 * Issue 29: a storefront that speaks GraphQL only. Its operations (storefront.graphql) validate
 * against the public view and select typed fields only (no `document`, no JSON value); their types
 * come from the same code generator as the ports (storefront.generated.ts, written by
 * `npm run schema:generate`), so a schema change that breaks them breaks this suite's type check.
 * It browses with filters, fills a cart, sets the address, picks shipping, pays with the system
 * provider, completes and lists the customer's orders; the typed answers match what REST answers
 * for the same cart and order. The Medusa `document`s are internal: /graphql refuses them.
 */
describe('a GraphQL-only storefront (typed fields)', () => {
  let p: PlatformClient;
  let t: TenantCredentials;
  let other: TenantCredentials;
  let shopper: { token: string; email: string };

  /** runs a typed operation; the answer must carry no error */
  async function run<R, V>(doc: TypedDocumentNode<R, V>, variables: V, o: RequestOptions): Promise<R> {
    const r = await p.graphql(print(doc), variables as Record<string, unknown>, o);
    if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
    return r.body.data as R;
  }

  beforeAll(async () => {
    p = await sharedPlatform();
    t = await p.createTenant();
    other = await p.createTenant();
    await p.seedCatalog(t.tenant_id);
    await p.seedCommerce(t.tenant_id);
    const registered = await p.registerCustomer(t.publishable_key);
    const created = await p.api('POST', '/store/customers', {
      key: t.publishable_key,
      token: registered.token,
      body: { email: registered.email, first_name: 'Grace', last_name: 'Hopper' },
    });
    expect(created.status).toBe(200);
    // signed in again: the token now names the customer
    const login = await p.api('POST', '/auth/customer/emailpass', { key: t.publishable_key, body: { email: registered.email, password: registered.password } });
    expect(login.status).toBe(200);
    shopper = { token: login.body.token, email: registered.email };
  });

  it('keeps the committed typed module current (npm run schema:generate)', () => {
    // a child node: GraphQL Code Generator is an ES module in part, which Jest's CommonJS sandbox cannot load
    const r = spawnSync(process.execPath, ['-r', './scripts/register.js', 'scripts/generate-storefront-client.ts', '--check'], {
      cwd: path.join(__dirname, '..', '..'),
      encoding: 'utf8',
    });
    expect([r.status, r.stderr]).toEqual([0, '']);
  });

  it('browses, checks out and lists orders with typed fields only', async () => {
    const key = t.publishable_key;
    const as = { key, token: shopper.token };

    // browse: a region, a collection, a filtered and priced product list
    const { regions } = await run(StorefrontRegionsDocument, {}, { key });
    const eur = regions.items.find((r) => r.currency_code === 'eur')!;
    expect(eur.countries.map((c) => c.iso_2)).toContain('de');
    const { collections } = await run(StorefrontCollectionsDocument, {}, { key });
    expect(collections.count).toBeGreaterThan(0);
    const inCollection = await run(StorefrontBrowseDocument, { region_id: eur.id, collection_id: [collections.items[0].id], limit: 50 }, { key });
    expect(inCollection.products.count).toBeGreaterThan(0);
    expect(inCollection.products.items.every((x) => x.collection_id === collections.items[0].id)).toBe(true);
    const all = await run(StorefrontBrowseDocument, { region_id: eur.id, limit: 100 }, { key });
    const cheap = await run(StorefrontBrowseDocument, { region_id: eur.id, max_price: 30, limit: 100 }, { key });
    expect(cheap.products.count).toBeLessThan(all.products.count);
    for (const product of cheap.products.items) {
      expect(Math.min(...product.variants.map((v) => v.calculated_price!.calculated_amount))).toBeLessThanOrEqual(30);
    }
    const variant = all.products.items.flatMap((x) => x.variants).find((v) => v.inventory_quantity > 1 && v.calculated_price)!;
    const price = variant.calculated_price!.calculated_amount;
    expect(variant.calculated_price!.currency_code).toBe('eur');

    // a cart with a line: the customer's, typed down to its lines' products and variants
    const created = await run(StorefrontCreateCartDocument, { input: { region_id: eur.id } }, as);
    const cartId = created.createCart.id;
    expect(created.createCart).toMatchObject({ email: shopper.email, currency_code: 'eur', region: { id: eur.id, name: eur.name }, items: [] });
    const added = await run(StorefrontAddLineDocument, { id: cartId, input: { variant_id: variant.id, quantity: 2 } }, as);
    const line = added.addCartLineItem.items[0];
    expect(line).toMatchObject({ kind: 'product', variant_id: variant.id, quantity: 2, unit_price: price, variant: { id: variant.id, sku: variant.sku } });
    expect(line.product?.id).toBe(line.product_id);
    expect(added.addCartLineItem.item_subtotal).toBeCloseTo(price * 2, 4);

    // the address and a promotion: tax lines (VAT 19% in Germany) and a 10% adjustment on the line
    const address = { first_name: 'Grace', last_name: 'Hopper', address_1: 'Invalidenstraße 1', city: 'Berlin', postal_code: '10115', country_code: 'de' };
    const updated = (
      await run(StorefrontUpdateCartDocument, { id: cartId, input: { shipping_address: address, billing_address: address, promo_codes: ['WELCOME10'] } }, as)
    ).updateCart;
    expect(updated.shipping_address).toMatchObject(address);
    expect(updated.billing_address).toMatchObject({ city: 'Berlin' });
    expect(updated.credit_lines).toEqual([]);
    expect(updated.promotions).toEqual([
      { id: expect.any(String), code: 'WELCOME10', is_automatic: false, application_method: expect.objectContaining({ type: 'percentage', value: 10 }) },
    ]);
    const taxed = updated.items[0];
    expect(taxed.tax_lines).toEqual([expect.objectContaining({ rate: 19, code: expect.any(String) })]);
    expect(taxed.adjustments).toEqual([expect.objectContaining({ code: 'WELCOME10', amount: expect.any(Number) })]);
    expect(taxed.discount_total).toBeGreaterThan(0);

    // shipping: the options priced for this cart, one picked
    const { cartShippingOptions } = await run(StorefrontShippingOptionsDocument, { cart_id: cartId }, as);
    expect(cartShippingOptions.length).toBeGreaterThan(0);
    const express = cartShippingOptions.find((o) => o.calculated_price!.calculated_amount > 0) ?? cartShippingOptions[0];
    expect(express).toMatchObject({
      is_tax_inclusive: false,
      insufficient_inventory: false,
      provider: { is_enabled: true },
      calculated_price: { currency_code: 'eur', calculated_amount: express.amount },
      rules: expect.arrayContaining([{ attribute: 'is_return', value: 'false', operator: 'eq' }]),
      service_zone: { fulfillment_set: { type: 'shipping' } },
    });
    expect(express.prices![0].price_rules).toEqual([{ attribute: 'region_id', value: eur.id, operator: 'eq' }]);
    const shipped = (await run(StorefrontAddShippingDocument, { id: cartId, input: { option_id: express.id } }, as)).addCartShippingMethod;
    expect(shipped.shipping_methods).toEqual([expect.objectContaining({ shipping_option_id: express.id, name: express.name, amount: express.amount })]);
    expect(shipped.shipping_total).toBeCloseTo(shipped.shipping_methods[0].total, 4);

    // the typed cart is the cart REST answers (one document behind both)
    const rest = (await p.api('GET', `/store/carts/${cartId}`, as)).body.cart;
    const typed = (await run(StorefrontCartDocument, { id: cartId }, as)).cart;
    for (const k of ['total', 'subtotal', 'tax_total', 'discount_total', 'shipping_total', 'item_total', 'item_tax_total', 'original_total'] as const) {
      expect([k, typed[k]]).toEqual([k, rest[k]]);
    }
    expect(typed.items.map((i) => [i.id, i.total, i.tax_lines.map((x) => x.total), i.adjustments.map((a) => a.amount)])).toEqual(
      rest.items.map((i: any) => [i.id, i.total, i.tax_lines.map((x: any) => x.total), i.adjustments.map((a: any) => a.amount)]),
    );

    // payment: a collection and a system session
    const collection = (await run(StorefrontCreatePaymentCollectionDocument, { cart_id: cartId }, as)).createPaymentCollection;
    // the amount to pay: the total in the currency's minor units
    expect(collection).toMatchObject({ currency_code: 'eur', payment_sessions: [] });
    expect(collection.amount).toBeCloseTo(typed.total, 2);
    const due = collection.amount;
    const session = (await run(StorefrontInitiatePaymentSessionDocument, { id: collection.id, input: { provider_id: 'pp_system_default' } }, as))
      .initiatePaymentSession;
    expect(session.payment_providers).toEqual([{ id: 'pp_system_default' }]);
    expect(session.payment_sessions).toEqual([expect.objectContaining({ provider_id: 'pp_system_default', amount: due, status: 'pending' })]);
    const withSession = (await run(StorefrontCartDocument, { id: cartId }, as)).cart;
    expect(withSession.payment_collection?.payment_sessions?.map((s) => s.id)).toEqual([session.payment_sessions![0].id]);

    // complete: the order, typed
    const done = (await run(StorefrontCompleteDocument, { id: cartId }, as)).completeCart;
    expect(done.type).toBe('order');
    const order = done.order!;
    expect(order).toMatchObject({
      status: 'pending',
      email: shopper.email,
      currency_code: 'eur',
      total: typed.total,
      shipping_address: address,
      promotions: [{ code: 'WELCOME10' }],
      fulfillments: [],
      credit_lines: [],
      summary: { current_order_total: typed.total },
    });
    expect(order.items).toEqual([
      expect.objectContaining({ variant_id: variant.id, quantity: 2, order_id: order.id, detail: { quantity: 2, fulfilled_quantity: 0, shipped_quantity: 0 } }),
    ]);
    expect(order.shipping_methods).toEqual([expect.objectContaining({ shipping_option_id: express.id, order_id: order.id })]);
    expect(order.payment_collections[0].payment_sessions?.[0]).toMatchObject({ status: 'authorized', payment: { amount: due } });

    // the customer's orders, and the one order: as REST answers them
    const mine = (await run(StorefrontMyOrdersDocument, { limit: 10 }, as)).myOrders;
    expect(mine.count).toBe(1);
    expect(mine.items[0]).toEqual(order);
    const one = (await run(StorefrontOrderByIdDocument, { id: order.id }, as)).order;
    expect(one).toEqual(order);
    const restOrder = (await p.api('GET', `/store/orders/${order.id}`, as)).body.order;
    expect([one.display_id, one.total, one.payment_status, one.items.map((i) => i.total)]).toEqual([
      restOrder.display_id,
      restOrder.total,
      restOrder.payment_status,
      restOrder.items.map((i: any) => i.total),
    ]);
  });

  it("answers another store's cart id not_found, never data", async () => {
    const mine = await run(StorefrontCreateCartDocument, { input: {} }, { key: t.publishable_key });
    const r = await p.graphql(print(StorefrontCartDocument), { id: mine.createCart.id }, { key: other.publishable_key });
    expect(r.body.data?.cart ?? null).toBeNull();
    expect(r.body.errors[0].extensions).toMatchObject({ type: 'not_found' });
  });

  it('refuses the internal Medusa documents to a /graphql client, and leaves them out of the public view', async () => {
    const key = t.publishable_key;
    const cart = await run(StorefrontCreateCartDocument, { input: {} }, { key });
    for (const [query, vars, o] of [
      ['query($id: String!) { cart(id: $id) { id document } }', { id: cart.createCart.id }, { key }],
      ['query($id: String!) { cart(id: $id) { id document } }', { id: cart.createCart.id }, { key, token: shopper.token }],
      ['query { products(limit: 1) { items { id document } } }', {}, { key }],
      ['query { productVariants(limit: 1) { items { id document } } }', {}, { key }],
    ] as const) {
      const r = await p.graphql(query, vars, o);
      expect(r.body.errors?.[0]?.extensions).toMatchObject({ type: expect.any(String), code: expect.any(String) });
      expect(JSON.stringify(r.body.data ?? {})).not.toMatch(/"document":\{/);
    }
    // the REST facade still answers the whole document
    const rest = await p.api('GET', `/store/carts/${cart.createCart.id}`, { key });
    expect(rest.status).toBe(200);
    expect(rest.body.cart).toMatchObject({ id: cart.createCart.id, items: [], credit_lines: [] });
    const sdl = await (await fetch(`${p.url}/graphql/schema.graphql`)).text();
    expect(sdl).not.toMatch(/^\s+document: JSON/m);
    expect(sdl).not.toMatch(/payment_session_document/);
  });
});
