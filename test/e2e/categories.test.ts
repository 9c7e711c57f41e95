import { Client } from 'pg';
import type { TenantCredentials } from '@svc/identity';
import type { PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';

/**
 * The category tree's admin side (the console's catalogue page): rename, move under another
 * parent, reorder among siblings (ranks renumbered in one unit of work), cycles refused, delete
 * (refused while it has subcategories), and the storefront's tree and products following.
 */
describe('admin product categories: rename, move, reorder, delete', () => {
  let p: PlatformClient;
  let t: TenantCredentials;
  let other: TenantCredentials;
  let admin: string;
  let otherAdmin: string;
  let customer: string;
  let db: Client;

  const CAT = 'id name handle description rank parent_category_id';
  const CREATE = `mutation($input: CategoryInput!) { createProductCategory(input: $input) { ${CAT} } }`;
  const UPDATE = `mutation($id: String!, $input: UpdateCategoryInput!) { updateProductCategory(id: $id, input: $input) { ${CAT} } }`;
  const DELETE = `mutation($id: String!) { deleteProductCategory(id: $id) { id object deleted } }`;
  const gql = async (query: string, variables: Record<string, unknown>, token: string | null = admin) => {
    const r = await p.graphql(query, variables, { token: token ?? undefined });
    expect(r.status).toBeLessThan(500);
    return r.body;
  };
  const ok = async (query: string, variables: Record<string, unknown>) => {
    const r = await gql(query, variables);
    if (r.errors?.length) throw new Error(JSON.stringify(r.errors));
    return r.data;
  };
  const ids: Record<string, string> = {};
  const create = async (name: string, parent?: string) => {
    const c = (await ok(CREATE, { input: { name, parent_category_id: parent ? ids[parent] : null } })).createProductCategory;
    ids[name] = c.id;
    return c;
  };
  const update = (name: string, input: Record<string, unknown>) => gql(UPDATE, { id: ids[name], input });
  /** the storefront's tree: each level's names in tree order, with their ranks */
  const tree = async (k = t.publishable_key) => {
    const r = await p.api('GET', '/store/product-categories?limit=100&parent_category_id=null&include_descendants_tree=true', { key: k });
    expect(r.status).toBe(200);
    const shape = (c: any): unknown => (c.category_children.length ? { [`${c.name}@${c.rank}`]: c.category_children.map(shape) } : `${c.name}@${c.rank}`);
    return r.body.product_categories.map(shape);
  };
  const events = async (type: string) =>
    (await db.query(`select data from catalog.outbox_event where type = $1 and tenant_id = $2 order by created_at, id`, [type, t.tenant_id])).rows.map(
      (r) => r.data,
    );

  beforeAll(async () => {
    p = await sharedPlatform();
    t = await p.createTenant('Category tree');
    other = await p.createTenant('Other tree');
    admin = await p.adminToken(t);
    otherAdmin = await p.adminToken(other);
    customer = (await p.registerCustomer(t.publishable_key)).token;
    db = new Client({ connectionString: p.dbUrl });
    await db.connect();
    for (const name of ['Apparel', 'Shoes', 'Home']) await create(name);
    for (const name of ['Tops', 'Bottoms', 'Outerwear']) await create(name, 'Apparel');
    await create('Tees', 'Tops');
  });
  afterAll(async () => {
    await db?.end();
  });

  it('reorders among siblings: the category takes the rank, the siblings are renumbered 0, 1, 2', async () => {
    const r = await update('Home', { rank: 0 });
    expect(r.errors).toBeUndefined();
    expect(r.data.updateProductCategory).toMatchObject({ name: 'Home', rank: 0, parent_category_id: null });
    expect(await tree()).toEqual(['Home@0', { 'Apparel@1': ['Bottoms@0', 'Outerwear@0', { 'Tops@0': ['Tees@0'] }] }, 'Shoes@2']);
    // created with rank 0 each, the subcategories were in name order; now an explicit order
    await update('Tops', { rank: 0 });
    await update('Outerwear', { rank: 5 }); // past the end: last
    expect(await tree()).toEqual(['Home@0', { 'Apparel@1': [{ 'Tops@0': ['Tees@0'] }, 'Bottoms@1', 'Outerwear@2'] }, 'Shoes@2']);
    expect(await events('category.updated')).toContainEqual({ id: ids.Home, handle: 'home', parent_category_id: null });
  });

  it('moves under another parent (last by default, or at a rank); the old siblings close the gap', async () => {
    const r = await update('Tops', { parent_category_id: ids.Shoes });
    expect(r.data.updateProductCategory).toMatchObject({ name: 'Tops', parent_category_id: ids.Shoes, rank: 0 });
    expect(await tree()).toEqual(['Home@0', { 'Apparel@1': ['Bottoms@0', 'Outerwear@1'] }, { 'Shoes@2': [{ 'Tops@0': ['Tees@0'] }] }]);
    await update('Outerwear', { parent_category_id: ids.Shoes, rank: 0 });
    expect(await tree()).toEqual(['Home@0', { 'Apparel@1': ['Bottoms@0'] }, { 'Shoes@2': ['Outerwear@0', { 'Tops@1': ['Tees@0'] }] }]);
    // to the top level, second
    await update('Tees', { parent_category_id: null, rank: 1 });
    expect(await tree()).toEqual(['Home@0', 'Tees@1', { 'Apparel@2': ['Bottoms@0'] }, { 'Shoes@3': ['Outerwear@0', 'Tops@1'] }]);
    const one = await p.api('GET', `/store/product-categories/${ids.Tops}?fields=%2Aparent_category`, { key: t.publishable_key });
    expect(one.body.product_category.parent_category).toMatchObject({ id: ids.Shoes, name: 'Shoes' });
  });

  it('refuses a cycle (under itself or a descendant) with 409 category_cycle and changes nothing', async () => {
    const before = await tree();
    for (const parent of ['Shoes', 'Tops']) {
      const r = await update('Shoes', { parent_category_id: ids[parent], name: 'Renamed' });
      expect(r.errors[0].extensions).toMatchObject({ type: 'conflict', code: 'category_cycle' });
    }
    expect(await tree()).toEqual(before);
  });

  it('renames (name, handle, description); its products are re-indexed and show the new name', async () => {
    const product = (
      await ok(`mutation($input: CreateProductInput!) { createProduct(input: $input) { id } }`, {
        input: { title: 'Runner', handle: 'runner', status: 'published', category_ids: [ids.Shoes] },
      })
    ).createProduct;
    const r = await update('Shoes', { name: 'Footwear', handle: 'footwear', description: 'All shoes' });
    expect(r.data.updateProductCategory).toMatchObject({ name: 'Footwear', handle: 'footwear', description: 'All shoes', rank: 3 });
    const doc = await p.api('GET', '/store/products/runner', { key: t.publishable_key });
    expect(doc.body.product.categories.map((c: any) => [c.name, c.handle])).toEqual([['Footwear', 'footwear']]);
    expect(await events('product.updated')).toContainEqual({ id: product.id });
    // only the changed fields change
    const d = await update('Shoes', { description: null });
    expect(d.data.updateProductCategory).toMatchObject({ name: 'Footwear', handle: 'footwear', description: '' });
    // a handle another category holds: 409
    expect((await update('Home', { handle: 'footwear' })).errors[0].extensions).toMatchObject({ type: 'conflict', code: 'duplicate' });
  });

  it('refuses bad input (400), customers and anonymous callers; another tenant gets 404', async () => {
    for (const input of [{ name: '' }, { rank: -1 }, { rank: 1.5 }, { handle: 'Not A Handle' }, { name: '<b>x</b>' }, { zz: 1 }, { name: null }]) {
      const ext = (await update('Home', input)).errors?.[0]?.extensions ?? {};
      expect({ input, refused: ext.type ?? ext.code }).toEqual({ input, refused: expect.stringMatching(/^(validation_error|BAD_USER_INPUT)$/) });
    }
    expect((await update('Home', { parent_category_id: 'pcat_nope' })).errors[0].extensions).toMatchObject({
      type: 'validation_error',
      code: 'invalid_field',
    });
    const foreign = (await gql(CREATE, { input: { name: 'Theirs' } }, otherAdmin)).data.createProductCategory;
    // another tenant's category is no parent here, and theirs cannot be changed or deleted from here
    expect((await update('Home', { parent_category_id: foreign.id })).errors[0].extensions).toMatchObject({ type: 'validation_error' });
    for (const [q, v] of [
      [UPDATE, { id: foreign.id, input: { name: 'Stolen' } }],
      [DELETE, { id: foreign.id }],
    ] as const) {
      expect((await gql(q, v)).errors[0].extensions).toMatchObject({ type: 'not_found' });
    }
    for (const token of [customer, null]) {
      for (const [q, v] of [
        [UPDATE, { id: ids.Home, input: { name: 'Nope' } }],
        [DELETE, { id: ids.Home }],
      ] as const) {
        expect((await gql(q, v, token)).errors?.[0]?.extensions?.type).toMatch(/permission_error|authentication_error/);
      }
    }
    expect((await tree(other.publishable_key)).length).toBe(1);
  });

  it('deletes a category without subcategories (409 while it has some); siblings renumbered, products stay, the handle is free again', async () => {
    const r = await gql(DELETE, { id: ids.Shoes });
    expect(r.errors[0].extensions).toMatchObject({ type: 'conflict', code: 'category_has_children' });
    const product = (
      await ok(`mutation($input: CreateProductInput!) { createProduct(input: $input) { id } }`, {
        input: { title: 'Blanket', handle: 'blanket', status: 'published', category_ids: [ids.Home, ids.Tees] },
      })
    ).createProduct;
    expect((await ok(DELETE, { id: ids.Home })).deleteProductCategory).toEqual({ id: ids.Home, object: 'product_category', deleted: true });
    expect(await tree()).toEqual(['Tees@0', { 'Apparel@1': ['Bottoms@0'] }, { 'Footwear@2': ['Outerwear@0', 'Tops@1'] }]);
    const doc = await p.api('GET', '/store/products/blanket', { key: t.publishable_key });
    expect(doc.body.product.categories.map((c: any) => c.name)).toEqual(['Tees']);
    expect((await p.api('GET', `/store/product-categories/${ids.Home}`, { key: t.publishable_key })).status).toBe(404);
    expect(await events('category.deleted')).toEqual([{ id: ids.Home, handle: 'home' }]);
    expect(await events('product.updated')).toContainEqual({ id: product.id });
    expect((await gql(DELETE, { id: ids.Home })).errors[0].extensions).toMatchObject({ type: 'not_found' });
    expect((await gql(UPDATE, { id: ids.Home, input: { name: 'Back' } })).errors[0].extensions).toMatchObject({ type: 'not_found' });
    // the handle is free again
    expect((await create('Home')).handle).toBe('home');
  });
});
