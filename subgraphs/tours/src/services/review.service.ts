import {
  requireTenant,
  ReviewModeration,
  seededReviewDates,
  type GraphClient,
  type Paginated,
  type RequestContext,
  type ReviewData,
  type ReviewListQuery,
  type ReviewStatus,
  type Store,
} from '@svc/kit';
import { Tour, TourReview } from '../entities/tour.entity';
import { toursEvents } from '../events';
import type { AdminReviewListQuery } from '../inputs/tour.input';
import { ToursReviewAuthorDocument } from '../ports/generated';
import type { TourService } from './tour.service';
import { reviewRowView, type ReviewView } from './views';

export interface SeedReview {
  slug: string;
  author_name: string;
  rating: number;
  title: string | null;
  content: string;
  status: ReviewStatus;
  days_ago: number;
}

/**
 * Tour reviews, moderated like product reviews (the kit's ReviewModeration): a signed-in customer
 * writes one per tour (`pending`, 409 `duplicate` for a second); admins approve or reject; storefronts
 * list the approved ones, newest first unless `order` says otherwise, and the tour's rating counts them.
 */
export class TourReviewService {
  private readonly reviews: ReviewModeration<ReviewView, TourReview>;

  constructor(
    private readonly store: Store,
    private readonly tours: TourService,
    private readonly graph: () => GraphClient | undefined,
  ) {
    this.reviews = new ReviewModeration({
      store,
      table: 'tour_review',
      subjectColumn: 'tour_id',
      subjectNoun: 'tour',
      entity: TourReview,
      subjectOf: (r) => (r.tour as unknown as { id: string }).id,
      view: reviewRowView,
    });
  }

  async listApproved(ctx: RequestContext, tourId: string, a: ReviewListQuery): Promise<Paginated<ReviewView>> {
    const tour = await this.tours.published(ctx, tourId);
    return this.reviews.listApproved(ctx, tour.id, a);
  }

  listForModeration(ctx: RequestContext, a: AdminReviewListQuery): Promise<Paginated<ReviewView>> {
    return this.reviews.listForModeration(ctx, { ...a, subjectId: a.tour_id });
  }

  get(ctx: RequestContext, id: string): Promise<ReviewView> {
    return this.reviews.get(ctx, id);
  }

  async create(ctx: RequestContext, tourId: string, input: ReviewData): Promise<ReviewView> {
    const tour = await this.tours.published(ctx, tourId);
    const author = await this.reviews.authorName(ctx, async () => {
      const graph = this.graph();
      return graph ? (await graph.execute(ctx, ToursReviewAuthorDocument)).me : null;
    });
    return this.reviews.create(ctx, tour.id, (em, tx, { tenantId, customerId }) => {
      const r = em.create(TourReview, {
        tenantId,
        tour: em.getReference(Tour, tour.id),
        customerId,
        authorName: author,
        rating: input.rating,
        title: input.title ?? null,
        content: input.content,
        status: 'pending',
      } as never);
      toursEvents.emit(em, tx, 'tour_review.created', { id: r.id, tour_id: tour.id, customer_id: customerId, rating: input.rating });
      return r.id;
    });
  }

  async moderate(ctx: RequestContext, id: string, status: Exclude<ReviewStatus, 'pending'>): Promise<ReviewView> {
    await this.reviews.moderate(ctx, id, status, (em, tx, r, tourId) =>
      toursEvents.emit(em, tx, status === 'approved' ? 'tour_review.approved' : 'tour_review.rejected', { id: r.id, tour_id: tourId, rating: r.rating }),
    );
    return this.get(ctx, id);
  }

  /** Demo content: reviews by name only (no customer), by tour slug. */
  async seed(ctx: RequestContext, reviews: SeedReview[]): Promise<void> {
    const tenantId = requireTenant(ctx);
    await this.store.transaction(ctx, async (em) => {
      for (const r of reviews) {
        const tour = await em.findOne(Tour, { slug: r.slug });
        if (!tour) continue;
        em.create(TourReview, {
          tenantId,
          tour,
          customerId: null,
          authorName: r.author_name,
          rating: r.rating,
          title: r.title,
          content: r.content,
          status: r.status,
          ...seededReviewDates(r.days_ago, r.status),
        } as never);
      }
    });
  }
}
