import { z } from 'zod';
import { defineEvents } from '@svc/kit';

const tourRef = z.object({ id: z.string(), slug: z.string() });
const booking = z.object({
  id: z.string(),
  code: z.string(),
  tour_id: z.string(),
  departure_id: z.string(),
  order_id: z.string(),
  customer_id: z.string().nullable(),
  seats: z.number().int(),
});

/** What tours tells the rest of the platform (payloads are checked when emitted). */
export const toursEvents = defineEvents('tours', {
  /** a tour became visible to storefronts (the search index adds it) */
  'tour.published': tourRef,
  /** a tour changed (or was archived: its status says so) */
  'tour.updated': tourRef,
  'tour.deleted': tourRef,
  /** an order's tour line became a booking (seats were already confirmed by the cart) */
  'tour_booking.created': booking,
  /** the order was canceled: the booking is canceled (commerce gives the seats back) */
  'tour_booking.canceled': booking,
  'tour_review.created': z.object({ id: z.string(), tour_id: z.string(), customer_id: z.string(), rating: z.number().int() }),
  'tour_review.approved': z.object({ id: z.string(), tour_id: z.string(), rating: z.number().int() }),
  'tour_review.rejected': z.object({ id: z.string(), tour_id: z.string(), rating: z.number().int() }),
});
