import { z } from 'zod';
import { listEnvelope, queryOf, route } from '@svc/kit';
import { eventListSchema, myRegistrationsSchema, ticketListSchema } from '../inputs/event.input';

const slugParam = z.strictObject({ slug: z.string().min(1).max(200) });
const PRICING_REFUSALS = [{ code: 'invalid_field', field: 'region_id', when: 'no region of the store has this id' }];

/** events' REST routes: the storefront's events, their tickets, and the signed-in customer's registrations (operations in ./operations). */
export const eventsRoutes = [
  route({
    method: 'GET',
    path: '/store/events',
    auth: 'publishable',
    query: queryOf(eventListSchema),
    operation: 'events/StoreEvents',
    summary:
      'Published events, upcoming and running ones soonest first (past=true: ended ones, most recent first), in the requested locale; from_price in currency_code or the currency of region_id (limit, offset)',
    refusals: PRICING_REFUSALS,
    variables: ({ query }) => query,
    respond: (d) => listEnvelope('events', d.events),
  }),
  // before /store/events/:slug: the literal path wins
  route({
    method: 'GET',
    path: '/store/events/my-registrations',
    auth: 'customer',
    query: queryOf(myRegistrationsSchema),
    operation: 'events/StoreMyEventRegistrations',
    summary: "The signed-in customer's event registrations, newest first, each with its code, attendee, ticket and event (limit, offset)",
    variables: ({ query }) => query,
    respond: (d) => listEnvelope('registrations', d.myEventRegistrations),
  }),
  route({
    method: 'GET',
    path: '/store/events/:slug',
    auth: 'publishable',
    params: slugParam,
    query: queryOf(z.strictObject({ locale: eventListSchema.shape.locale })),
    operation: 'events/StoreEvent',
    summary: 'One published event by slug, with its schedule (sessions by start, each with its speakers) and speakers',
    variables: ({ params, query }) => ({ slug: params.slug, locale: query.locale }),
    respond: (d) => ({ event: d.event }),
  }),
  route({
    method: 'GET',
    path: '/store/events/:slug/tickets',
    auth: 'publishable',
    params: slugParam,
    query: queryOf(ticketListSchema.omit({ slug: true })),
    operation: 'events/StoreEventTickets',
    summary:
      "A published event's ticket types by rank: prices per currency, calculated_price in currency_code or the currency of region_id, capacity, remaining (capacity − sold − held), sold_out, on_sale",
    refusals: PRICING_REFUSALS,
    variables: ({ params, query }) => ({ slug: params.slug, ...query }),
    respond: (d) => ({ tickets: d.eventTickets }),
  }),
];
