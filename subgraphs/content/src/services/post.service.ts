import { LockMode, type EntityManager } from '@mikro-orm/core';
import { Errors, normalizePage, pgArray, requireTenant, slugify, type Paginated, type RequestContext, type Row, type Store } from '@svc/kit';
import { BlogAuthor, BlogCategory, BlogComment, BlogPost, BlogTag, type StoredPostVariant } from '../entities/blog.entity';
import { contentEvents, type SearchableDocument } from '../events';
import type { CreatePostData, PostListQuery, PostVariantData, UpdatePostData } from '../inputs/content.input';
import { readingMinutes, renderedVariant, storeBody, stripTags } from './html';
import { pickVariant } from './locale';
import type { ContentTranslator } from './translate';
import { absoluteUrl, searchDocument } from './documents';
import type { SettingsService } from './settings.service';
import { toAdminPostView, type AdminPostView, type AuthorView, type PostView, type TermView } from './views';

/** Visible on the storefront: published, or scheduled and due, by the database clock at query time. */
export const VISIBLE = `p.status in ('published', 'scheduled') and p.published_at <= now()`;

export function storedPostVariant(v: PostVariantData): StoredPostVariant {
  const base = renderedVariant(v);
  return { ...base, excerpt: v.excerpt ? stripTags(v.excerpt) : null, reading_time_minutes: readingMinutes(base.text) };
}

interface PostRow {
  id: string;
  slug: string;
  status: string;
  published_at: Date;
  author_id: string | null;
  image_url: string | null;
  variants: StoredPostVariant[];
  category_ids: string[];
  tag_ids: string[];
}

/**
 * Blog posts: storefront reads (visible posts only, one locale variant each), admin writes with
 * their lifecycle (draft, scheduled, published) and the search index's events:
 * `blog_post.published` when a post becomes visible (or the scheduler finds a due one),
 * `blog_post.updated` when an announced post changes, `blog_post.unpublished` when it stops.
 */
export class PostService {
  constructor(
    private readonly store: Store,
    private readonly settings: SettingsService,
    private readonly publicUrl: () => string,
    private readonly translator?: ContentTranslator,
  ) {}

  private t(name: string) {
    return this.store.table(name);
  }

  // ---------------------------------------------------------------- storefront

  /** Visible posts, newest first; filters by category or tag slug and author. */
  async list(ctx: RequestContext, a: PostListQuery): Promise<Paginated<PostView>> {
    const tenantId = requireTenant(ctx);
    const page = normalizePage(a, 20);
    const where: string[] = ['p.tenant_id = ?', VISIBLE];
    const params: unknown[] = [tenantId];
    if (a.category) {
      where.push(`p.category_ids @> jsonb_build_array((select c.id from ${this.t('blog_category')} c where c.tenant_id = ? and c.slug = ?))`);
      params.push(tenantId, a.category);
    }
    if (a.tag) {
      where.push(`p.tag_ids @> jsonb_build_array((select g.id from ${this.t('blog_tag')} g where g.tenant_id = ? and g.slug = ?))`);
      params.push(tenantId, a.tag);
    }
    if (a.author_id) {
      where.push('p.author_id = ?');
      params.push(a.author_id);
    }
    return this.page(ctx, where, params, page, a.locale);
  }

  /** One visible post by slug (404 otherwise: drafts, future schedules, other tenants). */
  async get(ctx: RequestContext, slug: string, locale?: string | null): Promise<PostView> {
    const post = await this.visibleBySlug(ctx, slug);
    const [view] = await this.views(ctx, [post], locale);
    return view;
  }

  async visibleBySlug(ctx: RequestContext, slug: string): Promise<PostRow> {
    const tenantId = requireTenant(ctx);
    const [row] = await this.store.sql<PostRow>(ctx, `select p.* from ${this.t('blog_post')} p where p.tenant_id = ? and p.slug = ? and ${VISIBLE}`, [
      tenantId,
      slug,
    ]);
    if (!row) throw Errors.notFound('Blog post', slug);
    return row;
  }

