import { LockMode } from '@mikro-orm/core';
import { DateTime } from 'luxon';
import { Errors, newId, normalizePage, requireTenant, type Clock, type GraphClient, type Paginated, type RequestContext, type Store } from '@svc/kit';
import { BookableService, ServiceBooking } from '../entities/booking.entity';
import { bookingsEvents } from '../events';
import type { BookingListQuery, CreateBookingData, SlotQuery } from '../inputs/booking.input';
import { BookingsCustomerEmailDocument } from '../ports/generated';
import type { BookableServiceService } from './service.service';
import { daysBetween, isCalendarDate, isoInZone, localDate, plusDays, slotsBetween } from './slots';
import { toBookingView, toServiceView, type BookableServiceView, type ServiceBookingView, type SlotView } from './views';

/** The longest slot listing: 62 local dates, both ends included. */
const MAX_RANGE_DAYS = 62;

function checkDate(field: string, date: string): void {
  if (!isCalendarDate(date))
    throw Errors.validation('invalid_date', `${field} is not a date of the calendar: ${date}`, [
      { field, code: 'invalid_date', message: `${date} does not exist` },
    ]);
}

/** A from/to pair of local dates: real dates, to ≥ from, at most 62 days (400 otherwise). */
function checkRange(from: string, to: string): void {
  checkDate('from', from);
  checkDate('to', to);
  const days = daysBetween(from, to);
  if (days < 0)
    throw Errors.validation('invalid_date_range', 'to must not be before from', [{ field: 'to', code: 'invalid_date_range', message: 'to is before from' }]);
  if (days + 1 > MAX_RANGE_DAYS) {
    throw Errors.validation('invalid_date_range', `The range covers at most ${MAX_RANGE_DAYS} days`, [
      { field: 'to', code: 'invalid_date_range', message: `at most ${MAX_RANGE_DAYS} days` },
    ]);
  }
}

/**
 * Slots and bookings. A slot's places are counted in one row per (tenant, service, start) of
 * `service_slot_count`: a booking claims its places with one statement that inserts the row or adds
 * to it only while `booked + quantity <= capacity`, in the transaction that writes the booking and
 * its event; no row back means the slot is full (409). Concurrent bookings of one slot queue on
 * that row's lock, so the count never passes the capacity.
 */
export class ServiceBookingService {
  constructor(
    private readonly store: Store,
    private readonly services: BookableServiceService,
    private readonly clock: Clock,
    /** the signed-in customer's email, asked of identity through the supergraph */
    private readonly graph?: GraphClient,
  ) {}

  /** The slots of a published service between two local dates, each with its places left (full ones show 0). */
  async slots(ctx: RequestContext, q: SlotQuery): Promise<{ service: BookableServiceView; slots: SlotView[] }> {
    checkRange(q.from, q.to);
    const service = await this.services.find(ctx, q.service_id);
    const now = this.clock.now();
    const grid = slotsBetween(service, q.from, q.to).filter((s) => s.start > now);
    const booked = new Map<number, number>();
    if (grid.length) {
      const rows = await this.store.sql<{ starts_at: Date; booked: number }>(
        ctx,
        `select starts_at, booked from ${this.store.table('service_slot_count')} where tenant_id = ? and service_id = ? and starts_at >= ? and starts_at <= ?`,
        [requireTenant(ctx), service.id, new Date(grid[0].start), new Date(grid[grid.length - 1].start)],
      );
      for (const r of rows) booked.set(new Date(r.starts_at).getTime(), r.booked);
    }
    const zone = service.timeZone;
    return {
      service: toServiceView(service),
      slots: grid.map((s) => ({
        starts_at: isoInZone(s.start, zone),
        ends_at: isoInZone(s.end, zone),
        capacity: service.capacity,
        remaining: Math.max(0, service.capacity - (booked.get(s.start) ?? 0)),
      })),
    };
  }

