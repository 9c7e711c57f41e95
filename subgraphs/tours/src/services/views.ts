import type { Row } from '@svc/kit';

/** What the services return: plain objects, snake_case like the API (GraphQL fields = REST JSON). */

export interface DestinationView {
  id: string;
  slug: string;
  name: string;
  country_code: string | null;
  description: string | null;
  image: string | null;
  /** published tours there */
  tour_count: number;
  /** its published tours (one destination's detail only) */
  tours: TourView[] | null;
}

export interface CategoryView {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  rank: number;
  /** published tours in it */
  tour_count: number;
}

export interface PriceView {
  currency_code: string;
  amount: number;
}

export interface DepartureView {
  id: string;
  tour_id: string;
  starts_on: string;
  ends_on: string;
  /** capacity */
  seats: number;
  seats_sold: number;
  seats_remaining: number;
  prices: PriceView[];
  /** the per-traveller price in the request's currency; null without one or without a price in it */
  calculated_price: number | null;
  status: string;
}

export interface ItineraryDayView {
  day: number;
  title: string;
  description: string | null;
  overnight: string | null;
}

export interface RatingView {
  average: number | null;
  count: number;
}

export interface TourView {
  id: string;
  slug: string;
  title: string;
  summary: string | null;
  description: string | null;
  thumbnail: string | null;
  images: string[];
  destination_id: string;
  destination: DestinationView;
  categories: CategoryView[];
  duration_days: number;
  status: string;
  requires_traveller_details: boolean;
  min_age: number | null;
  max_travellers_per_booking: number | null;
  highlights: string[];
  included: string[];
  metadata: Record<string, unknown> | null;
  rating: RatingView;
  /** lowest per-traveller price of an open future departure in `currency_code`; null when none */
  from_price: number | null;
  currency_code: string | null;
  itinerary: ItineraryDayView[];
  departures: DepartureView[];
  created_at: string;
  updated_at: string;
}

export interface TravellerView {
  first_name: string;
  last_name: string;
  age: number | null;
}

export interface BookingView {
  id: string;
  code: string;
  order_id: string;
  line_item_id: string;
  tour_id: string;
  departure_id: string;
  customer_id: string | null;
  email: string | null;
  travellers: TravellerView[];
  seats: number;
  status: string;
  created_at: string;
  canceled_at: string | null;
}

export interface ReviewView {
  id: string;
  tour_id: string;
  customer_id: string | null;
  author_name: string;
  rating: number;
  title: string | null;
  content: string;
  status: string;
  created_at: string;
  updated_at: string;
}

export interface SnapshotView {
  id: string;
  title: string;
  tour_id: string;
  tour_title: string;
  tour_slug: string;
  starts_on: string;
  ends_on: string;
  thumbnail: string | null;
  unit_price: string | null;
  available_quantity: number;
  on_sale: boolean;
  requires_traveller_details: boolean;
  min_age: number | null;
  max_per_booking: number | null;
}

export const iso = (d: Date | string): string => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null | undefined): string | null => (d ? iso(d) : null);

/** a `date` column as `YYYY-MM-DD` (the driver may answer a string or a Date at UTC midnight) */
export function dateOf(v: unknown): string {
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return String(v).slice(0, 10);
}

export function reviewRowView(r: Row): ReviewView {
  return {
    id: r.id,
    tour_id: r.tour_id,
    customer_id: r.customer_id,
    author_name: r.author_name,
    rating: Number(r.rating),
    title: r.title,
    content: r.content,
    status: r.status,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

export function bookingRowView(r: Row): BookingView {
  return {
    id: r.id,
    code: r.code,
    order_id: r.order_id,
    line_item_id: r.line_item_id,
    tour_id: r.tour_id,
    departure_id: r.departure_id,
    customer_id: r.customer_id,
    email: r.email,
    travellers: r.travellers,
    seats: Number(r.seats),
    status: r.status,
    created_at: iso(r.created_at),
    canceled_at: isoOrNull(r.canceled_at),
  };
}
