import { LockMode, type EntityManager, type EntityName } from '@mikro-orm/core';
import { z } from 'zod';
import { requireCustomer, requireTenant, type RequestContext } from './context';
import { Errors } from './errors';
import { normalizePage, type Paginated } from './pagination';
import type { Row, Store } from './store';
import { plainText } from './text';
import { pageSchema } from './validation';

/**
 * Customer reviews moderated the one way the platform has (product reviews of the catalog, tour
 * reviews of tours): a signed-in customer writes one per subject, created `pending` (409
 * `duplicate` for a second; the unique constraint decides concurrent posts); admins approve or
 * reject it (the same decision again changes nothing); storefronts list the approved ones,
 * newest first unless `order` says otherwise. The domain keeps its entity, its events and its view.
 */

export const REVIEW_ORDERS = ['created_at', '-created_at', 'rating', '-rating'] as const;
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

const ORDER: Record<(typeof REVIEW_ORDERS)[number], string> = {
  created_at: 'created_at asc, id asc',
  '-created_at': 'created_at desc, id desc',
  rating: 'rating asc, created_at desc, id desc',
  '-rating': 'rating desc, created_at desc, id desc',
};

/** A subject's approved reviews (store): paging and one of four sort keys, newest first by default. */
export const reviewListSchema = z.strictObject({
  ...pageSchema,
  order: z.enum(REVIEW_ORDERS, { message: `order must be one of ${REVIEW_ORDERS.join(', ')}` }).optional(),
});
export type ReviewListQuery = z.infer<typeof reviewListSchema>;

/** Reviews of the tenant for moderation (admin), optionally one status and one subject (`<subject>_id`). */
export const reviewModerationSchema = <K extends string>(subjectKey: K) =>
  z.strictObject({
    ...pageSchema,
    status: z.enum(REVIEW_STATUSES, { message: `status must be one of ${REVIEW_STATUSES.join(', ')}` }).optional(),
    ...({ [subjectKey]: z.string().min(1).max(200).optional() } as Record<K, z.ZodOptional<z.ZodString>>),
  });

/** trimmed text that must not be empty: at least one character that is not white space */
const NOT_BLANK = '\\S';

/** What a customer writes (plain text, like every title and description). The subject comes from the path, the author from the token. */
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

/** Shown when the customer's profile has no first name (registration asks only for email and password). */
export const ANONYMOUS_REVIEW_AUTHOR = 'Customer';

/** "Anna", "Kowalska" -> "Anna K."; never the email. */
export function reviewAuthorName(first: string | null | undefined, last: string | null | undefined): string {
  const f = (first ?? '').trim().replace(/\s+/g, ' ').slice(0, 80);
  const l = (last ?? '').trim();
  if (!f) return ANONYMOUS_REVIEW_AUTHOR;
  return l ? `${f} ${[...l][0].toUpperCase()}.` : f;
}

/** What moderation changes on a review entity. */
export interface ModeratedReview {
  id: string;
  rating: number;
  status: ReviewStatus;
  moderatedAt: Date | null;
  updatedAt: Date;
}

export interface ReviewModerationOptions<V, E extends ModeratedReview> {
  store: Store;
  /** the reviews' table (unqualified) */
  table: string;
  /** the column of the reviewed subject (`product_id`, `tour_id`) */
  subjectColumn: string;
  /** the word in the duplicate message ("You have already reviewed this <noun>") */
  subjectNoun: string;
  entity: EntityName<E>;
  /** the reviewed subject's id of a loaded review */
  subjectOf: (review: E) => string;
  view: (row: Row) => V;
}

export class ReviewModeration<V, E extends ModeratedReview> {
  constructor(private readonly o: ReviewModerationOptions<V, E>) {}

  private get table(): string {
    return this.o.store.table(this.o.table);
  }

  /** The approved reviews of a subject the caller has checked (published, the tenant's). */
  async listApproved(ctx: RequestContext, subjectId: string, a: ReviewListQuery): Promise<Paginated<V>> {
    const tenantId = requireTenant(ctx);
    const page = normalizePage(a, 20);
    const order = ORDER[a.order ?? '-created_at'];
    if (!order) throw Errors.invalidField('order', `order must be one of ${REVIEW_ORDERS.join(', ')}`);
    const where = `tenant_id = ? and ${this.o.subjectColumn} = ? and status = 'approved'`;
    const [rows, [c]] = await Promise.all([
      this.o.store.sql(null, `select * from ${this.table} where ${where} order by ${order} limit ? offset ?`, [tenantId, subjectId, page.limit, page.offset]),
      this.o.store.sql<{ n: number }>(null, `select count(*)::int as n from ${this.table} where ${where}`, [tenantId, subjectId]),
    ]);
    return { items: rows.map(this.o.view), count: c.n, ...page };
  }

