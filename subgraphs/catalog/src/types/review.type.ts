import { Directive, Field, ID, Int, ObjectType } from 'type-graphql';
import { PaginatedList } from '@svc/kit';

const S = { simpleResolvers: true };

@ObjectType('ProductReview', { ...S, description: 'A review of a product; storefronts see approved ones only' })
@Directive('@key(fields: "id")')
export class ReviewType {
  @Field(() => ID, { description: 'The review id (prev_…)' }) id!: string;
  @Field({ description: 'The reviewed product' }) product_id!: string;
  @Field(() => String, { nullable: true, description: 'the reviewing customer (null for reviews the store imported or seeded)' }) customer_id!: string | null;
  @Field({ description: "what a storefront shows of the author: first name and last initial ('Anna K.')" }) author_name!: string;
  @Field(() => Int, { description: 'Stars, 1 to 5' }) rating!: number;
  @Field(() => String, { nullable: true, description: 'A headline; null when the author gave none' }) title!: string | null;
  @Field({ description: 'The review text (plain text)' }) content!: string;
  @Field({ description: 'pending, approved or rejected' }) status!: string;
  @Field({ description: 'When the review was written (ISO 8601, UTC)' }) created_at!: string;
  @Field({ description: 'When the review last changed, e.g. was moderated (ISO 8601, UTC)' }) updated_at!: string;
}

@ObjectType('ProductReviewList', { description: 'A page of product reviews' })
export class ReviewListType extends PaginatedList(ReviewType) {}
