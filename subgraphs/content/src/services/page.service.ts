import { LockMode, type EntityManager } from '@mikro-orm/core';
import { Errors, normalizePage, requireTenant, slugify, type Paginated, type RequestContext, type Row, type Store } from '@svc/kit';
import { Page, type StoredPageVariant } from '../entities/page.entity';
import { contentEvents, type SearchableDocument } from '../events';
import type { CreatePageData, PageVariantData, UpdatePageData } from '../inputs/content.input';
import { renderedVariant, storeBody } from './html';
import { pickVariant } from './locale';
import type { ContentTranslator } from './translate';
import { absoluteUrl, searchDocument } from './documents';
import type { SettingsService } from './settings.service';
import { toAdminPageView, type AdminPageView, type PageView } from './views';

const storedPageVariant = (v: PageVariantData): StoredPageVariant => renderedVariant(v);

/** Visible on the storefront: published, or scheduled and due by the database clock at query time (as posts). */
const PAGE_VISIBLE = `(status = 'published' or (status = 'scheduled' and published_at <= now()))`;

interface PageRow {
  id: string;
  slug: string;
  status: string;
  published_at: Date;
  canonical_url: string | null;
  og_image_url: string | null;
  variants: StoredPageVariant[];
  updated_at: Date;
}

/**
 * Pages (About us, Shipping & returns, …): published ones on the storefront in one locale with
 * their SEO meta; `page.published` / `page.updated` / `page.unpublished` for the search index.
 */
export class PageService {
  constructor(
    private readonly store: Store,
    private readonly settings: SettingsService,
    private readonly publicUrl: () => string,
    private readonly translator?: ContentTranslator,
  ) {}

  async list(ctx: RequestContext, a: { limit?: number; offset?: number; locale?: string }): Promise<Paginated<PageView>> {
    const tenantId = requireTenant(ctx);
    const page = normalizePage(a, 20);
    const t = this.store.table('page');
    const [{ n }] = await this.store.sql<{ n: number }>(ctx, `select count(*)::int as n from ${t} where tenant_id = ? and ${PAGE_VISIBLE}`, [tenantId]);
    const rows = page.limit
      ? await this.store.sql<PageRow>(ctx, `select * from ${t} where tenant_id = ? and ${PAGE_VISIBLE} order by slug, id limit ? offset ?`, [
          tenantId,
          page.limit,
          page.offset,
        ])
      : [];
    const fallback = await this.settings.defaultLocale(ctx);
    const requested = a.locale ?? ctx.locale;
    const items = rows.map((r) => this.view(r, requested, fallback));
    return { items: this.translator ? await this.translator.pages(ctx, items, requested) : items, count: n, ...page };
  }

  async get(ctx: RequestContext, slug: string, locale?: string | null): Promise<PageView> {
    const tenantId = requireTenant(ctx);
    const [row] = await this.store.sql<PageRow>(ctx, `select * from ${this.store.table('page')} where tenant_id = ? and slug = ? and ${PAGE_VISIBLE}`, [
      tenantId,
      slug,
    ]);
    if (!row) throw Errors.notFound('Page', slug);
    const requested = locale ?? ctx.locale;
    const view = this.view(row, requested, await this.settings.defaultLocale(ctx));
    return this.translator ? (await this.translator.pages(ctx, [view], requested))[0] : view;
  }

  private view(r: PageRow, requested: string | null | undefined, fallback: string): PageView {
    const v = pickVariant(r.variants, requested, fallback);
    return {
      id: r.id,
      slug: r.slug,
      locale: v.locale,
      available_locales: r.variants.map((x) => x.locale),
      title: v.title,
      body_format: v.body_format,
      body: storeBody(v.body_format, v.body, v.html),
      html: v.html,
      seo: { title: v.seo_title ?? v.title, description: v.seo_description, canonical_url: r.canonical_url, og_image_url: r.og_image_url },
      published_at: new Date(r.published_at).toISOString(),
      updated_at: new Date(r.updated_at).toISOString(),
    };
  }

  // ---- admin ----

  async adminList(ctx: RequestContext, a: { limit?: number; offset?: number }): Promise<Paginated<AdminPageView>> {
    const page = normalizePage(a, 20);
    const [rows, count] = await this.store.em(ctx).findAndCount(Page, {}, { orderBy: { slug: 'asc', id: 'asc' }, limit: page.limit || 1, offset: page.offset });
    return { items: page.limit ? rows.map(toAdminPageView) : [], count, ...page };
  }

  async adminGet(ctx: RequestContext, id: string): Promise<AdminPageView> {
    const p = await this.store.em(ctx).findOne(Page, { $or: [{ id }, { slug: id }] });
    if (!p) throw Errors.notFound('Page', id);
    return toAdminPageView(p);
  }

