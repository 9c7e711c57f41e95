import { Directive, Field, ID, ObjectType } from 'type-graphql';
import { JSONScalar } from '@svc/kit';
import type { MetafieldView, StoreMetafield } from '../services/views';

const S = { simpleResolvers: true };

@ObjectType('Metafield', { ...S, description: 'A typed custom value the store keeps on a resource (namespace + key), optionally visible to storefronts' })
@Directive('@key(fields: "id")')
export class MetafieldType implements MetafieldView {
  @Field(() => ID, { description: 'The metafield id (mf_…)' }) id!: string;
  @Field({ description: 'product, order, customer or a custom type (lower-case identifier)' }) resource_type!: string;
  @Field({ description: 'The id of the resource it belongs to' }) resource_id!: string;
  @Field({ description: 'Groups keys, e.g. specs' }) namespace!: string;
  @Field({ description: 'The name within the namespace, e.g. fabric' }) key!: string;
  @Field({ description: 'string, integer, decimal, boolean, json, date, url or reference: what value holds' }) type!: string;
  @Field(() => JSONScalar, { description: 'JSON of the type (a decimal is a string of its digits)' }) value!: unknown;
  @Field({ description: 'Whether storefronts see it (storeMetafields)' }) storefront_visible!: boolean;
  @Field({ description: 'When the metafield was created (ISO 8601, UTC)' }) created_at!: string;
  @Field({ description: 'When the value last changed (ISO 8601, UTC)' }) updated_at!: string;
}

/** What a storefront sees of a visible metafield. */
@ObjectType('StoreMetafield', { ...S, description: 'What a storefront sees of a visible metafield' })
export class StoreMetafieldType implements StoreMetafield {
  @Field({ description: 'Groups keys, e.g. specs' }) namespace!: string;
  @Field({ description: 'The name within the namespace, e.g. fabric' }) key!: string;
  @Field({ description: 'string, integer, decimal, boolean, json, date, url or reference: what value holds' }) type!: string;
  @Field(() => JSONScalar, { description: 'The value as JSON of its type (a decimal is a string of its digits, a date YYYY-MM-DD)' }) value!: unknown;
}
