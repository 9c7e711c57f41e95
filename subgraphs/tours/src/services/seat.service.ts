import { DomainError, Errors, fromScaled, newId, pgArray, requireTenant, toScaled, type Clock, type RequestContext, type Store } from '@svc/kit';
import type { DeparturePrice, SeatLine } from '../entities/tour.entity';
import type { TourService } from './tour.service';
import { dateOf, type SnapshotView } from './views';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const parts = (d: string) => ({ y: Number(d.slice(0, 4)), m: MONTHS[Number(d.slice(5, 7)) - 1], day: Number(d.slice(8, 10)) });

/** "12–18 May 2027", "28 May – 3 June 2027", "30 December 2027 – 2 January 2028" */
function dateRange(from: string, to: string): string {
  const a = parts(from);
  const b = parts(to);
  if (from === to) return `${a.day} ${a.m} ${a.y}`;
  if (a.y !== b.y) return `${a.day} ${a.m} ${a.y} – ${b.day} ${b.m} ${b.y}`;
  if (a.m !== b.m) return `${a.day} ${a.m} – ${b.day} ${b.m} ${b.y}`;
  return `${a.day}–${b.day} ${a.m} ${a.y}`;
}

/** the lines with one entry per departure (quantities added), by departure id (the order rows are locked in) */
function merged(lines: SeatLine[]): SeatLine[] {
  const m = new Map<string, number>();
  for (const l of lines) m.set(l.departure_id, (m.get(l.departure_id) ?? 0) + l.quantity);
  return [...m].sort(([a], [b]) => (a < b ? -1 : 1)).map(([departure_id, quantity]) => ({ departure_id, quantity }));
}

const insufficient = () => new DomainError('conflict', 'insufficient_inventory', 'Not enough seats are left on the departure');

interface HoldRow {
  id: string;
  status: 'held' | 'confirmed' | 'released';
  lines: SeatLine[];
  expired: boolean;
}

/**
 * The seats of departures as commerce sells them, mirroring the catalog's keyed stock holds. The
 * departure row counts `seats_sold` and `seats_held`; a claim is one conditional update whose WHERE
 * re-checks `capacity - seats_sold - seats_held >= quantity` (concurrent claims queue on the row
 * and re-check after the one before commits), so seats are never oversold. A hold is one row per
 * key, `held` until its expiry by the domain's clock; an expired hold still counted is given back
 * (`sweep`) before any claim on its departures, and reads never count it.
 *   hold     -> held (all lines or none: 409 insufficient_inventory); the same key again answers its status
 *   confirm  -> confirmed (sold, no expiry); an expired or unknown hold is taken again or 409
 *   release  -> released (seats back: held or sold); idempotent; an unknown key is recorded released
 */
