import type { PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';

/** Hardening #10: security headers everywhere; personal answers are never stored; public storefront reads revalidate by ETag. */
describe('security and caching headers', () => {
  let p: PlatformClient;
  let key: string;
  let token: string;
  beforeAll(async () => {
    p = await sharedPlatform();
    const t = await p.createTenant();
    key = t.publishable_key;
    await p.seedCatalog(t.tenant_id);
    token = (await p.registerCustomer(key)).token;
  });

  it.each(['/health', '/api/store/products?limit=1', '/api/nope', '/openapi.json'])('%s carries the security headers', async (path) => {
    const res = await fetch(`${p.url}${path}`, { headers: { 'x-publishable-api-key': key } });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('strict-transport-security')).toBeNull(); // plain HTTP here
  });

  it('sends HSTS when a trusted proxy says the request came over TLS', async () => {
    // the shared platform trusts loopback as a proxy (TRUSTED_PROXIES=loopback, see shared.ts)
    const res = await fetch(`${p.url}/health`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });

  it('never stores personal or authenticated answers, nor errors', async () => {
    const me = await p.api('GET', '/store/customers/me', { key, token });
    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toBe('no-store');
    const withToken = await p.api('GET', '/store/products?limit=1', { key, token });
    expect(withToken.headers.get('cache-control')).toBe('no-store');
    const error = await p.api('GET', '/store/products/nope', { key });
    expect(error.status).toBe(404);
    expect(error.headers.get('cache-control')).toBe('no-store');
    const gql = await p.graphql('{ me { id } }', {}, { key, token });
    expect(gql.headers.get('cache-control')).toBe('no-store');
  });

  it('lets public storefront reads be cached and revalidated: ETag and If-None-Match -> 304', async () => {
    const first = await p.api('GET', '/store/products?limit=2', { key });
    expect(first.headers.get('cache-control')).toMatch(/public/);
    expect(first.headers.get('vary')).toMatch(/x-publishable-api-key/);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await fetch(`${p.url}/api/store/products?limit=2`, { headers: { 'x-publishable-api-key': key, 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const other = await fetch(`${p.url}/api/store/products?limit=3`, { headers: { 'x-publishable-api-key': key, 'if-none-match': etag } });
    expect(other.status).toBe(200);
  });
});
