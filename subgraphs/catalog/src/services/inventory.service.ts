import { DomainError, Errors, pgArray, requireTenant, type RequestContext, type Store } from '@svc/kit';

/** One line of a reservation: `quantity` units of a variant. */
export interface InventoryLine {
  variant_id: string;
  quantity: number;
}

/** What a cart needs to know about a variant to snapshot it into a line item. */
interface VariantSnapshot {
  id: string;
  title: string;
  sku: string | null;
  barcode: string | null;
  product_id: string;
  product_title: string;
  product_handle: string;
  product_subtitle: string | null;
  product_description: string | null;
  product_type: string | null;
  product_collection: string | null;
  product_status: string;
  is_giftcard: boolean;
  discountable: boolean;
  thumbnail: string | null;
  option_values: Array<{ option: string; value: string }>;
  /** price in the currency asked for (a region price first, else the currency price); null: not sold there */
  unit_price: string | null;
  manage_inventory: boolean;
  allow_backorder: boolean;
  /** stocked - reserved */
  available_quantity: number;
  /** the sales channels its product is sold in */
  sales_channel_ids: string[];
  /** what a line item shows of the product and variant besides the columns above (VariantSnapshotType.refs) */
  refs: { product: Record<string, unknown>; variant: Record<string, unknown> };
}

/** Merges lines of the same variant (a cart may hold one variant on two lines). */
function merged(lines: InventoryLine[]): InventoryLine[] {
  const by = new Map<string, number>();
  for (const l of lines) {
    if (!Number.isInteger(l.quantity) || l.quantity <= 0) throw Errors.invalidField('quantity', 'quantity must be a positive integer');
    by.set(l.variant_id, (by.get(l.variant_id) ?? 0) + l.quantity);
  }
  return [...by].map(([variant_id, quantity]) => ({ variant_id, quantity })).sort((a, b) => a.variant_id.localeCompare(b.variant_id));
}

/**
 * Stock of variants for orders: reservations at checkout, their release on cancellation, and the
 * move from reserved to shipped at fulfilment. Each call is one SQL statement over all lines under
 * row locks, all-or-nothing: a concurrent buyer re-checks the condition after the lock (PostgreSQL
 * re-evaluates the WHERE of an UPDATE on the locked row), so stock never goes below what is
 * reserved, whatever the concurrency. Rows are locked in variant-id order (no deadlocks between
 * two carts holding the same variants).
 */
export class InventoryService {
  constructor(private readonly store: Store) {}

  /** Reserves every line or none: 409 `insufficient_inventory` names the first variant short. */
  async reserve(ctx: RequestContext, lines: InventoryLine[]): Promise<void> {
    const tenantId = requireTenant(ctx);
    const all = merged(lines);
    if (!all.length) return;
    await this.store.transaction(ctx, async (_em, tx) => {
      const variants = await this.store.sql<{ id: string; title: string; manage_inventory: boolean; allow_backorder: boolean; level: string | null }>(
        tx,
        `select v.id, v.title, v.manage_inventory, v.allow_backorder, il.id as level
           from ${this.store.table('product_variant')} v
           left join ${this.store.table('inventory_level')} il on il.variant_id = v.id
          where v.tenant_id = ? and v.id = any(?::text[]) and v.deleted_at is null
          order by v.id
          for update of v`,
        [tenantId, pgArray(all.map((l) => l.variant_id))],
      );
      const byId = new Map(variants.map((v) => [v.id, v]));
      const managed: InventoryLine[] = [];
      for (const l of all) {
        const v = byId.get(l.variant_id);
        if (!v) throw Errors.notFound('Variant', l.variant_id);
        if (v.manage_inventory) managed.push(l);
      }
      if (!managed.length) return;
      const updated = await this.store.sql<{ variant_id: string }>(
        tx,
        `update ${this.store.table('inventory_level')} il
            set reserved_quantity = il.reserved_quantity + r.qty, updated_at = now()
           from unnest(?::text[], ?::int[]) as r(variant_id, qty), ${this.store.table('product_variant')} v
          where il.tenant_id = ? and il.variant_id = r.variant_id and v.id = r.variant_id
            and (v.allow_backorder or il.stocked_quantity - il.reserved_quantity >= r.qty)
          returning il.variant_id`,
        [pgArray(managed.map((l) => l.variant_id)), pgArray(managed.map((l) => String(l.quantity))), tenantId],
      );
      if (updated.length !== managed.length) {
        const ok = new Set(updated.map((u) => u.variant_id));
        const short = managed.find((l) => !ok.has(l.variant_id))!;
        // the statement's other updates roll back with the transaction
        throw new DomainError(
          'conflict',
          'insufficient_inventory',
          `Variant ${byId.get(short.variant_id)?.title ?? short.variant_id} does not have the required inventory`,
        );
      }
    });
  }