  /** A page of visible posts matching `where` (the tenant bound first), newest first. */
  async page(
    ctx: RequestContext,
    where: string[],
    params: unknown[],
    page: { limit: number; offset: number },
    locale?: string | null,
  ): Promise<Paginated<PostView>> {
    const cond = where.join(' and ');
    const [{ n }] = await this.store.sql<{ n: number }>(ctx, `select count(*)::int as n from ${this.t('blog_post')} p where ${cond}`, params);
    const rows = page.limit
      ? await this.store.sql<PostRow>(ctx, `select p.* from ${this.t('blog_post')} p where ${cond} order by p.published_at desc, p.id desc limit ? offset ?`, [
          ...params,
          page.limit,
          page.offset,
        ])
      : [];
    return { items: await this.views(ctx, rows, locale), count: n, ...page };
  }

  /** Rows -> storefront views in the chosen locale, with their authors and terms (one query each). */
  private async views(ctx: RequestContext, rows: PostRow[], locale?: string | null): Promise<PostView[]> {
    if (!rows.length) return [];
    const tenantId = requireTenant(ctx);
    const fallback = await this.settings.defaultLocale(ctx);
    const requested = locale ?? ctx.locale;
    const authorIds = [...new Set(rows.map((r) => r.author_id).filter((x): x is string => !!x))];
    const termIds = (k: 'category_ids' | 'tag_ids') => [...new Set(rows.flatMap((r) => r[k]))];
    const authors = new Map<string, AuthorView>();
    if (authorIds.length) {
      for (const a of await this.store.sql<Row>(
        ctx,
        `select id, name, bio, avatar_url from ${this.t('blog_author')} where tenant_id = ? and id = any(?::text[])`,
        [tenantId, pgArray(authorIds)],
      )) {
        authors.set(a.id, { id: a.id, name: a.name, bio: a.bio, avatar_url: a.avatar_url });
      }
    }
    const terms = async (table: string, ids: string[]) => {
      const m = new Map<string, TermView>();
      if (ids.length) {
        for (const t of await this.store.sql<Row>(ctx, `select id, slug, name from ${this.t(table)} where tenant_id = ? and id = any(?::text[])`, [
          tenantId,
          pgArray(ids),
        ])) {
          m.set(t.id, { id: t.id, slug: t.slug, name: t.name });
        }
      }
      return m;
    };
    const cats = await terms('blog_category', termIds('category_ids'));
    const tags = await terms('blog_tag', termIds('tag_ids'));
    const views: PostView[] = rows.map((r) => {
      const v = pickVariant(r.variants, requested, fallback);
      return {
        id: r.id,
        slug: r.slug,
        locale: v.locale,
        available_locales: r.variants.map((x) => x.locale),
        title: v.title,
        excerpt: v.excerpt,
        body_format: v.body_format,
        body: storeBody(v.body_format, v.body, v.html),
        html: v.html,
        reading_time_minutes: v.reading_time_minutes,
        seo_title: v.seo_title,
        seo_description: v.seo_description,
        image_url: r.image_url,
        published_at: new Date(r.published_at).toISOString(),
        author: (r.author_id && authors.get(r.author_id)) || null,
        categories: r.category_ids.map((id) => cats.get(id)).filter((x): x is TermView => !!x),
        tags: r.tag_ids.map((id) => tags.get(id)).filter((x): x is TermView => !!x),
      };
    });
    return this.translator ? this.translator.posts(ctx, views, requested) : views;
  }

  // ---------------------------------------------------------------- admin

