import { DateTime } from 'luxon';
import type { Event, EventRegistration, EventSession, Speaker, TicketType, Venue } from '../entities/event.entity';

/** An instant as ISO 8601 with the offset the zone has at that instant (`2027-06-07T09:00:00+02:00`). */
export const isoInZone = (d: Date, zone: string): string => DateTime.fromJSDate(d, { zone }).toISO({ suppressMilliseconds: true })!;

/** A money amount as it leaves the platform: a number in major units. */
export interface MoneyView {
  amount: number;
  currency_code: string;
}

export interface SpeakerView {
  id: string;
  name: string;
  title: string | null;
  company: string | null;
  bio: string | null;
  photo_url: string | null;
}

export interface SessionView {
  id: string;
  title: string;
  description: string | null;
  starts_at: string;
  ends_at: string;
  room: string | null;
  track: string | null;
  speakers: SpeakerView[];
}

/** An event as the services return it: a plain object, snake_case like the API (GraphQL fields = REST JSON). */
export interface EventView {
  id: string;
  slug: string;
  title: string;
  subtitle: string | null;
  description: string | null;
  thumbnail: string | null;
  venue: Venue | null;
  online_url: string | null;
  time_zone: string;
  starts_at: string;
  ends_at: string;
  status: string;
  requires_attendee_names: boolean;
  max_tickets_per_order: number | null;
  metadata: Record<string, unknown> | null;
  /** the lowest ticket price in the asked currency (null when none was asked or no ticket has one) */
  from_price: MoneyView | null;
  created_at: string;
  updated_at: string;
}

export interface EventDetailView extends EventView {
  sessions: SessionView[];
  speakers: SpeakerView[];
}

export interface TicketView {
  id: string;
  event_id: string;
  name: string;
  description: string | null;
  prices: MoneyView[];
  calculated_price: MoneyView | null;
  capacity: number;
  sold: number;
  remaining: number;
  sold_out: boolean;
  on_sale: boolean;
  sale_starts_at: string | null;
  sale_ends_at: string | null;
  rank: number;
}

export interface RegistrationEventView {
  id: string;
  slug: string;
  title: string;
  starts_at: string;
  ends_at: string;
  time_zone: string;
  venue: Venue | null;
}

export interface RegistrationView {
  id: string;
  code: string;
  status: string;
  event_id: string;
  ticket_type_id: string;
  ticket_name: string;
  order_id: string;
  line_item_id: string;
  customer_id: string | null;
  email: string;
  first_name: string | null;
  last_name: string | null;
  created_at: string;
  canceled_at: string | null;
  event: RegistrationEventView;
}

export function toEventView(e: Event, fromPrice: MoneyView | null = null): EventView {
  return {
    id: e.id,
    slug: e.slug,
    title: e.title,
    subtitle: e.subtitle,
    description: e.description,
    thumbnail: e.thumbnail,
    venue: e.venue,
    online_url: e.onlineUrl,
    time_zone: e.timeZone,
    starts_at: isoInZone(e.startsAt, e.timeZone),
    ends_at: isoInZone(e.endsAt, e.timeZone),
    status: e.status,
    requires_attendee_names: e.requiresAttendeeNames,
    max_tickets_per_order: e.maxTicketsPerOrder,
    metadata: e.metadata,
    from_price: fromPrice,
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
  };
}

export function toSpeakerView(s: Speaker): SpeakerView {
  return { id: s.id, name: s.name, title: s.title, company: s.company, bio: s.bio, photo_url: s.photoUrl };
}

export function toSessionView(s: EventSession, zone: string, speakers: Map<string, SpeakerView>): SessionView {
  return {
    id: s.id,
    title: s.title,
    description: s.description,
    starts_at: isoInZone(s.startsAt, zone),
    ends_at: isoInZone(s.endsAt, zone),
    room: s.room,
    track: s.track,
    speakers: s.speakerIds.map((id) => speakers.get(id)).filter((x): x is SpeakerView => !!x),
  };
}

/** A ticket type with its places left (`activeHeld`: places of holds not expired) and its state at `now`. */
export function toTicketView(t: TicketType, event: Event, activeHeld: number, now: number, currency?: string | null): TicketView {
  const remaining = Math.max(0, t.capacity - t.sold - activeHeld);
  const price = currency ? t.prices.find((p) => p.currency_code === currency) : undefined;
  return {
    id: t.id,
    event_id: event.id,
    name: t.name,
    description: t.description,
    prices: t.prices.map((p) => ({ currency_code: p.currency_code, amount: Number(p.amount) })),
    calculated_price: price ? { currency_code: price.currency_code, amount: Number(price.amount) } : null,
    capacity: t.capacity,
    sold: t.sold,
    remaining,
    sold_out: remaining === 0,
    on_sale: onSale(t, event, now),
    sale_starts_at: t.saleStartsAt ? isoInZone(t.saleStartsAt, event.timeZone) : null,
    sale_ends_at: t.saleEndsAt ? isoInZone(t.saleEndsAt, event.timeZone) : null,
    rank: t.rank,
  };
}

/** On sale: the event is published and has not started, and the ticket's sale window is open. */
export function onSale(t: TicketType, event: Event, now: number): boolean {
  return (
    event.status === 'published' &&
    event.startsAt.getTime() > now &&
    (!t.saleStartsAt || t.saleStartsAt.getTime() <= now) &&
    (!t.saleEndsAt || t.saleEndsAt.getTime() > now)
  );
}

export function toRegistrationView(r: EventRegistration): RegistrationView {
  const e = r.event;
  return {
    id: r.id,
    code: r.code,
    status: r.status,
    event_id: e.id,
    ticket_type_id: r.ticketType.id,
    ticket_name: r.ticketType.name,
    order_id: r.orderId,
    line_item_id: r.lineItemId,
    customer_id: r.customerId,
    email: r.email,
    first_name: r.firstName,
    last_name: r.lastName,
    created_at: r.createdAt.toISOString(),
    canceled_at: r.canceledAt?.toISOString() ?? null,
    event: {
      id: e.id,
      slug: e.slug,
      title: e.title,
      starts_at: isoInZone(e.startsAt, e.timeZone),
      ends_at: isoInZone(e.endsAt, e.timeZone),
      time_zone: e.timeZone,
      venue: e.venue,
    },
  };
}
