import { DomainError, Errors, newId, requireTenant, systemContext, type Clock, type RequestContext, type Store } from '@svc/kit';
import type { Logger } from 'pino';
import type { TicketLine } from '../inputs/event.input';

interface HoldRow {
  id: string;
  status: 'held' | 'confirmed' | 'released';
  lines: TicketLine[];
  expires_at: Date | null;
}

/** Lines with one entry per ticket type (quantities added), in ticket id order: every claim locks ticket rows in the same order. */
function merged(lines: TicketLine[]): TicketLine[] {
  const by = new Map<string, number>();
  for (const l of lines) by.set(l.ticket_id, (by.get(l.ticket_id) ?? 0) + l.quantity);
  return [...by.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([ticket_id, quantity]) => ({ ticket_id, quantity }));
}

const insufficient = (id: string) => new DomainError('conflict', 'insufficient_inventory', `Not enough places left of ticket ${id}`);

/**
 * Places of ticket types under keyed holds (a cart completion's), the model of the catalog's stock
 * reservations. A ticket type counts `sold` and `held` places; a place is claimed only by one
 * conditional update, `held = held + q where capacity - sold - held >= q` (or `sold` likewise), so
 * concurrent claims queue on the row and PostgreSQL re-checks the condition on its latest version:
 * the places never pass the capacity.
 *   hold     -> held until now + ttl (every line or none: 409 insufficient_inventory); idempotent per key
 *   confirm  -> confirmed, permanent (held -> sold); a hold that expired is claimed again, or 409
 *   release  -> released, the places back (held or sold); idempotent, any state; an unknown key is recorded released
 * Holds past their expiry give their places back when the next hold or confirmation of the tenant
 * runs, and every minute (`expire-ticket-holds`); a read of places left never counts them.
 * Time is the platform's clock (`deps.clock`), so tests move it instead of sleeping.
 */
