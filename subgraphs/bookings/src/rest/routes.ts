import { z } from 'zod';
import { checkedAfterAuth, route } from '@svc/kit';
import { createBookingSchema, slotQuerySchema } from '../inputs/booking.input';

/** bookings' REST routes: the storefront reads a service's slots and books one (operations in ./operations). */
export const bookingsRoutes = [
  route({
    method: 'GET',
    path: '/store/service-bookings',
    auth: 'publishable',
    // required parameters are checked after the key (a request without one learns nothing of them)
    query: z.strictObject({
      service_id: checkedAfterAuth(slotQuerySchema.shape.service_id),
      from: checkedAfterAuth(slotQuerySchema.shape.from),
      to: checkedAfterAuth(slotQuerySchema.shape.to),
    }),
    operation: 'bookings/StoreServiceSlots',
    summary:
      'The bookable slots of a published service (service_id: id or handle) between two local dates from/to (YYYY-MM-DD, inclusive, at most 62 days), each {starts_at, ends_at, capacity, remaining}, and the service',
    refusals: [
      { code: 'invalid_date', field: 'from', when: 'from or to is not a day of the calendar (2027-02-30)' },
      { code: 'invalid_date_range', field: 'to', when: 'to is before from, or the range covers more than 62 days' },
    ],
    variables: ({ query }) => ({ service_id: query.service_id, from: query.from, to: query.to }),
    respond: (d) => ({ service: d.serviceSlots.service, slots: d.serviceSlots.slots }),
  }),
  route({
    method: 'POST',
    path: '/store/service-bookings',
    auth: 'publishable',
    body: createBookingSchema,
    operation: 'bookings/CreateServiceBooking',
    summary:
      'Books places (quantity, default 1) of one slot of a published service: status confirmed; 409 slot_full when fewer places are left; a signed-in customer may leave out email',
    refusals: [
      { code: 'not_a_slot', field: 'starts_at', when: "starts_at is not the start of one of the service's slots" },
      { code: 'slot_in_past', field: 'starts_at', when: 'the slot has already started' },
      { code: 'missing_field', field: 'email', when: 'email is absent and no customer is signed in' },
    ],
    variables: ({ body }) => ({ input: body }),
    respond: (d) => ({ service_booking: d.createServiceBooking }),
  }),
];