  /** Admin: the tenant's reviews, pending first, then newest first; optionally one status or one subject. */
  async listForModeration(ctx: RequestContext, a: { status?: ReviewStatus; subjectId?: string; limit?: number; offset?: number }): Promise<Paginated<V>> {
    const page = normalizePage(a, 20);
    const where = ['tenant_id = ?'];
    const params: unknown[] = [requireTenant(ctx)];
    if (a.status) {
      where.push('status = ?');
      params.push(a.status);
    }
    if (a.subjectId) {
      where.push(`${this.o.subjectColumn} = ?`);
      params.push(a.subjectId);
    }
    const [rows, [c]] = await Promise.all([
      this.o.store.sql(
        null,
        `select * from ${this.table} where ${where.join(' and ')} order by (status = 'pending') desc, created_at desc, id desc limit ? offset ?`,
        [...params, page.limit, page.offset],
      ),
      this.o.store.sql<{ n: number }>(null, `select count(*)::int as n from ${this.table} where ${where.join(' and ')}`, params),
    ]);
    return { items: rows.map(this.o.view), count: c.n, ...page };
  }

  /** One review of the tenant, any status (admin); 404 for another tenant's. */
  async get(ctx: RequestContext, id: string): Promise<V> {
    const [row] = await this.o.store.sql(ctx, `select * from ${this.table} where tenant_id = ? and id = ?`, [requireTenant(ctx), id]);
    if (!row) throw Errors.notFound('Review', id);
    return this.o.view(row);
  }

  /**
   * The signed-in customer's review of a subject the caller has checked: 409 `duplicate` when the
   * customer has one (the unique constraint decides concurrent posts). `write` creates the entity
   * (status `pending`) and emits the domain's event in the unit of work; answers the new review.
   */
  async create(
    ctx: RequestContext,
    subjectId: string,
    write: (em: EntityManager, tx: RequestContext, who: { tenantId: string; customerId: string }) => string,
  ): Promise<V> {
    const tenantId = requireTenant(ctx);
    const customerId = requireCustomer(ctx);
    const duplicate = () => Errors.conflict('duplicate', `You have already reviewed this ${this.o.subjectNoun}`);
    const [existing] = await this.o.store.sql(null, `select 1 from ${this.table} where tenant_id = ? and ${this.o.subjectColumn} = ? and customer_id = ?`, [
      tenantId,
      subjectId,
      customerId,
    ]);
    if (existing) throw duplicate();
    try {
      const id = await this.o.store.transaction(ctx, async (em, tx) => write(em, tx, { tenantId, customerId }));
      return await this.get(ctx, id);
    } catch (err) {
      if ((err as { code?: string }).code === '23505' || /unique/i.test((err as Error).name ?? '')) throw duplicate();
      throw err;
    }
  }

  /**
   * Admin: approves or rejects a review (locked while it changes); `emit` tells the domain's event
   * in the unit of work. The same decision again changes nothing. Answers the subject's id.
   */
  async moderate(
    ctx: RequestContext,
    id: string,
    status: Exclude<ReviewStatus, 'pending'>,
    emit: (em: EntityManager, tx: RequestContext, review: E, subjectId: string) => void,
  ): Promise<string> {
    return this.o.store.transaction(ctx, async (em, tx) => {
      const r = (await em.findOne(this.o.entity, { id } as never, { lockMode: LockMode.PESSIMISTIC_WRITE })) as E | null;
      if (!r) throw Errors.notFound('Review', id);
      const subjectId = this.o.subjectOf(r);
      if (r.status === status) return subjectId;
      r.status = status;
      r.moderatedAt = new Date();
      r.updatedAt = new Date();
      emit(em, tx, r, subjectId);
      return subjectId;
    });
  }

  /** What the storefront shows of the author: first name and last initial of the customer's profile, "Customer" when it cannot be read. */
  async authorName(ctx: RequestContext, profile: () => Promise<{ first_name?: string | null; last_name?: string | null } | null | undefined>): Promise<string> {
    try {
      const me = await profile();
      return reviewAuthorName(me?.first_name, me?.last_name);
    } catch (err) {
      ctx.log.warn({ err }, 'review author: customer profile unavailable, the review is signed anonymously');
      return ANONYMOUS_REVIEW_AUTHOR;
    }
  }
}

/** Demo reviews: written `days_ago` days before now, moderated then unless pending. */
export function seededReviewDates(daysAgo: number, status: ReviewStatus): { createdAt: Date; updatedAt: Date; moderatedAt: Date | null } {
  const at = new Date(Date.now() - daysAgo * 86_400_000);
  return { createdAt: at, updatedAt: at, moderatedAt: status === 'pending' ? null : at };
}
