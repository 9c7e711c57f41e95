import { LockMode } from '@mikro-orm/core';
import {
  Errors,
  loaderFor,
  normalizePage,
  pgArray,
  requireCustomer,
  requireTenant,
  type GraphClient,
  type Paginated,
  type RequestContext,
  type Row,
  type Store,
} from '@svc/kit';
import { ProductReview, type ReviewStatus } from '../entities/review.entity';
import { Product } from '../entities/product.entity';
import { catalogEvents } from '../events';
import type { AdminReviewListQuery, ReviewData, ReviewListQuery } from '../inputs/review.input';
import type { CatalogCache } from './catalog-cache';
import type { ProductService } from './product.service';
import { isoNN, type ReviewView } from './views';
import { CatalogReviewAuthorDocument } from '../ports/generated';

const ORDER: Record<string, string> = {
  created_at: 'created_at asc, id asc',
  '-created_at': 'created_at desc, id desc',
  rating: 'rating asc, created_at desc, id desc',
  '-rating': 'rating desc, created_at desc, id desc',
};

/** Shown when the customer's profile has no first name (registration asks only for email and password). */
const ANONYMOUS_AUTHOR = 'Customer';

/** "Anna", "Kowalska" -> "Anna K."; never the email. */
function authorNameOf(first: string | null | undefined, last: string | null | undefined): string {
  const f = (first ?? '').trim().replace(/\s+/g, ' ').slice(0, 80);
  const l = (last ?? '').trim();
  if (!f) return ANONYMOUS_AUTHOR;
  return l ? `${f} ${[...l][0].toUpperCase()}.` : f;
}

/**
 * Product reviews. Customers write them (one per product, created `pending`); admins approve or
 * reject them; storefronts list the approved ones, and the product document carries their rating
 * (a trigger drops the cached document when an approved review comes or goes).
 */
export class ReviewService {
  constructor(
    private readonly store: Store,
    private readonly cache: CatalogCache,
    private readonly products: ProductService,
    private readonly graph: () => GraphClient,
  ) {}

  /** Approved reviews of a published product of the tenant (404 otherwise), newest first by default. */
  async listApproved(ctx: RequestContext, productId: string, a: ReviewListQuery): Promise<Paginated<ReviewView>> {
    const tenantId = requireTenant(ctx);
    const product = await this.products.get(ctx, productId);
    const page = normalizePage(a, 20);
    const order = ORDER[a.order ?? '-created_at'];
    if (!order) throw Errors.invalidField('order', `order must be one of ${Object.keys(ORDER).join(', ')}`);
    const t = this.store.table('product_review');
    const where = `tenant_id = ? and product_id = ? and status = 'approved'`;
    const [rows, [c]] = await Promise.all([
      this.store.sql(null, `select * from ${t} where ${where} order by ${order} limit ? offset ?`, [tenantId, product.id, page.limit, page.offset]),
      this.store.sql<{ n: number }>(null, `select count(*)::int as n from ${t} where ${where}`, [tenantId, product.id]),
    ]);
    return { items: rows.map(reviewRowView), count: c.n, ...page };
  }

  /** Admin: the tenant's reviews, pending first, then newest first; optionally one status or one product. */
  async listForModeration(ctx: RequestContext, a: AdminReviewListQuery): Promise<Paginated<ReviewView>> {
    const tenantId = requireTenant(ctx);
    const page = normalizePage(a, 20);
    const where = ['tenant_id = ?'];
    const params: unknown[] = [tenantId];
    if (a.status) {
      where.push('status = ?');
      params.push(a.status);
    }
    if (a.product_id) {
      where.push('product_id = ?');
      params.push(a.product_id);
    }
    const t = this.store.table('product_review');
    const [rows, [c]] = await Promise.all([
      this.store.sql(null, `select * from ${t} where ${where.join(' and ')} order by (status = 'pending') desc, created_at desc, id desc limit ? offset ?`, [
        ...params,
        page.limit,
        page.offset,
      ]),
      this.store.sql<{ n: number }>(null, `select count(*)::int as n from ${t} where ${where.join(' and ')}`, params),
    ]);
    return { items: rows.map(reviewRowView), count: c.n, ...page };
  }

  /** One review of the tenant, any status (admin); 404 for another tenant's. */
  async get(ctx: RequestContext, id: string): Promise<ReviewView> {
    const [row] = await this.store.sql(ctx, `select * from ${this.store.table('product_review')} where tenant_id = ? and id = ?`, [requireTenant(ctx), id]);
    if (!row) throw Errors.notFound('Review', id);
    return reviewRowView(row);
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
    const tenantId = requireTenant(ctx);
    const customerId = requireCustomer(ctx);
    const product = await this.products.get(ctx, productId);
    const author = await this.authorName(ctx);
    const duplicate = () => Errors.conflict('duplicate', 'You have already reviewed this product');
    const [existing] = await this.store.sql(
      null,
      `select 1 from ${this.store.table('product_review')} where tenant_id = ? and product_id = ? and customer_id = ?`,
      [tenantId, product.id, customerId],
    );
    if (existing) throw duplicate();
    try {
      const id = await this.store.transaction(ctx, async (em, tx) => {
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
      return this.get(ctx, id);
    } catch (err) {
      if ((err as { code?: string }).code === '23505' || /unique/i.test((err as Error).name ?? '')) throw duplicate();
      throw err;
    }
  }

  /** Admin: approves (`review.approved`) or rejects (`review.rejected`) a review; the same decision again changes nothing. */
  async moderate(ctx: RequestContext, id: string, status: Exclude<ReviewStatus, 'pending'>): Promise<ReviewView> {
    const tenantId = requireTenant(ctx);
    const productId = await this.store.transaction(ctx, async (em, tx) => {
      const r = await em.findOne(ProductReview, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!r) throw Errors.notFound('Review', id);
      const pid = (r.product as unknown as { id: string }).id;
      if (r.status === status) return pid;
      r.status = status;
      r.moderatedAt = new Date();
      r.updatedAt = new Date();
      catalogEvents.emit(em, tx, status === 'approved' ? 'review.approved' : 'review.rejected', { id: r.id, product_id: pid, rating: r.rating });
      return pid;
    });
    // read-your-writes on this instance; the trigger's NOTIFY tells the others
    await this.store.afterCommit(ctx, () => this.cache.invalidate(`${tenantId}|doc|${productId}`));
    return this.get(ctx, id);
  }

  /** What the storefront shows of the author: first name and last initial from the customer's profile. */
  private async authorName(ctx: RequestContext): Promise<string> {
    try {
      const r = await this.graph().execute(ctx, CatalogReviewAuthorDocument);
      return authorNameOf(r.me?.first_name, r.me?.last_name);
    } catch (err) {
      ctx.log.warn({ err }, 'review author: customer profile unavailable, the review is signed anonymously');
      return ANONYMOUS_AUTHOR;
    }
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
        const at = new Date(Date.now() - r.days_ago * 86_400_000);
        em.create(ProductReview, {
          tenantId,
          product: em.getReference(Product, productId),
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
