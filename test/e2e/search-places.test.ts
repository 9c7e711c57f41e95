import { systemContext } from '@svc/kit';
import type { TenantCredentials } from '@svc/identity';
import { domain as searchDomain, MemoryIndexes, SearchService, type SearchServices } from '@svc/search';
import { domain as toursDomain } from '@svc/tours';
import { domain as eventsDomain } from '@svc/events';
import { startTestPlatform, type TestPlatform } from '../support/platform';
import { waitFor } from '../support/wait';

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
  });

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

  it('answers tours and events from the in-memory copy with the matches, counts and facets SQL gives', async () => {
    const services = p.services<SearchServices>('search');
    await waitFor('the in-memory copy of the index', async () => (await search('?q=douro')).status === 200 && services.memory.held(shop.tenant_id) !== null);
    const sqlOnly = new SearchService(services.store, services.index, new MemoryIndexes(services.store, 0, p.log));
    const ctx = systemContext(p.log, shop.tenant_id, 'search-parity');
    const cases: Array<Record<string, unknown>> = [
      {},
      { type: ['tour'] },
      { type: ['event'] },
      { q: 'dourro' },
      { q: 'iceland hike' },
      { q: 'comerce sumit' },
      { destination: ['portugal'] },
      { type: ['tour'], duration_min: 4, duration_max: 7 },
      { q: 'lisbon', duration_min: 8 },
      { currency_code: 'eur', type: ['tour'] },
      { q: 'glacier' },
    ];
    for (const c of cases) {
      const [mem, db] = [await services.search.search(ctx, { limit: 100, ...c }), await sqlOnly.search(ctx, { limit: 100, ...c })];
      const view = (r: typeof mem) => ({ count: r.count, facets: r.facets, ids: r.hits.map((h) => `${h.id}:${h.locale}:${h.typo}:${h.price}`).sort() });
      expect({ case: c, ...view(mem) }).toEqual({ case: c, ...view(db) });
    }
  });

  it('removes archived and deleted tours, canceled and deleted events, through the outbox and the queue', async () => {
    const admin = await p.adminToken(shop);
    const run = async (query: string, variables: Record<string, unknown>) => {
      const r = await p.graphql(query, variables, { token: admin });
      expect(r.body.errors).toBeUndefined();
      return r.body.data;
    };
    const handles = async (q: string) => ((await search(q)).body.hits as Array<{ handle: string }>).map((h) => h.handle).sort();
    const tourId = async (slug: string) => (await p.api('GET', `/store/tours/${slug}`, { key: shop.publishable_key })).body.tour.id as string;
    const eventId = async (slug: string) => (await p.api('GET', `/store/events/${slug}`, { key: shop.publishable_key })).body.event.id as string;
    expect(await handles('?type=tour')).toEqual(['douro-valley-wine-trail', 'iceland-ring-road-hike', 'lisbon-long-weekend']);
    expect(await handles('?type=event')).toEqual(['commerce-summit-2027', 'storefront-performance-workshop']);

    await run(`mutation($id: String!) { archiveTour(id: $id) { status } }`, { id: await tourId('lisbon-long-weekend') });
    await waitFor('the archived tour to leave', async () => !(await handles('?type=tour')).includes('lisbon-long-weekend'));
    await run(`mutation($id: String!) { deleteTour(id: $id) { id } }`, { id: await tourId('iceland-ring-road-hike') });
    await waitFor('the deleted tour to leave', async () => !(await handles('?type=tour')).includes('iceland-ring-road-hike'));
    expect(await handles('?type=tour')).toEqual(['douro-valley-wine-trail']);
    // the Douro tour's destination still says Lisbon
    expect(await handles('?q=lisbon')).toEqual(['douro-valley-wine-trail']);

    await run(`mutation($id: String!) { cancelEvent(id: $id) { status } }`, { id: await eventId('storefront-performance-workshop') });
    await waitFor('the canceled event to leave', async () => !(await handles('?type=event')).includes('storefront-performance-workshop'));
    await run(`mutation($id: String!) { deleteEvent(id: $id) { id } }`, { id: await eventId('commerce-summit-2027') });
    await waitFor('the deleted event to leave', async () => (await handles('?type=event')).length === 0);
    // SQL agrees with the in-memory copy (the removal log reached it)
    const services = p.services<SearchServices>('search');
    const sqlOnly = new SearchService(services.store, services.index, new MemoryIndexes(services.store, 0, p.log));
    const db = await sqlOnly.search(systemContext(p.log, shop.tenant_id, 'search-removed'), { type: ['tour', 'event'], limit: 100 });
    expect(db.hits.map((h) => h.handle)).toEqual(['douro-valley-wine-trail']);
  });
});
