import { Client } from 'pg';
import { systemContext, type RequestContext } from '@svc/kit';
import type { TenantCredentials } from '@svc/identity';
import { demo{{Name}}Items, domain, type {{Name}}Services } from '@svc/{{name}}';
import { startTestPlatform, type TestPlatform } from '../support/platform';

/**
 * The {{name}} domain end to end (scaffolded by `npm run domain:new -- {{name}}`): admin writes
 * through GraphQL, storefront reads through REST with a publishable key, tenant isolation,
 * validation at both doors, events in the outbox of the writing transaction, the demo seed hook.
 */
describe('{{name}}: {{human}} items', () => {
  const ITEM = 'id title handle description metadata created_at updated_at';
  const CREATE = `mutation($input: Create{{Name}}ItemInput!) { create{{Name}}Item(input: $input) { ${ITEM} } }`;
  const UPDATE = `mutation($id: String!, $input: Update{{Name}}ItemInput!) { update{{Name}}Item(id: $id, input: $input) { ${ITEM} } }`;
  const INPUTS = [
    { title: 'First Light', description: 'The earliest one', metadata: { rank: 1, featured: true } },
    { title: 'Second Wind', handle: 'second-wind' },
    { title: 'Third Time Lucky', description: null },
  ];

  let p: TestPlatform;
  let sql: Client;
  let shop: TenantCredentials;
  let other: TenantCredentials;
  let admin: string;
  let items: any[];
  let otherItem: any;

  /** a storefront read of this domain's REST routes (`/store/{{name}}-items…`) */
  const store = (path: string, key = shop.publishable_key) => p.api('GET', `/store/{{name}}-items${path}`, { key });
  /** runs a GraphQL operation and returns `data`, failing loudly on errors */
  const run = async (query: string, variables: Record<string, unknown>, token = admin): Promise<any> => {
    const r = await p.graphql(query, variables, { token });
    if (r.body?.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(r.body.errors)}`);
    expect(r.status).toBe(200);
    return r.body.data;
  };
  /** outbox rows of a type for a tenant (and an item id) */
  const events = async (tenantId: string, type: string, id?: string): Promise<Array<{ data: any }>> =>
    (await sql.query(`select data from "{{snake}}".outbox_event where tenant_id = $1 and type = $2 and ($3::text is null or data->>'id' = $3)`, [tenantId, type, id ?? null])).rows;
  const rows = async (tenantId: string, handle: string) =>
    Number((await sql.query(`select count(*)::int as n from "{{snake}}".{{snake}}_item where tenant_id = $1 and handle = $2`, [tenantId, handle])).rows[0].n);

  beforeAll(async () => {
    p = await startTestPlatform({ env: { WORKERS_DISABLED: 'true' } });
    sql = new Client({ connectionString: p.dbUrl });
    await sql.connect();
    shop = await p.createTenant();
    other = await p.createTenant();
    admin = await p.adminToken(shop);
    items = [];
    for (const input of INPUTS) items.push((await run(CREATE, { input })).create{{Name}}Item);
    otherItem = (await run(CREATE, { input: { title: 'Not Yours' } }, await p.adminToken(other))).create{{Name}}Item;
  });
  afterAll(async () => {
    await sql?.end();
    await p?.stop();
  });

  it('creates items through GraphQL with an admin token, each with its created event in the outbox', async () => {
    expect(items.map((i) => i.handle)).toEqual(['first-light', 'second-wind', 'third-time-lucky']);
    expect(items[0]).toMatchObject({ title: 'First Light', description: 'The earliest one', metadata: { rank: 1, featured: true } });
    expect(items[2]).toMatchObject({ description: null, metadata: null });
    for (const i of items) {
      expect(i.id).toMatch(/^{{prefix}}_[0-9A-Z]{26}$/);
      expect((await events(shop.tenant_id, '{{snake}}_item.created', i.id)).map((e) => e.data)).toEqual([{ id: i.id, handle: i.handle }]);
    }
    const duplicate = await p.graphql(CREATE, { input: { title: 'Again', handle: 'second-wind' } }, { token: admin });
    expect(duplicate.body.errors[0].extensions).toMatchObject({ type: 'conflict', code: 'duplicate' });
    const invalid = await p.graphql(CREATE, { input: { title: '', handle: 'Not A Handle' } }, { token: admin });
    expect(invalid.body.errors[0].extensions).toMatchObject({ type: 'validation_error' });
    expect(await rows(shop.tenant_id, 'again')).toBe(0);
  });

  it('writes the created event in the same transaction as the item: both roll back, or both commit', async () => {
    const s = p.services<{{Name}}Services>('{{name}}');
    const tenant = await p.createTenant();
    const ctx: RequestContext = { ...systemContext(p.log, tenant.tenant_id, 'uow'), actor: { type: 'admin', id: 'user_test' }, roles: ['admin'] };
    await expect(
      s.store.transaction(ctx, async (_em, tx) => {
        await s.items.create(tx, { title: 'Rolled Back' });
        // a raw read in the same unit of work sees the item and its event
        const [seen] = await s.store.sql<{ n: number }>(tx, `select count(*)::int as n from ${s.store.table('outbox_event')} where tenant_id = ?`, [tenant.tenant_id]);
        expect(seen.n).toBe(1);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await rows(tenant.tenant_id, 'rolled-back')).toBe(0);
    expect(await events(tenant.tenant_id, '{{snake}}_item.created')).toEqual([]);

    const kept = await s.store.transaction(ctx, (_em, tx) => s.items.create(tx, { title: 'Kept' }));
    expect(await rows(tenant.tenant_id, 'kept')).toBe(1);
    expect((await events(tenant.tenant_id, '{{snake}}_item.created')).map((e) => e.data)).toEqual([{ id: kept.id, handle: 'kept' }]);
  });

  it('lists the store\'s items through REST with a publishable key, newest first', async () => {
    const r = await store('');
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['count', 'limit', 'offset', '{{snake}}_items'].sort());
    expect(r.body).toMatchObject({ count: 3, offset: 0, limit: 20 });
    expect(r.body.{{snake}}_items).toEqual([...items].reverse());

    const page = await store('?order=title&limit=1&offset=1');
    expect(page.body).toMatchObject({ count: 3, offset: 1, limit: 1 });
    expect(page.body.{{snake}}_items.map((i: any) => i.title)).toEqual(['Second Wind']);
    expect((await store('?q=light')).body.{{snake}}_items.map((i: any) => i.id)).toEqual([items[0].id]);
    expect((await store('?handle=second-wind')).body.{{snake}}_items.map((i: any) => i.id)).toEqual([items[1].id]);
    expect((await store(`?id=${items[2].id}`)).body.count).toBe(1);
    expect((await store('?limit=0')).body).toEqual({ {{snake}}_items: [], count: 3, offset: 0, limit: 0 });
    const sparse = await store('?fields=title');
    expect(Object.keys(sparse.body.{{snake}}_items[0]).sort()).toEqual(['id', 'title']);
  });

  it('gets one item through REST by id or by handle', async () => {
    const byId = await store(`/${items[1].id}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual({ {{snake}}_item: items[1] });
    const byHandle = await store('/second-wind');
    expect(byHandle.body.{{snake}}_item.id).toBe(items[1].id);
  });

  it('answers 404 for another tenant\'s item, and lists only the tenant\'s own', async () => {
    const theirs = await store(`/${otherItem.id}`);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ type: 'not_found' });
    expect((await store(`/${items[0].id}`, other.publishable_key)).status).toBe(404);
    expect((await store('/no-such-item')).status).toBe(404);
    expect((await store('', other.publishable_key)).body.{{snake}}_items.map((i: any) => i.id)).toEqual([otherItem.id]);
  });

  it('answers 400 for bad query input and 401 without a publishable key', async () => {
    for (const q of ['?limit=abc', '?offset=-1', '?order=sideways', '?colour=red', '?fields=nope']) {
      const r = await store(q);
      expect(`${q} -> ${r.status}`).toBe(`${q} -> 400`);
      expect(r.body).toMatchObject({ type: 'validation_error' });
    }
    const anonymous = await p.api('GET', '/store/{{name}}-items');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ type: 'authentication_error' });
  });

  it('reads the same items through GraphQL', async () => {
    const r = await p.graphql(`query { {{camel}}Items(order: "title") { count items { id } } {{camel}}Item(id: "second-wind") { id title } }`, {}, { key: shop.publishable_key });
    expect(r.body.errors).toBeUndefined();
    const data = r.body.data;
    expect(data.{{camel}}Items).toEqual({ count: 3, items: items.map((i) => ({ id: i.id })) });
    expect(data.{{camel}}Item).toEqual({ id: items[1].id, title: 'Second Wind' });
  });

  it('resolves an item by reference (`_entities`, as the gateway\'s query planner asks): its own store\'s id, null for another\'s', async () => {
    const storefront = (tenantId: string): RequestContext => ({
      ...systemContext(p.log, tenantId, 'entities'),
      actor: { type: 'anonymous', id: null },
      roles: [],
      publishableKey: true,
    });
    const entities = (ids: string[], tenantId: string) =>
      p.gw.fetchSubgraph(
        '{{name}}',
        'query Entities($r: [_Any!]!) { _entities(representations: $r) { __typename ... on {{Name}}Item { id title } } }',
        { r: ids.map((id) => ({ __typename: '{{Name}}Item', id })) },
        storefront(tenantId),
      );
    const mine = await entities([items[0].id, otherItem.id, items[1].id], shop.tenant_id);
    expect(mine.errors).toBeUndefined();
    expect(mine.data?._entities).toEqual([
      { __typename: '{{Name}}Item', id: items[0].id, title: items[0].title },
      null,
      { __typename: '{{Name}}Item', id: items[1].id, title: items[1].title },
    ]);
    const theirs = await entities([items[0].id], other.tenant_id);
    expect(theirs.errors).toBeUndefined();
    expect(theirs.data?._entities).toEqual([null]);
  });

  it('updates an item through GraphQL: the store shows it, the updated event names the fields', async () => {
    const updated = (await run(UPDATE, { id: items[2].id, input: { title: 'Third Time Luckier', metadata: { badge: 'new' } } })).update{{Name}}Item;
    expect(updated).toMatchObject({ id: items[2].id, title: 'Third Time Luckier', handle: 'third-time-lucky', metadata: { badge: 'new' } });
    expect(Date.parse(updated.updated_at)).toBeGreaterThanOrEqual(Date.parse(items[2].updated_at));
    expect((await store(`/${items[2].id}`)).body.{{snake}}_item).toEqual(updated);
    expect((await events(shop.tenant_id, '{{snake}}_item.updated', items[2].id)).map((e) => e.data)).toEqual([{ id: items[2].id, fields: ['title', 'metadata'] }]);
    const taken = await p.graphql(UPDATE, { id: items[2].id, input: { handle: 'second-wind' } }, { token: admin });
    expect(taken.body.errors[0].extensions).toMatchObject({ type: 'conflict' });
    const foreign = await p.graphql(UPDATE, { id: otherItem.id, input: { title: 'Mine now' } }, { token: admin });
    expect(foreign.body.errors[0].extensions).toMatchObject({ type: 'not_found' });
    items[2] = updated;
  });

  it('refuses admin mutations without an admin token (authentication) or with a customer token (permission)', async () => {
    const input = { title: 'Hijacked' };
    const anonymous = await p.graphql(CREATE, { input }, { key: shop.publishable_key });
    expect(anonymous.body.errors[0].extensions).toMatchObject({ type: 'authentication_error' });
    const nothing = await p.graphql(CREATE, { input });
    expect(nothing.body.errors[0].extensions).toMatchObject({ type: 'authentication_error' });
    const garbage = await p.graphql(CREATE, { input }, { token: 'not.a.jwt' });
    expect(garbage.status).toBe(401);
    const customer = await p.registerCustomer(shop.publishable_key);
    const asCustomer = await p.graphql(CREATE, { input }, { token: customer.token, key: shop.publishable_key });
    expect(asCustomer.body.errors[0].extensions).toMatchObject({ type: 'permission_error' });
    const update = await p.graphql(UPDATE, { id: items[0].id, input }, { token: customer.token, key: shop.publishable_key });
    expect(update.body.errors[0].extensions).toMatchObject({ type: 'permission_error' });
    expect(await rows(shop.tenant_id, 'hijacked')).toBe(0);
    expect((await store(`/${items[0].id}`)).body.{{snake}}_item.title).toBe('First Light');
  });

  it('seeds the demo items through the manifest\'s seed hook', async () => {
    const tenant = await p.createTenant();
    const ctx = systemContext(p.log, tenant.tenant_id, 'seed');
    await domain.seed!(p.services<{{Name}}Services>('{{name}}'), { ctx, tenantId: tenant.tenant_id, publicUrl: p.url, staticDir: p.staticDir, log: p.log });
    const r = await store('?order=created_at', tenant.publishable_key);
    expect(r.body.{{snake}}_items.map((i: any) => i.title)).toEqual(demo{{Name}}Items().map((i) => i.title));
    expect(r.body.count).toBe(3);
  });
});
