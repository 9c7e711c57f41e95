import type { Client } from 'pg';
import type { TenantCredentials } from '@svc/identity';
import type { PlatformClient } from '../support/http';
import { sharedTwoStores } from '../support/two-stores';
import { graphqlHelpers } from '../support/site';

/**
 * Translations: field-level overrides per resource type, resource and locale, set by admins,
 * fetched in bulk at GET /store/translations and laid over what the catalogue and content answer
 * in the locale a request asks for (`?locale=`, then x-medusa-locale, then accept-language), with
 * fallback from a regional locale to its language and to the default locale's own text.
 */
describe('localization: translations', () => {
  const T = 'resource_type resource_id locale fields';
  const SET = `mutation($input: [SetTranslationInput!]!) { setTranslations(input: $input) { id ${T} } }`;
  const LIST = `query($resource_type: String!, $locale: String, $resource_ids: [String!]) { translations(resource_type: $resource_type, locale: $locale, resource_ids: $resource_ids) { count items { ${T} } } }`;
  const REMOVE = `mutation($t: String!, $id: String!, $locale: String) { removeTranslations(resource_type: $t, resource_id: $id, locale: $locale) }`;
  const ADD_LOCALE = `mutation($input: AddLocaleInput!) { addLocale(input: $input) { code } }`;

  let p: PlatformClient;
  let sql: Client;
  let shop: TenantCredentials;
  let other: TenantCredentials;
  let admin: string;
  let otherAdmin: string;
  let product: any;
  let otherProduct: any;
  let collection: any;
  let category: any;
  let page: any;
  let post: any;

  const { run, refused } = graphqlHelpers(
    () => p,
    () => admin,
  );
  const get = (path: string, headers: Record<string, string> = {}, key = shop.publishable_key) => p.api('GET', path, { key, headers });
  const title = async (path: string, headers: Record<string, string> = {}) => {
    const r = await get(path, headers);
    expect(r.status).toBe(200);
    return r.body.product.title as string;
  };
  const rows = async (tenantId = shop.tenant_id) =>
    (
      await sql.query(
        `select resource_type, resource_id, locale, fields from "localization".translation where tenant_id = $1 order by resource_type, resource_id, locale`,
        [tenantId],
      )
    ).rows;

  beforeAll(async () => {
    ({ p, sql, shop, other, admin, otherAdmin } = await sharedTwoStores());
    for (const code of ['en', 'de', 'de-CH', 'fr']) await run(ADD_LOCALE, { input: { code } });
    for (const code of ['en', 'de']) await run(ADD_LOCALE, { input: { code } }, otherAdmin);
    collection = await run(`mutation($input: CollectionInput!) { createCollection(input: $input) { id handle } }`, {
      input: { title: 'Summer', handle: 'summer' },
    });
    category = await run(`mutation($input: CategoryInput!) { createProductCategory(input: $input) { id handle } }`, {
      input: { name: 'Tops', handle: 'tops', description: 'Shirts and tees' },
    });
    const create = `mutation($input: CreateProductInput!) { createProduct(input: $input) { id handle variants { id } } }`;
    product = await run(create, {
      input: {
        title: 'Linen Shirt',
        handle: 'linen-shirt',
        subtitle: 'Breathable',
        description: 'A shirt of European linen.',
        status: 'published',
        collection_id: collection.id,
        category_ids: [category.id],
        variants: [{ title: 'Medium', sku: 'LS-M', prices: [{ currency_code: 'eur', amount: 50 }] }],
      },
    });
    otherProduct = await run(
      create,
      {
        input: {
          title: 'Their Shirt',
          handle: 'their-shirt',
          status: 'published',
          variants: [{ title: 'One', sku: 'T-1', prices: [{ currency_code: 'eur', amount: 5 }] }],
        },
      },
      otherAdmin,
    );
    page = await run(`mutation($input: CreatePageInput!) { createPage(input: $input) { id slug } }`, {
      input: { slug: 'shipping', variants: [{ locale: 'en', title: 'Shipping', body: 'We ship **fast**.' }] },
    });
    await run(`mutation($id: String!) { publishPage(id: $id) { status } }`, { id: page.id });
    post = await run(`mutation($input: CreateBlogPostInput!) { createBlogPost(input: $input) { id slug } }`, {
      input: { slug: 'linen-care', variants: [{ locale: 'en', title: 'Caring for linen', excerpt: 'Wash cool.', body: 'Wash at 30 degrees.' }] },
    });
    await run(`mutation($id: String!) { publishBlogPost(id: $id) { status } }`, { id: post.id });
  });
  afterAll(async () => {
    await sql?.end();
  });

  it('sets overrides in one call and lists them as stored', async () => {
    const set = await run(SET, {
      input: [
        { resource_type: 'product', resource_id: product.id, locale: 'de', fields: { title: 'Leinenhemd', description: 'Ein Hemd aus europäischem Leinen.' } },
        { resource_type: 'product', resource_id: product.id, locale: 'DE-ch', fields: { title: 'Leinenhemmli' } },
        { resource_type: 'product_variant', resource_id: product.variants[0].id, locale: 'de', fields: { title: 'Mittel' } },
        { resource_type: 'product_collection', resource_id: collection.id, locale: 'de', fields: { title: 'Sommer' } },
        { resource_type: 'product_category', resource_id: category.id, locale: 'de', fields: { name: 'Oberteile', description: 'Hemden und Shirts' } },
        { resource_type: 'page', resource_id: page.id, locale: 'de', fields: { title: 'Versand', body: 'Wir versenden **schnell**.' } },
        { resource_type: 'blog_post', resource_id: post.id, locale: 'de', fields: { title: 'Leinen pflegen', excerpt: 'Kühl waschen.' } },
      ],
    });
    expect(set).toHaveLength(7);
    expect(set[1]).toMatchObject({ resource_type: 'product', locale: 'de-CH', fields: { title: 'Leinenhemmli' } });
    expect(set[0].id).toMatch(/^trn_/);
    const listed = await run(LIST, { resource_type: 'product' });
    expect(listed.count).toBe(2);
    expect(listed.items.map((i: any) => i.locale)).toEqual(['de', 'de-CH']);
    expect((await run(LIST, { resource_type: 'product', locale: 'de-CH' })).items).toEqual([
      { resource_type: 'product', resource_id: product.id, locale: 'de-CH', fields: { title: 'Leinenhemmli' } },
    ]);
    const events = await sql.query(`select data from "localization".outbox_event where tenant_id = $1 and type = 'translation.set'`, [shop.tenant_id]);
    expect(events.rows).toHaveLength(7);
  });

  it('answers product reads in the requested locale, field by field with fallback', async () => {
    const path = '/store/products/linen-shirt';
    const de = (await get(path, { 'x-medusa-locale': 'de' })).body.product;
    expect(de).toMatchObject({ title: 'Leinenhemd', description: 'Ein Hemd aus europäischem Leinen.', subtitle: 'Breathable', handle: 'linen-shirt' });
    expect(de.variants[0].title).toBe('Mittel');
    expect(de.collection.title).toBe('Sommer');
    expect(de.categories[0]).toMatchObject({ name: 'Oberteile', description: 'Hemden und Shirts' });
    // de-CH: its own title, the description of its language
    const ch = (await get(path, { 'x-medusa-locale': 'de-CH' })).body.product;
    expect(ch).toMatchObject({ title: 'Leinenhemmli', description: 'Ein Hemd aus europäischem Leinen.' });
    // a region the store does not offer reads its language
    expect(await title(path, { 'x-medusa-locale': 'de-AT' })).toBe('Leinenhemd');
    // the default locale, a locale without overrides, one the store does not offer, none at all: the product's own text
    for (const headers of [{ 'x-medusa-locale': 'en' }, { 'x-medusa-locale': 'fr' }, { 'x-medusa-locale': 'it' }, { 'x-medusa-locale': '' }, {}] as Array<
      Record<string, string>
    >) {
      expect(await title(path, headers)).toBe('Linen Shirt');
    }
  });

  it('takes the locale from ?locale=, then x-medusa-locale, then the best accept-language tag', async () => {
    const path = '/store/products/linen-shirt';
    expect(await title(`${path}?locale=de`, { 'x-medusa-locale': 'en', 'accept-language': 'en' })).toBe('Leinenhemd');
    expect(await title(`${path}?locale=en`, { 'x-medusa-locale': 'de' })).toBe('Linen Shirt');
    expect(await title(path, { 'x-medusa-locale': 'de-CH', 'accept-language': 'de' })).toBe('Leinenhemmli');
    expect(await title(path, { 'accept-language': 'de-CH,de;q=0.9,en;q=0.8' })).toBe('Leinenhemmli');
    expect(await title(path, { 'accept-language': 'en;q=0.5, de;q=0.9, *;q=0.1' })).toBe('Leinenhemd');
    expect(await title(path, { 'accept-language': 'de;q=0, en' })).toBe('Linen Shirt');
    // lists, variants, collections and categories too
    const list = (await get('/store/products?locale=de')).body.products;
    expect(list.map((x: any) => x.title)).toEqual(['Leinenhemd']);
    const variants = (await get('/store/product-variants?locale=de')).body;
    const v = variants.variants ?? variants.product_variants;
    expect(v[0]).toMatchObject({ title: 'Mittel' });
    expect((await get(`/store/collections/${collection.id}?locale=de`)).body.collection.title).toBe('Sommer');
    expect((await get('/store/collections', { 'x-medusa-locale': 'de' })).body.collections[0].title).toBe('Sommer');
    expect((await get('/store/collections')).body.collections[0].title).toBe('Summer');
    expect((await get(`/store/product-categories/${category.id}`, { 'x-medusa-locale': 'de' })).body.product_category.name).toBe('Oberteile');
    expect((await get('/store/product-categories?locale=de')).body.product_categories[0].name).toBe('Oberteile');
  });

  it('lays overrides over pages and posts that have no variant in the locale', async () => {
    const pg = (await get('/store/pages/shipping?locale=de')).body.page;
    expect(pg).toMatchObject({ title: 'Versand', body: 'Wir versenden **schnell**.' });
    expect(pg.html).toContain('<strong>schnell</strong>');
    expect(pg.seo.title).toBe('Versand');
    expect((await get('/store/pages/shipping')).body.page.title).toBe('Shipping');
    const bp = (await get('/store/blog-posts/linen-care', { 'accept-language': 'de' })).body;
    const item = bp.blog_post ?? bp.post;
    expect(item).toMatchObject({ title: 'Leinen pflegen', excerpt: 'Kühl waschen.', body: 'Wash at 30 degrees.' });
    const posts = (await get('/store/blog-posts?locale=de')).body;
    expect((posts.blog_posts ?? posts.posts)[0].title).toBe('Leinen pflegen');
  });

  it('keeps the answers right per locale while cached, and drops them when an override changes', async () => {
    const path = '/store/products/linen-shirt';
    const a = await get(path, { 'x-medusa-locale': 'de' });
    const b = await get(path);
    expect(a.headers.get('etag')).not.toBe(b.headers.get('etag'));
    expect(a.headers.get('vary')).toMatch(/x-medusa-locale/);
    expect(a.headers.get('vary')).toMatch(/accept-language/);
    await run(SET, { input: [{ resource_type: 'product', resource_id: product.id, locale: 'de', fields: { title: 'Hemd aus Leinen' } }] });
    expect(await title(path, { 'x-medusa-locale': 'de' })).toBe('Hemd aus Leinen');
    expect(await title(path)).toBe('Linen Shirt');
    // the product's own text changes: fields without an override follow
    await run(`mutation($id: String!, $input: UpdateProductInput!) { updateProduct(id: $id, input: $input) { id } }`, {
      id: product.id,
      input: { subtitle: 'Airy' },
    });
    expect((await get(path, { 'x-medusa-locale': 'de' })).body.product).toMatchObject({ title: 'Hemd aus Leinen', subtitle: 'Airy' });
    // a new locale changes what a request resolves to
    expect(await title(path, { 'x-medusa-locale': 'de-AT' })).toBe('Hemd aus Leinen');
    await run(ADD_LOCALE, { input: { code: 'de-AT' } });
    await run(SET, { input: [{ resource_type: 'product', resource_id: product.id, locale: 'de-AT', fields: { title: 'Leinenpfoad' } }] });
    expect(await title(path, { 'x-medusa-locale': 'de-AT' })).toBe('Leinenpfoad');
  });

  it('answers the bulk fetch with merged fields, ids, paging and the served locale', async () => {
    const r = await get(`/store/translations?resource_type=product&locale=de-CH`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      translations: [
        {
          resource_type: 'product',
          resource_id: product.id,
          locale: 'de-CH',
          fields: { title: 'Leinenhemmli', description: 'Ein Hemd aus europäischem Leinen.' },
        },
      ],
      locale: 'de-CH',
      count: 1,
      limit: 100,
      offset: 0,
    });
    const byHeader = await get('/store/translations?resource_type=product_variant', { 'x-medusa-locale': 'de' });
    expect(byHeader.body.translations).toEqual([
      { resource_type: 'product_variant', resource_id: product.variants[0].id, locale: 'de', fields: { title: 'Mittel' } },
    ]);
    const byIds = await get(`/store/translations?resource_type=product&locale=de&ids[]=${product.id}&ids[]=prod_nothere`);
    expect(byIds.body.count).toBe(1);
    expect((await get(`/store/translations?resource_type=product&locale=de&ids[]=prod_nothere`)).body).toMatchObject({ translations: [], count: 0 });
    expect((await get('/store/translations?resource_type=product&locale=de&limit=0')).body).toMatchObject({ translations: [], count: 1, limit: 0 });
    // the default locale, or none asked: nothing to lay over, and the default named
    expect((await get('/store/translations?resource_type=product&locale=en')).body).toEqual({
      translations: [],
      locale: 'en',
      count: 0,
      limit: 100,
      offset: 0,
    });
    expect((await get('/store/translations?resource_type=product')).body.locale).toBe('en');
  });

  it('refuses bad input at both doors and writes nothing', async () => {
    const before = await rows();
    const good = { resource_type: 'product', resource_id: product.id, locale: 'fr', fields: { title: 'Chemise en lin' } };
    const bad: Array<Record<string, unknown>> = [
      { ...good, resource_type: 'order' },
      { ...good, fields: { handle: 'chemise' } },
      { ...good, fields: { title: '   ' } },
      { ...good, fields: { title: 'x'.repeat(501) } },
      { ...good, fields: {} },
      { ...good, fields: { title: 5 } },
      { ...good, locale: 'french' },
      { ...good, locale: 'it' },
      { ...good, locale: 'en' },
      { ...good, resource_id: '' },
      { ...good, resource_id: 'a b' },
    ];
    for (const item of bad) {
      // a good item first: the whole call is refused, nothing of it written
      const e = await refused(SET, { input: [good, item] });
      expect([JSON.stringify(item), e.type]).toEqual([JSON.stringify(item), 'validation_error']);
    }
    // a field the input type does not have: refused by GraphQL itself
    expect(await refused(SET, { input: [good, { ...good, extra: 1 }] })).toBeDefined();
    expect((await refused(SET, { input: [] })).type).toBe('validation_error');
    expect((await refused(SET, { input: Array.from({ length: 501 }, () => good) })).type).toBe('validation_error');
    expect((await refused(LIST, { resource_type: 'nope' })).type).toBe('validation_error');
    expect(await rows()).toEqual(before);
    for (const q of [
      '',
      '?resource_type=order',
      '?resource_type=product&locale=not%20a%20tag',
      '?resource_type=product&limit=-1',
      '?resource_type=product&limit=501',
      '?resource_type=product&other=1',
      `?resource_type=product&${Array.from({ length: 201 }, (_, i) => `ids[]=p${i}`).join('&')}`,
    ]) {
      const r = await get(`/store/translations${q}`);
      expect([r.status, r.body.type]).toEqual([400, 'validation_error']);
    }
    for (const q of ['?locale=not%20a%20tag', '?locale=x&locale=y', `?locale=${'a'.repeat(40)}`]) {
      const r = await get(`/store/products${q}`);
      expect([r.status, r.body.type, r.body.code]).toEqual([400, 'validation_error', 'invalid_field']);
    }
    const anon = await p.graphql(SET, { input: [good] }, { key: shop.publishable_key });
    expect(anon.body.errors[0].extensions.type).toMatch(/authentication_error|permission_error/);
    expect((await get('/store/translations?resource_type=product', {}, 'pk_nothing')).status).toBe(401);
  });

  it('removes a field with null, a resource with no fields left, and a resource in one or every locale', async () => {
    const cat = { resource_type: 'product_category', resource_id: category.id, locale: 'de' };
    expect((await run(SET, { input: [{ ...cat, fields: { description: null } }] }))[0].fields).toEqual({ name: 'Oberteile' });
    expect((await get(`/store/product-categories/${category.id}?locale=de`)).body.product_category).toMatchObject({
      name: 'Oberteile',
      description: 'Shirts and tees',
    });
    expect(await run(SET, { input: [{ ...cat, fields: { name: null } }] })).toEqual([]);
    expect((await run(LIST, { resource_type: 'product_category' })).count).toBe(0);
    expect(await run(REMOVE, { t: 'product', id: product.id, locale: 'de-CH' })).toBe(1);
    expect(await title('/store/products/linen-shirt', { 'x-medusa-locale': 'de-CH' })).toBe('Hemd aus Leinen');
    expect(await run(REMOVE, { t: 'product', id: product.id, locale: 'de-CH' })).toBe(0);
    expect(await run(REMOVE, { t: 'product', id: product.id, locale: null })).toBe(2);
    expect(await title('/store/products/linen-shirt', { 'x-medusa-locale': 'de' })).toBe('Linen Shirt');
  });

  it("keeps each store's overrides to itself", async () => {
    await run(SET, { input: [{ resource_type: 'product', resource_id: product.id, locale: 'de', fields: { title: 'Leinenhemd' } }] });
    // the other store cannot translate this store's product id (issue 20 #7: 404, nothing written), and its own reads never see this store's
    const before = (await rows(other.tenant_id)).length;
    expect(
      (await refused(SET, { input: [{ resource_type: 'product', resource_id: product.id, locale: 'de', fields: { title: 'Fremd' } }] }, otherAdmin)).code,
    ).toBe('not_found');
    expect((await rows(other.tenant_id)).length).toBe(before);
    await run(SET, { input: [{ resource_type: 'product', resource_id: otherProduct.id, locale: 'de', fields: { title: 'Ihr Hemd' } }] }, otherAdmin);
    expect(await title('/store/products/linen-shirt', { 'x-medusa-locale': 'de' })).toBe('Leinenhemd');
    const theirs = await get('/store/translations?resource_type=product&locale=de', {}, other.publishable_key);
    expect(theirs.body.translations.map((t: any) => t.fields.title).sort()).toEqual(['Ihr Hemd']);
    const mine = await get(`/store/translations?resource_type=product&locale=de&ids[]=${otherProduct.id}`);
    expect(mine.body).toMatchObject({ translations: [], count: 0 });
    expect((await get(`/store/products/${otherProduct.id}?locale=de`)).status).toBe(404);
    expect((await run(LIST, { resource_type: 'product', resource_ids: [otherProduct.id] })).count).toBe(0);
    expect(await run(REMOVE, { t: 'product', id: otherProduct.id, locale: null })).toBe(0);
    expect((await rows(other.tenant_id)).filter((r) => r.resource_id === otherProduct.id)).toHaveLength(1);
    // locales are the store's own: fr is not one of the other store's
    expect(
      (await refused(SET, { input: [{ resource_type: 'product', resource_id: otherProduct.id, locale: 'fr', fields: { title: 'x' } }] }, otherAdmin)).type,
    ).toBe('validation_error');
  });

  it('merges concurrent sets of one resource without losing a field', async () => {
    const fields = ['title', 'subtitle', 'description', 'material'];
    const results = await Promise.all(
      fields.map((f) =>
        p.graphql(SET, { input: [{ resource_type: 'product', resource_id: product.id, locale: 'fr', fields: { [f]: `${f} fr` } }] }, { token: admin }),
      ),
    );
    for (const r of results) expect(r.body.errors).toBeUndefined();
    const [row] = (await rows()).filter((r) => r.resource_id === product.id && r.locale === 'fr');
    expect(row.fields).toEqual(Object.fromEntries(fields.map((f) => [f, `${f} fr`])));
    expect((await get('/store/products/linen-shirt?locale=fr')).body.product).toMatchObject({ title: 'title fr', material: 'material fr' });
  });
});
