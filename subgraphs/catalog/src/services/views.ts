/**
 * Medusa v2 store shapes, as the catalog read model builds them (plain objects, snake_case). Keys
 * for what the platform has no concept of carry Medusa's defaults: nothing is soft-deleted but
 * products, variants, collections and categories (`deleted_at: null`), only products have an
 * external id (`external_id: null`), tags, types and countries have no metadata (`null`).
 */
import { rawAmount, type RawAmount } from '@svc/kit';

export interface PriceRow {
  id: string;
  currency_code: string;
  amount: number;
  region_id: string | null;
  min_quantity: number | null;
  max_quantity: number | null;
}

export interface CalculatedPriceView {
  id: string;
  is_calculated_price_price_list: boolean;
  is_calculated_price_tax_inclusive: boolean;
  calculated_amount: number;
  raw_calculated_amount: RawAmount | null;
  is_original_price_price_list: boolean;
  is_original_price_tax_inclusive: boolean;
  original_amount: number;
  raw_original_amount: RawAmount | null;
  currency_code: string;
  calculated_amount_with_tax: number;
  calculated_amount_without_tax: number;
  original_amount_with_tax: number;
  original_amount_without_tax: number;
  calculated_price: PriceRuleView;
  original_price: PriceRuleView;
}

interface PriceRuleView {
  id: string;
  price_list_id: string | null;
  price_list_type: string | null;
  min_quantity: number | null;
  max_quantity: number | null;
}

/** An option as its values name it (Medusa's `variants[].options[].option`). */
interface OptionRefView {
  id: string;
  title: string;
  /** always true: an option belongs to one product, what Medusa calls exclusive */
  is_exclusive: boolean;
  metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  deleted_at: null;
}

export interface OptionValueView {
  id: string;
  value: string;
  rank: number;
  option_id: string;
  option?: OptionRefView;
  metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  deleted_at: null;
}

