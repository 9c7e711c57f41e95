import { Authorized, Directive, Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { FACADE_ROLE, JSONScalar, PaginatedList } from '@svc/kit';
import { CollectionType } from './collection.type';
import { CategoryType } from './category.type';

const S = { simpleResolvers: true };

@ObjectType('PriceRule', {
  ...S,
  description: "The price row a calculated price was taken from, with its quantity bounds (Medusa's calculated_price/original_price)",
})
class PriceRuleType {
  @Field(() => ID, { description: 'The id of the variant price row (price_…)' }) id!: string;
  @Field(() => String, { nullable: true, description: 'Always null: the store has no price lists yet' }) price_list_id!: string | null;
  @Field(() => String, { nullable: true, description: 'Always null: the store has no price lists yet' }) price_list_type!: string | null;
  @Field(() => Int, { nullable: true, description: 'The smallest quantity the price applies to; null: from one unit' }) min_quantity!: number | null;
  @Field(() => Int, { nullable: true, description: 'The largest quantity the price applies to; null: no upper bound' }) max_quantity!: number | null;
}

@ObjectType('RawAmount', { ...S, description: "Medusa's raw_<amount> twin of an amount: the exact decimal as a string and BigNumber's precision" })
// commerce's order and payment amounts carry the same twins
@Directive('@shareable')
class RawAmountType {
  @Field({ description: 'the amount as a decimal string (17.5 is "17.5")' }) value!: string;
  @Field(() => Int, { description: 'always 20' }) precision!: number;
}

@ObjectType('CalculatedPrice', { ...S, description: 'Medusa CalculatedPriceSet: the variant price for the requested region' })
class CalculatedPriceType {
  @Field(() => ID, { description: 'The id of the variant price row chosen (price_…)' }) id!: string;
  @Field({ description: 'Always false: no price lists yet, the calculated price is a variant price' }) is_calculated_price_price_list!: boolean;
  @Field({ description: 'Always false: prices are exclusive of tax' }) is_calculated_price_tax_inclusive!: boolean;
  @Field(() => Float, { description: 'The price to pay for one unit, in major units of currency_code (10.5 = ten and a half), before tax' })
  calculated_amount!: number;
  @Field(() => RawAmountType, { nullable: true, description: 'calculated_amount as an exact decimal string' }) raw_calculated_amount!: RawAmountType | null;
  @Field({ description: 'Always false: no price lists yet' }) is_original_price_price_list!: boolean;
  @Field({ description: 'Always false: prices are exclusive of tax' }) is_original_price_tax_inclusive!: boolean;
  @Field(() => Float, { description: 'The price before any price list, in major units; equal to calculated_amount until price lists exist' })
  original_amount!: number;
  @Field(() => RawAmountType, { nullable: true, description: 'original_amount as an exact decimal string' }) raw_original_amount!: RawAmountType | null;
  @Field({ description: "The region's currency, ISO 4217 lower case (eur)" }) currency_code!: string;
  @Field(() => Float, {
    description: 'calculated_amount including tax, in major units; equal to calculated_amount (tax is computed on the cart, by the shipping address)',
  })
  calculated_amount_with_tax!: number;
  @Field(() => Float, { description: 'calculated_amount excluding tax, in major units' }) calculated_amount_without_tax!: number;
  @Field(() => Float, { description: 'original_amount including tax, in major units; equal to original_amount (tax is computed on the cart)' })
  original_amount_with_tax!: number;
  @Field(() => Float, { description: 'original_amount excluding tax, in major units' }) original_amount_without_tax!: number;
  @Field(() => PriceRuleType, { description: 'The price row calculated_amount comes from' }) calculated_price!: PriceRuleType;
  @Field(() => PriceRuleType, { description: 'The price row original_amount comes from' }) original_price!: PriceRuleType;
}

@ObjectType('Price', { ...S, description: 'One price of a variant: an amount in a currency, optionally only in one region or for a quantity range' })
class PriceType {
  @Field(() => ID, { description: 'The price id (price_…)' }) id!: string;
  @Field({ description: 'ISO 4217 currency code, lower case (eur, usd)' }) currency_code!: string;
  @Field(() => Float, { description: 'major units (10.5 = ten and a half)' }) amount!: number;
  @Field(() => String, {
    nullable: true,
    description: 'The region this price is limited to; null: valid in every region with this currency (a region price wins over it)',
  })
  region_id!: string | null;
  @Field(() => Int, { nullable: true, description: 'The smallest quantity the price applies to; null: from one unit' }) min_quantity!: number | null;
  @Field(() => Int, { nullable: true, description: 'The largest quantity the price applies to; null: no upper bound' }) max_quantity!: number | null;
}

@ObjectType('ProductOptionRef', { ...S, description: 'The option a value belongs to (without its values)' })
class OptionRefType {
  @Field(() => ID, { description: 'The option id (opt_…)' }) id!: string;
  @Field({ description: "The option's name, e.g. Size or Color" }) title!: string;
  @Field({ description: 'always true: an option belongs to one product (Medusa: an option created with its product)' }) is_exclusive!: boolean;
  @Field(() => JSONScalar, { nullable: true, description: 'Free key-value data the store keeps on the option; null when none' }) metadata!: Record<
    string,
    unknown
  > | null;
  @Field({ description: 'When the option was created (ISO 8601, UTC)' }) created_at!: string;
  @Field({ description: 'When the option last changed (ISO 8601, UTC)' }) updated_at!: string;
  @Field(() => String, { nullable: true, description: 'always null: options are not soft-deleted' }) deleted_at!: null;
}

@ObjectType('ProductOptionValue', { ...S, description: 'One value of a product option (e.g. M for Size); a variant has one per option' })
class OptionValueType {
  @Field(() => ID, { description: 'The option value id (optval_…)' }) id!: string;
  @Field({ description: 'The value as shown to shoppers, e.g. M or Blue' }) value!: string;
  @Field(() => Int, { description: "Position among the option's values, from 0" }) rank!: number;
  @Field({ description: 'The option the value belongs to' }) option_id!: string;
  @Field(() => OptionRefType, { nullable: true, description: 'The option the value belongs to; null when the read does not include it' })
  option!: OptionRefType | null;
  @Field(() => JSONScalar, { nullable: true, description: 'Free key-value data the store keeps on the value; null when none' }) metadata!: Record<
    string,
    unknown
  > | null;
  @Field({ description: 'When the value was created (ISO 8601, UTC)' }) created_at!: string;
  @Field({ description: 'When the value last changed (ISO 8601, UTC)' }) updated_at!: string;
  @Field(() => String, { nullable: true, description: 'always null: option values are not soft-deleted' }) deleted_at!: null;
}

@ObjectType('ProductOption', { ...S, description: 'A way a product varies (Size, Color) with its possible values' })
class OptionType extends OptionRefType {
  @Field({ description: 'The product the option belongs to' }) product_id!: string;
  @Field(() => [OptionValueType], { description: "The option's values, by rank" }) values!: OptionValueType[];
}

@ObjectType('ProductImage', { ...S, description: 'An image of a product' })
class ImageType {
  @Field(() => ID, { description: 'The image id (img_…)' }) id!: string;
  @Field({ description: 'Absolute or site-relative URL of the image file' }) url!: string;
  @Field(() => Int, { description: "Position in the product's gallery, from 0" }) rank!: number;
  @Field(() => String, { nullable: true, description: 'What the image shows, for shoppers who cannot see it; null when not set' }) alt!: string | null;
  @Field({ description: 'The product the image belongs to' }) product_id!: string;
  @Field(() => JSONScalar, { nullable: true, description: 'Free key-value data the store keeps on the image; null when none' }) metadata!: Record<
    string,
    unknown
  > | null;
  @Field({ description: 'When the image was added (ISO 8601, UTC)' }) created_at!: string;
  @Field({ description: 'When the image last changed (ISO 8601, UTC)' }) updated_at!: string;
  @Field(() => String, { nullable: true, description: 'always null: images are not soft-deleted' }) deleted_at!: null;
}

/** A product tag or type: a value with Medusa's bookkeeping fields (the abstract base is never emitted itself). */
@ObjectType()
abstract class ValueType {
  @Field(() => ID, { description: 'The product type id (ptyp_…)' }) id!: string;
  @Field({ description: "The type's name" }) value!: string;
  @Field(() => String, { nullable: true, description: 'always null: only products have external ids here' }) external_id!: null;
  @Field(() => JSONScalar, { nullable: true, description: 'always null: tags and types have no metadata here' }) metadata!: null;
  @Field({ description: 'When the tag was created (ISO 8601, UTC)' }) created_at!: string;
  @Field({ description: 'When the tag last changed (ISO 8601, UTC)' }) updated_at!: string;
  @Field(() => String, { nullable: true, description: 'always null: tags and types are not soft-deleted' }) deleted_at!: null;
}

@ObjectType('ProductTag', { ...S, description: 'A tag of products (e.g. organic), for filtering and merchandising' })
class TagType extends ValueType {}

@ObjectType('ProductType', { ...S, description: 'The type of a product (e.g. Shirt), one per product, for filtering' })
class ProductTypeType extends ValueType {}

@ObjectType('ProductVariant', { ...S, description: 'A purchasable version of a product (one combination of option values) with its own SKU, prices and stock' })
@Directive('@key(fields: "id")')
class VariantType {
  @Field(() => ID, { description: 'The variant id (variant_…); what a cart line refers to' }) id!: string;
  @Field({ description: "The variant's name, e.g. M / Blue" }) title!: string;
  @Field(() => String, { nullable: true, description: 'Stock keeping unit, unique in the store; null when not set' }) sku!: string | null;
  @Field(() => String, { nullable: true, description: 'Barcode; null when not set' }) barcode!: string | null;
  @Field(() => String, { nullable: true, description: 'European Article Number; null when not set' }) ean!: string | null;
  @Field(() => String, { nullable: true, description: 'Universal Product Code; null when not set' }) upc!: string | null;
  @Field(() => String, { nullable: true, description: "URL of the variant's own thumbnail; null: use the product's" }) thumbnail!: string | null;
  @Field(() => [ImageType], { description: 'the product images that show this variant' }) images!: ImageType[];
  @Field({ description: 'Whether the variant can be ordered when out of stock' }) allow_backorder!: boolean;
  @Field({ description: 'Whether stock is tracked: false means always available' }) manage_inventory!: boolean;
  @Field(() => Int, { description: 'stocked minus reserved units' }) inventory_quantity!: number;
  @Field(() => String, { nullable: true, description: 'Harmonized System code for customs; null when not set' }) hs_code!: string | null;
  @Field(() => String, { nullable: true, description: 'Country of origin (ISO 3166-1 alpha-2) for customs; null when not set' }) origin_country!: string | null;
  @Field(() => String, { nullable: true, description: 'Manufacturer identification code for customs; null when not set' }) mid_code!: string | null;
  @Field(() => String, { nullable: true, description: 'Material, e.g. cotton; null when not set' }) material!: string | null;
  @Field(() => Int, { nullable: true, description: "Weight in the store's unit (the demo uses grams); null when not set" }) weight!: number | null;
  @Field(() => Int, { nullable: true, description: "Length in the store's unit of length (Medusa does not fix one); null when not set" }) length!:
    number | null;
  @Field(() => Int, { nullable: true, description: "Height in the store's unit of length (Medusa does not fix one); null when not set" }) height!:
    number | null;
  @Field(() => Int, { nullable: true, description: "Width in the store's unit of length (Medusa does not fix one); null when not set" }) width!: number | null;
  @Field(() => Int, { description: "Position among the product's variants, from 0" }) variant_rank!: number;
  @Field(() => [OptionValueType], { description: 'The option values that make this variant, one per product option' }) options!: OptionValueType[];
  @Field({ description: 'The product the variant belongs to' }) product_id!: string;
  @Field(() => CalculatedPriceType, { nullable: true, description: 'set when the query names a region' }) calculated_price?: CalculatedPriceType | null;
  @Field(() => [PriceType], { description: 'Every price of the variant (all currencies and regions)' }) prices!: PriceType[];
  @Field(() => JSONScalar, { nullable: true, description: 'Free key-value data the store keeps on the variant; null when none' }) metadata!: Record<
    string,
    unknown
  > | null;
  @Field({ description: 'When the variant was created (ISO 8601, UTC)' }) created_at!: string;
  @Field({ description: 'When the variant last changed (ISO 8601, UTC)' }) updated_at!: string;
  @Field(() => String, { nullable: true, description: 'When the variant was deleted (ISO 8601, UTC); null for a live variant' }) deleted_at!: string | null;
}

@ObjectType('ProductRating', { ...S, description: 'The approved reviews of a product, summed up' })
class RatingType {
  @Field(() => Float, { nullable: true, description: 'average rating (1 to 5, two decimals); null without approved reviews' }) average!: number | null;
  @Field(() => Int, { description: 'number of approved reviews' }) count!: number;
}

@ObjectType('Product', {
  ...S,
  description: 'A product of the store with its options, variants, images, categories and collection; storefront reads show published products only',
})
@Directive('@key(fields: "id")')
export class ProductType {
  @Field(() => ID, { description: 'The product id (prod_…)' }) id!: string;
  @Field({ description: "The product's name" }) title!: string;
  @Field({ description: 'URL-safe unique name of the product in the store (lower case, dashes), usable instead of the id' }) handle!: string;
  @Field(() => String, { nullable: true, description: 'A short line under the title; null when not set' }) subtitle!: string | null;
  @Field(() => String, { nullable: true, description: "The product's description (plain text); null when not set" }) description!: string | null;
  @Field({ description: 'Whether the product is a gift card' }) is_giftcard!: boolean;
  @Field({ description: 'draft, proposed, published, rejected or archived; storefront reads see published only' }) status!: string;
  @Field(() => String, { nullable: true, description: 'URL of the main image; null when the product has none' }) thumbnail!: string | null;
  @Field(() => Int, { nullable: true, description: "Width in the store's unit of length (Medusa does not fix one); null when not set" }) width!: number | null;
  @Field(() => Int, { nullable: true, description: "Weight in the store's unit (the demo uses grams); null when not set" }) weight!: number | null;
  @Field(() => Int, { nullable: true, description: "Length in the store's unit of length (Medusa does not fix one); null when not set" }) length!:
    number | null;
  @Field(() => Int, { nullable: true, description: "Height in the store's unit of length (Medusa does not fix one); null when not set" }) height!:
    number | null;
  @Field(() => String, { nullable: true, description: 'Country of origin (ISO 3166-1 alpha-2) for customs; null when not set' }) origin_country!: string | null;
  @Field(() => String, { nullable: true, description: 'Harmonized System code for customs; null when not set' }) hs_code!: string | null;
  @Field(() => String, { nullable: true, description: 'Manufacturer identification code for customs; null when not set' }) mid_code!: string | null;
  @Field(() => String, { nullable: true, description: 'Material, e.g. cotton; null when not set' }) material!: string | null;
  @Field(() => String, { nullable: true, description: 'The collection the product is in; null when none' }) collection_id!: string | null;
  @Field(() => String, { nullable: true, description: "The product type's id; null when the product has no type" }) type_id!: string | null;
  @Field({ description: 'Whether promotions may discount the product' }) discountable!: boolean;
  @Field(() => String, { nullable: true, description: "The product's id in an outside system it was imported from; null when none" }) external_id!:
    string | null;
  @Field(() => JSONScalar, { nullable: true, description: 'Free key-value data the store keeps on the product; null when none' }) metadata!: Record<
    string,
    unknown
  > | null;
  @Field({ description: 'When the product was created (ISO 8601, UTC)' }) created_at!: string;
  @Field({ description: 'When the product last changed (ISO 8601, UTC)' }) updated_at!: string;
  @Field(() => String, { nullable: true, description: 'When the product was deleted (ISO 8601, UTC); null for a live product' }) deleted_at!: string | null;
  @Field(() => CollectionType, { nullable: true, description: 'The collection the product is in; null when none' }) collection!: CollectionType | null;
  @Field(() => [CategoryType], { description: 'The categories the product is in' }) categories!: CategoryType[];
  @Field(() => ProductTypeType, { nullable: true, description: 'The product type; null when none' }) type!: ProductTypeType | null;
  @Field(() => [TagType], { description: "The product's tags" }) tags!: TagType[];
  @Field(() => [OptionType], { description: 'The ways the product varies (Size, Color) with their values' }) options!: OptionType[];
  @Field(() => [ImageType], { description: "The product's images, by rank" }) images!: ImageType[];
  @Field(() => RatingType, { description: 'average and count of its approved reviews' }) rating!: RatingType;
  @Field(() => [VariantType], { description: 'The purchasable variants, by variant_rank; priced (calculated_price) when the query names a region' })
  variants!: VariantType[];
  // internal: what the REST facade answers; GraphQL clients read the typed fields (issue 29)
  @Authorized(FACADE_ROLE, 'admin')
  @Field(() => JSONScalar, {
    simple: false,
    description:
      'The whole product as one Medusa v2 StoreProduct JSON document (variants priced for the queried region). Hot REST reads select this instead of ~600 typed fields per product (internal: the REST facade and admins only).',
  })
  document!: unknown;
}

@ObjectType('ProductList', { description: 'A page of products' })
export class ProductListType extends PaginatedList(ProductType) {}

/** A variant as /store/product-variants answers it: the variant with a summary of its product. */
@ObjectType('StoreVariantProduct', { ...S, description: "The product of a variant in the store's variant list: a summary" })
class StoreVariantProductType {
  @Field(() => ID, { description: 'The product id (prod_…)' }) id!: string;
  @Field({ description: 'The product title (translated with locale)' }) title!: string;
  @Field({ description: 'The product handle (its URL slug)' }) handle!: string;
  @Field(() => String, { nullable: true, description: 'The product subtitle' }) subtitle!: string | null;
  @Field(() => String, { nullable: true, description: 'The thumbnail URL' }) thumbnail!: string | null;
  @Field(() => String, { nullable: true, description: 'The collection it belongs to, if any' }) collection_id!: string | null;
  @Field({ description: 'Always published (the list shows published products only)' }) status!: string;
}

@ObjectType('StoreVariant', {
  ...S,
  description: "A variant as the store's variant list answers it (/store/product-variants): the variant and, in document, a summary of its product",
})
export class StoreVariantType extends VariantType {
  @Field(() => StoreVariantProductType, { description: 'A summary of its product' }) product!: StoreVariantProductType;
  @Authorized(FACADE_ROLE, 'admin')
  @Field(() => JSONScalar, {
    simple: false,
    description: 'the Medusa StoreProductVariant document, with `product` (id, title, handle, thumbnail …) (internal: the REST facade and admins only)',
  })
  document!: unknown;
}

@ObjectType('StoreVariantList', { description: 'A page of variants with their product summary' })
export class StoreVariantListType extends PaginatedList(StoreVariantType) {}
