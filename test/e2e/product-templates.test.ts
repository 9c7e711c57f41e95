import { Client } from 'pg';
import type { TenantCredentials } from '@svc/identity';
import type { PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';

/** Product templates: admins keep them (GraphQL), storefronts and the product editor list them (REST). */
describe('product templates', () => {
  let p: PlatformClient;
  let t: TenantCredentials;
  let other: TenantCredentials;
  let key: string;
  let admin: string;
  let otherAdmin: string;
  let customer: string;
  let db: Client;

  const TEMPLATE = 'id name description options { title values } attributes default_status created_at updated_at';
  const CREATE = `mutation($input: CreateProductTemplateInput!) { createProductTemplate(input: $input) { ${TEMPLATE} } }`;
  const UPDATE = `mutation($id: String!, $input: UpdateProductTemplateInput!) { updateProductTemplate(id: $id, input: $input) { ${TEMPLATE} } }`;
  const DELETE = `mutation($id: String!) { deleteProductTemplate(id: $id) { id object deleted } }`;
  const gql = async (query: string, variables: Record<string, unknown>, token?: string) => {
    const r = await p.graphql(query, variables, { token });
    expect(r.status).toBeLessThan(500);
    return r.body;
  };
  const count = async (tenantId = t.tenant_id) =>
    (await db.query(`select count(*)::int as n from catalog.product_template where tenant_id = $1`, [tenantId])).rows[0].n as number;
  const list = (qs = '', k = key) => p.api('GET', `/store/product-templates${qs}`, { key: k });

  const apparel = {
    name: 'Apparel',
    description: 'Tops in letter sizes',
    options: [
      { title: 'Size', values: ['S', 'M', 'L'] },
      { title: 'Color', values: ['Black', 'White'] },
    ],
    attributes: { material: 'Cotton', care: 'Wash cold' },
  };

  beforeAll(async () => {
    p = await sharedPlatform();
    t = await p.createTenant();
    other = await p.createTenant();
    key = t.publishable_key;
    admin = await p.adminToken(t);
    otherAdmin = await p.adminToken(other);
    customer = (await p.registerCustomer(key)).token;
    db = new Client({ connectionString: p.dbUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
  });

  it('lists none at first', async () => {
    const r = await list();
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ product_templates: [], count: 0, offset: 0, limit: 20 });
  });

  let created: any;
  it('an admin creates a template; the store lists it (draft by default); product_template.created', async () => {
    const r = await gql(CREATE, { input: apparel }, admin);
    expect(r.errors).toBeUndefined();
    created = r.data.createProductTemplate;
    expect(created).toEqual({
      id: expect.stringMatching(/^ptpl_/),
      ...apparel,
      default_status: 'draft',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const l = await list();
    expect(l.body).toEqual({ product_templates: [created], count: 1, offset: 0, limit: 20 });
    const ev = await db.query(`select data from catalog.outbox_event where type = 'product_template.created' and tenant_id = $1`, [t.tenant_id]);
    expect(ev.rows.map((x) => x.data)).toEqual([{ id: created.id, name: 'Apparel' }]);
    const one = await p.graphql(`query($id: String!) { productTemplate(id: $id) { id name } }`, { id: created.id }, { key });
    expect(one.body.data.productTemplate).toEqual({ id: created.id, name: 'Apparel' });
  });

  it('names are unique per tenant: 409 duplicate, even when created at the same time', async () => {
    const dup = await gql(CREATE, { input: { name: 'Apparel' } }, admin);
    expect(dup.errors[0].extensions).toMatchObject({ type: 'conflict', code: 'duplicate' });
    const rs = await Promise.all(Array.from({ length: 5 }, () => gql(CREATE, { input: { name: 'Racing' } }, admin)));
    expect(rs.filter((r) => r.data?.createProductTemplate).length).toBe(1);
    expect(rs.filter((r) => r.errors?.[0]?.extensions?.code === 'duplicate').length).toBe(4);
    // another tenant may use the same name
    expect((await gql(CREATE, { input: { name: 'Apparel' } }, otherAdmin)).data.createProductTemplate.name).toBe('Apparel');
  });

  it('refuses bad input and writes nothing', async () => {
    const before = await count();
    const bad: unknown[] = [
      {},
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(201) },
      { name: 'Opts', options: [{ title: 'Size', values: [] }] },
      { name: 'Opts', options: [{ title: 'Size', values: ['S', 'S'] }] },
      {
        name: 'Opts',
        options: [
          { title: 'Size', values: ['S'] },
          { title: 'Size', values: ['M'] },
        ],
      },
      { name: 'Opts', options: Array.from({ length: 11 }, (_, i) => ({ title: `O${i}`, values: ['a'] })) },
      { name: 'Attrs', attributes: { nested: { no: 1 } } },
      { name: 'Attrs', attributes: ['a'] },
      { name: 'Status', default_status: 'rejected' },
      { name: 'Status', default_status: 'live' },
      { name: 'Extra', handle: 'x' },
    ];
    for (const input of bad) {
      const r = await gql(CREATE, { input }, admin);
      // GraphQL refuses what the input type cannot hold (BAD_USER_INPUT), the zod schema the rest
      const ext = r.errors?.[0]?.extensions ?? {};
      expect({ input, data: r.data?.createProductTemplate ?? null, refused: ext.type ?? ext.code }).toEqual({
        input,
        data: null,
        refused: expect.stringMatching(/^(validation_error|BAD_USER_INPUT)$/),
      });
    }
    expect(await count()).toBe(before);
  });

  it('updates and deletes; customers and anonymous callers cannot; another tenant gets 404', async () => {
    const u = await gql(
      UPDATE,
      { id: created.id, input: { description: null, default_status: 'proposed', options: [{ title: 'Size', values: ['M'] }] } },
      admin,
    );
    expect(u.data.updateProductTemplate).toMatchObject({
      id: created.id,
      name: 'Apparel',
      description: null,
      default_status: 'proposed',
      options: [{ title: 'Size', values: ['M'] }],
    });
    expect(u.data.updateProductTemplate.attributes).toEqual(apparel.attributes);

    for (const token of [customer, undefined]) {
      for (const [q, v] of [
        [CREATE, { input: { name: 'Nope' } }],
        [UPDATE, { id: created.id, input: { name: 'Nope' } }],
        [DELETE, { id: created.id }],
      ] as const) {
        const r = await gql(q, v, token);
        expect(r.errors?.[0]?.extensions?.type).toMatch(/permission_error|authentication_error/);
      }
    }
    for (const [q, v] of [
      [UPDATE, { id: created.id, input: { name: 'Stolen' } }],
      [DELETE, { id: created.id }],
    ] as const) {
      const r = await gql(q, v, otherAdmin);
      expect(r.errors[0].extensions).toMatchObject({ type: 'not_found', code: 'not_found' });
    }
    const foreign = await p.graphql(`query($id: String!) { productTemplate(id: $id) { id } }`, { id: created.id }, { key: other.publishable_key });
    expect(foreign.body.errors[0].extensions).toMatchObject({ type: 'not_found' });
    expect((await list('', other.publishable_key)).body.product_templates.map((x: any) => x.id)).not.toContain(created.id);

    const d = await gql(DELETE, { id: created.id }, admin);
    expect(d.data.deleteProductTemplate).toEqual({ id: created.id, object: 'product_template', deleted: true });
    expect((await gql(DELETE, { id: created.id }, admin)).errors[0].extensions).toMatchObject({ type: 'not_found' });
    expect((await list()).body.product_templates.map((x: any) => x.name)).toEqual(['Racing']);
  });

  it('paginates and sorts; bad query parameters are 400', async () => {
    for (const name of ['Bags', 'Zines']) await gql(CREATE, { input: { name } }, admin);
    expect((await list()).body.product_templates.map((x: any) => x.name)).toEqual(['Bags', 'Racing', 'Zines']);
    expect((await list('?order=-name')).body.product_templates.map((x: any) => x.name)).toEqual(['Zines', 'Racing', 'Bags']);
    expect((await list('?order=-created_at&limit=1')).body).toMatchObject({ count: 3, limit: 1, offset: 0, product_templates: [{ name: 'Zines' }] });
    expect((await list('?limit=1000&offset=2')).body).toMatchObject({ count: 3, limit: 100, offset: 2, product_templates: [{ name: 'Zines' }] });
    for (const qs of ['?limit=-1', '?limit=1.5', '?offset=-2', '?order=price', '?q=shirt', '?zz=1']) {
      const r = await list(qs);
      expect({ qs, status: r.status, type: r.body.type }).toEqual({ qs, status: 400, type: 'validation_error' });
    }
    expect((await p.api('GET', '/store/product-templates')).status).toBe(401);
  });

  it('the demo templates: apparel, footwear, a simple product', async () => {
    const ten = await p.createTenant();
    // the catalog's demo seed, which writes the demo templates with the demo products
    await p.seedDomain('catalog', ten.tenant_id);
    const r = (await list('', ten.publishable_key)).body;
    expect(r.count).toBe(3);
    expect(r.product_templates.map((x: any) => [x.name, x.options.map((o: any) => o.title)])).toEqual([
      ['Apparel (size and colour)', ['Size', 'Color']],
      ['Footwear (size and width)', ['Size', 'Width']],
      ['Simple product (one variant)', []],
    ]);
  });
});
