import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { TenantCredentials } from '@svc/identity';
import { sharedPlatform } from '../support/shared';
import type { PlatformClient } from '../support/http';
import { graphqlData, solvedAntispam } from '../support/antispam';
import { LocalSmtpServer } from '../support/providers/smtp';
import { waitFor } from '../support/wait';

const SETTINGS = 'sender_name sender_email reply_to from smtp_url smtp_password_set updated_at';
const READ = `{ storeMailSettings { ${SETTINGS} } }`;
const SAVE = `mutation($input: StoreMailSettingsInput!) { saveStoreMailSettings(input: $input) { ${SETTINGS} } }`;
const TEST_MAIL = 'mutation { sendStoreTestMail { to from via message_id } }';
const CREATE_FORM = 'mutation($input: CreateFormInput!) { createForm(input: $input) { id slug } }';

/**
 * A store's own mail settings (identity, issue 30): sender, reply-to and its own SMTP server with a
 * write-only password. The store's transactional mails (identity's own, and other domains' through
 * their ports: a form's notification) leave through its server under its sender; another store's
 * still go through the platform's mailer (the shared platform has no SMTP_URL: `.eml` files).
 */
describe('store mail settings', () => {
  let p: PlatformClient;
  let sql: Client;
  let smtp: LocalSmtpServer;
  let shop: TenantCredentials;
  let other: TenantCredentials;
  let admin: string;
  let otherAdmin: string;
  const PASSWORD = `pw-${randomBytes(8).toString('hex')}`;
  const ip = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

  const gql = (query: string, variables: Record<string, unknown> = {}, token = admin): Promise<any> => graphqlData(p, query, variables, token);
  const gqlError = async (query: string, variables: Record<string, unknown> = {}, token = admin) => {
    const r = await p.graphql(query, variables, { token });
    expect(r.body.errors?.length).toBeGreaterThan(0);
    expect(JSON.stringify(r.body)).not.toContain(PASSWORD);
    return r.body.errors[0].extensions;
  };
  const formFor = async (slug: string, recipient: string, token: string) =>
    gql(
      CREATE_FORM,
      {
        input: {
          slug,
          title: `Contact ${slug}`,
          fields: [
            { name: 'name', label: 'Name', type: 'text', required: true },
            { name: 'email', label: 'Email', type: 'email', required: true },
          ],
          notification_recipients: [recipient],
        },
      },
      token,
    );
  const submit = async (key: string, slug: string, name: string) => {
    const r = await p.api('POST', '/store/form-submissions', {
      key,
      body: { form: slug, data: { name, email: 'shopper@example.com' } },
      headers: { 'x-antispam-token': await solvedAntispam(p, key), 'x-forwarded-for': ip() },
    });
    expect(r.status).toBe(200);
  };

  beforeAll(async () => {
    smtp = await new LocalSmtpServer({ user: 'shop-mailer', pass: PASSWORD }).start();
    p = await sharedPlatform();
    [shop, other] = await Promise.all([p.createTenant(), p.createTenant()]);
    [admin, otherAdmin] = await Promise.all([p.adminToken(shop), p.adminToken(other)]);
    sql = new Client({ connectionString: p.dbUrl });
    await sql.connect();
  });
  afterAll(async () => {
    await sql?.end();
    await smtp?.close();
  });

  it("answers the platform's defaults before anything is set", async () => {
    const s = (await gql(READ)).storeMailSettings;
    expect(s).toMatchObject({ sender_name: null, sender_email: null, reply_to: null, smtp_url: null, smtp_password_set: false, updated_at: null });
    expect(s.from).toBeTruthy();
  });

  it('saves a sender and the store SMTP server; the password is taken from the URL, kept sealed and never answered', async () => {
    const saved = await p.graphql(
      SAVE,
      { input: { sender_name: 'Shop Mail', sender_email: 'hello@shop.example', reply_to: 'care@shop.example', smtp_url: smtp.url } },
      { token: admin },
    );
    expect(saved.body.errors).toBeUndefined();
    expect(saved.body.data.saveStoreMailSettings).toMatchObject({
      sender_name: 'Shop Mail',
      sender_email: 'hello@shop.example',
      reply_to: 'care@shop.example',
      from: '"Shop Mail" <hello@shop.example>',
      smtp_url: `smtp://shop-mailer@127.0.0.1:${smtp.port}`,
      smtp_password_set: true,
    });
    expect(JSON.stringify(saved.body)).not.toContain(PASSWORD);
    const read = await p.graphql(READ, {}, { token: admin });
    expect(JSON.stringify(read.body)).not.toContain(PASSWORD);
    expect(read.body.data.storeMailSettings.smtp_password_set).toBe(true);
    // sealed in the database: neither the URL nor any column holds the password
    const row = (await sql.query('select * from identity.mail_settings where tenant_id = $1', [shop.tenant_id])).rows[0];
    expect(JSON.stringify(row)).not.toContain(PASSWORD);
    expect(row.smtp_password_sealed).toMatch(/^v1\./);
  });

  it('keeps the password when a save leaves it out, and refuses the internal transport to an admin', async () => {
    const kept = (await gql(SAVE, { input: { sender_name: 'Shop Mail' } })).saveStoreMailSettings;
    expect(kept).toMatchObject({ smtp_password_set: true, smtp_url: `smtp://shop-mailer@127.0.0.1:${smtp.port}` });
    // the platform's own field is not the admin's: refused, with nothing of the settings in the answer
    const internal = await p.graphql('{ storeMailTransport { from smtp_sealed } }', {}, { token: admin });
    expect(internal.body.errors?.length).toBeGreaterThan(0);
    expect(internal.body.data?.storeMailTransport ?? null).toBeNull();
    expect(JSON.stringify(internal.body)).not.toContain(PASSWORD);
  });

  it("sends the test mail to the signed-in admin through the store's own server, under its sender", async () => {
    const before = smtp.received.length;
    const sent = (await gql(TEST_MAIL)).sendStoreTestMail;
    expect(sent).toMatchObject({ to: shop.admin_email, from: '"Shop Mail" <hello@shop.example>', via: 'store_smtp' });
    const mail = smtp.received.slice(before).find((m) => m.to.includes(shop.admin_email));
    expect(mail).toBeDefined();
    expect(mail!.user).toBe('shop-mailer');
    expect(mail!.header('from')).toContain('hello@shop.example');
    expect(mail!.header('reply-to')).toContain('care@shop.example');
    expect(mail!.header('subject')).toBe('Test mail from your store');
    expect(mail!.text).not.toContain(PASSWORD);
  });

  it("sends the store's transactional mail through its server, another store's through the platform's", async () => {
    await formFor('contact', 'owner@shop.example', admin);
    await formFor('contact', 'owner@other.example', otherAdmin);
    await submit(shop.publishable_key, 'contact', 'Ada Store-Mail');
    await submit(other.publishable_key, 'contact', 'Grace Platform-Mail');
    // forms asks identity for the store's settings through its port: the store's server, its sender, the shopper as Reply-To
    const own = await waitFor('the notification through the store server', () => smtp.received.find((m) => m.text.includes('Ada Store-Mail')));
    expect(own.to).toEqual(['owner@shop.example']);
    expect(own.user).toBe('shop-mailer');
    expect(own.header('from')).toContain('hello@shop.example');
    expect(own.header('reply-to')).toContain('shopper@example.com');
    // the other store set nothing: its mail is the platform's (.eml files on the shared platform), never on the store's server
    const theirs = await waitFor('the notification through the platform', async () =>
      (await p.mailsTo('owner@other.example')).find((m) => m.text.includes('Grace Platform-Mail')),
    );
    expect(theirs.subject).toContain('Contact contact');
    expect(smtp.received.some((m) => m.text.includes('Grace Platform-Mail'))).toBe(false);
    expect((await p.mailsTo('owner@shop.example')).some((m) => m.text.includes('Ada Store-Mail'))).toBe(false);
    // identity's own mail (a password reset) leaves the same way
    const c = await p.registerCustomer(shop.publishable_key);
    const reset = await p.api('POST', '/auth/customer/emailpass/reset-password', {
      key: shop.publishable_key,
      body: { identifier: c.email },
      headers: { 'x-forwarded-for': ip() },
    });
    expect(reset.status).toBe(201);
    const resetMail = await waitFor('the reset mail through the store server', () =>
      smtp.received.find((m) => m.to.includes(c.email) && /Reset your password/.test(m.header('subject') ?? '')),
    );
    expect(resetMail.header('from')).toContain('hello@shop.example');
  });

  it('refuses a bad SMTP URL or address with a 400 and writes nothing', async () => {
    const before = (await gql(READ)).storeMailSettings;
    for (const input of [
      { smtp_url: 'not a url' },
      { smtp_url: 'http://mail.example.com' },
      { smtp_url: 'smtp://mail.example.com:587/path' },
      { smtp_url: 'smtp://mail.example.com:587?tls.rejectUnauthorized=false' },
      { sender_email: 'not-an-address', smtp_url: 'smtp://mail.example.com' },
      { sender_name: 'Evil\r\nBcc: x@example.com' },
    ]) {
      const r = await p.graphql(SAVE, { input }, { token: admin });
      // validation_error: 400 on REST, the type GraphQL answers
      expect(r.body.errors[0].extensions).toMatchObject({ type: 'validation_error' });
    }
    expect((await gql(READ)).storeMailSettings).toEqual(before);
  });

  it("keeps each store's settings its own: another admin reads and changes only theirs", async () => {
    const theirs = (await gql(READ, {}, otherAdmin)).storeMailSettings;
    expect(theirs).toMatchObject({ sender_email: null, smtp_url: null, smtp_password_set: false });
    await gql(SAVE, { input: { sender_email: 'news@other.example', smtp_url: null } }, otherAdmin);
    expect((await gql(READ)).storeMailSettings).toMatchObject({ sender_email: 'hello@shop.example', smtp_password_set: true });
    expect((await gql(READ, {}, otherAdmin)).storeMailSettings).toMatchObject({ sender_email: 'news@other.example', smtp_url: null });
    // a storefront key or no token gets nothing
    expect((await p.graphql(READ, {}, { key: shop.publishable_key })).body.errors[0].extensions.type).toBe('authentication_error');
  });

  it("answers the server's refusal of the test mail as 502 mail_refused, and falls back to the platform once the server is removed", async () => {
    await gql(SAVE, { input: { smtp_password: 'wrong-password' } });
    expect(await gqlError(TEST_MAIL)).toMatchObject({ type: 'provider_error', code: 'mail_refused' });
    const cleared = (await gql(SAVE, { input: { smtp_url: null } })).saveStoreMailSettings;
    expect(cleared).toMatchObject({ smtp_url: null, smtp_password_set: false, sender_email: 'hello@shop.example' });
    const sent = (await gql(TEST_MAIL)).sendStoreTestMail;
    expect(sent.via).toBe('file');
    const mail = await waitFor('the test mail in the platform mailbox', async () =>
      (await p.mailsTo(shop.admin_email)).find((m) => m.subject === 'Test mail from your store'),
    );
    expect(mail.text).toContain('hello@shop.example');
  });
});
