import { MEDUSA_ADDRESS_KEYS, withRawAmounts } from '@svc/kit';

/**
 * The parts of commerce's documents whose shape is Medusa v2's (2.21): every key a Medusa
 * storefront can read is present, unset ones as `null`, amounts as numbers with `raw_*` twins where
 * Medusa has them (orders, payments, shipping prices; not cart totals or cart lines). Keys of
 * concepts the platform does not have answer Medusa's value for "none": no soft deletes
 * (`deleted_at: null`), no store credit (`credit_lines: []`, totals 0), no order edits (`version: 1`),
 * no custom prices (`is_custom_price: false`), no returns or write-offs (their totals 0).
 */

type Doc = Record<string, any>;

/** A cart's or order's address with every key of Medusa's; what it does not hold answers null. */
export function addressDocument(a: Doc | null | undefined): Doc | null {
  if (!a) return null;
  const out: Doc = { ...a };
  for (const k of MEDUSA_ADDRESS_KEYS) out[k] ??= null;
  return out;
}

/** A line's or shipping method's totals (totals.ts `totalsView`). */
const LINE_TOTALS = [
  'subtotal',
  'total',
  'original_subtotal',
  'original_total',
  'discount_subtotal',
  'discount_tax_total',
  'discount_total',
  'tax_total',
  'original_tax_total',
] as const;

type CatalogRefs = { product: Doc; variant: Doc } | null | undefined;

/**
 * A line's product as Medusa shows it in a cart (`collection_id`, `type_id`, category and tag ids)
 * and, whole, under its variant in an order. `snapshot` is what the line keeps of it (title,
 * handle, texts, thumbnail, collection title and type value); `refs` what the catalog gave when the
 * line was added (lines added before the catalog gave them have only the snapshot).
 */
export function lineProduct(snapshot: Doc | null, refs: CatalogRefs): Doc | null {
  if (!snapshot) return null;
  const p = refs?.product ?? {};
  // a snapshot of a line placed before the catalog gave refs names them only (an order keeps it so); a shaped one is kept as it is
  const collection =
    p.collection ?? (typeof snapshot.collection === 'string' ? { id: null, title: snapshot.collection, handle: null } : (snapshot.collection ?? null));
  const type = p.type ?? (typeof snapshot.type === 'string' ? { id: null, value: snapshot.type } : (snapshot.type ?? null));
  return {
    is_giftcard: false,
    status: 'published',
    discountable: true,
    external_id: null,
    weight: null,
    length: null,
    height: null,
    width: null,
    origin_country: null,
    hs_code: null,
    mid_code: null,
    material: null,
    metadata: null,
    created_at: null,
    updated_at: null,
    categories: [],
    tags: [],
    ...p,
    ...snapshot,
    collection_id: p.collection_id ?? collection?.id ?? null,
    collection,
    type_id: p.type_id ?? type?.id ?? null,
    type,
    deleted_at: null,
  };
}

/** The variant fields a line keeps beyond its columns (codes, dimensions, rank, metadata, timestamps); null where it has none. */
export function variantExtras(refs: CatalogRefs): Doc {
  return {
    ean: null,
    upc: null,
    hs_code: null,
    origin_country: null,
    mid_code: null,
    material: null,
    weight: null,
    length: null,
    height: null,
    width: null,
    variant_rank: 0,
    metadata: null,
    thumbnail: null,
    created_at: null,
    updated_at: null,
    ...(refs?.variant ?? {}),
    deleted_at: null,
  };
}

interface OrderFacts {
  id: string;
  fulfillmentStatus: string;
  paymentStatus: string;
  createdAt: Date;
  updatedAt: Date;
}

const quantityDetail = (q: number, fulfilled: number) => ({
  quantity: q,
  fulfilled_quantity: fulfilled,
  delivered_quantity: 0,
  shipped_quantity: fulfilled,
  return_requested_quantity: 0,
  return_received_quantity: 0,
  return_dismissed_quantity: 0,
  written_off_quantity: 0,
});

/**
 * An order's line as Medusa answers it: the cart line it was placed from (kept in the order) with
 * the order's per-item totals (refundable, fulfilled, shipped; returns and write-offs 0), the
 * item's `detail` (quantities by state) and the raw twins of its amounts.
 */
export function orderItemDocument(i: Doc, o: OrderFacts): Doc {
  const shipped = o.fulfillmentStatus === 'shipped';
  const refunded = o.paymentStatus === 'refunded';
  const total = Number(i.total ?? 0);
  const refundable = refunded ? 0 : total;
  const perUnit = i.quantity ? Math.round((refundable / i.quantity) * 10_000) / 10_000 : 0;
  const detailQuantities = quantityDetail(i.quantity, shipped ? i.quantity : 0);
  const detail = withRawAmounts(
    {
      id: `orditem_${String(i.id).replace(/^[a-z]+_/, '')}`,
      version: 1,
      order_id: o.id,
      item_id: i.id,
      metadata: {},
      unit_price: null,
      compare_at_unit_price: null,
      ...detailQuantities,
      created_at: o.createdAt.toISOString(),
      updated_at: o.updatedAt.toISOString(),
      deleted_at: null,
    },
    ['unit_price', 'compare_at_unit_price', ...Object.keys(detailQuantities)],
  );
  const totals = {
    refundable_total: refundable,
    refundable_total_per_unit: perUnit,
    fulfilled_total: shipped ? total : 0,
    shipped_total: shipped ? total : 0,
    return_requested_total: 0,
    return_received_total: 0,
    return_dismissed_total: 0,
    write_off_total: 0,
  };
  const { cart_id: _cart, ...line } = i;
  return withRawAmounts(
    {
      ...line,
      order_id: o.id,
      is_giftcard: line.is_giftcard ?? false,
      is_custom_price: false,
      product_type_id: line.product_type_id ?? null,
      metadata: line.metadata ?? {},
      line_item_metadata: line.metadata ?? {},
      product: lineProduct(line.product ?? null, null),
      variant: line.variant ? { ...variantExtras(null), ...line.variant, product: lineProduct(line.variant.product ?? null, null) } : null,
      detail,
      ...totals,
      deleted_at: null,
    },
    ['unit_price', 'compare_at_unit_price', 'quantity', ...LINE_TOTALS, ...Object.keys(totals)],
  );
}

/** An order's shipping method as Medusa answers it: its `detail` and the raw twins of its amounts. */
export function orderShippingMethodDocument(m: Doc, o: OrderFacts): Doc {
  const { cart_id: _cart, ...method } = m;
  return withRawAmounts(
    {
      ...method,
      order_id: o.id,
      data: method.data ?? {},
      is_custom_amount: false,
      detail: {
        id: `ordspmv_${String(m.id).replace(/^[a-z]+_/, '')}`,
        version: 1,
        order_id: o.id,
        shipping_method_id: m.id,
        return_id: null,
        exchange_id: null,
        claim_id: null,
        created_at: o.createdAt.toISOString(),
        updated_at: o.updatedAt.toISOString(),
        deleted_at: null,
      },
      deleted_at: null,
    },
    ['amount', ...LINE_TOTALS],
  );
}

/** An order's payment summary (no store credit: `credit_line_total` 0) with the raw twins of its totals. */
export function summaryDocument(s: Record<string, number>): Doc {
  const summary = { ...s, credit_line_total: 0 };
  return withRawAmounts(summary, Object.keys(summary));
}

/** The keys of a cart or order for store credit, which the platform does not have. */
export const NO_CREDIT_LINES = { credit_lines: [], credit_line_subtotal: 0, credit_line_tax_total: 0 } as const;
