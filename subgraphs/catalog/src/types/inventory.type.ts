import { Field, ID, Int, ObjectType } from 'type-graphql';
import { JSONScalar } from '@svc/kit';

const S = { simpleResolvers: true };

@ObjectType('VariantOptionValueSnapshot', { ...S, description: 'An option value of a variant as a cart line keeps it' })
class VariantOptionValueSnapshotType {
  @Field({ description: "The option's name, e.g. Size" }) option!: string;
  @Field({ description: 'The value, e.g. M' }) value!: string;
}

/** What a cart snapshots of a variant into a line item (internal: for the commerce domain). */
@ObjectType('VariantSnapshot', { ...S, description: 'A variant as a cart line copies it: product details, price in one currency and availability' })
export class VariantSnapshotType {
  @Field(() => ID, { description: 'The variant id' }) id!: string;
  @Field({ description: "The variant's name" }) title!: string;
  @Field(() => String, { nullable: true, description: 'Stock keeping unit; null when not set' }) sku!: string | null;
  @Field(() => String, { nullable: true, description: 'Barcode; null when not set' }) barcode!: string | null;
  @Field({ description: 'The product id' }) product_id!: string;
  @Field({ description: "The product's name" }) product_title!: string;
  @Field({ description: "The product's handle" }) product_handle!: string;
  @Field(() => String, { nullable: true, description: "The product's subtitle; null when not set" }) product_subtitle!: string | null;
  @Field(() => String, { nullable: true, description: "The product's description; null when not set" }) product_description!: string | null;
  @Field(() => String, { nullable: true, description: "The product type's name; null when none" }) product_type!: string | null;
  @Field(() => String, { nullable: true, description: "The collection's title; null when none" }) product_collection!: string | null;
  @Field({ description: 'draft, proposed, published, rejected or archived' }) product_status!: string;
  @Field({ description: 'Whether the product is a gift card' }) is_giftcard!: boolean;
  @Field({ description: 'Whether promotions may discount it' }) discountable!: boolean;
  @Field(() => String, { nullable: true, description: "URL of the variant's or else the product's thumbnail; null when none" }) thumbnail!: string | null;
  @Field(() => [VariantOptionValueSnapshotType], { description: "The variant's option values" }) option_values!: VariantOptionValueSnapshotType[];
  @Field(() => String, { nullable: true, description: 'decimal string in major units; null when the variant has no price in the currency' })
  unit_price!: string | null;
  @Field({ description: 'Whether stock is tracked' }) manage_inventory!: boolean;
  @Field({ description: 'Whether it can be ordered when out of stock' }) allow_backorder!: boolean;
  @Field(() => Int, { description: 'Units in stock minus units reserved' }) available_quantity!: number;
  @Field(() => [String], { description: 'the sales channels its product is sold in' }) sales_channel_ids!: string[];
  @Field(() => JSONScalar, {
    description:
      "what a line item shows of its product and variant besides the columns above, as Medusa's line items do: product (status, flags, dimensions, metadata, type, collection, category and tag ids, timestamps) and variant (codes, dimensions, rank, metadata, timestamps)",
  })
  refs!: { product: Record<string, unknown>; variant: Record<string, unknown> };
}
