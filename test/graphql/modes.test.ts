import pino from 'pino';
import { Client } from 'pg';
import { ChangeBus, loadConfig, startSubgraph, systemContext, type SubgraphRuntime } from '@svc/kit';
import { domain as catalogDomain, demoCatalog, imageBaseUrl, type CatalogServices } from '@svc/catalog';
import { serveSubgraph, type SubgraphServer } from '@svc/gateway';
import { publicUrlOf, startParticipant, startPlatform, type Participant, type Platform } from '@svc/platform';
import { freshDatabase } from '../support/db';
import { waitFor } from '../support/wait';
import { TEST_SETTINGS } from '../support/test-env';

/**
 * The same operations through the in-process gateway and through a gateway that reaches the
 * catalog subgraph over HTTP (its own server, signed context), against one database.
 */
describe('gateway modes: in-process and remote subgraphs', () => {
  let db: { url: string; drop(): Promise<void> };
  let local: Platform;
  let remote: Platform;
  /** identity in its own participant; a gateway that authenticates through its internal operations */
  let identity: Participant;
  let remoteAuth: Platform;
  let adminEmail = '';
  let bus: ChangeBus;
  let rt: SubgraphRuntime<CatalogServices>;
  let server: SubgraphServer;
  let key: string;
  const subgraphLogs: Array<Record<string, unknown>> = [];

  const env = (extra: Record<string, string> = {}) =>
    loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: db.url,
      DB_POOL_SIZE: '4',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      ...TEST_SETTINGS,
      WORKERS_DISABLED: 'true',
      ...extra,
    });

  beforeAll(async () => {
    db = await freshDatabase();
    local = await startPlatform({ config: env() });
    const creds = await local.identity.tenants.create(systemContext(local.log, null, 't'), {
      name: 'Modes',
      adminEmail: 'modes@example.com',
      adminPassword: 'modes-admin-password',
    });
    adminEmail = 'modes@example.com';
    key = creds.publishable_key;
    await local.services<CatalogServices>('catalog').seed.load(creds.tenant_id, demoCatalog(), imageBaseUrl(publicUrlOf(local)));

    const log = pino({ level: 'debug' }, { write: (s: string) => void subgraphLogs.push(JSON.parse(s)) });
    const cfg = env();
    bus = new ChangeBus(db.url, log);
    await bus.start();
    rt = await startSubgraph(catalogDomain, { config: cfg, dbUrl: db.url, log, bus });
    server = await serveSubgraph(rt, { port: 0, host: '127.0.0.1', internalSecret: cfg.internalSecret, log });
    remote = await startPlatform({ config: env({ SUBGRAPH_CATALOG_URL: server.url }) });
    identity = await startParticipant({ names: ['identity'], config: env({ SUBGRAPH_CATALOG_URL: server.url }), log: pino({ level: 'silent' }), port: 0 });
    remoteAuth = await startPlatform({ config: env({ SUBGRAPH_CATALOG_URL: server.url, SUBGRAPH_IDENTITY_URL: identity.url }) });
  });

  afterAll(async () => {
    await remoteAuth?.close();
    await identity?.close();
    await remote?.close();
    await server?.close();
    await rt?.close();
    await bus?.close();
    await local?.close();
    await db?.drop();
  });

  const gql = async (p: Platform, query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
    const res = await fetch(`${p.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-publishable-api-key': key, ...headers },
      body: JSON.stringify({ query, variables }),
    });
    return { status: res.status, body: (await res.json()) as any };
  };

  const QUERY = `query Modes($region: String) {
    regions { items { id currency_code } }
    products(limit: 5, region_id: $region) {
      count
      items { id handle title variants { sku inventory_quantity calculated_price { calculated_amount currency_code } } categories { handle } }
    }
  }`;

  it('answers the same query identically in both modes', async () => {
    const first = await gql(local, QUERY);
    const region = first.body.data.regions.items[1].id;
    const a = await gql(local, QUERY, { region });
    const b = await gql(remote, QUERY, { region });
    expect(a.status).toBe(200);
    expect(a.body.errors).toBeUndefined();
    expect(a.body.data.products.count).toBe(demoCatalog().products.length);
    expect(a.body.data.products.items[0].variants[0].calculated_price.currency_code).toBe(first.body.data.regions.items[1].currency_code);
    expect(b.body).toEqual(a.body);
  });

  it('serves the REST facade over the remote subgraph with the same documents', async () => {
    const get = (p: Platform) => fetch(`${p.url}/api/store/products?limit=3`, { headers: { 'x-publishable-api-key': key } }).then((r) => r.json());
    expect(await get(remote)).toEqual(await get(local));
  });

  it('brings variant prices with fields=+variants.prices in both modes (an operation argument, not a hidden property)', async () => {
    const get = (p: Platform, q: string) =>
      fetch(`${p.url}/api/store/products/classic-organic-tee${q}`, { headers: { 'x-publishable-api-key': key } }).then((r) => r.json() as Promise<any>);
    for (const p of [local, remote]) {
      const plain = await get(p, '');
      expect(plain.product.variants[0].prices).toBeUndefined();
      const added = await get(p, '?fields=%2Bvariants.prices');
      expect(added.product.variants[0].prices.length).toBeGreaterThanOrEqual(3);
      expect(added.product.variants[0].prices[0]).toMatchObject({ currency_code: expect.any(String), amount: expect.any(Number) });
      const only = await get(p, '?fields=id,variants.prices');
      expect(Object.keys(only.product).sort()).toEqual(['id', 'variants']);
      expect(only.product.variants[0].prices).toEqual(added.product.variants[0].prices);
    }
    expect(await get(remote, '?fields=%2Bvariants.prices')).toEqual(await get(local, '?fields=%2Bvariants.prices'));
  });

  it('carries errors with their type and code across the HTTP hop', async () => {
    const res = await fetch(`${remote.url}/api/store/products/no-such-product`, { headers: { 'x-publishable-api-key': key } });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ type: 'not_found', code: 'not_found' });
  });

  it('passes the request id from the facade through the gateway to the remote subgraph', async () => {
    const res = await fetch(`${remote.url}/api/store/products?limit=1`, { headers: { 'x-publishable-api-key': key, 'x-request-id': 'req-modes-42' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('req-modes-42');
    expect(subgraphLogs.some((l) => l.reqId === 'req-modes-42' && l.msg === 'subgraph request')).toBe(true);
  });

  it('refuses direct calls to a subgraph that lack the gateway signature', async () => {
    const res = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ regions { count } }' }),
    });
    const body = (await res.json()) as any;
    expect(res.status).toBe(401);
    expect(body.errors[0].extensions.code).toBe('internal_context_missing');
  });

  it('authenticates through identity in another process (its internal operations), not its tables', async () => {
    expect(remoteAuth.subgraphs.identity).toBeUndefined();
    const first = await gql(local, QUERY);
    const region = first.body.data.regions.items[1].id;
    expect((await gql(remoteAuth, QUERY, { region })).body).toEqual((await gql(local, QUERY, { region })).body);
    const bad = await fetch(`${remoteAuth.url}/api/store/products?limit=1`, { headers: { 'x-publishable-api-key': 'pk_no_such_key_at_all' } });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ type: 'authentication_error', code: 'invalid_publishable_key' });

    const login = await fetch(`${remoteAuth.url}/api/auth/user/emailpass`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: adminEmail, password: 'modes-admin-password' }),
    });
    const { token } = (await login.json()) as { token: string };
    const settings = await gql(remoteAuth, '{ storeSettings { allowed_origins } }', {}, { authorization: `Bearer ${token}` });
    expect(settings.body.errors).toBeUndefined();
    // a session revoked in identity is refused at once by the other process's gateway
    await gql(local, 'mutation { logout { success } }', {}, { authorization: `Bearer ${token}` });
    const after = await gql(remoteAuth, '{ storeSettings { allowed_origins } }', {}, { authorization: `Bearer ${token}` });
    expect(after.body.errors[0].extensions).toMatchObject({ type: 'authentication_error', code: 'token_invalid' });
  });

  it('drops what the remote authority cached when identity announces a credential change', async () => {
    const origin = 'https://modes-shop.example';
    const cors = () =>
      fetch(`${remoteAuth.url}/api/store/products?limit=1`, { headers: { 'x-publishable-api-key': key, origin } }).then((r) =>
        r.headers.get('access-control-allow-origin'),
      );
    expect(await cors()).toBeNull(); // now cached: the store allows no origin
    const login = await fetch(`${local.url}/api/auth/user/emailpass`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: adminEmail, password: 'modes-admin-password' }),
    });
    const { token } = (await login.json()) as { token: string };
    const changed = await gql(
      local,
      'mutation($input: StoreSettingsInput!) { updateStoreSettings(input: $input) { allowed_origins } }',
      { input: { allowed_origins: [origin] } },
      { authorization: `Bearer ${token}` },
    );
    expect(changed.body.data.updateStoreSettings.allowed_origins).toEqual([origin]);
    // the change notice reaches the other process's gateway (its cache would otherwise hold 60 s)
    await waitFor('the remote authority to drop its cache', async () => (await cors()) === origin, 10_000, 50);
  });

  it("refuses identity's internal operations to every outside caller, the operator included", async () => {
    for (const p of [local, remoteAuth]) {
      const r = await gql(p, '{ authSession(id: "x") { open } }', {}, { authorization: `Bearer ${p.config.operatorToken}` });
      expect(r.body.errors[0].extensions).toMatchObject({ type: 'permission_error' });
    }
  });

  it('stops a domain process that waits for earlier domains to seed the demo store, without seeding', async () => {
    // no identity has created the demo store here: media waits for it, and its shutdown ends the wait
    const media = await startParticipant({ names: ['media'], config: env({ SEED_DEMO: 'true' }), log: pino({ level: 'silent' }), port: 0 });
    await media.close();
    await media.seeded;
    const c = new Client({ connectionString: db.url });
    await c.connect();
    try {
      const { rows } = await c.query(`select domain from platform_seed.demo_seed`);
      expect(rows).toEqual([]);
    } finally {
      await c.end();
    }
  });
});
