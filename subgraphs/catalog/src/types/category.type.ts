import { Directive, Field, ID, Int, ObjectType } from 'type-graphql';
import { JSONScalar, PaginatedList } from '@svc/kit';

const S = { simpleResolvers: true };

@ObjectType('ProductCategory', S)
@Directive('@key(fields: "id")')
export class CategoryType {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field() description!: string;
  @Field() handle!: string;
  @Field(() => Int) rank!: number;
  @Field(() => String, { nullable: true, description: 'always null: only products have external ids here' }) external_id!: null;
  @Field({ description: "internal categories are not listed by the store's category reads" }) is_internal!: boolean;
  @Field(() => String, { nullable: true }) parent_category_id!: string | null;
  @Field(() => CategoryType, { nullable: true }) parent_category?: CategoryType | null;
  @Field(() => [CategoryType], { nullable: true }) category_children?: CategoryType[];
  @Field(() => JSONScalar, { nullable: true }) metadata!: Record<string, unknown> | null;
  @Field() created_at!: string;
  @Field() updated_at!: string;
  @Field(() => String, { nullable: true }) deleted_at!: string | null;
}

@ObjectType('ProductCategoryList')
export class CategoryListType extends PaginatedList(CategoryType) {}
