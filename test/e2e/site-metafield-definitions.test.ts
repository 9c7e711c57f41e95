import type { Client } from 'pg';
import type { TenantCredentials } from '@svc/identity';
import type { PlatformClient } from '../support/http';
import { sharedTwoStores } from '../support/two-stores';
import { graphqlHelpers } from '../support/site';

/**
 * Metafield definitions of the site domain: a namespace + key declared once per resource type with
 * the type its values must have and their default visibility; values checked against them; the
 * definitions listed, renamed and deleted (the values stay); tenants kept apart.
 */
describe('site: metafield definitions', () => {
  const D = 'id resource_type namespace key type name description storefront_visible metafield_count created_at updated_at';
  const CREATE = `mutation($input: CreateMetafieldDefinitionInput!) { createMetafieldDefinition(input: $input) { ${D} } }`;
  const UPDATE = `mutation($id: String!, $input: UpdateMetafieldDefinitionInput!) { updateMetafieldDefinition(id: $id, input: $input) { ${D} } }`;
  const DELETE = `mutation($id: String!) { deleteMetafieldDefinition(id: $id) { ${D} } }`;
  const LIST = `query($t: String) { metafieldDefinitions(resource_type: $t) { ${D} } }`;
  const SET = `mutation($input: SetMetafieldInput!) { setMetafield(input: $input) { namespace key type value storefront_visible } }`;

  let p: PlatformClient;
  let sql: Client;
  let shop: TenantCredentials;
  let other: TenantCredentials;
  let admin: string;
  let otherAdmin: string;
  let PRODUCT = '';
  let SECOND = '';
  const { run, refused } = graphqlHelpers(
    () => p,
    () => admin,
  );
  const visible = async (id: string) => (await p.api('GET', `/store/metafields/product/${id}`, { key: shop.publishable_key })).body.metafields;
  const temperature = { resource_type: 'product', namespace: 'care', key: 'wash_temperature', type: 'integer', name: 'Wash temperature (°C)' };

  beforeAll(async () => {
    ({ p, sql, shop, other, admin, otherAdmin } = await sharedTwoStores());
    PRODUCT = (await run(`mutation { createProduct(input: { title: "Wool coat" }) { id } }`, {})).id;
    SECOND = (await run(`mutation { createProduct(input: { title: "Silk scarf" }) { id } }`, {})).id;
  });
  afterAll(async () => {
    await sql?.end();
  });

  it('declares a definition once (duplicates 409, bad input 400, admins only) and lists it', async () => {
    const d = await run(CREATE, { input: { ...temperature, description: 'The highest safe temperature', storefront_visible: true } });
    expect(d).toMatchObject({ ...temperature, description: 'The highest safe temperature', storefront_visible: true, metafield_count: 0 });
    expect(d.id).toMatch(/^mfd_/);
    expect(await refused(CREATE, { input: temperature })).toMatchObject({ type: 'conflict', code: 'duplicate' });
    for (const bad of [
      { namespace: 'Care' },
      { key: 'a b' },
      { type: 'float' },
      { name: '  ' },
      { resource_type: 'Product' },
      { description: 'x'.repeat(1001) },
    ]) {
      expect(await refused(CREATE, { input: { ...temperature, key: 'other', ...bad } })).toMatchObject({ type: 'validation_error' });
    }
    // the same key for another resource type is its own definition
    await run(CREATE, { input: { ...temperature, resource_type: 'collection', type: 'string', name: 'Care note' } });
    expect((await run(LIST, { t: 'product' })).map((x: any) => `${x.resource_type}:${x.namespace}.${x.key}`)).toEqual(['product:care.wash_temperature']);
    expect((await run(LIST, {})).map((x: any) => x.resource_type)).toEqual(['collection', 'product']);
    // a storefront key is no admin
    const r = await p.graphql(LIST, {}, { key: shop.publishable_key });
    expect(r.body.errors?.[0]?.extensions?.type).toMatch(/^(authentication|permission)_error$/);
  });

  it("checks values against the definition's type and takes its default visibility", async () => {
    const input = { resource_type: 'product', resource_id: PRODUCT, namespace: 'care', key: 'wash_temperature' };
    const wrong = (await p.graphql(SET, { input: { ...input, type: 'string', value: '30 degrees' } }, { token: admin })).body.errors[0];
    expect(wrong.extensions).toMatchObject({ type: 'validation_error', code: 'invalid_field' });
    expect(wrong.message).toContain('defined for product as integer');
    // the right type: visible without saying so, as the definition says
    expect(await run(SET, { input: { ...input, type: 'integer', value: 30 } })).toMatchObject({ value: 30, storefront_visible: true });
    expect(await visible(PRODUCT)).toEqual([{ namespace: 'care', key: 'wash_temperature', type: 'integer', value: 30 }]);
    // said otherwise: back office only
    expect(await run(SET, { input: { ...input, resource_id: SECOND, type: 'integer', value: 40, storefront_visible: false } })).toMatchObject({
      storefront_visible: false,
    });
    expect(await visible(SECOND)).toEqual([]);
    // keys nobody defined stay free
    expect(await run(SET, { input: { ...input, key: 'note', type: 'string', value: 'Dry clean' } })).toMatchObject({ storefront_visible: false });
    expect((await run(LIST, { t: 'product' }))[0].metafield_count).toBe(2);
  });

  it('refuses a definition that values of the key contradict (409 type_mismatch)', async () => {
    await run(SET, { input: { resource_type: 'product', resource_id: PRODUCT, namespace: 'specs', key: 'weight', type: 'string', value: '1.2 kg' } });
    const ext = await refused(CREATE, { input: { resource_type: 'product', namespace: 'specs', key: 'weight', type: 'decimal', name: 'Weight (kg)' } });
    expect(ext).toMatchObject({ type: 'conflict', code: 'type_mismatch' });
    expect(await run(CREATE, { input: { resource_type: 'product', namespace: 'specs', key: 'weight', type: 'string', name: 'Weight' } })).toMatchObject({
      metafield_count: 1,
    });
  });

  it('renames a definition and deletes it; the values stay and the key is free again', async () => {
    const [d] = await run(LIST, { t: 'product' });
    const renamed = await run(UPDATE, { id: d.id, input: { name: 'Max. wash temperature', description: null, storefront_visible: false } });
    expect(renamed).toMatchObject({ id: d.id, name: 'Max. wash temperature', description: null, storefront_visible: false, type: 'integer' });
    expect(await refused(UPDATE, { id: d.id, input: { name: '' } })).toMatchObject({ type: 'validation_error' });
    expect(await refused(UPDATE, { id: 'mfd_missing', input: { name: 'x' } })).toMatchObject({ type: 'not_found' });
    expect(await run(DELETE, { id: d.id })).toMatchObject({ id: d.id, metafield_count: 2 });
    expect(await refused(DELETE, { id: d.id })).toMatchObject({ type: 'not_found' });
    expect(await visible(PRODUCT)).toEqual([{ namespace: 'care', key: 'wash_temperature', type: 'integer', value: 30 }]);
    await run(SET, {
      input: { resource_type: 'product', resource_id: SECOND, namespace: 'care', key: 'wash_temperature', type: 'string', value: 'cold' },
    });
  });

  it('keeps tenants apart', async () => {
    const [d] = await run(LIST, { t: 'collection' });
    expect(await run(LIST, {}, otherAdmin)).toEqual([]);
    expect(await refused(UPDATE, { id: d.id, input: { name: 'Theirs' } }, otherAdmin)).toMatchObject({ type: 'not_found' });
    expect(await refused(DELETE, { id: d.id }, otherAdmin)).toMatchObject({ type: 'not_found' });
    // the other store defines the same key as its own, with another type
    expect(await run(CREATE, { input: { ...temperature, type: 'string', name: 'Theirs' } }, otherAdmin)).toMatchObject({ type: 'string' });
    expect((await run(LIST, { t: 'product' })).map((x: any) => x.type)).toEqual(['string']);
    const rows = await sql.query(`select tenant_id from "site".metafield_definition where tenant_id = any($1)`, [[shop.tenant_id, other.tenant_id]]);
    expect(rows.rows.length).toBe(3);
  });
});
