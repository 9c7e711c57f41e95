/**
 * What one domain event adds to the rollups: a pure function of the event, used by live ingest
 * and by a rebuild alike, so both count the same way.
 *
 * A cell is (metric, dimension, value, currency): `orders` by `region` `reg_…` in `eur` adds
 * count 1 and the order's total. Line-level dimensions (`product`, `collection`) add the line's
 * quantity and unit price × quantity (before discounts, shipping and tax); one order counts once
 * per product in `count` through the `orders` metric's line cells (`order_lines`) instead.
 */
export interface RollupDelta {
  metric: string;
  dim: string;
  value: string;
  currency: string;
  count: number;
  amount: number;
}

/** The metrics a report may ask for, and the dimensions each is kept by. */
export const METRICS = {
  orders: ['all', 'region', 'currency', 'sales_channel'],
  order_lines: ['product', 'collection'],
  cancellations: ['all', 'region', 'currency', 'sales_channel'],
  refunds: ['all', 'region', 'currency', 'sales_channel'],
  carts_created: ['all'],
  carts_completed: ['all'],
  searches: ['all', 'term', 'outcome'],
  searches_without_results: ['all', 'term'],
  page_views: ['all'],
  add_to_carts: ['all'],
  tracked_purchases: ['all', 'campaign'],
  attributed_purchases: ['source'],
  campaign_opens: ['all', 'campaign'],
  campaign_clicks: ['all', 'campaign'],
} as const satisfies Record<string, readonly string[]>;

const str = (v: unknown): string | null => (typeof v === 'string' && v.length ? v : null);
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** The cells of the dimensions given; `null` values (no region on an old event) are left out. */
function cells(metric: string, currency: string, count: number, amount: number, dims: Record<string, string | null>): RollupDelta[] {
  const out: RollupDelta[] = [];
  for (const [dim, value] of Object.entries(dims)) if (value !== null) out.push({ metric, dim, value: value.slice(0, 300), currency, count, amount });
  return out;
}

export function rollupDeltas(type: string, data: Record<string, unknown>): RollupDelta[] {
  switch (type) {
    case 'order.placed': {
      const currency = (str(data.currency_code) ?? '').toLowerCase();
      const orderDims = { all: '', region: str(data.region_id), currency, sales_channel: str(data.sales_channel_id) };
      const out = [...cells('orders', currency, 1, num(data.total), orderDims), ...cells('carts_completed', '', 1, 0, { all: '' })];
      for (const item of Array.isArray(data.items) ? (data.items as Array<Record<string, unknown>>) : []) {
        const quantity = num(item.quantity);
        const revenue = quantity * num(item.unit_price);
        out.push(...cells('order_lines', currency, quantity, revenue, { product: str(item.product_id), collection: str(item.collection_id) }));
      }
      return out;
    }
    case 'order.canceled': {
      const currency = (str(data.currency_code) ?? '').toLowerCase();
      const dims = { all: '', region: str(data.region_id), currency, sales_channel: str(data.sales_channel_id) };
      const out = cells('cancellations', currency, 1, num(data.total), dims);
      const refunded = num(data.refunded_amount);
      if (refunded > 0) out.push(...cells('refunds', currency, 1, refunded, dims));
      return out;
    }
    case 'order.refunded': {
      // one refund of a captured payment (an admin's); a cancellation's own refund comes with order.canceled
      const currency = (str(data.currency_code) ?? '').toLowerCase();
      const amount = num(data.amount);
      if (amount <= 0) return [];
      return cells('refunds', currency, 1, amount, { all: '', region: str(data.region_id), currency, sales_channel: str(data.sales_channel_id) });
    }
    case 'cart.created':
      return cells('carts_created', '', 1, 0, { all: '' });
    case 'search.performed': {
      const term = str(data.term);
      if (!term) return [];
      const found = num(data.results) > 0;
      const out = cells('searches', '', 1, 0, { all: '', term, outcome: found ? 'results' : 'no_results' });
      if (!found) out.push(...cells('searches_without_results', '', 1, 0, { all: '', term }));
      return out;
    }
    case 'analytics_event.tracked': {
      if (data.type === 'page_view') return cells('page_views', '', 1, 0, { all: '' });
      if (data.type === 'add_to_cart') return cells('add_to_carts', '', 1, 0, { all: '' });
      if (data.type === 'purchase')
        return [
          ...cells('tracked_purchases', '', 1, 0, { all: '', campaign: str(data.utm_campaign) }),
          // by utm_source (lower case; `direct` without one), with the purchase's value in its currency
          ...cells('attributed_purchases', (str(data.currency_code) ?? '').toLowerCase(), 1, num(data.value), {
            source: (str(data.utm_source) ?? 'direct').toLowerCase(),
          }),
        ];
      return [];
    }
    case 'campaign.opened':
      return cells('campaign_opens', '', 1, 0, { all: '', campaign: str(data.campaign_id) });
    case 'campaign.clicked':
      return cells('campaign_clicks', '', 1, 0, { all: '', campaign: str(data.campaign_id) });
    default:
      return [];
  }
}

/** Sums deltas of the same cell (a cell may be upserted once per statement), in key order (one lock order for every writer). */
export function mergeDeltas(deltas: Iterable<RollupDelta & { bucket: string }>): Array<RollupDelta & { bucket: string }> {
  const byKey = new Map<string, RollupDelta & { bucket: string }>();
  for (const d of deltas) {
    const key = [d.metric, d.dim, d.bucket, d.value, d.currency].join('\u0000');
    const hit = byKey.get(key);
    if (hit) {
      hit.count += d.count;
      hit.amount += d.amount;
    } else byKey.set(key, { ...d });
  }
  return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
}
