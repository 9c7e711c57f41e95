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

/** A JSON string that is not empty, else null (the value of a dimension that is left out). */
const str = (x: string) => `nullif(case when jsonb_typeof(${x}) = 'string' then ${x} #>> '{}' end, '')`;
/** A JSON number, else 0 (exact: numeric, not a double). */
const num = (x: string) => `case when jsonb_typeof(${x}) = 'number' then (${x} #>> '{}')::numeric else 0 end`;
/** The cells of one metric, one per dimension whose value is not null. */
const cells = (metric: string, currency: string, count: string, amount: string, dims: Record<string, string>, when: string) =>
  `select '${metric}'::text as metric, d.dim, d.value, ${currency} as currency, (${count})::numeric as count, (${amount})::numeric as amount
     from (values ${Object.entries(dims)
       .map(([dim, value]) => `('${dim}', ${value})`)
       .join(', ')}) as d(dim, value)
    where ${when} and d.value is not null`;

/**
 * What one domain event adds to the rollups, as SQL: a lateral subquery over the recorded event
 * `<e>` (its `type` and `data` columns) answering its deltas (metric, dim, value, currency, count,
 * amount). The one definition live ingest (the event just inserted) and a rebuild (every recorded
 * event, set-based) both use, so both count the same way.
 *
 * A cell is (metric, dimension, value, currency): `orders` by `region` `reg_…` in `eur` adds
 * count 1 and the order's total. Line-level dimensions (`product`, `collection`) add the line's
 * quantity and unit price × quantity (before discounts, shipping and tax). A dimension without a
 * value on the event (no region on an old event) is left out; values are cut to 300 characters.
 * Amounts are exact (numeric): JSON numbers are not read as doubles.
 */
export function rollupDeltasSql(e: string): string {
  const t = `${e}.type`;
  const data = (path: string) => `${e}.data -> '${path}'`;
  const currency = `lower(coalesce(${str(data('currency_code'))}, ''))`;
  const orderDims = (c: string) => ({ all: `''`, region: str(data('region_id')), currency: c, sales_channel: str(data('sales_channel_id')) });
  const term = str(data('term'));
  const found = `${num(data('results'))} > 0`;
  const parts = [
    // order.placed: the order, its cart completed, and its product lines
    cells('orders', currency, '1', num(data('total')), orderDims(currency), `${t} = 'order.placed'`),
    cells('carts_completed', `''`, '1', '0', { all: `''` }, `${t} = 'order.placed'`),
    `select 'order_lines'::text, d.dim, d.value, ${currency}, ${num(`i.item -> 'quantity'`)}, ${num(`i.item -> 'quantity'`)} * ${num(`i.item -> 'unit_price'`)}
       from jsonb_array_elements(case when ${t} = 'order.placed' and jsonb_typeof(${data('items')}) = 'array' then ${data('items')} else '[]'::jsonb end) as i(item),
            lateral (values ('product', ${str(`i.item -> 'product_id'`)}), ('collection', ${str(`i.item -> 'collection_id'`)})) as d(dim, value)
      where d.value is not null`,
    // order.canceled: the cancellation, and what it refunded of a captured payment
    cells('cancellations', currency, '1', num(data('total')), orderDims(currency), `${t} = 'order.canceled'`),
    cells('refunds', currency, '1', num(data('refunded_amount')), orderDims(currency), `${t} = 'order.canceled' and ${num(data('refunded_amount'))} > 0`),
    // order.refunded: an admin's refund of a captured payment
    cells('refunds', currency, '1', num(data('amount')), orderDims(currency), `${t} = 'order.refunded' and ${num(data('amount'))} > 0`),
    cells('carts_created', `''`, '1', '0', { all: `''` }, `${t} = 'cart.created'`),
    // search.performed (a term is required)
    cells(
      'searches',
      `''`,
      '1',
      '0',
      { all: `''`, term, outcome: `case when ${found} then 'results' else 'no_results' end` },
      `${t} = 'search.performed' and ${term} is not null`,
    ),
    cells('searches_without_results', `''`, '1', '0', { all: `''`, term }, `${t} = 'search.performed' and ${term} is not null and not (${found})`),
    // analytics_event.tracked: page views, add to carts, purchases (by campaign, and by source with their value)
    cells('page_views', `''`, '1', '0', { all: `''` }, `${t} = 'analytics_event.tracked' and ${e}.data ->> 'type' = 'page_view'`),
    cells('add_to_carts', `''`, '1', '0', { all: `''` }, `${t} = 'analytics_event.tracked' and ${e}.data ->> 'type' = 'add_to_cart'`),
    cells(
      'tracked_purchases',
      `''`,
      '1',
      '0',
      { all: `''`, campaign: str(data('utm_campaign')) },
      `${t} = 'analytics_event.tracked' and ${e}.data ->> 'type' = 'purchase'`,
    ),
    cells(
      'attributed_purchases',
      currency,
      '1',
      num(data('value')),
      { source: `lower(coalesce(${str(data('utm_source'))}, 'direct'))` },
      `${t} = 'analytics_event.tracked' and ${e}.data ->> 'type' = 'purchase'`,
    ),
    cells('campaign_opens', `''`, '1', '0', { all: `''`, campaign: str(data('campaign_id')) }, `${t} = 'campaign.opened'`),
    cells('campaign_clicks', `''`, '1', '0', { all: `''`, campaign: str(data('campaign_id')) }, `${t} = 'campaign.clicked'`),
  ];
  return `lateral (${parts.join('\n    union all ')}) as delta`;
}

/** The 15-minute UTC bucket of a timestamptz expression (every IANA zone's offset is whole quarter hours). */
export const bucketSql = (at: string) => `date_bin('15 minutes', ${at}, timestamptz '2000-01-01 00:00:00+00')`;
