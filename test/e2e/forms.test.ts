import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { systemContext } from '@svc/kit';
import type { TenantCredentials } from '@svc/identity';
import { demoForms, demoSubmissions, domain, type FormsServices } from '@svc/forms';
import { pngImage } from '@svc/media';
import { solvedAntispam, graphqlData } from '../support/antispam';
import { startTestPlatform, type TestPlatform } from '../support/platform';
import { LocalSmtpServer, parseMail, type ReceivedMail } from '../support/providers/smtp';
import { SiteverifyServer } from '../support/providers/siteverify';
import { waitFor } from '../support/wait';

const FORM =
  'id slug title description fields { name label type required placeholder help_text min_length max_length min max pattern options { value label } min_date max_date } success_message success_redirect is_popup status notification_recipients created_at updated_at';
const CREATE = `mutation($input: CreateFormInput!) { createForm(input: $input) { ${FORM} } }`;
const UPDATE = `mutation($id: String!, $input: UpdateFormInput!) { updateForm(id: $id, input: $input) { ${FORM} } }`;
const ACTIVATE = `mutation($id: String!) { activateForm(id: $id) { id status } }`;
const DEACTIVATE = `mutation($id: String!) { deactivateForm(id: $id) { id status } }`;
const SUBMISSIONS = `query($form_id: String!, $limit: Int, $offset: Int) { formSubmissions(form_id: $form_id, limit: $limit, offset: $offset) { count limit offset items { id form_id data ip_hash user_agent notified_at created_at } } }`;
const VERIFIER = `mutation($input: FormVerifierInput!) { configureFormVerifier(input: $input) { provider enabled has_secret verify_url effective_verify_url min_score } }`;

/** Every field type with rules, for the validation tests. */
const kitchenSink = (slug: string, recipients: string[] = []) => ({
  slug,
  title: 'Every field',
  description: 'One field of each type',
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true, min_length: 2, max_length: 20 },
    { name: 'code', label: 'Code', type: 'text', pattern: '[A-Z]{3}-[0-9]{2}' },
    { name: 'email', label: 'Email', type: 'email', required: true },
    { name: 'quantity', label: 'Quantity', type: 'number', min: 1, max: 10 },
    {
      name: 'topic',
      label: 'Topic',
      type: 'select',
      options: [
        { value: 'order', label: 'An order' },
        { value: 'other', label: 'Other' },
      ],
    },
    { name: 'consent', label: 'Consent', type: 'checkbox', required: true },
    { name: 'newsletter', label: 'Newsletter', type: 'checkbox' },
    { name: 'message', label: 'Message', type: 'textarea', max_length: 50 },
    { name: 'visit', label: 'Visit date', type: 'date', min_date: '2026-01-01', max_date: '2026-12-31' },
    { name: 'photo', label: 'Photo', type: 'file' },
  ],
  success_message: 'Thanks!',
  success_redirect: '/thanks',
  notification_recipients: recipients,
});
const VALID = {
  name: 'Ada Lovelace',
  code: 'ABC-12',
  email: 'ada@example.com',
  quantity: 3,
  topic: 'order',
  consent: true,
  message: 'Hello there',
  visit: '2026-06-01',
};

