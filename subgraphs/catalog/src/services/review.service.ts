import {
  loaderFor,
  pgArray,
  requireTenant,
  ReviewModeration,
  seededReviewDates,
  type GraphClient,
  type Paginated,
  type RequestContext,
  type ReviewData,
  type ReviewListQuery,
  type ReviewStatus,
  type Row,
  type Store,
} from '@svc/kit';
import { ProductReview } from '../entities/review.entity';
import { Product } from '../entities/product.entity';
import { catalogEvents } from '../events';
import type { AdminReviewListQuery } from '../inputs/review.input';
import type { CatalogCache } from './catalog-cache';
import type { ProductService } from './product.service';
import { isoNN, type ReviewView } from './views';
import { CatalogReviewAuthorDocument } from '../ports/generated';

/**
 * Product reviews, moderated the kit's way (ReviewModeration). Customers write them (one per
 * product, created `pending`); admins approve or reject them; storefronts list the approved ones,
 * and the product document carries their rating (a trigger drops the cached document when an
 * approved review comes or goes).
 */
export class ReviewService {
  private readonly reviews: ReviewModeration<ReviewView, ProductReview>;

  constructor(
    private readonly store: Store,
    private readonly cache: CatalogCache,
    private readonly products: ProductService,
    private readonly graph: () => GraphClient,
  ) {
    this.reviews = new ReviewModeration({
      store,
      table: 'product_review',
      subjectColumn: 'product_id',
      subjectNoun: 'product',
      entity: ProductReview,
      subjectOf: (r) => (r.product as unknown as { id: string }).id,
      view: reviewRowView,
    });
  }

  /** Approved reviews of a published product of the tenant (404 otherwise), newest first by default. */
  async listApproved(ctx: RequestContext, productId: string, a: ReviewListQuery): Promise<Paginated<ReviewView>> {
    const product = await this.products.get(ctx, productId);
    return this.reviews.listApproved(ctx, product.id, a);
  }

  /** Admin: the tenant's reviews, pending first, then newest first; optionally one status or one product. */
  listForModeration(ctx: RequestContext, a: AdminReviewListQuery): Promise<Paginated<ReviewView>> {
    return this.reviews.listForModeration(ctx, { ...a, subjectId: a.product_id });
  }

  /** One review of the tenant, any status (admin); 404 for another tenant's. */
  get(ctx: RequestContext, id: string): Promise<ReviewView> {
    return this.reviews.get(ctx, id);
  }

  /** Federation reference (the tenant's only), batched per request. */
  byId(ctx: RequestContext, id: string): Promise<ReviewView | null> {
    return loaderFor<string, ReviewView>(ctx, 'catalog.review', async (ids) => {
      const rows = await this.store.sql(null, `select * from ${this.store.table('product_review')} where tenant_id = ? and id = any(?::text[])`, [
        requireTenant(ctx),
        pgArray(ids),
      ]);
      return new Map(rows.map((r) => [r.id as string, reviewRowView(r)]));
    }).load(id);
  }

  /**
   * The signed-in customer reviews a published product: `pending`, one per customer and product
   * (409 `duplicate`; the unique constraint decides concurrent posts), `review.created`.
   */
  async create(ctx: RequestContext, productId: string, input: ReviewData): Promise<ReviewView> {
    const product = await this.products.get(ctx, productId);
    const author = await this.reviews.authorName(ctx, async () => (await this.graph().execute(ctx, CatalogReviewAuthorDocument)).me);
    return this.reviews.create(ctx, product.id, (em, tx, { tenantId, customerId }) => {
      const r = em.create(ProductReview, {
        tenantId,
        product: em.getReference(Product, product.id),
        customerId,
        authorName: author,
        rating: input.rating,
        title: input.title ?? null,
        content: input.content,
        status: 'pending',
      } as never);
      catalogEvents.emit(em, tx, 'review.created', { id: r.id, product_id: product.id, customer_id: customerId, rating: input.rating });
      return r.id;
    });
  }

  /** Admin: approves (`review.approved`) or rejects (`review.rejected`) a review; the same decision again changes nothing. */
  async moderate(ctx: RequestContext, id: string, status: Exclude<ReviewStatus, 'pending'>): Promise<ReviewView> {
    const tenantId = requireTenant(ctx);
    const productId = await this.reviews.moderate(ctx, id, status, (em, tx, r, pid) =>
      catalogEvents.emit(em, tx, status === 'approved' ? 'review.approved' : 'review.rejected', { id: r.id, product_id: pid, rating: r.rating }),
    );
    // read-your-writes on this instance; the trigger's NOTIFY tells the others
    await this.store.afterCommit(ctx, () => this.cache.invalidate(`${tenantId}|doc|${productId}`));
    return this.get(ctx, id);
  }

  /** Demo content: reviews by name only (no customer), inserted as given, by product handle. */
  async seed(
    ctx: RequestContext,
    reviews: Array<{ handle: string; author_name: string; rating: number; title: string | null; content: string; status: ReviewStatus; days_ago: number }>,
  ): Promise<number> {
    const tenantId = requireTenant(ctx);
    const handles = [...new Set(reviews.map((r) => r.handle))];
    const rows = await this.store.sql<{ id: string; handle: string }>(
      null,
      `select id, handle from ${this.store.table('product')} where tenant_id = ? and handle = any(?::text[])`,
      [tenantId, pgArray(handles)],
    );
    const byHandle = new Map(rows.map((r) => [r.handle, r.id]));
    let n = 0;
    await this.store.transaction(ctx, async (em) => {
      for (const r of reviews) {
        const productId = byHandle.get(r.handle);
        if (!productId) continue;
        em.create(ProductReview, {
          tenantId,
          product: em.getReference(Product, productId),
          customerId: null,
          authorName: r.author_name,
          rating: r.rating,
          title: r.title,
          content: r.content,
          status: r.status,
          ...seededReviewDates(r.days_ago, r.status),
        } as never);
        n++;
      }
    });
    return n;
  }
}

function reviewRowView(r: Row): ReviewView {
  return {
    id: r.id,
    product_id: r.product_id,
    customer_id: r.customer_id,
    author_name: r.author_name,
    rating: Number(r.rating),
    title: r.title,
    content: r.content,
    status: r.status,
    created_at: isoNN(r.created_at),
    updated_at: isoNN(r.updated_at),
  };
}
