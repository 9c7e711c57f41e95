import type { SeedContext } from '@svc/kit';
import type { CategoryData, DepartureData, DestinationData, TourData } from '../inputs/tour.input';
import type { ToursServices } from '../services';
import type { SeedReview } from '../services/review.service';

type DemoTour = Omit<TourData, 'destination_id' | 'category_ids'> & {
  destination: string;
  categories: string[];
  departures: Array<Pick<DepartureData, 'starts_on' | 'capacity'> & { eur: string; usd: string; gbp: string }>;
};

const DESTINATIONS: DestinationData[] = [
  {
    slug: 'portugal',
    name: 'Portugal: Lisbon & Douro',
    country_code: 'pt',
    description: 'Tiled façades, river terraces and the port lodges of Vila Nova de Gaia.',
  },
  { slug: 'iceland', name: 'Iceland', country_code: 'is', description: 'Lava fields, glaciers and hot springs under the midnight sun.' },
];

const CATEGORIES: CategoryData[] = [
  { slug: 'food-and-wine', name: 'Food & wine', description: 'Tastings, markets and cooking with locals.', rank: 0 },
  { slug: 'hiking', name: 'Hiking', description: 'Days on foot with a guide.', rank: 1 },
  { slug: 'city-breaks', name: 'City breaks', description: 'A few days in a city, at its pace.', rank: 2 },
];

const price = (eur: string, usd: string, gbp: string) => ({ eur, usd, gbp });

/** The demo store's tours: three, in two destinations, departures in 2027 (fixed dates). */
export const demoTours = (): DemoTour[] => [
  {
    slug: 'douro-valley-wine-trail',
    title: 'Douro Valley Wine Trail',
    summary: 'Seven days from Porto up the Douro: quintas, terraces and a river cruise.',
    description: 'Walk the terraced vineyards of the Douro, taste at family quintas and finish with a boat back to Porto.',
    destination: 'portugal',
    categories: ['food-and-wine', 'hiking'],
    duration_days: 7,
    requires_traveller_details: true,
    min_age: 18,
    max_travellers_per_booking: 6,
    highlights: ['Three quinta tastings', 'Rabelo boat on the Douro', 'Port lodges of Gaia'],
    included: ['6 nights in guesthouses', 'Breakfasts and 4 dinners', 'Local guide', 'Luggage transfers'],
    itinerary: [
      { day: 1, title: 'Arrival in Porto', description: 'Welcome dinner by the Ribeira.', overnight: 'Porto' },
      { day: 2, title: 'Port lodges of Gaia', description: 'Cellars and a tasting across the river.', overnight: 'Porto' },
      { day: 3, title: 'Up the valley to Pinhão', description: 'Train along the river.', overnight: 'Pinhão' },
      { day: 4, title: 'Terraces walk', description: 'Schist terraces and a quinta lunch.', overnight: 'Pinhão' },
      { day: 5, title: 'Quinta day', description: 'Two family estates.', overnight: 'Pinhão' },
      { day: 6, title: 'Rabelo boat', description: 'Down the river by boat.', overnight: 'Peso da Régua' },
      { day: 7, title: 'Back to Porto', description: 'Departures after breakfast.', overnight: null },
    ],
    departures: [
      { starts_on: '2027-05-12', capacity: 12, ...price('1490', '1620', '1290') },
      { starts_on: '2027-06-09', capacity: 12, ...price('1590', '1730', '1380') },
      { starts_on: '2027-09-15', capacity: 16, ...price('1490', '1620', '1290') },
      { starts_on: '2027-10-06', capacity: 10, ...price('1390', '1510', '1200') },
    ],
  },
  {
    slug: 'lisbon-long-weekend',
    title: 'Lisbon Long Weekend',
    summary: 'Four days of trams, miradouros and pastéis de nata.',
    description: 'Alfama on foot, a day in Sintra and an evening of fado.',
    destination: 'portugal',
    categories: ['city-breaks', 'food-and-wine'],
    duration_days: 4,
    max_travellers_per_booking: 8,
    highlights: ['Fado evening in Alfama', 'Day trip to Sintra'],
    included: ['3 nights in a boutique hotel', 'Breakfasts', 'Lisboa Card'],
    itinerary: [
      { day: 1, title: 'Alfama and the castle', description: 'Tram 28 and the old town.', overnight: 'Lisbon' },
      { day: 2, title: 'Belém', description: 'The monastery, the tower and the pastry shop.', overnight: 'Lisbon' },
      { day: 3, title: 'Sintra', description: 'Palaces in the hills.', overnight: 'Lisbon' },
      { day: 4, title: 'Farewell', description: 'Morning market, departures.', overnight: null },
    ],
    departures: [
      { starts_on: '2027-03-18', capacity: 14, ...price('690', '750', '600') },
      { starts_on: '2027-04-22', capacity: 14, ...price('720', '785', '625') },
      { starts_on: '2027-10-14', capacity: 14, ...price('650', '710', '565') },
    ],
  },
  {
    slug: 'iceland-ring-road-hike',
    title: 'Iceland Ring Road Hike',
    summary: 'Six days of glaciers, waterfalls and black-sand beaches.',
    description: 'Hike the south coast from Reykjavík to the Jökulsárlón lagoon.',
    destination: 'iceland',
    categories: ['hiking'],
    duration_days: 6,
    max_travellers_per_booking: 4,
    highlights: ['Glacier walk on Sólheimajökull', 'Jökulsárlón lagoon', 'Hot spring soak'],
    included: ['5 nights in guesthouses', 'Breakfasts and packed lunches', 'Mountain guide', 'Crampons and helmets'],
    itinerary: [
      { day: 1, title: 'Reykjavík', description: 'Briefing and dinner.', overnight: 'Reykjavík' },
      { day: 2, title: 'Golden Circle', description: 'Þingvellir, Geysir and Gullfoss.', overnight: 'Hella' },
      { day: 3, title: 'Waterfalls', description: 'Seljalandsfoss and Skógafoss.', overnight: 'Vík' },
      { day: 4, title: 'Glacier walk', description: 'Sólheimajökull with crampons.', overnight: 'Vík' },
      { day: 5, title: 'Jökulsárlón', description: 'Icebergs and Diamond Beach.', overnight: 'Höfn' },
      { day: 6, title: 'Back to Reykjavík', description: 'A soak on the way.', overnight: null },
    ],
    departures: [
      { starts_on: '2027-06-05', capacity: 8, ...price('2190', '2380', '1890') },
      { starts_on: '2027-07-03', capacity: 8, ...price('2290', '2490', '1980') },
      { starts_on: '2027-08-07', capacity: 10, ...price('2290', '2490', '1980') },
    ],
  },
];