describe('forms: forms, submissions, popup, challenge, mail', () => {
  let p: TestPlatform;
  let sql: Client;
  let smtp: LocalSmtpServer;
  let verify: SiteverifyServer;
  let shop: TenantCredentials;
  let other: TenantCredentials;
  let admin: string;
  let otherAdmin: string;
  let sink: any;
  let otherForm: any;

  const gql = (query: string, variables: Record<string, unknown> = {}, token = admin): Promise<any> => graphqlData(p, query, variables, token);
  const gqlError = async (query: string, variables: Record<string, unknown> = {}, token = admin) => {
    const r = await p.graphql(query, variables, { token });
    expect(r.body.errors?.length).toBeGreaterThan(0);
    return r.body.errors[0].extensions;
  };
  /** a solved anti-spam challenge of the tenant (ALTCHA) */
  const solved = (key = shop.publishable_key): Promise<string> => solvedAntispam(p, key);
  const submit = async (body: unknown, o: { key?: string; token?: string | null; ua?: string } = {}) => {
    const key = o.key ?? shop.publishable_key;
    const token = o.token === undefined ? await solved(key) : o.token;
    const headers: Record<string, string> = { 'user-agent': o.ua ?? 'FormsTest/1.0' };
    if (token) headers['x-antispam-token'] = token;
    return p.api('POST', '/store/form-submissions', { key, body, headers });
  };
  const stored = async (tenantId: string) =>
    Number((await sql.query('select count(*)::int as n from forms.form_submission where tenant_id = $1', [tenantId])).rows[0].n);
  const mailsTo = (addr: string): ReceivedMail[] => smtp.received.filter((m) => m.to.includes(addr));

  beforeAll(async () => {
    smtp = await new LocalSmtpServer({ user: 'mailer', pass: 's3cret-pass' }).start();
    verify = await new SiteverifyServer('verifier-secret-123').start();
    // JOB_RETRY_SCALE=0: a refused mail is retried at once, not after the queue's 5 s backoff
    p = await startTestPlatform({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Demo Shop <shop@example.com>', JOB_RETRY_SCALE: '0' } });
    sql = new Client({ connectionString: p.dbUrl });
    await sql.connect();
    shop = await p.createTenant();
    other = await p.createTenant();
    admin = await p.adminToken(shop);
    otherAdmin = await p.adminToken(other);
    sink = (await gql(CREATE, { input: kitchenSink('every-field', ['owner@shop.example', 'team@shop.example']) })).createForm;
    otherForm = (await gql(CREATE, { input: kitchenSink('theirs') }, otherAdmin)).createForm;
  });
  afterAll(async () => {
    await sql?.end();
    await p?.stop();
    await smtp?.close();
    await verify?.close();
  });

  describe('admin: forms', () => {
    it('creates a form with every field type; rules are stored, unset ones null', () => {
      expect(sink.id).toMatch(/^form_[0-9A-Z]{26}$/);
      expect(sink).toMatchObject({
        slug: 'every-field',
        status: 'active',
        is_popup: false,
        success_redirect: '/thanks',
        notification_recipients: ['owner@shop.example', 'team@shop.example'],
      });
      expect(sink.fields.map((f: any) => f.type)).toEqual(['text', 'text', 'email', 'number', 'select', 'checkbox', 'checkbox', 'textarea', 'date', 'file']);
      expect(sink.fields[0]).toMatchObject({ name: 'name', required: true, min_length: 2, max_length: 20, pattern: null, options: null, min: null });
      expect(sink.fields[4].options).toEqual([
        { value: 'order', label: 'An order' },
        { value: 'other', label: 'Other' },
      ]);
    });

    it('refuses bad form definitions with 400 and a duplicate slug with 409, writing nothing', async () => {
      const base = kitchenSink('bad-one');
      const bad: Array<[string, unknown]> = [
        ['select without options', { ...base, fields: [{ name: 'a', label: 'A', type: 'select' }] }],
        ['unknown type', { ...base, fields: [{ name: 'a', label: 'A', type: 'colour' }] }],
        ['rule of another type', { ...base, fields: [{ name: 'a', label: 'A', type: 'text', min: 3 }] }],
        ['broken pattern', { ...base, fields: [{ name: 'a', label: 'A', type: 'text', pattern: '([a-z' }] }],
        ['catastrophic pattern', { ...base, fields: [{ name: 'a', label: 'A', type: 'text', pattern: '(a+)+b' }] }],
        ['alternation repeated', { ...base, fields: [{ name: 'a', label: 'A', type: 'text', pattern: '(a|aa){2,}' }] }],
        ['backreference', { ...base, fields: [{ name: 'a', label: 'A', type: 'text', pattern: '(a)\\1' }] }],
        ['min above max', { ...base, fields: [{ name: 'a', label: 'A', type: 'number', min: 5, max: 1 }] }],
        ['bad date bound', { ...base, fields: [{ name: 'a', label: 'A', type: 'date', min_date: '2026-02-30' }] }],
        [
          'duplicate field names',
          {
            ...base,
            fields: [
              { name: 'a', label: 'A', type: 'text' },
              { name: 'a', label: 'B', type: 'email' },
            ],
          },
        ],
        ['bad field name', { ...base, fields: [{ name: 'First Name', label: 'A', type: 'text' }] }],
        ['no fields', { ...base, fields: [] }],
        ['protocol-relative redirect', { ...base, success_redirect: '//evil.example/x' }],
        ['http redirect', { ...base, success_redirect: 'http://shop.example/thanks' }],
        ['javascript redirect', { ...base, success_redirect: 'javascript:alert(1)' }],
        ['bad recipient', { ...base, notification_recipients: ['not-an-email'] }],
        ['bad slug', { ...base, slug: 'Not A Slug' }],
      ];
      for (const [what, input] of bad) {
        const e = await gqlError(CREATE, { input });
        expect(`${what}: ${e.type}`).toBe(`${what}: validation_error`);
      }
      const https = (await gql(CREATE, { input: { ...base, slug: 'https-redirect', success_redirect: 'https://shop.example/thanks' } })).createForm;
      expect(https.success_redirect).toBe('https://shop.example/thanks');
      expect((await gqlError(CREATE, { input: { ...base, slug: 'every-field' } })).code).toBe('duplicate');
      // the same slug in another tenant is fine: slugs are unique per tenant
      expect((await gql(CREATE, { input: { ...base, slug: 'every-field' } }, otherAdmin)).createForm.slug).toBe('every-field');
      expect(Number((await sql.query("select count(*)::int as n from forms.form where slug = 'bad-one'")).rows[0].n)).toBe(0);
    });

    it("updates, lists and deletes forms; another tenant's form is not found", async () => {
      const f = (await gql(CREATE, { input: { ...kitchenSink('to-change'), status: 'inactive' } })).createForm;
      const u = (
        await gql(UPDATE, {
          id: f.id,
          input: { title: 'Changed', fields: [{ name: 'only', label: 'Only', type: 'text', required: true }], notification_recipients: null },
        })
      ).updateForm;
      expect(u).toMatchObject({ title: 'Changed', notification_recipients: [], status: 'inactive' });
      expect(u.fields.map((x: any) => x.name)).toEqual(['only']);
      const list = (await gql('query { adminForms(status: "inactive") { count items { id } } }')).adminForms;
      expect(list.items.map((x: any) => x.id)).toEqual([f.id]);
      const all = (await gql('query { adminForms(limit: 2) { count limit items { id } } }')).adminForms;
      expect(all.items).toHaveLength(2);
      expect(all.count).toBeGreaterThanOrEqual(3);
      expect((await gqlError(UPDATE, { id: otherForm.id, input: { title: 'Mine' } })).type).toBe('not_found');
      expect((await gqlError('mutation($id: String!) { deleteForm(id: $id) }', { id: otherForm.id })).type).toBe('not_found');
      expect((await gqlError('query($id: String!) { adminForm(id: $id) { id } }', { id: otherForm.id })).type).toBe('not_found');
      expect((await gql('mutation($id: String!) { deleteForm(id: $id) }', { id: f.id })).deleteForm).toBe(true);
      expect((await gqlError('query($id: String!) { adminForm(id: $id) { id } }', { id: f.id })).type).toBe('not_found');
      expect((await gql('query($id: String!) { adminForm(id: $id) { title } }', { id: otherForm.id }, otherAdmin)).adminForm.title).toBe('Every field');
    });

    it('refuses admin operations to anonymous callers and customers', async () => {
      const input = kitchenSink('hijack');
      const anonymous = await p.graphql(CREATE, { input }, { key: shop.publishable_key });
      expect(anonymous.body.errors[0].extensions.type).toBe('authentication_error');
      const customer = await p.registerCustomer(shop.publishable_key);
      const r = await p.graphql(CREATE, { input }, { token: customer.token, key: shop.publishable_key });
      expect(r.body.errors[0].extensions.type).toBe('permission_error');
      const subs = await p.graphql(SUBMISSIONS, { form_id: sink.id }, { key: shop.publishable_key });
      expect(subs.body.errors[0].extensions.type).toBe('authentication_error');
      expect(Number((await sql.query("select count(*)::int as n from forms.form where slug = 'hijack'")).rows[0].n)).toBe(0);
    });
  });

  describe('storefront: reading forms', () => {
    it('serves an active form by slug with its fields and rules, without admin settings', async () => {
      const r = await p.api('GET', '/store/forms/every-field', { key: shop.publishable_key });
      expect(r.status).toBe(200);
      expect(Object.keys(r.body)).toEqual(['form']);
      expect(Object.keys(r.body.form).sort()).toEqual(['description', 'fields', 'id', 'is_popup', 'slug', 'success_message', 'success_redirect', 'title']);
      expect(r.body.form).toMatchObject({ id: sink.id, success_message: 'Thanks!', success_redirect: '/thanks' });
      expect(r.body.form.fields).toEqual(sink.fields);
      expect(JSON.stringify(r.body)).not.toContain('owner@shop.example');
    });

    it("answers 404 for inactive, unknown and other tenants' forms; 400 for unknown parameters; 401 without a key", async () => {
      expect((await p.api('GET', '/store/forms/theirs', { key: shop.publishable_key })).status).toBe(404);
      expect((await p.api('GET', `/store/forms/${otherForm.id}`, { key: shop.publishable_key })).status).toBe(404);
      const missing = await p.api('GET', '/store/forms/no-such-form', { key: shop.publishable_key });
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ type: 'not_found', code: 'not_found' });
      const hidden = (await gql(CREATE, { input: { ...kitchenSink('hidden'), status: 'inactive' } })).createForm;
      expect((await p.api('GET', '/store/forms/hidden', { key: shop.publishable_key })).status).toBe(404);
      await gql(ACTIVATE, { id: hidden.id });
      expect((await p.api('GET', '/store/forms/hidden', { key: shop.publishable_key })).status).toBe(200);
      await gql(DEACTIVATE, { id: hidden.id });
      expect((await p.api('GET', '/store/forms/hidden', { key: shop.publishable_key })).status).toBe(404);
      const extra = await p.api('GET', '/store/forms/every-field?colour=red', { key: shop.publishable_key });
      expect(extra.status).toBe(400);
      expect(extra.body).toMatchObject({ type: 'validation_error', code: 'unknown_field' });
      expect((await p.api('GET', '/store/forms/popup?x=1', { key: shop.publishable_key })).status).toBe(400);
      expect((await p.api('GET', `/store/forms/${'a'.repeat(201)}`, { key: shop.publishable_key })).status).toBe(400);
      const anonymous = await p.api('GET', '/store/forms/every-field');
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.type).toBe('authentication_error');
      expect((await p.api('GET', '/store/forms/popup')).status).toBe(401);
    });
  });

  describe('popup form: at most one active per tenant', () => {
    it('answers {form: null} without an active popup, and the popup form once one is active', async () => {
      const t = await p.createTenant();
      const ta = await p.adminToken(t);
      const none = await p.api('GET', '/store/forms/popup', { key: t.publishable_key });
      expect(none.status).toBe(200);
      expect(none.body).toEqual({ form: null });
      const popup = (await gql(CREATE, { input: { ...kitchenSink('newsletter'), is_popup: true } }, ta)).createForm;
      const r = await p.api('GET', '/store/forms/popup', { key: t.publishable_key });
      expect(r.body.form).toMatchObject({ id: popup.id, slug: 'newsletter', is_popup: true });
      // the same route is not taken for a slug
      expect((await p.api('GET', '/store/forms/newsletter', { key: t.publishable_key })).body.form.id).toBe(popup.id);
      // another tenant does not see it
      expect((await p.api('GET', '/store/forms/popup', { key: other.publishable_key })).body).toEqual({ form: null });
      // a second active popup is refused at creation and when a form becomes a popup
      const second = await gqlError(CREATE, { input: { ...kitchenSink('second-popup'), is_popup: true } }, ta);
      expect(second).toMatchObject({ type: 'conflict', code: 'popup_already_active' });
      const plain = (await gql(CREATE, { input: kitchenSink('plain') }, ta)).createForm;
      expect(await gqlError(UPDATE, { id: plain.id, input: { is_popup: true } }, ta)).toMatchObject({ code: 'popup_already_active' });
      await gql(DEACTIVATE, { id: popup.id }, ta);
      expect((await p.api('GET', '/store/forms/popup', { key: t.publishable_key })).body).toEqual({ form: null });
      expect((await gql(UPDATE, { id: plain.id, input: { is_popup: true } }, ta)).updateForm.is_popup).toBe(true);
      expect((await p.api('GET', '/store/forms/popup', { key: t.publishable_key })).body.form.id).toBe(plain.id);
    });

    it('lets exactly one of concurrent activations win; the others get 409', async () => {
      const t = await p.createTenant();
      const ta = await p.adminToken(t);
      const forms: any[] = [];
      for (let i = 0; i < 4; i++)
        forms.push((await gql(CREATE, { input: { ...kitchenSink(`popup-${i}`), is_popup: true, status: 'inactive' } }, ta)).createForm);
      for (let round = 0; round < 3; round++) {
        const results = await Promise.all(forms.map((f) => p.graphql(ACTIVATE, { id: f.id }, { token: ta })));
        const won = results.filter((r) => !r.body.errors);
        const lost = results.filter((r) => r.body.errors);
        expect(won).toHaveLength(1);
        expect(lost.map((r) => r.body.errors[0].extensions.code)).toEqual(['popup_already_active', 'popup_already_active', 'popup_already_active']);
        const active = (await sql.query("select id from forms.form where tenant_id = $1 and is_popup and status = 'active'", [t.tenant_id])).rows;
        expect(active.map((x) => x.id)).toEqual([won[0].body.data.activateForm.id]);
        await gql(DEACTIVATE, { id: active[0].id }, ta);
      }
    });

    it('is enforced by the database itself, not only by the service', async () => {
      const t = await p.createTenant();
      const ta = await p.adminToken(t);
      await gql(CREATE, { input: { ...kitchenSink('db-a'), is_popup: true } }, ta);
      const b = (await gql(CREATE, { input: { ...kitchenSink('db-b'), is_popup: true, status: 'inactive' } }, ta)).createForm;
      await expect(sql.query("update forms.form set status = 'active' where id = $1", [b.id])).rejects.toThrow(/form_one_active_popup/);
    });
  });

  describe('submissions', () => {
    it('stores a valid submission, answers with the success message and redirect, and emits form_submission.created', async () => {
      const before = await stored(shop.tenant_id);
      const r = await submit({ form: 'every-field', data: VALID }, { ua: 'Mozilla/5.0 (FormsTest)' });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({
        form_submission: { id: expect.stringMatching(/^fsub_[0-9A-Z]{26}$/), form_id: sink.id, created_at: expect.any(String) },
        success_message: 'Thanks!',
        success_redirect: '/thanks',
      });
      expect(await stored(shop.tenant_id)).toBe(before + 1);
      const row = (await sql.query('select data, ip_hash, user_agent from forms.form_submission where id = $1', [r.body.form_submission.id])).rows[0];
      expect(row.data).toEqual(VALID);
      expect(row.ip_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.ip_hash).not.toContain('127.0.0.1');
      expect(row.user_agent).toBe('Mozilla/5.0 (FormsTest)');
      const ev = (
        await sql.query("select data from forms.outbox_event where tenant_id = $1 and type = 'form_submission.created' and data->>'id' = $2", [
          shop.tenant_id,
          r.body.form_submission.id,
        ])
      ).rows;
      expect(ev.map((e) => e.data)).toEqual([{ id: r.body.form_submission.id, form_id: sink.id, form_slug: 'every-field' }]);
      // by form_id too; numbers may arrive as decimal text (HTML forms) and are stored as numbers
      const byId = await submit({ form_id: sink.id, data: { ...VALID, quantity: '4', newsletter: false } });
      expect(byId.status).toBe(200);
      const row2 = (await sql.query('select data from forms.form_submission where id = $1', [byId.body.form_submission.id])).rows[0];
      expect(row2.data).toMatchObject({ quantity: 4, newsletter: false });
    });

    it('refuses every kind of bad value with 400 and one error per field, storing nothing', async () => {
      const cases: Array<[string, Record<string, unknown>, string]> = [
        ['name', { name: undefined }, 'missing_field'],
        ['name', { name: '   ' }, 'missing_field'],
        ['name', { name: 'A' }, 'too_short'],
        ['name', { name: 'x'.repeat(21) }, 'too_long'],
        ['name', { name: 42 }, 'invalid_type'],
        ['code', { code: 'abc-12' }, 'pattern_mismatch'],
        ['code', { code: 'ABC-12x' }, 'pattern_mismatch'],
        ['email', { email: 'not-an-email' }, 'invalid_email'],
        ['email', { email: 'a@shop.example,evil@attacker.example' }, 'invalid_email'],
        ['email', { email: 'Ada <ada@example.com>' }, 'invalid_email'],
        ['quantity', { quantity: 'three' }, 'invalid_type'],
        ['quantity', { quantity: '1e3' }, 'invalid_type'],
        ['quantity', { quantity: 0 }, 'too_small'],
        ['quantity', { quantity: 11 }, 'too_large'],
        ['topic', { topic: 'refund' }, 'invalid_option'],
        ['topic', { topic: ['order'] }, 'invalid_type'],
        ['consent', { consent: false }, 'missing_field'],
        ['consent', { consent: undefined }, 'missing_field'],
        ['newsletter', { newsletter: 'yes' }, 'invalid_type'],
        ['message', { message: 'y'.repeat(51) }, 'too_long'],
        ['visit', { visit: '2026-02-30' }, 'invalid_date'],
        ['visit', { visit: '01/06/2026' }, 'invalid_date'],
        ['visit', { visit: '2025-12-31' }, 'date_out_of_range'],
        ['visit', { visit: '2027-01-01' }, 'date_out_of_range'],
        ['photo', { photo: 'med_123' }, 'invalid_media_id'],
        ['photo', { photo: 'img_01JD5Z8X4N3C6V7B8M9K0QWERT' }, 'invalid_media_id'],
        ['photo', { photo: 'https://example.com/photo.jpg' }, 'invalid_media_id'],
        ['colour', { colour: 'red' }, 'unknown_field'],
      ];
      const before = await stored(shop.tenant_id);
      for (const [field, change, code] of cases) {
        const data = { ...VALID, ...change };
        for (const k of Object.keys(change)) if (change[k] === undefined) delete (data as Record<string, unknown>)[k];
        const r = await submit({ form: 'every-field', data }, { token: await solved() });
        expect(`${field} ${JSON.stringify(change)} -> ${r.status}`).toBe(`${field} ${JSON.stringify(change)} -> 400`);
        expect(r.body).toMatchObject({ type: 'validation_error', code, errors: [{ field: `data.${field}`, code, message: expect.any(String) }] });
        expect(r.body.errors).toHaveLength(1);
      }
      const many = await submit({ form: 'every-field', data: { quantity: 99, extra: 1 } });
      expect(many.status).toBe(400);
      expect(many.body.errors.map((e: any) => `${e.field}:${e.code}`).sort()).toEqual([
        'data.consent:missing_field',
        'data.email:missing_field',
        'data.extra:unknown_field',
        'data.name:missing_field',
        'data.quantity:too_large',
      ]);
      expect(await stored(shop.tenant_id)).toBe(before);
    });

    it('takes a file field only when it names a media asset of the same store (asked of the media domain through its port)', async () => {
      const UPLOAD = `mutation($input: UploadMediaInput!) { uploadMedia(input: $input) { id } }`;
      const png = pngImage(4, 4, () => [200, 100, 50]).toString('base64');
      const own = (await gql(UPLOAD, { input: { filename: 'receipt.png', content_base64: png } })).uploadMedia.id;
      const foreign = (await gql(UPLOAD, { input: { filename: 'elsewhere.png', content_base64: png } }, otherAdmin)).uploadMedia.id;
      const before = await stored(shop.tenant_id);
      const ok = await submit({ form: 'every-field', data: { ...VALID, photo: own } });
      expect(ok.status).toBe(200);
      const row = (await sql.query('select data from forms.form_submission where id = $1', [ok.body.form_submission.id])).rows[0];
      expect(row.data.photo).toBe(own);
      for (const photo of [foreign, 'med_01JD5Z8X4N3C6V7B8M9K0QWERT']) {
        const r = await submit({ form: 'every-field', data: { ...VALID, photo } });
        expect(`${photo} -> ${r.status}`).toBe(`${photo} -> 400`);
        expect(r.body).toEqual({
          type: 'validation_error',
          code: 'unknown_media',
          message: expect.stringContaining(photo),
          errors: [{ field: 'data.photo', code: 'unknown_media', message: expect.any(String) }],
        });
      }
      expect(await stored(shop.tenant_id)).toBe(before + 1);
    });

    it('refuses malformed bodies with 400 before the anti-spam token is spent, and unknown forms with 404', async () => {
      const token = await solved();
      const bad: unknown[] = [
        {},
        { form: 'every-field' },
        { form: 'every-field', data: 'name=Ada' },
        { form: 'every-field', data: [1, 2] },
        { form: 'every-field', form_id: sink.id, data: VALID },
        { data: VALID },
        { form: 'every-field', data: VALID, extra: true },
        { form: 'every-field', data: VALID, challenge_token: '' },
        { form: 123, data: VALID },
      ];
      for (const body of bad) {
        const r = await submit(body, { token });
        expect(`${JSON.stringify(body)} -> ${r.status}`).toBe(`${JSON.stringify(body)} -> 400`);
        expect(r.body.type).toBe('validation_error');
      }
      const raw = await p.api('POST', '/store/form-submissions', { key: shop.publishable_key, raw: '{"form":', headers: { 'x-antispam-token': token } });
      expect(raw.status).toBe(400);
      // the token is still unspent: the 400s came before the anti-spam check
      expect((await submit({ form: 'every-field', data: VALID }, { token })).status).toBe(200);
      for (const form of [{ form: 'no-such-form' }, { form: 'theirs' }, { form_id: otherForm.id }, { form: 'hidden' }]) {
        const r = await submit({ ...form, data: VALID });
        expect(`${JSON.stringify(form)} -> ${r.status}`).toBe(`${JSON.stringify(form)} -> 404`);
        expect(r.body).toMatchObject({ type: 'not_found', code: 'not_found' });
      }
      expect((await p.api('POST', '/store/form-submissions', { body: { form: 'every-field', data: VALID } })).status).toBe(401);
      expect(
        (await p.api('POST', '/store/form-submissions', { key: shop.publishable_key, raw: 'form=x', headers: { 'content-type': 'text/plain' } })).status,
      ).toBe(415);
    });

    it("needs an anti-spam token: missing, forged, replayed or another tenant's are refused with 403", async () => {
      const before = await stored(shop.tenant_id);
      const missing = await submit({ form: 'every-field', data: VALID }, { token: null });
      expect(missing.status).toBe(403);
      expect(missing.body).toMatchObject({ type: 'permission_error', code: 'invalid_antispam_token' });
      expect((await submit({ form: 'every-field', data: VALID }, { token: 'bm90LWEtdG9rZW4=' })).status).toBe(403);
      const token = await solved();
      expect((await submit({ form: 'every-field', data: VALID }, { token })).status).toBe(200);
      const replay = await submit({ form: 'every-field', data: VALID }, { token });
      expect(replay.status).toBe(403);
      expect(replay.body.code).toBe('invalid_antispam_token');
      expect((await submit({ form: 'every-field', data: VALID }, { token: await solved(other.publishable_key) })).status).toBe(403);
      // in the body instead of the header
      const inBody = await p.api('POST', '/store/form-submissions', {
        key: shop.publishable_key,
        body: { form: 'every-field', data: VALID, antispam_token: await solved() },
      });
      expect(inBody.status).toBe(200);
      // GraphQL has no anti-spam door: submitForm there is refused
      const viaGraphql = await p.graphql(
        'mutation($i: FormSubmissionInput!) { submitForm(input: $i) { id } }',
        { i: { form: 'every-field', data: VALID } },
        { key: shop.publishable_key },
      );
      expect(viaGraphql.body.errors[0].extensions).toMatchObject({ type: 'permission_error', code: 'invalid_antispam_token' });
      expect(await stored(shop.tenant_id)).toBe(before + 2);
    });

    it("mails the form's recipients through SMTP after the request, with the values and a Reply-To", async () => {
      const r = await submit({ form: 'every-field', data: { ...VALID, name: 'Grace Hopper', email: 'grace@example.com' } });
      expect(r.status).toBe(200);
      const mail = await waitFor('the notification mail', () => smtp.received.find((m) => m.text.includes('Grace Hopper')));
      expect(mail.to.sort()).toEqual(['owner@shop.example', 'team@shop.example']);
      expect(mail.user).toBe('mailer');
      expect(mail.from).toBe('shop@example.com');
      expect(mail.header('subject')).toBe('New submission: Every field');
      expect(mail.header('reply-to')).toBe('grace@example.com');
      expect(mail.text).toContain('Email: grace@example.com');
      expect(mail.text).toContain('Topic: An order');
      expect(mail.text).toContain('Consent: yes');
      expect(mail.text).toContain(r.body.form_submission.id);
      const id = r.body.form_submission.id;
      await waitFor('notified_at', async () => (await sql.query('select notified_at from forms.form_submission where id = $1', [id])).rows[0].notified_at);
    });

    it('retries a mail the server refused, until it is accepted', async () => {
      // the earlier tests' notification mails have all left (else one of them could be the refused
      // one, or arrive during this test and be counted)
      await waitFor('earlier notifications sent', async () => {
        const { rows } = await sql.query(
          `select count(*)::int n from forms.form_submission s join forms.form f on f.id = s.form_id
            where s.tenant_id = $1 and s.notified_at is null and jsonb_array_length(f.notification_recipients) > 0`,
          [shop.tenant_id],
        );
        return rows[0].n === 0 ? true : null;
      });
      smtp.refuseNext(1);
      const before = mailsTo('owner@shop.example').length;
      const r = await submit({ form: 'every-field', data: { ...VALID, name: 'Retry Person' } });
      expect(r.status).toBe(200);
      const mail = await waitFor('the retried mail', () => smtp.received.find((m) => m.text.includes('Retry Person')), 60_000);
      expect(mail.to).toContain('owner@shop.example');
      expect(mailsTo('owner@shop.example').length).toBe(before + 1);
    });

    it('sends no mail for a form without recipients', async () => {
      const t = await p.createTenant();
      const ta = await p.adminToken(t);
      await gql(CREATE, { input: kitchenSink('quiet') }, ta);
      const r = await submit({ form: 'quiet', data: { ...VALID, name: 'Quiet Person' } }, { key: t.publishable_key });
      expect(r.status).toBe(200);
      // a later mail of another form arrives, the quiet one never does (deliveries are in order of the relay, not guaranteed: check both ways)
      const marker = await submit({ form: 'every-field', data: { ...VALID, name: 'After Quiet' } });
      expect(marker.status).toBe(200);
      await waitFor('the marker mail', () => smtp.received.find((m) => m.text.includes('After Quiet')));
      const quietEvent = (
        await sql.query("select count(*)::int as n from forms.outbox_event where tenant_id = $1 and type = 'form_submission.created'", [t.tenant_id])
      ).rows[0].n;
      expect(quietEvent).toBe(1);
      expect(smtp.received.some((m) => m.text.includes('Quiet Person'))).toBe(false);
    });

    it("lists a form's submissions to its admin, paginated, newest first; deletes one; never another tenant's", async () => {
      const all = (await gql(SUBMISSIONS, { form_id: sink.id, limit: 100 })).formSubmissions;
      expect(all.count).toBeGreaterThanOrEqual(5);
      expect(all.items).toHaveLength(all.count);
      const times = all.items.map((s: any) => s.created_at);
      expect([...times].sort().reverse()).toEqual(times);
      expect(all.items[0]).toMatchObject({ form_id: sink.id, user_agent: 'FormsTest/1.0', ip_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
      const page = (await gql(SUBMISSIONS, { form_id: sink.id, limit: 2, offset: 1 })).formSubmissions;
      expect(page).toMatchObject({ count: all.count, limit: 2, offset: 1 });
      expect(page.items.map((s: any) => s.id)).toEqual(all.items.slice(1, 3).map((s: any) => s.id));
      expect((await gql(SUBMISSIONS, { form_id: sink.id, limit: 500 })).formSubmissions.limit).toBe(100);
      expect((await gqlError(SUBMISSIONS, { form_id: sink.id, limit: -1 })).type).toBe('validation_error');
      // another tenant's admin: 404 for the form, and the submission cannot be deleted
      expect((await gqlError(SUBMISSIONS, { form_id: sink.id }, otherAdmin)).type).toBe('not_found');
      const victim = all.items[all.items.length - 1].id;
      expect((await gqlError('mutation($id: String!) { deleteFormSubmission(id: $id) }', { id: victim }, otherAdmin)).type).toBe('not_found');
      expect((await gql('mutation($id: String!) { deleteFormSubmission(id: $id) }', { id: victim })).deleteFormSubmission).toBe(true);
      expect((await gql(SUBMISSIONS, { form_id: sink.id, limit: 100 })).formSubmissions.count).toBe(all.count - 1);
      expect((await gqlError('mutation($id: String!) { deleteFormSubmission(id: $id) }', { id: victim })).type).toBe('not_found');
    });
  });

  describe('challenge verification (siteverify)', () => {
    let t: TenantCredentials;
    let ta: string;
    beforeAll(async () => {
      t = await p.createTenant();
      ta = await p.adminToken(t);
      await gql(CREATE, { input: kitchenSink('guarded') }, ta);
    });
    const send = (challenge?: string) =>
      submit({ form: 'guarded', data: VALID, ...(challenge === undefined ? {} : { challenge_token: challenge }) }, { key: t.publishable_key });

    it('checks nothing while the tenant has no verifier', async () => {
      expect((await send()).status).toBe(200);
      expect((await gql('query { formVerifier { provider } }', {}, ta)).formVerifier).toBeNull();
    });

    it('configures a verifier with its secret sealed; refuses bad settings', async () => {
      expect((await gqlError(VERIFIER, { input: { provider: 'turnstile' } }, ta)).type).toBe('validation_error');
      expect((await gqlError(VERIFIER, { input: { provider: 'captchaco', secret: 'x' } }, ta)).type).toBe('validation_error');
      expect((await gqlError(VERIFIER, { input: { provider: 'turnstile', secret: 'x', verify_url: 'http://verifier.example/siteverify' } }, ta)).type).toBe(
        'validation_error',
      );
      expect((await gqlError(VERIFIER, { input: { provider: 'turnstile', secret: 'x', min_score: 0.5 } }, ta)).type).toBe('validation_error');
      expect((await gqlError(VERIFIER, { input: { provider: 'recaptcha', secret: 'x', min_score: 1.5 } }, ta)).type).toBe('validation_error');
      const v = (await gql(VERIFIER, { input: { provider: 'turnstile', secret: verify.secret, verify_url: verify.url } }, ta)).configureFormVerifier;
      expect(v).toEqual({ provider: 'turnstile', enabled: true, has_secret: true, verify_url: verify.url, effective_verify_url: verify.url, min_score: null });
      const row = (await sql.query('select secret_sealed from forms.form_verifier where tenant_id = $1', [t.tenant_id])).rows[0];
      expect(row.secret_sealed).toMatch(/^v1\./);
      expect(row.secret_sealed).not.toContain(verify.secret);
      expect((await gql('query { formVerifier { provider } }', {}, otherAdmin)).formVerifier).toBeNull();
    });

    it('needs a valid challenge token: missing or refused → 403, accepted once', async () => {
      const before = await stored(t.tenant_id);
      const missing = await send();
      expect(missing.status).toBe(403);
      expect(missing.body).toMatchObject({ type: 'permission_error', code: 'invalid_challenge_token' });
      const wrong = await send('made-up-token');
      expect(wrong.status).toBe(403);
      expect(wrong.body.code).toBe('invalid_challenge_token');
      verify.tokens.set('good-token-1', null);
      const ok = await send('good-token-1');
      expect(ok.status).toBe(200);
      const seen = verify.verifications[verify.verifications.length - 1];
      expect(seen.get('secret')).toBe(verify.secret);
      expect(seen.get('response')).toBe('good-token-1');
      expect(seen.get('remoteip')).toMatch(/^(::ffff:)?127\.0\.0\.1$|^::1$/);
      const replay = await send('good-token-1');
      expect(replay.status).toBe(403);
      expect(await stored(t.tenant_id)).toBe(before + 1);
      // the values are checked before the verifier is asked (a bad value does not spend the token)
      verify.tokens.set('good-token-2', null);
      const calls = verify.verifications.length;
      const invalid = await submit({ form: 'guarded', data: { ...VALID, quantity: 0 }, challenge_token: 'good-token-2' }, { key: t.publishable_key });
      expect(invalid.status).toBe(400);
      expect(verify.verifications.length).toBe(calls);
      expect((await send('good-token-2')).status).toBe(200);
    });

    it("applies reCAPTCHA v3's minimum score", async () => {
      const v = (await gql(VERIFIER, { input: { provider: 'recaptcha', secret: verify.secret, min_score: 0.5 } }, ta)).configureFormVerifier;
      expect(v).toMatchObject({ provider: 'recaptcha', min_score: 0.5, verify_url: verify.url });
      verify.tokens.set('bot-ish', 0.2);
      verify.tokens.set('human-ish', 0.9);
      const low = await send('bot-ish');
      expect(low.status).toBe(403);
      expect(low.body.code).toBe('invalid_challenge_token');
      expect((await send('human-ish')).status).toBe(200);
    });

    it('answers 502 provider_unavailable, never a 500, when the verifier fails, and stores nothing', async () => {
      const before = await stored(t.tenant_id);
      for (const fault of ['500', 'html', 'close'] as const) {
        verify.tokens.set(`token-${fault}`, 0.9);
        verify.server.fail(fault);
        const r = await send(`token-${fault}`);
        expect(`${fault} -> ${r.status}`).toBe(`${fault} -> 502`);
        expect(r.body).toMatchObject({ type: 'provider_error', code: 'provider_unavailable' });
        expect(r.body.message).toMatch(/challenge verifier \(recaptcha\)/);
      }
      const down = new SiteverifyServer('x');
      await down.start();
      const deadUrl = down.url;
      await down.close();
      await gql(VERIFIER, { input: { provider: 'recaptcha', verify_url: deadUrl } }, ta);
      verify.tokens.set('token-down', 0.9);
      const r = await send('token-down');
      expect(r.status).toBe(502);
      expect(r.body).toMatchObject({ type: 'provider_error', code: 'provider_unavailable' });
      expect(await stored(t.tenant_id)).toBe(before);
    });

    it('stops checking once the verifier is disabled or removed', async () => {
      await gql(VERIFIER, { input: { provider: 'recaptcha', verify_url: verify.url, enabled: false } }, ta);
      expect((await send()).status).toBe(200);
      expect((await gql('mutation { removeFormVerifier }', {}, ta)).removeFormVerifier).toBe(true);
      expect((await send()).status).toBe(200);
      expect((await gqlError('mutation { removeFormVerifier }', {}, ta)).type).toBe('not_found');
    });
  });
});

describe('forms: the demo seed and the .eml mailer without SMTP_URL', () => {
  let p: TestPlatform;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forms-mail-'));
    p = await startTestPlatform({ env: { DATA_DIR: dataDir, MAIL_FROM: 'Demo Store <hello@demo.store>' } });
  });
  afterAll(async () => {
    await p?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('seeds the contact, newsletter popup and return-request forms with submissions, and writes their mails as .eml files', async () => {
    const t = await p.createTenant();
    const ctx = systemContext(p.log, t.tenant_id, 'seed');
    await domain.seed!(p.services<FormsServices>('forms'), { ctx, tenantId: t.tenant_id, publicUrl: p.url, staticDir: p.staticDir, log: p.log });
    const popup = await p.api('GET', '/store/forms/popup', { key: t.publishable_key });
    expect(popup.body.form).toMatchObject({ slug: 'newsletter-popup', is_popup: true });
    for (const f of demoForms()) {
      const r = await p.api('GET', `/store/forms/${f.slug}`, { key: t.publishable_key });
      expect(r.status).toBe(200);
      expect(r.body.form.fields.map((x: any) => x.name)).toEqual(f.fields.map((x) => x.name));
    }
    const contact = (await p.api('GET', '/store/forms/contact', { key: t.publishable_key })).body.form;
    expect(contact.fields.map((x: any) => x.type)).toEqual(['text', 'email', 'select', 'textarea', 'checkbox']);
    const returns = (await p.api('GET', '/store/forms/return-request', { key: t.publishable_key })).body.form;
    expect(returns.fields.map((x: any) => x.type)).toEqual(expect.arrayContaining(['date', 'file']));

    const dir = path.join(dataDir, 'mail');
    const files = await waitFor('three .eml files', () => {
      const fsFiles = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
      return fsFiles.length >= demoSubmissions().length && fsFiles;
    });
    expect(files).toHaveLength(3);
    const mails = files.map((f) => parseMail(fs.readFileSync(path.join(dir, f), 'utf8')));
    const subjects = mails.map((m) => m.header('subject')).sort();
    expect(subjects).toEqual(['New submission: Contact us', 'New submission: Get 10% off your first order', 'New submission: Request a return']);
    const contactMail = mails.find((m) => m.header('subject') === 'New submission: Contact us')!;
    expect(contactMail.header('to')).toBe('support@demo.store');
    expect(contactMail.header('from')).toBe('Demo Store <hello@demo.store>');
    expect(contactMail.header('reply-to')).toBe('anna.keller@example.com');
    expect(contactMail.text).toContain('Topic: A product');
  });
});
