import type { ReferenceResolver } from '@svc/kit';
import type { ToursServices } from '../services';

const orNull = async <T>(p: Promise<T>): Promise<T | null> => {
  try {
    return await p;
  } catch {
    return null;
  }
};

/** `__resolveReference` of tours' entities: the tenant's only (null otherwise). */
export const tourReferences = (s: ToursServices): Record<string, ReferenceResolver> => ({
  Tour: (ref, ctx) => orNull(s.tours.adminView(ctx, String(ref.id))),
  TourDestination: (ref, ctx) => orNull(s.tours.destination(ctx, String(ref.id))),
  TourCategory: async (ref, ctx) => (await s.tours.categories(ctx)).find((c) => c.id === ref.id) ?? null,
  TourDeparture: (ref, ctx) => orNull(s.tours.departure(ctx, String(ref.id))),
  TourReview: (ref, ctx) => orNull(s.reviews.get(ctx, String(ref.id))),
});