const REVIEWS: SeedReview[] = [
  {
    slug: 'douro-valley-wine-trail',
    author_name: 'Maria S.',
    rating: 5,
    title: 'The best week of the year',
    content: 'Terraces, wine and a wonderful guide.',
    status: 'approved',
    days_ago: 40,
  },
  {
    slug: 'douro-valley-wine-trail',
    author_name: 'Tom B.',
    rating: 4,
    title: 'Great tastings',
    content: 'A lot of walking, worth every step.',
    status: 'approved',
    days_ago: 20,
  },
  {
    slug: 'lisbon-long-weekend',
    author_name: 'Aisha K.',
    rating: 5,
    title: 'Fado!',
    content: 'The evening in Alfama was magic.',
    status: 'approved',
    days_ago: 12,
  },
  {
    slug: 'iceland-ring-road-hike',
    author_name: 'Lars P.',
    rating: 5,
    title: 'Ice and fire',
    content: 'The glacier walk was unforgettable.',
    status: 'approved',
    days_ago: 30,
  },
  {
    slug: 'iceland-ring-road-hike',
    author_name: 'Eve R.',
    rating: 3,
    title: null,
    content: 'Beautiful, but the weather was rough.',
    status: 'pending',
    days_ago: 2,
  },
];

/** tours' part of the demo store: destinations, categories, three published tours with departures, reviews. */
export async function seedDemoTours(s: ToursServices, seed: SeedContext): Promise<void> {
  const ctx = seed.ctx;
  const destinations = new Map<string, string>();
  for (const d of DESTINATIONS) destinations.set(d.slug as string, (await s.tours.createDestination(ctx, d)).id);
  const categories = new Map<string, string>();
  for (const c of CATEGORIES) categories.set(c.slug as string, (await s.tours.createCategory(ctx, c)).id);
  for (const { destination, categories: cats, departures, ...t } of demoTours()) {
    const tour = await s.tours.create(ctx, {
      ...t,
      destination_id: destinations.get(destination) as string,
      category_ids: cats.map((c) => categories.get(c) as string),
    });
    for (const d of departures) {
      await s.tours.createDeparture(ctx, tour.id, {
        starts_on: d.starts_on,
        capacity: d.capacity,
        prices: [
          { currency_code: 'eur', amount: d.eur },
          { currency_code: 'usd', amount: d.usd },
          { currency_code: 'gbp', amount: d.gbp },
        ],
      });
    }
    await s.tours.setStatus(ctx, tour.id, 'published');
  }
  await s.reviews.seed(ctx, REVIEWS);
  seed.log.debug({ tenantId: seed.tenantId }, 'tours: demo tours created');
}
