import type { SeedContext } from '@svc/kit';
import type { CreateEventData, SessionData, SpeakerData, TicketTypeData } from '../inputs/event.input';
import type { EventsServices } from '../services';

interface DemoEvent {
  event: CreateEventData;
  speakers: SpeakerData[];
  /** sessions with their speakers by index in `speakers` */
  sessions: Array<Omit<SessionData, 'speaker_ids'> & { speakers: number[] }>;
  tickets: TicketTypeData[];
}

const prices = (eur: string, usd: string, gbp: string) => [
  { currency_code: 'eur', amount: eur },
  { currency_code: 'usd', amount: usd },
  { currency_code: 'gbp', amount: gbp },
];

/** The demo store's events: a two-day conference in Berlin and a smaller online workshop, in 2027 (fixed dates, the future for a while). */
const demoEvents = (): DemoEvent[] => [
  {
    event: {
      slug: 'commerce-summit-2027',
      title: 'Commerce Summit 2027',
      subtitle: 'Two days on headless commerce, payments and the storefronts of tomorrow',
      description:
        'Talks, workshops and a hallway track for the people who build online stores: architecture, checkout, search, localisation and the operations behind them.',
      thumbnail: '/static/demo/events/commerce-summit.jpg',
      venue: { name: 'Kalkscheune', address: 'Johannisstraße 2', city: 'Berlin', country_code: 'de' },
      time_zone: 'Europe/Berlin',
      starts_at: '2027-06-10T09:00:00+02:00',
      ends_at: '2027-06-11T18:00:00+02:00',
      requires_attendee_names: true,
      max_tickets_per_order: 10,
    },
    speakers: [
      { name: 'Amara Okafor', title: 'Principal Engineer', company: 'Northwind Retail', bio: 'Builds checkouts that survive Black Friday.', rank: 1 },
      { name: 'Jonas Becker', title: 'Head of Payments', company: 'Fernweh Travel', bio: 'Payments, refunds and the reconciliation in between.', rank: 2 },
      { name: 'Mei Lin', title: 'Search Lead', company: 'Lumen Books', bio: 'Makes catalogues of a million titles findable.', rank: 3 },
      { name: 'Sofia Rossi', title: 'Localisation Manager', company: 'Casa Verde', bio: 'Ships stores in eleven languages.', rank: 4 },
    ],
    sessions: [
      {
        title: 'Opening keynote: the composable store',
        starts_at: '2027-06-10T09:30:00+02:00',
        ends_at: '2027-06-10T10:30:00+02:00',
        room: 'Main hall',
        track: 'Keynote',
        speakers: [0],
      },
      {
        title: 'A checkout that never oversells',
        starts_at: '2027-06-10T11:00:00+02:00',
        ends_at: '2027-06-10T11:45:00+02:00',
        room: 'Main hall',
        track: 'Engineering',
        speakers: [0, 1],
      },
      {
        title: 'Payments across three currencies',
        starts_at: '2027-06-10T14:00:00+02:00',
        ends_at: '2027-06-10T14:45:00+02:00',
        room: 'Studio',
        track: 'Payments',
        speakers: [1],
      },
      {
        title: 'Search that understands shoppers',
        starts_at: '2027-06-11T09:30:00+02:00',
        ends_at: '2027-06-11T10:15:00+02:00',
        room: 'Main hall',
        track: 'Engineering',
        speakers: [2],
      },
      {
        title: 'One store, eleven languages',
        starts_at: '2027-06-11T11:00:00+02:00',
        ends_at: '2027-06-11T11:45:00+02:00',
        room: 'Studio',
        track: 'Growth',
        speakers: [3],
      },
      {
        title: 'Closing panel: what we learned',
        starts_at: '2027-06-11T16:30:00+02:00',
        ends_at: '2027-06-11T17:30:00+02:00',
        room: 'Main hall',
        track: 'Keynote',
        speakers: [0, 1, 2, 3],
      },
    ],
    tickets: [
      {
        name: 'Early bird',
        description: 'Both days, at the early price',
        prices: prices('199', '219', '175'),
        capacity: 50,
        rank: 1,
        sale_ends_at: '2027-03-31T23:59:59+02:00',
      },
      { name: 'Standard', description: 'Both days, talks and workshops', prices: prices('349', '379', '299'), capacity: 200, rank: 2 },
      { name: 'VIP', description: 'Both days, the speakers’ dinner and reserved seats', prices: prices('799', '869', '689'), capacity: 20, rank: 3 },
    ],
  },
  {
    event: {
      slug: 'storefront-performance-workshop',
      title: 'Storefront performance workshop',
      subtitle: 'A hands-on afternoon, online',
      description: 'Measure and speed up a real storefront: caching, images and the critical rendering path.',
      online_url: 'https://events.example.com/live/storefront-performance',
      time_zone: 'Europe/London',
      starts_at: '2027-09-15T14:00:00+01:00',
      ends_at: '2027-09-15T17:00:00+01:00',
      requires_attendee_names: false,
      max_tickets_per_order: 5,
    },
    speakers: [{ name: 'Mei Lin', title: 'Search Lead', company: 'Lumen Books', bio: 'Also fond of fast pages.', rank: 1 }],
    sessions: [
      { title: 'Measuring what shoppers feel', starts_at: '2027-09-15T14:00:00+01:00', ends_at: '2027-09-15T17:00:00+01:00', track: 'Workshop', speakers: [0] },
    ],
    tickets: [{ name: 'Online seat', prices: prices('49', '55', '42'), capacity: 100, rank: 1 }],
  },
];

/** events' part of the demo store: the conference and the workshop, created and published like an admin would. */
export async function seedDemoEvents(s: EventsServices, seed: SeedContext): Promise<void> {
  for (const d of demoEvents()) {
    const e = await s.events.create(seed.ctx, d.event);
    const speakerIds: string[] = [];
    for (const sp of d.speakers) speakerIds.push((await s.schedule.createSpeaker(seed.ctx, e.id, sp)).id);
    for (const { speakers, ...session } of d.sessions) {
      await s.schedule.createSession(seed.ctx, e.id, { ...session, speaker_ids: speakers.map((i) => speakerIds[i]) });
    }
    for (const t of d.tickets) await s.tickets.create(seed.ctx, e.id, t);
    await s.events.publish(seed.ctx, e.id);
  }
  seed.log.debug({ tenantId: seed.tenantId }, 'events: demo events created');
}
