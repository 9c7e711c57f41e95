import { Errors, looksLikeId, pgArray, normalizePage, requireTenant, type Orm, type Paginated, type RequestContext } from '@svc/kit';
import type { CatalogCache } from './catalog-cache';
import { categoryRowView, orderClause } from './product-read.service';
import { iso, isoNN, type CategoryView, type CollectionView, type RegionView } from './views';
import type { TaxonomyListArgs } from '../inputs/product.input';

import { SqlReader, type Row } from './sql-reader';

/** Collections, categories (a cached tree per tenant) and region lists. */
export class TaxonomyService extends SqlReader {
  constructor(orm: Orm, private readonly cache: CatalogCache) {
    super(orm);
  }

  async collections(ctx: RequestContext, a: TaxonomyListArgs): Promise<Paginated<CollectionView>> {
    const tenantId = requireTenant(ctx);
    const page = normalizePage(a, 10);
    const key = `cols:${JSON.stringify([a.q, a.id, a.handle, a.order, page])}`;
    const v = this.cache.version(tenantId);
    const hit = this.cache.get<Paginated<CollectionView>>(tenantId, key);
    if (hit) return hit;
    const where = ['tenant_id = ?', 'deleted_at is null'];
    const params: unknown[] = [tenantId];
    if (a.q) (where.push('title ilike ?'), params.push(`%${a.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`));
    if (a.id?.length) (where.push('id = any(?::text[])'), params.push(pgArray(a.id)));
    if (a.handle?.length) (where.push('handle = any(?::text[])'), params.push(pgArray(a.handle)));
    const order = orderClause(a.order, { created_at: 'created_at', updated_at: 'updated_at', title: 'title', handle: 'handle' }, 'created_at desc');
    const [rows, [c]] = await Promise.all([
      this.q(`select * from "${this.s}".product_collection where ${where.join(' and ')} order by ${order}, id limit ? offset ?`, [...params, page.limit, page.offset]),
      this.q(`select count(*)::int as n from "${this.s}".product_collection where ${where.join(' and ')}`, params),
    ]);
    const out = { items: rows.map(collectionRowView), count: c.n, ...page };
    this.cache.set(tenantId, key, out, v);
    return out;
  }

  async collection(ctx: RequestContext, idOrHandle: string): Promise<CollectionView> {
    const tenantId = requireTenant(ctx);
    const col = looksLikeId(idOrHandle, 'pcol') ? 'id' : 'handle';
    const [row] = await this.q(`select * from "${this.s}".product_collection where tenant_id = ? and ${col} = ? and deleted_at is null`, [tenantId, idOrHandle]);
    if (!row) throw Errors.notFound('Collection', idOrHandle);
    return collectionRowView(row);
  }

  /** All active, public categories of the tenant, linked into a tree (cached). */
  private async tree(tenantId: string): Promise<Map<string, CategoryView>> {
    const v = this.cache.version(tenantId);
    const hit = this.cache.get<Map<string, CategoryView>>(tenantId, 'categories');
    if (hit) return hit;
    const rows = await this.q(
      `select * from "${this.s}".product_category where tenant_id = ? and deleted_at is null and is_active and not is_internal order by rank, name, id`,
      [tenantId],
    );
    const byId = new Map<string, CategoryView>(rows.map((r) => [r.id, categoryRowView(r)]));
    this.cache.set(tenantId, 'categories', byId, v);
    return byId;
  }

  private shaped(c: CategoryView, byId: Map<string, CategoryView>, all: CategoryView[], deep: boolean): CategoryView {
    const children = (of: CategoryView): CategoryView[] =>
      all.filter((x) => x.parent_category_id === of.id).map((x) => (deep ? { ...x, category_children: children(x) } : { ...x }));
    const parent = c.parent_category_id ? byId.get(c.parent_category_id) : undefined;
    return { ...c, parent_category: parent ? { ...parent } : null, category_children: children(c) };
  }

  async categories(ctx: RequestContext, a: TaxonomyListArgs): Promise<Paginated<CategoryView>> {
    const tenantId = requireTenant(ctx);
    const page = normalizePage(a, 50);
    const byId = await this.tree(tenantId);
    const all = [...byId.values()];
    let list = all;
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
      const key = (desc ? a.order.slice(1) : a.order) as keyof CategoryView;
      if (!['name', 'handle', 'rank', 'created_at', 'updated_at'].includes(key)) {
        throw Errors.invalidField('order', 'order must be one of name, handle, rank, created_at, updated_at (optionally prefixed with -)');
      }
      list = [...list].sort((x, y) => (String(x[key]) < String(y[key]) ? -1 : String(x[key]) > String(y[key]) ? 1 : 0) * (desc ? -1 : 1));
    }
    const items = list.slice(page.offset, page.offset + page.limit).map((c) => this.shaped(c, byId, all, !!a.include_descendants_tree));
    return { items, count: list.length, ...page };
  }

  async category(ctx: RequestContext, idOrHandle: string, deep = false): Promise<CategoryView> {
    const byId = await this.tree(requireTenant(ctx));
    const c = byId.get(idOrHandle) ?? [...byId.values()].find((x) => x.handle === idOrHandle);
    if (!c) throw Errors.notFound('Product category', idOrHandle);
    return this.shaped(c, byId, [...byId.values()], deep);
  }

  regionsPage(all: RegionView[], a: { limit?: number; offset?: number }): Paginated<RegionView> {
    const page = normalizePage(a, 50);
    return { items: all.slice(page.offset, page.offset + page.limit), count: all.length, ...page };
  }
}

export function collectionRowView(r: Row): CollectionView {
  return {
    id: r.id,
    title: r.title,
    handle: r.handle,
    metadata: r.metadata,
    created_at: isoNN(r.created_at),
    updated_at: isoNN(r.updated_at),
    deleted_at: iso(r.deleted_at),
  };
}
