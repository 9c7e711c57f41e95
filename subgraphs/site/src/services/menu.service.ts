import { assertReferences, DomainError, Errors, requireTenant, type GraphClient, type RequestContext, type Store } from '@svc/kit';
import { siteReferenceLookups } from './references';
import { Menu, type MenuItemData } from '../entities/menu.entity';
import { siteEvents } from '../events';
import { menuHandleSchema, toItemData, type CreateMenuData, type ReferenceType, type UpdateMenuData } from '../inputs/menu.input';
import {
  SiteMenuCategoriesDocument,
  SiteMenuCollectionsDocument,
  SiteMenuPagesDocument,
  SiteMenuPostsDocument,
  SiteMenuProductsDocument,
} from '../ports/generated';

export interface MenuView {
  id: string;
  handle: string;
  title: string;
  items: MenuItemData[];
  created_at: string;
  updated_at: string;
}

interface StoreMenuItem {
  label: string;
  url: string;
  type: string;
  children: StoreMenuItem[];
}

export interface StoreMenu {
  handle: string;
  title: string;
  items: StoreMenuItem[];
}

const toMenuView = (m: Menu): MenuView => ({
  id: m.id,
  handle: m.handle,
  title: m.title,
  items: m.items,
  created_at: m.createdAt.toISOString(),
  updated_at: m.updatedAt.toISOString(),
});

/** The storefront path of each reference type, from the target's current handle or slug. */
export const MENU_PATHS: Record<ReferenceType, (key: string) => string> = {
  product: (h) => `/products/${h}`,
  collection: (h) => `/collections/${h}`,
  category: (h) => `/categories/${h}`,
  page: (s) => `/pages/${s}`,
  blog_post: (s) => `/blog/${s}`,
};

const CHUNK = 100;
const LIST_PAGES = 50;

/** One batched lookup per catalog type (`ports/catalog.graphql`): the visible targets among `ids`, id -> handle. */
const CATALOG = {
  product: async (graph: GraphClient, ctx: RequestContext, id: string[]) => (await graph.execute(ctx, SiteMenuProductsDocument, { id })).products.items,
  collection: async (graph: GraphClient, ctx: RequestContext, id: string[]) =>
    (await graph.execute(ctx, SiteMenuCollectionsDocument, { id })).collections.items,
  category: async (graph: GraphClient, ctx: RequestContext, id: string[]) =>
    (await graph.execute(ctx, SiteMenuCategoriesDocument, { id })).productCategories.items,
};
/** Content has no lookup by ids (`ports/content.graphql`): its published lists are read page by page until every id was seen. */
const CONTENT = {
  page: async (graph: GraphClient, ctx: RequestContext, offset: number) => (await graph.execute(ctx, SiteMenuPagesDocument, { offset })).pages,
  blog_post: async (graph: GraphClient, ctx: RequestContext, offset: number) => (await graph.execute(ctx, SiteMenuPostsDocument, { offset })).blogPosts,
};

/**
 * Menus of the storefront. Admins write them whole (items replaced); the storefront reads one by
 * handle with its references resolved through the supergraph, as the caller (so only this store's
 * published targets are found): a product, collection, category, page or blog post that is gone or
 * not visible is dropped and its children move up into its place.
 */
export class MenuService {
  constructor(
    private readonly store: Store,
    private readonly graph: () => GraphClient | undefined,
  ) {}

  async list(ctx: RequestContext): Promise<MenuView[]> {
    return (await this.store.em(ctx).find(Menu, {}, { orderBy: { handle: 'asc' } })).map(toMenuView);
  }

  /** By id or handle. */
  async get(ctx: RequestContext, idOrHandle: string): Promise<MenuView> {
    const m = await this.store.em(ctx).findOne(Menu, { $or: [{ id: idOrHandle }, { handle: idOrHandle }] });
    if (!m) throw Errors.notFound('Menu', idOrHandle);
    return toMenuView(m);
  }

  /** the products, collections, categories, pages and posts items point at: this store's, else 404 */
  private async checkReferences(ctx: RequestContext, items: MenuItemData[]): Promise<void> {
    const refs: Array<{ type: string; id: string }> = [];
    const walk = (list: MenuItemData[]) => {
      for (const i of list) {
        if (i.type !== 'url' && i.resource_id) refs.push({ type: i.type, id: i.resource_id });
        walk(i.children);
      }
    };
    walk(items);
    await assertReferences(ctx, refs, siteReferenceLookups(this.graph));
  }

