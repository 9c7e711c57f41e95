import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

type ReservationStatus = 'held' | 'confirmed' | 'released';

/**
 * A stock reservation keyed by its holder (a cart completion): `held` until `expires_at`, then
 * `confirmed` (the order was placed: no expiry) or `released` (the units went back). The key makes
 * every call idempotent; a released key stays released (a late hold with it is refused).
 */
@Entity({ tableName: 'inventory_reservation' })
@Unique({ properties: ['tenantId', 'key'] })
@Index({ properties: ['status', 'expiresAt'] })
export class InventoryReservation extends TenantOwned {
  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('ires');
  @Property({ type: 'string', length: 200 }) key!: string;
  @Property({ type: 'string', length: 20 }) status!: ReservationStatus;
  /** the merged lines (variant_id, quantity) */
  @Property({ type: 'json' }) lines!: Array<{ variant_id: string; quantity: number }>;
  @Property({ type: 'datetime', nullable: true }) expiresAt: Date | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime' }) updatedAt: Date = new Date();
}
