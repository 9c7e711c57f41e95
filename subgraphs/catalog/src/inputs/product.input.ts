import { z } from 'zod';
import { ArgsType, Field, Float, InputType, Int } from 'type-graphql';
import {
  JSONScalar,
  PageArgs,
  ValidateWith,
  type Metadata,
  countrySchema,
  currencySchema,
  handleSchema,
  httpUrlSchema,
  idList,
  metadataSchema,
  orderSchema,
  pageSchema,
  plainText,
} from '@svc/kit';
import type { ProductStatus } from '../entities/product.entity';

export const instant = z.iso.datetime({ offset: true, message: 'dates are ISO 8601 date-times, e.g. 2026-01-31T00:00:00Z' }).or(z.iso.date());
/** a range of instants: after (gt, gte) and before (lt, lte) */
export const dateRangeSchema = z.strictObject({ gt: instant.optional(), gte: instant.optional(), lt: instant.optional(), lte: instant.optional() });

@InputType('DateRangeInput', {
  description: 'A range of instants, each bound optional: after (gt, gte) and before (lt, lte); ISO 8601 date-times (2026-01-31T00:00:00Z) or dates',
})
@ValidateWith(dateRangeSchema)
class DateRangeInput {
  @Field({ nullable: true, description: 'Strictly after this instant' }) gt?: string;
  @Field({ nullable: true, description: 'At or after this instant' }) gte?: string;
  @Field({ nullable: true, description: 'Strictly before this instant' }) lt?: string;
  @Field({ nullable: true, description: 'At or before this instant' }) lte?: string;
}

/** The constraints of product inputs, written once: GraphQL validates with them, REST routes reuse them. */
/** the keys products are ordered by (the service's allow-list) */
const PRODUCT_ORDERS = ['created_at', 'updated_at', 'title', 'handle'] as const;

export const productListSchema = z.strictObject({
  ...pageSchema,
  order: orderSchema(PRODUCT_ORDERS).optional(),
  q: z.string().max(200).optional(),
  id: idList.optional(),
  handle: idList.optional(),
  collection_id: idList.optional(),
  category_id: idList.optional(),
  tag_id: idList.optional(),
  type_id: idList.optional(),
  sales_channel_id: idList.optional(),
  /** products with a variant of one of these SKUs (Medusa: variants[sku]) */
  sku: idList.optional(),
  is_giftcard: z.boolean().optional(),
  created_at: dateRangeSchema.optional(),
  updated_at: dateRangeSchema.optional(),
  region_id: z.string().max(100).optional(),
  country_code: countrySchema.optional(),
  currency_code: z
    .string()
    .regex(/^[a-zA-Z]{3}$/, 'currency_code must be a 3-letter ISO code')
    .optional(),
  min_price: z.number().min(0).max(1e12).optional(),
  max_price: z.number().min(0).max(1e12).optional(),
});
export type ProductListQuery = z.infer<typeof productListSchema>;

const PRODUCT_STATUSES = ['draft', 'proposed', 'published', 'rejected', 'archived'] as const satisfies readonly ProductStatus[];

/** Admin: every product of the store that is not deleted, newest first (archived ones only when asked for by status). */
export const adminProductListSchema = z.strictObject({
  ...pageSchema,
  q: z.string().max(200).optional(),
  status: z
    .array(z.enum(PRODUCT_STATUSES, { message: `status must be one of ${PRODUCT_STATUSES.join(', ')}` }))
    .max(5)
    .optional(),
});
export type AdminProductListQuery = z.infer<typeof adminProductListSchema>;

@ArgsType()
@ValidateWith(adminProductListSchema)
export class AdminProductListArgs extends PageArgs {
  @Field({ nullable: true, description: 'words in the title, handle or a variant SKU' }) q?: string;
  @Field(() => [String], { nullable: true, description: 'draft, proposed, published, rejected, archived; default: every status but archived' })
  status?: ProductStatus[];
}

