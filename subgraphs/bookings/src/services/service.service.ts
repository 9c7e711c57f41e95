import type { EntityManager } from '@mikro-orm/core';
import { Errors, loaderFor, requireTenant, slugify, type RequestContext, type Store } from '@svc/kit';
import { BookableService, ServiceBooking, type WeeklyHours } from '../entities/booking.entity';
import { bookingsEvents } from '../events';
import type { CreateServiceData, OpeningDayData, ServiceExceptionData, UpdateServiceData } from '../inputs/booking.input';
import { toServiceView, type BookableServiceView } from './views';

const weeklyOf = (days: OpeningDayData[]): WeeklyHours =>
  Object.fromEntries(days.filter((d) => d.ranges.length).map((d) => [String(d.weekday), d.ranges.map((r) => ({ start: r.start, end: r.end }))]));

/**
 * Bookable services: the admin's writes (the service, its weekly hours, its date exceptions) and
 * the reads by id or handle. Every read is tenant-scoped (the ORM's tenant filter); a storefront
 * sees published services only.
 */
export class BookableServiceService {
  constructor(private readonly store: Store) {}

  /** The tenant's services by name (admins: all; the storefront: published ones). */
  async list(ctx: RequestContext): Promise<BookableServiceView[]> {
    const where = ctx.roles.includes('admin') ? {} : { published: true };
    const rows = await this.store.em(ctx).find(BookableService, where, { orderBy: { name: 'asc', id: 'asc' } });
    return rows.map(toServiceView);
  }

  /** The entity by id or handle; unpublished ones only for admins; 404 otherwise (another tenant's too). */
  async find(ctx: RequestContext, idOrHandle: string, em = this.store.em(ctx)): Promise<BookableService> {
    const s = await em.findOne(BookableService, { $or: [{ id: idOrHandle }, { handle: idOrHandle }] });
    if (!s || (!s.published && !ctx.roles.includes('admin'))) throw Errors.notFound('Service', idOrHandle);
    return s;
  }

  async get(ctx: RequestContext, idOrHandle: string): Promise<BookableServiceView> {
    return toServiceView(await this.find(ctx, idOrHandle));
  }

  /** A new service (handle made from the name when absent); `bookable_service.created` in the same transaction. */
  async create(ctx: RequestContext, input: CreateServiceData): Promise<BookableServiceView> {
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (em, tx) => {
      const handle = input.handle ?? slugify(input.name);
      await this.assertHandleFree(em, handle);
      const s = em.create(BookableService, {
        tenantId,
        name: input.name,
        handle,
        description: input.description ?? null,
        timeZone: input.time_zone,
        slotMinutes: input.slot_minutes,
        bufferMinutes: input.buffer_minutes ?? 0,
        capacity: input.capacity,
        published: input.published ?? false,
        weeklyHours: weeklyOf(input.opening_hours ?? []),
        exceptions: {},
      });
      bookingsEvents.emit(em, tx, 'bookable_service.created', { id: s.id, handle });
      return toServiceView(s);
    });
  }

  /** Changes the fields given; `bookable_service.updated` names them. */
  async update(ctx: RequestContext, id: string, input: UpdateServiceData): Promise<BookableServiceView> {
    return this.change(ctx, id, async (em, s) => {
      const fields: string[] = [];
      if (input.handle !== undefined && input.handle !== s.handle) await this.assertHandleFree(em, input.handle);
      const set = <K extends keyof BookableService>(field: string, prop: K, value: BookableService[K] | undefined) => {
        if (value === undefined || value === s[prop]) return;
        s[prop] = value;
        fields.push(field);
      };
      set('name', 'name', input.name);
      set('handle', 'handle', input.handle);
      set('description', 'description', input.description);
      set('time_zone', 'timeZone', input.time_zone);
      set('slot_minutes', 'slotMinutes', input.slot_minutes);
      set('buffer_minutes', 'bufferMinutes', input.buffer_minutes);
      set('capacity', 'capacity', input.capacity);
      set('published', 'published', input.published);
      return fields;
    });
  }

  /** Replaces the weekly opening hours (a weekday left out is closed). */
  async setOpeningHours(ctx: RequestContext, id: string, days: OpeningDayData[]): Promise<BookableServiceView> {
    return this.change(ctx, id, async (_em, s) => {
      s.weeklyHours = weeklyOf(days);
      return ['opening_hours'];
    });
  }

  /** Sets a date's exception (closed, or other hours), replacing one the date had. */
  async setException(ctx: RequestContext, id: string, e: ServiceExceptionData): Promise<BookableServiceView> {
    return this.change(ctx, id, async (_em, s) => {
      s.exceptions = { ...s.exceptions, [e.date]: { closed: e.closed, ranges: e.closed ? [] : (e.ranges ?? []).map((r) => ({ start: r.start, end: r.end })) } };
      return ['exceptions'];
    });
  }

  /** Removes a date's exception: the weekday's hours apply again. */
  async removeException(ctx: RequestContext, id: string, date: string): Promise<BookableServiceView> {
    return this.change(ctx, id, async (_em, s) => {
      if (!(date in s.exceptions)) return [];
      const { [date]: _removed, ...rest } = s.exceptions;
      s.exceptions = rest;
      return ['exceptions'];
    });
  }

  /** Deletes a service without confirmed bookings (409 `has_bookings` otherwise; canceled ones go with it). */
  async delete(ctx: RequestContext, id: string): Promise<BookableServiceView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const s = await em.findOne(BookableService, { id });
      if (!s) throw Errors.notFound('Service', id);
      if (await em.count(ServiceBooking, { service: s, status: 'confirmed' })) {
        throw Errors.conflict('has_bookings', 'The service has confirmed bookings: cancel them (or unpublish the service) first');
      }
      const view = toServiceView(s);
      em.remove(s);
      bookingsEvents.emit(em, tx, 'bookable_service.deleted', { id: s.id, handle: s.handle });
      return view;
    });
  }

  /** Federation reference: the tenant's services (null when absent or, for the storefront, unpublished). */
  byId(ctx: RequestContext, id: string): Promise<BookableServiceView | null> {
    return loaderFor<string, BookableServiceView>(ctx, 'bookings.service', async (ids) => {
      const rows = await this.store.em(ctx).find(BookableService, { id: { $in: [...ids] } });
      return new Map(rows.filter((r) => r.published || ctx.roles.includes('admin')).map((r) => [r.id, toServiceView(r)]));
    }).load(id);
  }

  private async change(ctx: RequestContext, id: string, fn: (em: EntityManager, s: BookableService) => Promise<string[]>): Promise<BookableServiceView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const s = await em.findOne(BookableService, { id });
      if (!s) throw Errors.notFound('Service', id);
      const fields = await fn(em, s);
      if (fields.length) {
        bookingsEvents.emit(em, tx, 'bookable_service.updated', { id: s.id, fields });
        await em.flush();
      }
      return toServiceView(s);
    });
  }

  /** A clear 409 before the unique constraint (tenant, handle) would refuse the insert. */
  private async assertHandleFree(em: EntityManager, handle: string): Promise<void> {
    if (await em.count(BookableService, { handle })) throw Errors.conflict('duplicate', `A service with handle "${handle}" already exists`);
  }
}
