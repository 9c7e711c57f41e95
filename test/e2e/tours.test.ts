import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { TenantCredentials } from '@svc/identity';
import type { PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';
import { graphqlHelpers } from '../support/site';
import { waitFor } from '../support/wait';

/**
 * The tours domain end to end on the shared platform: the storefront's tours, destinations and
 * categories with every filter and the translation overlay; tour reviews moderated like product
 * reviews; the seat operations commerce calls (30 concurrent holds for 3 seats, expiry, confirm,
 * release); bookings made from `order.placed` through the real outbox and queue (redelivered:
 * nothing twice) and canceled by `order.canceled`; validation, tenant isolation, drafts; the demo
 * seed. Departures are in 2027 (the future) and one in 2025 (the past).
 */
describe('tours: tours, departures, seats and bookings', () => {
  const TOUR = 'id slug title status duration_days destination { id slug } departures { id starts_on ends_on seats seats_remaining status }';
  const CREATE_TOUR = `mutation($input: TourInput!) { createTour(input: $input) { ${TOUR} } }`;
  const PUBLISH = `mutation($id: String!) { publishTour(id: $id) { id status } }`;
  const DEPARTURE = `mutation($tour_id: String!, $input: TourDepartureInput!) { createTourDeparture(tour_id: $tour_id, input: $input) { id starts_on ends_on seats seats_remaining status } }`;
  const UPDATE_DEPARTURE = `mutation($id: String!, $input: TourDepartureUpdateInput!) { updateTourDeparture(id: $id, input: $input) { id seats status } }`;
  const DESTINATION = `mutation($input: TourDestinationInput!) { createTourDestination(input: $input) { id slug name } }`;
  const CATEGORY = `mutation($input: TourCategoryInput!) { createTourCategory(input: $input) { id slug name } }`;
  const SNAPSHOTS = `query($ids: [String!]!, $currency_code: String!) { tourDepartureSnapshots(ids: $ids, currency_code: $currency_code) {
    id title tour_id tour_title tour_slug starts_on ends_on thumbnail unit_price available_quantity on_sale requires_traveller_details min_age max_per_booking } }`;
  const HOLD = `mutation($key: String!, $lines: [TourSeatLineInput!]!, $ttl: Int!) { holdTourSeats(key: $key, lines: $lines, ttl_seconds: $ttl) }`;
  const CONFIRM = `mutation($key: String!, $lines: [TourSeatLineInput!]!) { confirmTourSeatHold(key: $key, lines: $lines) }`;
  const RELEASE = `mutation($key: String!) { releaseTourSeatHold(key: $key) }`;
  const RELEASE_SOLD = `mutation($lines: [TourSeatLineInput!]!) { releaseTourSeats(lines: $lines) }`;
  const REVIEW = 'id tour_id customer_id author_name rating title content status created_at updated_at';
  const APPROVE = `mutation($id: String!) { approveTourReview(id: $id) { ${REVIEW} } }`;
  const REJECT = `mutation($id: String!) { rejectTourReview(id: $id) { ${REVIEW} } }`;
  const MODERATION = `query($status: String, $tour_id: String) { adminTourReviews(status: $status, tour_id: $tour_id) { count items { ${REVIEW} } } }`;
  const BOOKINGS = `query($tour_id: String, $departure_id: String) { tourBookings(tour_id: $tour_id, departure_id: $departure_id) {
    id code order_id line_item_id tour_id departure_id customer_id email travellers { first_name last_name age } seats status canceled_at } }`;

  let p: PlatformClient;
  let sql: Client;
  let shop: TenantCredentials;
  let other: TenantCredentials;
  let admin: string;
  let otherAdmin: string;
  const d: Record<string, any> = {};
  const c: Record<string, any> = {};
  const t: Record<string, any> = {};
  const dep: Record<string, any> = {};
  let otherTour: any;
  let otherDestination: any;
  let otherDeparture: any;

  const { run, refused } = graphqlHelpers(
    () => p,
    () => admin,
  );
  const get = (path: string, o: { key?: string; headers?: Record<string, string> } = {}) =>
    p.api('GET', path, { key: o.key ?? shop.publishable_key, headers: o.headers });
  const slugs = (r: { body: any }) => r.body.tours.map((x: any) => x.slug);
  const prices = (eur: string, extra: Array<{ currency_code: string; amount: string }> = []) => [{ currency_code: 'eur', amount: eur }, ...extra];
  const departure = async (tour: any, starts_on: string, capacity: number, eur: string, extra: Array<{ currency_code: string; amount: string }> = []) =>
    run(DEPARTURE, { tour_id: tour.id, input: { starts_on, capacity, prices: prices(eur, extra) } });
  const seatsOf = async (id: string) =>
    (await sql.query(`select seats_sold, seats_held, capacity from tours.tour_departure where id = $1`, [id])).rows[0] as {
      seats_sold: number;
      seats_held: number;
      capacity: number;
    };
  const snapshot = async (id: string, currency = 'eur', token = admin) => (await run(SNAPSHOTS, { ids: [id], currency_code: currency }, token))[0];
  const key = () => `cart_${randomBytes(6).toString('hex')}`;
  const outbox = async (tenantId: string, type: string, id?: string) =>
    (
      await sql.query(`select data from tours.outbox_event where tenant_id = $1 and type = $2 and ($3::text is null or data->>'id' = $3)`, [
        tenantId,
        type,
        id ?? null,
      ])
    ).rows;

  beforeAll(async () => {
    p = await sharedPlatform();
    sql = new Client({ connectionString: p.dbUrl });
    await sql.connect();
    shop = await p.createTenant();
    other = await p.createTenant();
    admin = await p.adminToken(shop);
    otherAdmin = await p.adminToken(other);
    d.portugal = await run(DESTINATION, { input: { name: 'Portugal', country_code: 'PT', description: 'Port and tiles' } });
    d.iceland = await run(DESTINATION, { input: { name: 'Iceland', slug: 'iceland', country_code: 'is' } });
    c.food = await run(CATEGORY, { input: { name: 'Food & wine', slug: 'food-and-wine', rank: 0 } });
    c.hiking = await run(CATEGORY, { input: { name: 'Hiking', rank: 1 } });
    c.city = await run(CATEGORY, { input: { name: 'City breaks', slug: 'city-breaks', rank: 2 } });
    t.douro = await run(CREATE_TOUR, {
      input: {
        title: 'Douro Wine Trail',
        summary: 'Seven days up the river',
        destination_id: d.portugal.id,
        category_ids: [c.food.id, c.hiking.id],
        duration_days: 7,
        requires_traveller_details: true,
        min_age: 18,
        max_travellers_per_booking: 6,
        thumbnail: 'https://img.example/douro.jpg',
        highlights: ['Quintas'],
        included: ['Guide'],
        itinerary: [
          { day: 2, title: 'Gaia', overnight: 'Porto' },
          { day: 1, title: 'Porto', description: 'Arrival' },
          { day: 7, title: 'Home' },
        ],
      },
    });
    t.lisbon = await run(CREATE_TOUR, { input: { title: 'Lisbon Weekend', destination_id: d.portugal.id, category_ids: [c.city.id], duration_days: 4 } });
    t.iceland = await run(CREATE_TOUR, { input: { title: 'Iceland Hike', destination_id: d.iceland.id, category_ids: [c.hiking.id], duration_days: 6 } });
    t.draft = await run(CREATE_TOUR, { input: { title: 'Secret Draft', destination_id: d.iceland.id, duration_days: 2 } });
    dep.douroMay = await departure(t.douro, '2027-05-12', 12, '1490', [{ currency_code: 'usd', amount: '1620.50' }]);
    dep.douroJune = await departure(t.douro, '2027-06-09', 12, '1590.25');
    dep.douroPast = await departure(t.douro, '2025-05-01', 12, '100');
    dep.douroCanceled = await departure(t.douro, '2027-07-01', 12, '50');
    await run(UPDATE_DEPARTURE, { id: dep.douroCanceled.id, input: { status: 'canceled' } });
    dep.lisbon = await departure(t.lisbon, '2027-03-18', 14, '690', [{ currency_code: 'gbp', amount: '600' }]);
    dep.iceland = await departure(t.iceland, '2027-06-05', 8, '2190');
    dep.small = await departure(t.iceland, '2027-08-07', 3, '2290');
    dep.draft = await departure(t.draft, '2027-08-07', 5, '10');
    for (const x of [t.douro, t.lisbon, t.iceland]) await run(PUBLISH, { id: x.id });
    otherDestination = await run(DESTINATION, { input: { name: 'Elsewhere', slug: 'elsewhere' } }, otherAdmin);
    otherTour = await run(CREATE_TOUR, { input: { title: 'Not Yours', slug: 'not-yours', destination_id: otherDestination.id, duration_days: 3 } }, otherAdmin);
    otherDeparture = await run(DEPARTURE, { tour_id: otherTour.id, input: { starts_on: '2027-05-01', capacity: 5, prices: prices('10') } }, otherAdmin);
    await run(PUBLISH, { id: otherTour.id }, otherAdmin);
  });
  afterAll(async () => {
    await sql?.end();
  });

  describe('storefront reads', () => {
    it('lists published tours by title with destination, categories, duration and rating; drafts and other stores are left out', async () => {
      const r = await get('/store/tours');
      expect(r.status).toBe(200);
      expect(Object.keys(r.body).sort()).toEqual(['count', 'limit', 'offset', 'tours']);
      expect(r.body).toMatchObject({ count: 3, offset: 0, limit: 20 });
      expect(slugs(r)).toEqual(['douro-wine-trail', 'iceland-hike', 'lisbon-weekend']);
      expect(r.body.tours[0]).toMatchObject({
        id: t.douro.id,
        title: 'Douro Wine Trail',
        summary: 'Seven days up the river',
        duration_days: 7,
        status: 'published',
        requires_traveller_details: true,
        min_age: 18,
        max_travellers_per_booking: 6,
        from_price: null,
        destination: { id: d.portugal.id, slug: 'portugal', name: 'Portugal', country_code: 'pt' },
        categories: [
          { id: c.food.id, slug: 'food-and-wine', name: 'Food & wine' },
          { id: c.hiking.id, slug: 'hiking', name: 'Hiking' },
        ],
        rating: { average: null, count: 0 },
      });
      expect(t.douro.id).toMatch(/^tour_[0-9A-Z]{26}$/);
      expect(d.portugal.id).toMatch(/^tdst_[0-9A-Z]{26}$/);
      expect(c.food.id).toMatch(/^tcat_[0-9A-Z]{26}$/);
      expect(dep.douroMay.id).toMatch(/^tdep_[0-9A-Z]{26}$/);
      const theirs = await get('/store/tours', { key: other.publishable_key });
      expect(slugs(theirs)).toEqual(['not-yours']);
    });

    it('filters by destination (slug or id, repeatable) and category', async () => {
      expect(slugs(await get('/store/tours?destination=portugal'))).toEqual(['douro-wine-trail', 'lisbon-weekend']);
      expect(slugs(await get(`/store/tours?destination=${d.iceland.id}`))).toEqual(['iceland-hike']);
      expect(slugs(await get('/store/tours?destination=portugal&destination=iceland'))).toHaveLength(3);
      expect(slugs(await get('/store/tours?destination=elsewhere'))).toEqual([]);
      expect(slugs(await get('/store/tours?category=hiking'))).toEqual(['douro-wine-trail', 'iceland-hike']);
      expect(slugs(await get(`/store/tours?category=${c.city.id}&destination=portugal`))).toEqual(['lisbon-weekend']);
    });

    it('filters by a duration range in days', async () => {
      expect(slugs(await get('/store/tours?duration_min=5'))).toEqual(['douro-wine-trail', 'iceland-hike']);
      expect(slugs(await get('/store/tours?duration_max=5'))).toEqual(['lisbon-weekend']);
      expect(slugs(await get('/store/tours?duration_min=6&duration_max=6'))).toEqual(['iceland-hike']);
    });

    it("filters by a price range of the from price (the lowest open future departure's) in a currency, and shows it", async () => {
      const eur = await get('/store/tours?currency_code=eur');
      // the past departure (100) and the canceled one (50) do not count
      expect(eur.body.tours.map((x: any) => [x.slug, x.from_price, x.currency_code])).toEqual([
        ['douro-wine-trail', 1490, 'eur'],
        ['iceland-hike', 2190, 'eur'],
        ['lisbon-weekend', 690, 'eur'],
      ]);
      expect(slugs(await get('/store/tours?price_min=1000&currency_code=eur'))).toEqual(['douro-wine-trail', 'iceland-hike']);
      expect(slugs(await get('/store/tours?price_max=1490&currency_code=eur'))).toEqual(['douro-wine-trail', 'lisbon-weekend']);
      expect(slugs(await get('/store/tours?price_min=700&price_max=2000&currency_code=eur'))).toEqual(['douro-wine-trail']);
      // only Lisbon has a gbp price; only Douro a usd one
      expect(slugs(await get('/store/tours?price_min=0&currency_code=gbp'))).toEqual(['lisbon-weekend']);
      const usd = await get('/store/tours?currency_code=usd&destination=portugal');
      expect(usd.body.tours.map((x: any) => x.from_price)).toEqual([1620.5, null]);
      // by region
      const region = await run(`mutation($input: RegionInput!) { createRegion(input: $input) { id } }`, {
        input: { name: 'UK', currency_code: 'gbp', countries: ['gb'] },
      });
      const byRegion = await get(`/store/tours?region_id=${region.id}&price_max=650`);
      expect(byRegion.status).toBe(200);
      expect(byRegion.body.tours.map((x: any) => [x.slug, x.from_price, x.currency_code])).toEqual([['lisbon-weekend', 600, 'gbp']]);
    });

    it('pages with limit and offset, counting every match', async () => {
      const r = await get('/store/tours?limit=1&offset=1');
      expect(r.body).toMatchObject({ count: 3, limit: 1, offset: 1 });
      expect(slugs(r)).toEqual(['iceland-hike']);
      const past = await get('/store/tours?limit=2&offset=5');
      expect(past.body).toMatchObject({ count: 3, tours: [] });
      const none = await get('/store/tours?limit=0');
      expect(none.body).toMatchObject({ count: 3, tours: [] });
    });

    it('refuses bad parameters with the documented 400 codes and reads nothing', async () => {
      const cases: Array<[string, string, string?]> = [
        ['/store/tours?price_min=10', 'missing_field', 'currency_code'],
        ['/store/tours?price_max=10', 'missing_field', 'currency_code'],
        ['/store/tours?duration_min=7&duration_max=3', 'invalid_field', 'duration_max'],
        ['/store/tours?price_min=9&price_max=3&currency_code=eur', 'invalid_field', 'price_max'],
        ['/store/tours?region_id=reg_nope', 'invalid_field', 'region_id'],
        ['/store/tours?duration_min=abc', 'invalid_field'],
        ['/store/tours?duration_min=0', 'invalid_field'],
        ['/store/tours?limit=-1', 'invalid_field'],
        ['/store/tours?limit=1.5', 'invalid_field'],
        ['/store/tours?currency_code=EURO', 'invalid_field'],
        ['/store/tours?colour=blue', 'invalid_field'],
        ['/store/tours/douro-wine-trail?colour=blue', 'invalid_field'],
        ['/store/tours/douro-wine-trail?region_id=reg_nope', 'invalid_field', 'region_id'],
        ['/store/tours/douro-wine-trail/reviews?order=best', 'invalid_field'],
        ['/store/tours/douro-wine-trail/reviews?page=2', 'invalid_field'],
        ['/store/destinations?limit=x', 'invalid_field'],
        ['/store/destinations?sort=name', 'invalid_field'],
        ['/store/destinations/portugal?x=1', 'invalid_field'],
        ['/store/tour-categories?limit=5', 'invalid_field'],
      ];
      for (const [path, code, field] of cases) {
        const r = await get(path);
        expect([path, r.status]).toEqual([path, 400]);
        expect(r.body).toMatchObject({ type: 'validation_error' });
        if (code === 'missing_field' || field === 'region_id' || field === 'duration_max' || field === 'price_max')
          expect([path, r.body.code]).toEqual([path, code]);
        if (field) expect(JSON.stringify(r.body)).toContain(field);
      }
    });

    it('needs the publishable key on every route', async () => {
      for (const path of [
        '/store/tours',
        '/store/tours/douro-wine-trail',
        '/store/tours/douro-wine-trail/reviews',
        '/store/destinations',
        '/store/destinations/portugal',
        '/store/tour-categories',
      ]) {
        const r = await p.api('GET', path);
        expect([path, r.status]).toEqual([path, 401]);
        expect(r.body).toMatchObject({ type: 'authentication_error', code: 'publishable_key_required' });
      }
    });

    it('answers one tour by slug or id with its itinerary by day and its future departures', async () => {
      const r = await get('/store/tours/douro-wine-trail?currency_code=eur');
      expect(r.status).toBe(200);
      expect(Object.keys(r.body)).toEqual(['tour']);
      const tour = r.body.tour;
      expect(tour).toMatchObject({ id: t.douro.id, slug: 'douro-wine-trail', highlights: ['Quintas'], included: ['Guide'], from_price: 1490 });
      expect(tour.itinerary).toEqual([
        { day: 1, title: 'Porto', description: 'Arrival', overnight: null },
        { day: 2, title: 'Gaia', description: null, overnight: 'Porto' },
        { day: 7, title: 'Home', description: null, overnight: null },
      ]);
      // the past departure and the canceled one are left out
      expect(tour.departures).toEqual([
        {
          id: dep.douroMay.id,
          starts_on: '2027-05-12',
          ends_on: '2027-05-18',
          seats: 12,
          seats_remaining: 12,
          prices: [
            { currency_code: 'eur', amount: 1490 },
            { currency_code: 'usd', amount: 1620.5 },
          ],
          calculated_price: 1490,
          status: 'open',
        },
        {
          id: dep.douroJune.id,
          starts_on: '2027-06-09',
          ends_on: '2027-06-15',
          seats: 12,
          seats_remaining: 12,
          prices: [{ currency_code: 'eur', amount: 1590.25 }],
          calculated_price: 1590.25,
          status: 'open',
        },
      ]);
      const byId = await get(`/store/tours/${t.douro.id}`);
      expect(byId.body.tour.departures.map((x: any) => x.calculated_price)).toEqual([null, null]);
    });

    it('answers 404 for a draft, an unknown slug and another store’s tour', async () => {
      for (const path of [
        '/store/tours/secret-draft',
        `/store/tours/${t.draft.id}`,
        '/store/tours/nope',
        '/store/tours/not-yours',
        `/store/tours/${otherTour.id}`,
      ]) {
        const r = await get(path);
        expect([path, r.status]).toEqual([path, 404]);
        expect(r.body).toMatchObject({ type: 'not_found', code: 'not_found' });
      }
    });

    it('lists destinations with their published tours, and one destination with its tours', async () => {
      const r = await get('/store/destinations');
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ count: 2, offset: 0, limit: 20 });
      expect(r.body.destinations.map((x: any) => [x.slug, x.tour_count])).toEqual([
        ['iceland', 1],
        ['portugal', 2],
      ]);
      const one = await get('/store/destinations/portugal?currency_code=eur');
      expect(one.body.destination).toMatchObject({ id: d.portugal.id, name: 'Portugal', description: 'Port and tiles', tour_count: 2 });
      expect(one.body.destination.tours.map((x: any) => [x.slug, x.from_price])).toEqual([
        ['douro-wine-trail', 1490],
        ['lisbon-weekend', 690],
      ]);
      // the draft in Iceland is not shown
      expect((await get(`/store/destinations/${d.iceland.id}`)).body.destination.tours.map((x: any) => x.slug)).toEqual(['iceland-hike']);
      expect((await get('/store/destinations/elsewhere')).status).toBe(404);
      expect((await get(`/store/destinations/${otherDestination.id}`)).status).toBe(404);
      expect((await get('/store/destinations?limit=1&offset=1')).body.destinations.map((x: any) => x.slug)).toEqual(['portugal']);
    });

    it('lists tour categories by rank with their published tour counts', async () => {
      const r = await get('/store/tour-categories');
      expect(r.status).toBe(200);
      expect(r.body.tour_categories.map((x: any) => [x.slug, x.rank, x.tour_count])).toEqual([
        ['food-and-wine', 0, 1],
        ['hiking', 1, 2],
        ['city-breaks', 2, 1],
      ]);
      expect((await get('/store/tour-categories', { key: other.publishable_key })).body.tour_categories).toEqual([]);
    });

    it("translates tours, destinations and categories through the localization overlay (locale or Accept-Language, the default's text otherwise)", async () => {
      const ADD_LOCALE = `mutation($input: AddLocaleInput!) { addLocale(input: $input) { code } }`;
      for (const code of ['en', 'de']) await run(ADD_LOCALE, { input: { code } });
      await run(`mutation($input: [SetTranslationInput!]!) { setTranslations(input: $input) { id } }`, {
        input: [
          { resource_type: 'tour', resource_id: t.douro.id, locale: 'de', fields: { title: 'Douro-Weinpfad', summary: 'Sieben Tage flussaufwärts' } },
          { resource_type: 'tour_destination', resource_id: d.portugal.id, locale: 'de', fields: { name: 'Portugal (DE)' } },
          { resource_type: 'tour_category', resource_id: c.hiking.id, locale: 'de', fields: { name: 'Wandern' } },
          // an itinerary day is keyed by its tour and number (a replaced itinerary keeps it)
          { resource_type: 'tour_itinerary_day', resource_id: `${t.douro.id}-2`, locale: 'de', fields: { title: 'Gaia (DE)', description: 'Kellereien' } },
        ],
      });
      const de = await get('/store/tours?locale=de&destination=portugal');
      expect(de.body.tours[0]).toMatchObject({ title: 'Douro-Weinpfad', summary: 'Sieben Tage flussaufwärts', destination: { name: 'Portugal (DE)' } });
      expect(de.body.tours[0].categories.map((x: any) => x.name)).toEqual(['Food & wine', 'Wandern']);
      expect(de.body.tours[1].title).toBe('Lisbon Weekend');
      const header = await get('/store/tours/douro-wine-trail', { headers: { 'accept-language': 'de-DE,de;q=0.9' } });
      expect(header.body.tour.title).toBe('Douro-Weinpfad');
      expect(header.body.tour.itinerary.map((x: any) => [x.day, x.title, x.description, x.overnight])).toEqual([
        [1, 'Porto', 'Arrival', null],
        [2, 'Gaia (DE)', 'Kellereien', 'Porto'],
        [7, 'Home', null, null],
      ]);
      expect((await get('/store/tours/douro-wine-trail?locale=fr')).body.tour.title).toBe('Douro Wine Trail');
      expect((await get('/store/tours/douro-wine-trail')).body.tour.title).toBe('Douro Wine Trail');
      expect((await get('/store/destinations?locale=de')).body.destinations.map((x: any) => x.name)).toEqual(['Iceland', 'Portugal (DE)']);
      expect((await get('/store/tour-categories?locale=de')).body.tour_categories.map((x: any) => x.name)).toEqual(['Food & wine', 'Wandern', 'City breaks']);
      expect((await get('/store/destinations/portugal?locale=de')).body.destination.tours[0].title).toBe('Douro-Weinpfad');
    });
  });

  describe('reviews, moderated like product reviews', () => {
    const path = (slug: string) => `/store/tours/${slug}/reviews`;
    const post = (slug: string, body: unknown, token?: string, k = shop.publishable_key) => p.api('POST', path(slug), { key: k, token, body });
    let anna: string;
    let ben: string;

    beforeAll(async () => {
      const c1 = await p.registerCustomer(shop.publishable_key);
      await p.api('POST', '/store/customers/me', { key: shop.publishable_key, token: c1.token, body: { first_name: 'Anna', last_name: 'kowalska' } });
      anna = c1.token;
      ben = (await p.registerCustomer(shop.publishable_key)).token;
    });

    it('a customer writes a pending review (signed "Anna K."); it is not listed until approved; then the tour is rated', async () => {
      const r = await post('douro-wine-trail', { rating: 5, title: '  Superb  ', content: 'Wonderful week.' }, anna);
      expect(r.status).toBe(200);
      expect(r.body.review).toMatchObject({
        tour_id: t.douro.id,
        author_name: 'Anna K.',
        rating: 5,
        title: 'Superb',
        content: 'Wonderful week.',
        status: 'pending',
      });
      expect(r.body.review.id).toMatch(/^trev_[0-9A-Z]{26}$/);
      expect((await get(path('douro-wine-trail'))).body).toEqual({ reviews: [], count: 0, offset: 0, limit: 20 });
      const pending = await run(MODERATION, { status: 'pending' });
      expect(pending.items.map((x: any) => x.id)).toEqual([r.body.review.id]);
      const approved = await run(APPROVE, { id: r.body.review.id });
      expect(approved.status).toBe('approved');
      const listed = await get(path('douro-wine-trail'));
      expect(listed.body.reviews.map((x: any) => x.id)).toEqual([r.body.review.id]);
      expect((await get('/store/tours/douro-wine-trail')).body.tour.rating).toEqual({ average: 5, count: 1 });
      expect((await outbox(shop.tenant_id, 'tour_review.approved', r.body.review.id)).map((e) => e.data)).toEqual([
        { id: r.body.review.id, tour_id: t.douro.id, rating: 5 },
      ]);
    });

    it('one review per customer and tour (409 duplicate); rejected reviews are not listed; newest first unless order says otherwise', async () => {
      const again = await post('douro-wine-trail', { rating: 1, content: 'Again' }, anna);
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ type: 'conflict', code: 'duplicate' });
      const b = await post(t.douro.id, { rating: 3, content: 'Fine.' }, ben);
      expect(b.status).toBe(200);
      expect(b.body.review.author_name).toBe('Customer');
      await run(APPROVE, { id: b.body.review.id });
      const listed = await get(path('douro-wine-trail'));
      expect(listed.body.reviews.map((x: any) => x.rating)).toEqual([3, 5]);
      expect((await get(`${path('douro-wine-trail')}?order=-rating`)).body.reviews.map((x: any) => x.rating)).toEqual([5, 3]);
      expect((await get(`${path('douro-wine-trail')}?order=created_at&limit=1`)).body).toMatchObject({ count: 2, limit: 1, reviews: [{ rating: 5 }] });
      expect((await get('/store/tours/douro-wine-trail')).body.tour.rating).toEqual({ average: 4, count: 2 });
      await run(REJECT, { id: b.body.review.id });
      expect((await get(path('douro-wine-trail'))).body.count).toBe(1);
      expect((await get('/store/tours/douro-wine-trail')).body.tour.rating).toEqual({ average: 5, count: 1 });
    });

    it('refuses without a customer token (401), bad ratings and unknown keys (400), drafts and other stores (404); nothing is written', async () => {
      const before = (await sql.query(`select count(*)::int as n from tours.tour_review where tenant_id = $1`, [shop.tenant_id])).rows[0].n;
      const none = await post('lisbon-weekend', { rating: 5, content: 'x' });
      expect(none.status).toBe(401);
      expect(none.body.type).toBe('authentication_error');
      const adminPost = await post('lisbon-weekend', { rating: 5, content: 'x' }, admin);
      expect([401, 403]).toContain(adminPost.status);
      for (const body of [
        { rating: 0, content: 'x' },
        { rating: 6, content: 'x' },
        { rating: 4.5, content: 'x' },
        { rating: 5 },
        { rating: 5, content: '   ' },
        { rating: 5, content: 'x', stars: 5 },
        { rating: 5, content: '<b>x</b>' },
      ]) {
        const r = await post('lisbon-weekend', body, anna);
        expect([JSON.stringify(body), r.status]).toEqual([JSON.stringify(body), 400]);
        expect(r.body.type).toBe('validation_error');
      }
      expect((await post('secret-draft', { rating: 5, content: 'x' }, anna)).status).toBe(404);
      expect((await post('not-yours', { rating: 5, content: 'x' }, anna)).status).toBe(404);
      expect((await get(path('secret-draft'))).status).toBe(404);
      expect((await get(path('not-yours'))).status).toBe(404);
      expect((await sql.query(`select count(*)::int as n from tours.tour_review where tenant_id = $1`, [shop.tenant_id])).rows[0].n).toBe(before);
      // moderation is the admin's, in its own store
      expect((await refused(APPROVE, { id: 'trev_nope' })).code).toBe('not_found');
      const mine = (await run(MODERATION, {})).items[0];
      expect((await refused(APPROVE, { id: mine.id }, otherAdmin)).code).toBe('not_found');
      expect((await refused(MODERATION, {}, anna)).type).toMatch(/authentication_error|permission_error/);
    });
  });

  describe('seats, as commerce holds and sells them', () => {
    it('snapshots departures in a currency: title with the dates, unit price, seats left, on sale; unknown and other stores’ ids left out', async () => {
      const s = await run(SNAPSHOTS, {
        ids: [dep.douroMay.id, 'tdep_nope', otherDeparture.id, dep.douroPast.id, dep.draft.id, dep.douroCanceled.id],
        currency_code: 'USD',
      });
      expect(s).toEqual([
        {
          id: dep.douroMay.id,
          title: 'Douro Wine Trail, 12–18 May 2027',
          tour_id: t.douro.id,
          tour_title: 'Douro Wine Trail',
          tour_slug: 'douro-wine-trail',
          starts_on: '2027-05-12',
          ends_on: '2027-05-18',
          thumbnail: 'https://img.example/douro.jpg',
          unit_price: '1620.5',
          available_quantity: 12,
          on_sale: true,
          requires_traveller_details: true,
          min_age: 18,
          max_per_booking: 6,
        },
        expect.objectContaining({ id: dep.douroPast.id, unit_price: null, on_sale: false }),
        expect.objectContaining({ id: dep.draft.id, on_sale: false, title: 'Secret Draft, 7–8 August 2027' }),
        expect.objectContaining({ id: dep.douroCanceled.id, on_sale: false }),
      ]);
      expect((await snapshot(dep.lisbon.id, 'eur')).title).toBe('Lisbon Weekend, 18–21 March 2027');
      // commerce's door: an operator or an admin; never a customer or a storefront
      const customer = (await p.registerCustomer(shop.publishable_key)).token;
      expect((await refused(SNAPSHOTS, { ids: [dep.douroMay.id], currency_code: 'eur' }, customer)).type).toMatch(/authentication_error|permission_error/);
      const anonymous = await p.graphql(HOLD, { key: key(), lines: [{ departure_id: dep.douroMay.id, quantity: 1 }], ttl: 60 }, {
        key: shop.publishable_key,
      } as never);
      expect(anonymous.body.errors[0].extensions.type).toMatch(/authentication_error|permission_error/);
    });

    it('30 concurrent holds for 3 seats: exactly 3 succeed and 27 get 409 insufficient_inventory; never oversold', async () => {
      const keys = Array.from({ length: 30 }, key);
      const results = await Promise.all(
        keys.map((k) => p.graphql(HOLD, { key: k, lines: [{ departure_id: dep.small.id, quantity: 1 }], ttl: 600 }, { token: admin })),
      );
      const ok = results.filter((r) => r.body.data?.holdTourSeats === 'held');
      const refusedAll = results.filter((r) => r.body.errors?.[0]?.extensions?.code === 'insufficient_inventory');
      expect(ok).toHaveLength(3);
      expect(refusedAll).toHaveLength(27);
      expect(refusedAll[0].body.errors[0].extensions.type).toBe('conflict');
      expect(await seatsOf(dep.small.id)).toEqual({ seats_sold: 0, seats_held: 3, capacity: 3 });
      expect((await snapshot(dep.small.id)).available_quantity).toBe(0);
      const detail = await get('/store/tours/iceland-hike');
      expect(detail.body.tour.departures.find((x: any) => x.id === dep.small.id).seats_remaining).toBe(0);
      // give them back for the next tests
      const held = keys.filter((_, i) => results[i].body.data?.holdTourSeats === 'held');
      for (const k of held) expect(await run(RELEASE, { key: k })).toBe(true);
      expect(await seatsOf(dep.small.id)).toEqual({ seats_sold: 0, seats_held: 0, capacity: 3 });
    });

    it('a hold is all lines or none, idempotent per key; a hold past its expiry gives its seats back', async () => {
      const k = key();
      const both = [
        { departure_id: dep.small.id, quantity: 2 },
        { departure_id: dep.iceland.id, quantity: 9 },
      ];
      expect((await refused(HOLD, { key: k, lines: both, ttl: 600 })).code).toBe('insufficient_inventory');
      expect(await seatsOf(dep.small.id)).toMatchObject({ seats_held: 0 });
      const lines = [{ departure_id: dep.small.id, quantity: 2 }];
      expect(await run(HOLD, { key: k, lines, ttl: 600 })).toBe('held');
      expect(await run(HOLD, { key: k, lines, ttl: 600 })).toBe('held');
      expect(await seatsOf(dep.small.id)).toMatchObject({ seats_held: 2 });
      expect((await refused(HOLD, { key: key(), lines, ttl: 600 })).code).toBe('insufficient_inventory');
      // the hold's time is up (its expiry moved into the past: no waiting)
      await sql.query(`update tours.tour_seat_hold set expires_at = now() - interval '1 minute' where tenant_id = $1 and key = $2`, [shop.tenant_id, k]);
      expect((await snapshot(dep.small.id)).available_quantity).toBe(3);
      const next = key();
      expect(await run(HOLD, { key: next, lines: [{ departure_id: dep.small.id, quantity: 3 }], ttl: 600 })).toBe('held');
      expect(await seatsOf(dep.small.id)).toMatchObject({ seats_held: 3 });
      // the expired key: confirming it takes the seats again, and there are none
      expect((await refused(CONFIRM, { key: k, lines })).code).toBe('insufficient_inventory');
      expect(await run(RELEASE, { key: next })).toBe(true);
      expect(await run(RELEASE, { key: k })).toBe(true);
      expect(await seatsOf(dep.small.id)).toMatchObject({ seats_held: 0, seats_sold: 0 });
      // a released key stays released
      expect((await refused(HOLD, { key: k, lines, ttl: 600 })).code).toBe('reservation_released');
    });

    it('confirm makes a hold permanent (sold); release gives seats back in any state and is idempotent; releaseTourSeats gives sold seats back', async () => {
      const k = key();
      const lines = [{ departure_id: dep.small.id, quantity: 2 }];
      expect(await run(HOLD, { key: k, lines, ttl: 600 })).toBe('held');
      expect(await run(CONFIRM, { key: k, lines })).toBe(true);
      expect(await run(CONFIRM, { key: k, lines })).toBe(true);
      expect(await seatsOf(dep.small.id)).toEqual({ seats_sold: 2, seats_held: 0, capacity: 3 });
      expect(await run(HOLD, { key: k, lines, ttl: 600 })).toBe('confirmed');
      // a confirmed hold never expires
      await sql.query(`update tours.tour_seat_hold set expires_at = now() - interval '1 minute' where tenant_id = $1 and key = $2`, [shop.tenant_id, k]);
      expect((await snapshot(dep.small.id)).available_quantity).toBe(1);
      // capacity never below the seats sold
      expect((await refused(UPDATE_DEPARTURE, { id: dep.small.id, input: { capacity: 1 } })).code).toBe('capacity_below_sold');
      // the order was canceled: commerce gives the sold seats back
      expect(await run(RELEASE_SOLD, { lines })).toBe(true);
      expect(await seatsOf(dep.small.id)).toMatchObject({ seats_sold: 0 });
      // a confirm without a hold (it expired and was swept) takes the seats directly
      const late = key();
      expect(await run(CONFIRM, { key: late, lines: [{ departure_id: dep.small.id, quantity: 1 }] })).toBe(true);
      expect(await seatsOf(dep.small.id)).toMatchObject({ seats_sold: 1 });
      expect(await run(RELEASE, { key: late })).toBe(true);
      expect(await run(RELEASE, { key: late })).toBe(true);
      expect(await run(RELEASE, { key: key() })).toBe(true);
      expect(await seatsOf(dep.small.id)).toEqual({ seats_sold: 0, seats_held: 0, capacity: 3 });
    });

    it('refuses bad seat lines, closed or past departures and other stores’ departures', async () => {
      expect((await refused(HOLD, { key: key(), lines: [], ttl: 60 })).type).toBe('validation_error');
      expect((await refused(HOLD, { key: key(), lines: [{ departure_id: dep.small.id, quantity: 0 }], ttl: 60 })).type).toBe('validation_error');
      expect((await refused(HOLD, { key: '', lines: [{ departure_id: dep.small.id, quantity: 1 }], ttl: 60 })).type).toBe('validation_error');
      expect((await refused(HOLD, { key: key(), lines: [{ departure_id: dep.douroPast.id, quantity: 1 }], ttl: 60 })).code).toBe('insufficient_inventory');
      expect((await refused(HOLD, { key: key(), lines: [{ departure_id: dep.douroCanceled.id, quantity: 1 }], ttl: 60 })).code).toBe('insufficient_inventory');
      expect((await refused(HOLD, { key: key(), lines: [{ departure_id: otherDeparture.id, quantity: 1 }], ttl: 60 })).code).toBe('not_found');
      expect((await seatsOf(otherDeparture.id)).seats_held).toBe(0);
    });
  });

  describe('bookings from orders', () => {
    const placed = (orderId: string, items: unknown[]) => ({
      id: orderId,
      display_id: 1,
      cart_id: 'cart_x',
      customer_id: 'cus_1',
      email: 'ada@example.com',
      currency_code: 'eur',
      total: 2980,
      items,
    });
    const emit = async (type: string, data: unknown, eventId = `evt_${randomBytes(8).toString('hex')}`) => {
      await sql.query(`insert into commerce.outbox_event (id, tenant_id, type, data, created_at) values ($1, $2, $3, $4, now())`, [
        eventId,
        shop.tenant_id,
        type,
        JSON.stringify(data),
      ]);
      return eventId;
    };
    const bookingsOf = async (orderId: string) => (await run(BOOKINGS, { tour_id: t.douro.id })).filter((b: any) => b.order_id === orderId);

    it('order.placed makes one booking per tour line with its travellers, once, even when the event comes again', async () => {
      const orderId = `order_${randomBytes(6).toString('hex')}`;
      const travellers = [
        { first_name: 'Ada', last_name: 'Lovelace', age: 36 },
        { first_name: 'Charles', last_name: 'Babbage', age: 41 },
      ];
      const data = placed(orderId, [
        { id: 'item_tour_1', kind: 'tour_booking', reference_id: dep.douroMay.id, title: 'Douro', quantity: 2, unit_price: 1490, metadata: { travellers } },
        { id: 'item_product', kind: 'product', reference_id: 'variant_1', title: 'Tee', quantity: 1, unit_price: 20, metadata: null },
      ]);
      const eventId = await emit('order.placed', data);
      const [b] = await waitFor('the booking', async () => {
        const list = await bookingsOf(orderId);
        return list.length ? list : null;
      });
      expect(b).toMatchObject({
        order_id: orderId,
        line_item_id: 'item_tour_1',
        tour_id: t.douro.id,
        departure_id: dep.douroMay.id,
        customer_id: 'cus_1',
        email: 'ada@example.com',
        travellers,
        seats: 2,
        status: 'confirmed',
        canceled_at: null,
      });
      expect(b.id).toMatch(/^tbk_[0-9A-Z]{26}$/);
      expect(b.code).toMatch(/^TB-[A-Z2-9]{6}$/);
      expect((await outbox(shop.tenant_id, 'tour_booking.created', b.id)).map((e) => e.data)).toEqual([
        { id: b.id, code: b.code, tour_id: t.douro.id, departure_id: dep.douroMay.id, order_id: orderId, customer_id: 'cus_1', seats: 2 },
      ]);
      // redelivered (the same event relayed again) and emitted twice (another event, same order): still one booking
      await sql.query(`update commerce.outbox_event set published_at = null where id = $1`, [eventId]);
      const second = await emit('order.placed', data);
      await waitFor('the redeliveries handled', async () => {
        const r = await sql.query(`select count(*)::int as n from tours.processed_event where event_id = any($1)`, [[eventId, second]]);
        return r.rows[0].n >= 2;
      });
      await waitFor(
        'the first event published again',
        async () => (await sql.query(`select published_at from commerce.outbox_event where id = $1`, [eventId])).rows[0].published_at,
      );
      expect(await bookingsOf(orderId)).toHaveLength(1);
      expect(await outbox(shop.tenant_id, 'tour_booking.created', b.id)).toHaveLength(1);
      expect((await run(BOOKINGS, { departure_id: dep.douroMay.id })).map((x: any) => x.id)).toContain(b.id);
      expect(await run(BOOKINGS, {}, otherAdmin)).toEqual([]);
    });

    it('order.canceled cancels the order’s bookings (tour_booking.canceled), once', async () => {
      const orderId = `order_${randomBytes(6).toString('hex')}`;
      await emit(
        'order.placed',
        placed(orderId, [
          { id: `item_${orderId}`, kind: 'tour_booking', reference_id: dep.douroJune.id, title: 'Douro', quantity: 1, unit_price: 1590.25, metadata: null },
        ]),
      );
      const [b] = await waitFor('the booking', async () => {
        const list = await bookingsOf(orderId);
        return list.length ? list : null;
      });
      expect(b.travellers).toEqual([]);
      await emit('order.canceled', { id: orderId, customer_id: 'cus_1' });
      const [canceled] = await waitFor('the cancellation', async () => {
        const list = await bookingsOf(orderId);
        return list[0]?.status === 'canceled' ? list : null;
      });
      expect(canceled.canceled_at).toEqual(expect.any(String));
      await emit('order.canceled', { id: orderId, customer_id: 'cus_1' });
      await waitFor('the second cancellation handled', async () => {
        const r = await sql.query(
          `select count(*)::int as n from tours.processed_event where subscription like '%cancel-tour-bookings%' and event_id in (select id from commerce.outbox_event where tenant_id = $1 and type = 'order.canceled' and data->>'id' = $2)`,
          [shop.tenant_id, orderId],
        );
        return r.rows[0].n >= 2;
      });
      expect((await outbox(shop.tenant_id, 'tour_booking.canceled', b.id)).map((e) => e.data)).toEqual([
        { id: b.id, code: b.code, tour_id: t.douro.id, departure_id: dep.douroJune.id, order_id: orderId, customer_id: 'cus_1', seats: 1 },
      ]);
    });
  });

  describe('admin', () => {
    it('validates writes at the GraphQL door: unknown keys, bad dates and prices, itinerary past the duration, another store’s destination', async () => {
      const base = { title: 'X', destination_id: d.portugal.id, duration_days: 2 };
      expect((await refused(CREATE_TOUR, { input: { ...base, duration_days: 0 } })).type).toBe('validation_error');
      expect((await refused(CREATE_TOUR, { input: { ...base, itinerary: [{ day: 3, title: 'Late' }] } })).code).toBe('invalid_field');
      expect((await refused(CREATE_TOUR, { input: { ...base, destination_id: otherDestination.id } })).code).toBe('invalid_field');
      expect((await refused(CREATE_TOUR, { input: { ...base, slug: 'douro-wine-trail' } })).code).toBe('duplicate');
      expect((await refused(DEPARTURE, { tour_id: t.lisbon.id, input: { starts_on: '2027-02-30', capacity: 3, prices: prices('1') } })).code).toBe(
        'invalid_date',
      );
      expect((await refused(DEPARTURE, { tour_id: t.lisbon.id, input: { starts_on: '2027-02-03', capacity: 3, prices: prices('-1') } })).type).toBe(
        'validation_error',
      );
      expect((await refused(DEPARTURE, { tour_id: t.lisbon.id, input: { starts_on: '2027-02-03', capacity: 3, prices: [] } })).type).toBe('validation_error');
      expect((await refused(DEPARTURE, { tour_id: otherTour.id, input: { starts_on: '2027-02-03', capacity: 3, prices: prices('1') } })).code).toBe(
        'not_found',
      );
      expect((await refused(CREATE_TOUR, { input: base }, (await p.registerCustomer(shop.publishable_key)).token)).type).toMatch(
        /authentication_error|permission_error/,
      );
      const n = (await sql.query(`select count(*)::int as n from tours.tour where tenant_id = $1`, [shop.tenant_id])).rows[0].n;
      expect(n).toBe(4);
    });

    it('publishing, updating and deleting tell the search index (tour.published, tour.updated, tour.deleted)', async () => {
      const x = await run(CREATE_TOUR, { input: { title: 'Short Trip', destination_id: d.iceland.id, duration_days: 2 } });
      await run(PUBLISH, { id: x.id });
      const dp = await departure(x, '2027-09-01', 4, '99');
      const u = await run(`mutation($id: String!, $input: TourUpdateInput!) { updateTour(id: $id, input: $input) { duration_days departures { ends_on } } }`, {
        id: x.id,
        input: { duration_days: 3 },
      });
      expect(u.departures).toEqual([{ ends_on: '2027-09-03' }]);
      expect(dp.ends_on).toBe('2027-09-02');
      await run(`mutation($id: String!) { archiveTour(id: $id) { status } }`, { id: x.id });
      expect((await get('/store/tours/short-trip')).status).toBe(404);
      await run(`mutation($id: String!) { deleteTour(id: $id) { id } }`, { id: x.id });
      expect((await outbox(shop.tenant_id, 'tour.published', x.id)).map((e) => e.data)).toEqual([{ id: x.id, slug: 'short-trip' }]);
      expect((await outbox(shop.tenant_id, 'tour.updated', x.id)).length).toBe(2);
      expect((await outbox(shop.tenant_id, 'tour.deleted', x.id)).map((e) => e.data)).toEqual([{ id: x.id, slug: 'short-trip' }]);
      // a tour with bookings stays (archive it instead)
      expect((await refused(`mutation($id: String!) { deleteTour(id: $id) { id } }`, { id: t.douro.id })).code).toBe('in_use');
    });
  });

  it('seeds the demo tours: two destinations, three categories, three published tours with departures in 2027 and reviews', async () => {
    const tenant = await p.createTenant();
    await p.seedDomain('tours', tenant.tenant_id);
    const k = tenant.publishable_key;
    const list = await get('/store/tours?currency_code=gbp', { key: k });
    expect(list.body.tours.map((x: any) => [x.slug, x.destination.slug, x.from_price])).toEqual([
      ['douro-valley-wine-trail', 'portugal', 1200],
      ['iceland-ring-road-hike', 'iceland', 1890],
      ['lisbon-long-weekend', 'portugal', 565],
    ]);
    expect((await get('/store/destinations', { key: k })).body.count).toBe(2);
    expect((await get('/store/tour-categories', { key: k })).body.tour_categories).toHaveLength(3);
    const douro = (await get('/store/tours/douro-valley-wine-trail?currency_code=usd', { key: k })).body.tour;
    expect(douro.itinerary).toHaveLength(7);
    expect(douro.departures).toHaveLength(4);
    expect(douro.requires_traveller_details).toBe(true);
    expect(douro.rating).toEqual({ average: 4.5, count: 2 });
    expect((await get('/store/tours/iceland-ring-road-hike/reviews', { key: k })).body.count).toBe(1);
    // the localization seed (its demo translations) runs after this domain's in the demo store; here it is run by hand
    await p.seedDomain('localization', tenant.tenant_id);
    const de = (await get('/store/tours/douro-valley-wine-trail?locale=de', { key: k })).body.tour;
    expect(de).toMatchObject({ title: 'Weinpfad im Douro-Tal', destination: { name: 'Portugal: Lissabon & Douro' } });
    expect(de.summary).toBe('Sieben Tage von Porto den Douro hinauf: Quintas, Terrassen und eine Flussfahrt.');
    expect(de.categories.map((x: any) => x.name)).toEqual(['Essen & Wein', 'Wandern']);
    expect(de.itinerary[0]).toEqual({ day: 1, title: 'Ankunft in Porto', description: 'Willkommensabendessen an der Ribeira.', overnight: 'Porto' });
    const deList = (await get('/store/tours?locale=de', { key: k })).body.tours;
    expect(deList.map((x: any) => x.title)).toEqual(['Weinpfad im Douro-Tal', 'Wandern an Islands Ringstraße', 'Langes Wochenende in Lissabon']);
    const lisbon = (await get('/store/tours/lisbon-long-weekend', { key: k, headers: { 'accept-language': 'de' } })).body.tour;
    expect(lisbon.itinerary.map((x: any) => x.overnight)).toEqual(['Lissabon', 'Lissabon', 'Lissabon', null]);
    expect((await get('/store/destinations?locale=de', { key: k })).body.destinations.map((x: any) => x.name)).toEqual([
      'Island',
      'Portugal: Lissabon & Douro',
    ]);
    // English stays the stored text
    expect((await get('/store/tours/douro-valley-wine-trail', { key: k })).body.tour.title).toBe('Douro Valley Wine Trail');
  });
});
