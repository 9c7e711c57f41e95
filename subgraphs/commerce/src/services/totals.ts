import { fromScaled, toScaled } from '@svc/kit';

/*
 * Cart and order totals, the way Medusa v2 computes them (prices exclusive of tax):
 *   line subtotal          = unit_price × quantity
 *   discount_subtotal      = the promotions' adjustments on the line
 *   tax_total              = (subtotal − discount_subtotal) × Σ tax rates
 *   original_tax_total     = subtotal × Σ tax rates (before discounts)
 *   total                  = subtotal − discount_subtotal + tax_total
 *   original_total         = subtotal + original_tax_total
 *   discount_tax_total     = original_tax_total − tax_total;  discount_total = discount_subtotal + discount_tax_total
 * and the cart sums its lines and shipping methods: subtotal = items + shipping before discounts and
 * taxes, total = subtotal − discount_subtotal + tax_total. Amounts are exact decimals (BigInt in
 * ten-thousandths of a unit, rounded half up where a rate makes more decimals), numbers in major units
 * on the way out.
 */

const SCALE = 10_000n;

/** x × rate% (rate in ten-thousandths of a percent point), rounded half up */
function percentOf(x: bigint, rate: bigint): bigint {
  const num = x * rate;
  const den = 100n * SCALE;
  const q = num / den;
  const r = num % den;
  return r * 2n >= den ? q + 1n : q;
}

export interface TaxLineInput {
  id: string;
  code: string;
  name: string;
  rate: string;
  tax_rate_id: string | null;
}

interface AdjustmentInput {
  id: string;
  code: string | null;
  amount: bigint;
  promotion_id: string;
  description: string | null;
}

interface PricedLine {
  id: string;
  unit_price: string;
  quantity: number;
  tax_lines: TaxLineInput[];
  adjustments: AdjustmentInput[];
}

interface PricedShipping {
  id: string;
  amount: string;
  tax_lines: TaxLineInput[];
  adjustments: AdjustmentInput[];
}

export interface LineTotals {
  subtotal: bigint;
  original_subtotal: bigint;
  total: bigint;
  original_total: bigint;
  discount_subtotal: bigint;
  discount_tax_total: bigint;
  discount_total: bigint;
  tax_total: bigint;
  original_tax_total: bigint;
}

function lineTotals(subtotal: bigint, taxLines: TaxLineInput[], adjustments: AdjustmentInput[]): LineTotals {
  const rate = taxLines.reduce((s, t) => s + toScaled(t.rate), 0n);
  let discount = adjustments.reduce((s, a) => s + a.amount, 0n);
  if (discount > subtotal) discount = subtotal;
  const tax = percentOf(subtotal - discount, rate);
  const originalTax = percentOf(subtotal, rate);
  return {
    subtotal,
    original_subtotal: subtotal,
    total: subtotal - discount + tax,
    original_total: subtotal + originalTax,
    discount_subtotal: discount,
    discount_tax_total: originalTax - tax,
    discount_total: discount + (originalTax - tax),
    tax_total: tax,
    original_tax_total: originalTax,
  };
}

export const itemSubtotal = (l: Pick<PricedLine, 'unit_price' | 'quantity'>): bigint => toScaled(l.unit_price) * BigInt(l.quantity);

export const itemTotals = (l: PricedLine): LineTotals => lineTotals(itemSubtotal(l), l.tax_lines, l.adjustments);
export const shippingTotals = (m: PricedShipping): LineTotals => lineTotals(toScaled(m.amount), m.tax_lines, m.adjustments);

/** A tax line as the API shows it, with its share of the line's tax. */
export function taxLineView(t: TaxLineInput, owner: { item_id?: string; shipping_method_id?: string }, taxable: bigint) {
  const total = percentOf(taxable, toScaled(t.rate));
  return {
    id: t.id,
    code: t.code,
    rate: Number(t.rate),
    description: t.name,
    tax_rate_id: t.tax_rate_id,
    provider_id: 'system',
    ...owner,
    total: toNumber(total),
    subtotal: toNumber(taxable),
  };
}

export const toNumber = (v: bigint): number => Number(fromScaled(v));

/** Line totals as numbers (the API's shape). */
export const totalsView = (t: LineTotals): Record<keyof LineTotals, number> =>
  Object.fromEntries(Object.entries(t).map(([k, v]) => [k, toNumber(v)])) as Record<keyof LineTotals, number>;

interface CartTotals {
  total: number;
  subtotal: number;
  tax_total: number;
  discount_total: number;
  discount_subtotal: number;
  discount_tax_total: number;
  original_total: number;
  original_subtotal: number;
  original_tax_total: number;
  item_total: number;
  item_subtotal: number;
  item_tax_total: number;
  item_discount_total: number;
  original_item_total: number;
  original_item_subtotal: number;
  original_item_tax_total: number;
  shipping_total: number;
  shipping_subtotal: number;
  shipping_tax_total: number;
  shipping_discount_total: number;
  original_shipping_total: number;
  original_shipping_subtotal: number;
  original_shipping_tax_total: number;
  gift_card_total: number;
  gift_card_tax_total: number;
  credit_line_total: number;
}

