import { PaymentProviderUnavailable, PayPalProvider, createPaymentProvider, type PaymentContext } from '../../subgraphs/commerce/src/payments';
import { startPayPalServer, type PayPalServer } from '../support/providers/paypal-server';

/** The PayPal adapter against a local server speaking PayPal's protocol (no stubs). */
describe('pp_paypal_paypal over HTTP', () => {
  let paypal: PayPalServer;
  let n = 0;
  const ctx = (): PaymentContext => ({ idempotency_key: `paycol_${++n}:1`, email: 'shopper@example.com', reference: `cart_${n}` });
  const adapter = (over: Partial<{ client_id: string; client_secret: string; timeout_ms: number; base_url: string }> = {}) =>
    new PayPalProvider(
      { client_id: paypal.clientId, client_secret: paypal.clientSecret, base_url: paypal.url, timeout_ms: 2000, ...over },
      { retryDelaysMs: [10, 20] },
    );

  beforeAll(async () => {
    paypal = await startPayPalServer();
  });
  afterAll(() => paypal.close());

  it('initiate → buyer approves → authorize → capture → refunds, with one cached token', async () => {
    const p = createPaymentProvider('pp_paypal_paypal', { client_id: paypal.clientId, client_secret: paypal.clientSecret, base_url: paypal.url });
    const context = ctx();
    const tokensBefore = paypal.tokensIssued;
    const s = await p.initiate({ amount: '49.9', currency_code: 'eur', context });
    expect(s).toEqual({
      status: 'pending',
      data: { id: expect.stringMatching(/^[A-Z0-9]{17}$/), status: 'CREATED', approve_url: `${paypal.url}/checkoutnow?token=${s.data.id}` },
    });
    const create = paypal.requests.find((r) => r.method === 'POST' && r.path === '/v2/checkout/orders')!;
    expect(create.headers['paypal-request-id']).toBe(`${context.idempotency_key}:create`);
    expect(JSON.parse(create.body)).toEqual({
      intent: 'AUTHORIZE',
      purchase_units: [{ reference_id: context.reference, custom_id: context.reference, amount: { currency_code: 'EUR', value: '49.90' } }],
    });

    const early = await p.authorize({ amount: '49.90', currency_code: 'eur', data: s.data, context });
    expect(early).toMatchObject({ status: 'requires_more', message: expect.stringMatching(/buyer has not approved/) });

    paypal.approve(String(s.data.id));
    const a = await p.authorize({ amount: '49.90', currency_code: 'eur', data: s.data, context });
    expect(a).toMatchObject({
      status: 'authorized',
      data: { id: s.data.id, status: 'COMPLETED', authorization_id: expect.any(String), authorization_status: 'CREATED' },
    });
    // authorising again (a retried cart completion) reads the completed order: still authorised, no second authorisation
    expect((await p.authorize({ amount: '49.90', currency_code: 'eur', data: s.data, context })).data.authorization_id).toBe(a.data.authorization_id);
    expect(paypal.authorizations.size).toBeGreaterThanOrEqual(1);
    expect([...paypal.authorizations.values()].filter((x) => x.id === a.data.authorization_id)).toHaveLength(1);

    const c = await p.capture({ amount: '49.90', currency_code: 'eur', data: a.data, context });
    expect(c).toMatchObject({ status: 'captured', data: { capture_id: expect.any(String), capture_status: 'COMPLETED' } });
    expect(paypal.authorizations.get(String(a.data.authorization_id))!.status).toBe('CAPTURED');

    const r1 = await p.refund({ amount: '9.90', currency_code: 'eur', data: c.data, context });
    const r2 = await p.refund({ amount: '9.90', currency_code: 'eur', data: r1.data, context });
    expect(r2).toMatchObject({
      status: 'captured',
      data: {
        refunds: [
          { amount: '9.90', status: 'COMPLETED' },
          { amount: '9.90', status: 'COMPLETED' },
        ],
      },
    });
    expect([...paypal.refunds.values()].filter((r) => r.capture_id === c.data.capture_id)).toHaveLength(2);
    expect(await p.refund({ amount: '40.00', currency_code: 'eur', data: r2.data, context })).toMatchObject({
      status: 'error',
      data: { error: { issue: 'REFUND_AMOUNT_EXCEEDED' } },
    });
    expect(paypal.tokensIssued - tokensBefore).toBeLessThanOrEqual(1);
  });

  it('cancel voids an authorisation; a never-authorised order has nothing to void', async () => {
    const p = adapter();
    const context = ctx();
    const s = await p.initiate({ amount: '20.00', currency_code: 'USD', context });
    expect(await p.cancel({ data: s.data, context })).toEqual({ status: 'canceled', data: s.data });
    paypal.approve(String(s.data.id));
    const a = await p.authorize({ amount: '20.00', currency_code: 'USD', data: s.data, context });
    const v = await p.cancel({ data: a.data, context });
    expect(v).toMatchObject({ status: 'canceled', data: { authorization_status: 'VOIDED' } });
    expect(paypal.authorizations.get(String(a.data.authorization_id))!.status).toBe('VOIDED');
    expect((await p.authorize({ amount: '20.00', currency_code: 'USD', data: s.data, context })).status).toBe('canceled');
    expect(await p.capture({ amount: '20.00', currency_code: 'USD', data: a.data, context: ctx() })).toMatchObject({
      status: 'error',
      data: { error: { issue: 'AUTHORIZATION_VOIDED' } },
    });
  });

  it('startRecurring sends experience_context (return/cancel URLs, no shipping); PayPal refusing a URL is a status error', async () => {
    const p = adapter();
    const urls = { return_url: 'https://shop.example/done', cancel_url: 'https://shop.example/plans' };
    const s = await p.startRecurring({ amount: '9.00', currency_code: 'EUR', context: { ...ctx(), ...urls } });
    expect(s).toMatchObject({ status: 'pending', data: { kind: 'setup_token' } });
    expect((paypal.setupRequests.at(-1) as any).payment_source.paypal.experience_context).toEqual({
      ...urls,
      shipping_preference: 'NO_SHIPPING',
      user_action: 'CONTINUE',
    });
    const bad = await p.startRecurring({ amount: '9.00', currency_code: 'EUR', context: { ...ctx(), return_url: 'shop.example/done' } });
    expect(bad).toMatchObject({ status: 'error', data: { error: { issue: 'INVALID_PARAMETER_VALUE', http_status: 422 } } });
  });

  it('a declined instrument is a status error with a clear message, nothing thrown', async () => {
    const p = adapter();
    const context = ctx();
    const s = await p.initiate({ amount: '15.00', currency_code: 'GBP', context });
    paypal.approve(String(s.data.id));
    paypal.declineInstrument(String(s.data.id));
    const a = await p.authorize({ amount: '15.00', currency_code: 'GBP', data: s.data, context });
    expect(a).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/declined the payment method/),
      data: { error: { issue: 'INSTRUMENT_DECLINED', http_status: 422 } },
    });
    expect(paypal.orders.get(String(s.data.id))!.status).toBe('APPROVED');
    // the amount changed since the order was made
    expect(await p.authorize({ amount: '16.00', currency_code: 'GBP', data: s.data, context })).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/no longer matches/),
    });
    expect(await p.authorize({ amount: '1', currency_code: 'GBP', data: { id: 'NOPE' }, context })).toMatchObject({
      status: 'error',
      data: { error: { http_status: 404 } },
    });
  });

  it('zero-decimal currencies without decimals; three-decimal ones PayPal does not take are an error', async () => {
    const p = adapter();
    const context = ctx();
    const jpy = await p.initiate({ amount: '1500.00', currency_code: 'JPY', context });
    expect(paypal.orders.get(String(jpy.data.id))!.purchase_units[0].amount).toEqual({ currency_code: 'JPY', value: '1500' });
    paypal.approve(String(jpy.data.id));
    const a = await p.authorize({ amount: '1500', currency_code: 'JPY', data: jpy.data, context });
    expect(a.status).toBe('authorized');
    expect((await p.capture({ amount: '1500', currency_code: 'JPY', data: a.data, context })).status).toBe('captured');
    const huf = await p.initiate({ amount: '12990', currency_code: 'HUF', context: ctx() });
    expect(paypal.orders.get(String(huf.data.id))!.purchase_units[0].amount.value).toBe('12990');
    expect(await p.initiate({ amount: '1500.5', currency_code: 'JPY', context: ctx() })).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/cannot be charged/),
    });
    const kwd = await p.initiate({ amount: '12.345', currency_code: 'KWD', context: ctx() });
    expect(kwd).toMatchObject({ status: 'error', message: 'PayPal does not support this currency.' });
    expect(JSON.parse(paypal.requests.filter((r) => r.path === '/v2/checkout/orders').at(-1)!.body).purchase_units[0].amount).toEqual({
      currency_code: 'KWD',
      value: '12.345',
    });
  });

  it('idempotency: the same PayPal-Request-Id twice makes one order; a lost answer is retried with it', async () => {
    const p = adapter();
    const context = ctx();
    const first = await p.initiate({ amount: '30.00', currency_code: 'EUR', context });
    expect((await p.initiate({ amount: '30.00', currency_code: 'EUR', context })).data.id).toBe(first.data.id);
    const context2 = ctx();
    paypal.fail('close-after', 1, (r) => r.path === '/v2/checkout/orders');
    const s = await p.initiate({ amount: '31.00', currency_code: 'EUR', context: context2 });
    expect(s.status).toBe('pending');
    expect(paypal.requests.filter((r) => r.headers['paypal-request-id'] === `${context2.idempotency_key}:create`)).toHaveLength(2);
    expect([...paypal.orders.values()].filter((o) => o.purchase_units[0].reference_id === context2.reference)).toHaveLength(1);
  });

  it('tokens: cached until shortly before expiry, refreshed when expired, and once more on a 401', async () => {
    const short = await startPayPalServer({ tokenTtlSeconds: 1 });
    try {
      // the token's lifetime runs on an injected clock (no real wait)
      let clock = Date.now();
      const p = new PayPalProvider({ client_id: short.clientId, client_secret: short.clientSecret, base_url: short.url }, { now: () => clock });
      await Promise.all([1, 2, 3].map(() => p.initiate({ amount: '1.00', currency_code: 'EUR', context: ctx() })));
      expect(short.tokensIssued).toBe(1); // concurrent callers share one token fetch
      // a 1 s token is renewed a fifth of its lifetime early: still used at 0.7 s, renewed at 0.85 s
      clock += 700;
      await p.initiate({ amount: '1.00', currency_code: 'EUR', context: ctx() });
      expect(short.tokensIssued).toBe(1);
      clock += 150;
      await p.initiate({ amount: '1.00', currency_code: 'EUR', context: ctx() });
      expect(short.tokensIssued).toBe(2);
      const token = short.requests.filter((r) => r.path === '/v1/oauth2/token').at(-1)!;
      expect(token.headers.authorization).toBe(`Basic ${Buffer.from(`${short.clientId}:${short.clientSecret}`).toString('base64')}`);
      expect(token.body).toBe('grant_type=client_credentials');
    } finally {
      await short.close();
    }
    const p = adapter();
    await p.initiate({ amount: '1.00', currency_code: 'EUR', context: ctx() });
    const issued = paypal.tokensIssued;
    paypal.revokeTokens();
    expect((await p.initiate({ amount: '1.00', currency_code: 'EUR', context: ctx() })).status).toBe('pending');
    expect(paypal.tokensIssued).toBe(issued + 1);
  });

  it('bad credentials: unavailable with a clear message that never contains the secret', async () => {
    const secret = 'EJ-not-the-right-secret-0123456789';
    const err = await adapter({ client_secret: secret })
      .initiate({ amount: '1.00', currency_code: 'EUR', context: ctx() })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentProviderUnavailable);
    expect((err as Error).message).toMatch(/PayPal: the client credentials were refused \(HTTP 401 invalid_client\)/);
    expect((err as Error).message).not.toContain(secret);
    expect(JSON.stringify(err)).not.toContain(secret);
  });

  it('5xx and dropped connections are retried (at most twice), then unavailable; a hang fails after the timeout', async () => {
    const p = adapter();
    await p.initiate({ amount: '1.00', currency_code: 'EUR', context: ctx() }); // a token first
    paypal.fail('500', 2);
    expect((await p.initiate({ amount: '5.00', currency_code: 'EUR', context: ctx() })).status).toBe('pending');
    paypal.fail('close', 1);
    expect((await p.initiate({ amount: '5.00', currency_code: 'EUR', context: ctx() })).status).toBe('pending');
    const before = paypal.requests.length;
    paypal.fail('500', 3);
    await expect(p.initiate({ amount: '5.00', currency_code: 'EUR', context: ctx() })).rejects.toThrow(/PayPal: answered HTTP 500 \(INTERNAL_SERVER_ERROR\)/);
    expect(paypal.requests.length - before).toBe(3);
    // the token endpoint failing is the same
    const fresh = adapter({ base_url: `${paypal.url}/` });
    paypal.revokeTokens();
    paypal.fail('500', 3, (r) => r.path === '/v1/oauth2/token');
    await expect(fresh.initiate({ amount: '5.00', currency_code: 'EUR', context: ctx() })).rejects.toBeInstanceOf(PaymentProviderUnavailable);

    const slow = adapter({ timeout_ms: 300 });
    await slow.initiate({ amount: '1.00', currency_code: 'EUR', context: ctx() });
    paypal.fail('hang', 1);
    const started = Date.now();
    await expect(slow.initiate({ amount: '5.00', currency_code: 'EUR', context: ctx() })).rejects.toThrow(/PayPal: no answer within 300 ms/);
    expect(Date.now() - started).toBeLessThan(10_000);
    paypal.fail('html', 3);
    await expect(slow.initiate({ amount: '5.00', currency_code: 'EUR', context: ctx() })).rejects.toThrow(/not JSON/);
  });
});
