import type { EntityManager } from '@mikro-orm/core';
import { Errors, normalizePage, requireTenant, slugify, type Paginated, type RequestContext, type Row, type Store } from '@svc/kit';
import { BlogAuthor, BlogCategory, BlogPost, BlogTag } from '../entities/blog.entity';
import { contentEvents } from '../events';
import type { AuthorData, CategoryData, TagData, UpdateAuthorData, UpdateCategoryData, UpdateTagData } from '../inputs/content.input';
import { VISIBLE, type PostService } from './post.service';
import { toAuthorView, toCategoryView, toTagView, type AuthorView, type PostView, type TermView } from './views';

type Kind = 'category' | 'tag';
const TABLE = { category: 'blog_category', tag: 'blog_tag' } as const;
const COLUMN = { category: 'category_ids', tag: 'tag_ids' } as const;
const WHAT = { category: 'Blog category', tag: 'Blog tag' } as const;

export interface TermWithPosts extends TermView {
  posts: Paginated<PostView>;
}
export interface AuthorWithPosts extends AuthorView {
  posts: Paginated<PostView>;
}

/** Blog categories, tags (with visible-post counts) and authors: storefront reads, admin writes. */
export class TaxonomyService {
  constructor(
    private readonly store: Store,
    private readonly posts: PostService,
  ) {}

  /** Categories or tags by name, each with the number of its visible posts. */
  async list(ctx: RequestContext, kind: Kind, a: { limit?: number; offset?: number }): Promise<Paginated<TermView>> {
    const tenantId = requireTenant(ctx);
    const page = normalizePage(a, 20);
    const t = this.store.table(TABLE[kind]);
    const [{ n }] = await this.store.sql<{ n: number }>(ctx, `select count(*)::int as n from ${t} where tenant_id = ?`, [tenantId]);
    const rows = page.limit
      ? await this.store.sql<Row>(
          ctx,
          `select c.id, c.slug, c.name${kind === 'category' ? ', c.description' : ''},
             (select count(*)::int from ${this.store.table('blog_post')} p where p.tenant_id = c.tenant_id and ${VISIBLE} and p.${COLUMN[kind]} @> jsonb_build_array(c.id)) as post_count
             from ${t} c where c.tenant_id = ? order by c.name, c.id limit ? offset ?`,
          [tenantId, page.limit, page.offset],
        )
      : [];
    return { items: rows as TermView[], count: n, ...page };
  }

  /** One category or tag by slug with its visible posts (newest first). */
  async get(ctx: RequestContext, kind: Kind, slug: string, a: { limit?: number; offset?: number; locale?: string }): Promise<TermWithPosts> {
    const tenantId = requireTenant(ctx);
    const [term] = await this.store.sql<Row>(ctx, `select * from ${this.store.table(TABLE[kind])} where tenant_id = ? and slug = ?`, [tenantId, slug]);
    if (!term) throw Errors.notFound(WHAT[kind], slug);
    const posts = await this.posts.page(
      ctx,
      ['p.tenant_id = ?', VISIBLE, `p.${COLUMN[kind]} @> jsonb_build_array(?::text)`],
      [tenantId, term.id],
      normalizePage(a, 20),
      a.locale,
    );
    return {
      id: term.id,
      slug: term.slug,
      name: term.name,
      ...(kind === 'category' ? { description: term.description } : {}),
      post_count: posts.count,
      posts,
    };
  }

  /** An author's profile with their visible posts only. */
  async author(ctx: RequestContext, id: string, a: { limit?: number; offset?: number; locale?: string }): Promise<AuthorWithPosts> {
    const tenantId = requireTenant(ctx);
    const author = await this.store.em(ctx).findOne(BlogAuthor, { id });
    if (!author) throw Errors.notFound('Blog author', id);
    const posts = await this.posts.page(ctx, ['p.tenant_id = ?', VISIBLE, 'p.author_id = ?'], [tenantId, author.id], normalizePage(a, 20), a.locale);
    return { ...toAuthorView(author), posts };
  }

  // ---- admin ----

  async authors(ctx: RequestContext): Promise<AuthorView[]> {
    return (await this.store.em(ctx).find(BlogAuthor, {}, { orderBy: { name: 'asc', id: 'asc' } })).map(toAuthorView);
  }