/** The cart's totals from its lines' and shipping methods' totals. */
export function cartTotals(items: LineTotals[], shipping: LineTotals[]): CartTotals & { raw: { total: bigint } } {
  const sum = (xs: LineTotals[], k: keyof LineTotals) => xs.reduce((s, x) => s + x[k], 0n);
  const all = [...items, ...shipping];
  const subtotal = sum(all, 'subtotal');
  const tax = sum(all, 'tax_total');
  const discountSubtotal = sum(all, 'discount_subtotal');
  const total = subtotal - discountSubtotal + tax;
  const n = toNumber;
  return {
    raw: { total },
    total: n(total),
    subtotal: n(subtotal),
    tax_total: n(tax),
    discount_total: n(sum(all, 'discount_total')),
    discount_subtotal: n(discountSubtotal),
    discount_tax_total: n(sum(all, 'discount_tax_total')),
    original_total: n(sum(all, 'original_total')),
    original_subtotal: n(sum(all, 'original_subtotal')),
    original_tax_total: n(sum(all, 'original_tax_total')),
    item_total: n(sum(items, 'total')),
    item_subtotal: n(sum(items, 'subtotal')),
    item_tax_total: n(sum(items, 'tax_total')),
    item_discount_total: n(sum(items, 'discount_total')),
    original_item_total: n(sum(items, 'original_total')),
    original_item_subtotal: n(sum(items, 'original_subtotal')),
    original_item_tax_total: n(sum(items, 'original_tax_total')),
    shipping_total: n(sum(shipping, 'total')),
    shipping_subtotal: n(sum(shipping, 'subtotal')),
    shipping_tax_total: n(sum(shipping, 'tax_total')),
    shipping_discount_total: n(sum(shipping, 'discount_total')),
    original_shipping_total: n(sum(shipping, 'original_total')),
    original_shipping_subtotal: n(sum(shipping, 'original_subtotal')),
    original_shipping_tax_total: n(sum(shipping, 'original_tax_total')),
    gift_card_total: 0,
    gift_card_tax_total: 0,
    credit_line_total: 0,
  };
}

// ---- promotions -----------------------------------------------------------------------------------

interface PromotionRule {
  id: string;
  code: string;
  type: 'percentage' | 'fixed';
  value: string;
  target_type: 'items' | 'shipping_methods' | 'order';
  allocation: 'across' | 'each';
  description: string | null;
}

export interface DiscountTarget {
  id: string;
  kind: 'item' | 'shipping';
  subtotal: bigint;
  quantity: number;
  discountable: boolean;
}

/**
 * The adjustments of the promotions on the targets, in the order given (each promotion takes from
 * what the earlier ones left): percentage off each target; a fixed amount off each unit (`each`), or
 * spread across the targets in proportion to their subtotals (`across`, the last target takes the
 * rounding remainder). No target is discounted below zero.
 */
export function applyPromotions(promotions: PromotionRule[], targets: DiscountTarget[]): Map<string, AdjustmentInput[]> {
  const out = new Map<string, AdjustmentInput[]>(targets.map((t) => [t.id, []]));
  const left = new Map(targets.map((t) => [t.id, t.subtotal]));
  for (const p of promotions) {
    const eligible = targets.filter(
      (t) => t.discountable && (p.target_type === 'order' || (p.target_type === 'items' ? t.kind === 'item' : t.kind === 'shipping')) && left.get(t.id)! > 0n,
    );
    if (!eligible.length) continue;
    const value = toScaled(p.value);
    const amounts = new Map<string, bigint>();
    if (p.type === 'percentage') {
      for (const t of eligible) amounts.set(t.id, percentOf(left.get(t.id)!, value));
    } else if (p.allocation === 'each') {
      for (const t of eligible) amounts.set(t.id, value * BigInt(t.kind === 'item' ? t.quantity : 1));
    } else {
      const base = eligible.reduce((s, t) => s + left.get(t.id)!, 0n);
      let remaining = value < base ? value : base;
      eligible.forEach((t, i) => {
        const share = i === eligible.length - 1 ? remaining : ((value < base ? value : base) * left.get(t.id)!) / base;
        amounts.set(t.id, share);
        remaining -= share;
      });
    }
    for (const t of eligible) {
      const cap = left.get(t.id)!;
      const amount = amounts.get(t.id)! > cap ? cap : amounts.get(t.id)!;
      if (amount <= 0n) continue;
      left.set(t.id, cap - amount);
      out.get(t.id)!.push({ id: `${p.id}_${t.id}`, code: p.code, amount, promotion_id: p.id, description: p.description });
    }
  }
  return out;
}

/**
 * What is charged for a total: rounded half up to the currency's minor unit (a 19% tax makes
 * tenths of a cent; a card is charged whole cents, a yen total whole yen).
 */
export function chargeAmount(total: number | string, exponent: number): string {
  const scaled = toScaled(String(total));
  if (exponent >= 4) return fromScaled(scaled);
  const step = 10n ** BigInt(4 - exponent);
  const sign = scaled < 0n ? -1n : 1n;
  const abs = scaled < 0n ? -scaled : scaled;
  const rounded = ((abs + step / 2n) / step) * step;
  return fromScaled(sign * rounded);
}
