import { Directive, Field, ID, ObjectType } from 'type-graphql';
import { JSONScalar, PaginatedList } from '@svc/kit';

const S = { simpleResolvers: true };

@ObjectType('ProductCollection', { ...S, description: 'A curated group of products (e.g. Summer 2026); a product is in at most one' })
@Directive('@key(fields: "id")')
export class CollectionType {
  @Field(() => ID, { description: 'The collection id (pcol_…)' }) id!: string;
  @Field({ description: "The collection's name" }) title!: string;
  @Field({ description: 'URL-safe unique name of the collection in the store, usable instead of the id' }) handle!: string;
  @Field(() => String, { nullable: true, description: 'always null: only products have external ids here' }) external_id!: null;
  @Field(() => JSONScalar, { nullable: true, description: 'Free key-value data the store keeps on the collection; null when none' }) metadata!: Record<
    string,
    unknown
  > | null;
  @Field({ description: 'When the collection was created (ISO 8601, UTC)' }) created_at!: string;
  @Field({ description: 'When the collection last changed (ISO 8601, UTC)' }) updated_at!: string;
  @Field(() => String, { nullable: true, description: 'When the collection was deleted (ISO 8601, UTC); null for a live collection' }) deleted_at!:
    string | null;
}

@ObjectType('ProductCollectionList', { description: 'A page of product collections' })
export class CollectionListType extends PaginatedList(CollectionType) {}

@ObjectType('ProductCollectionDeletion', { description: 'The answer to deleting a product collection' })
export class CollectionDeletionType {
  @Field(() => ID, { description: 'The id of the deleted collection' }) id!: string;
  @Field({ description: 'Always collection' }) object!: string;
  @Field({ description: 'Always true' }) deleted!: boolean;
}
