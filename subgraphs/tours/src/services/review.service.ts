import { LockMode } from '@mikro-orm/core';
import { Errors, normalizePage, requireCustomer, requireTenant, type GraphClient, type Paginated, type RequestContext, type Store } from '@svc/kit';
import { Tour, TourReview, type ReviewStatus } from '../entities/tour.entity';
import { toursEvents } from '../events';
import type { AdminReviewListQuery, ReviewData, ReviewListQuery } from '../inputs/tour.input';
import { ToursReviewAuthorDocument } from '../ports/generated';
import type { TourService } from './tour.service';
import { reviewRowView, type ReviewView } from './views';

const ORDER: Record<string, string> = {
  created_at: 'created_at asc, id asc',
  '-created_at': 'created_at desc, id desc',
  rating: 'rating asc, created_at desc, id desc',
  '-rating': 'rating desc, created_at desc, id desc',
};

const ANONYMOUS_AUTHOR = 'Customer';

/** "Anna", "Kowalska" -> "Anna K."; never the email. */
function authorNameOf(first: string | null | undefined, last: string | null | undefined): string {
  const f = (first ?? '').trim().replace(/\s+/g, ' ').slice(0, 80);
  const l = (last ?? '').trim();
  if (!f) return ANONYMOUS_AUTHOR;
  return l ? `${f} ${[...l][0].toUpperCase()}.` : f;
}

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
 * Tour reviews, moderated like product reviews: a signed-in customer writes one per tour
 * (`pending`, 409 `duplicate` for a second); admins approve or reject; storefronts list the
 * approved ones, newest first unless `order` says otherwise, and the tour's rating counts them.
 */
export class TourReviewService {
  constructor(
    private readonly store: Store,
    private readonly tours: TourService,
    private readonly graph: () => GraphClient | undefined,
  ) {}

  private get table(): string {
    return this.store.table('tour_review');
  }

  async listApproved(ctx: RequestContext, tourId: string, a: ReviewListQuery): Promise<Paginated<ReviewView>> {
    const tenantId = requireTenant(ctx);
    const tour = await this.tours.published(ctx, tourId);
    const page = normalizePage(a, 20);
    const order = ORDER[a.order ?? '-created_at'];
    if (!order) throw Errors.invalidField('order', `order must be one of ${Object.keys(ORDER).join(', ')}`);
    const where = `tenant_id = ? and tour_id = ? and status = 'approved'`;
    const [rows, [c]] = await Promise.all([
      this.store.sql(null, `select * from ${this.table} where ${where} order by ${order} limit ? offset ?`, [tenantId, tour.id, page.limit, page.offset]),
      this.store.sql<{ n: number }>(null, `select count(*)::int as n from ${this.table} where ${where}`, [tenantId, tour.id]),
    ]);
    return { items: rows.map(reviewRowView), count: c.n, ...page };
  }

  async listForModeration(ctx: RequestContext, a: AdminReviewListQuery): Promise<Paginated<ReviewView>> {
    const page = normalizePage(a, 20);
    const where = ['tenant_id = ?'];
    const params: unknown[] = [requireTenant(ctx)];
    if (a.status) {
      where.push('status = ?');
      params.push(a.status);
    }
    if (a.tour_id) {
      where.push('tour_id = ?');
      params.push(a.tour_id);
    }
    const [rows, [c]] = await Promise.all([
      this.store.sql(
        null,
        `select * from ${this.table} where ${where.join(' and ')} order by (status = 'pending') desc, created_at desc, id desc limit ? offset ?`,
        [...params, page.limit, page.offset],
      ),
      this.store.sql<{ n: number }>(null, `select count(*)::int as n from ${this.table} where ${where.join(' and ')}`, params),
    ]);
    return { items: rows.map(reviewRowView), count: c.n, ...page };
  }

  async get(ctx: RequestContext, id: string): Promise<ReviewView> {
    const [row] = await this.store.sql(null, `select * from ${this.table} where tenant_id = ? and id = ?`, [requireTenant(ctx), id]);
    if (!row) throw Errors.notFound('Review', id);
    return reviewRowView(row);
  }

  async create(ctx: RequestContext, tourId: string, input: ReviewData): Promise<ReviewView> {
    const tenantId = requireTenant(ctx);
    const customerId = requireCustomer(ctx);
    const tour = await this.tours.published(ctx, tourId);
    const author = await this.authorName(ctx);
    const duplicate = () => Errors.conflict('duplicate', 'You have already reviewed this tour');
    const [existing] = await this.store.sql(null, `select 1 from ${this.table} where tenant_id = ? and tour_id = ? and customer_id = ?`, [
      tenantId,
      tour.id,
      customerId,
    ]);
    if (existing) throw duplicate();
    try {
      const id = await this.store.transaction(ctx, async (em, tx) => {
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
      return this.get(ctx, id);
    } catch (err) {
      if ((err as { code?: string }).code === '23505' || /unique/i.test((err as Error).name ?? '')) throw duplicate();
      throw err;
    }
  }

  async moderate(ctx: RequestContext, id: string, status: Exclude<ReviewStatus, 'pending'>): Promise<ReviewView> {
    await this.store.transaction(ctx, async (em, tx) => {
      const r = await em.findOne(TourReview, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!r) throw Errors.notFound('Review', id);
      if (r.status === status) return;
      r.status = status;
      r.moderatedAt = new Date();
      r.updatedAt = new Date();
      const tourId = (r.tour as unknown as { id: string }).id;
      toursEvents.emit(em, tx, status === 'approved' ? 'tour_review.approved' : 'tour_review.rejected', { id: r.id, tour_id: tourId, rating: r.rating });
    });
    return this.get(ctx, id);
  }

  private async authorName(ctx: RequestContext): Promise<string> {
    try {
      const graph = this.graph();
      if (!graph) return ANONYMOUS_AUTHOR;
      const r = await graph.execute(ctx, ToursReviewAuthorDocument);
      return authorNameOf(r.me?.first_name, r.me?.last_name);
    } catch (err) {
      ctx.log.warn({ err }, 'review author: customer profile unavailable, the review is signed anonymously');
      return ANONYMOUS_AUTHOR;
    }
  }

  /** Demo content: reviews by name only (no customer), by tour slug. */
  async seed(ctx: RequestContext, reviews: SeedReview[]): Promise<void> {
    const tenantId = requireTenant(ctx);
    await this.store.transaction(ctx, async (em) => {
      for (const r of reviews) {
        const tour = await em.findOne(Tour, { slug: r.slug });
        if (!tour) continue;
        const at = new Date(Date.now() - r.days_ago * 86_400_000);
        em.create(TourReview, {
          tenantId,
          tour,
          customerId: null,
          authorName: r.author_name,
          rating: r.rating,
          title: r.title,
          content: r.content,
          status: r.status,
          moderatedAt: r.status === 'pending' ? null : at,
          createdAt: at,
          updatedAt: at,
        } as never);
      }
    });
  }
}
