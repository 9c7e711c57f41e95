import { systemContext } from '@svc/kit';
import { startTestPlatform, type TestPlatform } from '../support/platform';

/**
 * Hardening #8: CORS per tenant. Allowed storefront origins are stored on the tenant (tenant:create
 * --origin, admin setAllowedOrigins) and enforced on /api/store/*, /api/auth/* and /graphql;
 * preflights are answered from the origins the platform knows; development also allows localhost.
 */
describe('CORS per tenant', () => {
  const SHOP = 'https://shop.example.com';
  let p: TestPlatform;
  let prod: TestPlatform;
  let key: string;
  let otherKey: string;
  let admin: string;
  beforeAll(async () => {
    p = await startTestPlatform();
    const t = await p.identity.tenants.create(systemContext(p.log, null, 't'), { name: 'Cors', adminEmail: 'cors@example.com', allowedOrigins: [`${SHOP}/`] });
    key = t.publishable_key;
    admin = await p.adminToken(t);
    otherKey = (await p.createTenant()).publishable_key;
    prod = await startTestPlatform({
      env: { NODE_ENV: 'production', JWT_SECRET: 'j'.repeat(40), INTERNAL_SECRET: 'i'.repeat(40), OPERATOR_TOKEN: 'o'.repeat(24) },
    });
  });
  afterAll(async () => {
    await p?.stop();
    await prod?.stop();
  });

  const get = (q: TestPlatform, path: string, origin: string, k?: string) =>
    fetch(`${q.url}${path}`, { headers: { origin, ...(k ? { 'x-publishable-api-key': k } : {}) } });

  it("allows the tenant's own storefront origin, with credentials", async () => {
    const r = await get(p, '/api/store/regions', SHOP, key);
    expect(r.status).toBe(200);
    expect(r.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect(r.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it.each(['https://evil.example.net', 'null', 'https://shop.example.com.evil.net', 'file://'])('gives %s no CORS headers', async (origin) => {
    const r = await get(p, '/api/store/regions', origin, key);
    expect(r.headers.get('access-control-allow-origin')).toBeNull();
    expect(r.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it("refuses another tenant's origin, and writes from a foreign origin before they run", async () => {
    const r = await get(p, '/api/store/regions', SHOP, otherKey);
    expect(r.headers.get('access-control-allow-origin')).toBeNull();
    const write = await fetch(`${p.url}/api/auth/customer/emailpass/register`, {
      method: 'POST',
      headers: { origin: 'https://evil.example.net', 'content-type': 'application/json', 'x-publishable-api-key': key },
      body: JSON.stringify({ email: 'cross@example.com', password: 'long-enough-password' }),
    });
    expect(write.status).toBe(403);
    expect(await write.json()).toMatchObject({ type: 'permission_error', code: 'origin_not_allowed' });
    const login = await p.api('POST', '/auth/customer/emailpass', { key, body: { email: 'cross@example.com', password: 'long-enough-password' } });
    expect(login.status).toBe(401);
  });

  it('answers preflights from the origins the platform knows', async () => {
    const ok = await fetch(`${p.url}/api/store/products`, {
      method: 'OPTIONS',
      headers: { origin: SHOP, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-publishable-api-key' },
    });
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect(ok.headers.get('access-control-allow-headers')).toMatch(/x-publishable-api-key/);
    const bad = await fetch(`${p.url}/graphql`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example.net', 'access-control-request-method': 'POST' },
    });
    expect(bad.status).toBe(403);
    expect(bad.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets an admin change the allowed origins (effective at once)', async () => {
    const NEW = 'https://new-shop.example.org';
    expect((await get(p, '/api/store/regions', NEW, key)).headers.get('access-control-allow-origin')).toBeNull();
    const r = await p.graphql(
      'mutation($input: StoreSettingsInput!) { updateStoreSettings(input: $input) { allowed_origins } }',
      { input: { allowed_origins: [NEW, SHOP] } },
      { token: admin },
    );
    expect(r.body.data.updateStoreSettings.allowed_origins).toEqual([NEW, SHOP]);
    for (let i = 0; i < 50; i++) {
      if ((await get(p, '/api/store/regions', NEW, key)).headers.get('access-control-allow-origin') === NEW) break;
      await new Promise((res) => setTimeout(res, 20));
    }
    expect((await get(p, '/api/store/regions', NEW, key)).headers.get('access-control-allow-origin')).toBe(NEW);
    const bad = await p.graphql(
      'mutation($input: StoreSettingsInput!) { updateStoreSettings(input: $input) { allowed_origins } }',
      { input: { allowed_origins: ['javascript:alert(1)'] } },
      { token: admin },
    );
    expect(bad.body.errors[0].extensions.type).toBe('validation_error');
  });

  it('allows localhost in development only', async () => {
    const dev = await get(p, '/api/store/regions', 'http://localhost:8000', key);
    expect(dev.headers.get('access-control-allow-origin')).toBe('http://localhost:8000');
    const pk = (await prod.createTenant()).publishable_key;
    const inProd = await get(prod, '/api/store/regions', 'http://localhost:8000', pk);
    expect(inProd.headers.get('access-control-allow-origin')).toBeNull();
  });
});
