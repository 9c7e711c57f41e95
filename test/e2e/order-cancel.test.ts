import type { TenantCredentials } from '@svc/identity';
import { startTestPlatform, type TestPlatform } from '../support/platform';
import { LocalSmtpServer, type ReceivedMail } from '../support/providers/smtp';
import { waitFor } from '../support/wait';

/**
 * Who may cancel an order (issue 20, item 1): a customer's order only its customer; a guest order only
 * whoever holds the cancellation code mailed to the order's email; staff any order of their store.
 * And a pending transfer request of one customer is not replaced by another's.
 */
describe('orders: proof of ownership to cancel, transfer requests that stand', () => {
  let p: TestPlatform;
  let smtp: LocalSmtpServer;
  let t: TenantCredentials;
  let other: TenantCredentials;
  let regionId: string;
  let variantIndex = 0;

  const mailsTo = (addr: string): ReceivedMail[] => smtp.received.filter((m) => m.to.includes(addr));
  const codeIn = (mail: ReceivedMail) => /cancellation code[^\n]*\n\s*\n\s*(\S+)/.exec(mail.text)?.[1];

  /** a completed order of the store `t`: a guest's (with `email`) or a signed-in customer's */
  const placeOrder = async (o: { email?: string; token?: string }) => {
    const key = t.publishable_key;
    const products = await p.api('GET', `/store/products?limit=50&region_id=${regionId}&fields=%2Bvariants.inventory_quantity`, { key });
    const inStock = products.body.products.flatMap((x: any) => x.variants).filter((v: any) => v.inventory_quantity > 0);
    const variant = inStock[variantIndex++ % inStock.length];
    const c = await p.api('POST', '/store/carts', {
      key,
      token: o.token,
      body: { region_id: regionId, ...(o.email ? { email: o.email } : {}), items: [{ variant_id: variant.id, quantity: 1 }] },
    });
    expect(c.status).toBe(200);
    const id = c.body.cart.id;
    const options = await p.api('GET', `/store/shipping-options?cart_id=${id}`, { key, token: o.token });
    await p.api('POST', `/store/carts/${id}/shipping-methods`, { key, token: o.token, body: { option_id: options.body.shipping_options[0].id } });
    const pc = await p.api('POST', '/store/payment-collections', { key, token: o.token, body: { cart_id: id } });
    await p.api('POST', `/store/payment-collections/${pc.body.payment_collection.id}/payment-sessions`, {
      key,
      token: o.token,
      body: { provider_id: 'pp_system_default' },
    });
    const done = await p.api('POST', `/store/carts/${id}/complete`, { key, token: o.token });
    expect(done.body.type).toBe('order');
    return done.body.order as { id: string; display_id: number; email: string; customer_id: string | null; payment_collections: any[] };
  };

  beforeAll(async () => {
    smtp = await new LocalSmtpServer().start();
    p = await startTestPlatform({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Demo Shop <shop@example.com>' } });
    t = await p.createTenant();
    other = await p.createTenant();
    await p.seedCatalog(t.tenant_id);
    await p.seedCommerce(t.tenant_id);
    regionId = (await p.api('GET', '/store/regions', { key: t.publishable_key })).body.regions.find((r: any) => r.currency_code === 'eur').id;
  });
  afterAll(async () => {
    await p?.stop();
    await smtp?.close();
  });

  it("a guest order is canceled only with the code mailed to the order's email", async () => {
    const key = t.publishable_key;
    const email = `guest-${Date.now()}@example.com`;
    const order = await placeOrder({ email });
    expect(order.customer_id).toBeNull();

    // the attack of the probe: only the publishable key and the order id
    const bare = await p.api('POST', `/store/orders/${order.id}/cancel`, { key, body: {} });
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({ type: 'validation_error', code: 'invalid_cancel_code' });
    expect((await p.api('POST', `/store/orders/${order.id}/cancel`, { key })).status).toBe(400);
    expect((await p.api('POST', `/store/orders/${order.id}/cancel`, { key, body: { code: 'x'.repeat(43) } })).status).toBe(400);
    expect((await p.api('POST', `/store/orders/${order.id}/cancel`, { key, body: { code: 'x'.repeat(201) } })).status).toBe(400);
    expect((await p.api('POST', `/store/orders/${order.id}/cancel`, { key, body: { code: 'abc', extra: 1 } })).status).toBe(400);
    // a signed-in stranger is no owner either
    const stranger = await p.registerCustomer(key);
    expect((await p.api('POST', `/store/orders/${order.id}/cancel`, { key, token: stranger.token, body: {} })).status).toBe(400);
    expect((await p.api('GET', `/store/orders/${order.id}`, { key })).body.order.status).not.toBe('canceled');

    // the guest's mail: order number, total, and the code
    const mail = await waitFor('the guest order mail', () => mailsTo(email)[0]);
    expect(mail.header('subject')).toBe(`Your order #${order.display_id}`);
    const code = codeIn(mail)!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // the code of this order is worth nothing for another order, nor in another store
    const second = await placeOrder({ email });
    expect((await p.api('POST', `/store/orders/${second.id}/cancel`, { key, body: { code } })).status).toBe(400);
    expect((await p.api('POST', `/store/orders/${order.id}/cancel`, { key: other.publishable_key, body: { code } })).status).toBe(404);

    const canceled = await p.api('POST', `/store/orders/${order.id}/cancel`, { key, body: { code } });
    expect(canceled.status).toBe(200);
    expect(canceled.body.order.status).toBe('canceled');
    expect(canceled.body.order.payment_status).toBe('canceled');
    expect((await p.api('POST', `/store/orders/${order.id}/cancel`, { key, body: { code } })).status).toBe(409);
  });

  it("a customer's order is canceled only by its customer; staff cancel any order of their store", async () => {
    const key = t.publishable_key;
    const owner = await p.registerCustomer(key);
    const order = await placeOrder({ token: owner.token });
    expect(order.customer_id).toBeTruthy();
    const stranger = await p.registerCustomer(key);
    expect((await p.api('POST', `/store/orders/${order.id}/cancel`, { key, body: {} })).status).toBe(404);
    expect((await p.api('POST', `/store/orders/${order.id}/cancel`, { key, token: stranger.token, body: {} })).status).toBe(404);
    // customers get no guest mail (registration's address verification link is all they got)
    expect(mailsTo(owner.email).filter((m) => !/Confirm your email address/.test(m.header('subject') ?? ''))).toEqual([]);
    const mine = await p.api('POST', `/store/orders/${order.id}/cancel`, { key, token: owner.token, body: {} });
    expect(mine.status).toBe(200);
    expect(mine.body.order.status).toBe('canceled');

    // the store's admin cancels a guest order without a code; another store's admin gets 404
    const guest = await placeOrder({ email: `guest2-${Date.now()}@example.com` });
    const CANCEL = 'mutation($id: String!) { cancelOrder(id: $id) { id status } }';
    const foreign = await p.graphql(CANCEL, { id: guest.id }, { token: await p.adminToken(other) });
    expect(foreign.body.errors[0].extensions.code).toBe('not_found');
    const staff = await p.graphql(CANCEL, { id: guest.id }, { token: await p.adminToken(t) });
    expect(staff.body.data.cancelOrder.status).toBe('canceled');
  });

  it("a customer's pending transfer request on a guest order is not replaced by another customer's", async () => {
    const key = t.publishable_key;
    const order = await placeOrder({ email: `guest3-${Date.now()}@example.com` });
    const first = await p.registerCustomer(key);
    const second = await p.registerCustomer(key);
    expect((await p.api('POST', `/store/orders/${order.id}/transfer/request`, { key, token: first.token, body: {} })).status).toBe(200);
    const taken = await p.api('POST', `/store/orders/${order.id}/transfer/request`, { key, token: second.token, body: {} });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('transfer_pending');
    // the first requester may ask again (a fresh token), and after withdrawing, the second may ask
    expect((await p.api('POST', `/store/orders/${order.id}/transfer/request`, { key, token: first.token, body: {} })).status).toBe(200);
    expect((await p.api('POST', `/store/orders/${order.id}/transfer/cancel`, { key, token: first.token })).status).toBe(200);
    expect((await p.api('POST', `/store/orders/${order.id}/transfer/request`, { key, token: second.token, body: {} })).status).toBe(200);
  });
});
