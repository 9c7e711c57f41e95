import { Directive, Field, ID, Int, ObjectType } from 'type-graphql';
import { JSONScalar, PaginatedList } from '@svc/kit';

const S = { simpleResolvers: true };

@ObjectType('ProductCategory', { ...S, description: "A category of products in the store's category tree (nested, ordered by rank)" })
@Directive('@key(fields: "id")')
export class CategoryType {
  @Field(() => ID, { description: 'The category id (pcat_…)' }) id!: string;
  @Field({ description: "The category's name" }) name!: string;
  @Field({ description: "The category's description; empty when not set" }) description!: string;
  @Field({ description: 'URL-safe unique name of the category in the store, usable instead of the id' }) handle!: string;
  @Field(() => Int, { description: 'Position among its siblings, from 0' }) rank!: number;
  @Field(() => String, { nullable: true, description: 'always null: only products have external ids here' }) external_id!: null;
  @Field({ description: "internal categories are not listed by the store's category reads" }) is_internal!: boolean;
  @Field(() => String, { nullable: true, description: 'The parent category; null for a top-level category' }) parent_category_id!: string | null;
  @Field(() => CategoryType, { nullable: true, description: 'The parent category; null for a top-level category' }) parent_category?: CategoryType | null;
  @Field(() => [CategoryType], { nullable: true, description: 'The direct subcategories (all descendants, nested, with include_descendants_tree)' })
  category_children?: CategoryType[];
  @Field(() => JSONScalar, { nullable: true, description: 'Free key-value data the store keeps on the category; null when none' }) metadata!: Record<
    string,
    unknown
  > | null;
  @Field({ description: 'When the category was created (ISO 8601, UTC)' }) created_at!: string;
  @Field({ description: 'When the category last changed (ISO 8601, UTC)' }) updated_at!: string;
  @Field(() => String, { nullable: true, description: 'When the category was deleted (ISO 8601, UTC); null for a live category' }) deleted_at!: string | null;
}

@ObjectType('ProductCategoryList', { description: 'A page of product categories' })
export class CategoryListType extends PaginatedList(CategoryType) {}

@ObjectType('ProductCategoryDeletion', { description: 'The answer to deleting a product category' })
export class CategoryDeletionType {
  @Field(() => ID, { description: 'The id of the deleted category' }) id!: string;
  @Field({ description: 'Always product_category' }) object!: string;
  @Field({ description: 'Always true' }) deleted!: boolean;
}
