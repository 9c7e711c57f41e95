import { Client } from 'pg';
import { jobQueueName, systemContext } from '@svc/kit';
import type { TenantCredentials } from '@svc/identity';
import type { SubscriptionsServices } from '@svc/subscriptions';
import { startTestPlatform, type TestPlatform } from '../support/platform';
import { sharedPlatform } from '../support/shared';
import { TestClock } from '../support/clock';
import { waitFor } from '../support/wait';
import { startStripeServer, type StripeServer } from '../support/providers/stripe-server';
import { startPayPalServer, type PayPalServer } from '../support/providers/paypal-server';

const DAY = 86_400_000;
const LEASE_MS = 60_000;

/**
 * Subscriptions end to end (§4.4 and the contract's rules): plans, checkout with Stripe (a
 * PaymentIntent or SetupIntent that saves the card on a customer) against the local Stripe server,
 * bank transfer as invoices, trials, the lifecycle and its 409s, exact proration, renewals at the
 * period end on an injected clock (off-session charges, retries with backoff, cancellation after
 * the last attempt, receipt and dunning mails), two workers and a worker abandoned mid-charge
 * charging once, owner-only and tenant isolation, admin GraphQL.
 */
describe('subscriptions', () => {
  let p: TestPlatform;
  let sql: Client;
  let stripe: StripeServer;
  let paypal: PayPalServer;
  const clock = new TestClock(Date.UTC(2027, 0, 10, 12));
  let shop: TenantCredentials;
  let other: TenantCredentials;
  let admin: string;
  let otherAdmin: string;
  let jane: { token: string; email: string };
  let max: { token: string; email: string };
  let stranger: { token: string; email: string };
  const plans: Record<string, any> = {};

  const s = () => p.services<SubscriptionsServices>('subscriptions');
  const api = (method: string, path: string, token: string, body?: unknown, key = shop.publishable_key) => p.api(method, path, { key, token, body });
  const gql = async (query: string, variables: Record<string, unknown>, token = admin, key = shop.publishable_key): Promise<any> => {
    const r = await p.graphql(query, variables, { token, key });
    if (r.body?.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(r.body.errors)}`);
    return r.body.data;
  };
  const runDue = () => s().renewals.runDue(p.log);
  const events = async (type: string, id: string) =>
    (await sql.query(`select data from "subscriptions".outbox_event where type = $1 and data->>'id' = $2 order by position`, [type, id])).rows.map(
      (r) => r.data,
    );
  const ledger = async (id: string) =>
    (
      await sql.query(
        `select kind, amount::text as amount, cycle, order_id from "subscriptions".subscription_ledger where subscription_id = $1 order by created_at, id`,
        [id],
      )
    ).rows;
  const orderOf = async (id: string) =>
    (await sql.query(`select display_id, payment_status, totals->>'total' as total, customer_id from "commerce"."order" where id = $1`, [id])).rows[0];

  /** a Stripe checkout of `plan`, the card confirmed by the shopper, and the subscription created */
  const subscribeByCard = async (who: { token: string }, plan: string, card = 'pm_card_visa') => {
    const started = await api('POST', '/store/subscriptions/checkout', who.token, { plan_id: plan, currency_code: 'eur', provider_id: 'pp_stripe_stripe' });
    expect(started.status).toBe(200);
    const session = started.body.checkout.payment_session;
    if (session.kind === 'setup_intent') stripe.confirmSetup(session.id, card);
    else stripe.confirm(session.id, card);
    const created = await api('POST', '/store/subscriptions', who.token, { checkout_id: started.body.checkout.id });
    expect(created.status).toBe(200);
    return { ...created.body.subscription, stripe_customer: session.customer as string };
  };

  /** a bank-transfer subscription of `plan` (an invoice, the first order awaiting payment) */
  const subscribeByTransfer = async (who: { token: string }, plan: string) => {
    const started = await api('POST', '/store/subscriptions/checkout', who.token, {
      plan_id: plan,
      currency_code: 'eur',
      provider_id: 'pp_bank-transfer_default',
    });
    const created = await api('POST', '/store/subscriptions', who.token, { checkout_id: started.body.checkout.id });
    return created.body.subscription;
  };

  beforeAll(async () => {
    stripe = await startStripeServer();
    paypal = await startPayPalServer();
    p = await startTestPlatform({
      clock,
      env: {
        SUBSCRIPTION_RENEWAL_ATTEMPTS: '3',
        SUBSCRIPTION_RETRY_HOURS: '24,48',
        SUBSCRIPTION_RENEWAL_LEASE_MS: String(LEASE_MS),
        SUBSCRIPTION_REFUND_RETRY_MINUTES: '5,30',
      },
    });
    sql = new Client({ connectionString: p.dbUrl });
    await sql.connect();
    shop = await p.createTenant();
    other = await p.createTenant();
    for (const t of [shop, other]) {
      await p.seedCatalog(t.tenant_id);
      await p.seedCommerce(t.tenant_id);
    }
    admin = await p.adminToken(shop);
    otherAdmin = await p.adminToken(other);
    await gql('mutation($i: PaymentProviderSettingInput!) { savePaymentProvider(input: $i) { provider_id } }', {
      i: { provider_id: 'pp_stripe_stripe', enabled: true, settings: { api_key: stripe.apiKey, base_url: stripe.url, timeout_ms: 60_000 } },
    });
    await gql('mutation($i: PaymentProviderSettingInput!) { savePaymentProvider(input: $i) { provider_id } }', {
      i: {
        provider_id: 'pp_paypal_paypal',
        enabled: true,
        settings: { client_id: paypal.clientId, client_secret: paypal.clientSecret, base_url: paypal.url, timeout_ms: 60_000 },
      },
    });
    jane = await p.registerCustomer(shop.publishable_key);
    max = await p.registerCustomer(shop.publishable_key);
    stranger = await p.registerCustomer(other.publishable_key);
    const CREATE =
      'mutation($input: CreateSubscriptionPlanInput!) { createSubscriptionPlan(input: $input) { id handle interval interval_count trial_days active prices { currency_code amount } } }';
    const defs = [
      {
        handle: 'basic',
        name: 'Basic',
        interval: 'month',
        prices: [
          { currency_code: 'eur', amount: '30.00' },
          { currency_code: 'jpy', amount: '3000' },
        ],
      },
      { handle: 'pro', name: 'Pro', interval: 'month', prices: [{ currency_code: 'eur', amount: '50.00' }] },
      { handle: 'quarterly', name: 'Quarterly', interval: 'month', interval_count: 3, prices: [{ currency_code: 'eur', amount: '80.00' }] },
      { handle: 'yearly', name: 'Yearly', interval: 'year', trial_days: 14, prices: [{ currency_code: 'eur', amount: '300.00' }] },
      { handle: 'retired', name: 'Retired', interval: 'week', active: false, prices: [{ currency_code: 'eur', amount: '5.00' }] },
    ];
    for (const input of defs) plans[input.handle] = (await gql(CREATE, { input })).createSubscriptionPlan;
    await gql(
      CREATE,
      { input: { handle: 'elsewhere', name: 'Elsewhere', interval: 'month', prices: [{ currency_code: 'eur', amount: '1.00' }] } },
      otherAdmin,
      other.publishable_key,
    );
  });
  afterAll(async () => {
    await sql?.end();
    await p?.stop();
    await stripe?.close();
    await paypal?.close();
  });

  describe('plans', () => {
    it('lists the active plans of the store with their prices, intervals and trials', async () => {
      const r = await p.api('GET', '/store/subscription-plans', { key: shop.publishable_key });
      expect(r.status).toBe(200);
      expect(r.body.subscription_plans.map((x: any) => x.handle)).toEqual(['basic', 'pro', 'quarterly', 'yearly']);
      expect(r.body.subscription_plans[0]).toMatchObject({
        interval: 'month',
        interval_count: 1,
        trial_days: 0,
        prices: [
          { currency_code: 'eur', amount: 30 },
          { currency_code: 'jpy', amount: 3000 },
        ],
      });
      expect(r.body.subscription_plans[3]).toMatchObject({ interval: 'year', trial_days: 14 });
      const theirs = await p.api('GET', '/store/subscription-plans', { key: other.publishable_key });
      expect(theirs.body.subscription_plans.map((x: any) => x.handle)).toEqual(['elsewhere']);
      expect((await p.api('GET', '/store/subscription-plans')).status).toBe(401);
      expect((await p.api('GET', '/store/subscription-plans?x=1', { key: shop.publishable_key })).status).toBe(400);
    });

    it('refuses prices finer than the currency’s minor unit, bad intervals and duplicate handles; only admins write', async () => {
      const CREATE = 'mutation($input: CreateSubscriptionPlanInput!) { createSubscriptionPlan(input: $input) { id } }';
      const bad = [
        { name: 'Yen', interval: 'month', prices: [{ currency_code: 'jpy', amount: '10.5' }] },
        { name: 'Euro', interval: 'month', prices: [{ currency_code: 'eur', amount: '10.505' }] },
        { name: 'Fortnight', interval: 'fortnight', prices: [{ currency_code: 'eur', amount: '1' }] },
        { name: 'Empty', interval: 'month', prices: [] },
        { name: 'Basic', handle: 'basic', interval: 'month', prices: [{ currency_code: 'eur', amount: '1' }] },
      ];
      for (const input of bad) {
        const r = await p.graphql(CREATE, { input }, { token: admin, key: shop.publishable_key });
        expect(r.body.errors?.[0]?.extensions?.type).toMatch(/validation_error|conflict/);
      }
      const asCustomer = await p.graphql(
        CREATE,
        { input: { name: 'X', interval: 'month', prices: [{ currency_code: 'eur', amount: '1' }] } },
        { token: jane.token, key: shop.publishable_key },
      );
      expect(asCustomer.body.errors[0].extensions.type).toBe('permission_error');
      const count = (await sql.query(`select count(*)::int as n from "subscriptions".subscription_plan where tenant_id = $1`, [shop.tenant_id])).rows[0].n;
      expect(count).toBe(5);
    });
  });

  describe('checkout and creation', () => {
    it('pays the first period by card and saves the card on a Stripe customer for renewals', async () => {
      const started = await api('POST', '/store/subscriptions/checkout', jane.token, {
        plan_id: 'basic',
        currency_code: 'eur',
        provider_id: 'pp_stripe_stripe',
      });
      expect(started.status).toBe(200);
      const { checkout, subscription } = started.body;
      expect(checkout).toMatchObject({ plan_id: plans.basic.id, amount: 30, payment_mode: 'saved_method', provider_id: 'pp_stripe_stripe' });
      expect(subscription.status).toBe('incomplete');
      const pi = stripe.intents.get(checkout.payment_session.id)!;
      expect(pi).toMatchObject({ amount: 3000, currency: 'eur', setup_future_usage: 'off_session', customer: checkout.payment_session.customer });
      expect(checkout.payment_session.client_secret).toMatch(/_secret_/);

      // before the shopper confirmed the card
      const early = await api('POST', '/store/subscriptions', jane.token, { checkout_id: checkout.id });
      expect(early.status).toBe(409);
      expect(early.body.code).toBe('payment_incomplete');
      expect((await api('GET', `/store/subscriptions/${checkout.id}`, jane.token)).body.subscription.status).toBe('incomplete');

      stripe.confirm(pi.id, 'pm_card_visa');
      const created = await api('POST', '/store/subscriptions', jane.token, { checkout_id: checkout.id });
      expect(created.status).toBe(200);
      const sub = created.body.subscription;
      expect(sub).toMatchObject({
        status: 'active',
        plan_id: plans.basic.id,
        amount: 30,
        currency_code: 'eur',
        payment_mode: 'saved_method',
        cycle: 0,
        trial_end: null,
      });
      expect(new Date(sub.current_period_start).getTime()).toBe(clock.now());
      expect(sub.current_period_end).toBe(new Date(Date.UTC(2027, 1, 10, 12)).toISOString());
      expect(stripe.attached.has(`${checkout.payment_session.customer}|pm_card_visa`)).toBe(true);
      // the same checkout again: the same subscription, nothing charged or ordered twice
      const again = await api('POST', '/store/subscriptions', jane.token, { checkout_id: checkout.id });
      expect(again.body.subscription.id).toBe(sub.id);
      const rows = await ledger(sub.id);
      expect(rows).toEqual([{ kind: 'charge', amount: '3000', cycle: 0, order_id: expect.stringMatching(/^order_/) }]);
      expect(await orderOf(rows[0].order_id)).toMatchObject({ payment_status: 'captured', total: '30' });
      expect(await events('subscription.created', sub.id)).toHaveLength(1);
    });

    it('saves the card with a SetupIntent when the plan starts with a trial, and charges nothing now', async () => {
      const sub = await subscribeByCard(max, 'yearly');
      expect(sub).toMatchObject({ status: 'active', plan_id: plans.yearly.id });
      expect(sub.trial_end).toBe(new Date(clock.now() + 14 * DAY).toISOString());
      expect(sub.current_period_end).toBe(sub.trial_end);
      expect(await ledger(sub.id)).toEqual([]);
      expect([...stripe.setupIntents.values()].some((si) => si.customer === sub.stripe_customer && si.status === 'succeeded')).toBe(true);
      await api('POST', `/store/subscriptions/${sub.id}/cancel`, max.token, {});
    });

    it('starts a trial without payment for a plan with trial days, and asks for a checkout otherwise', async () => {
      const trial = await api('POST', '/store/subscriptions', max.token, { plan_id: 'yearly', currency_code: 'eur' });
      expect(trial.status).toBe(200);
      expect(trial.body.subscription).toMatchObject({ status: 'active', payment_mode: 'invoice', provider_id: 'pp_system_default' });
      const noTrial = await api('POST', '/store/subscriptions', max.token, { plan_id: 'basic', currency_code: 'eur' });
      expect(noTrial.status).toBe(400);
      expect(noTrial.body.code).toBe('checkout_required');
      await api('POST', `/store/subscriptions/${trial.body.subscription.id}/cancel`, max.token, {});
    });

    it('takes bank transfer as invoices: a transfer reference and a first order awaiting payment', async () => {
      const started = await api('POST', '/store/subscriptions/checkout', max.token, {
        plan_id: 'pro',
        currency_code: 'eur',
        provider_id: 'pp_bank-transfer_default',
      });
      expect(started.status).toBe(200);
      expect(started.body.checkout.payment_mode).toBe('invoice');
      expect(started.body.checkout.payment_session.reference).toMatch(/^PAY-/);
      const created = await api('POST', '/store/subscriptions', max.token, { checkout_id: started.body.checkout.id });
      expect(created.body.subscription).toMatchObject({ status: 'active', payment_mode: 'invoice' });
      const [row] = await ledger(created.body.subscription.id);
      expect(row).toMatchObject({ kind: 'invoice', amount: '5000' });
      expect(await orderOf(row.order_id)).toMatchObject({ payment_status: 'authorized', total: '50' });
      await api('POST', `/store/subscriptions/${created.body.subscription.id}/cancel`, max.token, {});
    });

    it('cancels a checkout never completed after its time; one paid at Stripe still becomes its subscription', async () => {
      const started = await api('POST', '/store/subscriptions/checkout', max.token, {
        plan_id: 'basic',
        currency_code: 'eur',
        provider_id: 'pp_stripe_stripe',
      });
      clock.advance(25 * 3_600_000);
      await runDue();
      const got = (await api('GET', `/store/subscriptions/${started.body.checkout.id}`, max.token)).body.subscription;
      expect(got).toMatchObject({ status: 'canceled', cancel_reason: 'checkout_expired' });
      const unpaid = await api('POST', '/store/subscriptions', max.token, { checkout_id: started.body.checkout.id });
      expect([unpaid.status, unpaid.body.code]).toEqual([409, 'payment_incomplete']);
      stripe.confirm(started.body.checkout.payment_session.id, 'pm_card_visa');
      const late = await api('POST', '/store/subscriptions', max.token, { checkout_id: started.body.checkout.id });
      expect(late.body.subscription).toMatchObject({ status: 'active', cancel_reason: null, canceled_at: null });
      await api('POST', `/store/subscriptions/${started.body.checkout.id}/cancel`, max.token, {});
    });

    it('answers 400 for bad input on every route, nothing written', async () => {
      const before = (await sql.query(`select count(*)::int as n from "subscriptions".subscription where tenant_id = $1`, [shop.tenant_id])).rows[0].n;
      const cases: Array<[string, string, unknown, number]> = [
        ['POST', '/store/subscriptions/checkout', {}, 400],
        ['POST', '/store/subscriptions/checkout', { plan_id: 'basic', currency_code: 'EUR', provider_id: 'pp_stripe_stripe' }, 400],
        ['POST', '/store/subscriptions/checkout', { plan_id: 'nope', currency_code: 'eur', provider_id: 'pp_stripe_stripe' }, 400],
        ['POST', '/store/subscriptions/checkout', { plan_id: 'retired', currency_code: 'eur', provider_id: 'pp_stripe_stripe' }, 400],
        ['POST', '/store/subscriptions/checkout', { plan_id: 'pro', currency_code: 'usd', provider_id: 'pp_stripe_stripe' }, 400],
        ['POST', '/store/subscriptions/checkout', { plan_id: 'basic', currency_code: 'jpy', provider_id: 'pp_stripe_stripe' }, 400],
        ['POST', '/store/subscriptions/checkout', { plan_id: 'basic', currency_code: 'eur', provider_id: 'pp_unknown_provider' }, 400],
        ['POST', '/store/subscriptions/checkout', { plan_id: 'basic', currency_code: 'eur', provider_id: 'pp_stripe_stripe', extra: 1 }, 400],
        ['POST', '/store/subscriptions', {}, 400],
        ['POST', '/store/subscriptions', { checkout_id: 'x', plan_id: 'basic' }, 400],
        ['POST', '/store/subscriptions', { plan_id: 'basic' }, 400],
        ['POST', '/store/subscriptions', { plan_id: 'yearly', currency_code: 'eur', extra: 1 }, 400],
        ['POST', '/store/subscriptions/sub_nope/change-plan', {}, 400],
        ['POST', '/store/subscriptions/sub_nope/cancel', { at_period_end: 'yes' }, 400],
        ['POST', '/store/subscriptions/sub_nope/pause', { now: true }, 400],
        ['POST', '/store/subscriptions/sub_nope/resume', { now: true }, 400],
      ];
      for (const [method, path, body, status] of cases) {
        const r = await api(method, path, jane.token, body);
        expect([path, r.status]).toEqual([path, status]);
        expect(r.body.type).toBe('validation_error');
      }
      expect((await p.api('GET', '/store/subscriptions?limit=-1', { key: shop.publishable_key, token: jane.token })).status).toBe(400);
      expect((await p.api('GET', '/store/subscriptions?status[0]=gone', { key: shop.publishable_key, token: jane.token })).status).toBe(400);
      expect((await sql.query(`select count(*)::int as n from "subscriptions".subscription where tenant_id = $1`, [shop.tenant_id])).rows[0].n).toBe(before);
      // a customer token is needed
      expect((await p.api('GET', '/store/subscriptions', { key: shop.publishable_key })).status).toBe(401);
      expect(
        (
          await p.api('POST', '/store/subscriptions/checkout', {
            key: shop.publishable_key,
            body: { plan_id: 'basic', currency_code: 'eur', provider_id: 'pp_stripe_stripe' },
          })
        ).status,
      ).toBe(401);
    });
  });

  describe('PayPal (vault v3)', () => {
    it('saves a vaulted PayPal account the buyer approves, charges the first period with it, then renews without the buyer', async () => {
      const who = await p.registerCustomer(shop.publishable_key);
      const started = await api('POST', '/store/subscriptions/checkout', who.token, { plan_id: 'pro', currency_code: 'eur', provider_id: 'pp_paypal_paypal' });
      expect(started.status).toBe(200);
      const session = started.body.checkout.payment_session;
      expect(session).toMatchObject({ kind: 'setup_token', status: 'PAYER_ACTION_REQUIRED' });
      expect(session.approve_url).toContain(session.id);
      const early = await api('POST', '/store/subscriptions', who.token, { checkout_id: started.body.checkout.id });
      expect([early.status, early.body.code]).toEqual([409, 'payment_incomplete']);
      paypal.approveSetupToken(session.id);
      const created = await api('POST', '/store/subscriptions', who.token, { checkout_id: started.body.checkout.id });
      expect(created.body.subscription).toMatchObject({ status: 'active', provider_id: 'pp_paypal_paypal', payment_mode: 'saved_method' });
      const sub = created.body.subscription;
      const [vaultId] = [...paypal.paymentTokens.values()].filter((t: any) => t.setup_token === session.id).map((t) => t.id);
      expect(paypal.vaultCaptures.get(vaultId)).toHaveLength(1);
      // the same checkout again: no second charge
      await api('POST', '/store/subscriptions', who.token, { checkout_id: started.body.checkout.id });
      expect(paypal.vaultCaptures.get(vaultId)).toHaveLength(1);

      clock.advance(new Date(sub.current_period_end).getTime() - clock.now());
      paypal.declineVault(vaultId);
      await runDue();
      expect((await api('GET', `/store/subscriptions/${sub.id}`, who.token)).body.subscription).toMatchObject({ status: 'past_due', failed_attempts: 1 });
      paypal.declineVault(vaultId, false);
      // the retry's answer is lost after PayPal captured: the next pass repeats it with the same PayPal-Request-Id
      paypal.fail('close-after', 3, (r) => r.path === '/v2/checkout/orders' && r.body.includes(vaultId));
      clock.advance(24 * 3_600_000);
      await runDue();
      await runDue();
      clock.advance(3_600_000);
      await runDue();
      const after = (await api('GET', `/store/subscriptions/${sub.id}`, who.token)).body.subscription;
      expect(after).toMatchObject({ status: 'active', cycle: 1, failed_attempts: 0 });
      expect(paypal.vaultCaptures.get(vaultId)).toHaveLength(2);
      const [ev] = await events('subscription.renewed', sub.id);
      expect(await orderOf(ev.order_id)).toMatchObject({ payment_status: 'captured', total: '50' });
      await api('POST', `/store/subscriptions/${sub.id}/cancel`, who.token, {});
    });

    it('sends the return and cancel URLs to PayPal in experience_context; a bad URL is a 400 with nothing written or sent', async () => {
      const who = await p.registerCustomer(shop.publishable_key);
      const urls = { return_url: 'https://shop.example/account/subscriptions?ok=1', cancel_url: 'https://shop.example/plans' };
      const started = await api('POST', '/store/subscriptions/checkout', who.token, {
        plan_id: 'pro',
        currency_code: 'eur',
        provider_id: 'pp_paypal_paypal',
        ...urls,
      });
      expect(started.status).toBe(200);
      const received = paypal.setupRequests.at(-1) as any;
      expect(received.payment_source.paypal.experience_context).toEqual({ ...urls, shipping_preference: 'NO_SHIPPING', user_action: 'CONTINUE' });

      const sent = paypal.setupRequests.length;
      const count = async () =>
        (await sql.query(`select count(*)::int as n from "subscriptions".subscription where tenant_id = $1`, [shop.tenant_id])).rows[0].n;
      const before = await count();
      for (const bad of ['javascript:alert(1)', 'not a url', 'ftp://shop.example/x']) {
        const r = await api('POST', '/store/subscriptions/checkout', who.token, {
          plan_id: 'pro',
          currency_code: 'eur',
          provider_id: 'pp_paypal_paypal',
          return_url: bad,
        });
        expect([r.status, r.body.type, r.body.code]).toEqual([400, 'validation_error', 'invalid_field']);
      }
      expect(paypal.setupRequests.length).toBe(sent);
      expect(await count()).toBe(before);
    });

    it('derives the return and cancel URLs from the store’s first allowed storefront origin when the checkout has none', async () => {
      const who = await p.registerCustomer(shop.publishable_key);
      const ORIGINS = 'mutation($o: [String!]) { updateStoreSettings(input: { allowed_origins: $o }) { allowed_origins } }';
      const checkout = async (extra: Record<string, unknown> = {}) => {
        const r = await api('POST', '/store/subscriptions/checkout', who.token, {
          plan_id: 'pro',
          currency_code: 'eur',
          provider_id: 'pp_paypal_paypal',
          ...extra,
        });
        expect(r.status).toBe(200);
        return { id: r.body.checkout.id as string, sent: (paypal.setupRequests.at(-1) as any).payment_source.paypal.experience_context };
      };
      try {
        await gql(ORIGINS, { o: ['https://www.shop.example', 'https://other.shop.example'] });
        const derived = await checkout();
        expect(derived.sent).toEqual({
          shipping_preference: 'NO_SHIPPING',
          user_action: 'CONTINUE',
          return_url: `https://www.shop.example/account/subscriptions?checkout_id=${derived.id}`,
          cancel_url: `https://www.shop.example/account/subscriptions?checkout_id=${derived.id}&canceled=true`,
        });
        // a URL given wins; the missing one is derived
        const mixed = await checkout({ return_url: 'https://shop.example/thanks' });
        expect(mixed.sent).toMatchObject({
          return_url: 'https://shop.example/thanks',
          cancel_url: `https://www.shop.example/account/subscriptions?checkout_id=${mixed.id}&canceled=true`,
        });
        // a store without origins sends none (PayPal uses the merchant account's defaults)
        await gql(ORIGINS, { o: [] });
        expect((await checkout()).sent).toEqual({ shipping_preference: 'NO_SHIPPING', user_action: 'CONTINUE' });
      } finally {
        await gql(ORIGINS, { o: [] });
      }
    });
  });

  describe('owner only', () => {
    it('lists and answers a subscription to its customer only (another customer’s or store’s: 404)', async () => {
      const mine = await api('GET', '/store/subscriptions?status[0]=active', jane.token);
      expect(mine.status).toBe(200);
      expect(mine.body.subscriptions.length).toBeGreaterThan(0);
      expect(mine.body.subscriptions.every((x: any) => x.customer_id === mine.body.subscriptions[0].customer_id)).toBe(true);
      const id = mine.body.subscriptions[0].id;
      for (const [token, key] of [
        [max.token, shop.publishable_key],
        [stranger.token, other.publishable_key],
      ]) {
        for (const [method, path, body] of [
          ['GET', `/store/subscriptions/${id}`, undefined],
          ['POST', `/store/subscriptions/${id}/pause`, {}],
          ['POST', `/store/subscriptions/${id}/resume`, {}],
          ['POST', `/store/subscriptions/${id}/cancel`, {}],
          ['POST', `/store/subscriptions/${id}/change-plan`, { plan_id: 'pro' }],
          ['POST', '/store/subscriptions', { checkout_id: id }],
        ] as const) {
          const r = await api(method, path, token, body, key);
          expect([path, r.status, r.body.code]).toEqual([path, 404, 'not_found']);
        }
      }
      expect((await api('GET', `/store/subscriptions/${id}`, jane.token)).body.subscription.status).toBe('active');
      // the other store's admin does not see it either
      const r = await p.graphql('query($id: String!) { adminSubscription(id: $id) { id } }', { id }, { token: otherAdmin, key: other.publishable_key });
      expect(r.body.errors[0].extensions.code).toBe('not_found');
      const list = await gql('{ adminSubscriptions(limit: 100) { count items { id customer_id } } }', {}, otherAdmin, other.publishable_key);
      expect(list.adminSubscriptions.count).toBe(0);
    });
  });

  describe('lifecycle', () => {
    it('pauses only active, resumes only paused and moves the period end by the paused time; anything else is 409', async () => {
      const sub = await subscribeByCard(jane, 'basic');
      expect((await api('POST', `/store/subscriptions/${sub.id}/resume`, jane.token, {})).body.code).toBe('invalid_transition');
      const paused = await api('POST', `/store/subscriptions/${sub.id}/pause`, jane.token, {});
      expect(paused.body.subscription).toMatchObject({ status: 'paused', next_renewal_at: null });
      const twice = await api('POST', `/store/subscriptions/${sub.id}/pause`, jane.token, {});
      expect([twice.status, twice.body.code]).toEqual([409, 'invalid_transition']);
      expect((await api('POST', `/store/subscriptions/${sub.id}/change-plan`, jane.token, { plan_id: 'pro' })).body.code).toBe('invalid_transition');
      clock.advance(3 * DAY + 5_000);
      const resumed = await api('POST', `/store/subscriptions/${sub.id}/resume`, jane.token, {});
      expect(resumed.body.subscription.status).toBe('active');
      expect(new Date(resumed.body.subscription.current_period_end).getTime() - new Date(sub.current_period_end).getTime()).toBe(3 * DAY + 5_000);
      expect(resumed.body.subscription.next_renewal_at).toBe(resumed.body.subscription.current_period_end);
      const canceled = await api('POST', `/store/subscriptions/${sub.id}/cancel`, jane.token, {});
      expect(canceled.body.subscription).toMatchObject({ status: 'canceled', cancel_reason: 'requested' });
      for (const action of ['pause', 'resume', 'cancel']) {
        const r = await api('POST', `/store/subscriptions/${sub.id}/${action}`, jane.token, {});
        expect([action, r.status, r.body.code]).toEqual([action, 409, 'invalid_transition']);
      }
      expect((await events('subscription.paused', sub.id)).length).toBe(1);
      expect((await events('subscription.resumed', sub.id)).length).toBe(1);
    });

    it('changes plan prorated to the cent, credit and charge summing to the time share, the net waiting for the renewal', async () => {
      const sub = await subscribeByCard(jane, 'basic');
      const start = new Date(sub.current_period_start).getTime();
      const length = new Date(sub.current_period_end).getTime() - start; // 31 days of January–February
      clock.advance(length / 4);
      const up = await api('POST', `/store/subscriptions/${sub.id}/change-plan`, jane.token, { plan_id: 'pro' });
      expect(up.status).toBe(200);
      // 3/4 of the period left: 22.50 credited of Basic, 37.50 charged of Pro
      expect(up.body.proration).toEqual({ currency_code: 'eur', credit: 22.5, charge: 37.5, net: 15, effective_at: new Date(clock.now()).toISOString() });
      expect(up.body.subscription).toMatchObject({ plan_id: plans.pro.id, balance: 15 });
      const same = await api('POST', `/store/subscriptions/${sub.id}/change-plan`, jane.token, { plan_id: 'pro' });
      expect([same.status, same.body.code]).toEqual([409, 'invalid_transition']);
      clock.advance(length / 3);
      const down = await api('POST', `/store/subscriptions/${sub.id}/change-plan`, jane.token, { plan_id: plans.basic.id });
      // 5/12 left: credit 50 × 5/12 = 20.833… → 20.83, charge 30 × 5/12 = 12.50; owed: 30/4 + 50/3 + 30×5/12 = 36.666… → 36.67
      expect(down.body.proration).toMatchObject({ credit: 20.83, charge: 12.5, net: -8.33 });
      expect(30 + up.body.proration.net + down.body.proration.net).toBeCloseTo(36.67, 10);
      expect(down.body.subscription.balance).toBeCloseTo(6.67, 10);
      // another interval: from the period end, nothing prorated
      const later = await api('POST', `/store/subscriptions/${sub.id}/change-plan`, jane.token, { plan_id: 'quarterly' });
      expect(later.body.proration).toEqual({ currency_code: 'eur', credit: 0, charge: 0, net: 0, effective_at: down.body.subscription.current_period_end });
      expect(later.body.subscription).toMatchObject({ plan_id: plans.basic.id, scheduled_plan_id: plans.quarterly.id });
      expect((await ledger(sub.id)).map((r: any) => [r.kind, r.amount])).toEqual([
        ['charge', '3000'],
        ['proration_credit', '2250'],
        ['proration_charge', '3750'],
        ['proration_credit', '2083'],
        ['proration_charge', '1250'],
      ]);

      // the renewal at the period end: the quarterly plan, plus the balance of 6.67
      clock.advance(length);
      await runDue();
      const renewed = (await api('GET', `/store/subscriptions/${sub.id}`, jane.token)).body.subscription;
      expect(renewed).toMatchObject({ status: 'active', plan_id: plans.quarterly.id, scheduled_plan_id: null, cycle: 1, balance: 0 });
      expect(renewed.current_period_start).toBe(down.body.subscription.current_period_end);
      const charges = stripe.offSessionCharges(sub.stripe_customer);
      expect(charges.map((c) => c.amount)).toEqual([8667]);
      const [ev] = await events('subscription.renewed', sub.id);
      expect(ev).toMatchObject({ cycle: 1, amount: 86.67, currency_code: 'eur', plan_id: plans.quarterly.id });
      expect(await orderOf(ev.order_id)).toMatchObject({ payment_status: 'captured', total: '86.67', display_id: ev.order_display_id });
      await api('POST', `/store/subscriptions/${sub.id}/cancel`, jane.token, {});
    });

    it('cancels at the period end when asked: active until then, canceled by the renewal job instead of charged', async () => {
      const sub = await subscribeByCard(jane, 'basic');
      const r = await api('POST', `/store/subscriptions/${sub.id}/cancel`, jane.token, { at_period_end: true });
      expect(r.body.subscription).toMatchObject({ status: 'active', cancel_at_period_end: true });
      clock.advance(new Date(sub.current_period_end).getTime() - clock.now() + 1000);
      await runDue();
      const after = (await api('GET', `/store/subscriptions/${sub.id}`, jane.token)).body.subscription;
      expect(after).toMatchObject({ status: 'canceled', cancel_reason: 'period_end' });
      expect(stripe.offSessionCharges(sub.stripe_customer)).toEqual([]);
    });
  });

  describe('renewals', () => {
    it('renews at the period end: one off-session charge, a renewal order with its own number, subscription.renewed and a receipt', async () => {
      const sub = await subscribeByCard(jane, 'pro');
      clock.advance(new Date(sub.current_period_end).getTime() - clock.now() - 1000);
      await runDue();
      expect(stripe.offSessionCharges(sub.stripe_customer)).toEqual([]);
      clock.advance(2000);
      await runDue();
      await runDue();
      const charges = stripe.offSessionCharges(sub.stripe_customer);
      expect(charges.map((c) => [c.amount, c.currency, c.payment_method])).toEqual([[5000, 'eur', 'pm_card_visa']]);
      const after = (await api('GET', `/store/subscriptions/${sub.id}`, jane.token)).body.subscription;
      expect(after).toMatchObject({ status: 'active', cycle: 1, failed_attempts: 0 });
      expect(after.current_period_start).toBe(sub.current_period_end);
      const evs = await events('subscription.renewed', sub.id);
      expect(evs).toHaveLength(1);
      const first = (await ledger(sub.id))[0];
      const order = await orderOf(evs[0].order_id);
      expect(order).toMatchObject({ payment_status: 'captured', total: '50' });
      expect(order.display_id).toBeGreaterThan((await orderOf(first.order_id)).display_id);
      const mails = await waitFor('the receipt', async () => {
        const m = (await p.mailsTo(jane.email)).filter((x) => x.subject.includes('renewed') && x.text.includes(`#${evs[0].order_display_id}`));
        return m.length > 0 && m;
      });
      expect(mails[0].text).toContain('€50.00');
      const history = await gql(
        'query($id: String!) { adminSubscriptionHistory(id: $id) { ledger { kind amount cycle order_display_id } renewals { cycle state attempt amount } } }',
        { id: sub.id },
      );
      expect(history.adminSubscriptionHistory.renewals).toEqual([{ cycle: 1, state: 'succeeded', attempt: 1, amount: 50 }]);
      await api('POST', `/store/subscriptions/${sub.id}/cancel`, jane.token, {});
    });

    it('retries a declined renewal with backoff (past_due, dunning mails) and cancels after the last attempt', async () => {
      const sub = await subscribeByCard(max, 'basic', 'pm_card_chargeCustomerFail');
      clock.advance(new Date(sub.current_period_end).getTime() - clock.now());
      await runDue();
      let now = (await api('GET', `/store/subscriptions/${sub.id}`, max.token)).body.subscription;
      expect(now).toMatchObject({ status: 'past_due', failed_attempts: 1 });
      expect(new Date(now.next_renewal_at).getTime()).toBe(clock.now() + 24 * 3_600_000);
      // not before the backoff
      clock.advance(23 * 3_600_000);
      await runDue();
      expect((await api('GET', `/store/subscriptions/${sub.id}`, max.token)).body.subscription.failed_attempts).toBe(1);
      clock.advance(3_600_000);
      await runDue();
      now = (await api('GET', `/store/subscriptions/${sub.id}`, max.token)).body.subscription;
      expect(now).toMatchObject({ status: 'past_due', failed_attempts: 2 });
      expect(new Date(now.next_renewal_at).getTime()).toBe(clock.now() + 48 * 3_600_000);
      clock.advance(48 * 3_600_000);
      await runDue();
      now = (await api('GET', `/store/subscriptions/${sub.id}`, max.token)).body.subscription;
      expect(now).toMatchObject({ status: 'canceled', cancel_reason: 'payment_failed', failed_attempts: 3, next_renewal_at: null });
      expect((await events('subscription.payment_failed', sub.id)).map((e) => [e.attempt, e.next_attempt_at === null])).toEqual([
        [1, false],
        [2, false],
        [3, true],
      ]);
      expect(stripe.offSessionCharges(sub.stripe_customer)).toEqual([]);
      // three declined attempts, each with its own idempotency key
      const keys = stripe.requests
        .filter((r) => r.path === '/v1/payment_intents' && r.body.includes('off_session=true') && r.body.includes(`customer=${sub.stripe_customer}`))
        .map((r) => r.headers['idempotency-key']);
      expect(new Set(keys).size).toBe(3);
      const mails = await waitFor('three dunning mails', async () => {
        const m = (await p.mailsTo(max.email)).filter((x) => /Payment failed|Subscription canceled/.test(x.subject));
        return m.length === 3 && m;
      });
      expect(mails.map((m) => m.subject)).toEqual(['Payment failed: Basic', 'Payment failed: Basic', 'Subscription canceled: Basic']);
      expect(mails[0].text).toContain('declined');
    });

    it('recovers from past_due when a retry succeeds', async () => {
      const sub = await subscribeByCard(max, 'basic', 'pm_card_mastercard');
      stripe.declining.add('pm_card_mastercard');
      clock.advance(new Date(sub.current_period_end).getTime() - clock.now());
      await runDue();
      expect((await api('GET', `/store/subscriptions/${sub.id}`, max.token)).body.subscription.status).toBe('past_due');
      stripe.declining.delete('pm_card_mastercard');
      clock.advance(24 * 3_600_000);
      await runDue();
      const now = (await api('GET', `/store/subscriptions/${sub.id}`, max.token)).body.subscription;
      expect(now).toMatchObject({ status: 'active', failed_attempts: 0, cycle: 1 });
      // the renewed period starts where the old one ended, not at the successful retry
      expect(now.current_period_start).toBe(sub.current_period_end);
      expect(stripe.offSessionCharges(sub.stripe_customer).map((c) => c.amount)).toEqual([3000]);
      await api('POST', `/store/subscriptions/${sub.id}/cancel`, max.token, {});
    });

    it('charges once when a worker dies mid-charge and another takes the renewal over after its lease', async () => {
      const sub = await subscribeByCard(jane, 'basic');
      clock.advance(new Date(sub.current_period_end).getTime() - clock.now());
      const ctx = systemContext(p.log, shop.tenant_id, 'test-worker');
      // the first worker's charge reaches Stripe, which charges, but its answer never comes back
      const isCharge = (r: { path: string; body: string }) =>
        r.path === '/v1/payment_intents' && r.body.includes(`customer=${sub.stripe_customer}`) && r.body.includes('off_session=true');
      stripe.fail('hang-after', 1, isCharge);
      const abandoned = s().renewals.renew(ctx, sub.id);
      await waitFor('the first charge at Stripe', () => stripe.offSessionCharges(sub.stripe_customer).length === 1);
      // while its lease runs, no other worker takes the renewal
      expect(await s().renewals.renew(ctx, sub.id)).toBe('skipped');
      clock.advance(LEASE_MS + 1);
      expect(await s().renewals.renew(ctx, sub.id)).toBe('renewed');
      // the dead worker's connection drops at last: it finds the renewal done and changes nothing
      stripe.releaseHanging();
      expect(await abandoned).toBe('skipped');
      expect(stripe.offSessionCharges(sub.stripe_customer)).toHaveLength(1);
      const keys = stripe.requests.filter(isCharge).map((r) => r.headers['idempotency-key']);
      expect(keys.length).toBeGreaterThanOrEqual(2);
      expect(new Set(keys).size).toBe(1);
      expect((await ledger(sub.id)).filter((r: any) => r.cycle === 1)).toHaveLength(1);
      expect(await events('subscription.renewed', sub.id)).toHaveLength(1);
      await api('POST', `/store/subscriptions/${sub.id}/cancel`, jane.token, {});
    });

    it('keeps a subscription canceled while its renewal charge was under way, and records what was charged', async () => {
      const sub = await subscribeByCard(jane, 'basic');
      clock.advance(new Date(sub.current_period_end).getTime() - clock.now());
      const isCharge = (r: { path: string; body: string }) =>
        r.path === '/v1/payment_intents' && r.body.includes(`customer=${sub.stripe_customer}`) && r.body.includes('off_session=true');
      stripe.fail('hang-after', 1, isCharge);
      const renewing = s().renewals.renew(systemContext(p.log, shop.tenant_id, 'test-worker'), sub.id);
      await waitFor('the charge at Stripe', () => stripe.offSessionCharges(sub.stripe_customer).length === 1);
      expect((await api('POST', `/store/subscriptions/${sub.id}/cancel`, jane.token, {})).body.subscription.status).toBe('canceled');
      stripe.releaseHanging();
      expect(await renewing).toBe('renewed');
      const after = (await api('GET', `/store/subscriptions/${sub.id}`, jane.token)).body.subscription;
      expect(after).toMatchObject({ status: 'canceled', cycle: 1, next_renewal_at: null });
      expect((await ledger(sub.id)).map((r: any) => [r.kind, r.cycle])).toEqual([
        ['charge', 0],
        ['charge', 1],
      ]);
    });

    it('renews each due subscription once with two workers at the same time', async () => {
      const customers = await Promise.all([0, 1, 2, 3, 4, 5].map(() => p.registerCustomer(shop.publishable_key)));
      const subs = [];
      for (const c of customers) subs.push(await subscribeByCard(c, 'basic'));
      clock.advance(Math.max(...subs.map((x) => new Date(x.current_period_end).getTime())) - clock.now());
      await Promise.all([runDue(), runDue()]);
      await runDue();
      for (const sub of subs) {
        expect(stripe.offSessionCharges(sub.stripe_customer)).toHaveLength(1);
        expect(await events('subscription.renewed', sub.id)).toHaveLength(1);
        expect((await ledger(sub.id)).filter((r: any) => r.cycle === 1)).toHaveLength(1);
      }
      const orders = await Promise.all(subs.map(async (x) => (await events('subscription.renewed', x.id))[0].order_display_id));
      expect(new Set(orders).size).toBe(subs.length);
    });

    it('renews invoice subscriptions with a pending order and no charge', async () => {
      const sub = await subscribeByTransfer(max, 'pro');
      clock.advance(new Date(sub.current_period_end).getTime() - clock.now());
      await runDue();
      const [ev] = await events('subscription.renewed', sub.id);
      expect(ev).toMatchObject({ cycle: 1, amount: 50 });
      expect(await orderOf(ev.order_id)).toMatchObject({ payment_status: 'authorized', total: '50' });
      await api('POST', `/store/subscriptions/${sub.id}/cancel`, max.token, {});
    });

    it('runs on the job queue every minute (renewals, and the retries of refunds the provider was down for)', async () => {
      const names = ['renew-subscriptions', 'retry-refunds'].map((n) => jobQueueName('subscriptions', n));
      const scheduled = async (dbUrl: string) => {
        const c = new Client({ connectionString: dbUrl });
        await c.connect();
        try {
          return (await c.query(`select name, cron from pgboss.schedule where name = any($1) order by name`, [names])).rows;
        } finally {
          await c.end();
        }
      };
      // a platform on the wall clock schedules them (the worker's shared one)…
      expect(await scheduled((await sharedPlatform()).dbUrl)).toEqual(names.sort().map((name) => ({ name, cron: '* * * * *' })));
      // …and this one, whose time is the test's clock, leaves them to the test (runDue above)
      expect(await scheduled(p.dbUrl)).toEqual([]);
    });
  });

  describe('refund at an immediate cancel', () => {
    const chargeOf = async (id: string) =>
      (await sql.query(`select provider_reference from "subscriptions".subscription_ledger where key = $1`, [`${id}:c0`])).rows[0].provider_reference as string;
    const refundsOf = (pi: string) => [...stripe.refunds.values()].filter((r) => r.payment_intent === pi);

    it('refunds the unused share of the paid period to the cent, once, and records it', async () => {
      const sub = await subscribeByCard(jane, 'basic');
      const start = new Date(sub.current_period_start).getTime();
      const length = new Date(sub.current_period_end).getTime() - start;
      const used = 9 * DAY + 7 * 3_600_000 + 12_345;
      clock.advance(used);
      // 30.00 × (length − used) / length, rounded half up to the cent (computed here in integers)
      const expected = Number((3000n * BigInt(length - used) * 2n + BigInt(length)) / (2n * BigInt(length))) / 100;
      const canceled = await api('POST', `/store/subscriptions/${sub.id}/cancel`, jane.token, {});
      expect(canceled.status).toBe(200);
      const pi = await chargeOf(sub.id);
      const refunds = refundsOf(pi);
      expect(refunds.map((r) => r.amount)).toEqual([Math.round(expected * 100)]);
      expect(canceled.body.subscription).toMatchObject({
        status: 'canceled',
        refund: { amount: expected, currency_code: 'eur', status: 'refunded', provider_reference: refunds[0].id },
      });
      const [ev] = await events('subscription.canceled', sub.id);
      expect(ev).toMatchObject({ refund_amount: expected, refund_status: 'pending', currency_code: 'eur' });
      expect((await ledger(sub.id)).map((r: any) => [r.kind, r.amount])).toEqual([
        ['charge', '3000'],
        ['refund', String(Math.round(expected * 100))],
      ]);
      const again = await api('POST', `/store/subscriptions/${sub.id}/cancel`, jane.token, {});
      expect([again.status, again.body.code]).toEqual([409, 'invalid_transition']);
      expect(refundsOf(pi)).toHaveLength(1);
      const seen = await gql('query($id: String!) { adminSubscription(id: $id) { refund { amount status provider_reference } } }', { id: sub.id });
      expect(seen.adminSubscription.refund).toEqual({ amount: expected, status: 'refunded', provider_reference: refunds[0].id });
    });

    it('refunds once when two cancels race', async () => {
      const sub = await subscribeByCard(max, 'pro');
      clock.advance(2 * DAY);
      const both = await Promise.all([0, 1].map(() => api('POST', `/store/subscriptions/${sub.id}/cancel`, max.token, {})));
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(refundsOf(await chargeOf(sub.id))).toHaveLength(1);
      expect((await ledger(sub.id)).filter((r: any) => r.kind === 'refund')).toHaveLength(1);
    });

    it('a cancel racing the renewal keeps the period the renewal paid and never refunds twice', async () => {
      const sub = await subscribeByCard(jane, 'basic');
      clock.advance(new Date(sub.current_period_end).getTime() - clock.now());
      const [, canceled] = await Promise.all([runDue(), api('POST', `/store/subscriptions/${sub.id}/cancel`, jane.token, {})]);
      expect(canceled.status).toBe(200);
      await runDue();
      const after = (await api('GET', `/store/subscriptions/${sub.id}`, jane.token)).body.subscription;
      expect(after.status).toBe('canceled');
      // the first period was used up: nothing to give back of it, whichever came first
      expect(refundsOf(await chargeOf(sub.id))).toEqual([]);
      expect(stripe.offSessionCharges(sub.stripe_customer).length).toBeLessThanOrEqual(1);
      expect([...stripe.refunds.values()].filter((r) => stripe.offSessionCharges(sub.stripe_customer).some((c) => c.id === r.payment_intent))).toEqual([]);
      expect((await ledger(sub.id)).filter((r: any) => r.kind === 'refund')).toEqual([]);
    });

    it('retries a refund the provider was down for with backoff on the clock and the same idempotency key, once it is up', async () => {
      const sub = await subscribeByCard(jane, 'basic');
      clock.advance(3 * DAY);
      const retry = () => s().subscriptions.retryRefunds(p.log);
      const refundCalls = () => stripe.requests.filter((r) => r.path === '/v1/refunds' && r.body.includes(`payment_intent=`));
      const before = refundCalls().length;
      stripe.setDown(true);
      let canceled;
      try {
        canceled = await api('POST', `/store/subscriptions/${sub.id}/cancel`, jane.token, {});
      } finally {
        stripe.setDown(false);
      }
      expect(canceled.status).toBe(200);
      expect(canceled.body.subscription).toMatchObject({ status: 'canceled', refund: { status: 'pending', provider_reference: null } });
      const amount = canceled.body.subscription.refund.amount;
      const row = async () =>
        (await sql.query(`select refund_status, refund_attempts, refund_retry_at from "subscriptions".subscription where id = $1`, [sub.id])).rows[0];
      expect(await row()).toMatchObject({ refund_status: 'pending', refund_attempts: 1 });
      // the first retry after 5 minutes (SUBSCRIPTION_REFUND_RETRY_MINUTES 5,30): not before
      expect((await row()).refund_retry_at.getTime()).toBe(clock.now() + 5 * 60_000);
      clock.advance(5 * 60_000 - 1000);
      expect(await retry()).toBe(0);
      const tried = refundCalls().length;
      // due, but the provider is still down: the next try after 30 minutes
      clock.advance(1000);
      stripe.setDown(true);
      try {
        expect(await retry()).toBe(0);
      } finally {
        stripe.setDown(false);
      }
      expect(refundCalls().length).toBeGreaterThan(tried);
      expect(await row()).toMatchObject({ refund_status: 'pending', refund_attempts: 2 });
      expect((await row()).refund_retry_at.getTime()).toBe(clock.now() + 30 * 60_000);
      // up again (the answer to the refund lost once after Stripe made it: replayed with the same key)
      stripe.fail('close-after', 1, (r) => r.path === '/v1/refunds');
      clock.advance(30 * 60_000 - 1000);
      expect(await retry()).toBe(0);
      clock.advance(1000);
      expect(await retry()).toBe(1);
      const pi = await chargeOf(sub.id);
      expect(refundsOf(pi).map((r) => r.amount)).toEqual([Math.round(amount * 100)]);
      // every try, the cancel's and the job's, with one idempotency key
      expect(
        new Set(
          refundCalls()
            .slice(before)
            .map((r) => r.headers['idempotency-key']),
        ).size,
      ).toBe(1);
      const after = (await api('GET', `/store/subscriptions/${sub.id}`, jane.token)).body.subscription;
      expect(after.refund).toEqual({ amount, currency_code: 'eur', status: 'refunded', provider_reference: refundsOf(pi)[0].id });
      expect((await ledger(sub.id)).filter((r: any) => r.kind === 'refund').map((r: any) => r.amount)).toEqual([String(Math.round(amount * 100))]);
      expect(await row()).toMatchObject({ refund_status: 'refunded', refund_retry_at: null });
      // nothing left to retry
      clock.advance(DAY);
      expect(await retry()).toBe(0);
      expect(refundsOf(pi)).toHaveLength(1);
    });

    it('refunds nothing in a trial; an invoice subscription records the refund as owed', async () => {
      const trial = await subscribeByCard(max, 'yearly');
      clock.advance(DAY);
      const t = await api('POST', `/store/subscriptions/${trial.id}/cancel`, max.token, {});
      expect(t.body.subscription).toMatchObject({ status: 'canceled', refund: null });
      const sub = await subscribeByTransfer(max, 'pro');
      const length = new Date(sub.current_period_end).getTime() - new Date(sub.current_period_start).getTime();
      clock.advance(length / 2);
      const c = await api('POST', `/store/subscriptions/${sub.id}/cancel`, max.token, {});
      expect(c.body.subscription.refund).toEqual({ amount: 25, currency_code: 'eur', status: 'owed', provider_reference: null });
      const [ev] = await events('subscription.canceled', sub.id);
      expect(ev).toMatchObject({ refund_amount: 25, refund_status: 'owed' });
    });
  });

  describe('replacing the saved payment method', () => {
    const pending = async (id: string) => (await sql.query(`select method_update from "subscriptions".subscription where id = $1`, [id])).rows[0].method_update;

    it('saves a new card with a SetupIntent (off_session) and retries a past-due renewal on it at once', async () => {
      const sub = await subscribeByCard(max, 'basic', 'pm_card_mastercard');
      stripe.declining.add('pm_card_mastercard');
      try {
        clock.advance(new Date(sub.current_period_end).getTime() - clock.now());
        await runDue();
        expect((await api('GET', `/store/subscriptions/${sub.id}`, max.token)).body.subscription).toMatchObject({ status: 'past_due', failed_attempts: 1 });

        const started = await api('POST', `/store/subscriptions/${sub.id}/payment-method`, max.token, {});
        expect(started.status).toBe(200);
        expect(started.body).toMatchObject({ subscription_id: sub.id, provider_id: 'pp_stripe_stripe', subscription: { status: 'past_due' } });
        const session = started.body.payment_session;
        expect(session).toMatchObject({ kind: 'setup_intent', client_secret: expect.stringContaining(session.id) });
        expect(stripe.setupIntents.get(session.id)).toMatchObject({ usage: 'off_session', customer: session.customer });
        // before the customer confirmed the card at Stripe
        const early = await api('POST', `/store/subscriptions/${sub.id}/payment-method/confirm`, max.token, {});
        expect([early.status, early.body.code]).toEqual([409, 'payment_incomplete']);

        stripe.confirmSetup(session.id, 'pm_card_visa');
        const confirmed = await api('POST', `/store/subscriptions/${sub.id}/payment-method/confirm`, max.token, {});
        expect(confirmed.status).toBe(200);
        expect(confirmed.body.subscription).toMatchObject({ status: 'past_due', provider_id: 'pp_stripe_stripe', payment_mode: 'saved_method' });
        // due at once, not after the backoff
        expect(new Date(confirmed.body.subscription.next_renewal_at).getTime()).toBe(clock.now());
        expect(await pending(sub.id)).toBeNull();
        expect(await events('subscription.payment_method_updated', sub.id)).toEqual([
          expect.objectContaining({ provider_id: 'pp_stripe_stripe', status: 'past_due' }),
        ]);
        // a second confirm has nothing left to confirm
        const again = await api('POST', `/store/subscriptions/${sub.id}/payment-method/confirm`, max.token, {});
        expect([again.status, again.body.code]).toEqual([409, 'invalid_transition']);

        await runDue();
        const now = (await api('GET', `/store/subscriptions/${sub.id}`, max.token)).body.subscription;
        expect(now).toMatchObject({ status: 'active', cycle: 1, failed_attempts: 0 });
        // the retry charged the new card (on its customer), the old one never
        expect(stripe.offSessionCharges(session.customer).map((c) => [c.amount, c.payment_method])).toEqual([[3000, 'pm_card_visa']]);
        expect(stripe.offSessionCharges(sub.stripe_customer)).toEqual([]);
      } finally {
        stripe.declining.delete('pm_card_mastercard');
      }
      await api('POST', `/store/subscriptions/${sub.id}/cancel`, max.token, {});
    });

    it('moves a card subscription to a vaulted PayPal account (a new setup token), renewed on it without the buyer', async () => {
      const who = await p.registerCustomer(shop.publishable_key);
      const sub = await subscribeByCard(who, 'pro');
      const urls = { return_url: 'https://shop.example/account/subscriptions?method=1', cancel_url: 'https://shop.example/account' };
      const started = await api('POST', `/store/subscriptions/${sub.id}/payment-method`, who.token, { provider_id: 'pp_paypal_paypal', ...urls });
      expect(started.status).toBe(200);
      const session = started.body.payment_session;
      expect(session).toMatchObject({ kind: 'setup_token', status: 'PAYER_ACTION_REQUIRED' });
      expect(session.approve_url).toContain(session.id);
      expect((paypal.setupRequests.at(-1) as any).payment_source.paypal).toMatchObject({
        usage_type: 'MERCHANT',
        experience_context: expect.objectContaining(urls),
      });
      // nothing changes before the buyer approved at PayPal
      const early = await api('POST', `/store/subscriptions/${sub.id}/payment-method/confirm`, who.token, {});
      expect([early.status, early.body.code]).toEqual([409, 'payment_incomplete']);
      expect((await api('GET', `/store/subscriptions/${sub.id}`, who.token)).body.subscription.provider_id).toBe('pp_stripe_stripe');

      paypal.approveSetupToken(session.id);
      const confirmed = await api('POST', `/store/subscriptions/${sub.id}/payment-method/confirm`, who.token, {});
      expect(confirmed.body.subscription).toMatchObject({ status: 'active', provider_id: 'pp_paypal_paypal', payment_mode: 'saved_method' });
      const [vaultId] = [...paypal.paymentTokens.values()].filter((t: any) => t.setup_token === session.id).map((t) => t.id);
      // saving it charged nothing
      expect(paypal.vaultCaptures.get(vaultId) ?? []).toHaveLength(0);

      clock.advance(new Date(sub.current_period_end).getTime() - clock.now());
      await runDue();
      expect((await api('GET', `/store/subscriptions/${sub.id}`, who.token)).body.subscription).toMatchObject({ status: 'active', cycle: 1 });
      expect(paypal.vaultCaptures.get(vaultId)).toHaveLength(1);
      expect(stripe.offSessionCharges(sub.stripe_customer)).toEqual([]);
      await api('POST', `/store/subscriptions/${sub.id}/cancel`, who.token, {});
    });

    it('answers 404 for another customer’s or store’s subscription, 400 for bad input and 409 for a canceled one, nothing written or sent', async () => {
      const sub = await subscribeByCard(jane, 'basic');
      const setups = () => stripe.count('POST', '/v1/setup_intents') + paypal.setupRequests.length;
      const before = setups();
      for (const [token, key] of [
        [max.token, shop.publishable_key],
        [stranger.token, other.publishable_key],
      ]) {
        for (const path of [`/store/subscriptions/${sub.id}/payment-method`, `/store/subscriptions/${sub.id}/payment-method/confirm`]) {
          const r = await api('POST', path, token, {}, key);
          expect([path, r.status, r.body.code]).toEqual([path, 404, 'not_found']);
        }
      }
      for (const body of [
        { provider_id: 'pp_unknown_provider' },
        { provider_id: 'pp_system_default' },
        { return_url: 'javascript:alert(1)' },
        { cancel_url: 'not a url' },
        { provider_id: '' },
        { card: 'pm_card_visa' },
      ]) {
        const r = await api('POST', `/store/subscriptions/${sub.id}/payment-method`, jane.token, body);
        expect([JSON.stringify(body), r.status, r.body.type]).toEqual([JSON.stringify(body), 400, 'validation_error']);
      }
      const extra = await api('POST', `/store/subscriptions/${sub.id}/payment-method/confirm`, jane.token, { provider_id: 'pp_stripe_stripe' });
      expect(extra.status).toBe(400);
      expect(setups()).toBe(before);
      expect(await pending(sub.id)).toBeNull();
      // nothing started: nothing to confirm
      const none = await api('POST', `/store/subscriptions/${sub.id}/payment-method/confirm`, jane.token, {});
      expect([none.status, none.body.code]).toEqual([409, 'invalid_transition']);
      await api('POST', `/store/subscriptions/${sub.id}/cancel`, jane.token, {});
      const canceled = await api('POST', `/store/subscriptions/${sub.id}/payment-method`, jane.token, {});
      expect([canceled.status, canceled.body.code]).toEqual([409, 'invalid_transition']);
      expect(setups()).toBe(before);
    });

    it('lets the store’s admin start and confirm a replacement in GraphQL (another store’s admin: not found)', async () => {
      const sub = await subscribeByTransfer(max, 'pro');
      const START =
        'mutation($id: String!, $input: SubscriptionPaymentMethodInput) { startSubscriptionPaymentMethodUpdate(id: $id, input: $input) { provider_id payment_session { id kind status client_secret customer } } }';
      const CONFIRM = 'mutation($id: String!) { confirmSubscriptionPaymentMethodUpdate(id: $id) { provider_id payment_mode } }';
      const foreign = await p.graphql(START, { id: sub.id, input: { provider_id: 'pp_stripe_stripe' } }, { token: otherAdmin, key: other.publishable_key });
      expect(foreign.body.errors[0].extensions.code).toBe('not_found');
      // an invoice subscription gets a card: its renewals are charged from now on
      const started = (await gql(START, { id: sub.id, input: { provider_id: 'pp_stripe_stripe' } })).startSubscriptionPaymentMethodUpdate;
      expect(started).toMatchObject({ provider_id: 'pp_stripe_stripe', payment_session: { kind: 'setup_intent' } });
      stripe.confirmSetup(started.payment_session.id, 'pm_card_visa');
      expect((await gql(CONFIRM, { id: sub.id })).confirmSubscriptionPaymentMethodUpdate).toEqual({
        provider_id: 'pp_stripe_stripe',
        payment_mode: 'saved_method',
      });
      clock.advance(new Date(sub.current_period_end).getTime() - clock.now());
      await runDue();
      expect(stripe.offSessionCharges(started.payment_session.customer).map((c) => c.amount)).toEqual([5000]);
      await api('POST', `/store/subscriptions/${sub.id}/cancel`, max.token, {});
    });
  });

  describe('admin', () => {
    it('manages plans and sees the store’s subscriptions', async () => {
      const updated = await gql('mutation($id: String!, $input: UpdateSubscriptionPlanInput!) { updateSubscriptionPlan(id: $id, input: $input) { active } }', {
        id: 'retired',
        input: { active: true },
      });
      expect(updated.updateSubscriptionPlan.active).toBe(true);
      const all = await gql('{ adminSubscriptionPlans { handle active } }', {});
      expect(all.adminSubscriptionPlans).toHaveLength(5);
      const list = await gql('{ adminSubscriptions(limit: 100, status: ["active"]) { count items { id status customer_id } } }', {});
      expect(list.adminSubscriptions.items.every((x: any) => x.status === 'active')).toBe(true);
      const canceled = await gql('{ adminSubscriptions(limit: 0, status: ["canceled"]) { count } }', {});
      expect(canceled.adminSubscriptions.count).toBeGreaterThan(0);
      const foreign = await p.graphql(
        'mutation { updateSubscriptionPlan(id: "retired", input: { active: false }) { id } }',
        {},
        { token: otherAdmin, key: other.publishable_key },
      );
      expect(foreign.body.errors[0].extensions.code).toBe('not_found');
    });

    it('keeps commerce’s recurring operations for the operator', async () => {
      const r = await p.graphql(
        'mutation($i: RenewalOrderInput!) { createRenewalOrder(input: $i) { id } }',
        { i: { key: 'x', currency_code: 'eur', amount: '1', title: 'x', provider_id: 'pp_system_default', paid: true } },
        { token: admin, key: shop.publishable_key },
      );
      expect(r.body.errors[0].extensions.type).toBe('permission_error');
      const refund = await p.graphql(
        'mutation($i: RefundRecurringPaymentInput!) { refundRecurringPayment(input: $i) { status } }',
        { i: { provider_id: 'pp_stripe_stripe', currency_code: 'eur', amount: '1', idempotency_key: 'x', data: { id: 'pi_x' } } },
        { token: admin, key: shop.publishable_key },
      );
      expect(refund.body.errors[0].extensions.type).toBe('permission_error');
    });
  });
});
