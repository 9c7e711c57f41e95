import { Directive, Field, ID, ObjectType } from 'type-graphql';
import { JSONScalar } from '@svc/kit';
import type { MetafieldView, StoreMetafield } from '../services/views';

const S = { simpleResolvers: true };

@ObjectType('Metafield', S)
@Directive('@key(fields: "id")')
export class MetafieldType implements MetafieldView {
  @Field(() => ID) id!: string;
  @Field() resource_type!: string;
  @Field() resource_id!: string;
  @Field() namespace!: string;
  @Field() key!: string;
  @Field() type!: string;
  @Field(() => JSONScalar, { description: 'JSON of the type (a decimal is a string of its digits)' }) value!: unknown;
  @Field() storefront_visible!: boolean;
  @Field() created_at!: string;
  @Field() updated_at!: string;
}

/** What a storefront sees of a visible metafield. */
@ObjectType('StoreMetafield', S)
export class StoreMetafieldType implements StoreMetafield {
  @Field() namespace!: string;
  @Field() key!: string;
  @Field() type!: string;
  @Field(() => JSONScalar) value!: unknown;
}
