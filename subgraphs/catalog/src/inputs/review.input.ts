import { z } from 'zod';
import { ArgsType, Field, InputType, Int } from 'type-graphql';
import { PageArgs, ValidateWith, pageSchema, plainText } from '@svc/kit';

export const REVIEW_ORDERS = ['created_at', '-created_at', 'rating', '-rating'] as const;
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** A product's approved reviews (store): paging and one of four sort keys, newest first by default. */
export const reviewListSchema = z.strictObject({
  ...pageSchema,
  order: z.enum(REVIEW_ORDERS, { message: `order must be one of ${REVIEW_ORDERS.join(', ')}` }).optional(),
});
export type ReviewListQuery = z.infer<typeof reviewListSchema>;

/** Reviews of the tenant for moderation (admin): pending first, then newest first. */
export const adminReviewListSchema = z.strictObject({
  ...pageSchema,
  status: z.enum(REVIEW_STATUSES, { message: `status must be one of ${REVIEW_STATUSES.join(', ')}` }).optional(),
  product_id: z.string().min(1).max(200).optional(),
});
export type AdminReviewListQuery = z.infer<typeof adminReviewListSchema>;

/** trimmed text that must not be empty: at least one character that is not white space */
const NOT_BLANK = '\\S';

/** What a customer writes (plain text, like every title and description). The product comes from the path, the author from the token. */
export const reviewSchema = z.strictObject({
  rating: z.number().int('rating must be a whole number from 1 to 5').min(1, 'rating must be at least 1').max(5, 'rating must be at most 5'),
  title: plainText(z.string().trim().min(1, 'title must not be empty').max(200, 'title is at most 200 characters'), 'title')
    .meta({ pattern: NOT_BLANK })
    .nullish(),
  content: plainText(z.string().trim().min(1, 'content must not be empty').max(5000, 'content is at most 5,000 characters'), 'content').meta({
    pattern: NOT_BLANK,
  }),
});
export type ReviewData = z.infer<typeof reviewSchema>;

@ArgsType()
@ValidateWith(reviewListSchema)
export class ReviewListArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'created_at, -created_at (default), rating or -rating' }) order?: (typeof REVIEW_ORDERS)[number];
}

@ArgsType()
@ValidateWith(adminReviewListSchema)
export class AdminReviewListArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'pending, approved or rejected; all when absent' }) status?: (typeof REVIEW_STATUSES)[number];
  @Field({ nullable: true }) product_id?: string;
}

@InputType('ProductReviewInput')
@ValidateWith(reviewSchema)
export class ReviewInput {
  @Field(() => Int, { description: '1 to 5' }) rating!: number;
  @Field(() => String, { nullable: true }) title?: string | null;
  @Field() content!: string;
}
