import { Client } from 'pg';
import type { TenantCredentials } from '@svc/identity';
import type { PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';
import { startStripeServer, type StripeServer } from '../support/providers/stripe-server';

/**
 * Stripe and PayPal credentials are stored sealed (SecretBox, bound to tenant, provider and setting),
 * never answered (admin reads show the mask, the storefront only public settings), still used by
 * the adapters; a row stored in plain before sealing keeps working.
 */
describe('payment provider credentials are sealed', () => {
  let p: PlatformClient;
  let t: TenantCredentials;
  let stripe: StripeServer;
  let admin: string;
  let eur: any;
  let variantId: string;

  const sql = async <T = any>(text: string, params: unknown[] = []): Promise<T[]> => {
    const c = new Client({ connectionString: p.dbUrl });
    await c.connect();
    try {
      return (await c.query(text, params)).rows as T[];
    } finally {
      await c.end();
    }
  };
  const save = (provider_id: string, settings: Record<string, unknown>) =>
    p.graphql(
      'mutation($i: PaymentProviderSettingInput!) { savePaymentProvider(input: $i) { provider_id settings } }',
      { i: { provider_id, enabled: true, settings } },
      { token: admin, key: t.publishable_key },
    );
  const stored = async (providerId: string) =>
    (
      await sql<{ settings: Record<string, string> }>('select settings from commerce.payment_provider_setting where tenant_id = $1 and provider_id = $2', [
        t.tenant_id,
        providerId,
      ])
    )[0].settings;
  /** a Stripe session for a new cart: only works when the adapter has the real key */
  const stripeSession = async () => {
    const key = t.publishable_key;
    const c = await p.api('POST', '/store/carts', {
      key,
      body: { region_id: eur.id, email: 's@example.com', items: [{ variant_id: variantId, quantity: 1 }] },
    });
    const pc = await p.api('POST', '/store/payment-collections', { key, body: { cart_id: c.body.cart.id } });
    return p.api('POST', `/store/payment-collections/${pc.body.payment_collection.id}/payment-sessions`, { key, body: { provider_id: 'pp_stripe_stripe' } });
  };

  beforeAll(async () => {
    p = await sharedPlatform();
    stripe = await startStripeServer();
    t = await p.createTenant();
    await p.seedCatalog(t.tenant_id);
    await p.seedCommerce(t.tenant_id);
    admin = await p.adminToken(t);
    eur = (await p.api('GET', '/store/regions', { key: t.publishable_key })).body.regions.find((r: any) => r.currency_code === 'eur');
    variantId = (await p.api('GET', `/store/products?limit=1&region_id=${eur.id}`, { key: t.publishable_key })).body.products[0].variants[0].id;
  });
  afterAll(async () => {
    await stripe?.close();
  });

  it('seals Stripe and PayPal secrets at rest, masks them in every answer, and the adapter still uses them', async () => {
    const r = await save('pp_stripe_stripe', { api_key: stripe.apiKey, base_url: stripe.url, publishable_key: 'pk_test_shop' });
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.savePaymentProvider.settings.api_key).toBe('••••');
    const s = await stored('pp_stripe_stripe');
    expect(s.api_key).toMatch(/^v1\./);
    expect(JSON.stringify(s)).not.toContain(stripe.apiKey);
    expect(s.publishable_key).toBe('pk_test_shop');

    const pp = await save('pp_paypal_paypal', { client_id: 'paypal-client', client_secret: 'paypal-very-secret', base_url: 'http://127.0.0.1:9' });
    expect(pp.body.errors).toBeUndefined();
    const ps = await stored('pp_paypal_paypal');
    expect(ps.client_secret).toMatch(/^v1\./);
    expect(JSON.stringify(ps)).not.toContain('paypal-very-secret');

    const list = await p.graphql('query { adminPaymentProviders { provider_id settings } }', {}, { token: admin, key: t.publishable_key });
    const text = JSON.stringify(list.body);
    expect(text).not.toContain(stripe.apiKey);
    expect(text).not.toContain('paypal-very-secret');
    expect(text).not.toContain('v1.');
    const cfg = await p.api('GET', '/store/payment-config', { key: t.publishable_key });
    expect(JSON.stringify(cfg.body)).not.toContain('v1.');

    const session = await stripeSession();
    expect(session.status).toBe(200);
    expect(session.body.payment_collection.payment_sessions[0].data.client_secret).toMatch(/_secret_/);

    // the mask keeps the sealed value
    expect((await save('pp_stripe_stripe', { api_key: '••••', base_url: stripe.url, publishable_key: 'pk_test_shop' })).body.errors).toBeUndefined();
    expect((await stored('pp_stripe_stripe')).api_key).toBe(s.api_key);
    expect((await stripeSession()).status).toBe(200);
  });

  it('keeps a row stored in plain before sealing working, and seals it on the next save', async () => {
    await sql(
      `update commerce.payment_provider_setting set settings = jsonb_set(settings, '{api_key}', to_jsonb($3::text)) where tenant_id = $1 and provider_id = $2`,
      [t.tenant_id, 'pp_stripe_stripe', stripe.apiKey],
    );
    expect((await stored('pp_stripe_stripe')).api_key).toBe(stripe.apiKey);
    expect((await stripeSession()).status).toBe(200);
    const list = await p.graphql('query { adminPaymentProviders { provider_id settings } }', {}, { token: admin, key: t.publishable_key });
    expect(JSON.stringify(list.body)).not.toContain(stripe.apiKey);
    expect((await save('pp_stripe_stripe', { api_key: stripe.apiKey, base_url: stripe.url, publishable_key: 'pk_test_shop' })).body.errors).toBeUndefined();
    expect((await stored('pp_stripe_stripe')).api_key).toMatch(/^v1\./);
  });
});
