import { Authorized, Directive, Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { FACADE_ROLE, JSONScalar, PaginatedList } from '@svc/kit';
import { CollectionType } from './collection.type';
import { CategoryType } from './category.type';

const S = { simpleResolvers: true };

@ObjectType('PriceRule', S)
class PriceRuleType {
  @Field(() => ID) id!: string;
  @Field(() => String, { nullable: true }) price_list_id!: string | null;
  @Field(() => String, { nullable: true }) price_list_type!: string | null;
  @Field(() => Int, { nullable: true }) min_quantity!: number | null;
  @Field(() => Int, { nullable: true }) max_quantity!: number | null;
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
  @Field(() => ID) id!: string;
  @Field() is_calculated_price_price_list!: boolean;
  @Field() is_calculated_price_tax_inclusive!: boolean;
  @Field(() => Float) calculated_amount!: number;
  @Field(() => RawAmountType, { nullable: true }) raw_calculated_amount!: RawAmountType | null;
  @Field() is_original_price_price_list!: boolean;
  @Field() is_original_price_tax_inclusive!: boolean;
  @Field(() => Float) original_amount!: number;
  @Field(() => RawAmountType, { nullable: true }) raw_original_amount!: RawAmountType | null;
  @Field() currency_code!: string;
  @Field(() => Float) calculated_amount_with_tax!: number;
  @Field(() => Float) calculated_amount_without_tax!: number;
  @Field(() => Float) original_amount_with_tax!: number;
  @Field(() => Float) original_amount_without_tax!: number;
  @Field(() => PriceRuleType) calculated_price!: PriceRuleType;
  @Field(() => PriceRuleType) original_price!: PriceRuleType;
}

@ObjectType('Price', S)
class PriceType {
  @Field(() => ID) id!: string;
  @Field() currency_code!: string;
  @Field(() => Float, { description: 'major units (10.5 = ten and a half)' }) amount!: number;
  @Field(() => String, { nullable: true }) region_id!: string | null;
  @Field(() => Int, { nullable: true }) min_quantity!: number | null;
  @Field(() => Int, { nullable: true }) max_quantity!: number | null;
}

@ObjectType('ProductOptionRef', S)
class OptionRefType {
  @Field(() => ID) id!: string;
  @Field() title!: string;
  @Field({ description: 'always true: an option belongs to one product (Medusa: an option created with its product)' }) is_exclusive!: boolean;
  @Field(() => JSONScalar, { nullable: true }) metadata!: Record<string, unknown> | null;
  @Field() created_at!: string;
  @Field() updated_at!: string;
  @Field(() => String, { nullable: true, description: 'always null: options are not soft-deleted' }) deleted_at!: null;
}

@ObjectType('ProductOptionValue', S)
class OptionValueType {
  @Field(() => ID) id!: string;
  @Field() value!: string;
  @Field(() => Int) rank!: number;
  @Field() option_id!: string;
  @Field(() => OptionRefType, { nullable: true }) option!: OptionRefType | null;
  @Field(() => JSONScalar, { nullable: true }) metadata!: Record<string, unknown> | null;
  @Field() created_at!: string;
  @Field() updated_at!: string;
  @Field(() => String, { nullable: true, description: 'always null: option values are not soft-deleted' }) deleted_at!: null;
}

@ObjectType('ProductOption', S)
class OptionType extends OptionRefType {
  @Field() product_id!: string;
  @Field(() => [OptionValueType]) values!: OptionValueType[];
}

@ObjectType('ProductImage', S)
class ImageType {
  @Field(() => ID) id!: string;
  @Field() url!: string;
  @Field(() => Int) rank!: number;
  @Field() product_id!: string;
  @Field(() => JSONScalar, { nullable: true }) metadata!: Record<string, unknown> | null;
  @Field() created_at!: string;
  @Field() updated_at!: string;
  @Field(() => String, { nullable: true, description: 'always null: images are not soft-deleted' }) deleted_at!: null;
}

/** A product tag or type: a value with Medusa's bookkeeping fields (the abstract base is never emitted itself). */
@ObjectType()
abstract class ValueType {
  @Field(() => ID) id!: string;
  @Field() value!: string;
  @Field(() => String, { nullable: true, description: 'always null: only products have external ids here' }) external_id!: null;
  @Field(() => JSONScalar, { nullable: true, description: 'always null: tags and types have no metadata here' }) metadata!: null;
  @Field() created_at!: string;
  @Field() updated_at!: string;
  @Field(() => String, { nullable: true, description: 'always null: tags and types are not soft-deleted' }) deleted_at!: null;
}

@ObjectType('ProductTag', S)
class TagType extends ValueType {}

@ObjectType('ProductType', S)
class ProductTypeType extends ValueType {}

@ObjectType('ProductVariant', S)
@Directive('@key(fields: "id")')
class VariantType {
  @Field(() => ID) id!: string;
  @Field() title!: string;
  @Field(() => String, { nullable: true }) sku!: string | null;
  @Field(() => String, { nullable: true }) barcode!: string | null;
  @Field(() => String, { nullable: true }) ean!: string | null;
  @Field(() => String, { nullable: true }) upc!: string | null;
  @Field(() => String, { nullable: true }) thumbnail!: string | null;
  @Field(() => [ImageType], { description: 'the product images that show this variant' }) images!: ImageType[];
  @Field() allow_backorder!: boolean;
  @Field() manage_inventory!: boolean;
  @Field(() => Int, { description: 'stocked minus reserved units' }) inventory_quantity!: number;
  @Field(() => String, { nullable: true }) hs_code!: string | null;
  @Field(() => String, { nullable: true }) origin_country!: string | null;
  @Field(() => String, { nullable: true }) mid_code!: string | null;
  @Field(() => String, { nullable: true }) material!: string | null;
  @Field(() => Int, { nullable: true }) weight!: number | null;
  @Field(() => Int, { nullable: true }) length!: number | null;
  @Field(() => Int, { nullable: true }) height!: number | null;
  @Field(() => Int, { nullable: true }) width!: number | null;
  @Field(() => Int) variant_rank!: number;
  @Field(() => [OptionValueType]) options!: OptionValueType[];
  @Field() product_id!: string;
  @Field(() => CalculatedPriceType, { nullable: true, description: 'set when the query names a region' }) calculated_price?: CalculatedPriceType | null;
  @Field(() => [PriceType]) prices!: PriceType[];
  @Field(() => JSONScalar, { nullable: true }) metadata!: Record<string, unknown> | null;
  @Field() created_at!: string;
  @Field() updated_at!: string;
  @Field(() => String, { nullable: true }) deleted_at!: string | null;
}

@ObjectType('ProductRating', { ...S, description: 'The approved reviews of a product, summed up' })
class RatingType {
  @Field(() => Float, { nullable: true, description: 'average rating (1 to 5, two decimals); null without approved reviews' }) average!: number | null;
  @Field(() => Int, { description: 'number of approved reviews' }) count!: number;
}

@ObjectType('Product', S)
@Directive('@key(fields: "id")')
export class ProductType {
  @Field(() => ID) id!: string;
  @Field() title!: string;
  @Field() handle!: string;
  @Field(() => String, { nullable: true }) subtitle!: string | null;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field() is_giftcard!: boolean;
  @Field() status!: string;
  @Field(() => String, { nullable: true }) thumbnail!: string | null;
  @Field(() => Int, { nullable: true }) width!: number | null;
  @Field(() => Int, { nullable: true }) weight!: number | null;
  @Field(() => Int, { nullable: true }) length!: number | null;
  @Field(() => Int, { nullable: true }) height!: number | null;
  @Field(() => String, { nullable: true }) origin_country!: string | null;
  @Field(() => String, { nullable: true }) hs_code!: string | null;
  @Field(() => String, { nullable: true }) mid_code!: string | null;
  @Field(() => String, { nullable: true }) material!: string | null;
  @Field(() => String, { nullable: true }) collection_id!: string | null;
  @Field(() => String, { nullable: true }) type_id!: string | null;
  @Field() discountable!: boolean;
  @Field(() => String, { nullable: true }) external_id!: string | null;
  @Field(() => JSONScalar, { nullable: true }) metadata!: Record<string, unknown> | null;
  @Field() created_at!: string;
  @Field() updated_at!: string;
  @Field(() => String, { nullable: true }) deleted_at!: string | null;
  @Field(() => CollectionType, { nullable: true }) collection!: CollectionType | null;
  @Field(() => [CategoryType]) categories!: CategoryType[];
  @Field(() => ProductTypeType, { nullable: true }) type!: ProductTypeType | null;
  @Field(() => [TagType]) tags!: TagType[];
  @Field(() => [OptionType]) options!: OptionType[];
  @Field(() => [ImageType]) images!: ImageType[];
  @Field(() => RatingType, { description: 'average and count of its approved reviews' }) rating!: RatingType;
  @Field(() => [VariantType]) variants!: VariantType[];
  // internal: what the REST facade answers; GraphQL clients read the typed fields (issue 29)
  @Authorized(FACADE_ROLE, 'admin')
  @Field(() => JSONScalar, {
    simple: false,
    description:
      'The whole product as one Medusa v2 StoreProduct JSON document (variants priced for the queried region). Hot REST reads select this instead of ~600 typed fields per product (internal: the REST facade and admins only).',
  })
  document!: unknown;
}

@ObjectType('ProductList')
export class ProductListType extends PaginatedList(ProductType) {}

/** A variant as /store/product-variants answers it: the variant with a summary of its product. */
@ObjectType('StoreVariant', S)
export class StoreVariantType extends VariantType {
  @Authorized(FACADE_ROLE, 'admin')
  @Field(() => JSONScalar, {
    simple: false,
    description: 'the Medusa StoreProductVariant document, with `product` (id, title, handle, thumbnail …) (internal: the REST facade and admins only)',
  })
  document!: unknown;
}

@ObjectType('StoreVariantList')
export class StoreVariantListType extends PaginatedList(StoreVariantType) {}
