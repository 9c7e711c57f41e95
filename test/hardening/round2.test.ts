import type { TenantCredentials } from '@svc/identity';
import type { PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';

/**
 * Issue 20 (hardening, round 2): the requests the probe got through, each now refused or answered
 * safely. One describe per item; all share one platform.
 */
describe('hardening round 2', () => {
  let p: PlatformClient;
  let shop: TenantCredentials;
  let other: TenantCredentials;
  let admin: string;
  let otherAdmin: string;
  let key: string;

  const gql = async (query: string, variables: Record<string, unknown> = {}, token = admin) => (await p.graphql(query, variables, { token })).body;
  const run = async (query: string, variables: Record<string, unknown> = {}, token = admin): Promise<any> => {
    const b = await gql(query, variables, token);
    if (b?.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(b.errors)}`);
    return b.data;
  };
  const errorOf = async (query: string, variables: Record<string, unknown> = {}, token = admin) => (await gql(query, variables, token)).errors?.[0]?.extensions;

  beforeAll(async () => {
    p = await sharedPlatform();
    shop = await p.createTenant();
    other = await p.createTenant();
    admin = await p.adminToken(shop);
    otherAdmin = await p.adminToken(other);
    key = shop.publishable_key;
  });

  describe('#2 the store API never hands out unsanitized markup', () => {
    const evil = '<p>Hello <img src=x onerror=alert(1)><script>alert(1)</script><b onclick="alert(1)">bold</b></p>';
    const bad = [/<script/i, /onerror/i, /onclick/i];

    it('an HTML blog post: body is the sanitized HTML; a Markdown post keeps its source', async () => {
      const post = (
        await run(`mutation($input: CreateBlogPostInput!) { createBlogPost(input: $input) { id } }`, {
          input: { slug: 'raw-html', variants: [{ locale: 'en', title: 'Raw', body: evil, body_format: 'html' }] },
        })
      ).createBlogPost;
      await run(`mutation($id: String!) { publishBlogPost(id: $id) { id } }`, { id: post.id });
      const r = await p.api('GET', '/store/blog-posts/raw-html', { key });
      expect(r.status).toBe(200);
      for (const re of bad) expect(r.body.blog_post.body).not.toMatch(re);
      expect(r.body.blog_post.body).toBe(r.body.blog_post.html);
      const list = await p.api('GET', '/store/blog-posts', { key });
      for (const item of list.body.blog_posts) for (const re of bad) expect(String(item.body ?? '')).not.toMatch(re);

      const md = (
        await run(`mutation($input: CreateBlogPostInput!) { createBlogPost(input: $input) { id } }`, {
          input: { slug: 'md', variants: [{ locale: 'en', title: 'MD', body: '# Hi\n\n**x**' }] },
        })
      ).createBlogPost;
      await run(`mutation($id: String!) { publishBlogPost(id: $id) { id } }`, { id: md.id });
      expect((await p.api('GET', '/store/blog-posts/md', { key })).body.blog_post.body).toBe('# Hi\n\n**x**');
    });

    it('an HTML page: body is the sanitized HTML', async () => {
      const page = (
        await run(`mutation($input: CreatePageInput!) { createPage(input: $input) { id } }`, {
          input: { slug: 'raw-page', variants: [{ locale: 'en', title: 'Raw', body: evil, body_format: 'html' }] },
        })
      ).createPage;
      await run(`mutation($id: String!) { publishPage(id: $id) { id } }`, { id: page.id });
      const r = await p.api('GET', '/store/pages/raw-page', { key });
      expect(r.status).toBe(200);
      for (const re of bad) expect(r.body.page.body).not.toMatch(re);
      expect(r.body.page.body).toBe(r.body.page.html);
    });
  });

  describe('#3 one plain-text rule for every domain (markup refused)', () => {
    const markup = ['<script>alert(1)</script>', 'x<img src=x onerror=alert(1)>', '<svg onload=alert(1)>', '&lt;img src=x onerror=alert(1)&gt;'];
    const refused = async (query: string, variables: Record<string, unknown>) => {
      const e = await errorOf(query, variables);
      expect(e).toMatchObject({ type: 'validation_error' });
      expect(JSON.stringify(e)).toContain('plain text');
    };
    const SET = `mutation($input: [SetTranslationInput!]!) { setTranslations(input: $input) { resource_id } }`;

    it.each(markup)('product translations (title, subtitle, description) refuse %s; plain text with < and & passes', async (text) => {
      for (const field of ['title', 'subtitle', 'description']) {
        await refused(SET, { input: [{ resource_type: 'product', resource_id: 'prod_x', locale: 'de', fields: { [field]: text } }] });
      }
    });

    it('catalog, forms, site and marketing refuse markup in their plain-text fields', async () => {
      const evil = '<img src=x onerror=alert(1)>';
      await refused(`mutation($input: CreateProductInput!) { createProduct(input: $input) { id } }`, { input: { title: evil } });
      await refused(`mutation($input: CreateProductInput!) { createProduct(input: $input) { id } }`, {
        input: { title: 'Ok', description: `<svg onload=alert(1)>` },
      });
      await refused(`mutation($input: CreateFormInput!) { createForm(input: $input) { id } }`, {
        input: { slug: 'f', title: evil, fields: [{ name: 'email', label: 'Email', type: 'email' }] },
      });
      await refused(`mutation($input: CreateMenuInput!) { createMenu(input: $input) { id } }`, { input: { handle: 'main', title: evil } });
      await refused(`mutation($input: CampaignInput!) { createCampaign(input: $input) { id } }`, {
        input: { list_id: 'lst_x', name: evil, subject: 'Hi', html: '<p>x</p>', text: 'x' },
      });
      // the REST door answers the same 400
      const r = await p.api('POST', '/admin/products', { token: admin, body: { title: evil } });
      if (r.status !== 404) expect(r.status).toBe(400);
    });

    it('text with a lone < or & is plain text', async () => {
      const r = await run(`mutation($input: CreateProductInput!) { createProduct(input: $input) { id title } }`, {
        input: { title: 'Jeans < 50 € & more <3' },
      });
      expect(r.createProduct.title).toBe('Jeans < 50 € & more <3');
    });
  });

  describe('#4 every URL field goes through the kit URL rule', () => {
    it("a page's og_image_url with an attribute break-out -> 400, nothing written", async () => {
      const e = await errorOf(`mutation($input: CreatePageInput!) { createPage(input: $input) { id } }`, {
        input: { slug: 'og', og_image_url: 'https://evil.com/x.png" onerror="alert(1)', variants: [{ locale: 'en', title: 'OG', body: 'x' }] },
      });
      expect(e).toMatchObject({ type: 'validation_error', code: 'invalid_field' });
      const pages = await run(`query { adminPages { items { slug } } }`);
      expect(pages.adminPages.items.map((x: any) => x.slug)).not.toContain('og');
      const ok = await run(`mutation($input: CreatePageInput!) { createPage(input: $input) { og_image_url } }`, {
        input: { slug: 'og', og_image_url: '/static/og.png', variants: [{ locale: 'en', title: 'OG', body: 'x' }] },
      });
      expect(ok.createPage.og_image_url).toBe('/static/og.png');
    });
  });

  describe("#7 references resolve inside the caller's store", () => {
    it("translations, metafields and menu items that point at another store's product -> 404 not_found, nothing written", async () => {
      const theirs = (await run(`mutation { createProduct(input: { title: "Theirs" }) { id } }`, {}, otherAdmin)).createProduct.id;
      const mine = (await run(`mutation { createProduct(input: { title: "Mine" }) { id } }`)).createProduct.id;
      for (const code of ['en', 'de']) await run(`mutation($input: AddLocaleInput!) { addLocale(input: $input) { code } }`, { input: { code } });
      const SET_T = `mutation($input: [SetTranslationInput!]!) { setTranslations(input: $input) { resource_id } }`;
      expect(await errorOf(SET_T, { input: [{ resource_type: 'product', resource_id: theirs, locale: 'de', fields: { title: 'Fremd' } }] })).toMatchObject({
        type: 'not_found',
        code: 'not_found',
      });
      // a batch with one foreign id writes nothing
      expect(
        await errorOf(SET_T, {
          input: [
            { resource_type: 'product', resource_id: mine, locale: 'de', fields: { title: 'Meins' } },
            { resource_type: 'product', resource_id: theirs, locale: 'de', fields: { title: 'Fremd' } },
          ],
        }),
      ).toMatchObject({ type: 'not_found' });
      const listed = await run(`query($ids: [String!]) { translations(resource_type: "product", resource_ids: $ids) { items { resource_id } } }`, {
        ids: [mine, theirs],
      });
      expect(listed.translations.items).toEqual([]);
      // this store's own product is translated as before
      expect(
        (await run(SET_T, { input: [{ resource_type: 'product', resource_id: mine, locale: 'de', fields: { title: 'Meins' } }] })).setTranslations,
      ).toEqual([{ resource_id: mine }]);

      const SET_M = `mutation($input: SetMetafieldInput!) { setMetafield(input: $input) { id } }`;
      expect(
        await errorOf(SET_M, { input: { resource_type: 'product', resource_id: theirs, namespace: 'spec', key: 'x', type: 'string', value: 'y' } }),
      ).toMatchObject({ type: 'not_found', code: 'not_found' });
      expect(
        (await run(SET_M, { input: { resource_type: 'product', resource_id: mine, namespace: 'spec', key: 'x', type: 'string', value: 'y' } })).setMetafield.id,
      ).toBeTruthy();

      const MENU = `mutation($input: CreateMenuInput!) { createMenu(input: $input) { id } }`;
      expect(
        await errorOf(MENU, {
          input: {
            handle: 'foreign',
            title: 'Foreign',
            items: [{ label: 'Shop', url: '/shop', children: [{ label: 'Theirs', type: 'product', resource_id: theirs }] }],
          },
        }),
      ).toMatchObject({ type: 'not_found', code: 'not_found' });
      expect((await run(`query { menus { handle } }`)).menus.map((m: any) => m.handle)).not.toContain('foreign');
      expect(
        (await run(MENU, { input: { handle: 'own', title: 'Own', items: [{ label: 'Mine', type: 'product', resource_id: mine }] } })).createMenu.id,
      ).toBeTruthy();
    });
  });

  describe('#8 the email open pixel never breaks', () => {
    it.each(['nonsense/also-nonsense', `${'c'.repeat(300)}/x`, 'camp_%27%22%3C/msub_x', 'cus_01JD5Z8X4N3C6V7B8M9K0QWERT/msub_01JD5Z8X4N3C6V7B8M9K0QWERT'])(
      'GET /store/track/open/%s -> the 1x1 GIF',
      async (ids) => {
        const r = await fetch(`${p.url}/api/store/track/open/${ids}`);
        expect(r.status).toBe(200);
        expect(r.headers.get('content-type')).toBe('image/gif');
        expect(
          Buffer.from(await r.arrayBuffer())
            .subarray(0, 6)
            .toString(),
        ).toBe('GIF89a');
      },
    );
  });

  describe('#11 no leniencies in the REST door', () => {
    it('an empty-named query parameter is 400 like an unknown one', async () => {
      expect((await p.api('GET', '/store/theme?zzz=false', { key })).status).toBe(400);
      const r = await p.api('GET', '/store/theme?=false', { key });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ type: 'validation_error', code: 'unknown_field' });
      expect((await p.api('GET', '/store/theme', { key })).status).toBe(200);
    });

    it('empty values are checked against their enums and patterns, not taken as absent', async () => {
      expect((await p.api('GET', '/store/blog-posts?tag=', { key })).status).toBe(400);
      const id = (await run(`mutation { createProduct(input: { title: "Reviewed", status: "published" }) { id } }`)).createProduct.id;
      expect((await p.api('GET', `/store/products/${id}/reviews?order=`, { key })).status).toBe(400);
      expect((await p.api('GET', `/store/products/${id}/reviews`, { key })).status).toBe(200);
    });

    it('x-medusa-locale is checked against its pattern', async () => {
      const r = await p.api('GET', '/store/theme', { key, headers: { 'x-medusa-locale': 'not a locale!' } });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ type: 'validation_error', code: 'invalid_field' });
      expect((await p.api('GET', '/store/theme', { key, headers: { 'x-medusa-locale': 'de-CH' } })).status).toBe(200);
    });

    it('an unsupported method on a known path is 405 with Allow; an unknown path stays 404', async () => {
      const r = await p.api('PUT', '/store/products', { key, body: {} });
      expect(r.status).toBe(405);
      expect(r.body).toMatchObject({ type: 'method_not_allowed', code: 'method_not_allowed' });
      expect(r.headers.get('allow')).toBe('GET, HEAD');
      const d = await p.api('DELETE', '/store/carts/cart_x', { key });
      expect(d.status).toBe(405);
      expect(d.headers.get('allow')).toContain('POST');
      expect((await p.api('GET', '/store/nothing-here', { key })).status).toBe(404);
    });

    it('authenticates first, then validates fields: a bad fields without a token is 401', async () => {
      const r = await p.api('GET', '/store/customers/me?fields=nope', { key });
      expect(r.status).toBe(401);
    });
  });
});
