import { Store, TranslationOverlay, systemClock, type ServiceFactoryArgs } from '@svc/kit';
import { ToursTranslationOverlayDocument } from '../ports/generated';
import { TourBookingService } from './booking.service';
import { TourReviewService } from './review.service';
import { SeatService } from './seat.service';
import { TourService } from './tour.service';
import { ToursTranslator } from './translate';

/** tours' services, one per aggregate, sharing one store (this domain's schema and unit of work). */
export interface ToursServices {
  store: Store;
  translator: ToursTranslator;
  tours: TourService;
  seats: SeatService;
  bookings: TourBookingService;
  reviews: TourReviewService;
}

export function createToursServices({ orm, deps }: ServiceFactoryArgs): ToursServices {
  const store = new Store(orm);
  const clock = deps?.clock ?? systemClock;
  const graph = () => deps?.graph;
  const translator = new ToursTranslator(new TranslationOverlay(graph, ToursTranslationOverlayDocument));
  const tours = new TourService(store, clock, translator, graph);
  return {
    store,
    translator,
    tours,
    seats: new SeatService(store, clock, tours),
    bookings: new TourBookingService(store),
    reviews: new TourReviewService(store, tours, graph),
  };
}