export const priceSchema = z.strictObject({
  currency_code: currencySchema,
  amount: z
    .number()
    .min(0)
    .max(1e12)
    .refine((n) => Math.abs(n * 10000 - Math.round(n * 10000)) < 1e-6, 'amount has at most 4 decimal places'),
  region_id: z.string().max(100).nullish(),
  min_quantity: z.number().int().min(1).nullish(),
  max_quantity: z.number().int().min(1).nullish(),
});
export type PriceData = z.infer<typeof priceSchema>;

export const optionSchema = z.strictObject({
  title: plainText(z.string().min(1).max(200), 'title'),
  values: z.array(z.string().min(1).max(200)).min(1).max(100),
});

const variantFields = {
  title: plainText(z.string().min(1).max(300), 'title'),
  sku: z.string().min(1).max(100).nullish(),
  barcode: z.string().max(100).nullish(),
  manage_inventory: z.boolean().nullish(),
  allow_backorder: z.boolean().nullish(),
  weight: z.number().int().min(0).nullish(),
  metadata: metadataSchema.nullish(),
};
export const variantSchema = z.strictObject({
  ...variantFields,
  options: z.record(z.string().max(200), z.string().max(200)).nullish(),
  prices: z.array(priceSchema).max(100).nullish(),
  inventory_quantity: z.number().int().min(0).nullish(),
});
export type VariantData = z.infer<typeof variantSchema>;
export const updateVariantSchema = z.strictObject({
  ...variantFields,
  title: variantFields.title.optional(),
  /** option title -> value: the variant's values change (one per option of the product, as on creation) */
  options: z.record(z.string().max(200), z.string().max(200)).nullish(),
  /** replaces every price of the variant */
  prices: z.array(priceSchema).max(100).nullish(),
  stocked_quantity: z.number().int().min(0).max(1e9).nullish(),
});
export type UpdateVariantData = z.infer<typeof updateVariantSchema>;

const productFields = {
  title: plainText(z.string().min(1).max(300), 'title').optional(),
  handle: handleSchema.optional(),
  subtitle: plainText(z.string().max(300), 'subtitle').nullish(),
  description: plainText(z.string().max(20000), 'description').nullish(),
  status: z.enum(PRODUCT_STATUSES).optional(),
  thumbnail: z.string().max(2000).url('thumbnail must be a URL').nullish(),
  collection_id: z.string().max(100).nullish(),
  category_ids: idList.max(50).optional(),
  tags: z.array(z.string().min(1).max(200)).max(50).optional(),
  type: z.string().max(200).nullish(),
  material: z.string().max(200).nullish(),
  origin_country: z
    .string()
    .regex(/^[a-z]{2}$/, 'origin_country must be a 2-letter lowercase ISO code')
    .nullish(),
  weight: z.number().int().min(0).nullish(),
  metadata: metadataSchema.nullish(),
};
export const updateProductSchema = z.strictObject(productFields);
export type UpdateProductData = z.infer<typeof updateProductSchema>;
export const createProductSchema = z.strictObject({
  ...productFields,
  title: plainText(z.string().min(1).max(300), 'title'),
  options: z.array(optionSchema).max(10).nullish(),
  variants: z.array(variantSchema).max(200).nullish(),
  images: z.array(z.string().max(2000).url('images must be URLs')).max(30).nullish(),
});
export type CreateProductData = z.infer<typeof createProductSchema>;