  create(ctx: RequestContext, input: CreatePageData): Promise<AdminPageView> {
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (em) => {
      const variants = input.variants.map(storedPageVariant);
      const slug = input.slug ?? slugify(variants[0].title);
      await this.assertSlugFree(em, slug);
      const p = em.create(Page, { tenantId, slug, variants, canonicalUrl: input.canonical_url ?? null, ogImageUrl: input.og_image_url ?? null });
      return toAdminPageView(p);
    });
  }

  update(ctx: RequestContext, id: string, input: UpdatePageData): Promise<AdminPageView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const p = await this.find(em, id);
      if (input.slug !== undefined && input.slug !== p.slug) {
        await this.assertSlugFree(em, input.slug);
        p.slug = input.slug;
      }
      if (input.canonical_url !== undefined) p.canonicalUrl = input.canonical_url;
      if (input.og_image_url !== undefined) p.ogImageUrl = input.og_image_url;
      if (input.variants !== undefined) p.variants = input.variants.map(storedPageVariant);
      p.updatedAt = new Date();
      if (p.status === 'published') contentEvents.emit(em, tx, 'page.updated', this.document(p));
      return toAdminPageView(p);
    });
  }

  publish(ctx: RequestContext, id: string): Promise<AdminPageView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const p = await this.find(em, id);
      if (p.status !== 'published') {
        const wasScheduled = p.status === 'scheduled';
        p.status = 'published';
        p.publishedAt = new Date();
        if (wasScheduled) p.updatedAt = new Date();
        contentEvents.emit(em, tx, 'page.published', this.document(p));
      }
      return toAdminPageView(p);
    });
  }

  /**
   * Visible from `at` (the same mechanism as posts): a past time publishes at once (backdated,
   * `page.published`), a future one keeps the page off the storefront until then (`scheduled`; a
   * visible page is withdrawn with `page.unpublished`). At its time the storefront's reads show it
   * (they compare with the database clock), and the job `announce-scheduled` marks it published and
   * emits `page.published` for the search index.
   */
  schedule(ctx: RequestContext, id: string, at: Date): Promise<AdminPageView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const p = await this.find(em, id);
      const wasVisible = p.status === 'published';
      p.publishedAt = at;
      if (at <= new Date()) {
        p.status = 'published';
        contentEvents.emit(em, tx, wasVisible ? 'page.updated' : 'page.published', this.document(p));
      } else {
        p.status = 'scheduled';
        if (wasVisible) contentEvents.emit(em, tx, 'page.unpublished', { id: p.id });
      }
      return toAdminPageView(p);
    });
  }

  /**
   * The scheduler (job `announce-scheduled`): scheduled pages whose time came become published,
   * `page.published` once each; the conditional update claims each row once.
   */
  async publishDue(ctx: RequestContext, tenantId: string | null = null): Promise<string[]> {
    return this.store.transaction(
      ctx,
      async (em, tx) => {
        const rows = await this.store.sql<PageRow & { tenant_id: string }>(
          tx,
          `update ${this.store.table('page')} set status = 'published', updated_at = now()
            where status = 'scheduled' and published_at <= now() and (?::text is null or tenant_id = ?)
            returning *`,
          [tenantId, tenantId],
        );
        for (const r of rows) {
          const doc = searchDocument({
            id: r.id,
            slug: r.slug,
            published_at: r.published_at,
            variants: r.variants,
            image_url: absoluteUrl(r.og_image_url, this.publicUrl()),
          });
          contentEvents.emit(em, { ...tx, tenantId: r.tenant_id }, 'page.published', doc);
        }
        return rows.map((r) => r.id);
      },
      { global: true },
    );
  }

  unpublish(ctx: RequestContext, id: string): Promise<AdminPageView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const p = await this.find(em, id);
      if (p.status === 'published') contentEvents.emit(em, tx, 'page.unpublished', { id: p.id });
      p.status = 'draft';
      return toAdminPageView(p);
    });
  }

  delete(ctx: RequestContext, id: string): Promise<AdminPageView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const p = await this.find(em, id);
      if (p.status === 'published') contentEvents.emit(em, tx, 'page.unpublished', { id: p.id });
      em.remove(p);
      return toAdminPageView(p);
    });
  }

  async searchDocuments(ctx: RequestContext, after: string | null | undefined, limit: number): Promise<SearchableDocument[]> {
    const tenantId = requireTenant(ctx);
    const rows = await this.store.sql<Row>(
      ctx,
      `select * from ${this.store.table('page')} where tenant_id = ? and ${PAGE_VISIBLE} and (?::text is null or id > ?) order by id limit ?`,
      [tenantId, after ?? null, after ?? null, limit],
    );
    return rows.map((r) =>
      searchDocument({ id: r.id, slug: r.slug, published_at: r.published_at, variants: r.variants, image_url: absoluteUrl(r.og_image_url, this.publicUrl()) }),
    );
  }

  private document(p: Page): SearchableDocument {
    return searchDocument({
      id: p.id,
      slug: p.slug,
      published_at: p.publishedAt!,
      variants: p.variants,
      image_url: absoluteUrl(p.ogImageUrl, this.publicUrl()),
    });
  }

  private async find(em: EntityManager, id: string): Promise<Page> {
    const p = await em.findOne(Page, { $or: [{ id }, { slug: id }] }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!p) throw Errors.notFound('Page', id);
    return p;
  }

  private async assertSlugFree(em: EntityManager, slug: string): Promise<void> {
    if (await em.count(Page, { slug })) throw Errors.conflict('duplicate', `A page with slug "${slug}" already exists`);
  }
}
