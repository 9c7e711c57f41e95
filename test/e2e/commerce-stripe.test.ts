import Medusa from '@medusajs/js-sdk';
import type { TenantCredentials } from '@svc/identity';
import type { PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';
import { startStripeServer, type StripeServer } from '../support/providers/stripe-server';

/**
 * The storefront flow with the Stripe adapter (PaymentIntents, the tenant's own account) against a
 * local server speaking Stripe's protocol: an order paid by card, a declined card, a Stripe outage.
 */
describe('commerce with pp_stripe_stripe', () => {
  let p: PlatformClient;
  let t: TenantCredentials;
  let stripe: StripeServer;
  let sdk: Medusa;
  let region: any;
  let variants: string[];
  let admin: string;

  const stockOf = async (variantId: string) => {
    const r = await p.api('GET', `/store/products?limit=100&region_id=${region.id}&fields=%2Bvariants.inventory_quantity`, { key: t.publishable_key });
    return r.body.products.flatMap((x: any) => x.variants).find((v: any) => v.id === variantId).inventory_quantity as number;
  };
  /** a cart with one unit, an address and the cheapest shipping, ready for payment */
  const readyCart = async (variantId: string) => {
    let { cart } = await sdk.store.cart.create({ region_id: region.id, email: 'card@example.com' });
    ({ cart } = await sdk.store.cart.createLineItem(cart.id, { variant_id: variantId, quantity: 1 }));
    ({ cart } = await sdk.store.cart.update(cart.id, {
      shipping_address: { first_name: 'Kim', last_name: 'Lee', address_1: 'Rue 1', city: 'Paris', postal_code: '75001', country_code: 'fr' },
    }));
    const { shipping_options } = await sdk.store.fulfillment.listCartOptions({ cart_id: cart.id });
    ({ cart } = await sdk.store.cart.addShippingMethod(cart.id, { option_id: shipping_options[0].id }));
    return cart;
  };

  beforeAll(async () => {
    p = await sharedPlatform();
    stripe = await startStripeServer();
    t = await p.createTenant();
    await p.seedCatalog(t.tenant_id);
    await p.seedCommerce(t.tenant_id);
    admin = await p.adminToken(t);
    const saved = await p.graphql(
      'mutation($i: PaymentProviderSettingInput!) { savePaymentProvider(input: $i) { provider_id enabled settings } }',
      {
        i: {
          provider_id: 'pp_stripe_stripe',
          enabled: true,
          settings: { api_key: stripe.apiKey, base_url: stripe.url, publishable_key: 'pk_test_shop', timeout_ms: 3000 },
        },
      },
      { token: admin, key: t.publishable_key },
    );
    expect(saved.body.errors).toBeUndefined();
    // the secret is stored, never shown again
    expect(saved.body.data.savePaymentProvider.settings.api_key).toBe('••••');
    sdk = new Medusa({ baseUrl: `${p.url}/api`, publishableKey: t.publishable_key, auth: { type: 'jwt', jwtTokenStorageMethod: 'memory' } });
    region = (await sdk.store.region.list()).regions.find((r: any) => r.currency_code === 'eur');
    const r = await p.api('GET', `/store/products?limit=10&region_id=${region.id}&fields=%2Bvariants.inventory_quantity`, { key: t.publishable_key });
    variants = r.body.products
      .flatMap((x: any) => x.variants)
      .filter((v: any) => v.inventory_quantity > 5)
      .map((v: any) => v.id);
  });
  afterAll(async () => {
    await stripe?.close();
  });

  it('offers Stripe in the region and publishes only its publishable key', async () => {
    const { payment_providers } = await sdk.store.payment.listPaymentProviders({ region_id: region.id });
    expect(payment_providers.map((x: any) => x.id)).toContain('pp_stripe_stripe');
    const cfg = await p.api('GET', `/store/payment-config?region_id=${region.id}`, { key: t.publishable_key });
    const s = cfg.body.payment_config.regions[0].payment_providers.find((x: any) => x.id === 'pp_stripe_stripe');
    expect(s.settings).toEqual({ publishable_key: 'pk_test_shop' });
  });

  it('places an order paid by card: intent, confirmation by the shopper, authorisation at completion, capture by the admin', async () => {
    const cart = await readyCart(variants[0]);
    const before = await stockOf(variants[0]);
    const { payment_collection } = await sdk.store.payment.initiatePaymentSession(cart, { provider_id: 'pp_stripe_stripe' });
    const session = payment_collection.payment_sessions![0];
    expect(session.data.client_secret).toMatch(/_secret_/);
    const intent = stripe.intents.get(session.data.id as string)!;
    expect(intent.amount).toBe(Math.round(cart.total * 100));
    expect(intent.currency).toBe('eur');
    // before the shopper confirmed the card, completion keeps the cart
    const early = await sdk.store.cart.complete(cart.id);
    expect(early.type).toBe('cart');
    expect(await stockOf(variants[0])).toBe(before);

    // the storefront confirms with Stripe.js and the client secret, then completes again
    const { payment_collection: again } = await sdk.store.payment.initiatePaymentSession((await sdk.store.cart.retrieve(cart.id)).cart, {
      provider_id: 'pp_stripe_stripe',
    });
    const pi = again.payment_sessions![0].data.id as string;
    stripe.confirm(pi, 'pm_card_visa');
    const done = await sdk.store.cart.complete(cart.id);
    expect(done.type).toBe('order');
    const order = (done as any).order;
    expect(order.payment_status).toBe('authorized');
    expect(stripe.intents.get(pi)!.status).toBe('requires_capture');
    expect(await stockOf(variants[0])).toBe(before - 1);

    const captured = await p.graphql(
      'mutation($id: String!) { captureOrderPayment(id: $id) { payment_status } }',
      { id: order.id },
      { token: admin, key: t.publishable_key },
    );
    expect(captured.body.data.captureOrderPayment.payment_status).toBe('captured');
    expect(stripe.intents.get(pi)!.status).toBe('succeeded');

    // the admin refunds part through Stripe's Refunds API; an outage writes nothing and the retry is one refund at Stripe
    const REFUND = 'mutation($id: String!, $input: RefundOrderPaymentInput!) { refundOrderPayment(id: $id, input: $input) { payment_status document } }';
    stripe.setDown(true);
    const down = await p.graphql(REFUND, { id: order.id, input: { amount: '1.25', reason: 'goodwill' } }, { token: admin, key: t.publishable_key });
    stripe.setDown(false);
    expect(down.body.errors[0].extensions).toMatchObject({ type: 'provider_error', code: 'provider_unavailable' });
    const part = await p.graphql(REFUND, { id: order.id, input: { amount: '1.25', reason: 'goodwill' } }, { token: admin, key: t.publishable_key });
    expect(part.body.errors).toBeUndefined();
    expect(part.body.data.refundOrderPayment.payment_status).toBe('partially_refunded');
    const atStripe = () => [...stripe.refunds.values()].filter((r) => r.payment_intent === pi);
    expect(atStripe().map((r) => r.amount)).toEqual([125]);
    const [kept] = part.body.data.refundOrderPayment.document.payment_collections[0].payments[0].refunds;
    expect(kept).toMatchObject({ amount: 1.25, refund_reason_id: 'goodwill' });
    // the rest: Stripe has refunded the whole charge
    const rest = (Math.round(order.total * 100) - 125) / 100;
    const full = await p.graphql(REFUND, { id: order.id, input: { amount: rest.toFixed(2) } }, { token: admin, key: t.publishable_key });
    expect(full.body.data.refundOrderPayment.payment_status).toBe('refunded');
    expect(atStripe().reduce((sum, r) => sum + r.amount, 0)).toBe(Math.round(order.total * 100));
  });

  it('keeps the cart (and the stock) when the card is declined, with the message for the shopper', async () => {
    const cart = await readyCart(variants[1]);
    const before = await stockOf(variants[1]);
    const { payment_collection } = await sdk.store.payment.initiatePaymentSession(cart, { provider_id: 'pp_stripe_stripe' });
    stripe.confirm(payment_collection.payment_sessions![0].data.id as string, 'pm_card_chargeDeclined');
    const r = await sdk.store.cart.complete(cart.id);
    expect(r.type).toBe('cart');
    expect((r as any).error).toEqual({ message: expect.stringMatching(/declined/), name: 'Error', type: 'payment_authorization_error' });
    expect(await stockOf(variants[1])).toBe(before);
    expect((await sdk.store.cart.retrieve(cart.id)).cart.completed_at).toBeNull();
  });

  it('answers 502 provider_unavailable when Stripe is down, and writes no session', async () => {
    const cart = await readyCart(variants[2]);
    const pc = await p.api('POST', '/store/payment-collections', { key: t.publishable_key, body: { cart_id: cart.id } });
    stripe.fail('500', 10);
    const r = await p.api('POST', `/store/payment-collections/${pc.body.payment_collection.id}/payment-sessions`, {
      key: t.publishable_key,
      body: { provider_id: 'pp_stripe_stripe' },
    });
    stripe.fail('500', 0);
    expect(r.status).toBe(502);
    expect(r.body).toMatchObject({ type: 'provider_error', code: 'provider_unavailable' });
    expect(JSON.stringify(r.body)).not.toContain(stripe.apiKey);
    const after = await p.api('GET', `/store/carts/${cart.id}`, { key: t.publishable_key });
    expect(after.body.cart.payment_collection.payment_sessions).toEqual([]);
  });
});
