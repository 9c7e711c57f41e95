import { z } from 'zod';
import { defineEvents } from '@svc/kit';

const event = z.object({ id: z.string(), slug: z.string() });
const registration = z.object({
  id: z.string(),
  code: z.string(),
  event_id: z.string(),
  ticket_type_id: z.string(),
  order_id: z.string(),
  customer_id: z.string().nullable(),
});

/** What events tells the rest of the platform (payloads are checked when emitted). */
export const eventsEvents = defineEvents('events', {
  'event.created': event,
  /** published (the search index adds it) */
  'event.published': event,
  /** changed: its fields, schedule, speakers or tickets */
  'event.updated': event.extend({ fields: z.array(z.string()) }),
  'event.canceled': event,
  'event.deleted': event,
  /** one ticket of a placed order became a registration */
  'event_registration.created': registration,
  /** the order was canceled, or an admin canceled the registration */
  'event_registration.canceled': registration,
});
