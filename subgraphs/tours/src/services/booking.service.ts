import { randomInt } from 'node:crypto';
import { Errors, newId, requireTenant, type RequestContext, type Store } from '@svc/kit';
import type { Traveller } from '../entities/tour.entity';
import { toursEvents } from '../events';
import { bookingRowView, type BookingView } from './views';

/** the line kind commerce gives tour seats */
const TOUR_LINE_KIND = 'tour_booking';
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** what `tour_booking.created` and `.canceled` carry */
const eventOf = (b: BookingView) => ({
  id: b.id,
  code: b.code,
  tour_id: b.tour_id,
  departure_id: b.departure_id,
  order_id: b.order_id,
  customer_id: b.customer_id,
  seats: b.seats,
});

/** a booking code a traveller can read out: TB-XXXXXX (no 0/O, 1/I) */
const bookingCode = () => `TB-${Array.from({ length: 6 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')}`;

interface PlacedOrder {
  id: string;
  customer_id: string | null;
  email: string | null;
  items: Array<{ id: string; kind: string; reference_id: string; quantity: number; metadata: Record<string, unknown> | null }>;
}

/** the travellers of a line's metadata, as far as they are well formed (names trimmed, age a whole number or null) */
function travellersOf(metadata: Record<string, unknown> | null): Traveller[] {
  const list = Array.isArray(metadata?.travellers) ? (metadata.travellers as unknown[]) : [];
  return list.flatMap((t) => {
    const r = t as Record<string, unknown> | null;
    if (!r || typeof r.first_name !== 'string' || typeof r.last_name !== 'string') return [];
    const age = typeof r.age === 'number' && Number.isInteger(r.age) && r.age >= 0 ? r.age : null;
    return [{ first_name: r.first_name.trim().slice(0, 100), last_name: r.last_name.trim().slice(0, 100), age }];
  });
}

/**
 * Tour bookings: made from the tour lines of a placed order (commerce's `order.placed`), one per
 * line, idempotent on the line id (a redelivered event inserts nothing and emits nothing);
 * canceled with their order (`order.canceled`; commerce gives the seats back).
 */
export class TourBookingService {
  constructor(private readonly store: Store) {}

  private t(name: string): string {
    return this.store.table(name);
  }

  async fromOrder(ctx: RequestContext, order: PlacedOrder): Promise<BookingView[]> {
    const tenantId = requireTenant(ctx);
    const lines = order.items.filter((i) => i.kind === TOUR_LINE_KIND);
    if (!lines.length) return [];
    return this.store.transaction(ctx, async (em, tx) => {
      const out: BookingView[] = [];
      for (const line of lines) {
        const [dep] = await this.store.sql(tx, `select id, tour_id from ${this.t('tour_departure')} where tenant_id = ? and id = ?`, [
          tenantId,
          line.reference_id,
        ]);
        if (!dep) {
          ctx.log.warn({ order_id: order.id, departure_id: line.reference_id }, 'tour line of an unknown departure: no booking');
          continue;
        }
        const [row] = await this.store.sql(
          tx,
          `insert into ${this.t('tour_booking')} (id, tenant_id, code, order_id, line_item_id, departure_id, tour_id, customer_id, email, travellers, seats, status, created_at)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, 'confirmed', now())
           on conflict (tenant_id, line_item_id) do nothing returning *`,
          [
            newId('tbk'),
            tenantId,
            bookingCode(),
            order.id,
            line.id,
            dep.id,
            dep.tour_id,
            order.customer_id,
            order.email,
            JSON.stringify(travellersOf(line.metadata)),
            line.quantity,
          ],
        );
        if (!row) continue;
        const b = bookingRowView(row);
        toursEvents.emit(em, tx, 'tour_booking.created', eventOf(b));
        out.push(b);
      }
      return out;
    });
  }

  /** The order's confirmed bookings become canceled (`tour_booking.canceled` each); again, nothing changes. */
  async cancelOrder(ctx: RequestContext, orderId: string): Promise<BookingView[]> {
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (em, tx) => {
      const rows = await this.store.sql(
        tx,
        `update ${this.t('tour_booking')} set status = 'canceled', canceled_at = now() where tenant_id = ? and order_id = ? and status = 'confirmed' returning *`,
        [tenantId, orderId],
      );
      return rows.map((r) => {
        const b = bookingRowView(r);
        toursEvents.emit(em, tx, 'tour_booking.canceled', eventOf(b));
        return b;
      });
    });
  }

  /** Admin: bookings of a tour or a departure (or all), by creation. */
  async list(ctx: RequestContext, q: { tour_id?: string; departure_id?: string }): Promise<BookingView[]> {
    const where = ['tenant_id = ?'];
    const params: unknown[] = [requireTenant(ctx)];
    if (q.tour_id) {
      where.push('tour_id = ?');
      params.push(q.tour_id);
    }
    if (q.departure_id) {
      where.push('departure_id = ?');
      params.push(q.departure_id);
    }
    const rows = await this.store.sql(
      null,
      `select * from ${this.t('tour_booking')} where ${where.join(' and ')} order by created_at asc, id asc limit 1000`,
      params,
    );
    return rows.map(bookingRowView);
  }

  async get(ctx: RequestContext, id: string): Promise<BookingView> {
    const [row] = await this.store.sql(null, `select * from ${this.t('tour_booking')} where tenant_id = ? and (id = ? or code = ?)`, [
      requireTenant(ctx),
      id,
      id,
    ]);
    if (!row) throw Errors.notFound('Tour booking', id);
    return bookingRowView(row);
  }
}
