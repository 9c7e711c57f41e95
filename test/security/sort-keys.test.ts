import type { PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';

/** Hardening #5: sort keys come from an allow-list of own properties; prototype names are a 400. */
describe('sort keys', () => {
  let p: PlatformClient;
  let key: string;
  beforeAll(async () => {
    p = await sharedPlatform();
    const t = await p.createTenant();
    key = t.publishable_key;
    await p.seedCatalog(t.tenant_id);
  });

  const hostile = ['__proto__', 'constructor', 'toString', '-valueOf', 'hasOwnProperty', '__defineGetter__'];
  it.each(['/store/products', '/store/collections', '/store/product-categories'])('%s refuses prototype names as order', async (path) => {
    for (const order of hostile) {
      const r = await p.api('GET', `${path}?order=${encodeURIComponent(order)}`, { key });
      expect(`${order} -> ${r.status} ${r.body.code}`).toBe(`${order} -> 400 invalid_field`);
    }
    const ok = await p.api('GET', `${path}?order=-created_at`, { key });
    expect(ok.status).toBe(200);
  });
});
