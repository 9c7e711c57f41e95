import { Directive, Field, ID, Int, ObjectType } from 'type-graphql';
import { PaginatedList } from '@svc/kit';

const S = { simpleResolvers: true };

@ObjectType('ProductReview', { ...S, description: 'A review of a product; storefronts see approved ones only' })
@Directive('@key(fields: "id")')
export class ReviewType {
  @Field(() => ID) id!: string;
  @Field() product_id!: string;
  @Field(() => String, { nullable: true, description: 'the reviewing customer (null for reviews the store imported or seeded)' }) customer_id!: string | null;
  @Field({ description: "what a storefront shows of the author: first name and last initial ('Anna K.')" }) author_name!: string;
  @Field(() => Int) rating!: number;
  @Field(() => String, { nullable: true }) title!: string | null;
  @Field() content!: string;
  @Field({ description: 'pending, approved or rejected' }) status!: string;
  @Field() created_at!: string;
  @Field() updated_at!: string;
}

@ObjectType('ProductReviewList')
export class ReviewListType extends PaginatedList(ReviewType) {}
