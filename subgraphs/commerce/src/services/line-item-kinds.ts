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

/** A line at completion: its kind's reference and quantity, the line, and the key of the places it holds in the cart (kinds that hold in the cart). */
export interface StockLine {
  reference_id: string;
  quantity: number;
  line_id?: string;
  hold_key?: string | null;
}

/**
 * A kind of line item: what it sells and how its stock is held. `product` is the catalog's variants;
 * event tickets and tour seats are sold by their domains (`sellableKind`, through commerce's ports),
 * so the cart, totals, checkout and order code never change for a new kind.
 */
export interface LineItemKind {
  kind: string;
  /**
   * the snapshot of `referenceId` for `quantity` units in the cart's currency; 400/404/409 when it
   * cannot be sold (`metadata`: the line's, where a kind keeps its attendees or travellers)
   */
  resolve(ctx: RequestContext, cart: CartRef, referenceId: string, quantity: number, metadata: Record<string, unknown> | null): Promise<LineSnapshot>;
  /** a quantity or metadata change of an existing line: checks only */
  check(ctx: RequestContext, cart: CartRef, referenceId: string, quantity: number, metadata: Record<string, unknown> | null): Promise<void>;
  /**
   * kinds whose places are held while they sit in a cart (tickets, seats): `hold` takes `quantity`
   * places for a line (409 insufficient_inventory) and answers the hold's key; `release` gives a key back
   */
  cartHold?: {
    hold(ctx: RequestContext, cart: CartRef, referenceId: string, quantity: number): Promise<string>;
    release(ctx: RequestContext, key: string): Promise<void>;
  };
  /**
   * at completion: hold every line's stock or none under `key` (idempotent) for `ttlSeconds` (409
   * insufficient_inventory); answers the lines as held when their hold keys changed
   */
  hold(ctx: RequestContext, key: string, lines: StockLine[], ttlSeconds: number): Promise<StockLine[] | void>;
  /** the order is placed: the hold `key` no longer expires (an expired one is taken again, or 409) */
  confirm(ctx: RequestContext, key: string, lines: StockLine[]): Promise<void>;
  /**
   * the order was not written after `confirm` (a completion abandoned after that step): gives back
   * what `confirm` made permanent (idempotent)
   */
  unconfirm(ctx: RequestContext, key: string, lines: StockLine[]): Promise<void>;
  /** gives back what `hold` took under `key`, whatever its state (idempotent) */
  releaseHold(ctx: RequestContext, key: string, lines: StockLine[]): Promise<void>;
  /** undo a sale (the order was cancelled) */
  release(ctx: RequestContext, lines: StockLine[]): Promise<void>;
  /** the order shipped */
  fulfil(ctx: RequestContext, lines: StockLine[]): Promise<void>;
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
  const lines = (xs: StockLine[]) => xs.map((l) => ({ variant_id: l.reference_id, quantity: l.quantity }));
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
    hold: (ctx, key, xs, ttl) => catalog.hold(ctx, key, lines(xs), ttl),
    confirm: (ctx, key, xs) => catalog.confirmHold(ctx, key, lines(xs)),
    releaseHold: (ctx, key) => catalog.releaseHold(ctx, key),
    // the hold of `key`, whatever its state: what reserve's compensation gives back too
    unconfirm: (ctx, key) => catalog.releaseHold(ctx, key),
    release: (ctx, xs) => catalog.release(ctx, lines(xs)),
    fulfil: (ctx, xs) => catalog.fulfil(ctx, lines(xs)),
  };
}
