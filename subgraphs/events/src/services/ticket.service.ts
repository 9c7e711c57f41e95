import { Errors, fromScaled, requireTenant, toScaled, type Clock, type RequestContext, type Store } from '@svc/kit';
import { Event, TicketType, type TicketPrice } from '../entities/event.entity';
import type { TicketListQuery, TicketTypeData, UpdateTicketTypeData } from '../inputs/event.input';
import type { EventService } from './event.service';
import type { PricingResolver } from './pricing';
import type { EventsTranslator } from './translate';
import { isoInZone, onSale, toTicketView, type TicketView } from './views';

/** What commerce snapshots of a ticket type for a cart line. */
export interface TicketSnapshot {
  id: string;
  title: string;
  event_id: string;
  event_title: string;
  event_slug: string;
  event_starts_at: string;
  event_ends_at: string;
  thumbnail: string | null;
  unit_price: string | null;
  available_quantity: number;
  on_sale: boolean;
  requires_attendee_names: boolean;
  max_per_order: number | null;
}

const pricesOf = (ps: Array<{ currency_code: string; amount: string | number }>): TicketPrice[] =>
  ps.map((p) => ({ currency_code: p.currency_code.toLowerCase(), amount: fromScaled(toScaled(p.amount)) }));

/** Ticket types of events: the admin's writes, the storefront's list with places left, commerce's snapshots. */
export class TicketService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly events: EventService,
    private readonly translator: EventsTranslator,
    private readonly pricing: PricingResolver,
  ) {}

  /**
   * Places held by holds that have not expired, per ticket type. `held` on the row also counts holds
   * that expired and were not released yet; what a shopper sees left leaves those out.
   */
  async activeHeld(ctx: RequestContext, ids: string[]): Promise<Map<string, number>> {
    if (!ids.length) return new Map();
    const rows = await this.store.sql<{ ticket_id: string; q: number }>(
      ctx,
      `select l->>'ticket_id' as ticket_id, sum((l->>'quantity')::int)::int as q
         from ${this.store.table('event_ticket_hold')} h cross join lateral jsonb_array_elements(h.lines) l
        where h.tenant_id = ? and h.status = 'held' and h.expires_at > ? and l->>'ticket_id' in (?)
        group by 1`,
      [requireTenant(ctx), new Date(this.clock.now()), ids],
    );
    return new Map(rows.map((r) => [r.ticket_id, r.q]));
  }

  /** The ticket types of a published event by rank, each with its places left and, when a currency or region is given, its price in it. */
  async list(ctx: RequestContext, q: TicketListQuery): Promise<TicketView[]> {
    const currency = await this.pricing.currency(ctx, q);
    const e = await this.events.find(ctx, q.slug);
    const views = await this.viewsOf(ctx, e, currency);
    return this.translator.tickets(ctx, views, q.locale);
  }

  async viewsOf(ctx: RequestContext, e: Event, currency: string | null): Promise<TicketView[]> {
    const rows = await this.store.em(ctx).find(TicketType, { event: e.id }, { orderBy: { rank: 'asc', createdAt: 'asc', id: 'asc' } });
    const held = await this.activeHeld(
      ctx,
      rows.map((r) => r.id),
    );
    const now = this.clock.now();
    return rows.map((t) => toTicketView(t, e, held.get(t.id) ?? 0, now, currency));
  }

  /** Commerce's snapshots of ticket types (unknown ids are left out), priced in `currency` (null unit_price when the ticket has no price in it). */
  async snapshots(ctx: RequestContext, ids: string[], currency: string): Promise<TicketSnapshot[]> {
    const unique = [...new Set(ids)].slice(0, 500);
    if (!unique.length) return [];
    const rows = await this.store.em(ctx).find(TicketType, { id: { $in: unique } }, { populate: ['event'] });
    const held = await this.activeHeld(
      ctx,
      rows.map((r) => r.id),
    );
    const now = this.clock.now();
    const cur = currency.toLowerCase();
    const byId = new Map(rows.map((t) => [t.id, t]));
    return unique
      .map((id) => byId.get(id))
      .filter((t): t is TicketType => !!t)
      .map((t) => {
        const e = t.event;
        const price = t.prices.find((p) => p.currency_code === cur);
        return {
          id: t.id,
          title: t.name,
          event_id: e.id,
          event_title: e.title,
          event_slug: e.slug,
          event_starts_at: isoInZone(e.startsAt, e.timeZone),
          event_ends_at: isoInZone(e.endsAt, e.timeZone),
          thumbnail: e.thumbnail,
          unit_price: price ? price.amount : null,
          available_quantity: Math.max(0, t.capacity - t.sold - (held.get(t.id) ?? 0)),
          on_sale: onSale(t, e, now),
          requires_attendee_names: e.requiresAttendeeNames,
          max_per_order: e.maxTicketsPerOrder,
        };
      });
  }

  // ---- admin ----

  async adminList(ctx: RequestContext, eventId: string): Promise<TicketView[]> {
    return this.viewsOf(ctx, await this.events.find(ctx, eventId), null);
  }

  async create(ctx: RequestContext, eventId: string, input: TicketTypeData): Promise<TicketView> {
    const tenantId = requireTenant(ctx);
    let t!: TicketType;
    let e!: Event;
    await this.events.change(ctx, eventId, async (em, event) => {
      e = event;
      t = em.create(TicketType, {
        tenantId,
        event,
        name: input.name,
        description: input.description ?? null,
        prices: pricesOf(input.prices),
        capacity: input.capacity,
        saleStartsAt: input.sale_starts_at ? new Date(input.sale_starts_at) : null,
        saleEndsAt: input.sale_ends_at ? new Date(input.sale_ends_at) : null,
        rank: input.rank ?? 0,
      });
      return ['tickets'];
    });
    return toTicketView(t, e, 0, this.clock.now());
  }

  /**
   * Changes the fields given. The capacity never goes below the places sold and held: the change is
   * one conditional update (409 `capacity_below_sold` otherwise), so a concurrent sale is never lost.
   */
  async update(ctx: RequestContext, id: string, input: UpdateTicketTypeData): Promise<TicketView> {
    const found = await this.store.em(ctx).findOne(TicketType, { id });
    if (!found) throw Errors.notFound('Ticket type', id);
    let t!: TicketType;
    let e!: Event;
    await this.events.change(ctx, found.event.id, async (em, event, tx) => {
      e = event;
      t = await em.findOneOrFail(TicketType, { id });
      if (input.capacity !== undefined && input.capacity !== t.capacity) {
        const [row] = await this.store.sql<{ sold: number; held: number }>(
          tx,
          `update ${this.store.table('event_ticket_type')} set capacity = ? where tenant_id = ? and id = ? and sold + held <= ? returning sold, held`,
          [input.capacity, requireTenant(ctx), id, input.capacity],
        );
        if (!row) throw Errors.conflict('capacity_below_sold', 'The capacity cannot go below the places sold and held');
        await em.refresh(t);
      }
      if (input.name !== undefined) t.name = input.name;
      if (input.description !== undefined) t.description = input.description ?? null;
      if (input.prices !== undefined) t.prices = pricesOf(input.prices);
      if (input.sale_starts_at !== undefined) t.saleStartsAt = input.sale_starts_at ? new Date(input.sale_starts_at) : null;
      if (input.sale_ends_at !== undefined) t.saleEndsAt = input.sale_ends_at ? new Date(input.sale_ends_at) : null;
      if (t.saleStartsAt && t.saleEndsAt && t.saleEndsAt <= t.saleStartsAt)
        throw Errors.invalidField('sale_ends_at', 'sale_ends_at must be after sale_starts_at');
      if (input.rank !== undefined && input.rank !== null) t.rank = input.rank;
      return ['tickets'];
    });
    const held = await this.activeHeld(ctx, [id]);
    return toTicketView(t, e, held.get(id) ?? 0, this.clock.now());
  }

  /** Deletes a ticket type nobody bought or holds (409 `has_registrations` otherwise). */
  async delete(ctx: RequestContext, id: string): Promise<boolean> {
    const found = await this.store.em(ctx).findOne(TicketType, { id });
    if (!found) throw Errors.notFound('Ticket type', id);
    await this.events.change(ctx, found.event.id, async (em) => {
      const t = await em.findOneOrFail(TicketType, { id });
      if (t.sold > 0 || t.held > 0) throw Errors.conflict('has_registrations', 'Places of this ticket type are sold or held');
      em.remove(t);
      return ['tickets'];
    });
    return true;
  }
}
