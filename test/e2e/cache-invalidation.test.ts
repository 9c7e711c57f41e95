import { Client } from 'pg';
import { loadConfig, systemContext } from '@svc/kit';
import { demoCatalog, imageBaseUrl, type CatalogServices } from '@svc/catalog';
import { publicUrlOf, startPlatform, type Platform } from '@svc/platform';
import { freshDatabase } from '../support/db';
import { TEST_SETTINGS } from '../support/test-env';

/**
 * Two platform instances on one database: a change made through one instance, or by any other
 * writer straight in PostgreSQL, reaches the other instance's catalog cache through NOTIFY.
 */
describe('catalog cache across instances', () => {
  let db: { url: string; drop(): Promise<void> };
  let a: Platform;
  let b: Platform;
  let key: string;
  let adminToken: string;
  let sql: Client;
  const config = () =>
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
    });

  beforeAll(async () => {
    db = await freshDatabase();
    a = await startPlatform({ config: config() });
    b = await startPlatform({ config: config() });
    const creds = await a.identity.tenants.create(systemContext(a.log, null, 't'), { name: 'Cache', adminEmail: 'cache@example.com' });
    key = creds.publishable_key;
    await a.services<CatalogServices>('catalog').seed.load(creds.tenant_id, demoCatalog(), imageBaseUrl(publicUrlOf(a)));
    const login = await fetch(`${a.url}/api/auth/user/emailpass`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: creds.admin_email, password: creds.admin_password }),
    });
    adminToken = ((await login.json()) as { token: string }).token;
    sql = new Client({ connectionString: db.url });
    await sql.connect();
  });
  afterAll(async () => {
    await sql?.end();
    await b?.close();
    await a?.close();
    await db?.drop();
  });

  const get = async (p: Platform, path: string) => {
    const r = await fetch(`${p.url}/api${path}`, { headers: { 'x-publishable-api-key': key } });
    expect(r.status).toBe(200);
    return (await r.json()) as any;
  };
  const eventually = async (check: () => Promise<boolean>) => {
    const deadline = Date.now() + 10_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('the change did not reach the other instance within 10 s');
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const handle = demoCatalog().products[3].handle;
  const raw = (p: Platform, path: string, headers: Record<string, string> = {}) =>
    fetch(`${p.url}/api${path}`, { headers: { 'x-publishable-api-key': key, ...headers } });
  const admin = async (p: Platform, query: string, variables: Record<string, unknown> = {}) => {
    const res = await fetch(`${p.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await res.json()) as { data: any; errors?: unknown[] };
    expect(body.errors).toBeUndefined();
    return body.data;
  };

  describe('the response cache', () => {
    it('answers a repeated public read with the same bytes and ETag, and 304 for that ETag, without the graph', async () => {
      const path = '/store/collections?limit=5&offset=0';
      const first = await raw(a, path);
      const second = await raw(a, '/store/collections?offset=0&limit=5'); // the same query in another order
      expect(first.status).toBe(200);
      expect(second.status).toBe(200);
      expect(second.headers.get('x-response-cache')).toBe('hit');
      expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
      expect(second.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
      expect(second.headers.get('vary')).toBe(first.headers.get('vary'));
      expect(await second.text()).toBe(await first.text());
      const revalidated = await raw(a, path, { 'if-none-match': first.headers.get('etag')! });
      expect(revalidated.status).toBe(304);
      expect(revalidated.headers.get('x-response-cache')).toBe('hit');
    });

    it('keeps each locale, store key and `fields` apart', async () => {
      const path = `/store/products/${handle}`;
      await raw(a, path);
      const de = await raw(a, path, { 'x-medusa-locale': 'de' });
      expect(de.headers.get('x-response-cache')).toBe('miss');
      const narrow = await raw(a, `${path}?fields=id,title`);
      expect(narrow.headers.get('x-response-cache')).toBe('miss');
      expect(Object.keys(((await narrow.json()) as any).product).sort()).toEqual(['id', 'title']);
      // another store with the same path: its own answer (it has no such product), never the first store's
      const other = await a.identity.tenants.create(systemContext(a.log, null, 't'), { name: 'Other', adminEmail: 'other-cache@example.com' });
      const foreign = await fetch(`${a.url}/api${path}`, { headers: { 'x-publishable-api-key': other.publishable_key } });
      expect(foreign.status).toBe(404);
      expect(foreign.headers.get('x-response-cache')).toBeNull();
    });

    it('never keeps signed-in, personal or counted reads', async () => {
      const signedIn = await raw(a, '/store/collections?limit=5', { authorization: `Bearer ${adminToken}` });
      expect(signedIn.headers.get('x-response-cache')).toBeNull();
      await raw(a, '/store/search?q=shirt');
      const search = await raw(a, '/store/search?q=shirt');
      expect(search.status).toBe(200);
      expect(search.headers.get('x-response-cache')).toBeNull(); // every search counts in the analytics
    });

    it('a revoked store key gets 401 even where its answers are kept', async () => {
      const made = await admin(a, 'mutation { createPublishableKey(title: "Short-lived") { id token } }');
      const path = '/store/collections?limit=3';
      const headers = { 'x-publishable-api-key': made.createPublishableKey.token };
      await fetch(`${a.url}/api${path}`, { headers });
      expect((await fetch(`${a.url}/api${path}`, { headers })).headers.get('x-response-cache')).toBe('hit');
      await admin(a, 'mutation($id: String!) { revokePublishableKey(id: $id) { id } }', { id: made.createPublishableKey.id });
      const after = await fetch(`${a.url}/api${path}`, { headers });
      expect(after.status).toBe(401);
      expect(((await after.json()) as { code: string }).code).toBe('invalid_publishable_key');
    });

    it('an admin change is read back at once on the instance that made it', async () => {
      const product = (await get(a, `/store/products/${handle}`)).product;
      expect((await raw(a, `/store/products/${handle}`)).headers.get('x-response-cache')).toBe('hit');
      await admin(a, 'mutation($id: String!) { updateProduct(id: $id, input: { subtitle: "Read back at once" }) { id } }', { id: product.id });
      const after = await raw(a, `/store/products/${handle}`);
      expect(after.headers.get('x-response-cache')).toBe('miss');
      expect(((await after.json()) as any).product.subtitle).toBe('Read back at once');
    });
  });

  it('a stock change written straight in PostgreSQL shows on the other instance, lists included', async () => {
    const before = (await get(b, `/store/products/${handle}`)).product;
    await get(b, '/store/products?limit=10'); // cache the list page on b
    // the read before the change is the response cache's
    expect((await raw(b, `/store/products/${handle}`)).headers.get('x-response-cache')).toBe('hit');
    const variant = before.variants[0];
    await sql.query('update catalog.inventory_level set stocked_quantity = 777, reserved_quantity = 0 where variant_id = $1', [variant.id]);
    await eventually(async () => (await get(b, `/store/products/${handle}`)).product.variants[0].inventory_quantity === 777);
    const page = await get(b, '/store/products?limit=10');
    const inList = page.products.find((p: { handle: string }) => p.handle === handle);
    expect(inList.variants[0].inventory_quantity).toBe(777);
  });

  it('a change of a link table (no tenant column) written straight in PostgreSQL shows on the other instance', async () => {
    const product = (await get(b, `/store/products/${handle}`)).product;
    const tenant = (await sql.query('select tenant_id from catalog.product where id = $1', [product.id])).rows[0].tenant_id;
    await sql.query(
      `insert into catalog.product_tag (id, tenant_id, value, created_at, updated_at) values ('ptag_linktest', $1, 'linked-in-sql', now(), now())`,
      [tenant],
    );
    // the tag's own notice is handled and b holds the product again, without the tag
    await eventually(async () => (await raw(b, `/store/products/${handle}`)).headers.get('x-response-cache') === 'hit');
    expect((await get(b, `/store/products/${handle}`)).product.tags.map((t: { value: string }) => t.value)).not.toContain('linked-in-sql');
    // the link row names its store only through the product (or the tag)
    await sql.query(`insert into catalog.product_tag_link (product_id, tag_id) values ($1, 'ptag_linktest')`, [product.id]);
    await eventually(async () => (await get(b, `/store/products/${handle}`)).product.tags.some((t: { value: string }) => t.value === 'linked-in-sql'));
  });

  it('an admin change made through one instance shows on the other', async () => {
    const product = (await get(b, `/store/products/${handle}`)).product;
    await get(b, `/store/products?q=${encodeURIComponent('Renamed by admin')}`); // cached empty result on b
    const res = await fetch(`${a.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({
        query: `mutation($id: String!) { updateProduct(id: $id, input: { title: "Renamed by admin" }) { title } }`,
        variables: { id: product.id },
      }),
    });
    expect(((await res.json()) as any).data.updateProduct.title).toBe('Renamed by admin');
    await eventually(async () => (await get(b, `/store/products/${handle}`)).product.title === 'Renamed by admin');
    await eventually(async () => (await get(b, `/store/products?q=${encodeURIComponent('Renamed by admin')}`)).count === 1);
  });

  it('a region created through one instance is listed by the other', async () => {
    const before = (await get(b, '/store/regions')).count;
    const res = await fetch(`${a.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ query: `mutation { createRegion(input: { name: "Nordics", currency_code: "sek", countries: ["se"] }) { id } }` }),
    });
    expect(((await res.json()) as any).data.createRegion.id).toMatch(/^reg_/);
    await eventually(async () => (await get(b, '/store/regions')).count === before + 1);
  });
});
