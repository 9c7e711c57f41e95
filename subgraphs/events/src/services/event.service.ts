import type { EntityManager } from '@mikro-orm/core';
import { Errors, loaderFor, normalizePage, requireTenant, slugify, type Clock, type Paginated, type RequestContext, type Store } from '@svc/kit';
import { Event, EventSession, Speaker, TicketType, type Venue } from '../entities/event.entity';
import { eventsEvents } from '../events';
import type { AdminEventListQuery, CreateEventData, EventListQuery, UpdateEventData } from '../inputs/event.input';
import type { EventsTranslator } from './translate';
import type { PricingResolver } from './pricing';
import { toEventView, toSessionView, toSpeakerView, type EventDetailView, type EventView, type MoneyView } from './views';

/** admins and the platform's own calls (the seed, commerce) see drafts too */
const isAdmin = (ctx: RequestContext) => ctx.roles.includes('admin') || ctx.roles.includes('operator');

/**
 * Events: the storefront's reads (published events of the store, in the request's locale, priced in
 * a currency) and the admin's writes. Every read is tenant-scoped (the ORM's tenant filter); a draft
 * or another store's event is 404 on the storefront.
 */
export class EventService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly translator: EventsTranslator,
    private readonly pricing: PricingResolver,
  ) {}

  /** Published events: upcoming and running ones soonest first, or (`past`) ended ones most recent first; `from_price` in the asked currency. */
  async list(ctx: RequestContext, q: EventListQuery): Promise<Paginated<EventView>> {
    const page = normalizePage(q);
    const currency = await this.pricing.currency(ctx, q);
    const now = new Date(this.clock.now());
    const where = { status: 'published' as const, endsAt: q.past ? { $lte: now } : { $gt: now } };
    const [rows, count] = await this.store
      .em(ctx)
      .findAndCount(Event, where, { orderBy: { startsAt: q.past ? 'desc' : 'asc', id: 'asc' }, limit: page.limit, offset: page.offset });
    const prices = await this.fromPrices(ctx, rows, currency);
    const items = rows.map((e) => toEventView(e, prices.get(e.id) ?? null));
    return { items: await this.translator.events(ctx, items, q.locale), count, ...page };
  }

  /** One published event by slug with its schedule (sessions by start, each with its speakers) and speakers. */
  async detail(ctx: RequestContext, slug: string, locale?: string | null): Promise<EventDetailView> {
    const e = await this.find(ctx, slug);
    const em = this.store.em(ctx);
    const speakers = (await em.find(Speaker, { event: e.id }, { orderBy: { rank: 'asc', name: 'asc', id: 'asc' } })).map(toSpeakerView);
    const byId = new Map(speakers.map((s) => [s.id, s]));
    const sessions = await em.find(EventSession, { event: e.id }, { orderBy: { startsAt: 'asc', title: 'asc', id: 'asc' } });
    const doc: EventDetailView = { ...toEventView(e), sessions: sessions.map((s) => toSessionView(s, e.timeZone, byId)), speakers };
    return this.translator.detail(ctx, doc, locale);
  }

  /** The entity by slug or id: published ones for the storefront, any for admins; 404 otherwise (another tenant's too). */
  async find(ctx: RequestContext, slugOrId: string, em: EntityManager = this.store.em(ctx)): Promise<Event> {
    const e = await em.findOne(Event, { $or: [{ slug: slugOrId }, { id: slugOrId }] });
    if (!e || (e.status !== 'published' && !isAdmin(ctx))) throw Errors.notFound('Event', slugOrId);
    return e;
  }

  /** The lowest price of each event's tickets in `currency`. */
  private async fromPrices(ctx: RequestContext, events: Event[], currency: string | null): Promise<Map<string, MoneyView>> {
    const out = new Map<string, MoneyView>();
    if (!currency || !events.length) return out;
    const tickets = await this.store.em(ctx).find(TicketType, { event: { $in: events.map((e) => e.id) } });
    for (const t of tickets) {
      const p = t.prices.find((x) => x.currency_code === currency);
      if (!p) continue;
      const amount = Number(p.amount);
      const seen = out.get(t.event.id);
      if (!seen || amount < seen.amount) out.set(t.event.id, { amount, currency_code: currency });
    }
    return out;
  }

  // ---- admin ----

  /** The store's events, drafts too, newest start first (optionally by status). */
  async adminList(ctx: RequestContext, q: AdminEventListQuery): Promise<Paginated<EventView>> {
    const page = normalizePage(q);
    const [rows, count] = await this.store
      .em(ctx)
      .findAndCount(Event, q.status ? { status: q.status } : {}, { orderBy: { startsAt: 'desc', id: 'asc' }, limit: page.limit, offset: page.offset });
    return { items: rows.map((e) => toEventView(e)), count, ...page };
  }

  async adminGet(ctx: RequestContext, id: string): Promise<EventDetailView> {
    const e = await this.find(ctx, id);
    return this.detail(ctx, e.slug);
  }

  /** A new event, a draft (slug made from the title when absent); `event.created`. */
  async create(ctx: RequestContext, input: CreateEventData): Promise<EventView> {
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (em, tx) => {
      const slug = input.slug ?? slugify(input.title);
      await this.assertSlugFree(em, slug);
      const e = em.create(Event, {
        tenantId,
        slug,
        title: input.title,
        subtitle: input.subtitle ?? null,
        description: input.description ?? null,
        thumbnail: input.thumbnail ?? null,
        venue: venueOf(input.venue),
        onlineUrl: input.online_url ?? null,
        timeZone: input.time_zone,
        startsAt: new Date(input.starts_at),
        endsAt: new Date(input.ends_at),
        requiresAttendeeNames: input.requires_attendee_names ?? false,
        maxTicketsPerOrder: input.max_tickets_per_order ?? null,
        metadata: input.metadata ?? null,
      });
      eventsEvents.emit(em, tx, 'event.created', { id: e.id, slug });
      return toEventView(e);
    });
  }

  /** Changes the fields given; `event.updated` names them. */
  async update(ctx: RequestContext, id: string, input: UpdateEventData): Promise<EventView> {
    return this.change(ctx, id, async (em, e) => {
      const fields: string[] = [];
      if (input.slug !== undefined && input.slug !== e.slug) await this.assertSlugFree(em, input.slug);
      const set = <K extends keyof Event>(field: string, prop: K, value: Event[K] | undefined) => {
        if (value === undefined || JSON.stringify(value) === JSON.stringify(e[prop])) return;
        e[prop] = value;
        fields.push(field);
      };
      set('slug', 'slug', input.slug);
      set('title', 'title', input.title);
      set('subtitle', 'subtitle', input.subtitle === undefined ? undefined : (input.subtitle ?? null));
      set('description', 'description', input.description === undefined ? undefined : (input.description ?? null));
      set('thumbnail', 'thumbnail', input.thumbnail === undefined ? undefined : (input.thumbnail ?? null));
      set('venue', 'venue', input.venue === undefined ? undefined : venueOf(input.venue));
      set('online_url', 'onlineUrl', input.online_url === undefined ? undefined : (input.online_url ?? null));
      set('time_zone', 'timeZone', input.time_zone);
      set('starts_at', 'startsAt', input.starts_at ? new Date(input.starts_at) : undefined);
      set('ends_at', 'endsAt', input.ends_at ? new Date(input.ends_at) : undefined);
      set('requires_attendee_names', 'requiresAttendeeNames', input.requires_attendee_names);
      set('max_tickets_per_order', 'maxTicketsPerOrder', input.max_tickets_per_order === undefined ? undefined : (input.max_tickets_per_order ?? null));
      set('metadata', 'metadata', input.metadata === undefined ? undefined : (input.metadata ?? null));
      if (e.endsAt < e.startsAt) throw Errors.invalidField('ends_at', 'ends_at must not be before starts_at');
      return fields;
    });
  }

  /** Publishes a draft (`event.published`); a canceled event cannot be published again (409 `event_canceled`). */
  async publish(ctx: RequestContext, id: string): Promise<EventView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const e = await this.find(ctx, id, em);
      if (e.status === 'canceled') throw Errors.conflict('event_canceled', 'A canceled event cannot be published again');
      if (e.status !== 'published') {
        e.status = 'published';
        eventsEvents.emit(em, tx, 'event.published', { id: e.id, slug: e.slug });
      }
      return toEventView(e);
    });
  }

  /** Cancels an event: it leaves the storefront's lists, its tickets are no longer on sale (registrations stay as they are). */
  async cancel(ctx: RequestContext, id: string): Promise<EventView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const e = await this.find(ctx, id, em);
      if (e.status !== 'canceled') {
        e.status = 'canceled';
        eventsEvents.emit(em, tx, 'event.canceled', { id: e.id, slug: e.slug });
        eventsEvents.emit(em, tx, 'event.updated', { id: e.id, slug: e.slug, fields: ['status'] });
      }
      return toEventView(e);
    });
  }

  /** Deletes an event without sold or held tickets (409 `has_registrations` otherwise); `event.deleted`. */
  async delete(ctx: RequestContext, id: string): Promise<EventView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const e = await this.find(ctx, id, em);
      const busy = await em.count(TicketType, { event: e.id, $or: [{ sold: { $gt: 0 } }, { held: { $gt: 0 } }] });
      if (busy) throw Errors.conflict('has_registrations', 'The event has sold or held tickets: cancel it instead');
      const view = toEventView(e);
      em.remove(e);
      eventsEvents.emit(em, tx, 'event.deleted', { id: e.id, slug: e.slug });
      return view;
    });
  }

  /** Runs `fn` on the event in a unit of work and emits `event.updated` with the fields it changed. */
  async change(ctx: RequestContext, id: string, fn: (em: EntityManager, e: Event, tx: RequestContext) => Promise<string[]>): Promise<EventView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const e = await this.find(ctx, id, em);
      const fields = await fn(em, e, tx);
      if (fields.length) {
        e.updatedAt = new Date();
        eventsEvents.emit(em, tx, 'event.updated', { id: e.id, slug: e.slug, fields });
      }
      return toEventView(e);
    });
  }

  /** Federation reference: the tenant's events (storefront: published ones). */
  byId(ctx: RequestContext, id: string): Promise<EventView | null> {
    return loaderFor<string, EventView>(ctx, 'events.event', async (ids) => {
      const rows = await this.store.em(ctx).find(Event, { id: { $in: [...ids] } });
      return new Map(rows.filter((r) => r.status === 'published' || isAdmin(ctx)).map((r) => [r.id, toEventView(r)]));
    }).load(id);
  }

  private async assertSlugFree(em: EntityManager, slug: string): Promise<void> {
    if (await em.count(Event, { slug })) throw Errors.conflict('duplicate', `An event with slug "${slug}" already exists`);
  }
}

const venueOf = (v: { name: string; address?: string | null; city?: string | null; country_code?: string | null } | null | undefined): Venue | null =>
  v ? { name: v.name, address: v.address ?? null, city: v.city ?? null, country_code: v.country_code?.toLowerCase() ?? null } : null;