  /**
   * A keyed hold in one statement, all or nothing by itself (no transaction around it): the
   * variants are locked in id order, then their levels; only when every variant exists and every
   * managed line has a level with enough stock (or allows backorders) is `reservation` (an
   * `insert ... select ... on conflict do nothing returning id`, whose select gets the condition
   * appended) inserted and are the managed lines reserved with it. Answers `held` when it inserted,
   * else the status of the reservation that already existed, read in the same statement; throws 404
   * for a variant this store does not have and 409 `insufficient_inventory` naming the first
   * variant short, having written nothing.
   */
  async holdFor(
    ctx: RequestContext,
    reservation: { text: string; params: unknown[]; key: string },
    lines: InventoryLine[],
  ): Promise<'held' | 'confirmed' | 'released'> {
    const tenantId = requireTenant(ctx);
    const all = merged(lines);
    const t = (n: string) => this.store.table(n);
    const [row] = await this.store.sql<{
      inserted: number;
      existing: 'held' | 'confirmed' | 'released' | null;
      variants: Array<{ id: string; title: string; short: boolean }>;
    }>(
      ctx,
      `with need as (select r.variant_id, r.qty from unnest(?::text[], ?::int[]) as r(variant_id, qty)),
            v as materialized (
              select v.id, v.title, v.manage_inventory, v.allow_backorder from ${t('product_variant')} v
               where v.tenant_id = ? and v.id in (select variant_id from need) and v.deleted_at is null
               order by v.id
               for update of v),
            lv as materialized (
              select il.variant_id, il.stocked_quantity - il.reserved_quantity as available from ${t('inventory_level')} il
               where il.tenant_id = ? and il.variant_id in (select id from v where manage_inventory)
               order by il.variant_id
               for update of il),
            checked as materialized (
              select v.id, v.title,
                     v.manage_inventory and (lv.variant_id is null or (not v.allow_backorder and lv.available < n.qty)) as short
                from need n join v on v.id = n.variant_id left join lv on lv.variant_id = n.variant_id),
            ins as (${reservation.text} where (select count(*) from checked) = ? and not exists (select 1 from checked where short)
                     on conflict (tenant_id, key) do nothing returning id),
            upd as (
              update ${t('inventory_level')} il
                 set reserved_quantity = il.reserved_quantity + n.qty, updated_at = now()
                from need n, v
               where il.tenant_id = ? and il.variant_id = n.variant_id and v.id = n.variant_id and v.manage_inventory and exists (select 1 from ins))
       select (select count(*) from ins)::int as inserted,
              (select status from ${t('inventory_reservation')} where tenant_id = ? and key = ?) as existing,
              (select coalesce(json_agg(json_build_object('id', id, 'title', title, 'short', short) order by id), '[]'::json)
                 from checked) as variants`,
      [
        pgArray(all.map((l) => l.variant_id)),
        pgArray(all.map((l) => String(l.quantity))),
        tenantId,
        tenantId,
        ...reservation.params,
        all.length,
        tenantId,
        tenantId,
        reservation.key,
      ],
      { prepare: true },
    );
    if (row.inserted) return 'held';
    if (row.existing) return row.existing;
    const found = new Set(row.variants.map((v) => v.id));
    const missing = all.find((l) => !found.has(l.variant_id));
    if (missing) throw Errors.notFound('Variant', missing.variant_id);
    const short = row.variants.find((v) => v.short);
    if (short) throw new DomainError('conflict', 'insufficient_inventory', `Variant ${short.title} does not have the required inventory`);
    // nothing missing or short, yet not inserted: a hold of the same key committed after this
    // statement's snapshot began (its conflict stopped the insert); its status, read now
    const [now] = await this.store.sql<{ status: 'held' | 'confirmed' | 'released' }>(
      ctx,
      `select status from ${t('inventory_reservation')} where tenant_id = ? and key = ?`,
      [tenantId, reservation.key],
    );
    if (!now) throw new Error(`hold ${reservation.key}: neither inserted nor found`);
    return now.status;
  }

  /** Gives reserved units back (order cancelled before shipping). */
  async release(ctx: RequestContext, lines: InventoryLine[]): Promise<void> {
    await this.move(ctx, lines, 'reserved_quantity = greatest(il.reserved_quantity - r.qty, 0)');
  }

  /** Reserved units left the warehouse (order shipped): stock and reservation both go down. */
  async fulfil(ctx: RequestContext, lines: InventoryLine[]): Promise<void> {
    await this.move(ctx, lines, 'reserved_quantity = greatest(il.reserved_quantity - r.qty, 0), stocked_quantity = greatest(il.stocked_quantity - r.qty, 0)');
  }

