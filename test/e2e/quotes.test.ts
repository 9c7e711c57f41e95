import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { TenantCredentials } from '@svc/identity';
import type { PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';
import { startTestPlatform, type TestPlatform } from '../support/platform';
import { TestClock } from '../support/clock';
import { png, svg } from '../support/media-fixtures';
import { graphqlHelpers } from '../support/site';
import { solvedAntispam } from '../support/antispam';
import { waitFor } from '../support/wait';
import { fetchPdf, pdfText } from '../support/pdf';

/**
 * The quotes domain end to end on the shared platform: the ISG configuration and the services'
 * dropdown, submissions (anti-spam, custom fields against the store's form, variants priced by the
 * catalog, services by the ISG rates and location modifiers), numbers without gaps or duplicates
 * under 50 parallel submissions, the PDF (its text extracted: English, German number formats,
 * Arabic in logical order) behind its token or the owner's customer token, the mails, the admin
 * statuses and the conversion of an accepted quote into the customer's cart; validation at every
 * door with nothing written, tenant and customer isolation.
 */
describe('quotes: quote requests', () => {
  const QUOTE = 'id number status customer_id cart_id estimate products { variant_id quantity } services { service_id quantity }';
  const SETTINGS = `mutation($input: SaveQuoteSettingsInput!) { saveQuoteSettings(input: $input) { currency_code validity_days notification_email form_fields { key label type required options } } }`;
  const SERVICE = `mutation($input: SaveQuoteServiceInput!) { saveQuoteService(input: $input) { id handle name unit base_rate active } }`;
  const LOCATION = `mutation($input: SaveQuoteLocationInput!) { saveQuoteLocation(input: $input) { id handle name modifier } }`;
  const STATUS = `mutation($id: String!, $status: String!) { setQuoteStatus(id: $id, status: $status) { ${QUOTE} } }`;
  const CONVERT = `mutation($id: String!) { convertQuoteToCart(id: $id) { ${QUOTE} } }`;
  const GET = `query($id: String!) { adminQuote(id: $id) { ${QUOTE} fields { key label value } } }`;
  const LIST = `query($status: String, $limit: Int) { adminQuotes(status: $status, limit: $limit) { count items { number status } } }`;
  const FORM = [
    { key: 'project_start', label: 'Project start', type: 'date', required: true },
    { key: 'team_size', label: 'Team size', type: 'number' },
    { key: 'fabric', label: 'Fabric', type: 'select', options: ['Cotton', 'Linen'] },
    { key: 'rush', label: 'Rush order', type: 'boolean' },
  ];
  const YEAR = new Date().getUTCFullYear();
  // addresses of this run only (the mailbox outlives a run)
  const RUN = randomBytes(4).toString('hex');
  const ADA = `ada-${RUN}@quotes.example`;
  const SALES = `sales-${RUN}@quotes.example`;

  let p: PlatformClient;
  let sql: Client;
  let shop: TenantCredentials;
  let other: TenantCredentials;
  let admin: string;
  let otherAdmin: string;
  let variant: { id: string; unit_price: string; sku: string | null; product_title: string };

  const { run, refused } = graphqlHelpers(
    () => p,
    () => admin,
  );
  const count = async (table = 'quote', tenantId = shop.tenant_id) =>
    Number((await sql.query(`select count(*)::int as n from quotes.${table} where tenant_id = $1`, [tenantId])).rows[0].n);
  const events = async (type: string, tenantId = shop.tenant_id) =>
    (await sql.query(`select data from quotes.outbox_event where tenant_id = $1 and type = $2 order by position`, [tenantId, type])).rows.map((r) => r.data);
  const valid = (extra: Record<string, unknown> = {}) => ({
    name: 'Ada Lovelace',
    email: ADA,
    company: 'Analytical Engines Ltd',
    services: [{ service_id: 'fitting', location_id: 'munich', quantity: 2 }],
    fields: { project_start: '2027-03-01', team_size: 12, fabric: 'Linen', rush: true },
    ...extra,
  });
  /** POSTs a quote request with a freshly solved anti-spam token (unless `antispam: false`) */
  const submit = async (body: Record<string, unknown>, o: { key?: string; token?: string; antispam?: boolean } = {}) => {
    const key = o.key ?? shop.publishable_key;
    const headers: Record<string, string> = o.antispam === false ? {} : { 'x-antispam-token': await solvedAntispam(p, key) };
    return p.api('POST', '/store/quote-requests', { key, token: o.token, body, headers });
  };
  /** the PDF's bytes and status, read raw (not as text) */
  const pdf = async (path: string, o: { key?: string; token?: string } = {}) => {
    const headers: Record<string, string> = { 'x-publishable-api-key': o.key ?? shop.publishable_key };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    return fetchPdf(path.startsWith('http') ? path : `${p.url}/api${path}`, headers);
  };
  const pathOf = (url: string) => new URL(url).pathname.replace(/^\/api/, '') + new URL(url).search;

  async function configure(token: string): Promise<void> {
    await run(SETTINGS, { input: { currency_code: 'eur', validity_days: 30, notification_email: SALES, form_fields: FORM } }, token);
    await run(SERVICE, { input: { handle: 'fitting', name: 'Uniform fitting', unit: 'hour', base_rate: 80 } }, token);
    await run(SERVICE, { input: { handle: 'embroidery', name: 'Logo embroidery', unit: 'piece', base_rate: 123.45 } }, token);
    await run(SERVICE, { input: { handle: 'retired', name: 'Retired service', unit: 'hour', base_rate: 10, active: false } }, token);
    for (const [handle, name, modifier] of [
      ['berlin', 'Berlin', 1],
      ['munich', 'Munich', 1.15],
      ['hamburg', 'Hamburg', 1.05],
    ] as const)
      await run(LOCATION, { input: { handle, name, modifier } }, token);
  }

  beforeAll(async () => {
    p = await sharedPlatform();
    sql = new Client({ connectionString: p.dbUrl });
    await sql.connect();
    shop = await p.createTenant();
    other = await p.createTenant();
    admin = await p.adminToken(shop);
    otherAdmin = await p.adminToken(other);
    // a light anti-spam proof for this suite's many submissions
    await run(`mutation { updateStoreSettings(input: { antispam_max_number: 1000 }) { antispam_max_number } }`, {});
    await p.seedCatalog(shop.tenant_id);
    await configure(admin);
    await configure(otherAdmin);
    const products = await p.api('GET', '/store/products?limit=5', { key: shop.publishable_key });
    const id = products.body.products[0].variants[0].id;
    [variant] = await run(`query($ids: [String!]!) { variantSnapshots(ids: $ids, currency_code: "eur") { id unit_price sku product_title } }`, { ids: [id] });
  });
  afterAll(async () => {
    await sql?.end();
  });

  describe('configuration', () => {
    it('answers the ISG configuration: currency, active services with base rates, locations with modifiers, the form', async () => {
      const r = await p.api('GET', '/store/quote-requests/isg-config', { key: shop.publishable_key });
      expect(r.status).toBe(200);
      const c = r.body.isg_config;
      expect(c).toMatchObject({ currency_code: 'eur', validity_days: 30 });
      expect(c.services.map((s: any) => [s.handle, s.base_rate, s.unit])).toEqual([
        ['embroidery', 123.45, 'piece'],
        ['fitting', 80, 'hour'],
      ]);
      expect(c.locations.map((l: any) => [l.handle, l.modifier])).toEqual([
        ['berlin', 1],
        ['hamburg', 1.05],
        ['munich', 1.15],
      ]);
      expect(c.form_fields.map((f: any) => [f.key, f.type, f.required])).toEqual([
        ['project_start', 'date', true],
        ['team_size', 'number', false],
        ['fabric', 'select', false],
        ['rush', 'boolean', false],
      ]);
      expect(c.form_fields[2].options).toEqual(['Cotton', 'Linen']);
    });

    it('lists the active quotable services for the dropdown', async () => {
      const r = await p.api('GET', '/store/quote-services', { key: shop.publishable_key });
      expect(r.status).toBe(200);
      expect(r.body.count).toBe(2);
      expect(r.body.quote_services.map((s: any) => s.name)).toEqual(['Logo embroidery', 'Uniform fitting']);
      expect(Object.keys(r.body.quote_services[0]).sort()).toEqual(['base_rate', 'description', 'handle', 'id', 'name', 'unit']);
    });

    it('refuses the reads without a key (401) and with unknown parameters (400)', async () => {
      for (const path of ['/store/quote-services', '/store/quote-requests/isg-config']) {
        expect((await p.api('GET', path)).status).toBe(401);
        const bad = await p.api('GET', `${path}?colour=red`, { key: shop.publishable_key });
        expect(bad.status).toBe(400);
        expect(bad.body).toMatchObject({ type: 'validation_error' });
      }
    });

    it('refuses bad configuration at the admin door, and configuration without an admin token', async () => {
      expect(await refused(SETTINGS, { input: { currency_code: 'EURO', validity_days: 30 } })).toMatchObject({ type: 'validation_error' });
      expect(await refused(SETTINGS, { input: { currency_code: 'eur', validity_days: 0 } })).toMatchObject({ type: 'validation_error' });
      const selectWithout = { currency_code: 'eur', validity_days: 30, form_fields: [{ key: 'x', label: 'X', type: 'select' }] };
      expect(await refused(SETTINGS, { input: selectWithout })).toMatchObject({ type: 'validation_error' });
      const twice = { currency_code: 'eur', validity_days: 30, form_fields: [FORM[1], FORM[1]] };
      expect(await refused(SETTINGS, { input: twice })).toMatchObject({ type: 'validation_error' });
      expect(await refused(LOCATION, { input: { handle: 'nowhere', name: 'Nowhere', modifier: 0 } })).toMatchObject({ type: 'validation_error' });
      expect(await refused(SERVICE, { input: { handle: 'x', name: '<b>x</b>', unit: 'hour', base_rate: 1 } })).toMatchObject({ type: 'validation_error' });
      const customer = await p.registerCustomer(shop.publishable_key);
      const asCustomer = await p.graphql(
        SERVICE,
        { input: { handle: 'hijack', name: 'Hijack', unit: 'hour', base_rate: 1 } },
        { token: customer.token, key: shop.publishable_key },
      );
      expect(asCustomer.body.errors[0].extensions).toMatchObject({ type: 'permission_error' });
      expect((await run(`query { quoteSettings { form_fields { key } } }`, {})).form_fields.map((f: any) => f.key)).toEqual(FORM.map((f) => f.key));
      expect(await count('quote_service')).toBe(3);
      expect(await count('quote_location')).toBe(3);
    });
  });

  describe('submission', () => {
    let first: any;
    let firstUrl: string;

    it('refuses a request without a valid anti-spam token (403), nothing written', async () => {
      const none = await submit(valid(), { antispam: false });
      expect(none.status).toBe(403);
      expect(none.body).toMatchObject({ type: 'permission_error', code: 'invalid_antispam_token' });
      const forged = await p.api('POST', '/store/quote-requests', { key: shop.publishable_key, body: valid(), headers: { 'x-antispam-token': 'Zm9yZ2Vk' } });
      expect(forged.status).toBe(403);
      const token = await solvedAntispam(p, shop.publishable_key);
      expect((await p.api('POST', '/store/quote-requests', { key: shop.publishable_key, body: { ...valid(), antispam_token: token } })).status).toBe(200);
      const replayed = await p.api('POST', '/store/quote-requests', { key: shop.publishable_key, body: { ...valid(), antispam_token: token } });
      expect(replayed.status).toBe(403);
      expect(await count()).toBe(1);
      expect((await p.api('POST', '/store/quote-requests', { body: valid() })).status).toBe(401);
    });

    it('prices products from the catalog and services from the ISG rates, numbers the quote and emits quote.submitted', async () => {
      const r = await submit(valid({ products: [{ variant_id: variant.id, quantity: 3 }], message: 'Twelve uniforms, please.' }));
      expect(r.status).toBe(200);
      first = r.body.quote;
      firstUrl = r.body.pdf_url;
      expect(first.number).toBe(`Q-${YEAR}-000002`);
      expect(first.status).toBe('new');
      expect(first.products).toEqual([
        expect.objectContaining({
          variant_id: variant.id,
          quantity: 3,
          unit_price: Number(variant.unit_price),
          total: Number((Number(variant.unit_price) * 3).toFixed(4)),
        }),
      ]);
      // 80 per hour × 1.15 in Munich = 92, for 2 hours
      expect(first.services).toEqual([
        expect.objectContaining({ name: 'Uniform fitting', location_name: 'Munich', quantity: 2, base_rate: 80, modifier: 1.15, unit_price: 92, total: 184 }),
      ]);
      expect(first.estimate).toBeCloseTo(184 + Number(variant.unit_price) * 3, 4);
      expect(first.fields).toEqual([
        { key: 'project_start', label: 'Project start', type: 'date', value: '2027-03-01' },
        { key: 'team_size', label: 'Team size', type: 'number', value: '12' },
        { key: 'fabric', label: 'Fabric', type: 'select', value: 'Linen' },
        { key: 'rush', label: 'Rush order', type: 'boolean', value: 'true' },
      ]);
      expect(first.valid_until).toBe(new Date(Date.parse(first.created_at) + 30 * 86_400_000).toISOString().slice(0, 10));
      expect(firstUrl).toMatch(new RegExp(`^${p.url.replace(/[.:/]/g, '\\$&')}/api/store/quote-requests/${first.number}/pdf\\?token=[A-Za-z0-9_-]{43}$`));
      const submitted = (await events('quote.submitted')).find((e) => e.id === first.id);
      expect(submitted).toEqual({
        id: first.id,
        number: first.number,
        customer_id: null,
        email: ADA,
        currency_code: 'eur',
        estimate: first.estimate,
        variant_ids: [variant.id],
        service_ids: [first.services[0].service_id],
      });
    });

    it('mails the requester a confirmation with the PDF link and the store a notification', async () => {
      const confirmation = await waitFor('the confirmation', async () => (await p.mailsTo(ADA)).find((m) => m.subject.includes(first.number)));
      expect(confirmation.subject).toBe(`Quote ${first.number}`);
      expect(confirmation.text).toContain(firstUrl);
      const notification = await waitFor('the notification', async () => (await p.mailsTo(SALES)).find((m) => m.subject.includes(first.number)));
      expect(notification.subject).toBe(`New quote request ${first.number}`);
      expect(notification.text).toContain('Ada Lovelace');
      expect(notification.text).toContain('Uniform fitting (Munich)');
      expect(notification.text).toContain('Project start: 2027-03-01');
    });

    it('refuses bad input with the field named (400), nothing written and no number taken', async () => {
      const before = await count();
      const cases: Array<[Record<string, unknown>, string | null, string]> = [
        [{ ...valid(), colour: 'red' }, null, 'unknown key'],
        [valid({ email: 'not-an-email' }), 'email', 'email'],
        [valid({ services: [], products: [] }), 'products', 'nothing asked for'],
        [valid({ services: [{ service_id: 'fitting', location_id: 'munich', quantity: 0 }] }), 'services.0.quantity', 'quantity'],
        [valid({ products: [{ variant_id: 'variant_nope', quantity: 1 }] }), 'products.0.variant_id', 'unknown variant'],
        [valid({ services: [{ service_id: 'nope', location_id: 'munich', quantity: 1 }] }), 'services.0.service_id', 'unknown service'],
        [valid({ services: [{ service_id: 'retired', location_id: 'munich', quantity: 1 }] }), 'services.0.service_id', 'inactive service'],
        [valid({ services: [{ service_id: 'fitting', location_id: 'paris', quantity: 1 }] }), 'services.0.location_id', 'unknown location'],
        [valid({ fields: { team_size: 3 } }), 'fields.project_start', 'required field'],
        [valid({ fields: { project_start: '2027-02-30' } }), 'fields.project_start', 'no such date'],
        [valid({ fields: { project_start: '2027-03-01', team_size: 'many' } }), 'fields.team_size', 'number'],
        [valid({ fields: { project_start: '2027-03-01', fabric: 'Silk' } }), 'fields.fabric', 'option'],
        [valid({ fields: { project_start: '2027-03-01', rush: 'yes' } }), 'fields.rush', 'boolean'],
        [valid({ fields: { project_start: '2027-03-01', colour: 'red' } }), 'fields.colour', 'unknown field'],
        [valid({ fields: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'x'])) }), 'fields', 'too many fields'],
      ];
      for (const [body, field, what] of cases) {
        const r = await submit(body);
        expect(`${what}: ${r.status}`).toBe(`${what}: 400`);
        expect(r.body).toMatchObject({ type: 'validation_error' });
        if (field) expect(`${what}: ${JSON.stringify(r.body.errors?.map((e: any) => e.field))}`).toContain(field);
      }
      expect(await count()).toBe(before);
      // the next good request takes the next number: none was used up by the refusals
      const next = await submit(valid());
      expect(next.body.quote.number).toBe(`Q-${YEAR}-${String(before + 1).padStart(6, '0')}`);
    });

    it('gives 50 parallel submissions 50 consecutive numbers, none missing, none twice', async () => {
      const start = await count();
      const tokens = await Promise.all(Array.from({ length: 50 }, () => solvedAntispam(p, shop.publishable_key)));
      const results = await Promise.all(
        tokens.map((t, i) =>
          p.api('POST', '/store/quote-requests', { key: shop.publishable_key, body: valid({ name: `Parallel ${i}` }), headers: { 'x-antispam-token': t } }),
        ),
      );
      expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
      const numbers = results.map((r) => Number(r.body.quote.number.slice(7))).sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => start + 1 + i));
      expect(new Set(results.map((r) => r.body.quote.number.slice(0, 7)))).toEqual(new Set([`Q-${YEAR}-`]));
      const stored = await sql.query(`select number from quotes.quote where tenant_id = $1 order by number`, [shop.tenant_id]);
      expect(stored.rows.map((r) => r.number)).toEqual(Array.from({ length: start + 50 }, (_, i) => `Q-${YEAR}-${String(i + 1).padStart(6, '0')}`));
    });

    it("numbers each store's quotes on their own", async () => {
      const r = await submit(valid(), { key: other.publishable_key });
      expect(r.status).toBe(200);
      expect(r.body.quote.number).toBe(`Q-${YEAR}-000001`);
    });

    describe('the PDF', () => {
      it('answers a real PDF for the token of pdf_url, with the brand, lines, fields, estimate and validity', async () => {
        const r = await pdf(pathOf(firstUrl));
        expect(r.status).toBe(200);
        expect(r.type).toBe('application/pdf');
        expect(r.bytes.subarray(0, 5).toString()).toBe('%PDF-');
        const text = await pdfText(r.bytes);
        expect(text).toContain(`Quote ${first.number}`);
        expect(text).toContain('Ada Lovelace');
        expect(text).toContain('Analytical Engines Ltd');
        expect(text).toContain(variant.product_title);
        expect(text).toContain('Uniform fitting · Munich');
        expect(text).toContain('€184.00');
        expect(text).toContain('Project start: March 1, 2027');
        expect(text).toContain('Fabric: Linen');
        expect(text).toContain('Team size: 12');
        expect(text).toContain(`Estimated total ${new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(first.estimate)}`);
        expect(text).toContain(
          `Valid until: ${new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${first.valid_until}T00:00:00Z`))}`,
        );
        expect(text).toContain('Twelve uniforms, please.');
      });

      it("uses the locale's number and date formats (de: 1.234,50 €)", async () => {
        const r = await submit(valid({ locale: 'de', services: [{ service_id: 'embroidery', location_id: 'berlin', quantity: 10 }] }));
        expect(r.body.quote.estimate).toBe(1234.5);
        const text = await pdfText((await pdf(pathOf(r.body.pdf_url))).bytes);
        expect(text).toContain(`Angebot ${r.body.quote.number}`);
        expect(text).toContain('Geschätzte Summe 1.234,50 €');
        expect(text).toContain('Project start: 1. März 2027');
        const until = new Intl.DateTimeFormat('de', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${r.body.quote.valid_until}T00:00:00Z`));
        expect(text).toContain(`Gültig bis: ${until}`);
      });

      it('lays Arabic out right to left, and its text comes out in logical order', async () => {
        const r = await submit(valid({ locale: 'ar', name: 'سارة أحمد', message: 'نحتاج زيا موحدا للفريق' }));
        const text = await pdfText((await pdf(pathOf(r.body.pdf_url))).bytes);
        expect(text).toContain(`عرض سعر ${r.body.quote.number}`);
        expect(text).toContain('سارة أحمد');
        expect(text).toContain('المجموع التقديري');
        expect(text).toContain('نحتاج زيا موحدا للفريق');
        expect(text).toContain('صالح حتى');
        // the locale's own formats (Intl: Arabic month names; the bidi marks it adds are not drawn)
        const plain = (s: string) => s.replace(/[\u200e\u200f\u061c]/g, '').replace(/\s+/g, ' ');
        expect(text).toContain(plain(new Intl.NumberFormat('ar', { style: 'currency', currency: 'EUR' }).format(184)));
        const until = new Intl.DateTimeFormat('ar', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${r.body.quote.valid_until}T00:00:00Z`));
        expect(text).toContain(`صالح حتى: ${plain(until)}`);
      });

      it("embeds the brand's PNG logo and contact lines; an SVG logo is left out", async () => {
        const UPLOAD = `mutation($input: UploadMediaInput!) { uploadMedia(input: $input) { id } }`;
        const BRAND = `mutation($input: UpdateBrandInput!) { updateBrand(input: $input) { logo { mime_type } } }`;
        const logo = await run(UPLOAD, { input: { filename: 'logo.png', content_base64: png(40, 20).toString('base64'), alt: 'Logo' } });
        const contact = { email: `hello-${RUN}@shop.example`, phone: '+49 30 123456', address: 'Torstraße 1, Berlin' };
        expect(await run(BRAND, { input: { logo_media_id: logo.id, contact } })).toEqual({ logo: { mime_type: 'image/png' } });
        const withPng = await pdf(pathOf((await submit(valid())).body.pdf_url));
        expect(withPng.status).toBe(200);
        expect(withPng.bytes.toString('latin1')).toMatch(/\/Subtype \/Image/);
        const text = await pdfText(withPng.bytes);
        for (const line of Object.values(contact)) expect(text).toContain(line);

        const vector = await run(UPLOAD, { input: { filename: 'logo.svg', content_base64: svg(40, 20).toString('base64'), alt: 'Logo' } });
        await run(BRAND, { input: { logo_media_id: vector.id } });
        const withSvg = await pdf(pathOf((await submit(valid())).body.pdf_url));
        expect(withSvg.status).toBe(200);
        expect(withSvg.bytes.toString('latin1')).not.toMatch(/\/Subtype \/Image/);
        expect(await pdfText(withSvg.bytes)).toContain(contact.email);
      });

      it("cuts an item that is wider than its column with an ellipsis, keeping the other columns' text", async () => {
        const name = `Extended on-site consultation ${'with a very long description '.repeat(6)}`.trim();
        await run(SERVICE, { input: { handle: 'long', name, unit: 'hour', base_rate: 10 } });
        const r = await submit(valid({ services: [{ service_id: 'long', location_id: 'berlin', quantity: 1 }] }));
        const text = await pdfText((await pdf(pathOf(r.body.pdf_url))).bytes);
        expect(text).toContain('Extended on-site consultation with a very long');
        expect(text).not.toContain(name);
        expect(text).toMatch(/…/);
        expect(text).toContain('€10.00');
        await run(SERVICE, { input: { handle: 'long', name, unit: 'hour', base_rate: 10, active: false } });
      });

      it('answers 404 without a token, with a wrong one, for another quote, another store, and bad numbers', async () => {
        const token = new URL(firstUrl).searchParams.get('token')!;
        const path = `/store/quote-requests/${first.number}/pdf`;
        expect((await pdf(path)).status).toBe(404);
        expect((await pdf(`${path}?token=${'A'.repeat(43)}`)).status).toBe(404);
        const another = `/store/quote-requests/Q-${YEAR}-000003/pdf?token=${token}`;
        expect((await pdf(another)).status).toBe(404);
        // the other store has a quote with the same number: the token is not its
        expect((await pdf(`${path}?token=${token}`, { key: other.publishable_key })).status).toBe(404);
        expect((await pdf(`/store/quote-requests/Q-${YEAR}-999999/pdf?token=${token}`)).status).toBe(404);
        const malformed = await pdf(`/store/quote-requests/not-a-number/pdf?token=${token}`);
        expect(malformed.status).toBe(400);
        expect((await pdf(`${path}?token=${token}&colour=red`)).status).toBe(400);
        const anonymous = await fetch(`${p.url}/api${path}?token=${token}`);
        expect(anonymous.status).toBe(401);
      });

      it("answers the owner's customer token, never another customer's", async () => {
        const jane = await p.registerCustomer(shop.publishable_key);
        const john = await p.registerCustomer(shop.publishable_key);
        const r = await submit(valid({ email: jane.email }), { token: jane.token });
        expect(r.body.quote.customer_id).toMatch(/^cus_/);
        const path = `/store/quote-requests/${r.body.quote.number}/pdf`;
        expect((await pdf(path, { token: jane.token })).status).toBe(200);
        expect((await pdf(path, { token: john.token })).status).toBe(404);
        expect((await pdf(path)).status).toBe(404);
        // the guest quote's PDF is not any customer's
        expect((await pdf(`/store/quote-requests/${first.number}/pdf`, { token: jane.token })).status).toBe(404);
      });

      it("answers an admin of the store any of its quotes' PDF (quotePdf without a token), another store's admin 404", async () => {
        const PDF = `query($number: String!) { quotePdf(number: $number) { content_base64 } }`;
        const bytes = Buffer.from((await run(PDF, { number: first.number })).content_base64, 'base64');
        expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
        const text = await pdfText(bytes);
        expect(text).toContain(`Quote ${first.number}`);
        expect(text).toContain('Ada Lovelace');
        expect(await refused(PDF, { number: first.number }, otherAdmin)).toMatchObject({ type: 'not_found' });
        const anonymous = await p.graphql(PDF, { number: first.number }, { key: shop.publishable_key });
        expect(anonymous.body.errors[0].extensions).toMatchObject({ type: 'not_found' });
      });
    });
  });

  describe('admin', () => {
    it('lists and shows the quotes of its own store only', async () => {
      const list = await run(LIST, { limit: 5 });
      expect(list.count).toBeGreaterThan(50);
      expect(list.items).toHaveLength(5);
      const one = await run(GET, { id: `Q-${YEAR}-000002` });
      expect(one.fields.map((f: any) => f.key)).toEqual(['project_start', 'team_size', 'fabric', 'rush']);
      expect(await refused(GET, { id: `Q-${YEAR}-000002` }, otherAdmin)).toMatchObject({ type: 'not_found' });
      expect((await run(LIST, {}, otherAdmin)).count).toBe(1);
      expect(await refused(LIST, { status: 'lost' })).toMatchObject({ type: 'validation_error' });
      const anonymous = await p.graphql(LIST, {}, { key: shop.publishable_key });
      expect(anonymous.body.errors[0].extensions).toMatchObject({ type: 'authentication_error' });
    });

    it('moves a quote through its statuses, refusing the others with 409 invalid_transition', async () => {
      const q = (await submit(valid())).body.quote;
      expect(await refused(STATUS, { id: q.id, status: 'bogus' })).toMatchObject({ type: 'validation_error' });
      expect((await run(STATUS, { id: q.id, status: 'sent' })).status).toBe('sent');
      expect(await refused(STATUS, { id: q.id, status: 'new' })).toMatchObject({ type: 'conflict', code: 'invalid_transition' });
      expect((await run(STATUS, { id: q.number, status: 'declined' })).status).toBe('declined');
      expect(await refused(STATUS, { id: q.id, status: 'accepted' })).toMatchObject({ type: 'conflict', code: 'invalid_transition' });
      expect(await refused(STATUS, { id: q.id, status: 'sent' }, otherAdmin)).toMatchObject({ type: 'not_found' });
      expect((await events('quote.status_changed')).filter((e) => e.id === q.id)).toEqual([
        { id: q.id, number: q.number, from: 'new', to: 'sent' },
        { id: q.id, number: q.number, from: 'sent', to: 'declined' },
      ]);
      expect((await run(LIST, { status: 'declined' })).items.map((i: any) => i.number)).toContain(q.number);
    });

    it("turns an accepted quote into the customer's cart with its variants and quantities", async () => {
      const jane = await p.registerCustomer(shop.publishable_key);
      const q = (await submit(valid({ email: jane.email, products: [{ variant_id: variant.id, quantity: 2 }] }), { token: jane.token })).body.quote;
      expect(await refused(CONVERT, { id: q.id })).toMatchObject({ type: 'conflict', code: 'invalid_transition' });
      await run(STATUS, { id: q.id, status: 'accepted' });
      const converted = await run(CONVERT, { id: q.id });
      expect(converted.cart_id).toMatch(/^cart_/);
      expect((await run(CONVERT, { id: q.id })).cart_id).toBe(converted.cart_id);
      const cart = await p.api('GET', `/store/carts/${converted.cart_id}`, { key: shop.publishable_key, token: jane.token });
      expect(cart.status).toBe(200);
      expect(cart.body.cart.customer_id).toBe(q.customer_id);
      expect(cart.body.cart.currency_code).toBe('eur');
      expect(cart.body.cart.items.map((i: any) => [i.variant_id, i.quantity])).toEqual([[variant.id, 2]]);
      expect(cart.body.cart.metadata).toMatchObject({ quote_number: q.number });
      // the cart is Jane's: nobody else reads it
      expect((await p.api('GET', `/store/carts/${converted.cart_id}`, { key: shop.publishable_key })).status).toBe(404);
      expect(await events('quote.converted')).toContainEqual({ id: q.id, number: q.number, cart_id: converted.cart_id });
      expect(await refused(CONVERT, { id: q.id }, otherAdmin)).toMatchObject({ type: 'not_found' });
    });

    it('refuses to turn a quote without products into a cart (409 no_products)', async () => {
      const q = (await submit(valid())).body.quote;
      await run(STATUS, { id: q.id, status: 'accepted' });
      expect(await refused(CONVERT, { id: q.id })).toMatchObject({ type: 'conflict', code: 'no_products' });
    });
  });

  it("seeds the demo store's quote configuration and one submitted quote", async () => {
    const tenant = await p.createTenant();
    await p.seedDomain('quotes', tenant.tenant_id);
    const c = (await p.api('GET', '/store/quote-requests/isg-config', { key: tenant.publishable_key })).body.isg_config;
    expect(c.services.map((s: any) => s.handle)).toEqual(['logo-embroidery', 'uniform-fitting']);
    expect(c.locations.map((l: any) => [l.handle, l.modifier])).toEqual([
      ['berlin', 1],
      ['hamburg', 1.05],
      ['munich', 1.15],
    ]);
    // a store without identity's demo customer: the quote is a guest's (the demo store's is Jane's, test/e2e/demo-store)
    const quotes = await sql.query(`select number, email, customer_id from quotes.quote where tenant_id = $1`, [tenant.tenant_id]);
    expect(quotes.rows).toEqual([{ number: `Q-${YEAR}-000001`, email: 'jane@demo.store', customer_id: null }]);
  });
});

/**
 * The year of a quote number comes from the platform's clock: on a platform of its own with a
 * test clock, the last second of a year and the first of the next number 000001 each.
 */
describe('quotes: the year of the number follows the clock', () => {
  let p: TestPlatform;
  const clock = new TestClock(Date.parse('2027-12-31T23:59:59Z'));

  beforeAll(async () => {
    p = await startTestPlatform({ clock, env: { WORKERS_DISABLED: 'true' } });
  });
  afterAll(async () => {
    await p?.stop();
  });

  it('starts each year at 000001, valid_until counted from the clock', async () => {
    const shop = await p.createTenant();
    const admin = await p.adminToken(shop);
    const service = await p.graphql(
      `mutation { saveQuoteService(input: { handle: "visit", name: "Visit", unit: "visit", base_rate: 50 }) { id } saveQuoteLocation(input: { handle: "here", name: "Here", modifier: 1 }) { id } }`,
      {},
      { token: admin },
    );
    expect(service.body.errors).toBeUndefined();
    const submit = async () =>
      p.api('POST', '/store/quote-requests', {
        key: shop.publishable_key,
        headers: { 'x-antispam-token': await solvedAntispam(p, shop.publishable_key) },
        body: { name: 'Clock', email: 'clock@example.com', services: [{ service_id: 'visit', location_id: 'here', quantity: 1 }] },
      });
    const last = await submit();
    expect(last.body.quote).toMatchObject({ number: 'Q-2027-000001', valid_until: '2028-01-30' });
    expect((await submit()).body.quote.number).toBe('Q-2027-000002');
    clock.advance(1000);
    const next = await submit();
    expect(next.body.quote).toMatchObject({ number: 'Q-2028-000001', valid_until: '2028-01-31' });
  });
});
