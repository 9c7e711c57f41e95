import { systemContext } from '@svc/kit';
import type { TenantCredentials } from '@svc/identity';
import { domain as searchDomain, type SearchServices } from '@svc/search';
import { domain as toursDomain } from '@svc/tours';
import { domain as eventsDomain } from '@svc/events';
import { startTestPlatform, type TestPlatform } from '../support/platform';

/** Tours and events in the search index: the demo store's tours and events, indexed by the seed hooks. */
describe('search: tours and events', () => {
  let p: TestPlatform;
  let shop: TenantCredentials;
  let other: TenantCredentials;
  const search = (query: string, key = shop.publishable_key) => p.api('GET', `/store/search${query}`, { key });

  beforeAll(async () => {
    p = await startTestPlatform();
    shop = await p.createTenant();
    other = await p.createTenant();
    const seed = { tenantId: shop.tenant_id, publicUrl: p.url, staticDir: p.staticDir, log: p.log, ctx: systemContext(p.log, shop.tenant_id, 'seed') };
    await toursDomain.seed!(p.services('tours'), seed);
    await eventsDomain.seed!(p.services('events'), seed);
    await searchDomain.seed!(p.services<SearchServices>('search'), seed);
  }, 120_000);

  afterAll(() => p?.stop());

  it('finds a tour and an event with a typo', async () => {
    const tour = await search('?q=dourro');
    expect(tour.status).toBe(200);
    expect(tour.body.hits[0]).toMatchObject({ type: 'tour', handle: 'douro-valley-wine-trail', destination: 'portugal', duration_days: 7 });
    const event = await search('?q=comerce%20sumit');
    expect(event.body.hits[0]).toMatchObject({ type: 'event', handle: 'commerce-summit-2027' });
  });

  it('counts the destination and duration facets and filters by duration', async () => {
    const all = await search('?type=tour&limit=0');
    const tours = all.body.count;
    expect(tours).toBeGreaterThan(0);
    const byDest = all.body.facets.destination.reduce((n: number, f: any) => n + f.count, 0);
    const byDuration = all.body.facets.duration.reduce((n: number, f: any) => n + f.count, 0);
    expect(byDest).toBe(tours);
    expect(byDuration).toBe(tours);
    expect(all.body.facets.destination.find((f: any) => f.value === 'portugal')).toMatchObject({ label: expect.stringContaining('Portugal') });
    const week = all.body.facets.duration.find((b: any) => b.key === '4-8');
    const filtered = await search('?type=tour&limit=0&duration_min=4&duration_max=7');
    expect(filtered.body.count).toBe(week.count);
    const douro = await search('?q=douro&duration_min=8');
    expect(douro.body.count).toBe(0);
  });

  it('answers 400 for bad duration filters', async () => {
    for (const q of ['?duration_min=abc', '?duration_max=1.5', '?duration_min=-1', '?duration_min=9&duration_max=3']) {
      const r = await search(q);
      expect(r.status).toBe(400);
      expect(r.body.type).toBe('validation_error');
    }
  });

  it("never shows another tenant's tours or events", async () => {
    const r = await search('?q=douro', other.publishable_key);
    expect(r.status).toBe(200);
    expect(r.body.count).toBe(0);
    const all = await search('?type=tour&type=event&limit=0', other.publishable_key);
    expect(all.body.count).toBe(0);
  });
});
