import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { Errors, normalizePage, requireTenant, type StoreMailer, type Paginated, type RequestContext, type Store } from '@svc/kit';
import type { z } from 'zod';
import type { commerceEvents } from '@svc/commerce/events';
import { Event, EventRegistration, TicketType } from '../entities/event.entity';
import { eventsEvents } from '../events';
import type { RegistrationListQuery } from '../inputs/event.input';
import type { HoldService } from './hold.service';
import { invitation, type InvitationEvent } from './ics';
import type { EventsTranslator } from './translate';
import { isoInZone, toRegistrationView, type RegistrationView } from './views';

type OrderPlaced = z.output<(typeof commerceEvents.schemas)['order.placed']>;

/** the line item kind commerce gives event tickets */
const EVENT_TICKET_KIND = 'event_ticket';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A registration code: 12 characters of Crockford base32 from 60 random bits (crypto), grouped by four: `K7QM-3XHD-92PF`. */
function registrationCode(): string {
  const bytes = randomBytes(12);
  let s = '';
  for (let i = 0; i < 12; i++) s += CROCKFORD[bytes[i] & 31];
  return `${s.slice(0, 4)}-${s.slice(4, 8)}-${s.slice(8)}`;
}

interface Attendee {
  first_name: string | null;
  last_name: string | null;
  email: string | null;
}

const str = (v: unknown, max: number): string | null => (typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : null);

/** The attendee of place `i` of a line: `metadata.attendees[i]` when the cart gave one. */
function attendeeOf(metadata: Record<string, unknown> | null, i: number): Attendee {
  const list = metadata?.attendees;
  const a = Array.isArray(list) && list[i] && typeof list[i] === 'object' ? (list[i] as Record<string, unknown>) : {};
  const email = str(a.email, 254);
  return { first_name: str(a.first_name, 100), last_name: str(a.last_name, 100), email: email && /^[^\s@]+@[^\s@]+$/.test(email) ? email : null };
}

/**
 * Registrations: one per ticket of a placed order (from commerce's `order.placed`), each with a
 * unique code, a confirmation mail per order with an iCalendar invitation, canceled with the order.
 */
export class RegistrationService {
  constructor(
    private readonly store: Store,
    private readonly holds: HoldService,
    private readonly translator: EventsTranslator,
    private readonly mailer: StoreMailer,
    private readonly mailDomain: string,
  ) {}

