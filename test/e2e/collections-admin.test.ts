import { Client } from 'pg';
import type { TenantCredentials } from '@svc/identity';
import type { PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';

/** Collections edited and deleted by an admin (the console's collection page); the storefront and its products follow. */
describe('admin collections: edit and delete', () => {
  let p: PlatformClient;
  let t: TenantCredentials;
  let other: TenantCredentials;
  let admin: string;
  let otherAdmin: string;
  let customer: string;
  let db: Client;

  const UPDATE = `mutation($id: String!, $input: UpdateCollectionInput!) { updateCollection(id: $id, input: $input) { id title handle } }`;
  const DELETE = `mutation($id: String!) { deleteCollection(id: $id) { id object deleted } }`;
  const gql = async (query: string, variables: Record<string, unknown>, token: string | null = admin) => {
    const r = await p.graphql(query, variables, { token: token ?? undefined });
    expect(r.status).toBeLessThan(500);
    return r.body;
  };
  const create = async (title: string, token = admin) =>
    (await gql(`mutation($input: CollectionInput!) { createCollection(input: $input) { id title handle } }`, { input: { title } }, token)).data
      .createCollection;
  const store = (path: string) => p.api('GET', path, { key: t.publishable_key });
  const events = async (type: string) =>
    (await db.query(`select data from catalog.outbox_event where type = $1 and tenant_id = $2 order by created_at, id`, [type, t.tenant_id])).rows.map(
      (r) => r.data,
    );

  let summer: any;
  let product: any;
  beforeAll(async () => {
    p = await sharedPlatform();
    t = await p.createTenant('Collections');
    other = await p.createTenant('Other collections');
    admin = await p.adminToken(t);
    otherAdmin = await p.adminToken(other);
    customer = (await p.registerCustomer(t.publishable_key)).token;
    db = new Client({ connectionString: p.dbUrl });
    await db.connect();
    summer = await create('Summer');
    await create('Winter');
    product = (
      await gql(`mutation($input: CreateProductInput!) { createProduct(input: $input) { id } }`, {
        input: { title: 'Sun hat', handle: 'sun-hat', status: 'published', collection_id: summer.id },
      })
    ).data.createProduct;
  });
  afterAll(async () => {
    await db?.end();
  });

  it('renames a collection (title, handle); its products show it and are re-indexed; a taken handle is 409', async () => {
    const r = await gql(UPDATE, { id: summer.id, input: { title: 'Summer 2027', handle: 'summer-2027' } });
    expect(r.data.updateCollection).toEqual({ id: summer.id, title: 'Summer 2027', handle: 'summer-2027' });
    expect((await store('/store/collections/summer-2027')).body.collection).toMatchObject({ id: summer.id, title: 'Summer 2027' });
    expect((await store('/store/products/sun-hat')).body.product.collection).toMatchObject({ title: 'Summer 2027', handle: 'summer-2027' });
    expect(await events('collection.updated')).toEqual([{ id: summer.id, handle: 'summer-2027' }]);
    expect(await events('product.updated')).toContainEqual({ id: product.id });
    // only what is given changes
    expect((await gql(UPDATE, { id: summer.id, input: { title: 'Summer' } })).data.updateCollection.handle).toBe('summer-2027');
    expect((await gql(UPDATE, { id: summer.id, input: { handle: 'winter' } })).errors[0].extensions).toMatchObject({ type: 'conflict', code: 'duplicate' });
  });

  it('refuses bad input, customers and anonymous callers; another tenant gets 404', async () => {
    for (const input of [{ title: '' }, { title: null }, { handle: 'Not A Handle' }, { title: '<b>x</b>' }, { zz: 1 }]) {
      const ext = (await gql(UPDATE, { id: summer.id, input })).errors?.[0]?.extensions ?? {};
      expect({ input, refused: ext.type ?? ext.code }).toEqual({ input, refused: expect.stringMatching(/^(validation_error|BAD_USER_INPUT)$/) });
    }
    for (const token of [customer, null]) {
      for (const [q, v] of [
        [UPDATE, { id: summer.id, input: { title: 'Nope' } }],
        [DELETE, { id: summer.id }],
      ] as const) {
        expect((await gql(q, v, token)).errors?.[0]?.extensions?.type).toMatch(/permission_error|authentication_error/);
      }
    }
    for (const [q, v] of [
      [UPDATE, { id: summer.id, input: { title: 'Stolen' } }],
      [DELETE, { id: summer.id }],
    ] as const) {
      expect((await gql(q, v, otherAdmin)).errors[0].extensions).toMatchObject({ type: 'not_found' });
    }
    expect((await store('/store/collections/summer-2027')).body.collection.title).toBe('Summer');
  });

  it('deletes a collection: gone from the store, its products stay in no collection, the handle free again', async () => {
    const d = await gql(DELETE, { id: summer.id });
    expect(d.data.deleteCollection).toEqual({ id: summer.id, object: 'collection', deleted: true });
    expect((await store(`/store/collections/${summer.id}`)).status).toBe(404);
    expect((await store('/store/collections')).body.collections.map((c: any) => c.title)).toEqual(['Winter']);
    const hat = (await store('/store/products/sun-hat')).body.product;
    expect(hat).toMatchObject({ collection_id: null, collection: null });
    expect(await events('collection.deleted')).toEqual([{ id: summer.id, handle: 'summer-2027' }]);
    expect((await gql(DELETE, { id: summer.id })).errors[0].extensions).toMatchObject({ type: 'not_found' });
    expect((await gql(UPDATE, { id: summer.id, input: { title: 'Back' } })).errors[0].extensions).toMatchObject({ type: 'not_found' });
    expect((await create('Summer 2027')).handle).toBe('summer-2027');
  });
});
