import { overlaid, type RequestContext, type TranslationOverlay } from '@svc/kit';
import type { CategoryView, DestinationView, TourView } from './views';

const TOUR_FIELDS = ['title', 'summary', 'description'] as const;
const DESTINATION_FIELDS = ['name', 'description'] as const;
const CATEGORY_FIELDS = ['name', 'description'] as const;
const DAY_FIELDS = ['title', 'description', 'overnight'] as const;

/**
 * The translation key of one itinerary day: `<tour id>-<day>` (resource type `tour_itinerary_day`).
 * Days are numbered, so a tour's replaced itinerary keeps its translations.
 */
const itineraryDayKey = (tourId: string, day: number) => `${tourId}-${day}`;

/**
 * Lays the localization domain's overrides (resource types `tour`, `tour_itinerary_day`,
 * `tour_destination`, `tour_category`) over what the storefront reads, in the request's locale (`?locale=` or
 * Accept-Language), like the catalog does for products. Storefront reads only (a publishable key).
 */
export class ToursTranslator {
  constructor(readonly overlay: TranslationOverlay) {}

  async tours(ctx: RequestContext, tours: TourView[], locale: string | null | undefined): Promise<TourView[]> {
    if (!ctx.publishableKey || !tours.length) return tours;
    const keys = {
      tour: tours.map((t) => t.id),
      tour_destination: [...new Set(tours.map((t) => t.destination.id))],
      tour_category: [...new Set(tours.flatMap((t) => t.categories.map((c) => c.id)))],
      tour_itinerary_day: tours.flatMap((t) => t.itinerary.map((d) => itineraryDayKey(t.id, d.day))),
    };
    const o = await this.overlay.lookup(ctx, keys, locale);
    if (!o.size) return tours;
    return tours.map((t) => ({
      ...overlaid(t, o.get(`tour|${t.id}`), TOUR_FIELDS),
      destination: overlaid(t.destination, o.get(`tour_destination|${t.destination.id}`), DESTINATION_FIELDS),
      categories: t.categories.map((c) => overlaid(c, o.get(`tour_category|${c.id}`), CATEGORY_FIELDS)),
      itinerary: t.itinerary.map((d) => overlaid(d, o.get(`tour_itinerary_day|${itineraryDayKey(t.id, d.day)}`), DAY_FIELDS)),
    }));
  }

  async destinations(ctx: RequestContext, items: DestinationView[], locale: string | null | undefined): Promise<DestinationView[]> {
    if (!ctx.publishableKey || !items.length) return items;
    const o = await this.overlay.lookup(ctx, { tour_destination: items.map((d) => d.id) }, locale);
    return o.size ? items.map((d) => overlaid(d, o.get(`tour_destination|${d.id}`), DESTINATION_FIELDS)) : items;
  }

  async categories(ctx: RequestContext, items: CategoryView[], locale: string | null | undefined): Promise<CategoryView[]> {
    if (!ctx.publishableKey || !items.length) return items;
    const o = await this.overlay.lookup(ctx, { tour_category: items.map((c) => c.id) }, locale);
    return o.size ? items.map((c) => overlaid(c, o.get(`tour_category|${c.id}`), CATEGORY_FIELDS)) : items;
  }
}