  async adminList(ctx: RequestContext, a: { limit?: number; offset?: number; status?: string }): Promise<Paginated<AdminPostView>> {
    const page = normalizePage(a, 20);
    const em = this.store.em(ctx);
    const where = a.status ? { status: a.status as BlogPost['status'] } : {};
    const [rows, count] = await em.findAndCount(BlogPost, where, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: page.limit || 1, offset: page.offset });
    const now = await this.dbNow(ctx);
    return { items: page.limit ? rows.map((p) => toAdminPostView(p, now)) : [], count, ...page };
  }

  async adminGet(ctx: RequestContext, id: string): Promise<AdminPostView> {
    const post = await this.store.em(ctx).findOne(BlogPost, { $or: [{ id }, { slug: id }] });
    if (!post) throw Errors.notFound('Blog post', id);
    return toAdminPostView(post, await this.dbNow(ctx));
  }

  async create(ctx: RequestContext, input: CreatePostData): Promise<AdminPostView> {
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (em, tx) => {
      const variants = input.variants.map(storedPostVariant);
      const slug = input.slug ?? slugify(variants[0].title);
      await this.assertSlugFree(em, slug);
      await this.assertRefs(em, input.author_id ?? null, input.category_ids ?? [], input.tag_ids ?? []);
      const post = em.create(BlogPost, {
        tenantId,
        slug,
        variants,
        authorId: input.author_id ?? null,
        imageUrl: input.image_url ?? null,
        categoryIds: [...new Set(input.category_ids ?? [])],
        tagIds: [...new Set(input.tag_ids ?? [])],
      });
      await em.flush();
      return toAdminPostView(post, await this.dbNow(tx));
    });
  }

  async update(ctx: RequestContext, id: string, input: UpdatePostData): Promise<AdminPostView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const post = await this.find(em, id, true);
      if (input.slug !== undefined && input.slug !== post.slug) {
        await this.assertSlugFree(em, input.slug);
        post.slug = input.slug;
      }
      await this.assertRefs(em, input.author_id ?? null, input.category_ids ?? [], input.tag_ids ?? []);
      if (input.author_id !== undefined) post.authorId = input.author_id;
      if (input.image_url !== undefined) post.imageUrl = input.image_url;
      if (input.category_ids !== undefined) post.categoryIds = [...new Set(input.category_ids)];
      if (input.tag_ids !== undefined) post.tagIds = [...new Set(input.tag_ids)];
      if (input.variants !== undefined) post.variants = input.variants.map(storedPostVariant);
      post.updatedAt = new Date();
      await em.flush();
      if (post.announcedAt) contentEvents.emit(em, tx, 'blog_post.updated', await this.documentOf(tx, post));
      return toAdminPostView(post, await this.dbNow(tx));
    });
  }

  /** Published now (a past `published_at` is kept; a missing or future one becomes now). */
  publish(ctx: RequestContext, id: string): Promise<AdminPostView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const post = await this.find(em, id, true);
      const now = await this.dbNow(tx);
      post.status = 'published';
      if (!post.publishedAt || post.publishedAt > now) post.publishedAt = now;
      await this.announce(em, tx, post, now);
      return toAdminPostView(post, now);
    });
  }

  /** Visible from `at`: a past time publishes at once (backdated), a future one hides the post until then. */
  schedule(ctx: RequestContext, id: string, at: Date): Promise<AdminPostView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const post = await this.find(em, id, true);
      const now = await this.dbNow(tx);
      post.publishedAt = at;
      if (at <= now) {
        post.status = 'published';
        await this.announce(em, tx, post, now);
      } else {
        post.status = 'scheduled';
        this.withdraw(em, tx, post);
      }
      return toAdminPostView(post, now);
    });
  }

  /** Back to draft. */
  unpublish(ctx: RequestContext, id: string): Promise<AdminPostView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const post = await this.find(em, id, true);
      post.status = 'draft';
      this.withdraw(em, tx, post);
      return toAdminPostView(post, await this.dbNow(tx));
    });
  }

  /** Deletes the post and its comments. */
  delete(ctx: RequestContext, id: string): Promise<AdminPostView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const post = await this.find(em, id, true);
      const view = toAdminPostView(post, await this.dbNow(tx));
      this.withdraw(em, tx, post);
      await em.nativeDelete(BlogComment, { postId: post.id });
      em.remove(post);
      return view;
    });
  }

  /**
   * The scheduler (job `announce-scheduled`): marks every due scheduled post not yet announced
   * as published and emits `blog_post.published`, in this unit of work. The conditional update
   * claims each row once: a concurrent run waits on the row lock, then finds it announced.
   */
  async announceDue(ctx: RequestContext, tenantId: string | null = null): Promise<string[]> {
    return this.store.transaction(
      ctx,
      async (em, tx) => {
        const rows = await this.store.sql<PostRow & { tenant_id: string }>(
          tx,
          `update ${this.t('blog_post')} p set announced_at = now(), status = 'published'
          where ${VISIBLE} and p.announced_at is null and (?::text is null or p.tenant_id = ?)
          returning p.*`,
          [tenantId, tenantId],
        );
        for (const r of rows) {
          const tctx = { ...tx, tenantId: r.tenant_id };
          contentEvents.emit(em, tctx, 'blog_post.published', await this.documentOfRow(tctx, r));
        }
        return rows.map((r) => r.id);
      },
      { global: true },
    );
  }

  /** Search documents of the tenant's visible posts, by id, after `after`. */
  async searchDocuments(ctx: RequestContext, after: string | null | undefined, limit: number): Promise<SearchableDocument[]> {
    const tenantId = requireTenant(ctx);
    const rows = await this.store.sql<PostRow>(
      ctx,
      `select p.* from ${this.t('blog_post')} p where p.tenant_id = ? and ${VISIBLE} and (?::text is null or p.id > ?) order by p.id limit ?`,
      [tenantId, after ?? null, after ?? null, limit],
    );
    const out: SearchableDocument[] = [];
    for (const r of rows) out.push(await this.documentOfRow(ctx, r));
    return out;
  }

  // ---------------------------------------------------------------- helpers

  /** `*.published` once per visibility (or `*.updated` when it was announced already). */
  private async announce(em: EntityManager, tx: RequestContext, post: BlogPost, now: Date): Promise<void> {
    await em.flush();
    const doc = await this.documentOf(tx, post);
    if (post.announcedAt) contentEvents.emit(em, tx, 'blog_post.updated', doc);
    else {
      contentEvents.emit(em, tx, 'blog_post.published', doc);
      post.announcedAt = now;
    }
  }

  private withdraw(em: EntityManager, tx: RequestContext, post: BlogPost): void {
    if (post.announcedAt) contentEvents.emit(em, tx, 'blog_post.unpublished', { id: post.id });
    post.announcedAt = null;
  }

  documentOf(ctx: RequestContext, p: BlogPost): Promise<SearchableDocument> {
    return this.documentOfRow(ctx, {
      id: p.id,
      slug: p.slug,
      status: p.status,
      published_at: p.publishedAt!,
      author_id: p.authorId,
      image_url: p.imageUrl,
      variants: p.variants,
      category_ids: p.categoryIds,
      tag_ids: p.tagIds,
    });
  }

  private async documentOfRow(ctx: RequestContext, r: PostRow): Promise<SearchableDocument> {
    const tenantId = requireTenant(ctx);
    const slugs = async (table: string, ids: string[]) =>
      ids.length
        ? (
            await this.store.sql<{ slug: string }>(ctx, `select slug from ${this.t(table)} where tenant_id = ? and id = any(?::text[]) order by slug`, [
              tenantId,
              pgArray(ids),
            ])
          ).map((x) => x.slug)
        : [];
    return searchDocument({
      id: r.id,
      slug: r.slug,
      published_at: r.published_at,
      variants: r.variants,
      categories: await slugs('blog_category', r.category_ids),
      tags: await slugs('blog_tag', r.tag_ids),
      image_url: absoluteUrl(r.image_url, this.publicUrl()),
    });
  }

  private async dbNow(ctx: RequestContext): Promise<Date> {
    const [row] = await this.store.sql<{ now: Date }>(this.store.inTransaction(ctx) ? ctx : null, 'select now() as now');
    return new Date(row.now);
  }

  private async find(em: EntityManager, id: string, lock = false): Promise<BlogPost> {
    const post = await em.findOne(BlogPost, { $or: [{ id }, { slug: id }] }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
    if (!post) throw Errors.notFound('Blog post', id);
    return post;
  }

  private async assertSlugFree(em: EntityManager, slug: string): Promise<void> {
    if (await em.count(BlogPost, { slug })) throw Errors.conflict('duplicate', `A blog post with slug "${slug}" already exists`);
  }

  /** Authors, categories and tags named must be the tenant's (404 otherwise). */
  private async assertRefs(em: EntityManager, authorId: string | null, categoryIds: string[], tagIds: string[]): Promise<void> {
    if (authorId && !(await em.count(BlogAuthor, { id: authorId }))) throw Errors.notFound('Blog author', authorId);
    const missing = async (cls: typeof BlogCategory | typeof BlogTag, ids: string[], what: string) => {
      const unique = [...new Set(ids)];
      if (!unique.length) return;
      const found = await em.find(cls as typeof BlogCategory, { id: { $in: unique } }, { fields: ['id'] });
      const have = new Set(found.map((f) => f.id));
      const gone = unique.find((x) => !have.has(x));
      if (gone) throw Errors.notFound(what, gone);
    };
    await missing(BlogCategory, categoryIds, 'Blog category');
    await missing(BlogTag, tagIds, 'Blog tag');
  }
}
