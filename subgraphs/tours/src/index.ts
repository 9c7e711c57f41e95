import path from 'node:path';
import { commerceEvents } from '@svc/commerce/events';
import { defineDomain } from '@svc/kit';
import {
  Tour,
  TourBooking,
  TourCategory,
  TourCategoryLink,
  TourDeparture,
  TourDestination,
  TourItineraryDay,
  TourReview,
  TourSeatHold,
} from './entities/tour.entity';
import { TourResolver } from './resolvers/tour.resolver';
import { SeatResolver } from './resolvers/seat.resolver';
import { TourReviewResolver } from './resolvers/review.resolver';
import { tourReferences } from './resolvers/tour.reference';
import { createToursServices, type ToursServices } from './services';
import { toursEvents } from './events';
import { toursRoutes } from './rest/routes';
import { seedDemoTours } from './seed/demo-seed';
import { migrations } from './migrations';
import { toursPrivacy } from './privacy';

/**
 * tours: published tours in destinations, with itinerary days and departures (dates, seats, a
 * price per traveller per currency). Commerce sells departure seats through the cart (keyed seat
 * holds, never oversold); a placed order's tour lines become bookings, a canceled order cancels them.
 */
export const domain = defineDomain<ToursServices>({
  name: 'tours',
  privacy: toursPrivacy,
  dbSchema: 'tours',
  entities: [TourDestination, TourCategory, Tour, TourCategoryLink, TourItineraryDay, TourDeparture, TourSeatHold, TourBooking, TourReview],
  migrations,
  migrationsDir: path.join(__dirname, 'migrations'),
  // a departure stops being offered on its day
  readSchedules: [{ table: 'tour_departure', column: 'starts_on' }],
  resolvers: [TourResolver, SeatResolver, TourReviewResolver],
  createServices: createToursServices,
  references: tourReferences,
  events: toursEvents,
  subscriptions: [
    commerceEvents.on<ToursServices, 'order.placed'>('order.placed', 'book-tour-lines', async (e, ctx, s) => void (await s.bookings.fromOrder(ctx, e.data))),
    commerceEvents.on<ToursServices, 'order.canceled'>(
      'order.canceled',
      'cancel-tour-bookings',
      async (e, ctx, s) => void (await s.bookings.cancelOrder(ctx, e.data.id)),
    ),
  ],
  routes: toursRoutes,
  operationsDir: path.join(__dirname, 'rest', 'operations'),
  ports: path.join(__dirname, 'ports'),
  seed: seedDemoTours,
  start: async (s, deps) => s.translator.overlay.start(deps.bus),
});

export type { ToursServices };
export type { TourView, DestinationView, SnapshotView, BookingView } from './services/views';
export { toursEvents };
export { demoTours } from './seed/demo-seed';
