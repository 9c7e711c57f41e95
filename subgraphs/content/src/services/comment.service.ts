import { LockMode } from '@mikro-orm/core';
import { DomainError, Errors, normalizePage, requireTenant, type GraphClient, type Paginated, type RequestContext, type Store } from '@svc/kit';
import { BlogComment, type CommentStatus } from '../entities/blog.entity';
import { contentEvents } from '../events';
import type { CommentData } from '../inputs/content.input';
import { stripTags } from './html';
import type { PostService } from './post.service';
import { toAdminCommentView, toCommentView, type AdminCommentView, type CommentView } from './views';
import { ContentCommentAuthorDocument } from '../ports/generated';

/**
 * Comments on visible posts: submitted with a solved anti-spam challenge (by a guest, who names
 * themselves, or a signed-in customer), created `pending`, listed only once approved.
 */
export class CommentService {
  constructor(
    private readonly store: Store,
    private readonly posts: PostService,
    /** the signed-in customer's profile, asked of identity through the supergraph */
    private readonly graph?: GraphClient,
  ) {}

  private async customer(ctx: RequestContext): Promise<{ name: string; email: string | null } | null> {
    if (ctx.actor.type !== 'customer' || !ctx.actor.id || !this.graph) return null;
    const d = await this.graph.execute(ctx, ContentCommentAuthorDocument);
    if (!d.me) return null;
    const name = [d.me.first_name, d.me.last_name ? `${d.me.last_name.slice(0, 1)}.` : null].filter(Boolean).join(' ');
    return { name: name || 'Customer', email: d.me.email };
  }

  /** Approved comments of a visible post, oldest first. */
  async listApproved(ctx: RequestContext, slug: string, a: { limit?: number; offset?: number }): Promise<Paginated<CommentView>> {
    const post = await this.posts.visibleBySlug(ctx, slug);
    const page = normalizePage(a, 20);
    const [rows, count] = await this.store
      .em(ctx)
      .findAndCount(
        BlogComment,
        { postId: post.id, status: 'approved' },
        { orderBy: { createdAt: 'asc', id: 'asc' }, limit: page.limit || 1, offset: page.offset },
      );
    return { items: page.limit ? rows.map(toCommentView) : [], count, ...page };
  }

  /** A new pending comment (`blog_comment.created`); needs the request's anti-spam check. */
  async create(ctx: RequestContext, slug: string, input: CommentData): Promise<CommentView> {
    const tenantId = requireTenant(ctx);
    if (!ctx.antispam.verified) throw new DomainError('permission_error', 'invalid_antispam_token', 'A valid anti-spam token is required');
    const customerId = ctx.actor.type === 'customer' ? ctx.actor.id : null;
    const profile = await this.customer(ctx);
    const name = input.author_name ? stripTags(input.author_name).slice(0, 100) : (profile?.name ?? '');
    if (!name)
      throw Errors.validation('missing_field', 'author_name is required for guests', [
        { field: 'author_name', code: 'missing_field', message: 'author_name is required for guests' },
      ]);
    const body = stripTags(input.body);
    if (!body) throw Errors.invalidField('body', 'body must contain text');
    return this.store.transaction(ctx, async (em, tx) => {
      const post = await this.posts.visibleBySlug(tx, slug);
      const c = em.create(BlogComment, {
        tenantId,
        postId: post.id,
        customerId,
        authorName: name,
        authorEmail: input.author_email ?? profile?.email ?? null,
        body,
      });
      contentEvents.emit(em, tx, 'blog_comment.created', { id: c.id, post_id: post.id });
      return toCommentView(c);
    });
  }

  async adminList(ctx: RequestContext, a: { limit?: number; offset?: number; status?: CommentStatus; post_id?: string }): Promise<Paginated<AdminCommentView>> {
    const page = normalizePage(a, 20);
    const where = { status: a.status ?? 'pending', ...(a.post_id ? { postId: a.post_id } : {}) };
    const [rows, count] = await this.store
      .em(ctx)
      .findAndCount(BlogComment, where, { orderBy: { createdAt: 'asc', id: 'asc' }, limit: page.limit || 1, offset: page.offset });
    return { items: page.limit ? rows.map(toAdminCommentView) : [], count, ...page };
  }

  moderate(ctx: RequestContext, id: string, status: 'approved' | 'rejected'): Promise<AdminCommentView> {
    return this.store.transaction(ctx, async (em) => {
      const c = await em.findOne(BlogComment, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!c) throw Errors.notFound('Blog comment', id);
      c.status = status;
      c.moderatedAt = new Date();
      return toAdminCommentView(c);
    });
  }

  delete(ctx: RequestContext, id: string): Promise<AdminCommentView> {
    return this.store.transaction(ctx, async (em) => {
      const c = await em.findOne(BlogComment, { id });
      if (!c) throw Errors.notFound('Blog comment', id);
      em.remove(c);
      return toAdminCommentView(c);
    });
  }
}
