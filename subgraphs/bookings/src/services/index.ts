import { Store, systemClock, type ServiceFactoryArgs } from '@svc/kit';
import { ServiceBookingService } from './booking.service';
import { BookableServiceService } from './service.service';

/** bookings' services, one per aggregate, sharing one store (this domain's schema and unit of work). */
export interface BookingsServices {
  store: Store;
  services: BookableServiceService;
  bookings: ServiceBookingService;
}

export function createBookingsServices({ orm, deps }: ServiceFactoryArgs): BookingsServices {
  const store = new Store(orm);
  const services = new BookableServiceService(store);
  return { store, services, bookings: new ServiceBookingService(store, services, deps?.clock ?? systemClock, deps?.graph) };
}
