import { z } from 'zod';
import { ArgsType, Field, InputType, Int } from 'type-graphql';
import { PageArgs, REVIEW_ORDERS, REVIEW_STATUSES, ValidateWith, reviewListSchema, reviewModerationSchema, reviewSchema } from '@svc/kit';

/** Reviews of the tenant for moderation (admin): pending first, then newest first. */
export const adminReviewListSchema = reviewModerationSchema('product_id');
export type AdminReviewListQuery = z.infer<typeof adminReviewListSchema>;

@ArgsType()
@ValidateWith(reviewListSchema)
export class ReviewListArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'created_at, -created_at (default), rating or -rating' }) order?: (typeof REVIEW_ORDERS)[number];
}

@ArgsType()
@ValidateWith(adminReviewListSchema)
export class AdminReviewListArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'pending, approved or rejected; all when absent' }) status?: (typeof REVIEW_STATUSES)[number];
  @Field({ nullable: true, description: 'Only reviews of this product' }) product_id?: string;
}

@InputType('ProductReviewInput', { description: 'A review the signed-in customer writes' })
@ValidateWith(reviewSchema)
export class ReviewInput {
  @Field(() => Int, { description: '1 to 5' }) rating!: number;
  @Field(() => String, { nullable: true, description: 'A headline; optional' }) title?: string | null;
  @Field({ description: 'The review text (plain text)' }) content!: string;
}
