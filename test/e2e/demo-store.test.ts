import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoCatalog } from '@svc/catalog';
import { startTestPlatform, type TestPlatform } from '../support/platform';
import { authorizeAt } from '../support/providers/oidc';
import { fetchPdf, pdfText } from '../support/pdf';

/**
 * What `npm start` shows a new user: the demo tenant with the DEMO_* credentials, every domain's
 * seed hook run once, and the seeded images served from DATA_DIR/static (not by a domain package).
 */
describe('demo store seeded on first start', () => {
  let p: TestPlatform;
  let dataDir: string;
  const key = 'pk_demo_storefront_key_for_tests';
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-store-'));
    p = await startTestPlatform({ env: { SEED_DEMO: 'true', DATA_DIR: dataDir, DEMO_PUBLISHABLE_KEY: key } });
  });
  afterAll(async () => {
    await p?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the demo catalog under the demo publishable key', async () => {
    const r = await p.api('GET', '/store/products?limit=1', { key });
    expect(r.status).toBe(200);
    expect(r.body.count).toBe(demoCatalog().products.length);
    const regions = await p.api('GET', '/store/regions', { key });
    expect(regions.body.regions.map((x: { currency_code: string }) => x.currency_code).sort()).toEqual(['eur', 'gbp', 'usd']);
  });

  it('has approved and pending reviews (the rating counts the approved ones) and 3 product templates', async () => {
    const tee = (await p.api('GET', '/store/products/classic-organic-tee', { key })).body.product;
    expect(tee.rating).toEqual({ average: 4.67, count: 3 });
    const reviews = await p.api('GET', `/store/products/${tee.id}/reviews`, { key });
    expect(reviews.body.count).toBe(3);
    expect(reviews.body.reviews.every((r: { status: string; customer_id: string | null }) => r.status === 'approved' && r.customer_id === null)).toBe(true);
    const templates = await p.api('GET', '/store/product-templates', { key });
    expect(templates.body.count).toBe(3);
  });

  it("has the site settings: redirects, the tee's visible metafield, a theme with 3 sections, the brand with the demo logo", async () => {
    expect((await p.api('GET', '/store/redirects', { key })).body.redirects).toHaveLength(4);
    const tee = (await p.api('GET', '/store/products/classic-organic-tee?fields=id', { key })).body.product;
    expect((await p.api('GET', `/store/metafields/product/${tee.id}`, { key })).body.metafields).toEqual([
      { namespace: 'care', key: 'wash_temperature', type: 'integer', value: 30 },
    ]);
    const theme = (await p.api('GET', '/store/theme', { key })).body.theme;
    expect(theme.sections.map((s: { type: string }) => s.type)).toEqual(['hero', 'featured-collection', 'newsletter']);
    const brand = (await p.api('GET', '/store/brand', { key })).body.brand;
    expect(brand.logo).toMatchObject({ mime_type: 'image/png', width: 240, height: 80 });
  });

  it('answers in German and French from the demo translations, in English otherwise', async () => {
    const de = (await p.api('GET', '/store/products/classic-organic-tee', { key, headers: { 'x-medusa-locale': 'de' } })).body.product;
    expect(de.title).toBe('Klassisches Bio-T-Shirt');
    expect(de.categories.map((c: any) => c.name)).toContain('T-Shirts');
    const fr = (await p.api('GET', '/store/products/classic-organic-tee?locale=fr', { key })).body.product;
    expect(fr.title).toBe('T-shirt classique en coton bio');
    expect((await p.api('GET', '/store/products/classic-organic-tee', { key })).body.product.title).toBe('Classic Organic Tee');
    const cols = (await p.api('GET', '/store/translations?resource_type=product_collection&locale=de', { key })).body;
    expect(cols.count).toBe(7);
    expect(cols.translations.map((t: any) => t.fields.title)).toContain('Sommer-Essentials');
    const page = (await p.api('GET', '/store/pages/shipping-returns', { key, headers: { 'accept-language': 'fr-FR,fr;q=0.9' } })).body.page;
    expect(page.title).toBe('Livraison & retours');
    // the demo tours and conference in German (localization seeds after events and tours)
    const tour = (await p.api('GET', '/store/tours/douro-valley-wine-trail?locale=de', { key })).body.tour;
    expect([tour.title, tour.destination.name, tour.itinerary[6].title]).toEqual(['Weinpfad im Douro-Tal', 'Portugal: Lissabon & Douro', 'Zurück nach Porto']);
    const tours = (await p.api('GET', '/store/tours', { key, headers: { 'accept-language': 'de' } })).body.tours;
    expect(tours.map((t: any) => t.title)).toEqual(['Weinpfad im Douro-Tal', 'Wandern an Islands Ringstraße', 'Langes Wochenende in Lissabon']);
    expect((await p.api('GET', '/store/events/commerce-summit-2027?locale=de', { key })).body.event.sessions[0].title).toBe(
      'Eröffnungskeynote: der modulare Shop',
    );
  });

  it('has the demo menus, their links resolved to the demo catalog and content', async () => {
    const main = (await p.api('GET', '/store/menus/main-menu', { key })).body.menu;
    expect(main.items.map((i: { url: string }) => i.url)).toEqual(['/store', '/blog', '/pages/about-us']);
    expect(main.items[0].children).toMatchObject([
      { url: '/collections/summer-essentials', type: 'collection' },
      { url: '/categories/t-shirts', type: 'category', children: [{ url: '/products/classic-organic-tee', type: 'product' }] },
    ]);
    expect(main.items[1].children).toEqual([{ label: 'Latest story', url: expect.stringMatching(/^\/blog\/[a-z0-9-]+$/), type: 'blog_post', children: [] }]);
    const footer = (await p.api('GET', '/store/menus/footer-menu', { key })).body.menu;
    expect(footer.items.map((i: { url: string }) => i.url)).toEqual([
      '/pages/about-us',
      'https://docs.example.com/help',
      'https://www.instagram.com/demostore',
    ]);
  });

  it('serves every seeded image from the static directory', async () => {
    const r = await p.api('GET', '/store/products?limit=100', { key });
    const urls: string[] = r.body.products.flatMap((x: { thumbnail: string; images: { url: string }[] }) => [x.thumbnail, ...x.images.map((i) => i.url)]);
    expect(urls.length).toBeGreaterThan(46);
    for (const url of [urls[0], urls[urls.length - 1]]) {
      expect(url.startsWith(`${p.url}/static/images/`)).toBe(true);
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/image\/svg\+xml/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await res.text()).toMatch(/^<svg/);
    }
    expect(fs.readdirSync(path.join(dataDir, 'static', 'images')).length).toBe(new Set(urls.map((u) => u.split('/').pop())).size);
    const missing = await fetch(`${p.url}/static/images/no-such-image.svg`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ type: 'not_found' });
  });

  it("has a customer who signs in with a password or with the demo's Google (a development OpenID provider)", async () => {
    const pw = await p.api('POST', '/auth/customer/emailpass', { key, body: { email: 'jane@demo.store', password: 'demo-customer-password' } });
    expect(pw.status).toBe(200);
    const jane = (await p.api('GET', '/store/customers/me', { key, token: pw.body.token })).body.customer;
    expect(jane).toMatchObject({ email: 'jane@demo.store', first_name: 'Jane', last_name: 'Doe' });
    expect(jane.addresses).toHaveLength(1);
    const links = await p.api('GET', '/store/auth/social/linked-accounts', { key, token: pw.body.token });
    expect(links.body.linked_accounts).toEqual([expect.objectContaining({ provider: 'google', email: 'jane@demo.store' })]);

    expect(p.demoIdpUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const start = await p.api('GET', '/store/auth/social/google/start?return_to=/account', { key });
    expect(start.status).toBe(200);
    expect(start.body.authorization_url.startsWith(p.demoIdpUrl!)).toBe(true);
    const back = await authorizeAt(start.body.authorization_url, { login: 'jane' });
    if (back.kind !== 'redirect') throw new Error('expected a query redirect');
    const cb = await p.api('GET', `/store/auth/social/google/callback${back.url.search}&binding=${start.body.binding}`);
    expect(cb.status).toBe(200);
    expect(cb.body).toMatchObject({ customer_id: jane.id, is_new_link: false, return_to: '/account' });
    // any other name is a new customer of the demo store
    const s2 = await p.api('GET', '/store/auth/social/google/start', { key });
    const b2 = await authorizeAt(s2.body.authorization_url, { login: 'newcomer' });
    if (b2.kind !== 'redirect') throw new Error('expected a query redirect');
    const cb2 = await p.api('GET', `/store/auth/social/google/callback${b2.url.search}&binding=${s2.body.binding}`);
    expect(cb2.body.is_new_link).toBe(true);
    expect((await p.api('GET', '/store/customers/me', { key, token: cb2.body.token })).body.customer.email).toBe('newcomer@demo.store');
  });

  it('has three subscription plans and Jane’s active monthly subscription', async () => {
    const plans = await p.api('GET', '/store/subscription-plans', { key });
    expect(plans.body.subscription_plans.map((x: any) => [x.handle, x.interval, x.interval_count, x.trial_days])).toEqual([
      ['essentials-monthly', 'month', 1, 0],
      ['essentials-quarterly', 'month', 3, 0],
      ['essentials-yearly', 'year', 1, 14],
    ]);
    const pw = await p.api('POST', '/auth/customer/emailpass', { key, body: { email: 'jane@demo.store', password: 'demo-customer-password' } });
    const mine = await p.api('GET', '/store/subscriptions', { key, token: pw.body.token });
    expect(mine.body.subscriptions).toEqual([
      expect.objectContaining({
        status: 'active',
        currency_code: 'eur',
        amount: 29,
        payment_mode: 'invoice',
        plan: expect.objectContaining({ handle: 'essentials-monthly' }),
      }),
    ]);
  });

  it('has Jane’s submitted quote, whose PDF her customer token opens (nobody else’s)', async () => {
    const number = `Q-${new Date().getUTCFullYear()}-000001`;
    const pw = await p.api('POST', '/auth/customer/emailpass', { key, body: { email: 'jane@demo.store', password: 'demo-customer-password' } });
    const url = `${p.url}/api/store/quote-requests/${number}/pdf`;
    const pdf = await fetchPdf(url, { 'x-publishable-api-key': key, authorization: `Bearer ${pw.body.token}` });
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf.bytes);
    expect(text).toContain(number);
    // the lines: 3 hours of fitting in Munich (85 × 1.15 = 97.75), 40 embroideries in Berlin (6.50)
    expect(text).toMatch(/Uniform fitting.*Munich/);
    expect(text).toMatch(/Logo embroidery.*Berlin/);
    expect(text).toContain('€293.25');
    expect(text).toContain('€260.00');
    expect(text).toContain('€553.25');
    // without Jane's token (anonymous, or another customer of the store) the quote does not exist
    expect((await fetchPdf(url, { 'x-publishable-api-key': key })).status).toBe(404);
    const other = await p.registerCustomer(key);
    expect((await fetchPdf(url, { 'x-publishable-api-key': key, authorization: `Bearer ${other.token}` })).status).toBe(404);
  });

  it('seeds only once: a second start on the same database keeps one demo tenant', async () => {
    expect(await p.identity.tenants.findByHandle('demo')).not.toBeNull();
    const { seedDemo } = await import('@svc/platform');
    expect(await seedDemo(p)).toBe(false);
  });
});