export class SeatService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly tours: TourService,
  ) {}

  private t(name: string): string {
    return this.store.table(name);
  }

  private now(): Date {
    return new Date(this.clock.now());
  }

  /** What a cart snapshots of departures, priced in a currency; unknown ids (another tenant's too) are left out. */
  async snapshots(ctx: RequestContext, ids: string[], currency: string): Promise<SnapshotView[]> {
    const tenantId = requireTenant(ctx);
    const wanted = [...new Set(ids)].slice(0, 500);
    if (!wanted.length) return [];
    const rows = await this.store.sql(
      null,
      `select d.*, t.title as tour_title, t.slug as tour_slug, t.thumbnail, t.status as tour_status, t.requires_traveller_details, t.min_age,
              t.max_travellers_per_booking
         from ${this.t('tour_departure')} d join ${this.t('tour')} t on t.id = d.tour_id
        where d.tenant_id = ? and d.id = any(?::text[])`,
      [tenantId, pgArray(wanted)],
    );
    const held = await this.tours.activeHolds(ctx, wanted);
    const today = this.tours.today();
    const cur = currency.toLowerCase();
    const byId = new Map(
      rows.map((d) => {
        const starts = dateOf(d.starts_on);
        const ends = dateOf(d.ends_on);
        const price = (d.prices as DeparturePrice[]).find((p) => p.currency_code === cur);
        const view: SnapshotView = {
          id: d.id,
          title: `${d.tour_title}, ${dateRange(starts, ends)}`,
          tour_id: d.tour_id,
          tour_title: d.tour_title,
          tour_slug: d.tour_slug,
          starts_on: starts,
          ends_on: ends,
          thumbnail: d.thumbnail,
          unit_price: price ? fromScaled(toScaled(price.amount)) : null,
          available_quantity: Math.max(0, d.capacity - d.seats_sold - (held.get(d.id) ?? 0)),
          on_sale: d.tour_status === 'published' && d.status === 'open' && starts > today,
          requires_traveller_details: d.requires_traveller_details,
          min_age: d.min_age,
          max_per_booking: d.max_travellers_per_booking,
        };
        return [d.id as string, view];
      }),
    );
    return wanted.map((id) => byId.get(id)).filter((v): v is SnapshotView => !!v);
  }

  async hold(ctx: RequestContext, key: string, lines: SeatLine[], ttlSeconds: number): Promise<'held' | 'confirmed'> {
    const tenantId = requireTenant(ctx);
    const want = merged(lines);
    return this.store.transaction(ctx, async (_em, tx) => {
      const existing = await this.locked(tx, key);
      if (existing) {
        if (existing.status === 'released') throw new DomainError('conflict', 'reservation_released', `The reservation ${key} was already released`);
        if (existing.status === 'confirmed') return 'confirmed';
        if (!existing.expired) return 'held';
        // an expired hold asked again: its seats go back, and the new lines are taken again below
        await this.giveBack(tx, existing.lines, 'seats_held');
      }
      await this.sweep(
        tx,
        want.map((l) => l.departure_id),
      );
      await this.claim(tx, want, 'seats_held');
      const expires = new Date(this.clock.now() + ttlSeconds * 1000);
      await this.store.sql(
        tx,
        `insert into ${this.t('tour_seat_hold')} (id, tenant_id, key, status, lines, expires_at, created_at, updated_at)
         values (?, ?, ?, 'held', ?::jsonb, ?, now(), now())
         on conflict (tenant_id, key) do update set status = 'held', lines = excluded.lines, expires_at = excluded.expires_at, updated_at = now()`,
        [newId('tsh'), tenantId, key, JSON.stringify(want), expires],
      );
      return 'held';
    });
  }

  async confirm(ctx: RequestContext, key: string, lines: SeatLine[]): Promise<void> {
    const tenantId = requireTenant(ctx);
    await this.store.transaction(ctx, async (_em, tx) => {
      const row = await this.locked(tx, key);
      if (row?.status === 'confirmed') return;
      if (row?.status === 'held' && !row.expired) {
        // held seats become sold seats
        for (const l of row.lines) {
          await this.store.sql(
            tx,
            `update ${this.t('tour_departure')} set seats_held = greatest(seats_held - ?, 0), seats_sold = seats_sold + ?, updated_at = now() where tenant_id = ? and id = ?`,
            [l.quantity, l.quantity, tenantId, l.departure_id],
          );
        }
        await this.setStatus(tx, row.id, 'confirmed', row.lines);
        return;
      }
      // expired, released or never held: take the seats again (sold at once), or refuse
      if (row?.status === 'held') await this.giveBack(tx, row.lines, 'seats_held');
      const want = merged(lines);
      await this.sweep(
        tx,
        want.map((l) => l.departure_id),
      );
      await this.claim(tx, want, 'seats_sold');
      if (row) await this.setStatus(tx, row.id, 'confirmed', want);
      else
        await this.store.sql(
          tx,
          `insert into ${this.t('tour_seat_hold')} (id, tenant_id, key, status, lines, created_at, updated_at) values (?, ?, ?, 'confirmed', ?::jsonb, now(), now())`,
          [newId('tsh'), tenantId, key, JSON.stringify(want)],
        );
    });
  }

  async release(ctx: RequestContext, key: string): Promise<void> {
    const tenantId = requireTenant(ctx);
    await this.store.transaction(ctx, async (_em, tx) => {
      const row = await this.locked(tx, key);
      if (!row) {
        await this.store.sql(
          tx,
          `insert into ${this.t('tour_seat_hold')} (id, tenant_id, key, status, lines, created_at, updated_at) values (?, ?, ?, 'released', '[]'::jsonb, now(), now())
           on conflict (tenant_id, key) do nothing`,
          [newId('tsh'), tenantId, key],
        );
        return;
      }
      if (row.status === 'released') return;
      await this.giveBack(tx, row.lines, row.status === 'held' ? 'seats_held' : 'seats_sold');
      await this.setStatus(tx, row.id, 'released', row.lines);
    });
  }

  /** An order was canceled: its sold seats go back. */
  async releaseSold(ctx: RequestContext, lines: SeatLine[]): Promise<void> {
    await this.store.transaction(ctx, async (_em, tx) => this.giveBack(tx, merged(lines), 'seats_sold'));
  }

  /** Every line claimed in `column` while the departure is open, in the future and has the seats; otherwise the whole call rolls back. */
  private async claim(tx: RequestContext, lines: SeatLine[], column: 'seats_held' | 'seats_sold'): Promise<void> {
    const tenantId = requireTenant(tx);
    for (const l of lines) {
      const got = await this.store.sql(
        tx,
        `update ${this.t('tour_departure')} set ${column} = ${column} + ?, updated_at = now()
          where tenant_id = ? and id = ? and status = 'open' and starts_on > ?::date and capacity - seats_sold - seats_held >= ?
          returning id`,
        [l.quantity, tenantId, l.departure_id, this.tours.today(), l.quantity],
      );
      if (got.length) continue;
      const [exists] = await this.store.sql(tx, `select 1 from ${this.t('tour_departure')} where tenant_id = ? and id = ?`, [tenantId, l.departure_id]);
      if (!exists) throw Errors.notFound('Departure', l.departure_id);
      throw insufficient();
    }
  }

  private async giveBack(tx: RequestContext, lines: SeatLine[], column: 'seats_held' | 'seats_sold'): Promise<void> {
    for (const l of merged(lines)) {
      await this.store.sql(
        tx,
        `update ${this.t('tour_departure')} set ${column} = greatest(${column} - ?, 0), updated_at = now() where tenant_id = ? and id = ?`,
        [l.quantity, requireTenant(tx), l.departure_id],
      );
    }
  }

  /** Releases the expired holds on these departures still counted in `seats_held` (each hold row once: the update locks and re-checks it). */
  private async sweep(tx: RequestContext, departureIds: string[]): Promise<void> {
    const expired = await this.store.sql<{ lines: SeatLine[] }>(
      tx,
      `update ${this.t('tour_seat_hold')} h set status = 'released', updated_at = now()
        where h.tenant_id = ? and h.status = 'held' and h.expires_at <= ?
          and exists (select 1 from jsonb_array_elements(h.lines) l where l->>'departure_id' = any(?::text[]))
        returning h.lines`,
      [requireTenant(tx), this.now(), pgArray(departureIds)],
    );
    for (const r of expired) await this.giveBack(tx, r.lines, 'seats_held');
  }

  private async locked(tx: RequestContext, key: string): Promise<HoldRow | null> {
    const [row] = await this.store.sql<HoldRow>(
      tx,
      `select id, status, lines, coalesce(expires_at <= ?, false) as expired from ${this.t('tour_seat_hold')} where tenant_id = ? and key = ? for update`,
      [this.now(), requireTenant(tx), key],
    );
    return row ?? null;
  }

  private async setStatus(tx: RequestContext, id: string, status: 'confirmed' | 'released', lines: SeatLine[]): Promise<void> {
    await this.store.sql(tx, `update ${this.t('tour_seat_hold')} set status = ?, lines = ?::jsonb, expires_at = null, updated_at = now() where id = ?`, [
      status,
      JSON.stringify(lines),
      id,
    ]);
  }
}
