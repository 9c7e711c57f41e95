import { Errors, normalizePage, requireTenant, slugify, type Paginated, type RequestContext, type Row, type Store } from '@svc/kit';
import { ProductCategory } from '../entities/taxonomy.entity';
import { catalogEvents } from '../events';
import { CATEGORY_ORDERS as ORDERABLE, type CategoryData, type CategoryListQuery } from '../inputs/category.input';
import type { CatalogCache } from './catalog-cache';
import type { CatalogTranslator } from './translate';
import { iso, isoNN, type CategoryView } from './views';

/** Product categories: a tree per tenant, read from one cached map. */
export class CategoryService {
  constructor(
    private readonly store: Store,
    private readonly cache: CatalogCache,
    private readonly translator?: CatalogTranslator,
  ) {}

  /** All active, public categories of the tenant (cached). */
  private async tree(tenantId: string): Promise<Map<string, CategoryView>> {
    const v = this.cache.version(tenantId);
    const hit = this.cache.get<Map<string, CategoryView>>(tenantId, 'categories');
    if (hit) return hit;
    const rows = await this.store.sql(
      null,
      `select * from ${this.store.table('product_category')} where tenant_id = ? and deleted_at is null and is_active and not is_internal order by rank, name, id`,
      [tenantId],
    );
    const byId = new Map<string, CategoryView>(rows.map((r) => [r.id, categoryRowView(r)]));
    this.cache.set(tenantId, 'categories', byId, v);
    return byId;
  }

  private shaped(c: CategoryView, byId: Map<string, CategoryView>, deep: boolean): CategoryView {
    const all = [...byId.values()];
    const children = (of: CategoryView): CategoryView[] =>
      all.filter((x) => x.parent_category_id === of.id).map((x) => (deep ? { ...x, category_children: children(x) } : { ...x }));
    // the chain of parents up to the root (Medusa: *parent_category.parent_category)
    const parentOf = (x: CategoryView, depth: number): CategoryView | null => {
      const p = x.parent_category_id ? byId.get(x.parent_category_id) : undefined;
      return p && depth < 10 ? { ...p, parent_category: parentOf(p, depth + 1) } : null;
    };
    return { ...c, parent_category: parentOf(c, 0), category_children: children(c) };
  }

  async list(ctx: RequestContext, a: CategoryListQuery): Promise<Paginated<CategoryView>> {
    const page = normalizePage(a, 50);
    const byId = await this.tree(requireTenant(ctx));
    let list = [...byId.values()];
    if (a.id?.length) list = list.filter((c) => a.id!.includes(c.id));
    if (a.handle?.length) list = list.filter((c) => a.handle!.includes(c.handle));
    if (a.q) {
      const q = a.q.toLowerCase();
      list = list.filter((c) => c.name.toLowerCase().includes(q) || c.handle.includes(q));
    }
    if (a.parent_category_id !== undefined) {
      const parent = a.parent_category_id === 'null' || a.parent_category_id === '' ? null : a.parent_category_id;
      list = list.filter((c) => c.parent_category_id === parent);
    }
    if (a.order) {
      const desc = a.order.startsWith('-');
      const key = desc ? a.order.slice(1) : a.order;
      if (!(ORDERABLE as readonly string[]).includes(key)) {
        throw Errors.invalidField('order', `order must be one of ${ORDERABLE.join(', ')} (optionally prefixed with -)`);
      }
      const k = key as (typeof ORDERABLE)[number];
      list = [...list].sort((x, y) => (String(x[k]) < String(y[k]) ? -1 : String(x[k]) > String(y[k]) ? 1 : 0) * (desc ? -1 : 1));
    }
    const items = list.slice(page.offset, page.offset + page.limit).map((c) => this.shaped(c, byId, !!a.include_descendants_tree));
    return { items: this.translator ? await this.translator.categories(ctx, items) : items, count: list.length, ...page };
  }

  async get(ctx: RequestContext, idOrHandle: string, deep = false): Promise<CategoryView> {
    const byId = await this.tree(requireTenant(ctx));
    const c = byId.get(idOrHandle) ?? [...byId.values()].find((x) => x.handle === idOrHandle);
    if (!c) throw Errors.notFound('Product category', idOrHandle);
    const view = this.shaped(c, byId, deep);
    return this.translator ? (await this.translator.categories(ctx, [view]))[0] : view;
  }

  /** Federation reference: the tenant's active category or null (one cached tree per tenant). */
  async byId(ctx: RequestContext, id: string): Promise<CategoryView | null> {
    const byId = await this.tree(requireTenant(ctx));
    const c = byId.get(id);
    return c ? this.shaped(c, byId, false) : null;
  }

  async create(ctx: RequestContext, input: CategoryData): Promise<CategoryView> {
    const tenantId = requireTenant(ctx);
    const id = await this.store.transaction(ctx, async (em, tx) => {
      const parent = input.parent_category_id ? await em.findOne(ProductCategory, { id: input.parent_category_id }) : null;
      if (input.parent_category_id && !parent) throw Errors.invalidField('parent_category_id', 'Parent category does not exist');
      const c = em.create(ProductCategory, {
        tenantId,
        name: input.name,
        handle: input.handle ?? slugify(input.name),
        description: input.description ?? '',
        parent,
        rank: input.rank ?? 0,
      } as never);
      catalogEvents.emit(em, tx, 'category.created', { id: c.id, handle: c.handle });
      await this.store.afterCommit(tx, () => this.cache.invalidate(tenantId));
      return c.id;
    });
    return this.get(ctx, id);
  }
}

function categoryRowView(r: Row): CategoryView {
  return {
    id: r.id,
    name: r.name,
    description: r.description ?? '',
    handle: r.handle,
    rank: r.rank,
    external_id: null, // only products have external ids here (Medusa's default)
    is_internal: r.is_internal,
    parent_category_id: r.parent_id ?? null,
    metadata: r.metadata,
    created_at: isoNN(r.created_at),
    updated_at: isoNN(r.updated_at),
    deleted_at: iso(r.deleted_at),
  };
}
