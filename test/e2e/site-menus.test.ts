import type { TenantCredentials } from '@svc/identity';
import type { PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';
import { graphqlHelpers } from '../support/site';

/**
 * Menus of the site domain: references resolved through the supergraph to current storefront
 * paths (a product's new handle shows at once), hidden or deleted targets dropped with their
 * children moved up, validation, tenant isolation, the demo seed.
 */
describe('site: menus', () => {
  const ITEM = 'label type url resource_id';
  const M = `id handle title items { ${ITEM} children { ${ITEM} children { ${ITEM} children { label } } } }`;
  const CREATE = `mutation($input: CreateMenuInput!) { createMenu(input: $input) { ${M} } }`;
  const UPDATE = `mutation($id: String!, $input: UpdateMenuInput!) { updateMenu(id: $id, input: $input) { ${M} } }`;
  const DELETE = `mutation($id: String!) { deleteMenu(id: $id) { id handle } }`;
  const LIST = `query { menus { id handle title } }`;
  const CREATE_PRODUCT = `mutation($input: CreateProductInput!) { createProduct(input: $input) { id handle status } }`;
  const UPDATE_PRODUCT = `mutation($id: String!, $input: UpdateProductInput!) { updateProduct(id: $id, input: $input) { id handle status } }`;
  const CREATE_COLLECTION = `mutation($input: CollectionInput!) { createCollection(input: $input) { id handle } }`;
  const CREATE_CATEGORY = `mutation($input: CategoryInput!) { createProductCategory(input: $input) { id handle } }`;
  const CREATE_PAGE = `mutation($input: CreatePageInput!) { createPage(input: $input) { id slug } }`;

  let p: PlatformClient;
  let shop: TenantCredentials;
  let other: TenantCredentials;
  let admin: string;
  let otherAdmin: string;
  let tee: any;
  let hoodie: any;
  let summer: any;
  let tops: any;
  let about: any;
  let otherProduct: any;

  const { run, refused } = graphqlHelpers(
    () => p,
    () => admin,
  );
  const store = (handle: string, key = shop.publishable_key) => p.api('GET', `/store/menus/${handle}`, { key });
  const product = (handle: string, token = admin) =>
    run(
      CREATE_PRODUCT,
      {
        input: { title: handle, handle, status: 'published', variants: [{ title: 'One', sku: `${handle}-1`, prices: [{ currency_code: 'eur', amount: 10 }] }] },
      },
      token,
    );

  beforeAll(async () => {
    p = await sharedPlatform();
    shop = await p.createTenant();
    other = await p.createTenant();
    admin = await p.adminToken(shop);
    otherAdmin = await p.adminToken(other);
    tee = await product('menu-tee');
    hoodie = await product('menu-hoodie');
    otherProduct = await product('foreign-tee', otherAdmin);
    summer = await run(CREATE_COLLECTION, { input: { title: 'Summer', handle: 'summer' } });
    tops = await run(CREATE_CATEGORY, { input: { name: 'Tops', handle: 'tops' } });
    about = await run(CREATE_PAGE, { input: { slug: 'about-us', variants: [{ locale: 'en', title: 'About us', body: 'Hello' }] } });
    await run(`mutation($id: String!) { publishPage(id: $id) { status } }`, { id: about.id });
  });
  let main: any;

  it('creates a menu and serves it with references resolved to current storefront paths', async () => {
    main = await run(CREATE, {
      input: {
        handle: 'main-menu',
        title: 'Main menu',
        items: [
          {
            label: 'Shop',
            url: '/store',
            children: [
              { label: 'Summer', type: 'collection', resource_id: summer.id },
              { label: 'Tops', type: 'category', resource_id: tops.id, children: [{ label: 'Tee', type: 'product', resource_id: tee.id }] },
            ],
          },
          { label: 'About', type: 'page', resource_id: about.id },
          { label: 'Docs', url: 'https://docs.example.com/x' },
        ],
      },
    });
    expect(main).toMatchObject({ handle: 'main-menu', title: 'Main menu' });
    expect(main.items[0].children[1].children[0]).toEqual({ label: 'Tee', type: 'product', url: null, resource_id: tee.id, children: [] });
    const r = await store('main-menu');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      menu: {
        handle: 'main-menu',
        title: 'Main menu',
        items: [
          {
            label: 'Shop',
            url: '/store',
            type: 'url',
            children: [
              { label: 'Summer', url: '/collections/summer', type: 'collection', children: [] },
              {
                label: 'Tops',
                url: '/categories/tops',
                type: 'category',
                children: [{ label: 'Tee', url: '/products/menu-tee', type: 'product', children: [] }],
              },
            ],
          },
          { label: 'About', url: '/pages/about-us', type: 'page', children: [] },
          { label: 'Docs', url: 'https://docs.example.com/x', type: 'url', children: [] },
        ],
      },
    });
    expect((await run(LIST, {})).map((m: any) => m.handle)).toEqual(['main-menu']);
  });

  it("shows a product's new handle as soon as it changes", async () => {
    await run(UPDATE_PRODUCT, { id: tee.id, input: { handle: 'menu-tee-renamed' } });
    const items = (await store('main-menu')).body.menu.items;
    expect(items[0].children[1].children[0]).toMatchObject({ label: 'Tee', url: '/products/menu-tee-renamed' });
  });

  it('drops unpublished and deleted targets, moving their children up', async () => {
    const m = await run(CREATE, {
      input: {
        handle: 'footer-menu',
        title: 'Footer',
        items: [
          { label: 'Hoodie', type: 'product', resource_id: hoodie.id, children: [{ label: 'Kept child', url: '/kept' }] },
          { label: 'About', type: 'page', resource_id: about.id },
          { label: 'End', url: '/end' },
        ],
      },
    });
    expect((await store('footer-menu')).body.menu.items.map((i: any) => i.url)).toEqual(['/products/menu-hoodie', '/pages/about-us', '/end']);
    await run(UPDATE_PRODUCT, { id: hoodie.id, input: { status: 'draft' } });
    await run(`mutation($id: String!) { deletePage(id: $id) { id } }`, { id: about.id });
    const items = (await store('footer-menu')).body.menu.items;
    expect(items).toEqual([
      { label: 'Kept child', url: '/kept', type: 'url', children: [] },
      { label: 'End', url: '/end', type: 'url', children: [] },
    ]);
    // the stored menu keeps the references (a republished target comes back)
    await run(UPDATE_PRODUCT, { id: hoodie.id, input: { status: 'published' } });
    expect((await store('footer-menu')).body.menu.items[0]).toMatchObject({
      label: 'Hoodie',
      url: '/products/menu-hoodie',
      children: [{ label: 'Kept child' }],
    });
    expect((await run(DELETE, { id: m.id })).handle).toBe('footer-menu');
    expect((await store('footer-menu')).status).toBe(404);
  });

  it('replaces items and renames on update', async () => {
    const m = await run(UPDATE, { id: main.id, input: { title: 'Top nav', items: [{ label: 'Home', url: '/' }] } });
    expect(m).toMatchObject({ title: 'Top nav', items: [{ label: 'Home', type: 'url', url: '/', resource_id: null, children: [] }] });
    expect((await store('main-menu')).body.menu).toEqual({
      handle: 'main-menu',
      title: 'Top nav',
      items: [{ label: 'Home', url: '/', type: 'url', children: [] }],
    });
  });

  it('answers 404 for an unknown handle and 400 for a malformed one', async () => {
    const r = await store('nope');
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ type: 'not_found', code: expect.any(String), message: expect.any(String) });
    for (const bad of ['Main-Menu', 'main_menu', 'a--b', '-x']) {
      const b = await store(bad);
      expect(b.status).toBe(400);
      expect(b.body).toMatchObject({ type: 'validation_error', code: 'invalid_field' });
    }
  });

  it('refuses bad input and leaves nothing half-written', async () => {
    const leaf = { label: 'x', url: '/x' };
    const cases: Array<[string, any]> = [
      ['bad handle', { handle: 'Main Menu', title: 't' }],
      ['empty title', { handle: 'a', title: ' ' }],
      ['no link', { handle: 'a', title: 't', items: [{ label: 'x' }] }],
      ['bad url', { handle: 'a', title: 't', items: [{ label: 'x', url: 'javascript:alert(1)' }] }],
      ['protocol-relative', { handle: 'a', title: 't', items: [{ label: 'x', url: '//evil.example' }] }],
      ['unknown type', { handle: 'a', title: 't', items: [{ label: 'x', type: 'order', resource_id: 'o1' }] }],
      ['reference without id', { handle: 'a', title: 't', items: [{ label: 'x', type: 'product' }] }],
      ['reference with url', { handle: 'a', title: 't', items: [{ label: 'x', type: 'product', resource_id: tee.id, url: '/x' }] }],
      ['empty label', { handle: 'a', title: 't', items: [{ label: '', url: '/x' }] }],
      ['too deep', { handle: 'a', title: 't', items: [{ ...leaf, children: [{ ...leaf, children: [{ ...leaf, children: [leaf] }] }] }] }],
      ['too many', { handle: 'a', title: 't', items: Array.from({ length: 201 }, () => leaf) }],
    ];
    for (const [name, input] of cases) {
      const e = await refused(CREATE, { input });
      expect([name, e.code]).toEqual([name, expect.stringMatching(/^(invalid_field|missing_field|unknown_field)$/)]);
    }
    expect(await run(CREATE, { input: { handle: 'a', title: 't', items: Array.from({ length: 200 }, () => leaf) } })).toMatchObject({ handle: 'a' });
    expect((await refused(CREATE, { input: { handle: 'a', title: 't' } })).code).toBe('duplicate');
    expect((await refused(UPDATE, { id: main.id, input: { handle: 'a' } })).code).toBe('duplicate');
    expect((await refused(UPDATE, { id: main.id, input: { items: [{ label: 'x' }] } })).code).toBe('invalid_field');
    expect((await store('main-menu')).body.menu.items).toEqual([{ label: 'Home', url: '/', type: 'url', children: [] }]);
    expect((await run(LIST, {})).map((m: any) => m.handle)).toEqual(['a', 'main-menu']);
    const anon = await p.graphql(CREATE, { input: { handle: 'b', title: 't' } }, { key: shop.publishable_key });
    expect(anon.body.errors?.length).toBeGreaterThan(0);
    expect((await run(LIST, {})).length).toBe(2);
  });

  it("keeps tenants apart: another store's menus are 404, its products are dropped", async () => {
    expect((await store('main-menu', other.publishable_key)).status).toBe(404);
    expect(await run(LIST, {}, otherAdmin)).toEqual([]);
    expect((await refused(DELETE, { id: main.id }, otherAdmin)).code).toBe('not_found');
    expect((await refused(UPDATE, { id: main.id, input: { title: 'x' } }, otherAdmin)).code).toBe('not_found');
    // another store's product is not a reference this store can write (issue 20 #7): 404, menu unchanged
    const before = (await store('main-menu')).body.menu;
    expect(
      (
        await refused(UPDATE, {
          id: main.id,
          input: {
            items: [
              { label: 'Foreign', type: 'product', resource_id: otherProduct.id },
              { label: 'Own', type: 'product', resource_id: tee.id },
            ],
          },
        })
      ).code,
    ).toBe('not_found');
    expect(
      (
        await refused(CREATE, {
          input: { handle: 'foreign-menu', title: 'x', items: [{ label: 'Foreign', type: 'collection', resource_id: 'pcol_doesnotexist' }] },
        })
      ).code,
    ).toBe('not_found');
    expect((await store('main-menu')).body.menu).toEqual(before);
    await run(UPDATE, { id: main.id, input: { items: [{ label: 'Own', type: 'product', resource_id: tee.id }] } });
    expect((await store('main-menu')).body.menu.items).toEqual([{ label: 'Own', url: '/products/menu-tee-renamed', type: 'product', children: [] }]);
    // the other store may use the same handle for its own menu
    await run(
      CREATE,
      { input: { handle: 'main-menu', title: 'Theirs', items: [{ label: 'Foreign', type: 'product', resource_id: otherProduct.id }] } },
      otherAdmin,
    );
    expect((await store('main-menu', other.publishable_key)).body.menu).toEqual({
      handle: 'main-menu',
      title: 'Theirs',
      items: [{ label: 'Foreign', url: '/products/foreign-tee', type: 'product', children: [] }],
    });
    expect((await store('main-menu')).body.menu.title).toBe('Top nav');
  });

  it('seeds the demo menus', async () => {
    const tenant = await p.createTenant();
    await p.seedDomain('site', tenant.tenant_id);
    const r = await store('main-menu', tenant.publishable_key);
    expect(r.status).toBe(200);
    expect(r.body.menu).toMatchObject({
      handle: 'main-menu',
      title: 'Main menu',
      items: [
        { label: 'Shop', url: '/store' },
        { label: 'Journal', url: '/blog' },
      ],
    });
    expect((await store('footer-menu', tenant.publishable_key)).body.menu.items.map((i: any) => i.url)).toEqual([
      'https://docs.example.com/help',
      'https://www.instagram.com/demostore',
    ]);
  });
});