  private async move(ctx: RequestContext, lines: InventoryLine[], set: string): Promise<void> {
    const tenantId = requireTenant(ctx);
    const all = merged(lines);
    if (!all.length) return;
    await this.store.transaction(ctx, async (_em, tx) => {
      await this.store.sql(
        tx,
        `update ${this.store.table('inventory_level')} il set ${set}, updated_at = now()
           from unnest(?::text[], ?::int[]) as r(variant_id, qty), ${this.store.table('product_variant')} v
          where il.tenant_id = ? and il.variant_id = r.variant_id and v.id = r.variant_id and v.manage_inventory`,
        [pgArray(all.map((l) => l.variant_id)), pgArray(all.map((l) => String(l.quantity))), tenantId],
      );
    });
  }

  /** Snapshots of the tenant's variants (deleted ones absent), priced in `currencyCode` (region price first). */
  async snapshots(ctx: RequestContext, ids: string[], currencyCode: string, regionId: string | null): Promise<VariantSnapshot[]> {
    const tenantId = requireTenant(ctx);
    if (!ids.length) return [];
    const rows = await this.store.sql<VariantSnapshot & { unit_price: string | null }>(
      ctx,
      `select v.id, v.title, v.sku, v.barcode, p.id as product_id, p.title as product_title, p.handle as product_handle,
              p.subtitle as product_subtitle, p.description as product_description, pt.value as product_type,
              pc.title as product_collection, p.status as product_status, p.is_giftcard, p.discountable, p.thumbnail,
              v.manage_inventory, v.allow_backorder,
              json_build_object(
                'product', json_build_object(
                  'id', p.id, 'status', p.status, 'is_giftcard', p.is_giftcard, 'discountable', p.discountable, 'external_id', p.external_id,
                  'weight', p.weight, 'length', p.length, 'height', p.height, 'width', p.width, 'origin_country', p.origin_country,
                  'hs_code', p.hs_code, 'mid_code', p.mid_code, 'material', p.material, 'metadata', p.metadata,
                  'type_id', p.type_id, 'type', case when pt.id is null then null else json_build_object('id', pt.id, 'value', pt.value) end,
                  'collection_id', p.collection_id,
                  'collection', case when pc.id is null then null else json_build_object('id', pc.id, 'title', pc.title, 'handle', pc.handle) end,
                  'categories', (select coalesce(json_agg(json_build_object('id', cl.category_id) order by cl.category_id), '[]'::json)
                                   from ${this.store.table('product_category_link')} cl where cl.product_id = p.id),
                  'tags', (select coalesce(json_agg(json_build_object('id', tl.tag_id) order by tl.tag_id), '[]'::json)
                             from ${this.store.table('product_tag_link')} tl where tl.product_id = p.id),
                  'created_at', p.created_at, 'updated_at', p.updated_at),
                'variant', json_build_object(
                  'ean', v.ean, 'upc', v.upc, 'hs_code', v.hs_code, 'origin_country', v.origin_country, 'mid_code', v.mid_code,
                  'material', v.material, 'weight', v.weight, 'length', v.length, 'height', v.height, 'width', v.width,
                  'variant_rank', v.variant_rank, 'metadata', v.metadata, 'created_at', v.created_at, 'updated_at', v.updated_at)
              ) as refs,
              coalesce(il.stocked_quantity - il.reserved_quantity, 0)::int as available_quantity,
              (select coalesce(array_agg(l.sales_channel_id), '{}') from ${this.store.table('product_sales_channel')} l where l.product_id = p.id) as sales_channel_ids,
              (select coalesce(json_agg(json_build_object('option', o.title, 'value', ov.value) order by o.rank, o.title), '[]'::json)
                 from ${this.store.table('variant_option_value')} vov
                 join ${this.store.table('product_option_value')} ov on ov.id = vov.option_value_id
                 join ${this.store.table('product_option')} o on o.id = ov.option_id
                where vov.variant_id = v.id) as option_values,
              (select pr.amount::text from ${this.store.table('price')} pr
                where pr.variant_id = v.id and lower(pr.currency_code) = lower(?)
                  and (pr.region_id is null or pr.region_id = ?) and pr.min_quantity is null
                order by (pr.region_id is null), pr.id limit 1) as unit_price
         from ${this.store.table('product_variant')} v
         join ${this.store.table('product')} p on p.id = v.product_id
         left join ${this.store.table('product_type')} pt on pt.id = p.type_id
         left join ${this.store.table('product_collection')} pc on pc.id = p.collection_id
         left join ${this.store.table('inventory_level')} il on il.variant_id = v.id
        where v.tenant_id = ? and v.id = any(?::text[]) and v.deleted_at is null and p.deleted_at is null`,
      [currencyCode, regionId, tenantId, pgArray(ids)],
      { prepare: true },
    );
    return rows;
  }
}
