import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { ToursServices } from '../services';
import { ReviewListType, ReviewType } from '../types/tour.type';
import { AdminTourReviewListArgs, TourReviewInput, TourReviewListArgs } from '../inputs/tour.input';

@Resolver(() => ReviewType)
export class TourReviewResolver {
  constructor(private readonly s: ToursServices) {}

  @Query(() => ReviewListType, { description: 'Approved reviews of a published tour (slug or id), newest first unless order says otherwise' })
  tourReviews(@Ctx() ctx: RequestContext, @Arg('tour_id', { description: "The tour's slug or id" }) tourId: string, @Args() args: TourReviewListArgs) {
    return this.s.reviews.listApproved(ctx, tourId, args);
  }

  @Authorized('customer')
  @Mutation(() => ReviewType, { description: 'The signed-in customer reviews a published tour: pending until moderated; one per customer and tour' })
  createTourReview(
    @Ctx() ctx: RequestContext,
    @Arg('tour_id', { description: "The tour's slug or id" }) tourId: string,
    @Arg('input', { description: 'The rating, title and text' }) input: TourReviewInput,
  ) {
    return this.s.reviews.create(ctx, tourId, input);
  }

  @Authorized('admin')
  @Query(() => ReviewListType, { description: 'Admin: tour reviews to moderate, pending first, then newest first' })
  adminTourReviews(@Ctx() ctx: RequestContext, @Args() args: AdminTourReviewListArgs) {
    return this.s.reviews.listForModeration(ctx, args);
  }

  @Authorized('admin')
  @Mutation(() => ReviewType, { description: 'Admin: the review is listed and counts in the tour rating' })
  approveTourReview(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.reviews.moderate(ctx, id, 'approved');
  }

  @Authorized('admin')
  @Mutation(() => ReviewType, { description: 'Admin: the review is not listed and does not count' })
  rejectTourReview(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.reviews.moderate(ctx, id, 'rejected');
  }
}
