import path from 'node:path';
import { defineDomain } from '@svc/kit';
import { BookableService, ServiceBooking, ServiceSlotCount } from './entities/booking.entity';
import { BookingResolver } from './resolvers/booking.resolver';
import { bookableServiceReference } from './resolvers/booking.reference';
import { createBookingsServices, type BookingsServices } from './services';
import { bookingsEvents } from './events';
import { bookingsRoutes } from './rest/routes';
import { seedDemoBookings } from './seed/demo-seed';
import { migrations } from './migrations';
import { bookingsPrivacy } from './privacy';

/**
 * bookings: bookable services (an appointment with a slot grid in its time zone, weekly hours and
 * date exceptions), their slots with places left, and bookings that never exceed a slot's capacity.
 */
export const domain = defineDomain<BookingsServices>({
  name: 'bookings',
  privacy: bookingsPrivacy,
  dbSchema: 'bookings',
  entities: [BookableService, ServiceBooking, ServiceSlotCount],
  migrations,
  migrationsDir: path.join(__dirname, 'migrations'),
  resolvers: [BookingResolver],
  createServices: createBookingsServices,
  references: (s) => ({ BookableService: bookableServiceReference(s) }),
  events: bookingsEvents,
  routes: bookingsRoutes,
  operationsDir: path.join(__dirname, 'rest', 'operations'),
  ports: path.join(__dirname, 'ports'),
  seed: seedDemoBookings,
});

export type { BookingsServices };
export { bookingsEvents };
export { demoBookableServices } from './seed/demo-seed';
