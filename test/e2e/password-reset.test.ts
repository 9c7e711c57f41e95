import { randomBytes } from 'node:crypto';
import Medusa from '@medusajs/js-sdk';
import { Client } from 'pg';
import type { TenantCredentials } from '@svc/identity';
import { sharedPlatform } from '../support/shared';
import type { PlatformClient } from '../support/http';
import { newestMailedToken } from '../support/mailbox';
import { waitFor } from '../support/wait';

/**
 * Password reset, Medusa's way (issue 27): `reset-password` answers 201 whether the address has an
 * account or not and mails a one-time token (15 minutes) to an account; `update` with that token as
 * the bearer sets the password once, ends every session of the account and burns the token. For
 * customers through the official JS SDK (`auth.resetPassword`, `auth.updateProvider`) and for
 * admins; a customer who signed in socially only gets a password this way.
 */
describe('password reset (customers and admins)', () => {
  let p: PlatformClient;
  let shop: TenantCredentials;
  let other: TenantCredentials;
  let sql: Client;
  /** a client address of its own per test: the reset throttle counts per address */
  const ip = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
  const sdkFor = (key: string) => new Medusa({ baseUrl: `${p.url}/api`, publishableKey: key, auth: { type: 'jwt', jwtTokenStorageMethod: 'memory' } });
  /** the reset token of the newest reset mail to `email` that carries a token not in `seen` */
  const mailedToken = (email: string, seen: string[] = []) =>
    waitFor(`a reset mail to ${email}`, async () => newestMailedToken(await p.mailsTo(email), /Reset your password/, 'rst', seen));
  const resets = async (email: string) =>
    (
      await sql.query<{ used: boolean; mailed: boolean; sealed: boolean }>(
        `select used_at is not null as used, mailed_at is not null as mailed, sealed_token is not null as sealed
         from identity.mailed_token where purpose = 'password_reset' and email = $1 order by created_at`,
        [email],
      )
    ).rows;
  const ask = (actor: 'customer' | 'user', identifier: unknown, key?: string, addr = ip()) =>
    p.api('POST', `/auth/${actor}/emailpass/reset-password`, { key, body: { identifier }, headers: { 'x-forwarded-for': addr } });
  const update = (actor: 'customer' | 'user', token: string | undefined, body: unknown, key?: string, addr = ip()) =>
    p.api('POST', `/auth/${actor}/emailpass/update`, { key, token, body, headers: { 'x-forwarded-for': addr } });
  const signIn = (email: string, password: string, key = shop.publishable_key) =>
    p.api('POST', '/auth/customer/emailpass', { key, body: { email, password }, headers: { 'x-forwarded-for': ip() } });

  beforeAll(async () => {
    p = await sharedPlatform();
    [shop, other] = await Promise.all([p.createTenant(), p.createTenant()]);
    sql = new Client({ connectionString: p.dbUrl });
    await sql.connect();
  });
  afterAll(async () => {
    await sql?.end();
  });

  it('resets a customer password through the JS SDK: 201, a mailed token, the new password works, every session ends, the token works once', async () => {
    const c = await p.registerCustomer(shop.publishable_key);
    const other = await signIn(c.email, c.password);
    expect(other.status).toBe(200);
    const sdk = sdkFor(shop.publishable_key);
    // the SDK answers nothing and throws on a status that is not 2xx (the 201 itself: the next test)
    await expect(sdk.auth.resetPassword('customer', 'emailpass', { identifier: c.email })).resolves.toBeUndefined();
    const token = await mailedToken(c.email);
    // the token leaves the database once mailed: only its digest stays
    await waitFor('the reset marked mailed', async () => (await resets(c.email))[0]?.mailed);
    expect(await resets(c.email)).toEqual([{ used: false, mailed: true, sealed: false }]);

    await sdk.auth.updateProvider('customer', 'emailpass', { password: 'a-new-long-password' }, token);
    expect((await signIn(c.email, 'a-new-long-password')).status).toBe(200);
    expect((await signIn(c.email, c.password)).status).toBe(401);
    // both earlier sessions ended
    for (const t of [c.token, other.body.token]) expect((await p.api('GET', '/store/customers/me', { key: shop.publishable_key, token: t })).status).toBe(401);
    // once only
    const again = await update('customer', token, { password: 'yet-another-password' }, shop.publishable_key);
    expect([again.status, again.body.code]).toEqual([401, 'token_invalid']);
    expect(await resets(c.email)).toEqual([{ used: true, mailed: true, sealed: false }]);
  });

  it('answers 201 alike for an unknown address and mails nothing; a guest without an account gets nothing either', async () => {
    const nobody = `nobody-${randomBytes(4).toString('hex')}@example.com`;
    const r = await ask('customer', nobody, shop.publishable_key);
    expect([r.status, r.body]).toEqual([201, undefined]);
    expect(await resets(nobody)).toEqual([]);
    // a known address answers exactly the same
    const c = await p.registerCustomer(shop.publishable_key);
    const known = await ask('customer', c.email, shop.publishable_key);
    expect([known.status, known.body]).toEqual([201, undefined]);
    expect(await resets(c.email)).toHaveLength(1);
    expect(await p.mailsTo(nobody)).toEqual([]);
  });

  it("keeps stores apart: another store's key finds no account, and a customer's token does not work with another store's key", async () => {
    const c = await p.registerCustomer(shop.publishable_key);
    expect((await ask('customer', c.email, other.publishable_key)).status).toBe(201);
    expect(await resets(c.email)).toEqual([]);
    expect((await ask('customer', c.email, shop.publishable_key)).status).toBe(201);
    const token = await mailedToken(c.email);
    const elsewhere = await update('customer', token, { password: 'a-new-long-password' }, other.publishable_key);
    expect([elsewhere.status, elsewhere.body.code]).toEqual([401, 'token_invalid']);
    // nothing changed, and the token still works in its own store
    expect((await signIn(c.email, c.password)).status).toBe(200);
    expect((await update('customer', token, { password: 'a-new-long-password' }, shop.publishable_key)).status).toBe(200);
  });

  it('refuses an expired token, a token of another actor, a wrong address and a missing bearer, and changes nothing', async () => {
    const c = await p.registerCustomer(shop.publishable_key);
    await ask('customer', c.email, shop.publishable_key);
    const token = await mailedToken(c.email);
    const wrongAddress = await update('customer', token, { password: 'a-new-long-password', email: 'someone-else@example.com' }, shop.publishable_key);
    expect([wrongAddress.status, wrongAddress.body.code]).toEqual([401, 'token_invalid']);
    const asAdmin = await update('user', token, { password: 'a-new-long-password' });
    expect([asAdmin.status, asAdmin.body.code]).toEqual([401, 'token_invalid']);
    const none = await update('customer', undefined, { password: 'a-new-long-password' }, shop.publishable_key);
    expect([none.status, none.body.code]).toEqual([401, 'token_missing']);
    const made = await update('customer', 'rst_not-a-real-token', { password: 'a-new-long-password' }, shop.publishable_key);
    expect([made.status, made.body.code]).toEqual([401, 'token_invalid']);
    // the address of the account itself is accepted (Medusa sends it along)
    await sql.query(`update identity.mailed_token set expires_at = now() - interval '1 second' where purpose = 'password_reset' and email = $1`, [c.email]);
    const expired = await update('customer', token, { password: 'a-new-long-password', email: c.email }, shop.publishable_key);
    expect([expired.status, expired.body.code]).toEqual([401, 'token_invalid']);
    expect((await signIn(c.email, c.password)).status).toBe(200);
    expect(await resets(c.email)).toEqual([{ used: false, mailed: true, sealed: false }]);
  });

  it('answers 400 for bad input and writes nothing', async () => {
    const c = await p.registerCustomer(shop.publishable_key);
    for (const body of [{}, { identifier: 42 }, { identifier: '' }, { identifier: 'not-an-address' }, { identifier: c.email, extra: true }]) {
      const r = await p.api('POST', '/auth/customer/emailpass/reset-password', { key: shop.publishable_key, body, headers: { 'x-forwarded-for': ip() } });
      expect([JSON.stringify(body), r.status, r.body.type]).toEqual([JSON.stringify(body), 400, 'validation_error']);
    }
    expect(await resets(c.email)).toEqual([]);
    await ask('customer', c.email, shop.publishable_key);
    const token = await mailedToken(c.email);
    for (const body of [{}, { password: 'short' }, { password: 12345678 }, { password: 'long-enough-password', token: 'x' }]) {
      const r = await update('customer', token, body, shop.publishable_key);
      expect([JSON.stringify(body), r.status]).toEqual([JSON.stringify(body), 400]);
    }
    // without a publishable key a customer route is refused before anything
    expect((await ask('customer', c.email)).status).toBe(401);
    expect(await resets(c.email)).toEqual([{ used: false, mailed: true, sealed: false }]);
    expect((await signIn(c.email, c.password)).status).toBe(200);
  });

  it('throttles asking per address like sign-ins (429 with Retry-After), for known and unknown addresses alike', async () => {
    const c = await p.registerCustomer(shop.publishable_key);
    const nobody = `nobody-${randomBytes(4).toString('hex')}@example.com`;
    for (const email of [c.email, nobody]) {
      const answers = [];
      for (let i = 0; i < 7; i++) answers.push(await ask('customer', email, shop.publishable_key));
      expect(answers.slice(0, 5).map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
      // the lock is short (doubling from a second on the wall clock of the shared platform): the 429 is read where it came
      const limited = answers.slice(5).find((a) => a.status === 429);
      expect([limited?.status, limited?.body.code]).toEqual([429, 'too_many_attempts']);
      expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('gives a customer who signed in socially only a password', async () => {
    const email = `social-${randomBytes(4).toString('hex')}@example.com`;
    const id = `cus_${randomBytes(8).toString('hex')}`;
    await sql.query(`insert into identity.customer (id, tenant_id, email, has_account, created_at, updated_at) values ($1, $2, $3, true, now(), now())`, [
      id,
      shop.tenant_id,
      email,
    ]);
    await sql.query(
      `insert into identity.social_link (id, tenant_id, customer_id, provider, subject, email, email_verified, created_at, last_login_at)
       values ($1, $2, $3, 'google', $4, $5, true, now(), now())`,
      [`slk_${randomBytes(8).toString('hex')}`, shop.tenant_id, id, `sub-${id}`, email],
    );
    expect((await ask('customer', email, shop.publishable_key)).status).toBe(201);
    const token = await mailedToken(email);
    expect((await update('customer', token, { password: 'my-first-password' }, shop.publishable_key)).status).toBe(200);
    const signedIn = await signIn(email, 'my-first-password');
    expect(signedIn.status).toBe(200);
    const me = await p.api('GET', '/store/customers/me', { key: shop.publishable_key, token: signedIn.body.token });
    expect(me.body.customer.id).toBe(id);
  });

  it('sets one password when the same token is sent twice at once', async () => {
    const c = await p.registerCustomer(shop.publishable_key);
    await ask('customer', c.email, shop.publishable_key);
    const token = await mailedToken(c.email);
    const [a, b] = await Promise.all([
      update('customer', token, { password: 'password-number-one' }, shop.publishable_key),
      update('customer', token, { password: 'password-number-two' }, shop.publishable_key),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 401]);
    const winner = a.status === 200 ? 'password-number-one' : 'password-number-two';
    const loser = a.status === 200 ? 'password-number-two' : 'password-number-one';
    expect((await signIn(c.email, winner)).status).toBe(200);
    expect((await signIn(c.email, loser)).status).toBe(401);
  });

  it("resets an admin's password (no publishable key), and links to the store's reset page when it set one", async () => {
    const admin = await p.adminToken(shop);
    const page = 'https://shop.example/account/reset';
    const set = await p.graphql(
      'mutation($i: StoreSettingsInput!) { updateStoreSettings(input: $i) { password_reset_url } }',
      { i: { password_reset_url: page } },
      {
        token: admin,
      },
    );
    expect(set.body.data.updateStoreSettings.password_reset_url).toBe(page);
    expect((await ask('user', shop.admin_email)).status).toBe(201);
    const mail = await waitFor('the admin reset mail', async () => (await p.mailsTo(shop.admin_email)).find((m) => /Reset your password/.test(m.subject)));
    const link = /(https:\/\/shop\.example\/account\/reset\?\S+)/.exec(mail.text)?.[1];
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect(url.searchParams.get('email')).toBe(shop.admin_email);
    const token = url.searchParams.get('token')!;
    expect(token).toMatch(/^rst_/);
    // a customer route does not take an admin's token
    expect((await update('customer', token, { password: 'admin-new-password' }, shop.publishable_key)).status).toBe(401);
    expect((await update('user', token, { password: 'admin-new-password' })).status).toBe(200);
    const login = await p.api('POST', '/auth/user/emailpass', {
      body: { email: shop.admin_email, password: 'admin-new-password' },
      headers: { 'x-forwarded-for': ip() },
    });
    expect(login.status).toBe(200);
    expect((await p.graphql('{ storeSettings { id } }', {}, { token: admin })).body.errors?.[0]?.extensions?.code).toBe('token_invalid');
  });
});