@ArgsType()
@ValidateWith(productListSchema)
export class ProductListArgs extends PageArgs {
  @Field({ nullable: true, description: 'created_at, updated_at, title or handle, prefixed with - for descending; default -created_at' }) order?: string;
  @Field({ nullable: true, description: 'Only products whose title, description or handle contains this text (case-insensitive)' }) q?: string;
  @Field(() => [String], { nullable: true, description: 'Only these product ids' }) id?: string[];
  @Field(() => [String], { nullable: true, description: 'Only these handles' }) handle?: string[];
  @Field(() => [String], { nullable: true, description: 'Only products in one of these collections' }) collection_id?: string[];
  @Field(() => [String], { nullable: true, description: 'Only products in one of these categories' }) category_id?: string[];
  @Field(() => [String], { nullable: true, description: 'Only products with one of these tags' }) tag_id?: string[];
  @Field(() => [String], { nullable: true, description: 'Only products of one of these types' }) type_id?: string[];
  @Field(() => [String], { nullable: true, description: "within the publishable key's sales channels" }) sales_channel_id?: string[];
  @Field(() => [String], { nullable: true, description: 'products with a variant of one of these SKUs' }) sku?: string[];
  @Field({ nullable: true, description: 'true: gift cards only; false: no gift cards' }) is_giftcard?: boolean;
  @Field(() => DateRangeInput, { nullable: true, description: 'Only products created in this range' }) created_at?: DateRangeInput;
  @Field(() => DateRangeInput, { nullable: true, description: 'Only products last changed in this range' }) updated_at?: DateRangeInput;
  @Field({ nullable: true, description: 'pricing context: variants get calculated_price for this region' }) region_id?: string;
  @Field({ nullable: true, description: 'pricing context when region_id is absent: the region that contains this country' }) country_code?: string;
  @Field({ nullable: true, description: 'The currency of min_price and max_price when region_id is absent (ISO 4217)' }) currency_code?: string;
  @Field(() => Float, { nullable: true, description: 'lowest variant price, in the region currency' }) min_price?: number;
  @Field(() => Float, { nullable: true, description: 'Highest variant price, in major units of the region currency (or currency_code)' }) max_price?: number;
}

@InputType('PriceInput', { description: 'One price of a variant' })
@ValidateWith(priceSchema)
export class PriceInput {
  @Field({ description: 'ISO 4217 currency code, lower case (eur)' }) currency_code!: string;
  @Field(() => Float, { description: 'major units (10.5)' }) amount!: number;
  @Field(() => String, { nullable: true, description: 'Limits the price to one region; null: every region with this currency' }) region_id?: string | null;
  @Field(() => Int, { nullable: true, description: 'The smallest quantity the price applies to; null: from one unit' }) min_quantity?: number | null;
  @Field(() => Int, { nullable: true, description: 'The largest quantity the price applies to; null: no upper bound' }) max_quantity?: number | null;
}

@InputType('ProductOptionInput', { description: 'An option of a new product and its values' })
class ProductOptionInput {
  @Field({ description: "The option's name, e.g. Size" }) title!: string;
  @Field(() => [String], { description: "The option's values, in order" }) values!: string[];
}

@InputType('VariantInput', { description: 'A new variant' })
@ValidateWith(variantSchema)
export class VariantInput {
  @Field({ description: "The variant's name, e.g. M / Blue" }) title!: string;
  @Field(() => String, { nullable: true, description: 'Stock keeping unit, unique in the store' }) sku?: string | null;
  @Field(() => String, { nullable: true, description: 'Barcode' }) barcode?: string | null;
  @Field(() => JSONScalar, { nullable: true, description: 'option title -> value, e.g. {"Size":"M"}' }) options?: Record<string, string> | null;
  @Field(() => [PriceInput], { nullable: true, description: "The variant's prices (one per currency, region and quantity range)" }) prices?:
    PriceInput[] | null;
  @Field(() => Int, { nullable: true, description: 'Units in stock; default 0' }) inventory_quantity?: number | null;
  @Field(() => Boolean, { nullable: true, description: 'Whether stock is tracked; default true' }) manage_inventory?: boolean | null;
  @Field(() => Boolean, { nullable: true, description: 'Whether it can be ordered when out of stock; default false' }) allow_backorder?: boolean | null;
  @Field(() => Int, { nullable: true, description: "Weight in the store's unit (the demo uses grams)" }) weight?: number | null;
  @Field(() => JSONScalar, { nullable: true, description: 'Free key-value data' }) metadata?: Metadata | null;
}

