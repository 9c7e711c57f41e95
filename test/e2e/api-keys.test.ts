import { Client } from 'pg';
import type { TenantCredentials } from '@svc/identity';
import type { PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';

/**
 * A store admin's own keys through the admin GraphQL API: agent API keys (the key shown once, then
 * only its first characters) and publishable keys, created and revoked; a revoked key stops working
 * at once; another store's keys answer 404; the last publishable key stays; typed events.
 */
describe('admin API keys (agent and publishable)', () => {
  let p: PlatformClient;
  let sql: Client;
  let shop: TenantCredentials;
  let other: TenantCredentials;
  let admin: string;
  let otherAdmin: string;
  const gql = (query: string, variables: Record<string, unknown> = {}, token = admin) => p.graphql(query, variables, { token });
  const setupStatus = (key: string) => p.api('GET', '/v1/setup-status', { token: key });
  const products = (key: string) => p.api('GET', '/store/products?limit=1', { key });
  const CREATE_AGENT = 'mutation($t: String) { createAgentApiKey(title: $t) { id title redacted created_at key } }';
  const REVOKE_AGENT = 'mutation($id: String!) { revokeAgentApiKey(id: $id) { id title } }';
  const CREATE_PK = 'mutation($t: String) { createPublishableKey(title: $t) { id title token sales_channel_ids } }';
  const REVOKE_PK = 'mutation($id: String!) { revokePublishableKey(id: $id) { id token } }';
  const outbox = async (tenantId: string) =>
    (await sql.query(`select type, data from identity.outbox_event where tenant_id = $1 and type like 'api_key.%' order by created_at, id`, [tenantId])).rows;

  beforeAll(async () => {
    p = await sharedPlatform();
    sql = new Client({ connectionString: p.dbUrl });
    await sql.connect();
    shop = await p.createTenant();
    other = await p.createTenant();
    admin = await p.adminToken(shop);
    otherAdmin = await p.adminToken(other);
    await p.seedCatalog(shop.tenant_id);
  });
  afterAll(async () => {
    await sql?.end();
  });

  it('creates an agent key shown once, lists it by its first characters, and revokes it: it stops working at once', async () => {
    const created = (await gql(CREATE_AGENT, { t: 'Warehouse sync' })).body.data.createAgentApiKey;
    expect(created).toMatchObject({ id: expect.stringMatching(/^akey_/), title: 'Warehouse sync', key: expect.stringMatching(/^sk_/) });
    expect(created.redacted).toBe(created.key.slice(0, 8));
    expect((await setupStatus(created.key)).status).toBe(200);

    const listed = (await gql('{ agentApiKeys { id title redacted } }')).body.data.agentApiKeys;
    expect(listed).toContainEqual({ id: created.id, title: 'Warehouse sync', redacted: created.redacted });
    // the key itself is no field of a listed key, and the store's first key is still there
    expect(listed).toHaveLength(2);
    expect((await gql('{ agentApiKeys { key } }')).body.errors[0].extensions.type).toBe('validation_error');
    // only its digest is stored
    const stored = await sql.query('select * from identity.agent_api_key where id = $1', [created.id]);
    expect(JSON.stringify(stored.rows[0])).not.toContain(created.key);

    expect((await gql(REVOKE_AGENT, { id: created.id })).body.data.revokeAgentApiKey).toEqual({ id: created.id, title: 'Warehouse sync' });
    const refused = await setupStatus(created.key);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ type: 'authentication_error' });
    // the store's other key still works; a second revocation finds nothing
    expect((await setupStatus(shop.agent_api_key)).status).toBe(200);
    expect((await gql(REVOKE_AGENT, { id: created.id })).body.errors[0].extensions).toMatchObject({ type: 'not_found' });
    expect((await gql('{ agentApiKeys { id } }')).body.data.agentApiKeys.map((k: any) => k.id)).not.toContain(created.id);
  });

  it("creates and revokes publishable keys; the store's last one stays", async () => {
    const pk = (await gql(CREATE_PK, { t: 'Mobile app' })).body.data.createPublishableKey;
    expect(pk).toMatchObject({ id: expect.stringMatching(/^apk_/), title: 'Mobile app', token: expect.stringMatching(/^pk_/), sales_channel_ids: [] });
    expect((await products(pk.token)).status).toBe(200);
    const live = (await gql('{ publishableKeys { id token } }')).body.data.publishableKeys;
    expect(live.map((k: any) => k.id)).toEqual(expect.arrayContaining([pk.id]));

    expect((await gql(REVOKE_PK, { id: pk.id })).body.data.revokePublishableKey).toEqual({ id: pk.id, token: pk.token });
    const refused = await products(pk.token);
    expect(refused.status).toBe(401);
    expect(refused.body.type).toBe('authentication_error');
    expect((await products(shop.publishable_key)).status).toBe(200);

    // the last live key: refused, nothing changed
    const first = (await gql('{ publishableKeys { id } }')).body.data.publishableKeys;
    expect(first).toHaveLength(1);
    const last = await gql(REVOKE_PK, { id: first[0].id });
    expect(last.body.errors[0].extensions).toMatchObject({ type: 'conflict', code: 'last_publishable_key' });
    expect((await products(shop.publishable_key)).status).toBe(200);
  });

  it('two revocations racing for the last two publishable keys leave one', async () => {
    const a = (await gql(CREATE_PK, { t: 'Race' })).body.data.createPublishableKey;
    const ids = (await gql('{ publishableKeys { id } }')).body.data.publishableKeys.map((k: any) => k.id);
    expect(ids).toHaveLength(2);
    const both = await Promise.all(ids.map((id: string) => gql(REVOKE_PK, { id })));
    expect(both.filter((r) => r.body.data?.revokePublishableKey)).toHaveLength(1);
    expect(both.filter((r) => r.body.errors?.[0].extensions.code === 'last_publishable_key')).toHaveLength(1);
    const left = (await gql('{ publishableKeys { id token } }')).body.data.publishableKeys;
    expect(left).toHaveLength(1);
    // whichever stayed, the shop's storefront keeps a working key: make the original key the live one again
    if (left[0].id === a.id) shop = { ...shop, publishable_key: a.token };
    expect((await products(shop.publishable_key)).status).toBe(200);
  });

  it("another store's keys answer 404 and keep working", async () => {
    const theirs = (await gql(CREATE_AGENT, { t: 'Theirs' }, otherAdmin)).body.data.createAgentApiKey;
    const theirPk = (await gql('{ publishableKeys { id } }', {}, otherAdmin)).body.data.publishableKeys[0].id;
    expect((await gql(REVOKE_AGENT, { id: theirs.id })).body.errors[0].extensions).toMatchObject({ type: 'not_found' });
    expect((await gql(REVOKE_PK, { id: theirPk })).body.errors[0].extensions).toMatchObject({ type: 'not_found' });
    expect((await gql('{ agentApiKeys { id } }')).body.data.agentApiKeys.map((k: any) => k.id)).not.toContain(theirs.id);
    expect((await setupStatus(theirs.key)).status).toBe(200);
    expect((await products(other.publishable_key)).status).toBe(200);
  });

  it('refuses bad titles, callers that are not admins, and a 21st live key, writing nothing', async () => {
    const before = (await gql('{ agentApiKeys { id } }')).body.data.agentApiKeys.length;
    for (const t of ['', '   ', 'x'.repeat(201)]) {
      const r = await gql(CREATE_AGENT, { t });
      expect(r.body.errors[0].extensions).toMatchObject({ type: 'validation_error', code: 'invalid_field' });
    }
    expect((await gql(CREATE_PK, { t: ' ' })).body.errors[0].extensions.type).toBe('validation_error');
    // an agent key cannot mint or list keys, nor can an anonymous caller
    const asAgent = await p.graphql(CREATE_AGENT, { t: 'escalate' }, { token: shop.agent_api_key, key: shop.publishable_key });
    expect(asAgent.body.errors[0].extensions.type).toBe('permission_error');
    const anonymous = await p.graphql(CREATE_AGENT, { t: 'escalate' }, { key: shop.publishable_key });
    expect(anonymous.body.errors[0].extensions.type).toBe('authentication_error');
    expect((await gql('{ agentApiKeys { id } }')).body.data.agentApiKeys.length).toBe(before);

    const made: string[] = [];
    for (let i = before; i < 20; i++) made.push((await gql(CREATE_AGENT, { t: `Bulk ${i}` })).body.data.createAgentApiKey.id);
    const over = await gql(CREATE_AGENT, { t: 'One too many' });
    expect(over.body.errors[0].extensions).toMatchObject({ type: 'conflict', code: 'too_many_keys' });
    expect((await gql('{ agentApiKeys { id } }')).body.data.agentApiKeys).toHaveLength(20);
    for (const id of made) await gql(REVOKE_AGENT, { id });
  });

  it('tells the platform with typed events, never carrying a secret', async () => {
    const events = await outbox(shop.tenant_id);
    expect(events).toContainEqual({ type: 'api_key.created', data: { id: expect.stringMatching(/^akey_/), kind: 'agent', title: 'Warehouse sync' } });
    expect(events).toContainEqual({ type: 'api_key.revoked', data: { id: expect.stringMatching(/^akey_/), kind: 'agent', title: 'Warehouse sync' } });
    expect(events).toContainEqual({ type: 'api_key.created', data: { id: expect.stringMatching(/^apk_/), kind: 'publishable', title: 'Mobile app' } });
    expect(events).toContainEqual({ type: 'api_key.revoked', data: { id: expect.stringMatching(/^apk_/), kind: 'publishable', title: 'Mobile app' } });
    expect(JSON.stringify(events)).not.toMatch(/"(sk|pk)_/);
    expect(await outbox(other.tenant_id)).toEqual([{ type: 'api_key.created', data: expect.objectContaining({ title: 'Theirs' }) }]);
  });
});