  createCategory(ctx: RequestContext, input: CategoryData): Promise<TermView> {
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (em) => {
      const slug = input.slug ?? slugify(input.name);
      await this.assertSlugFree(em, 'category', slug);
      return toCategoryView(em.create(BlogCategory, { tenantId, slug, name: input.name, description: input.description ?? null }));
    });
  }

  updateCategory(ctx: RequestContext, id: string, input: UpdateCategoryData): Promise<TermView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const c = await em.findOne(BlogCategory, { id });
      if (!c) throw Errors.notFound('Blog category', id);
      if (input.slug !== undefined && input.slug !== c.slug) {
        await this.assertSlugFree(em, 'category', input.slug);
        c.slug = input.slug;
      }
      if (input.name !== undefined) c.name = input.name;
      if (input.description !== undefined) c.description = input.description;
      await this.reannounce(em, tx, 'category', id, input.slug !== undefined);
      return toCategoryView(c);
    });
  }

  createTag(ctx: RequestContext, input: TagData): Promise<TermView> {
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (em) => {
      const slug = input.slug ?? slugify(input.name);
      await this.assertSlugFree(em, 'tag', slug);
      return toTagView(em.create(BlogTag, { tenantId, slug, name: input.name }));
    });
  }

  updateTag(ctx: RequestContext, id: string, input: UpdateTagData): Promise<TermView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const t = await em.findOne(BlogTag, { id });
      if (!t) throw Errors.notFound('Blog tag', id);
      if (input.slug !== undefined && input.slug !== t.slug) {
        await this.assertSlugFree(em, 'tag', input.slug);
        t.slug = input.slug;
      }
      if (input.name !== undefined) t.name = input.name;
      await this.reannounce(em, tx, 'tag', id, input.slug !== undefined);
      return toTagView(t);
    });
  }

  /** Deletes a category or tag and takes it off its posts (announced posts: `blog_post.updated`). */
  deleteTerm(ctx: RequestContext, kind: Kind, id: string): Promise<TermView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const term = await em.findOne(kind === 'category' ? BlogCategory : BlogTag, { id });
      if (!term) throw Errors.notFound(WHAT[kind], id);
      const view = kind === 'category' ? toCategoryView(term as BlogCategory) : toTagView(term as BlogTag);
      const posts = await this.postsWith(em, kind, id);
      for (const p of posts) {
        if (kind === 'category') p.categoryIds = p.categoryIds.filter((x) => x !== id);
        else p.tagIds = p.tagIds.filter((x) => x !== id);
      }
      em.remove(term);
      await em.flush();
      for (const p of posts) if (p.announcedAt) contentEvents.emit(em, tx, 'blog_post.updated', await this.posts.documentOf(tx, p));
      return view;
    });
  }

  createAuthor(ctx: RequestContext, input: AuthorData): Promise<AuthorView> {
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (em) =>
      toAuthorView(em.create(BlogAuthor, { tenantId, name: input.name, bio: input.bio ?? null, avatarUrl: input.avatar_url ?? null })),
    );
  }

  updateAuthor(ctx: RequestContext, id: string, input: UpdateAuthorData): Promise<AuthorView> {
    return this.store.transaction(ctx, async (em) => {
      const a = await em.findOne(BlogAuthor, { id });
      if (!a) throw Errors.notFound('Blog author', id);
      if (input.name !== undefined) a.name = input.name;
      if (input.bio !== undefined) a.bio = input.bio;
      if (input.avatar_url !== undefined) a.avatarUrl = input.avatar_url;
      return toAuthorView(a);
    });
  }

  /** Deletes an author; their posts stay, without an author. */
  deleteAuthor(ctx: RequestContext, id: string): Promise<AuthorView> {
    return this.store.transaction(ctx, async (em) => {
      const a = await em.findOne(BlogAuthor, { id });
      if (!a) throw Errors.notFound('Blog author', id);
      await em.nativeUpdate(BlogPost, { authorId: id }, { authorId: null });
      em.remove(a);
      return toAuthorView(a);
    });
  }

  private async postsWith(em: EntityManager, kind: Kind, id: string): Promise<BlogPost[]> {
    const all = await em.find(BlogPost, {});
    return all.filter((p) => (kind === 'category' ? p.categoryIds : p.tagIds).includes(id));
  }

  /** A slug change shows in the search documents of announced posts. */
  private async reannounce(em: EntityManager, tx: RequestContext, kind: Kind, id: string, slugChanged: boolean): Promise<void> {
    if (!slugChanged) return;
    await em.flush();
    for (const p of await this.postsWith(em, kind, id)) if (p.announcedAt) contentEvents.emit(em, tx, 'blog_post.updated', await this.posts.documentOf(tx, p));
  }

  private async assertSlugFree(em: EntityManager, kind: Kind, slug: string): Promise<void> {
    if (await em.count(kind === 'category' ? BlogCategory : BlogTag, { slug }))
      throw Errors.conflict('duplicate', `A blog ${kind} with slug "${slug}" already exists`);
  }
}
