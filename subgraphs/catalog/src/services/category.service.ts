import { Errors, normalizePage, requireTenant, slugify, type Paginated, type RequestContext, type Row, type Store } from '@svc/kit';
import { ProductCategory } from '../entities/taxonomy.entity';
import { catalogEvents } from '../events';
import { CATEGORY_ORDERS as ORDERABLE, type CategoryData, type CategoryListQuery, type CategoryUpdateData } from '../inputs/category.input';
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

  /**
   * Renames, moves or reorders a category in one unit of work, serialised with the tenant's other
   * tree changes: a new parent must exist and may not be the category itself or one of its
   * descendants (409 category_cycle); the old and the new siblings are renumbered 0, 1, 2 … in
   * tree order with the category at `rank` (default: kept in place, or last under a new parent).
   * A new name or handle re-indexes its products (product.updated).
   */
  async update(ctx: RequestContext, id: string, input: CategoryUpdateData): Promise<CategoryView> {
    const tenantId = requireTenant(ctx);
    await this.store.transaction(ctx, async (em, tx) => {
      await this.store.lock(tx, 'category_tree');
      const all = await em.find(ProductCategory, { deletedAt: null }, { orderBy: { rank: 'asc', name: 'asc', id: 'asc' } });
      const c = all.find((x) => x.id === id);
      if (!c) throw Errors.notFound('Product category', id);
      const renamed = (input.name !== undefined && input.name !== c.name) || (input.handle !== undefined && input.handle !== c.handle);
      if (input.name !== undefined) c.name = input.name;
      if (input.handle !== undefined) c.handle = input.handle;
      if (input.description !== undefined) c.description = input.description ?? '';
      const parentOf = (x: ProductCategory) => x.parent?.id ?? null;
      const from = parentOf(c);
      const to = input.parent_category_id === undefined ? from : input.parent_category_id || null;
      const siblings = (parent: string | null) => all.filter((x) => parentOf(x) === parent);
      const place = siblings(from).indexOf(c);
      if (to !== from) {
        const byId = new Map(all.map((x) => [x.id, x]));
        const parent = to ? byId.get(to) : null;
        if (to && !parent) throw Errors.invalidField('parent_category_id', 'Parent category does not exist');
        // up from the new parent to the root: meeting the category itself would make a cycle
        for (let x = parent, seen = 0; x && seen <= all.length; x = byId.get(parentOf(x) ?? ''), seen++) {
          if (x === c) throw Errors.conflict('category_cycle', 'A category cannot move under itself or one of its subcategories');
        }
        c.parent = parent ?? null;
        renumber(siblings(from).filter((x) => x !== c));
      }
      const rest = siblings(to).filter((x) => x !== c);
      const at = Math.min(input.rank ?? (to === from ? place : rest.length), rest.length);
      renumber([...rest.slice(0, at), c, ...rest.slice(at)]);
      c.updatedAt = new Date();
      catalogEvents.emit(em, tx, 'category.updated', { id, handle: c.handle, parent_category_id: to });
      if (renamed) for (const productId of await this.productsOf(tx, id)) catalogEvents.emit(em, tx, 'product.updated', { id: productId });
      await this.store.afterCommit(tx, () => this.cache.invalidate(tenantId));
    });
    return this.get(ctx, id);
  }

  /**
   * Deletes a category without subcategories (409 category_has_children: move or delete them
   * first): soft deletion with its handle freed, its product links removed (its products stay and
   * are re-indexed), its siblings renumbered.
   */
  async delete(ctx: RequestContext, id: string): Promise<{ id: string; object: string; deleted: boolean }> {
    const tenantId = requireTenant(ctx);
    await this.store.transaction(ctx, async (em, tx) => {
      await this.store.lock(tx, 'category_tree');
      const c = await em.findOne(ProductCategory, { id, deletedAt: null });
      if (!c) throw Errors.notFound('Product category', id);
      if (await em.count(ProductCategory, { parent: c, deletedAt: null })) {
        throw Errors.conflict('category_has_children', `The category "${c.name}" has subcategories: move or delete them first`);
      }
      const products = await this.productsOf(tx, id);
      await this.store.sql(tx, `delete from ${this.store.table('product_category_link')} where category_id = ?`, [id]);
      catalogEvents.emit(em, tx, 'category.deleted', { id, handle: c.handle });
      for (const productId of products) catalogEvents.emit(em, tx, 'product.updated', { id: productId });
      const now = new Date();
      // a suffix no handle may hold frees it for a new category and keeps the rows unique
      c.handle = `${c.handle.slice(0, 80)}~deleted~${now.getTime()}`;
      c.deletedAt = now;
      renumber(await em.find(ProductCategory, { parent: c.parent, deletedAt: null, id: { $ne: id } }, { orderBy: { rank: 'asc', name: 'asc', id: 'asc' } }));
      await this.store.afterCommit(tx, () => this.cache.invalidate(tenantId));
    });
    return { id, object: 'product_category', deleted: true };
  }

  /** the live products linked to the category (inside the unit of work of `ctx`) */
  private async productsOf(ctx: RequestContext, categoryId: string): Promise<string[]> {
    const rows = await this.store.sql<{ id: string }>(
      ctx,
      `select p.id from ${this.store.table('product_category_link')} l join ${this.store.table('product')} p on p.id = l.product_id
        where l.category_id = ? and p.tenant_id = ? and p.deleted_at is null order by p.id`,
      [categoryId, requireTenant(ctx)],
    );
    return rows.map((r) => r.id);
  }
}

/** ranks 0, 1, 2 … in the list's order (only the rows whose rank changes are written) */
function renumber(list: ProductCategory[]): void {
  list.forEach((x, i) => {
    if (x.rank !== i) x.rank = i;
  });
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
