import path from 'node:path';
import { defineDomain } from '@svc/kit';
import { Event, EventRegistration, EventSession, Speaker, TicketHold, TicketType } from './entities/event.entity';
import { EventResolver } from './resolvers/event.resolver';
import { EventInventoryResolver } from './resolvers/inventory.resolver';
import { eventReference } from './resolvers/event.reference';
import { createEventsServices, type EventsServices } from './services';
import { eventsEvents } from './events';
import { eventsRoutes } from './rest/routes';
import { eventsSubscriptions } from './subscriptions';
import { seedDemoEvents } from './seed/demo-seed';
import { migrations } from './migrations';
import { eventsPrivacy } from './privacy';

/**
 * events: published events (locale- and region-aware) with their schedule and speakers, ticket
 * types with prices per currency and places that are never oversold (keyed holds commerce takes
 * for its `event_ticket` lines), and registrations made from placed orders, mailed with an
 * iCalendar invitation.
 */
export const domain = defineDomain<EventsServices>({
  name: 'events',
  privacy: eventsPrivacy,
  dbSchema: 'events',
  entities: [Event, Speaker, EventSession, TicketType, TicketHold, EventRegistration],
  migrations,
  migrationsDir: path.join(__dirname, 'migrations'),
  // an event leaves the upcoming list when it ends and closes its sale when it starts; a ticket's
  // sale window opens and closes
  readSchedules: [
    { table: 'event', column: 'starts_at' },
    { table: 'event', column: 'ends_at' },
    { table: 'event_ticket_type', column: 'sale_starts_at' },
    { table: 'event_ticket_type', column: 'sale_ends_at' },
  ],
  resolvers: [EventResolver, EventInventoryResolver],
  createServices: createEventsServices,
  references: (s) => ({ Event: eventReference(s) }),
  events: eventsEvents,
  subscriptions: eventsSubscriptions,
  jobs: [{ name: 'expire-ticket-holds', schedule: '* * * * *', handler: async (_data, ctx, s) => void (await s.holds.expire(ctx.log)) }],
  routes: eventsRoutes,
  operationsDir: path.join(__dirname, 'rest', 'operations'),
  ports: path.join(__dirname, 'ports'),
  seed: seedDemoEvents,
  start: async (s, deps) => {
    await s.translator.overlay.start(deps.bus);
  },
});

export type { EventsServices };
export { eventsEvents };
