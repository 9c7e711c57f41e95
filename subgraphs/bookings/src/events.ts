import { z } from 'zod';
import { defineEvents } from '@svc/kit';

const booking = z.object({
  id: z.string(),
  service_id: z.string(),
  /** the slot's start, an ISO instant */
  starts_at: z.string(),
  quantity: z.number().int(),
  customer_id: z.string().nullable(),
});

/** What bookings tells the rest of the platform (payloads are checked when emitted). */
export const bookingsEvents = defineEvents('bookings', {
  'bookable_service.created': z.object({ id: z.string(), handle: z.string() }),
  'bookable_service.updated': z.object({ id: z.string(), fields: z.array(z.string()) }),
  'bookable_service.deleted': z.object({ id: z.string(), handle: z.string() }),
  /** places of a slot were booked (confirmed at once) */
  'service_booking.created': booking,
  /** a booking was canceled: its places are free again */
  'service_booking.canceled': booking,
});
