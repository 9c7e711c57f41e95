import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { TenantCredentials } from '@svc/identity';
import type { PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';

/**
 * A store may require a verified address before checkout (issue 27): with the store setting
 * `require_email_verification` on, a signed-in customer whose address is not verified cannot
 * complete a cart (403 `email_not_verified`, nothing written); a verified one can; guests are not
 * affected; with the setting off (the default) nobody is asked. One store's setting is not
 * another's.
 */
describe('checkout: a verified address when the store requires one', () => {
  let p: PlatformClient;
  let shop: TenantCredentials;
  let other: TenantCredentials;
  let sql: Client;
  const admins = new Map<string, string>();

  const setting = async (creds: TenantCredentials, on: boolean) => {
    const token = admins.get(creds.tenant_id) ?? (await p.adminToken(creds));
    admins.set(creds.tenant_id, token);
    const r = await p.graphql(
      'mutation($i: StoreSettingsInput!) { updateStoreSettings(input: $i) { require_email_verification } }',
      { i: { require_email_verification: on } },
      { token },
    );
    expect(r.body.data.updateStoreSettings.require_email_verification).toBe(on);
  };
  const customer = async (creds: TenantCredentials, verified: boolean) => {
    const c = await p.registerCustomer(creds.publishable_key, `gate-${randomBytes(5).toString('hex')}@example.com`);
    if (verified) await sql.query(`update identity.customer set email_verified_at = now() where email = $1 and tenant_id = $2`, [c.email, creds.tenant_id]);
    return c;
  };
  /** a cart of `token`'s customer (or a guest's) that is ready to complete: line, shipping, payment session */
  const readyCart = async (creds: TenantCredentials, token?: string) => {
    const key = creds.publishable_key;
    const regions = await p.api('GET', '/store/regions', { key });
    const region = regions.body.regions[0];
    const products = await p.api('GET', `/store/products?limit=1&region_id=${region.id}`, { key });
    const variant = products.body.products[0].variants[0];
    const c = await p.api('POST', '/store/carts', {
      key,
      token,
      body: { region_id: region.id, email: token ? undefined : 'guest@example.com', items: [{ variant_id: variant.id, quantity: 1 }] },
    });
    expect(c.status).toBe(200);
    const id = c.body.cart.id as string;
    const options = await p.api('GET', `/store/shipping-options?cart_id=${id}`, { key, token });
    await p.api('POST', `/store/carts/${id}/shipping-methods`, { key, token, body: { option_id: options.body.shipping_options[0].id } });
    const pc = await p.api('POST', '/store/payment-collections', { key, token, body: { cart_id: id } });
    const s = await p.api('POST', `/store/payment-collections/${pc.body.payment_collection.id}/payment-sessions`, {
      key,
      token,
      body: { provider_id: 'pp_bank-transfer_default' },
    });
    expect(s.status).toBe(200);
    return id;
  };
  const complete = (creds: TenantCredentials, id: string, token?: string) =>
    p.api('POST', `/store/carts/${id}/complete`, { key: creds.publishable_key, token });
  const written = async (cartId: string) => {
    const orders = await sql.query(`select count(*)::int as n from commerce."order" where cart_id = $1`, [cartId]);
    const runs = await sql.query(`select count(*)::int as n from commerce.durable_process where key = $1`, [cartId]);
    return orders.rows[0].n + runs.rows[0].n;
  };

  beforeAll(async () => {
    p = await sharedPlatform();
    [shop, other] = await Promise.all([p.createTenant(), p.createTenant()]);
    for (const t of [shop, other]) {
      await p.seedCatalog(t.tenant_id);
      await p.seedCommerce(t.tenant_id);
    }
    sql = new Client({ connectionString: p.dbUrl });
    await sql.connect();
  });
  afterAll(async () => {
    await sql?.end();
  });

  it('is off by default: an unverified customer completes a cart', async () => {
    const settings = await p.graphql('{ storeSettings { require_email_verification } }', {}, { token: await p.adminToken(shop) });
    expect(settings.body.data.storeSettings.require_email_verification).toBe(false);
    const c = await customer(shop, false);
    const id = await readyCart(shop, c.token);
    const done = await complete(shop, id, c.token);
    expect([done.status, done.body.type]).toEqual([200, 'order']);
  });

  it('when on: an unverified customer gets 403 email_not_verified and nothing is written; once verified, the same cart completes', async () => {
    await setting(shop, true);
    try {
      const c = await customer(shop, false);
      const id = await readyCart(shop, c.token);
      const refused = await complete(shop, id, c.token);
      expect([refused.status, refused.body.type, refused.body.code]).toEqual([403, 'permission_error', 'email_not_verified']);
      expect(await written(id)).toBe(0);
      const cart = await p.api('GET', `/store/carts/${id}`, { key: shop.publishable_key, token: c.token });
      expect(cart.body.cart.completed_at ?? null).toBeNull();

      await sql.query(`update identity.customer set email_verified_at = now() where email = $1`, [c.email]);
      const done = await complete(shop, id, c.token);
      expect([done.status, done.body.type]).toEqual([200, 'order']);
    } finally {
      await setting(shop, false);
    }
  });

  it('when on: a verified customer and a guest complete their carts', async () => {
    await setting(shop, true);
    try {
      const c = await customer(shop, true);
      const mine = await readyCart(shop, c.token);
      expect((await complete(shop, mine, c.token)).body.type).toBe('order');
      const guest = await readyCart(shop);
      expect((await complete(shop, guest)).body.type).toBe('order');
    } finally {
      await setting(shop, false);
    }
  });

  it("one store's setting is not another's", async () => {
    await setting(shop, true);
    try {
      const elsewhere = await customer(other, false);
      const id = await readyCart(other, elsewhere.token);
      expect((await complete(other, id, elsewhere.token)).body.type).toBe('order');
      // and the other way round: the other store turns it on, this store stays off once it turns it off
      await setting(shop, false);
      await setting(other, true);
      const here = await customer(shop, false);
      const mine = await readyCart(shop, here.token);
      expect((await complete(shop, mine, here.token)).body.type).toBe('order');
      const there = await customer(other, false);
      const theirs = await readyCart(other, there.token);
      expect((await complete(other, theirs, there.token)).body.code).toBe('email_not_verified');
    } finally {
      await setting(shop, false);
      await setting(other, false);
    }
  });
});
