import { Directive, Field, ID, ObjectType } from 'type-graphql';
import { JSONScalar } from '@svc/kit';
import type { MetafieldDefinitionView, MetafieldView, StoreMetafield } from '../services/views';

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

@ObjectType('MetafieldDefinition', { ...S, description: 'A metafield the store declared for every resource of a type: its values must have its type' })
export class MetafieldDefinitionType implements MetafieldDefinitionView {
  @Field(() => ID, { description: 'The definition id (mfd_…)' }) id!: string;
  @Field({ description: 'The resource type it applies to (product, collection, category, page, blog_post, store, …)' }) resource_type!: string;
  @Field({ description: 'Groups keys, e.g. care' }) namespace!: string;
  @Field({ description: 'The name within the namespace, e.g. wash_temperature' }) key!: string;
  @Field({ description: 'string, integer, decimal, boolean, json, date, url or reference: what every value holds' }) type!: string;
  @Field({ description: 'What admins see' }) name!: string;
  @Field(() => String, { nullable: true, description: 'A longer explanation for admins' }) description!: string | null;
  @Field({ description: 'Whether new values are storefront-visible unless setMetafield says otherwise' }) storefront_visible!: boolean;
  @Field({ description: 'How many metafields of the store use it' }) metafield_count!: number;
  @Field({ description: 'When the definition was created (ISO 8601, UTC)' }) created_at!: string;
  @Field({ description: 'When it last changed (ISO 8601, UTC)' }) updated_at!: string;
}
