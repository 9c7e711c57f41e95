import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { identityEvents, type TenantCredentials } from '@svc/identity';
import { startTestPlatform, type TestPlatform } from '../support/platform';
import { TestClock } from '../support/clock';
import { decodeWords, newestMailedToken } from '../support/mailbox';
import { waitFor } from '../support/wait';

/**
 * Changing a customer's address (issue 27), through REST: asked with the password (a customer
 * without one: with a sign-in at most 10 minutes old), a one-time code to the new address and a
 * notice to the old one; confirming makes the new address the customer's (verified, the address
 * they sign in with) and the old one signs in no more. Codes expire on the platform's clock, work
 * once and only in their store; an address taken meanwhile is 409. And identity's mails are written
 * in the store's default locale with its brand (a German store gets a German reset mail).
 */
describe('changing the email address, and mails in the store language', () => {
  let p: TestPlatform;
  let shop: TenantCredentials;
  let other: TenantCredentials;
  let sql: Client;
  const clock = new TestClock();
  const changed: Array<{ id: string; data: Record<string, unknown> }> = [];
  const ip = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
  const address = (tag = 'm') => `${tag}-${randomBytes(5).toString('hex')}@example.com`;
  const ask = (token: string, body: unknown, key = shop.publishable_key, addr = ip()) =>
    p.api('POST', '/store/customers/me/email-change', { key, token, body, headers: { 'x-forwarded-for': addr } });
  const confirm = (code: string, key = shop.publishable_key) =>
    p.api('POST', '/auth/customer/email-change/confirm', { key, body: { token: code }, headers: { 'x-forwarded-for': ip() } });
  const signIn = (email: string, password: string, key = shop.publishable_key) =>
    p.api('POST', '/auth/customer/emailpass', { key, body: { email, password }, headers: { 'x-forwarded-for': ip() } });
  const me = (token: string, key = shop.publishable_key) => p.api('GET', '/store/customers/me', { key, token });
  /** the code of the newest confirmation mail to `to` not in `seen` */
  const mailedCode = (to: string, seen: string[] = []) =>
    waitFor(`a confirmation mail to ${to}`, async () => newestMailedToken(await p.mailsTo(to), /Confirm your new email address/, 'chg', seen));
  const codes = async (customerEmail: string) =>
    (
      await sql.query<{ email: string; used: boolean }>(
        `select t.email, t.used_at is not null as used from identity.mailed_token t join identity.customer c on c.id = t.actor_id
         where t.purpose = 'email_change' and c.email = $1 order by t.created_at`,
        [customerEmail],
      )
    ).rows;

  /** the HTML part of the mail to `to` whose subject matches (the .eml files of the file mailer, quoted-printable undone) */
  const htmlOf = (to: string, subject: RegExp) => {
    const dir = path.join(p.config.dataDir, 'mail');
    for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.eml'))) {
      const raw = fs.readFileSync(path.join(dir, f), 'utf8').replace(/=\r?\n/g, '');
      const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
      if (!head.includes(to) || !subject.test(decodeWords(/^Subject: (.*)$/m.exec(head)?.[1] ?? ''))) continue;
      const part = /<!doctype html>[\s\S]*<\/html>/i.exec(raw.replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))));
      if (part) return Buffer.from(part[0], 'latin1').toString('utf8');
    }
    return '';
  };

  beforeAll(async () => {
    p = await startTestPlatform({
      clock,
      extraSubscriptions: { identity: [identityEvents.on('customer.email_changed', 'test-email-changed', async (e) => void changed.push(e))] },
    });
    [shop, other] = await Promise.all([p.createTenant('Corner Shop'), p.createTenant()]);
    sql = new Client({ connectionString: p.dbUrl });
    await sql.connect();
  });
  afterAll(async () => {
    await sql?.end();
    await p?.stop();
  });

  it('changes the address: a code to the new address, a notice to the old; the new one signs in, verified; the old one no more; the code works once', async () => {
    const c = await p.registerCustomer(shop.publishable_key, address('old'));
    const next = address('new');
    const r = await ask(c.token, { email: next, password: c.password });
    expect([r.status, r.body]).toEqual([200, { success: true }]);
    const code = await mailedCode(next);
    const notice = await waitFor('the notice to the old address', async () => (await p.mailsTo(c.email)).find((m) => /about to change/.test(m.subject)));
    expect(notice.text).toContain(next);
    expect(notice.text).not.toMatch(/chg_/);
    // nothing changes before the confirmation
    expect((await me(c.token)).body.customer.email).toBe(c.email);

    const done = await confirm(code);
    expect([done.status, done.body]).toEqual([200, { email: next }]);
    const profile = (await me(c.token)).body.customer;
    expect([profile.email, profile.email_verified]).toEqual([next, true]);
    expect((await signIn(next, c.password)).status).toBe(200);
    const old = await signIn(c.email, c.password);
    expect([old.status, old.body.code]).toEqual([401, 'invalid_credentials']);
    const again = await confirm(code);
    expect([again.status, again.body.code]).toEqual([401, 'token_invalid']);
    const customerId = (await sql.query(`select id from identity.customer where email = $1`, [next])).rows[0].id;
    await waitFor('customer.email_changed', async () => changed.find((e) => e.id === customerId || e.data.id === customerId));
    // the event names the customer, never a code
    expect(JSON.stringify(changed)).not.toMatch(/chg_/);
  });

  it('needs the right password: a wrong or missing one is 401 and nothing is mailed or stored', async () => {
    const c = await p.registerCustomer(shop.publishable_key, address());
    const next = address('new');
    const wrong = await ask(c.token, { email: next, password: 'not-the-password' });
    expect([wrong.status, wrong.body.code]).toEqual([401, 'invalid_credentials']);
    const none = await ask(c.token, { email: next });
    expect([none.status, none.body.code]).toEqual([401, 'invalid_credentials']);
    expect(await codes(c.email)).toEqual([]);
    expect(await p.mailsTo(next)).toEqual([]);
    // without a customer token: 401; the same address: 400
    expect((await p.api('POST', '/store/customers/me/email-change', { key: shop.publishable_key, body: { email: next, password: c.password } })).status).toBe(
      401,
    );
    const same = await ask(c.token, { email: c.email, password: c.password });
    expect([same.status, same.body.code]).toEqual([400, 'email_unchanged']);
  });

  it('lets a code expire on the platform clock (1 hour); a newer request replaces an older code', async () => {
    const c = await p.registerCustomer(shop.publishable_key, address());
    const next = address('new');
    expect((await ask(c.token, { email: next, password: c.password })).status).toBe(200);
    const first = await mailedCode(next);
    expect((await ask(c.token, { email: next, password: c.password })).status).toBe(200);
    const second = await mailedCode(next, [first]);
    const replaced = await confirm(first);
    expect([replaced.status, replaced.body.code]).toEqual([401, 'token_invalid']);
    clock.advance(61 * 60_000);
    const expired = await confirm(second);
    expect([expired.status, expired.body.code]).toEqual([401, 'token_invalid']);
    expect((await me(c.token)).body.customer.email).toBe(c.email);
    expect((await signIn(c.email, c.password)).status).toBe(200);
  });

  it('answers 409 email_taken for an address of another customer, at the request and when it was taken before the confirmation', async () => {
    const c = await p.registerCustomer(shop.publishable_key, address());
    const someone = await p.registerCustomer(shop.publishable_key, address('taken'));
    const taken = await ask(c.token, { email: someone.email, password: c.password });
    expect([taken.status, taken.body.code]).toEqual([409, 'email_taken']);

    const next = address('race');
    expect((await ask(c.token, { email: next, password: c.password })).status).toBe(200);
    const code = await mailedCode(next);
    await p.registerCustomer(shop.publishable_key, next);
    const late = await confirm(code);
    expect([late.status, late.body.code]).toEqual([409, 'email_taken']);
    expect((await me(c.token)).body.customer.email).toBe(c.email);
    expect(await codes(c.email)).toEqual([{ email: next, used: false }]);
  });

  it("keeps stores apart: another store's key refuses the code, and an address of another store's customer is free here", async () => {
    const c = await p.registerCustomer(shop.publishable_key, address());
    const elsewhere = await p.registerCustomer(other.publishable_key, address('elsewhere'));
    expect((await ask(c.token, { email: elsewhere.email, password: c.password })).status).toBe(200);
    const code = await waitFor('the code', async () =>
      newestMailedToken(
        (await p.mailsTo(elsewhere.email)).filter((m) => /Confirm your new email address/.test(m.subject)),
        /./,
        'chg',
      ),
    );
    const foreign = await confirm(code, other.publishable_key);
    expect([foreign.status, foreign.body.code]).toEqual([401, 'token_invalid']);
    // a customer token of this store with the other store's key is refused too
    expect((await ask(c.token, { email: address(), password: c.password }, other.publishable_key)).status).toBe(401);
    expect((await confirm(code)).body).toEqual({ email: elsewhere.email });
    // the other store's customer keeps the address there
    expect((await signIn(elsewhere.email, elsewhere.password, other.publishable_key)).status).toBe(200);
    expect((await signIn(elsewhere.email, c.password)).status).toBe(200);
  });

  it('asks a customer without a password for a sign-in at most 10 minutes old', async () => {
    const c = await p.registerCustomer(shop.publishable_key, address('social'));
    // a customer who signs in socially only has no password identity
    await sql.query(`delete from identity.auth_identity where email = $1`, [c.email]);
    const next = address('new');
    // the session of the registration, signed in 11 minutes before the platform's now
    const signedInAgo = (minutes: number) =>
      sql.query(
        `update identity.auth_session set created_at = to_timestamp($2::double precision / 1000) where actor_id = (select id from identity.customer where email = $1)`,
        [c.email, clock.now() - minutes * 60_000],
      );
    await signedInAgo(11);
    const stale = await ask(c.token, { email: next });
    expect([stale.status, stale.body.code]).toEqual([403, 'reauthentication_required']);
    expect(await codes(c.email)).toEqual([]);
    await signedInAgo(9);
    expect((await ask(c.token, { email: next })).status).toBe(200);
    expect((await confirm(await mailedCode(next))).body).toEqual({ email: next });
    expect((await me(c.token)).body.customer.email_verified).toBe(true);
  });

  it('is throttled like sign-ins (429 after repeated requests)', async () => {
    const c = await p.registerCustomer(shop.publishable_key, address());
    const addr = ip();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await ask(c.token, { email: address('t'), password: 'wrong-password' }, shop.publishable_key, addr)).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses).toContain(429);
    // the lock ends on the platform clock
    clock.advance(16 * 60_000);
    expect((await ask(c.token, { email: address('t'), password: c.password }, shop.publishable_key, ip())).status).toBe(200);
  });

  it("writes identity's mails in the store's default locale with its name and brand; a language without words falls back to English", async () => {
    const de = await p.createTenant('Bäckerei Müller');
    const admin = await p.adminToken(de);
    const added = await p.graphql(
      'mutation($input: AddLocaleInput!) { addLocale(input: $input) { code is_default } }',
      { input: { code: 'de' } },
      { token: admin },
    );
    expect(added.body.data.addLocale).toEqual({ code: 'de', is_default: true });
    const brand = await p.graphql(
      'mutation($input: UpdateBrandInput!) { updateBrand(input: $input) { colors { primary } } }',
      { input: { colors: { primary: '#8b4513' } } },
      { token: admin },
    );
    expect(brand.body.data.updateBrand.colors.primary).toBe('#8b4513');
    const c = await p.registerCustomer(de.publishable_key, address('de'));
    // the verification mail of the registration is German too
    const verify = await waitFor('the verification mail', async () => (await p.mailsTo(c.email)).find((m) => /E-Mail-Adresse/.test(m.subject)));
    expect(verify.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse bei Bäckerei Müller');
    const r = await p.api('POST', '/auth/customer/emailpass/reset-password', {
      key: de.publishable_key,
      body: { identifier: c.email },
      headers: { 'x-forwarded-for': ip() },
    });
    expect(r.status).toBe(201);
    const mail = await waitFor('the reset mail', async () => (await p.mailsTo(c.email)).find((m) => /Passwort/.test(m.subject)));
    expect(mail.subject).toBe('Neues Passwort für Bäckerei Müller');
    expect(mail.text.split('\n')[0]).toBe('Bäckerei Müller');
    expect(mail.text).toContain('hat ein neues Passwort für Ihr Kundenkonto bei Bäckerei Müller angefordert');
    expect(mail.text).toMatch(/\brst_[A-Za-z0-9_-]{43}\b/);
    // its HTML part: German, in the brand's primary colour
    const html = htmlOf(c.email, /Passwort/);
    expect(html).toContain('<html lang="de" dir="ltr">');
    expect(html).toContain('color:#8b4513');

    // French has no words of its own: English, with the store's name
    const fr = await p.createTenant('Boutique Claire');
    await p.graphql('mutation($input: AddLocaleInput!) { addLocale(input: $input) { code } }', { input: { code: 'fr' } }, { token: await p.adminToken(fr) });
    const f = await p.registerCustomer(fr.publishable_key, address('fr'));
    await p.api('POST', '/auth/customer/emailpass/reset-password', {
      key: fr.publishable_key,
      body: { identifier: f.email },
      headers: { 'x-forwarded-for': ip() },
    });
    const en = await waitFor('the reset mail', async () => (await p.mailsTo(f.email)).find((m) => /password/.test(m.subject)));
    expect(en.subject).toBe('Reset your password at Boutique Claire');
  });
});
