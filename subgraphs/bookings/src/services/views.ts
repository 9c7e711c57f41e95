import type { BookableService, DateException, ServiceBooking, TimeRange } from '../entities/booking.entity';
import { isoInZone } from './slots';

/** A bookable service as the services return it: a plain object, snake_case like the API (GraphQL fields = REST JSON). */
export interface BookableServiceView {
  id: string;
  name: string;
  handle: string;
  description: string | null;
  time_zone: string;
  slot_minutes: number;
  buffer_minutes: number;
  capacity: number;
  published: boolean;
  opening_hours: Array<{ weekday: number; ranges: TimeRange[] }>;
  exceptions: Array<{ date: string; closed: boolean; ranges: TimeRange[] }>;
  created_at: string;
  updated_at: string;
}

export interface SlotView {
  starts_at: string;
  ends_at: string;
  capacity: number;
  remaining: number;
}

export interface ServiceBookingView {
  id: string;
  service_id: string;
  starts_at: string;
  ends_at: string;
  quantity: number;
  status: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  notes: string | null;
  customer_id: string | null;
  created_at: string;
  canceled_at: string | null;
}

export function toServiceView(s: BookableService): BookableServiceView {
  const exceptions = Object.entries(s.exceptions as Record<string, DateException>)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, e]) => ({ date, closed: e.closed, ranges: e.ranges }));
  const opening_hours = Object.entries(s.weeklyHours)
    .map(([weekday, ranges]) => ({ weekday: Number(weekday), ranges: ranges ?? [] }))
    .filter((d) => d.ranges.length > 0)
    .sort((a, b) => a.weekday - b.weekday);
  return {
    id: s.id,
    name: s.name,
    handle: s.handle,
    description: s.description,
    time_zone: s.timeZone,
    slot_minutes: s.slotMinutes,
    buffer_minutes: s.bufferMinutes,
    capacity: s.capacity,
    published: s.published,
    opening_hours,
    exceptions,
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  };
}

export function toBookingView(b: ServiceBooking, timeZone: string): ServiceBookingView {
  return {
    id: b.id,
    service_id: b.service.id,
    starts_at: isoInZone(b.startsAt.getTime(), timeZone),
    ends_at: isoInZone(b.endsAt.getTime(), timeZone),
    quantity: b.quantity,
    status: b.status,
    first_name: b.firstName,
    last_name: b.lastName,
    email: b.email,
    phone: b.phone,
    notes: b.notes,
    customer_id: b.customerId,
    created_at: b.createdAt.toISOString(),
    canceled_at: b.canceledAt?.toISOString() ?? null,
  };
}