export interface VariantView {
  id: string;
  title: string;
  sku: string | null;
  barcode: string | null;
  ean: string | null;
  upc: string | null;
  thumbnail: string | null;
  /** the product images linked to this variant */
  images: ImageView[];
  allow_backorder: boolean;
  manage_inventory: boolean;
  inventory_quantity: number;
  hs_code: string | null;
  origin_country: string | null;
  mid_code: string | null;
  material: string | null;
  weight: number | null;
  length: number | null;
  height: number | null;
  width: number | null;
  variant_rank: number;
  options: OptionValueView[];
  product_id: string;
  calculated_price?: CalculatedPriceView | null;
  /** non-enumerable on documents: readable by GraphQL, absent from REST JSON unless asked for */
  prices?: PriceRow[];
  metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface CollectionView {
  id: string;
  title: string;
  handle: string;
  external_id: null;
  metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface CategoryView {
  id: string;
  name: string;
  description: string;
  handle: string;
  rank: number;
  external_id: null;
  is_internal: boolean;
  parent_category_id: string | null;
  parent_category?: CategoryView | null;
  category_children?: CategoryView[];
  metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/** A product tag or type: a value with Medusa's bookkeeping keys. */
interface ValueView {
  id: string;
  value: string;
  external_id: null;
  metadata: null;
  created_at: string;
  updated_at: string;
  deleted_at: null;
}

export interface ImageView {
  id: string;
  url: string;
  rank: number;
  /** text for shoppers who cannot see the image; null: none (not in Medusa's image, an addition) */
  alt: string | null;
  product_id: string;
  metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  deleted_at: null;
}

export interface OptionView extends OptionRefView {
  product_id: string;
  values: OptionValueView[];
}

export interface ProductView {
  id: string;
  title: string;
  handle: string;
  subtitle: string | null;
  description: string | null;
  is_giftcard: boolean;
  status: string;
  thumbnail: string | null;
  width: number | null;
  weight: number | null;
  length: number | null;
  height: number | null;
  origin_country: string | null;
  hs_code: string | null;
  mid_code: string | null;
  material: string | null;
  collection_id: string | null;
  type_id: string | null;
  discountable: boolean;
  external_id: string | null;
  metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  collection: CollectionView | null;
  categories: CategoryView[];
  type: ValueView | null;
  tags: ValueView[];
  options: OptionView[];
  images: ImageView[];
  /** average and count of the approved reviews (average null without any) */
  rating: RatingView;
  variants: VariantView[];
}

export interface RatingView {
  average: number | null;
  count: number;
}

export interface ReviewView {
  id: string;
  product_id: string;
  customer_id: string | null;
  author_name: string;
  rating: number;
  title: string | null;
  content: string;
  status: string;
  created_at: string;
  updated_at: string;
}

export interface TemplateView {
  id: string;
  name: string;
  description: string | null;
  options: Array<{ title: string; values: string[] }>;
  attributes: Record<string, unknown>;
  default_status: string;
  created_at: string;
  updated_at: string;
}

export interface CountryView {
  id: string;
  iso_2: string;
  iso_3: string;
  num_code: string;
  name: string;
  display_name: string;
  region_id: string;
  metadata: null;
  created_at: string;
  updated_at: string;
  deleted_at: null;
}

export interface RegionView {
  id: string;
  name: string;
  currency_code: string;
  automatic_taxes: boolean;
  countries: CountryView[];
  metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  deleted_at: null;
}

export const iso = (d: Date | string | null): string | null => (d === null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString());
export const isoNN = (d: Date | string): string => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

/**
 * The variant price for a region: a region-specific price wins over a currency-wide one; among
 * equals the lowest amount for a quantity of one. No price lists or taxes yet, so the calculated
 * and the original price are the same.
 */
function calculatedPrice(prices: PriceRow[] | undefined, region: { id: string; currency_code: string }): CalculatedPriceView | null {
  let best: PriceRow | undefined;
  for (const p of prices ?? []) {
    if (p.currency_code !== region.currency_code) continue;
    if (p.region_id && p.region_id !== region.id) continue;
    if (p.min_quantity !== null && p.min_quantity > 1) continue;
    if (!best || (p.region_id && !best.region_id) || (!!p.region_id === !!best.region_id && p.amount < best.amount)) best = p;
  }
  if (!best) return null;
  const rule: PriceRuleView = { id: best.id, price_list_id: null, price_list_type: null, min_quantity: best.min_quantity, max_quantity: best.max_quantity };
  const raw = rawAmount(best.amount);
  return {
    id: best.id,
    is_calculated_price_price_list: false,
    is_calculated_price_tax_inclusive: false,
    calculated_amount: best.amount,
    raw_calculated_amount: raw,
    is_original_price_price_list: false,
    is_original_price_tax_inclusive: false,
    original_amount: best.amount,
    raw_original_amount: raw,
    currency_code: best.currency_code,
    calculated_amount_with_tax: best.amount,
    calculated_amount_without_tax: best.amount,
    original_amount_with_tax: best.amount,
    original_amount_without_tax: best.amount,
    calculated_price: rule,
    original_price: rule,
  };
}

/** A per-request view of a cached document: the cached object itself is never changed. */
export function priceView(doc: ProductView, region: { id: string; currency_code: string } | null): ProductView {
  if (!region) return doc;
  return {
    ...doc,
    variants: doc.variants.map((v) => {
      const view: VariantView = { ...v, calculated_price: calculatedPrice(v.prices, region) };
      Object.defineProperty(view, 'prices', { value: v.prices, enumerable: false });
      return view;
    }),
  };
}

/** The document with every variant's price list as a plain (enumerable) `prices` field. */
export function withVariantPrices(doc: ProductView): ProductView {
  return { ...doc, variants: doc.variants.map((v) => ({ ...v, prices: v.prices ?? [] })) };
}
