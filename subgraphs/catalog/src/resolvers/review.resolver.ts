import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { CatalogServices } from '../services';
import { ReviewListType, ReviewType } from '../types/review.type';
import { AdminReviewListArgs, ReviewInput, ReviewListArgs } from '../inputs/review.input';

@Resolver(() => ReviewType)
export class ReviewResolver {
  constructor(private readonly s: CatalogServices) {}

  @Query(() => ReviewListType, { description: 'Approved reviews of a published product (id or handle), newest first unless order says otherwise' })
  productReviews(
    @Ctx() ctx: RequestContext,
    @Arg('product_id', { description: "The product's id or handle" }) productId: string,
    @Args() args: ReviewListArgs,
  ) {
    return this.s.reviews.listApproved(ctx, productId, args);
  }

  @Authorized('customer')
  @Mutation(() => ReviewType, { description: 'The signed-in customer reviews a published product: pending until moderated; one per customer and product' })
  createProductReview(
    @Ctx() ctx: RequestContext,
    @Arg('product_id', { description: "The product's id or handle (a published product of the store)" }) productId: string,
    @Arg('input', { description: 'The rating and text' }) input: ReviewInput,
  ) {
    return this.s.reviews.create(ctx, productId, input);
  }

  @Authorized('admin')
  @Query(() => ReviewListType, { description: 'Admin: reviews to moderate, pending first, then newest first' })
  adminProductReviews(@Ctx() ctx: RequestContext, @Args() args: AdminReviewListArgs) {
    return this.s.reviews.listForModeration(ctx, args);
  }

  @Authorized('admin')
  @Mutation(() => ReviewType, { description: 'Admin: the review is listed and counts in the product rating (review.approved)' })
  approveProductReview(@Ctx() ctx: RequestContext, @Arg('id', { description: 'The review id' }) id: string) {
    return this.s.reviews.moderate(ctx, id, 'approved');
  }

  @Authorized('admin')
  @Mutation(() => ReviewType, { description: 'Admin: the review is not listed and does not count (review.rejected)' })
  rejectProductReview(@Ctx() ctx: RequestContext, @Arg('id', { description: 'The review id' }) id: string) {
    return this.s.reviews.moderate(ctx, id, 'rejected');
  }
}