@InputType('UpdateVariantInput', { description: 'Changes to a variant; absent fields stay, null clears' })
@ValidateWith(updateVariantSchema)
export class UpdateVariantInput {
  @Field({ nullable: true, description: "The variant's name" }) title?: string;
  @Field(() => String, { nullable: true, description: 'Stock keeping unit, unique in the store' }) sku?: string | null;
  @Field(() => String, { nullable: true, description: 'Barcode' }) barcode?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'Whether stock is tracked' }) manage_inventory?: boolean | null;
  @Field(() => Boolean, { nullable: true, description: 'Whether it can be ordered when out of stock' }) allow_backorder?: boolean | null;
  @Field(() => Int, { nullable: true, description: "Weight in the store's unit (the demo uses grams)" }) weight?: number | null;
  @Field(() => JSONScalar, { nullable: true, description: 'Free key-value data (replaces the stored object)' }) metadata?: Metadata | null;
  @Field(() => JSONScalar, {
    nullable: true,
    description: 'option title -> value, one per option of the product (e.g. {"Size":"L"}); another live variant with the same values is 409 duplicate_options',
  })
  options?: Record<string, string> | null;
  @Field(() => [PriceInput], { nullable: true, description: 'Replaces every price of the variant (one per currency, region and quantity range)' }) prices?:
    PriceInput[] | null;
  @Field(() => Int, { nullable: true, description: 'Units in stock (stocked, not minus reservations); not below the reserved units (409)' })
  stocked_quantity?: number | null;
}

/** An option's value as the option editor sends it: with its id it stays (renamed when the text changed), without one it is new. */
const optionValueEditSchema = z.strictObject({ id: z.string().min(1).max(100).nullish(), value: z.string().trim().min(1).max(200) });
export const createOptionSchema = z.strictObject({
  title: plainText(z.string().trim().min(1).max(200), 'title'),
  values: z.array(z.string().trim().min(1).max(200)).min(1).max(100),
});
export type CreateOptionData = z.infer<typeof createOptionSchema>;
export const updateOptionSchema = z.strictObject({
  title: plainText(z.string().trim().min(1).max(200), 'title').optional(),
  values: z.array(optionValueEditSchema).min(1).max(100).optional(),
});
export type UpdateOptionData = z.infer<typeof updateOptionSchema>;

@InputType('CreateProductOptionInput', { description: 'A new option of a product with its values' })
@ValidateWith(createOptionSchema)
export class CreateProductOptionInput {
  @Field({ description: "The option's name, unique on the product, e.g. Size" }) title!: string;
  @Field(() => [String], { description: "The option's values, distinct, in order (at least one, at most 100)" }) values!: string[];
}

@InputType('ProductOptionValueEditInput', { description: 'One value of an option as edited: with its id it stays (and is renamed), without one it is new' })
class ProductOptionValueEditInput {
  @Field(() => String, { nullable: true, description: "The value's id (optval_…); absent for a new value" }) id?: string | null;
  @Field({ description: 'The value as shoppers see it, e.g. M' }) value!: string;
}

@InputType('UpdateProductOptionInput', { description: 'Changes to an option: absent fields stay' })
@ValidateWith(updateOptionSchema)
export class UpdateProductOptionInput {
  @Field({ nullable: true, description: "The option's new name (unique on the product)" }) title?: string;
  @Field(() => [ProductOptionValueEditInput], {
    nullable: true,
    description:
      "Every value of the option, in the new order: values with an id are kept (renamed when their text changed), values without one are added, the option's values not listed are removed (409 option_value_in_use while a variant has one)",
  })
  values?: ProductOptionValueEditInput[];
}

export const addImageSchema = z.strictObject({
  url: httpUrlSchema('url', 1000).nullish(),
  media_id: z.string().min(1).max(100).nullish(),
  alt: plainText(z.string().trim().max(500), 'alt').nullish(),
  rank: z.number().int().min(0).max(1000).nullish(),
  thumbnail: z.boolean().nullish(),
});
export type AddImageData = z.infer<typeof addImageSchema>;
export const updateImageSchema = z.strictObject({ alt: plainText(z.string().trim().max(500), 'alt').nullish() });
export type UpdateImageData = z.infer<typeof updateImageSchema>;

@InputType('AddProductImageInput', { description: "An image for a product's gallery: a media library asset or a URL (exactly one)" })
@ValidateWith(addImageSchema)
export class AddProductImageInput {
  @Field(() => String, { nullable: true, description: 'An http(s) URL of the image file' }) url?: string | null;
  @Field(() => String, { nullable: true, description: 'A media library asset of the store (an image): its URL, and its alt text unless alt is given' })
  media_id?: string | null;
  @Field(() => String, { nullable: true, description: 'What the image shows (at most 500 characters); empty: none' }) alt?: string | null;
  @Field(() => Int, { nullable: true, description: 'Its position in the gallery, from 0 (the others move down); default: last' }) rank?: number | null;
  @Field(() => Boolean, { nullable: true, description: "true makes it the product's thumbnail (a product without a thumbnail takes its first image anyway)" })
  thumbnail?: boolean | null;
}