  /**
   * Books `quantity` places of one slot of a published service: 400 when `starts_at` is not one of
   * its slots or is past, 409 `slot_full` when fewer places are left. The count, the booking and
   * `service_booking.created` commit together or not at all.
   */
  async create(ctx: RequestContext, input: CreateBookingData): Promise<ServiceBookingView> {
    const tenantId = requireTenant(ctx);
    const service = await this.services.find(ctx, input.service_id);
    const start = Date.parse(input.starts_at);
    const day = localDate(start, service.timeZone);
    const slot = slotsBetween(service, plusDays(day, -1), plusDays(day, 1)).find((s) => s.start === start);
    if (!slot) {
      throw Errors.validation('not_a_slot', `${input.starts_at} is not a slot of the service`, [
        { field: 'starts_at', code: 'not_a_slot', message: "not the start of one of the service's slots" },
      ]);
    }
    if (slot.start <= this.clock.now()) {
      throw Errors.validation('slot_in_past', 'The slot has already started', [
        { field: 'starts_at', code: 'slot_in_past', message: 'the slot has already started' },
      ]);
    }
    const quantity = input.quantity ?? 1;
    const customerId = ctx.actor.type === 'customer' && ctx.actor.id ? ctx.actor.id : null;
    const email = input.email ?? (customerId ? await this.customerEmail(ctx) : null);
    if (!email) throw Errors.validation('missing_field', 'email is required', [{ field: 'email', code: 'missing_field', message: 'email is required' }]);
    const full = () => Errors.conflict('slot_full', `The slot has fewer than ${quantity} place${quantity === 1 ? '' : 's'} left`);
    if (quantity > service.capacity) throw full();

    return this.store.transaction(ctx, async (em, tx) => {
      const claimed = await this.store.sql<{ booked: number }>(
        tx,
        `insert into ${this.store.table('service_slot_count')} as c (id, tenant_id, service_id, starts_at, booked) values (?, ?, ?, ?, ?)
         on conflict (tenant_id, service_id, starts_at) do update set booked = c.booked + excluded.booked
         where c.booked + excluded.booked <= ?
         returning booked`,
        [newId('sslot'), tenantId, service.id, new Date(slot.start), quantity, service.capacity],
      );
      if (!claimed.length) throw full();
      const booking = em.create(ServiceBooking, {
        tenantId,
        service: em.getReference(BookableService, service.id),
        startsAt: new Date(slot.start),
        endsAt: new Date(slot.end),
        quantity,
        firstName: input.first_name,
        lastName: input.last_name,
        email,
        phone: input.phone ?? null,
        notes: input.notes ?? null,
        customerId,
      });
      bookingsEvents.emit(em, tx, 'service_booking.created', {
        id: booking.id,
        service_id: service.id,
        starts_at: new Date(slot.start).toISOString(),
        quantity,
        customer_id: customerId,
      });
      return toBookingView(booking, service.timeZone);
    });
  }

  /** Cancels a confirmed booking and gives its places back (`service_booking.canceled`); a canceled one answers as it is. */
  async cancel(ctx: RequestContext, id: string): Promise<ServiceBookingView> {
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (em, tx) => {
      const b = await em.findOne(ServiceBooking, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, populate: ['service'] });
      if (!b) throw Errors.notFound('Booking', id);
      if (b.status === 'confirmed') {
        b.status = 'canceled';
        b.canceledAt = new Date();
        await this.store.sql(
          tx,
          `update ${this.store.table('service_slot_count')} set booked = booked - ? where tenant_id = ? and service_id = ? and starts_at = ?`,
          [b.quantity, tenantId, b.service.id, b.startsAt],
        );
        bookingsEvents.emit(em, tx, 'service_booking.canceled', {
          id: b.id,
          service_id: b.service.id,
          starts_at: b.startsAt.toISOString(),
          quantity: b.quantity,
          customer_id: b.customerId,
        });
      }
      return toBookingView(b, b.service.timeZone);
    });
  }

  /** A service's bookings (admin), by slot then creation, optionally between two local dates of the service. */
  async list(ctx: RequestContext, q: BookingListQuery): Promise<ServiceBookingView[]> {
    if (q.from) checkDate('from', q.from);
    if (q.to) checkDate('to', q.to);
    const service = await this.services.find(ctx, q.service_id);
    const range: { $gte?: Date; $lt?: Date } = {};
    const zone = service.timeZone;
    // local midnights as instants (luxon): the first instant of `from`, the first of the day after `to`
    if (q.from) range.$gte = new Date(startOfDay(q.from, zone));
    if (q.to) range.$lt = new Date(startOfDay(plusDays(q.to, 1), zone));
    const rows = await this.store
      .em(ctx)
      .find(
        ServiceBooking,
        { service: service.id, ...(q.from || q.to ? { startsAt: range } : {}) },
        { orderBy: { startsAt: 'asc', createdAt: 'asc', id: 'asc' }, populate: ['service'] },
      );
    return rows.map((b) => toBookingView(b, zone));
  }

  /** The signed-in customer's bookings, newest slot first (another customer's never). */
  async mine(ctx: RequestContext): Promise<ServiceBookingView[]> {
    if (ctx.actor.type !== 'customer' || !ctx.actor.id) throw Errors.unauthenticated();
    const rows = await this.store
      .em(ctx)
      .find(ServiceBooking, { customerId: ctx.actor.id }, { orderBy: { startsAt: 'desc', id: 'desc' }, populate: ['service'] });
    return rows.map((b) => toBookingView(b, b.service.timeZone));
  }

  /** The same bookings as `mine`, one page of them with the total count (the graph's list shape). */
  async minePage(ctx: RequestContext, page0: { limit?: number; offset?: number }): Promise<Paginated<ServiceBookingView>> {
    if (ctx.actor.type !== 'customer' || !ctx.actor.id) throw Errors.unauthenticated();
    const page = normalizePage(page0);
    const [rows, count] = await this.store
      .em(ctx)
      .findAndCount(
        ServiceBooking,
        { customerId: ctx.actor.id },
        { orderBy: { startsAt: 'desc', id: 'desc' }, populate: ['service'], limit: page.limit, offset: page.offset },
      );
    return { items: rows.map((b) => toBookingView(b, b.service.timeZone)), count, ...page };
  }

  private async customerEmail(ctx: RequestContext): Promise<string | null> {
    if (!this.graph) return null;
    const d = await this.graph.execute(ctx, BookingsCustomerEmailDocument);
    return d.me.email;
  }
}

function startOfDay(date: string, zone: string): number {
  return DateTime.fromISO(date, { zone }).startOf('day').toMillis();
}