  /**
   * Creates the registrations of an order's event-ticket lines (`quantity` each; attendees from
   * `metadata.attendees[i]`, else the order's email), skipping those a redelivery already made
   * (unique per line and index), emits `event_registration.created` each, and mails the order's
   * email once with the codes and the invitation. Runs in the subscription's transaction (`ctx.tx`).
   */
  async fromOrder(ctx: RequestContext, order: OrderPlaced): Promise<RegistrationView[]> {
    const lines = order.items.filter((i) => i.kind === EVENT_TICKET_KIND && i.quantity > 0);
    if (!lines.length) return [];
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (em, tx) => {
      const tickets = new Map((await em.find(TicketType, { id: { $in: lines.map((l) => l.reference_id) } }, { populate: ['event'] })).map((t) => [t.id, t]));
      const existing = new Set(
        (await em.find(EventRegistration, { lineItemId: { $in: lines.map((l) => l.id) } })).map((r) => `${r.lineItemId}|${r.lineIndex}`),
      );
      const created: EventRegistration[] = [];
      for (const line of lines) {
        const ticket = tickets.get(line.reference_id);
        if (!ticket) {
          ctx.log.warn({ ticket: line.reference_id, order: order.id }, 'events: an order line names a ticket type the store lacks');
          continue;
        }
        for (let i = 0; i < line.quantity; i++) {
          if (existing.has(`${line.id}|${i}`)) continue;
          const a = attendeeOf(line.metadata, i);
          const r = em.create(EventRegistration, {
            tenantId,
            code: registrationCode(),
            event: ticket.event,
            ticketType: ticket,
            orderId: order.id,
            lineItemId: line.id,
            lineIndex: i,
            customerId: order.customer_id,
            email: a.email ?? order.email ?? '',
            firstName: a.first_name,
            lastName: a.last_name,
          });
          created.push(r);
          eventsEvents.emit(em, tx, 'event_registration.created', payload(r));
        }
      }
      await em.flush();
      if (created.length && order.email) await this.mail(ctx, order, created);
      return created.map(toRegistrationView);
    });
  }

  /** The registrations of a canceled order become `canceled` (`event_registration.canceled` each); the places are given back by commerce's release. */
  async cancelOrder(ctx: RequestContext, orderId: string): Promise<number> {
    return this.store.transaction(ctx, async (em, tx) => {
      const rows = await em.find(EventRegistration, { orderId, status: 'confirmed' }, { populate: ['event', 'ticketType'] });
      for (const r of rows) this.markCanceled(em, tx, r);
      return rows.length;
    });
  }

  /** An admin cancels one registration: `canceled`, and its place is free again. A canceled one answers as it is. */
  async cancel(ctx: RequestContext, id: string): Promise<RegistrationView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const r = await em.findOne(EventRegistration, { id }, { populate: ['event', 'ticketType'] });
      if (!r) throw Errors.notFound('Registration', id);
      if (r.status === 'confirmed') {
        this.markCanceled(em, tx, r);
        await this.holds.releaseSold(tx, [{ ticket_id: r.ticketType.id, quantity: 1 }]);
      }
      return toRegistrationView(r);
    });
  }

  /** An event's registrations (admin), oldest first, by status, ticket type, email or code. */
  async list(ctx: RequestContext, q: RegistrationListQuery): Promise<Paginated<RegistrationView>> {
    const page = normalizePage(q);
    const where: Record<string, unknown> = { event: q.event_id };
    if (q.status) where.status = q.status;
    if (q.ticket_type_id) where.ticketType = q.ticket_type_id;
    if (q.email) where.email = { $ilike: q.email.replace(/[\\%_]/g, (c) => `\\${c}`) };
    if (q.code) where.code = q.code.toUpperCase();
    const em = this.store.em(ctx);
    if (!(await em.count(Event, { id: q.event_id }))) throw Errors.notFound('Event', q.event_id);
    const [rows, count] = await em.findAndCount(EventRegistration, where, {
      orderBy: { createdAt: 'asc', id: 'asc' },
      populate: ['event', 'ticketType'],
      limit: page.limit,
      offset: page.offset,
    });
    return { items: rows.map(toRegistrationView), count, ...page };
  }

  /** The signed-in customer's registrations, newest first (another customer's never). */
  async mine(ctx: RequestContext, page0: { limit?: number; offset?: number }): Promise<Paginated<RegistrationView>> {
    if (ctx.actor.type !== 'customer' || !ctx.actor.id) throw Errors.unauthenticated();
    const page = normalizePage(page0);
    const [rows, count] = await this.store
      .em(ctx)
      .findAndCount(
        EventRegistration,
        { customerId: ctx.actor.id },
        { orderBy: { createdAt: 'desc', id: 'asc' }, populate: ['event', 'ticketType'], limit: page.limit, offset: page.offset },
      );
    return { items: await this.translator.registrations(ctx, rows.map(toRegistrationView)), count, ...page };
  }

  private markCanceled(em: EntityManager, tx: RequestContext, r: EventRegistration): void {
    r.status = 'canceled';
    r.canceledAt = new Date();
    eventsEvents.emit(em, tx, 'event_registration.canceled', payload(r));
  }

  /** One mail per order: the codes by event, and the invitation (`text/calendar; method=PUBLISH`). */
  private async mail(ctx: RequestContext, order: OrderPlaced, regs: EventRegistration[]): Promise<void> {
    const byEvent = new Map<string, InvitationEvent>();
    for (const r of regs) {
      const e = r.event;
      let ie = byEvent.get(e.id);
      if (!ie) {
        ie = { id: e.id, title: e.title, time_zone: e.timeZone, starts_at: e.startsAt, ends_at: e.endsAt, venue: e.venue, online_url: e.onlineUrl, codes: [] };
        byEvent.set(e.id, ie);
      }
      const attendee = [r.firstName, r.lastName].filter(Boolean).join(' ') || r.email;
      ie.codes.push({ code: r.code, ticket: r.ticketType.name, attendee });
    }
    const events = [...byEvent.values()];
    const text = [
      `Thank you for your order #${order.display_id}. Your tickets:`,
      '',
      ...events.flatMap((e) => [
        `${e.title}: ${isoInZone(e.starts_at, e.time_zone)} to ${isoInZone(e.ends_at, e.time_zone)} (${e.time_zone})`,
        ...e.codes.map((c) => `  ${c.code}  ${c.ticket}  ${c.attendee}`),
        '',
      ]),
      'Show the code at the entrance. The attached invitation adds the event to your calendar.',
    ].join('\n');
    await this.mailer.send(ctx, {
      to: order.email!,
      subject: `Your tickets: ${events.map((e) => e.title).join(', ')}`,
      text,
      attachments: [
        {
          filename: 'invite.ics',
          content: invitation(order.id, events, this.mailDomain, new Date()),
          contentType: 'text/calendar; method=PUBLISH; charset=utf-8',
        },
      ],
    });
  }
}

function payload(r: EventRegistration) {
  return { id: r.id, code: r.code, event_id: r.event.id, ticket_type_id: r.ticketType.id, order_id: r.orderId, customer_id: r.customerId };
}