@InputType('UpdateProductImageInput', { description: 'Changes to a product image: absent fields stay' })
@ValidateWith(updateImageSchema)
export class UpdateProductImageInput {
  @Field(() => String, { nullable: true, description: 'What the image shows (at most 500 characters); null or empty removes it' }) alt?: string | null;
}

@InputType('UpdateProductInput', { description: 'Changes to a product; absent fields stay, null clears' })
@ValidateWith(updateProductSchema)
export class UpdateProductInput {
  @Field({ nullable: true, description: "The product's name" }) title?: string;
  @Field({ nullable: true, description: 'URL-safe unique name (lower-case words joined by dashes)' }) handle?: string;
  @Field(() => String, { nullable: true, description: 'A short line under the title' }) subtitle?: string | null;
  @Field(() => String, { nullable: true, description: "The product's description (plain text)" }) description?: string | null;
  @Field(() => String, { nullable: true, description: 'draft, proposed, published, rejected or archived' }) status?: ProductStatus;
  @Field(() => String, { nullable: true, description: 'URL of the main image' }) thumbnail?: string | null;
  @Field(() => String, { nullable: true, description: 'The collection the product is in; null takes it out' }) collection_id?: string | null;
  @Field(() => [String], { nullable: true, description: 'The categories the product is in (replaces the list)' }) category_ids?: string[];
  @Field(() => [String], { nullable: true, description: 'Tag values (replaces the tags; unknown values become new tags)' }) tags?: string[];
  @Field(() => String, { nullable: true, description: "The product type's name (an unknown one becomes a new type); null removes it" }) type?: string | null;
  @Field(() => String, { nullable: true, description: 'Material, e.g. cotton' }) material?: string | null;
  @Field(() => String, { nullable: true, description: 'Country of origin (ISO 3166-1 alpha-2)' }) origin_country?: string | null;
  @Field(() => Int, { nullable: true, description: "Weight in the store's unit (the demo uses grams)" }) weight?: number | null;
  @Field(() => JSONScalar, { nullable: true, description: 'Free key-value data (replaces the stored object)' }) metadata?: Metadata | null;
}

@InputType('CreateProductInput', { description: 'A new product with its options, variants and images' })
@ValidateWith(createProductSchema)
export class CreateProductInput extends UpdateProductInput {
  @Field({ description: "The product's name (required)" }) declare title: string;
  @Field(() => [ProductOptionInput], { nullable: true, description: 'The ways the product varies, with their values (at most 10)' }) options?:
    ProductOptionInput[] | null;
  @Field(() => [VariantInput], { nullable: true, description: 'The variants, each with its option values, prices and stock (at most 200)' }) variants?:
    VariantInput[] | null;
  @Field(() => [String], { nullable: true, description: 'Image URLs, in gallery order (at most 30)' }) images?: string[] | null;
}

export const variantListSchema = z.strictObject({
  ...pageSchema,
  id: idList.optional(),
  sku: idList.optional(),
  product_id: idList.optional(),
  region_id: z.string().max(100).optional(),
  country_code: countrySchema.optional(),
});

@ArgsType()
@ValidateWith(variantListSchema)
export class VariantListArgs extends PageArgs {
  @Field(() => [String], { nullable: true, description: 'Only these variant ids' }) id?: string[];
  @Field(() => [String], { nullable: true, description: 'Only variants with these SKUs' }) sku?: string[];
  @Field(() => [String], { nullable: true, description: 'Only variants of these products' }) product_id?: string[];
  @Field({ nullable: true, description: 'pricing context: calculated_price for this region' }) region_id?: string;
  @Field({ nullable: true, description: 'Pricing context when region_id is absent: the region that contains this country (ISO 3166-1 alpha-2)' })
  country_code?: string;
}