export class HoldService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  private get holds() {
    return this.store.table('event_ticket_hold');
  }
  private get tickets() {
    return this.store.table('event_ticket_type');
  }

  async hold(ctx: RequestContext, key: string, lines: TicketLine[], ttlSeconds: number): Promise<'held' | 'confirmed'> {
    const tenantId = requireTenant(ctx);
    const wanted = merged(lines);
    const now = this.clock.now();
    return this.store.transaction(ctx, async (_em, tx) => {
      const inserted = await this.store.sql(
        tx,
        `insert into ${this.holds} (id, tenant_id, key, status, lines, expires_at, created_at, updated_at)
         values (?, ?, ?, 'held', ?::jsonb, ?, now(), now()) on conflict (tenant_id, key) do nothing returning id`,
        [newId('ehold'), tenantId, key, JSON.stringify(wanted), new Date(now + ttlSeconds * 1000)],
      );
      if (!inserted.length) {
        // the key was held before: idempotent, nothing claimed again
        const [row] = await this.store.sql<HoldRow>(tx, `select status from ${this.holds} where tenant_id = ? and key = ?`, [tenantId, key]);
        if (row.status === 'released') throw new DomainError('conflict', 'reservation_released', `The hold ${key} was already released`);
        return row.status;
      }
      await this.sweep(tx, now);
      for (const l of wanted) await this.claim(tx, l, 'held');
      return 'held' as const;
    });
  }

  async confirm(ctx: RequestContext, key: string, lines: TicketLine[]): Promise<void> {
    const tenantId = requireTenant(ctx);
    const now = this.clock.now();
    await this.store.transaction(ctx, async (_em, tx) => {
      const row = await this.locked(tx, key);
      if (row?.status === 'confirmed') return;
      if (row?.status === 'held' && row.expires_at && row.expires_at.getTime() > now) {
        for (const l of row.lines) await this.move(tx, l, 'held = held - ?, sold = sold + ?', [l.quantity, l.quantity]);
        await this.store.sql(tx, `update ${this.holds} set status = 'confirmed', expires_at = null, updated_at = now() where id = ?`, [row.id]);
        return;
      }
      // expired (its places go back first), released or never held: the places are claimed again, or 409
      if (row?.status === 'held') for (const l of row.lines) await this.move(tx, l, 'held = held - ?', [l.quantity]);
      await this.sweep(tx, now);
      const wanted = merged(lines);
      for (const l of wanted) await this.claim(tx, l, 'sold');
      if (row) {
        await this.store.sql(tx, `update ${this.holds} set status = 'confirmed', lines = ?::jsonb, expires_at = null, updated_at = now() where id = ?`, [
          JSON.stringify(wanted),
          row.id,
        ]);
      } else {
        await this.store.sql(
          tx,
          `insert into ${this.holds} (id, tenant_id, key, status, lines, created_at, updated_at) values (?, ?, ?, 'confirmed', ?::jsonb, now(), now())`,
          [newId('ehold'), tenantId, key, JSON.stringify(wanted)],
        );
      }
    });
  }

  async release(ctx: RequestContext, key: string): Promise<void> {
    const tenantId = requireTenant(ctx);
    await this.store.transaction(ctx, async (_em, tx) => {
      const row = await this.locked(tx, key);
      if (!row) {
        await this.store.sql(
          tx,
          `insert into ${this.holds} (id, tenant_id, key, status, lines, created_at, updated_at) values (?, ?, ?, 'released', '[]'::jsonb, now(), now())
           on conflict (tenant_id, key) do nothing`,
          [newId('ehold'), tenantId, key],
        );
        return;
      }
      if (row.status === 'released') return;
      const column = row.status === 'held' ? 'held' : 'sold';
      for (const l of row.lines) await this.move(tx, l, `${column} = greatest(${column} - ?, 0)`, [l.quantity]);
      await this.store.sql(tx, `update ${this.holds} set status = 'released', expires_at = null, updated_at = now() where id = ?`, [row.id]);
    });
  }

  /** Places sold to an order that was canceled go back. */
  async releaseSold(ctx: RequestContext, lines: TicketLine[]): Promise<void> {
    await this.store.transaction(ctx, async (_em, tx) => {
      for (const l of merged(lines)) await this.move(tx, l, 'sold = greatest(sold - ?, 0)', [l.quantity]);
    });
  }

  /** Releases every held hold past its expiry (all tenants); answers how many. */
  async expire(log: Logger, limit = 500): Promise<number> {
    const tenants = await this.store.sql<{ tenant_id: string }>(
      null,
      `select distinct tenant_id from ${this.holds} where status = 'held' and expires_at <= ? limit ?`,
      [new Date(this.clock.now()), limit],
    );
    let n = 0;
    for (const t of tenants) {
      const ctx = systemContext(log, t.tenant_id, 'expire-ticket-holds');
      n += await this.store.transaction(ctx, (_em, tx) => this.sweep(tx, this.clock.now()));
    }
    if (n) log.info({ released: n }, 'expired ticket holds released');
    return n;
  }

  /** Releases the tenant's holds past their expiry that nobody else is releasing (skip locked), giving their places back. */
  private async sweep(tx: RequestContext, now: number): Promise<number> {
    const expired = await this.store.sql<HoldRow>(
      tx,
      `select id, lines from ${this.holds} where tenant_id = ? and status = 'held' and expires_at <= ? order by id for update skip locked`,
      [requireTenant(tx), new Date(now)],
    );
    if (!expired.length) return 0;
    for (const l of merged(expired.flatMap((r) => r.lines))) await this.move(tx, l, 'held = greatest(held - ?, 0)', [l.quantity]);
    await this.store.sql(tx, `update ${this.holds} set status = 'released', expires_at = null, updated_at = now() where id in (?)`, [expired.map((r) => r.id)]);
    return expired.length;
  }

  /** The one statement that claims places: `column + q` only while the places left allow it; 404 for a ticket the store lacks, 409 when too few are left. */
  private async claim(tx: RequestContext, l: TicketLine, column: 'held' | 'sold'): Promise<void> {
    const tenantId = requireTenant(tx);
    const claimed = await this.store.sql(
      tx,
      `update ${this.tickets} set ${column} = ${column} + ? where tenant_id = ? and id = ? and capacity - sold - held >= ? returning id`,
      [l.quantity, tenantId, l.ticket_id, l.quantity],
    );
    if (claimed.length) return;
    const [exists] = await this.store.sql(tx, `select 1 from ${this.tickets} where tenant_id = ? and id = ?`, [tenantId, l.ticket_id]);
    if (!exists) throw Errors.notFound('Ticket type', l.ticket_id);
    throw insufficient(l.ticket_id);
  }

  private async move(tx: RequestContext, l: TicketLine, set: string, params: unknown[]): Promise<void> {
    await this.store.sql(tx, `update ${this.tickets} set ${set} where tenant_id = ? and id = ?`, [...params, requireTenant(tx), l.ticket_id]);
  }

  private async locked(tx: RequestContext, key: string): Promise<HoldRow | null> {
    const [row] = await this.store.sql<HoldRow>(tx, `select id, status, lines, expires_at from ${this.holds} where tenant_id = ? and key = ? for update`, [
      requireTenant(tx),
      key,
    ]);
    return row ? { ...row, expires_at: row.expires_at ? new Date(row.expires_at) : null } : null;
  }
}
