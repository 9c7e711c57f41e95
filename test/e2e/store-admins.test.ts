import { Client } from 'pg';
import type { TenantCredentials } from '@svc/identity';
import type { PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';

/**
 * Admins in several stores (identity): a store's admins give an admin account of another store
 * access to theirs, or create a new account in it; the admin lists the stores they may open and
 * switches, each store's session seeing only that store; removing the access ends their sessions
 * for it at once; a store they were not given stays a 404; typed events; bad input changes nothing.
 */
describe('admins in several stores', () => {
  let p: PlatformClient;
  let sql: Client;
  let north: TenantCredentials;
  let south: TenantCredentials;
  let third: TenantCredentials;
  let northAdmin: string;
  let southAdmin: string;
  let thirdAdmin: string;
  const gql = (token: string, query: string, variables: Record<string, unknown> = {}) => p.graphql(query, variables, { token });
  const ADD = 'mutation($input: AddStoreAdminInput!) { addStoreAdmin(input: $input) { id email home added_at } }';
  const REMOVE = 'mutation($id: String!) { removeStoreAdmin(id: $id) }';
  const SWITCH = 'mutation($id: String!) { switchAdminStore(store_id: $id) { token } }';
  const STORES = '{ adminStores { id name home current } }';
  const ADMINS = '{ storeAdmins { id email home } }';
  const settingsName = async (token: string) => (await gql(token, '{ storeSettings { id name } }')).body;
  const adminId = async (email: string) => (await sql.query('select id from identity.admin_user where email = $1', [email])).rows[0].id as string;
  const events = async (tenantId: string) =>
    (await sql.query(`select type, data from identity.outbox_event where tenant_id = $1 and type like 'store_admin.%' order by created_at, id`, [tenantId]))
      .rows;

  beforeAll(async () => {
    p = await sharedPlatform();
    sql = new Client({ connectionString: p.dbUrl });
    await sql.connect();
    north = await p.createTenant('North Shop');
    south = await p.createTenant('South Shop');
    third = await p.createTenant('Third Shop');
    northAdmin = await p.adminToken(north);
    southAdmin = await p.adminToken(south);
    thirdAdmin = await p.adminToken(third);
  });
  afterAll(async () => {
    await sql?.end();
  });

  it('lists only the home store of an admin nobody added elsewhere, and refuses to switch to another store (404, no session)', async () => {
    const stores = (await gql(southAdmin, STORES)).body.data.adminStores;
    expect(stores).toEqual([{ id: south.tenant_id, name: 'South Shop', home: true, current: true }]);
    const sessions = Number((await sql.query('select count(*) from identity.auth_session where tenant_id = $1', [north.tenant_id])).rows[0].count);
    const refused = await gql(southAdmin, SWITCH, { id: north.tenant_id });
    expect(refused.body.errors[0].extensions).toMatchObject({ type: 'not_found' });
    expect(refused.body.data).toBeNull();
    expect(Number((await sql.query('select count(*) from identity.auth_session where tenant_id = $1', [north.tenant_id])).rows[0].count)).toBe(sessions);
    // an unknown id answers the same
    expect((await gql(southAdmin, SWITCH, { id: 'ten_missing' })).body.errors[0].extensions).toMatchObject({ type: 'not_found' });
  });

  it("gives South's admin access to North: they list both stores, switch, and North's session sees North only", async () => {
    const added = (await gql(northAdmin, ADD, { input: { email: south.admin_email } })).body.data.addStoreAdmin;
    expect(added).toMatchObject({ email: south.admin_email, home: false, id: await adminId(south.admin_email) });
    const stores = (await gql(southAdmin, STORES)).body.data.adminStores;
    expect(stores).toEqual([
      { id: south.tenant_id, name: 'South Shop', home: true, current: true },
      { id: north.tenant_id, name: 'North Shop', home: false, current: false },
    ]);

    const switched = (await gql(southAdmin, SWITCH, { id: north.tenant_id })).body.data.switchAdminStore.token as string;
    expect((await settingsName(switched)).data.storeSettings).toEqual({ id: north.tenant_id, name: 'North Shop' });
    expect((await gql(switched, STORES)).body.data.adminStores.find((s: { current: boolean }) => s.current).id).toBe(north.tenant_id);
    // the home session stays open and still sees South
    expect((await settingsName(southAdmin)).data.storeSettings).toEqual({ id: south.tenant_id, name: 'South Shop' });
    // North lists its own admin first, then the one added from South
    expect((await gql(northAdmin, ADMINS)).body.data.storeAdmins).toEqual([
      { id: await adminId(north.admin_email), email: north.admin_email, home: true },
      { id: added.id, email: south.admin_email, home: false },
    ]);
    expect(await events(north.tenant_id)).toEqual([{ type: 'store_admin.added', data: { admin_id: added.id, home: false } }]);
  });

  it('creates a new admin account in the store when the address has none (a password required), who signs in to it', async () => {
    const email = `staff-${Date.now()}@north.example`;
    const missing = await gql(northAdmin, ADD, { input: { email } });
    expect(missing.body.errors[0].extensions).toMatchObject({ type: 'validation_error', code: 'invalid_field' });
    expect((await sql.query('select 1 from identity.admin_user where email = $1', [email])).rowCount).toBe(0);

    const created = (await gql(northAdmin, ADD, { input: { email, password: 'staff-password-1' } })).body.data.addStoreAdmin;
    expect(created).toMatchObject({ email, home: true });
    const signIn = await p.api('POST', '/auth/user/emailpass', { body: { email, password: 'staff-password-1' } });
    expect(signIn.status).toBe(200);
    expect((await settingsName(signIn.body.token)).data.storeSettings.id).toBe(north.tenant_id);
    // a store's own admin cannot be removed by the others
    const kept = await gql(northAdmin, REMOVE, { id: created.id });
    expect(kept.body.errors[0].extensions).toMatchObject({ type: 'conflict', code: 'home_admin' });
  });

  it('refuses bad input and duplicates, writing nothing', async () => {
    const before = Number((await sql.query('select count(*) from identity.admin_membership where tenant_id = $1', [north.tenant_id])).rows[0].count);
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'not-an-email' }, 'validation_error'],
      [{ email: 'x'.repeat(330) + '@example.com' }, 'validation_error'],
      [{ email: `new-${Date.now()}@example.com`, password: 'short' }, 'validation_error'],
      // an existing account keeps its own password
      [{ email: third.admin_email, password: 'another-password-1' }, 'validation_error'],
      // already an admin here: North's own, and South's added before
      [{ email: north.admin_email }, 'conflict'],
      [{ email: south.admin_email.toUpperCase() }, 'conflict'],
    ];
    for (const [input, type] of cases) {
      const r = await gql(northAdmin, ADD, { input });
      expect({ input, type: r.body.errors?.[0]?.extensions?.type }).toEqual({ input, type });
    }
    expect((await gql(northAdmin, ADD, { input: { email: south.admin_email } })).body.errors[0].extensions.code).toBe('already_admin');
    expect(Number((await sql.query('select count(*) from identity.admin_membership where tenant_id = $1', [north.tenant_id])).rows[0].count)).toBe(before);
    // without a session: refused
    const anonymous = await p.graphql(ADMINS);
    expect(anonymous.body.errors?.[0]?.extensions?.type ?? anonymous.body.type).toBe('authentication_error');
  });

  it("keeps stores apart: another store cannot list or remove North's admins, and removing from Third touches nothing of North", async () => {
    const southId = await adminId(south.admin_email);
    // Third never added South: removing them there is a 404, and South keeps North
    expect((await gql(thirdAdmin, REMOVE, { id: southId })).body.errors[0].extensions).toMatchObject({ type: 'not_found' });
    expect((await gql(thirdAdmin, ADMINS)).body.data.storeAdmins.map((a: { email: string }) => a.email)).toEqual([third.admin_email]);
    expect((await gql(southAdmin, STORES)).body.data.adminStores.map((s: { id: string }) => s.id)).toContain(north.tenant_id);
  });

  it('two adds of the same new address at once create one account', async () => {
    const email = `race-${Date.now()}@north.example`;
    const results = await Promise.all([1, 2, 3].map(() => gql(northAdmin, ADD, { input: { email, password: 'race-password-1' } })));
    const ok = results.filter((r) => r.body.data?.addStoreAdmin);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => !x.body.data?.addStoreAdmin)) expect(r.body.errors[0].extensions.code).toBe('already_admin');
    expect((await sql.query('select count(*)::int as n from identity.admin_user where email = $1', [email])).rows[0].n).toBe(1);
  });

  it("removes South's access to North: South's North sessions end at once, North leaves South's list, and a switch is a 404 again", async () => {
    const switched = (await gql(southAdmin, SWITCH, { id: north.tenant_id })).body.data.switchAdminStore.token as string;
    expect((await settingsName(switched)).data.storeSettings.id).toBe(north.tenant_id);
    const southId = await adminId(south.admin_email);
    expect((await gql(northAdmin, REMOVE, { id: southId })).body.data.removeStoreAdmin).toBe(true);

    const ended = await gql(switched, '{ storeSettings { id } }');
    expect(ended.status).toBe(401);
    expect((await gql(southAdmin, STORES)).body.data.adminStores.map((s: { id: string }) => s.id)).toEqual([south.tenant_id]);
    expect((await gql(southAdmin, SWITCH, { id: north.tenant_id })).body.errors[0].extensions).toMatchObject({ type: 'not_found' });
    // South's own session is untouched
    expect((await settingsName(southAdmin)).data.storeSettings.id).toBe(south.tenant_id);
    expect((await gql(northAdmin, REMOVE, { id: southId })).body.errors[0].extensions).toMatchObject({ type: 'not_found' });
    expect((await events(north.tenant_id)).map((e) => e.type)).toContain('store_admin.removed');
  });
});
