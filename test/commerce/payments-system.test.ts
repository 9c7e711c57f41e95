import { createPaymentProvider, PAYMENT_PROVIDER_IDS, type PaymentProviderAdapter } from '../../subgraphs/commerce/src/payments';

const context = { idempotency_key: 'paycol_1:1', email: 'shopper@example.com', reference: 'cart_1' };

describe('payment providers without external calls', () => {
  it('the factory knows every provider id and refuses unknown ones', () => {
    expect(PAYMENT_PROVIDER_IDS).toEqual(['pp_system_default', 'pp_bank-transfer_default', 'pp_stripe_stripe', 'pp_paypal_paypal']);
    expect(createPaymentProvider('pp_system_default').id).toBe('pp_system_default');
    expect(createPaymentProvider('pp_bank-transfer_default').id).toBe('pp_bank-transfer_default');
    expect(createPaymentProvider('pp_stripe_stripe', { api_key: 'sk_test_x' }).id).toBe('pp_stripe_stripe');
    expect(createPaymentProvider('pp_paypal_paypal', { client_id: 'a', client_secret: 'b' }).id).toBe('pp_paypal_paypal');
    expect(() => createPaymentProvider('pp_nope_nope')).toThrow(/unknown payment provider/);
    expect(() => createPaymentProvider('pp_stripe_stripe')).toThrow(/api_key/);
    expect(() => createPaymentProvider('pp_paypal_paypal', { client_id: 'a' } as never)).toThrow(/client_secret/);
  });

  it('pp_system_default: pending, authorized, captured, refunded, canceled', async () => {
    const p: PaymentProviderAdapter = createPaymentProvider('pp_system_default');
    const s = await p.initiate({ amount: '10.00', currency_code: 'eur', context });
    expect(s).toEqual({ status: 'pending', data: {} });
    const a = await p.authorize({ amount: '10.00', currency_code: 'eur', data: s.data, context });
    expect(a.status).toBe('authorized');
    const c = await p.capture({ amount: '10.00', currency_code: 'eur', data: a.data, context });
    expect(c.status).toBe('captured');
    const r = await p.refund({ amount: '4.00', currency_code: 'eur', data: c.data, context });
    expect(r).toEqual({ status: 'captured', data: { refunds: [{ amount: '4.00' }] } });
    expect((await p.cancel({ data: a.data, context })).status).toBe('canceled');
  });

  it('pp_bank-transfer_default: a short reference, authorised while awaiting the transfer, captured when booked', async () => {
    const p = createPaymentProvider('pp_bank-transfer_default');
    const s = await p.initiate({ amount: '99.90', currency_code: 'eur', context });
    expect(s.status).toBe('pending');
    expect(s.data.reference).toMatch(/^PAY-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    // re-initiating keeps what the shopper was told
    expect((await p.initiate({ amount: '99.90', currency_code: 'eur', context, data: s.data })).data.reference).toBe(s.data.reference);
    const refs = new Set(
      await Promise.all(Array.from({ length: 200 }, async () => (await p.initiate({ amount: '1', currency_code: 'eur', context })).data.reference)),
    );
    expect(refs.size).toBe(200);
    const a = await p.authorize({ amount: '99.90', currency_code: 'eur', data: s.data, context });
    expect(a).toEqual({ status: 'authorized', data: { reference: s.data.reference, awaiting_transfer: true } });
    const c = await p.capture({ amount: '99.90', currency_code: 'eur', data: a.data, context });
    expect(c).toEqual({ status: 'captured', data: { reference: s.data.reference, awaiting_transfer: false } });
    expect((await p.refund({ amount: '10', currency_code: 'eur', data: c.data, context })).status).toBe('captured');
    expect((await p.cancel({ data: a.data, context })).status).toBe('canceled');
  });
});
