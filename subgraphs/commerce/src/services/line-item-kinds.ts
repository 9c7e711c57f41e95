import { DomainError, Errors, type RequestContext } from '@svc/kit';
import type { CartRef } from './cart-rows';
import type { CatalogPort } from './catalog-port';

/** What a kind puts on a new line (the snapshot) besides kind, reference, quantity and price. */
export interface LineSnapshot {
  unit_price: string;
  line: {
    title: string;
    subtitle?: string | null;
    thumbnail?: string | null;
    requiresShipping?: boolean;
    isDiscountable?: boolean;
    productId?: string | null;
    productTitle?: string | null;
    productHandle?: string | null;
    productSubtitle?: string | null;
    productDescription?: string | null;
    productType?: string | null;
    productCollection?: string | null;
    variantSku?: string | null;
    variantBarcode?: string | null;
    variantTitle?: string | null;
    variantOptionValues?: Array<{ option: string; value: string }> | null;
    catalogRefs?: { product: Record<string, unknown>; variant: Record<string, unknown> } | null;
    data?: Record<string, unknown> | null;
  };
}

/**
 * A kind of line item: what it sells and how its stock is held. `product` is the catalog's variants;
 * event tickets and tour bookings register their own kinds (their domains hold the seats), so the
 * cart, totals, checkout and order code never change for a new kind.
 */
export interface LineItemKind {
  kind: string;
  /** the snapshot of `referenceId` for `quantity` units in the cart's currency; 400/404/409 when it cannot be sold */
  resolve(ctx: RequestContext, cart: CartRef, referenceId: string, quantity: number): Promise<LineSnapshot>;
  /** a quantity change of an existing line: stock check only */
  check(ctx: RequestContext, cart: CartRef, referenceId: string, quantity: number): Promise<void>;
  /** at completion: hold every line's stock or none (409 insufficient_inventory) */
  reserve(ctx: RequestContext, lines: Array<{ reference_id: string; quantity: number }>): Promise<void>;
  /** at completion: hold every line's stock or none under `key` (idempotent) for `ttlSeconds` (409 insufficient_inventory) */
  hold(ctx: RequestContext, key: string, lines: Array<{ reference_id: string; quantity: number }>, ttlSeconds: number): Promise<void>;
  /** the order is placed: the hold `key` no longer expires (an expired one is taken again, or 409) */
  confirm(ctx: RequestContext, key: string, lines: Array<{ reference_id: string; quantity: number }>): Promise<void>;
  /** gives the hold `key` back, whatever its state (idempotent) */
  releaseHold(ctx: RequestContext, key: string): Promise<void>;
  /** undo a reservation (completion failed after it, or the order was cancelled) */
  release(ctx: RequestContext, lines: Array<{ reference_id: string; quantity: number }>): Promise<void>;
  /** the order shipped */
  fulfil(ctx: RequestContext, lines: Array<{ reference_id: string; quantity: number }>): Promise<void>;
}

export class LineItemKinds {
  private readonly kinds = new Map<string, LineItemKind>();

  register(kind: LineItemKind): void {
    this.kinds.set(kind.kind, kind);
  }

  get(kind: string): LineItemKind {
    const k = this.kinds.get(kind);
    if (!k) throw Errors.validation('unknown_line_item_kind', `Line items of kind "${kind}" are not sold here`);
    return k;
  }

  all(): LineItemKind[] {
    return [...this.kinds.values()];
  }
}

const insufficient = (title: string) => new DomainError('conflict', 'insufficient_inventory', `Variant ${title} does not have the required inventory`);

/** Products: catalog variants, priced in the cart's region, stock held in the catalog's inventory. */
export function productKind(catalog: CatalogPort): LineItemKind {
  const snapshot = async (ctx: RequestContext, cart: CartRef, variantId: string, quantity: number) => {
    const v = (await catalog.snapshots(ctx, [variantId], cart.currencyCode, cart.regionId)).get(variantId);
    if (!v || v.product_status !== 'published') throw Errors.notFound('Variant', variantId);
    if (v.unit_price === null) throw Errors.invalidField('variant_id', `Variant ${v.title} has no price in ${cart.currencyCode.toUpperCase()}`);
    if (cart.salesChannelId && !v.sales_channel_ids.includes(cart.salesChannelId)) {
      throw Errors.invalidField('variant_id', `Sales channel ${cart.salesChannelId} is not associated with variant ${v.title}`);
    }
    if (v.manage_inventory && !v.allow_backorder && v.available_quantity < quantity) throw insufficient(v.title);
    return v;
  };
  const lines = (xs: Array<{ reference_id: string; quantity: number }>) => xs.map((l) => ({ variant_id: l.reference_id, quantity: l.quantity }));
  return {
    kind: 'product',
    async resolve(ctx, cart, variantId, quantity) {
      const v = await snapshot(ctx, cart, variantId, quantity);
      return {
        unit_price: v.unit_price!,
        line: {
          title: v.title,
          subtitle: v.product_title,
          thumbnail: v.thumbnail,
          requiresShipping: !v.is_giftcard,
          isDiscountable: v.discountable,
          productId: v.product_id,
          productTitle: v.product_title,
          productHandle: v.product_handle,
          productSubtitle: v.product_subtitle,
          productDescription: v.product_description,
          productType: v.product_type,
          productCollection: v.product_collection,
          variantSku: v.sku,
          variantBarcode: v.barcode,
          variantTitle: v.title,
          variantOptionValues: v.option_values,
          catalogRefs: v.refs as { product: Record<string, unknown>; variant: Record<string, unknown> },
          data: { manage_inventory: v.manage_inventory, allow_backorder: v.allow_backorder },
        },
      };
    },
    async check(ctx, cart, variantId, quantity) {
      await snapshot(ctx, cart, variantId, quantity);
    },
    reserve: (ctx, xs) => catalog.reserve(ctx, lines(xs)),
    hold: (ctx, key, xs, ttl) => catalog.hold(ctx, key, lines(xs), ttl),
    confirm: (ctx, key, xs) => catalog.confirmHold(ctx, key, lines(xs)),
    releaseHold: (ctx, key) => catalog.releaseHold(ctx, key),
    release: (ctx, xs) => catalog.release(ctx, lines(xs)),
    fulfil: (ctx, xs) => catalog.fulfil(ctx, lines(xs)),
  };
}
