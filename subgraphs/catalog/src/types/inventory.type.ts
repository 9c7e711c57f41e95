import { Field, ID, Int, ObjectType } from 'type-graphql';
import { JSONScalar } from '@svc/kit';

const S = { simpleResolvers: true };

@ObjectType('VariantOptionValueSnapshot', S)
class VariantOptionValueSnapshotType {
  @Field() option!: string;
  @Field() value!: string;
}

/** What a cart snapshots of a variant into a line item (internal: for the commerce domain). */
@ObjectType('VariantSnapshot', S)
export class VariantSnapshotType {
  @Field(() => ID) id!: string;
  @Field() title!: string;
  @Field(() => String, { nullable: true }) sku!: string | null;
  @Field(() => String, { nullable: true }) barcode!: string | null;
  @Field() product_id!: string;
  @Field() product_title!: string;
  @Field() product_handle!: string;
  @Field(() => String, { nullable: true }) product_subtitle!: string | null;
  @Field(() => String, { nullable: true }) product_description!: string | null;
  @Field(() => String, { nullable: true }) product_type!: string | null;
  @Field(() => String, { nullable: true }) product_collection!: string | null;
  @Field() product_status!: string;
  @Field() is_giftcard!: boolean;
  @Field() discountable!: boolean;
  @Field(() => String, { nullable: true }) thumbnail!: string | null;
  @Field(() => [VariantOptionValueSnapshotType]) option_values!: VariantOptionValueSnapshotType[];
  @Field(() => String, { nullable: true, description: 'decimal string in major units; null when the variant has no price in the currency' })
  unit_price!: string | null;
  @Field() manage_inventory!: boolean;
  @Field() allow_backorder!: boolean;
  @Field(() => Int) available_quantity!: number;
  @Field(() => [String], { description: 'the sales channels its product is sold in' }) sales_channel_ids!: string[];
  @Field(() => JSONScalar, {
    description:
      "what a line item shows of its product and variant besides the columns above, as Medusa's line items do: product (status, flags, dimensions, metadata, type, collection, category and tag ids, timestamps) and variant (codes, dimensions, rank, metadata, timestamps)",
  })
  refs!: { product: Record<string, unknown>; variant: Record<string, unknown> };
}
