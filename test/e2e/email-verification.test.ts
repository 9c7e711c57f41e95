import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { TenantCredentials } from '@svc/identity';
import { sharedPlatform } from '../support/shared';
import type { PlatformClient } from '../support/http';
import { newestMailedToken } from '../support/mailbox';
import { waitFor } from '../support/wait';

/**
 * Verified addresses (issue 27): registration mails a one-time link (24 hours); following it marks
 * the customer `email_verified`; a signed-in customer may ask for a new one; a store may send the
 * link to a page of its own that posts the token; a password reset mailed to the address proves it
 * too. (Linking a provider to a verified password account: social-login.test.ts.)
 */
describe('verified customer addresses', () => {
  let p: PlatformClient;
  let shop: TenantCredentials;
  let other: TenantCredentials;
  let sql: Client;
  const ip = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
  const email = () => `v-${randomBytes(5).toString('hex')}@example.com`;
  const me = (token: string, key = shop.publishable_key) => p.api('GET', '/store/customers/me', { key, token });
  /** the newest verification mail to `address` whose token is not in `seen` */
  const mailedToken = (address: string, seen: string[] = []) =>
    waitFor(`a verification mail to ${address}`, async () => newestMailedToken(await p.mailsTo(address), /Confirm your email address/, 'vfy', seen));
  const verifyByLink = (token: string) =>
    p.api('GET', `/auth/customer/verify-email?token=${encodeURIComponent(token)}`, { headers: { 'x-forwarded-for': ip() } });

  beforeAll(async () => {
    p = await sharedPlatform();
    [shop, other] = await Promise.all([p.createTenant(), p.createTenant()]);
    sql = new Client({ connectionString: p.dbUrl });
    await sql.connect();
  });
  afterAll(async () => {
    await sql?.end();
  });

  it('mails a link at registration; the link verifies the address once, without a key', async () => {
    const c = await p.registerCustomer(shop.publishable_key, email());
    expect((await me(c.token)).body.customer.email_verified).toBe(false);
    const mail = await waitFor('the mail', async () => (await p.mailsTo(c.email)).find((m) => /Confirm your email address/.test(m.subject)));
    // without a page of the store's own, the mail links to the platform's route
    expect(mail.text).toMatch(new RegExp(`${p.url.replace(/[.]/g, '\\.')}/api/auth/customer/verify-email\\?token=vfy_`));
    const token = await mailedToken(c.email);
    const r = await verifyByLink(token);
    expect([r.status, r.body]).toEqual([200, { verified: true, email: c.email }]);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect((await me(c.token)).body.customer.email_verified).toBe(true);
    const again = await verifyByLink(token);
    expect([again.status, again.body.code]).toEqual([401, 'token_invalid']);
    // the token left the database once mailed
    const { rows } = await sql.query(`select sealed_token from identity.mailed_token where purpose = 'email_verification' and email = $1`, [c.email]);
    expect(rows).toEqual([{ sealed_token: null }]);
  });

  it("takes the token a store's page posts with its key; another store's key is refused and changes nothing", async () => {
    const c = await p.registerCustomer(shop.publishable_key, email());
    const token = await mailedToken(c.email);
    const foreign = await p.api('POST', '/auth/customer/verify-email', { key: other.publishable_key, body: { token }, headers: { 'x-forwarded-for': ip() } });
    expect([foreign.status, foreign.body.code]).toEqual([401, 'token_invalid']);
    expect((await me(c.token)).body.customer.email_verified).toBe(false);
    const own = await p.api('POST', '/auth/customer/verify-email', { key: shop.publishable_key, body: { token }, headers: { 'x-forwarded-for': ip() } });
    expect([own.status, own.body]).toEqual([200, { verified: true, email: c.email }]);
  });

  it("links to the store's own page when it set one", async () => {
    const admin = await p.adminToken(shop);
    const page = 'https://shop.example/account/verify?t={token}&e={email}';
    const set = await p.graphql(
      'mutation($i: StoreSettingsInput!) { updateStoreSettings(input: $i) { email_verification_url } }',
      { i: { email_verification_url: page } },
      {
        token: admin,
      },
    );
    expect(set.body.data.updateStoreSettings.email_verification_url).toBe(page);
    try {
      const c = await p.registerCustomer(shop.publishable_key, email());
      const mail = await waitFor('the mail', async () => (await p.mailsTo(c.email)).find((m) => /Confirm your email address/.test(m.subject)));
      const link = new URL(/(https:\/\/shop\.example\/account\/verify\S+)/.exec(mail.text)![1]);
      expect(link.searchParams.get('e')).toBe(c.email);
      expect((await verifyByLink(link.searchParams.get('t')!)).status).toBe(200);
    } finally {
      await p.graphql('mutation($i: StoreSettingsInput!) { updateStoreSettings(input: $i) { id } }', { i: { email_verification_url: null } }, { token: admin });
    }
  });

  it('sends a new link on request (the old one still works until used), 409 once verified, 401 without a customer', async () => {
    const c = await p.registerCustomer(shop.publishable_key, email());
    const first = await mailedToken(c.email);
    const resend = await p.api('POST', '/store/customers/me/verify-email', { key: shop.publishable_key, token: c.token, body: {} });
    expect([resend.status, resend.body]).toEqual([200, { success: true }]);
    const second = await mailedToken(c.email, [first]);
    expect(second).not.toBe(first);
    expect((await verifyByLink(second)).status).toBe(200);
    // verifying spent every link of the address
    expect((await verifyByLink(first)).status).toBe(401);
    const done = await p.api('POST', '/store/customers/me/verify-email', { key: shop.publishable_key, token: c.token, body: {} });
    expect([done.status, done.body.code]).toEqual([409, 'already_verified']);
    expect((await p.api('POST', '/store/customers/me/verify-email', { key: shop.publishable_key, body: {} })).status).toBe(401);
  });

  it('answers 400 for bad input and 401 for a made-up or expired token, verifying nothing', async () => {
    const c = await p.registerCustomer(shop.publishable_key, email());
    const token = await mailedToken(c.email);
    expect((await p.api('GET', '/auth/customer/verify-email')).status).toBe(400);
    expect((await p.api('GET', `/auth/customer/verify-email?token=${token}&extra=1`)).status).toBe(400);
    for (const body of [{}, { token: 42 }, { token: '' }, { token, extra: true }]) {
      const r = await p.api('POST', '/auth/customer/verify-email', { key: shop.publishable_key, body, headers: { 'x-forwarded-for': ip() } });
      expect([JSON.stringify(body), r.status]).toEqual([JSON.stringify(body), 400]);
    }
    expect((await verifyByLink('vfy_made-up')).status).toBe(401);
    await sql.query(`update identity.mailed_token set expires_at = now() - interval '1 second' where purpose = 'email_verification' and email = $1`, [c.email]);
    const expired = await verifyByLink(token);
    expect([expired.status, expired.body.code]).toEqual([401, 'token_invalid']);
    expect((await me(c.token)).body.customer.email_verified).toBe(false);
  });

  it('counts a password reset mailed to the address as verifying it', async () => {
    const c = await p.registerCustomer(shop.publishable_key, email());
    await p.api('POST', '/auth/customer/emailpass/reset-password', {
      key: shop.publishable_key,
      body: { identifier: c.email },
      headers: { 'x-forwarded-for': ip() },
    });
    const reset = await waitFor('the reset mail', async () =>
      (await p.mailsTo(c.email)).map((m) => /\b(rst_[A-Za-z0-9_-]{43})\b/.exec(m.text)?.[1]).find((t): t is string => !!t),
    );
    const done = await p.api('POST', '/auth/customer/emailpass/update', {
      key: shop.publishable_key,
      token: reset,
      body: { password: 'a-brand-new-password' },
    });
    expect(done.status).toBe(200);
    const signedIn = await p.api('POST', '/auth/customer/emailpass', { key: shop.publishable_key, body: { email: c.email, password: 'a-brand-new-password' } });
    expect((await me(signedIn.body.token)).body.customer.email_verified).toBe(true);
  });
});