  async create(ctx: RequestContext, input: CreateMenuData): Promise<MenuView> {
    const tenantId = requireTenant(ctx);
    await this.checkReferences(ctx, toItemData(input.items ?? []));
    return this.store.transaction(ctx, async (em, tx) => {
      await this.store.lock(tx, 'menu');
      if (await em.count(Menu, { handle: input.handle })) throw Errors.conflict('duplicate', `A menu with handle "${input.handle}" already exists`);
      const m = em.create(Menu, { tenantId, handle: input.handle, title: input.title.trim(), items: toItemData(input.items ?? []) });
      siteEvents.emit(em, tx, 'menu.created', { id: m.id, handle: m.handle });
      await em.flush();
      return toMenuView(m);
    });
  }

  async update(ctx: RequestContext, id: string, input: UpdateMenuData): Promise<MenuView> {
    if (input.items != null) await this.checkReferences(ctx, toItemData(input.items));
    return this.store.transaction(ctx, async (em, tx) => {
      await this.store.lock(tx, 'menu');
      const m = await em.findOne(Menu, { id });
      if (!m) throw Errors.notFound('Menu', id);
      const fields: string[] = [];
      if (input.handle != null && input.handle !== m.handle) {
        if (await em.count(Menu, { handle: input.handle, id: { $ne: id } }))
          throw Errors.conflict('duplicate', `A menu with handle "${input.handle}" already exists`);
        m.handle = input.handle;
        fields.push('handle');
      }
      if (input.title != null && input.title.trim() !== m.title) {
        m.title = input.title.trim();
        fields.push('title');
      }
      if (input.items != null) {
        m.items = toItemData(input.items);
        fields.push('items');
      }
      if (fields.length) {
        siteEvents.emit(em, tx, 'menu.updated', { id: m.id, fields });
        await em.flush();
      }
      return toMenuView(m);
    });
  }

  async delete(ctx: RequestContext, id: string): Promise<MenuView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const m = await em.findOne(Menu, { id });
      if (!m) throw Errors.notFound('Menu', id);
      const view = toMenuView(m);
      em.remove(m);
      siteEvents.emit(em, tx, 'menu.deleted', { id: m.id, handle: m.handle });
      return view;
    });
  }

  /** The storefront's menu: 400 for a malformed handle, 404 for an unknown one; references resolved to current paths. */
  async storeMenu(ctx: RequestContext, handle: string): Promise<StoreMenu> {
    const parsed = menuHandleSchema.safeParse(handle);
    if (!parsed.success) throw Errors.invalidField('handle', `handle: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    const m = await this.store.em(ctx).findOne(Menu, { handle });
    if (!m) throw Errors.notFound('Menu', handle);
    const paths = await this.resolve(ctx, m.items);
    const build = (items: MenuItemData[]): StoreMenuItem[] =>
      items.flatMap((i) => {
        const children = build(i.children);
        const url = i.type === 'url' ? i.url : paths.get(`${i.type}:${i.resource_id}`);
        return url ? [{ label: i.label, url, type: i.type, children }] : children;
      });
    return { handle: m.handle, title: m.title, items: build(m.items) };
  }

  /** `type:id` -> current path of every reference of the tree that is visible to the caller. */
  private async resolve(ctx: RequestContext, items: MenuItemData[]): Promise<Map<string, string>> {
    const wanted = new Map<ReferenceType, Set<string>>();
    const walk = (list: MenuItemData[]) => {
      for (const i of list) {
        if (i.type !== 'url' && i.resource_id) {
          if (!wanted.has(i.type)) wanted.set(i.type, new Set());
          wanted.get(i.type)!.add(i.resource_id);
        }
        walk(i.children);
      }
    };
    walk(items);
    const out = new Map<string, string>();
    if (!wanted.size) return out;
    const graph = this.graph();
    if (!graph) throw new DomainError('api_error', 'internal_error', 'The supergraph is not reachable from this process');
    await Promise.all(
      [...wanted].map(async ([type, ids]) => {
        const found = type === 'page' || type === 'blog_post' ? await this.content(ctx, graph, type, ids) : await this.catalog(ctx, graph, type, [...ids]);
        for (const [id, key] of found) if (ids.has(id)) out.set(`${type}:${id}`, MENU_PATHS[type](key));
      }),
    );
    return out;
  }

  private async catalog(ctx: RequestContext, graph: GraphClient, type: 'product' | 'collection' | 'category', ids: string[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    for (let i = 0; i < ids.length; i += CHUNK) {
      for (const x of await CATALOG[type](graph, ctx, ids.slice(i, i + CHUNK))) found.set(x.id, x.handle);
    }
    return found;
  }

  private async content(ctx: RequestContext, graph: GraphClient, type: 'page' | 'blog_post', ids: Set<string>): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    for (let page = 0, offset = 0; page < LIST_PAGES; page++, offset += CHUNK) {
      const d = await CONTENT[type](graph, ctx, offset);
      for (const x of d.items) if (ids.has(x.id)) found.set(x.id, x.slug);
      if (found.size === ids.size || offset + CHUNK >= d.count || !d.items.length) break;
    }
    return found;
  }
}
