import { systemContext } from '@svc/kit';
import type { TenantCredentials } from '@svc/identity';
import { TestClock } from '../support/clock';
import { startTestPlatform, type TestPlatform } from '../support/platform';

/**
 * Server-rendered storefronts (the Next.js starter renders for every shopper from one address): a
 * tenant lists its storefront servers; from them X-Forwarded-For names the shopper (each shopper has
 * its own window), and without it the server has its own, higher limit. From anyone else
 * X-Forwarded-For changes nothing.
 */
describe('trusted storefront servers and the per-IP storefront limit', () => {
  let p: TestPlatform;
  let plain: TenantCredentials;
  let ssr: TenantCredentials;
  // the windows follow this clock: bursts are in one window, and the test moves to fresh ones
  const clock = new TestClock();
  beforeAll(async () => {
    p = await startTestPlatform({ clock, env: { RATE_LIMIT_DISABLED: 'false', RATE_LIMIT_STORE_RPS: '5', RATE_LIMIT_STOREFRONT_SERVER_RPS: '40' } });
    plain = await p.createTenant();
    ssr = await p.identity.tenants.create(systemContext(p.log, null, 't'), {
      name: 'SSR shop',
      adminEmail: `ssr-${Date.now()}@example.com`,
      storefrontServers: ['127.0.0.1', '::1'],
    });
  });
  afterAll(() => p?.stop());

  const burst = async (key: string, n: number, xff?: (i: number) => string, path = '/store/regions') => {
    const statuses: number[] = [];
    for (let i = 0; i < n; i++) statuses.push((await p.api('GET', path, { key, headers: xff ? { 'x-forwarded-for': xff(i) } : {} })).status);
    return statuses;
  };

  it('ignores X-Forwarded-For from a peer the tenant does not list', async () => {
    const s = await burst(plain.publishable_key, 7, (i) => `198.51.100.${i}`);
    expect(s.filter((x) => x === 429).length).toBeGreaterThan(0);
  });

  it("gives every shopper named by the tenant's storefront server a window of its own", async () => {
    clock.freshWindow();
    const many = await burst(ssr.publishable_key, 20, (i) => `203.0.113.${i}`);
    expect(many.every((x) => x === 200)).toBe(true);
    const one = await burst(ssr.publishable_key, 7, () => '203.0.113.200');
    expect(one.filter((x) => x === 429).length).toBeGreaterThan(0);
  });

  it('limits the storefront server itself at its own limit when it names no shopper', async () => {
    clock.freshWindow();
    const s = await burst(ssr.publishable_key, 30);
    expect(s.every((x) => x === 200)).toBe(true);
    // /graphql counts the server in the same window: from an empty window, REST then GraphQL
    // leave 39 then 38 (separate windows would leave 39 twice); no timing involved
    clock.freshWindow();
    const r = await p.api('GET', '/store/regions', { key: ssr.publishable_key });
    expect(r.headers.get('x-ratelimit-limit')).toBe('40');
    const g = await p.graphql('{ regions { count } }', {}, { key: ssr.publishable_key });
    expect(g.headers.get('x-ratelimit-limit')).toBe('40');
    expect(Number(g.headers.get('x-ratelimit-remaining'))).toBe(Number(r.headers.get('x-ratelimit-remaining')) - 1);
    // the same server under another tenant's key is an ordinary client
    clock.freshWindow();
    expect((await burst(plain.publishable_key, 7)).filter((x) => x === 429).length).toBeGreaterThan(0);
  });

  it('is managed in admin GraphQL; anything but addresses and CIDR ranges is refused', async () => {
    clock.freshWindow();
    const token = await p.adminToken(ssr);
    const ok = await p.graphql(
      'mutation($i: StoreSettingsInput!) { updateStoreSettings(input: $i) { storefront_servers } }',
      { i: { storefront_servers: ['10.0.0.0/8', '2001:DB8::/32', '127.0.0.1'] } },
      { token },
    );
    expect(ok.body.data.updateStoreSettings.storefront_servers).toEqual(['10.0.0.0/8', '2001:db8::/32', '127.0.0.1']);
    const bad = await p.graphql(
      'mutation($i: StoreSettingsInput!) { updateStoreSettings(input: $i) { storefront_servers } }',
      { i: { storefront_servers: ['shop.example.com'] } },
      { token },
    );
    expect(bad.body.errors[0].extensions).toMatchObject({ type: 'validation_error', code: 'invalid_field' });
    const wide = await p.graphql(
      'mutation($i: StoreSettingsInput!) { updateStoreSettings(input: $i) { storefront_servers } }',
      { i: { storefront_servers: ['10.0.0.0/33'] } },
      { token },
    );
    expect(wide.body.errors[0].extensions.code).toBe('invalid_field');
  });
});
