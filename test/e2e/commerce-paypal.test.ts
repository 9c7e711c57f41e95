import Medusa from '@medusajs/js-sdk';
import type { TenantCredentials } from '@svc/identity';
import type { PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';
import { startPayPalServer, type PayPalServer } from '../support/providers/paypal-server';

/** The storefront flow with the PayPal adapter (Orders v2, the tenant's own REST app) against a local server speaking PayPal's protocol. */
describe('commerce with pp_paypal_paypal', () => {
  let p: PlatformClient;
  let t: TenantCredentials;
  let paypal: PayPalServer;
  let sdk: Medusa;
  let region: any;
  let variants: string[];
  let admin: string;

  const readyCart = async (variantId: string) => {
    let { cart } = await sdk.store.cart.create({ region_id: region.id, email: 'pp@example.com' });
    ({ cart } = await sdk.store.cart.createLineItem(cart.id, { variant_id: variantId, quantity: 1 }));
    ({ cart } = await sdk.store.cart.update(cart.id, {
      shipping_address: { first_name: 'Jo', last_name: 'Doe', address_1: 'Main St 1', city: 'Berlin', postal_code: '10115', country_code: 'de' },
    }));
    const { shipping_options } = await sdk.store.fulfillment.listCartOptions({ cart_id: cart.id });
    ({ cart } = await sdk.store.cart.addShippingMethod(cart.id, { option_id: shipping_options[1].id }));
    return cart;
  };

  beforeAll(async () => {
    p = await sharedPlatform();
    paypal = await startPayPalServer();
    t = await p.createTenant();
    await p.seedCatalog(t.tenant_id);
    await p.seedCommerce(t.tenant_id);
    admin = await p.adminToken(t);
    const saved = await p.graphql(
      'mutation($i: PaymentProviderSettingInput!) { savePaymentProvider(input: $i) { settings } }',
      {
        i: {
          provider_id: 'pp_paypal_paypal',
          enabled: true,
          settings: { client_id: paypal.clientId, client_secret: paypal.clientSecret, base_url: paypal.url, mode: 'sandbox' },
        },
      },
      { token: admin, key: t.publishable_key },
    );
    expect(saved.body.data.savePaymentProvider.settings).toMatchObject({ client_id: paypal.clientId, client_secret: '••••' });
    sdk = new Medusa({ baseUrl: `${p.url}/api`, publishableKey: t.publishable_key, auth: { type: 'jwt', jwtTokenStorageMethod: 'memory' } });
    region = (await sdk.store.region.list()).regions.find((r: any) => r.currency_code === 'eur');
    const r = await p.api('GET', `/store/products?limit=10&region_id=${region.id}&fields=%2Bvariants.inventory_quantity`, { key: t.publishable_key });
    variants = r.body.products
      .flatMap((x: any) => x.variants)
      .filter((v: any) => v.inventory_quantity > 5)
      .map((v: any) => v.id);
  });
  afterAll(async () => {
    await paypal?.close();
  });

  it('places an order the buyer approved at PayPal, charged in whole cents; the admin captures it', async () => {
    const cart = await readyCart(variants[0]);
    const { payment_collection } = await sdk.store.payment.initiatePaymentSession(cart, { provider_id: 'pp_paypal_paypal' });
    const data = payment_collection.payment_sessions![0].data as { id: string; approve_url: string };
    expect(data.approve_url).toMatch(/^http/);
    const order = paypal.orders.get(data.id)!;
    expect(order.purchase_units[0].amount).toEqual({ currency_code: 'EUR', value: (Math.round(cart.total * 100) / 100).toFixed(2) });
    // not approved yet: the cart stays a cart
    expect((await sdk.store.cart.complete(cart.id)).type).toBe('cart');
    const { payment_collection: again } = await sdk.store.payment.initiatePaymentSession((await sdk.store.cart.retrieve(cart.id)).cart, {
      provider_id: 'pp_paypal_paypal',
    });
    const id = (again.payment_sessions![0].data as { id: string }).id;
    paypal.approve(id);
    const done = await sdk.store.cart.complete(cart.id);
    expect(done.type).toBe('order');
    expect(paypal.authorizations.size).toBe(1);
    const captured = await p.graphql(
      'mutation($id: String!) { captureOrderPayment(id: $id) { payment_status } }',
      { id: (done as any).order.id },
      { token: admin, key: t.publishable_key },
    );
    expect(captured.body.data.captureOrderPayment.payment_status).toBe('captured');
    expect(paypal.captures.size).toBe(1);

    // refunds go to the capture's refund endpoint: part, then the rest
    const REFUND = 'mutation($id: String!, $input: RefundOrderPaymentInput!) { refundOrderPayment(id: $id, input: $input) { payment_status } }';
    const orderId = (done as any).order.id;
    const total = Math.round((done as any).order.total * 100);
    const part = await p.graphql(REFUND, { id: orderId, input: { amount: '2.00', reason: 'returned' } }, { token: admin, key: t.publishable_key });
    expect(part.body.errors).toBeUndefined();
    expect(part.body.data.refundOrderPayment.payment_status).toBe('partially_refunded');
    const [capture] = [...paypal.captures.values()];
    expect(capture.status).toBe('PARTIALLY_REFUNDED');
    const rest = ((total - 200) / 100).toFixed(2);
    const full = await p.graphql(REFUND, { id: orderId, input: { amount: rest } }, { token: admin, key: t.publishable_key });
    expect(full.body.data.refundOrderPayment.payment_status).toBe('refunded');
    expect(capture.status).toBe('REFUNDED');
    expect([...paypal.refunds.values()].map((r) => r.amount.value)).toEqual(['2.00', rest]);
  });

  it("keeps the cart when PayPal declines the buyer's instrument", async () => {
    const cart = await readyCart(variants[1]);
    const { payment_collection } = await sdk.store.payment.initiatePaymentSession(cart, { provider_id: 'pp_paypal_paypal' });
    const id = (payment_collection.payment_sessions![0].data as { id: string }).id;
    paypal.approve(id);
    paypal.declineInstrument(id);
    const r = await sdk.store.cart.complete(cart.id);
    expect(r.type).toBe('cart');
    expect((r as any).error.message).toMatch(/declined/i);
  });
});
