import { DomainError, newId, requireTenant, systemContext, type RequestContext, type Store } from '@svc/kit';
import type { Logger } from 'pino';
import type { InventoryLine, InventoryService } from './inventory.service';

interface Row {
  id: string;
  tenant_id: string;
  key: string;
  status: 'held' | 'confirmed' | 'released';
  lines: InventoryLine[];
}

/**
 * Keyed stock reservations (a cart completion's hold): every call is one transaction that locks the
 * reservation row and moves the inventory levels with it, so a retry with the same key never
 * reserves or releases twice.
 *   hold     -> held until now + ttl (all lines or none: 409 insufficient_inventory)
 *   confirm  -> confirmed (no expiry); a hold that expired and was released is taken again
 *   release  -> released (units back); idempotent; an unknown key is recorded released
 * Held reservations past their expiry are released by the catalog's `expire-reservations` job.
 */
export class ReservationService {
  constructor(
    private readonly store: Store,
    private readonly inventory: InventoryService,
  ) {}

  private async locked(tx: RequestContext, key: string): Promise<Row | null> {
    const [row] = await this.store.sql<Row>(tx, `select * from ${this.store.table('inventory_reservation')} where tenant_id = ? and key = ? for update`, [
      requireTenant(tx),
      key,
    ]);
    return row ?? null;
  }

  async hold(ctx: RequestContext, key: string, lines: InventoryLine[], ttlSeconds: number): Promise<'held' | 'confirmed'> {
    const tenantId = requireTenant(ctx);
    // the reservation and the levels in one statement, outside any transaction (it is all or
    // nothing by itself); an existing reservation reserves nothing and answers its status
    const status = await this.inventory.holdFor(
      ctx,
      {
        text: `insert into ${this.store.table('inventory_reservation')} (id, tenant_id, key, status, lines, expires_at, created_at, updated_at)
               select ?, ?, ?, 'held', ?::jsonb, now() + make_interval(secs => ?), now(), now()`,
        params: [newId('ires'), tenantId, key, JSON.stringify(lines), ttlSeconds],
        key,
      },
      lines,
    );
    if (status === 'released') throw new DomainError('conflict', 'reservation_released', `The reservation ${key} was already released`);
    return status;
  }

  async confirm(ctx: RequestContext, key: string, lines: InventoryLine[]): Promise<void> {
    const tenantId = requireTenant(ctx);
    // the usual case, a hold still held: one statement (the expiry job, which locks the row and
    // checks `held` again, either released it before, and then nothing is updated here, or finds it
    // confirmed after)
    const confirmed = await this.store.sql(
      ctx,
      `update ${this.store.table('inventory_reservation')} set status = 'confirmed', expires_at = null, updated_at = now()
        where tenant_id = ? and key = ? and status = 'held' returning id`,
      [tenantId, key],
      { prepare: true },
    );
    if (confirmed.length) return;
    await this.store.transaction(ctx, async (_em, tx) => {
      let row = await this.locked(tx, key);
      if (row?.status === 'confirmed') return;
      if (!row || row.status === 'released') {
        // the hold expired (or never was): take the stock again, or refuse
        await this.inventory.reserve(tx, lines);
        if (!row) {
          await this.store.sql(
            tx,
            `insert into ${this.store.table('inventory_reservation')} (id, tenant_id, key, status, lines, created_at, updated_at) values (?, ?, ?, 'confirmed', ?::jsonb, now(), now())`,
            [newId('ires'), tenantId, key, JSON.stringify(lines)],
          );
          return;
        }
        row = { ...row, lines };
      }
      await this.store.sql(
        tx,
        `update ${this.store.table('inventory_reservation')} set status = 'confirmed', lines = ?::jsonb, expires_at = null, updated_at = now() where id = ?`,
        [JSON.stringify(row.lines), row.id],
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
          `insert into ${this.store.table('inventory_reservation')} (id, tenant_id, key, status, lines, created_at, updated_at) values (?, ?, ?, 'released', '[]'::jsonb, now(), now()) on conflict (tenant_id, key) do nothing`,
          [newId('ires'), tenantId, key],
        );
        return;
      }
      if (row.status === 'released') return;
      await this.inventory.release(tx, row.lines);
      await this.store.sql(
        tx,
        `update ${this.store.table('inventory_reservation')} set status = 'released', expires_at = null, updated_at = now() where id = ?`,
        [row.id],
      );
    });
  }

  /** Releases every held reservation past its expiry (all tenants); answers how many. */
  async expire(log: Logger, limit = 500): Promise<number> {
    const rows = await this.store.sql<{ tenant_id: string; key: string }>(
      null,
      `select tenant_id, key from ${this.store.table('inventory_reservation')} where status = 'held' and expires_at < now() order by expires_at limit ?`,
      [limit],
    );
    let n = 0;
    for (const r of rows) {
      const ctx = systemContext(log, r.tenant_id, 'expire-reservations');
      await this.store.transaction(ctx, async (_em, tx) => {
        const row = await this.locked(tx, r.key);
        if (row?.status !== 'held') return;
        const [still] = await this.store.sql<{ expired: boolean }>(
          tx,
          `select expires_at < now() as expired from ${this.store.table('inventory_reservation')} where id = ?`,
          [row.id],
        );
        if (!still?.expired) return;
        await this.inventory.release(tx, row.lines);
        await this.store.sql(
          tx,
          `update ${this.store.table('inventory_reservation')} set status = 'released', expires_at = null, updated_at = now() where id = ?`,
          [row.id],
        );
        n++;
      });
    }
    if (n) log.info({ released: n }, 'expired stock reservations released');
    return n;
  }
}
