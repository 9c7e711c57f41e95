import type { TenantCredentials } from '@svc/identity';
import type { PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';

describe('customer and admin authentication (REST)', () => {
  let p: PlatformClient;
  let t: TenantCredentials;

  beforeAll(async () => {
    p = await sharedPlatform();
    t = await p.createTenant();
  });

  it('registers, completes the profile, reads and updates it, adds an address', async () => {
    const { token, email } = await p.registerCustomer(t.publishable_key);
    const created = await p.api('POST', '/store/customers', { key: t.publishable_key, token, body: { email, first_name: 'Ada', last_name: 'Lovelace' } });
    expect(created.status).toBe(200);
    expect(created.body.customer).toMatchObject({ email, first_name: 'Ada', last_name: 'Lovelace', has_account: true, addresses: [] });
    expect(created.body.customer.id).toMatch(/^cus_/);

    const me = await p.api('GET', '/store/customers/me', { key: t.publishable_key, token });
    expect(me.status).toBe(200);
    expect(me.body.customer.id).toBe(created.body.customer.id);

    const upd = await p.api('POST', '/store/customers/me', { key: t.publishable_key, token, body: { phone: '+49 30 123', company_name: 'Engines Ltd' } });
    expect(upd.body.customer).toMatchObject({ phone: '+49 30 123', company_name: 'Engines Ltd', first_name: 'Ada' });

    const addr = await p.api('POST', '/store/customers/me/addresses', {
      key: t.publishable_key,
      token,
      body: { first_name: 'Ada', address_1: '12 St James Sq', city: 'London', country_code: 'GB', postal_code: 'SW1Y 4JH' },
    });
    expect(addr.status).toBe(200);
    expect(addr.body.customer.addresses).toHaveLength(1);
    expect(addr.body.customer.addresses[0]).toMatchObject({ city: 'London', country_code: 'gb', is_default_shipping: true });
    expect(addr.body.customer.default_shipping_address_id).toBe(addr.body.customer.addresses[0].id);

    // a second address; then GET /me (plain SQL) answers exactly the document the writes (entities) answered
    const second = await p.api('POST', '/store/customers/me/addresses', {
      key: t.publishable_key,
      token,
      body: { first_name: 'Ada', address_1: '1 Rue de Rivoli', city: 'Paris', country_code: 'FR', postal_code: '75001', metadata: { floor: 2 } },
    });
    expect(second.status).toBe(200);
    expect(second.body.customer.addresses.map((a: { city: string }) => a.city)).toEqual(['London', 'Paris']);
    const again = await p.api('GET', '/store/customers/me', { key: t.publishable_key, token });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(second.body);
    // field for field in the same order, too
    expect(JSON.stringify(again.body)).toBe(JSON.stringify(second.body));
  });

  it('signs in with the right password only, and refuses a duplicate registration', async () => {
    const c = await p.registerCustomer(t.publishable_key);
    const ok = await p.api('POST', '/auth/customer/emailpass', { key: t.publishable_key, body: { email: c.email, password: c.password } });
    expect(ok.status).toBe(200);
    expect(typeof ok.body.token).toBe('string');
    const bad = await p.api('POST', '/auth/customer/emailpass', { key: t.publishable_key, body: { email: c.email, password: 'wrong-password' } });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ type: 'authentication_error', code: 'invalid_credentials', message: 'Invalid email or password' });
    const dup = await p.api('POST', '/auth/customer/emailpass/register', { key: t.publishable_key, body: { email: c.email, password: 'another-password' } });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('duplicate');
  });

  it('refreshes a token, and a revoked session is refused everywhere', async () => {
    const c = await p.registerCustomer(t.publishable_key);
    const refreshed = await p.api('POST', '/auth/token/refresh', { token: c.token });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.token).not.toBe(c.token);
    const out = await p.api('DELETE', '/auth/session', { token: refreshed.body.token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true });
    for (const tok of [c.token, refreshed.body.token]) {
      const me = await p.api('GET', '/store/customers/me', { key: t.publishable_key, token: tok });
      expect(me.status).toBe(401);
      expect(me.body.code).toBe('token_invalid');
    }
    const again = await p.api('DELETE', '/auth/session', { token: c.token });
    expect(again.status).toBe(401);
  });

  it('issues admin tokens with a 12 h lifetime and customer tokens with 24 h', async () => {
    const adminToken = await p.adminToken(t);
    const c = await p.registerCustomer(t.publishable_key);
    const exp = (tok: string) => {
      const claims = JSON.parse(Buffer.from(tok.split('.')[1], 'base64url').toString());
      return claims.exp - claims.iat;
    };
    expect(exp(adminToken)).toBe(12 * 3600);
    expect(exp(c.token)).toBe(24 * 3600);
    const badAdmin = await p.api('POST', '/auth/user/emailpass', { body: { email: t.admin_email, password: 'nope-nope-nope' } });
    expect(badAdmin.status).toBe(401);
  });

  it('needs the publishable key on store and customer auth routes, and refuses unknown keys', async () => {
    const none = await p.api('GET', '/store/products');
    expect(none.status).toBe(401);
    expect(none.body.code).toBe('publishable_key_required');
    const unknown = await p.api('GET', '/store/products', { key: 'pk_not_a_real_key' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe('invalid_publishable_key');
    const login = await p.api('POST', '/auth/customer/emailpass', { body: { email: 'a@b.co', password: 'whatever-long' } });
    expect(login.body.code).toBe('publishable_key_required');
  });

  it('refuses customer routes without a customer token and with an admin token', async () => {
    const anon = await p.api('GET', '/store/customers/me', { key: t.publishable_key });
    expect(anon.status).toBe(401);
    const adminToken = await p.adminToken(t);
    const asAdmin = await p.api('GET', '/store/customers/me', { key: t.publishable_key, token: adminToken });
    expect(asAdmin.status).toBe(401);
    const garbage = await p.api('GET', '/store/customers/me', { key: t.publishable_key, token: 'a.b.c' });
    expect(garbage.status).toBe(401);
    expect(garbage.body.code).toBe('token_invalid');
  });
});
