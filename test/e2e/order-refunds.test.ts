import { Client } from 'pg';
import type { TenantCredentials } from '@svc/identity';
import type { PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';
import { waitFor } from '../support/wait';

/**
 * An admin's refund of a captured payment (`refundOrderPayment`) with the manual provider: partial
 * then full refunds (Medusa's payment_status and refunds on the payment), what is refused (more than
 * is left, another currency, too many decimals, nothing captured, another store's order), two
 * refunds racing, a cancellation after a partial refund, and the `order.refunded` event counted by
 * analytics. Stripe and PayPal refunds: commerce-stripe.test.ts and commerce-paypal.test.ts.
 */
describe('orders: refunds of a captured payment', () => {
  let p: PlatformClient;
  let t: TenantCredentials;
  let other: TenantCredentials;
  let admin: string;
  let otherAdmin: string;
  let regionId: string;
  let n = 0;
  const today = new Date().toISOString().slice(0, 10);

  const REFUND = `mutation($id: String!, $input: RefundOrderPaymentInput!) {
    refundOrderPayment(id: $id, input: $input) { id payment_status document } }`;
  const refund = (id: string, input: Record<string, unknown>, token = admin) => p.graphql(REFUND, { id, input }, { token });
  const errorOf = (r: any) => r.body.errors?.[0]?.extensions;

  /** a guest order of `t` paid with the manual provider, captured unless `capture` is false */
  const placeOrder = async (capture = true) => {
    const key = t.publishable_key;
    const products = await p.api('GET', `/store/products?limit=50&region_id=${regionId}&fields=%2Bvariants.inventory_quantity`, { key });
    const inStock = products.body.products.flatMap((x: any) => x.variants).filter((v: any) => v.inventory_quantity > 3);
    const c = await p.api('POST', '/store/carts', {
      key,
      body: { region_id: regionId, email: 'refunds@example.com', items: [{ variant_id: inStock[n++ % inStock.length].id, quantity: 2 }] },
    });
    const id = c.body.cart.id;
    const options = await p.api('GET', `/store/shipping-options?cart_id=${id}`, { key });
    await p.api('POST', `/store/carts/${id}/shipping-methods`, { key, body: { option_id: options.body.shipping_options[0].id } });
    const pc = await p.api('POST', '/store/payment-collections', { key, body: { cart_id: id } });
    await p.api('POST', `/store/payment-collections/${pc.body.payment_collection.id}/payment-sessions`, { key, body: { provider_id: 'pp_system_default' } });
    const done = await p.api('POST', `/store/carts/${id}/complete`, { key });
    expect(done.body.type).toBe('order');
    const placed = done.body.order as { id: string; total: number };
    // what is charged: the total in the currency's minor units (the order's total keeps 4 decimals)
    const order = { id: placed.id, total: Math.round(placed.total * 100) / 100 };
    if (capture) {
      const r = await p.graphql('mutation($id: String!) { captureOrderPayment(id: $id) { payment_status document } }', { id: order.id }, { token: admin });
      expect(r.body.data.captureOrderPayment.payment_status).toBe('captured');
      expect(r.body.data.captureOrderPayment.document.payment_collections[0].captured_amount).toBe(order.total);
    }
    return order;
  };

  beforeAll(async () => {
    p = await sharedPlatform();
    t = await p.createTenant();
    other = await p.createTenant();
    await p.seedCatalog(t.tenant_id);
    await p.seedCommerce(t.tenant_id);
    admin = await p.adminToken(t);
    otherAdmin = await p.adminToken(other);
    regionId = (await p.api('GET', '/store/regions', { key: t.publishable_key })).body.regions.find((r: any) => r.currency_code === 'eur').id;
  });

  it('refunds part, then the rest: partially_refunded, refunded, each refund on the payment, the summary and the store API agree', async () => {
    const order = await placeOrder();
    const first = await refund(order.id, { amount: '5.5', currency_code: 'EUR', reason: 'damaged', note: 'Scratched on arrival' });
    expect(first.body.errors).toBeUndefined();
    const o1 = first.body.data.refundOrderPayment;
    expect(o1.payment_status).toBe('partially_refunded');
    const pc1 = o1.document.payment_collections[0];
    expect(pc1.captured_amount).toBe(order.total);
    expect(pc1.refunded_amount).toBe(5.5);
    expect(pc1.payments[0].refunds).toEqual([
      expect.objectContaining({
        amount: 5.5,
        raw_amount: { value: '5.5', precision: 20 },
        currency_code: 'eur',
        refund_reason_id: 'damaged',
        note: 'Scratched on arrival',
      }),
    ]);
    expect(pc1.payments[0].refunds[0].id).toMatch(/^ref_/);
    expect(o1.document.summary).toMatchObject({ paid_total: order.total, refunded_total: 5.5, pending_difference: 0 });

    // the rest, to the cent: refunded
    const rest = Math.round((order.total - 5.5) * 100) / 100;
    const second = await refund(order.id, { amount: rest.toFixed(2) });
    expect(second.body.errors).toBeUndefined();
    expect(second.body.data.refundOrderPayment.payment_status).toBe('refunded');
    const refunds = second.body.data.refundOrderPayment.document.payment_collections[0].payments[0].refunds;
    expect(refunds.map((r: any) => [r.amount, r.refund_reason_id, r.note])).toEqual([
      [5.5, 'damaged', 'Scratched on arrival'],
      [rest, 'other', null],
    ]);
    // nothing is left: one cent more is refused
    const more = await refund(order.id, { amount: '0.01' });
    expect(errorOf(more)).toMatchObject({ type: 'conflict', code: 'refund_exceeds_captured' });
    // the storefront reads the same order
    const store = await p.api('GET', `/store/orders/${order.id}`, { key: t.publishable_key });
    expect(store.body.order.payment_status).toBe('refunded');
    expect(store.body.order.summary.refunded_total).toBe(order.total);
  });

  it('refuses bad amounts and currencies (400), more than is left and an unpaid order (409), another store (404), and writes nothing', async () => {
    const order = await placeOrder();
    for (const [input, field] of [
      [{ amount: '0' }, 'amount'],
      [{ amount: '1.005' }, 'amount'],
      [{ amount: '-1' }, 'amount'],
      [{ amount: 'ten' }, 'amount'],
      [{ amount: '1', currency_code: 'usd' }, 'currency_code'],
      [{ amount: '1', reason: 'because' }, 'reason'],
      [{ amount: '1', note: 'x'.repeat(1001) }, 'note'],
    ] as const) {
      const r = await refund(order.id, input);
      expect(errorOf(r)).toMatchObject({ type: 'validation_error' });
      expect(JSON.stringify(r.body.errors[0])).toContain(field);
    }
    const tooMuch = await refund(order.id, { amount: (order.total + 1).toFixed(2) });
    expect(errorOf(tooMuch)).toMatchObject({ type: 'conflict', code: 'refund_exceeds_captured' });
    expect(tooMuch.body.errors[0].message).toContain(order.total.toFixed(2));
    const stranger = await refund(order.id, { amount: '1' }, otherAdmin);
    expect(errorOf(stranger)).toMatchObject({ type: 'not_found' });
    const unknown = await refund('order_doesnotexist', { amount: '1' });
    expect(errorOf(unknown)).toMatchObject({ type: 'not_found' });
    // a customer is no admin
    const customer = await p.registerCustomer(t.publishable_key);
    expect((await refund(order.id, { amount: '1' }, customer.token)).body.errors).toBeDefined();
    const authorised = await placeOrder(false);
    expect(errorOf(await refund(authorised.id, { amount: '1' }))).toMatchObject({ type: 'conflict', code: 'invalid_transition' });

    const after = await p.graphql('query($id: String!) { order(id: $id) { payment_status document } }', { id: order.id }, { token: admin });
    expect(after.body.data.order.payment_status).toBe('captured');
    expect(after.body.data.order.document.payment_collections[0].payments[0].refunds).toEqual([]);
  });

  it('never gives back more than was captured when two refunds race', async () => {
    const order = await placeOrder();
    const each = (Math.floor(order.total * 60) / 100).toFixed(2); // 60% each: one fits, two do not
    const results = await Promise.all([refund(order.id, { amount: each }), refund(order.id, { amount: each })]);
    const ok = results.filter((r) => !r.body.errors);
    const refused = results.filter((r) => r.body.errors);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(errorOf(refused[0])).toMatchObject({ code: 'refund_exceeds_captured' });
    const after = await p.graphql('query($id: String!) { order(id: $id) { payment_status document } }', { id: order.id }, { token: admin });
    const pc = after.body.data.order.document.payment_collections[0];
    expect(pc.refunded_amount).toBe(Number(each));
    expect(pc.payments[0].refunds).toHaveLength(1);
    expect(after.body.data.order.payment_status).toBe('partially_refunded');
  });

  it('a cancellation after a partial refund gives back only the rest; analytics counts each refund once (order.refunded)', async () => {
    const order = await placeOrder();
    expect((await refund(order.id, { amount: '3' })).body.errors).toBeUndefined();
    const canceled = await p.graphql('mutation($id: String!) { cancelOrder(id: $id) { payment_status document } }', { id: order.id }, { token: admin });
    expect(canceled.body.errors).toBeUndefined();
    expect(canceled.body.data.cancelOrder.payment_status).toBe('refunded');
    expect(canceled.body.data.cancelOrder.document.payment_collections[0].refunded_amount).toBe(order.total);

    // analytics: this store's refunds today are this test file's refunds (the cancellation's rest included)
    const SERIES = `query($from: String!, $to: String!) { analyticsSeries(metric: "refunds", from: $from, to: $to) { currency_code count amount } }`;
    const sql = new Client({ connectionString: p.dbUrl });
    await sql.connect();
    const { rows } = await sql.query(
      `select coalesce(sum(jsonb_array_length(s.refunds)), 0)::int as refunds, coalesce(sum(p.refunded_amount), 0)::float as amount,
              count(*) filter (where o.status = 'canceled')::int as canceled
         from commerce.payment_collection p join commerce.payment_session s on s.collection_id = p.id join commerce."order" o on o.id = p.order_id
        where p.tenant_id = $1 and p.refunded_amount > 0`,
      [t.tenant_id],
    );
    await sql.end();
    const expected = rows[0] as { refunds: number; amount: number; canceled: number };
    await waitFor('the refunds in analytics', async () => {
      const r = await p.graphql(SERIES, { from: today, to: today }, { token: admin });
      const eur = (r.body.data?.analyticsSeries ?? []).find((x: any) => x.currency_code === 'eur');
      return eur && eur.count === expected.refunds + expected.canceled && Math.abs(eur.amount - expected.amount) < 0.001;
    });
  });
});
