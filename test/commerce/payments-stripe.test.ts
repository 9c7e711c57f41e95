import { PaymentProviderUnavailable, StripeProvider, createPaymentProvider, type PaymentContext } from '../../subgraphs/commerce/src/payments';
import { parseStripeForm, startStripeServer, type StripeServer } from '../support/providers/stripe-server';

/** The Stripe adapter against a local server speaking Stripe's protocol (no stubs). */
describe('pp_stripe_stripe over HTTP', () => {
  let stripe: StripeServer;
  let n = 0;
  const ctx = (): PaymentContext => ({ idempotency_key: `paycol_${++n}:1`, email: 'shopper@example.com', customer_id: 'cus_1', reference: `cart_${n}` });
  // short backoff so the retry tests stay quick; the adapter's defaults are 100 and 300 ms
  const adapter = (over: Partial<{ api_key: string; timeout_ms: number }> = {}) =>
    new StripeProvider({ api_key: stripe.apiKey, base_url: stripe.url, timeout_ms: 2000, ...over }, { retryDelaysMs: [10, 20] });

  beforeAll(async () => {
    stripe = await startStripeServer();
  });
  afterAll(() => stripe.close());

  it('initiate → shopper confirms → authorize → capture → refunds, speaking Stripe form encoding', async () => {
    const p = createPaymentProvider('pp_stripe_stripe', { api_key: stripe.apiKey, base_url: stripe.url });
    const context = ctx();
    const s = await p.initiate({ amount: '49.90', currency_code: 'EUR', context });
    expect(s.status).toBe('pending');
    expect(s.data).toEqual({ id: expect.stringMatching(/^pi_/), client_secret: expect.stringMatching(/^pi_.+_secret_/), status: 'requires_payment_method' });

    const create = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/payment_intents')!;
    expect(create.headers.authorization).toBe(`Bearer ${stripe.apiKey}`);
    expect(create.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(create.headers['idempotency-key']).toBe(`${context.idempotency_key}:create`);
    expect(parseStripeForm(create.body)).toEqual({
      amount: '4990',
      currency: 'eur',
      capture_method: 'manual',
      automatic_payment_methods: { enabled: 'true' },
      metadata: { reference: context.reference, customer_id: 'cus_1' },
      receipt_email: 'shopper@example.com',
    });

    // before the shopper confirmed: not yet
    const early = await p.authorize({ amount: '49.90', currency_code: 'EUR', data: s.data, context });
    expect(early).toMatchObject({ status: 'requires_more', message: expect.stringMatching(/not been completed/) });

    stripe.confirm(String(s.data.id), 'pm_card_visa');
    const a = await p.authorize({ amount: '49.90', currency_code: 'EUR', data: s.data, context });
    expect(a).toMatchObject({ status: 'authorized', data: { id: s.data.id, status: 'requires_capture', client_secret: s.data.client_secret } });

    const c = await p.capture({ amount: '49.90', currency_code: 'EUR', data: a.data, context });
    expect(c).toMatchObject({ status: 'captured', data: { status: 'succeeded' } });
    expect(stripe.intents.get(String(s.data.id))!.amount_received).toBe(4990);
    // a repeated capture (say the platform retried after a crash) is answered from the idempotency key
    expect((await p.capture({ amount: '49.90', currency_code: 'EUR', data: a.data, context })).status).toBe('captured');

    const r1 = await p.refund({ amount: '10.00', currency_code: 'EUR', data: c.data, context });
    expect(r1.status).toBe('captured');
    const r2 = await p.refund({ amount: '10.00', currency_code: 'EUR', data: r1.data, context });
    expect(r2.data.refunds).toEqual([
      { id: expect.stringMatching(/^re_/), amount: '10.00', status: 'succeeded' },
      { id: expect.stringMatching(/^re_/), amount: '10.00', status: 'succeeded' },
    ]);
    // two refunds of the same amount are two refunds, not one replayed
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === s.data.id).map((r) => r.amount)).toEqual([1000, 1000]);
    const tooMuch = await p.refund({ amount: '40.00', currency_code: 'EUR', data: r2.data, context });
    expect(tooMuch).toMatchObject({ status: 'error', message: expect.stringMatching(/greater than unrefunded/) });
  });

  it('cancel voids an authorised intent, a pending one, and one that was never created', async () => {
    const p = adapter();
    const context = ctx();
    const s = await p.initiate({ amount: '20', currency_code: 'usd', context });
    stripe.confirm(String(s.data.id), 'pm_card_visa');
    const a = await p.authorize({ amount: '20', currency_code: 'usd', data: s.data, context });
    expect(a.status).toBe('authorized');
    expect(await p.cancel({ data: a.data, context })).toMatchObject({ status: 'canceled', data: { status: 'canceled' } });
    // cancelling again: Stripe refuses the state change, the intent is canceled, so is the result
    expect((await p.cancel({ data: a.data, context: { ...context, idempotency_key: 'other' } })).status).toBe('canceled');
    expect(stripe.intents.get(String(s.data.id))!.status).toBe('canceled');
    expect((await p.authorize({ amount: '20', currency_code: 'usd', data: a.data, context })).status).toBe('canceled');

    const context2 = ctx();
    const pending = await p.initiate({ amount: '20', currency_code: 'usd', context: context2 });
    expect((await p.cancel({ data: pending.data, context: context2 })).status).toBe('canceled');
    expect(await p.cancel({ data: {}, context: ctx() })).toEqual({ status: 'canceled', data: {} });
  });

  it('a declined card is a status error with Stripe’s message, nothing thrown', async () => {
    const p = adapter();
    const context = ctx();
    const s = await p.initiate({ amount: '15.00', currency_code: 'gbp', context });
    stripe.confirm(String(s.data.id), 'pm_card_chargeDeclinedInsufficientFunds');
    const a = await p.authorize({ amount: '15.00', currency_code: 'gbp', data: s.data, context });
    expect(a).toMatchObject({
      status: 'error',
      message: 'Your card has insufficient funds.',
      data: { error: { code: 'card_declined', decline_code: 'insufficient_funds' } },
    });
    // the shopper tries another card on the same intent
    stripe.confirm(String(s.data.id), 'pm_card_visa');
    expect((await p.authorize({ amount: '15.00', currency_code: 'gbp', data: s.data, context })).status).toBe('authorized');

    const s2 = await p.initiate({ amount: '15.00', currency_code: 'gbp', context: ctx() });
    stripe.confirm(String(s2.data.id), 'pm_card_authenticationRequired');
    expect(await p.authorize({ amount: '15.00', currency_code: 'gbp', data: s2.data, context })).toMatchObject({
      status: 'requires_more',
      message: expect.stringMatching(/3-D Secure/),
    });
    // a cart whose total changed after the intent was made is not authorised with the old amount
    stripe.confirm(String(s2.data.id), 'pm_card_visa');
    expect(await p.authorize({ amount: '16.00', currency_code: 'gbp', data: s2.data, context })).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/no longer matches/),
    });
  });

  it('zero-decimal and three-decimal currencies in Stripe’s units', async () => {
    const p = adapter();
    const jpy = await p.initiate({ amount: '1500', currency_code: 'JPY', context: ctx() });
    expect(stripe.intents.get(String(jpy.data.id))).toMatchObject({ amount: 1500, currency: 'jpy' });
    const krw = await p.initiate({ amount: '25000.00', currency_code: 'krw', context: ctx() });
    expect(stripe.intents.get(String(krw.data.id))!.amount).toBe(25000);
    const context = ctx();
    const kwd = await p.initiate({ amount: '12.35', currency_code: 'KWD', context });
    expect(stripe.intents.get(String(kwd.data.id))).toMatchObject({ amount: 12350, currency: 'kwd' });
    stripe.confirm(String(kwd.data.id), 'pm_card_visa');
    const a = await p.authorize({ amount: '12.350', currency_code: 'KWD', data: kwd.data, context });
    expect(a.status).toBe('authorized');
    expect((await p.capture({ amount: '12.35', currency_code: 'KWD', data: a.data, context })).status).toBe('captured');
    expect(stripe.intents.get(String(kwd.data.id))!.amount_received).toBe(12350);
    // amounts the currency cannot express are refused before any call, never rounded
    const before = stripe.requests.length;
    expect(await p.initiate({ amount: '1500.5', currency_code: 'JPY', context: ctx() })).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/cannot be charged/),
    });
    expect(await p.initiate({ amount: '12.345', currency_code: 'KWD', context: ctx() })).toMatchObject({ status: 'error' });
    expect(stripe.requests.length).toBe(before);
  });

  it('idempotency: the same key twice makes one intent; a lost answer is retried with the same key', async () => {
    const p = adapter();
    const context = ctx();
    const first = await p.initiate({ amount: '30.00', currency_code: 'eur', context });
    const again = await p.initiate({ amount: '30.00', currency_code: 'eur', context });
    expect(again.data.id).toBe(first.data.id);
    expect([...stripe.intents.values()].filter((i) => i.metadata.reference === context.reference)).toHaveLength(1);

    // the server creates the intent, then the connection drops before the answer: the retry is replayed
    const context2 = ctx();
    stripe.fail('close-after', 1);
    const s = await p.initiate({ amount: '31.00', currency_code: 'eur', context: context2 });
    expect(s.status).toBe('pending');
    const sent = stripe.requests.filter((r) => r.headers['idempotency-key'] === `${context2.idempotency_key}:create`);
    expect(sent).toHaveLength(2);
    expect([...stripe.intents.values()].filter((i) => i.metadata.reference === context2.reference)).toHaveLength(1);

    // the same key with other parameters: Stripe's idempotency_error, reported, not thrown
    const changed = await p.initiate({ amount: '32.00', currency_code: 'eur', context: context2 });
    expect(changed).toMatchObject({ status: 'error', data: { error: { type: 'idempotency_error' } } });
  });

  it('5xx and dropped connections are retried (at most twice), then unavailable', async () => {
    const p = adapter();
    stripe.fail('500', 2);
    expect((await p.initiate({ amount: '5.00', currency_code: 'eur', context: ctx() })).status).toBe('pending');
    stripe.fail('close', 1);
    expect((await p.initiate({ amount: '5.00', currency_code: 'eur', context: ctx() })).status).toBe('pending');

    const context = ctx();
    const before = stripe.requests.length;
    stripe.fail('500', 3);
    const err = await p.initiate({ amount: '5.00', currency_code: 'eur', context }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentProviderUnavailable);
    expect(err).toMatchObject({ providerId: 'pp_stripe_stripe', message: expect.stringMatching(/Stripe: answered HTTP 500/) });
    expect(stripe.requests.length - before).toBe(3);
    expect(new Set(stripe.requests.slice(before).map((r) => r.headers['idempotency-key']))).toEqual(new Set([`${context.idempotency_key}:create`]));

    stripe.fail('close', 3);
    await expect(p.initiate({ amount: '5.00', currency_code: 'eur', context: ctx() })).rejects.toThrow(/Stripe: unreachable/);
    // a server that is not there at all
    const gone = await startStripeServer();
    const url = gone.url;
    await gone.close();
    await expect(
      new StripeProvider({ api_key: 'sk_test_x', base_url: url, timeout_ms: 2000 }, { retryDelaysMs: [5, 5] }).initiate({
        amount: '1',
        currency_code: 'eur',
        context: ctx(),
      }),
    ).rejects.toBeInstanceOf(PaymentProviderUnavailable);
  });

  it('a hanging Stripe fails with unavailable after the configured timeout, not retried, instead of hanging', async () => {
    const p = adapter({ timeout_ms: 300 });
    const before = stripe.requests.length;
    stripe.fail('hang', 1);
    const started = Date.now();
    const err = await p.initiate({ amount: '5.00', currency_code: 'eur', context: ctx() }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentProviderUnavailable);
    expect((err as Error).message).toMatch(/no answer within 300 ms/);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(stripe.requests.length - before).toBe(1);
  });

  it('bad credentials: unavailable with a clear message that never contains the key', async () => {
    const secret = 'sk_test_thisIsNotTheRightKey0123456789';
    const p = adapter({ api_key: secret });
    const err = await p.initiate({ amount: '5.00', currency_code: 'eur', context: ctx() }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentProviderUnavailable);
    const message = (err as Error).message;
    expect(message).toMatch(/API key was refused \(HTTP 401\)/);
    expect(message).not.toContain(secret);
    expect(message).not.toContain(secret.slice(-4));
    expect(JSON.stringify(err)).not.toContain(secret);
  });

  it('non-JSON answers and unknown intents', async () => {
    const p = adapter();
    expect(await p.authorize({ amount: '1', currency_code: 'eur', data: { id: 'pi_missing' }, context: ctx() })).toMatchObject({
      status: 'error',
      message: "No such payment_intent: 'pi_missing'",
    });
    expect(await p.authorize({ amount: '1', currency_code: 'eur', data: {}, context: ctx() })).toMatchObject({ status: 'error' });
    // an HTML page instead of Stripe's JSON is not Stripe answering
    stripe.fail('html', 3);
    await expect(p.initiate({ amount: '1', currency_code: 'eur', context: ctx() })).rejects.toThrow(/Stripe: answered HTTP 200 with a body that is not JSON/);
  });
});
