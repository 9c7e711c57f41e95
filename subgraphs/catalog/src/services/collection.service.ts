import {
  Errors,
  containsPattern,
  looksLikeId,
  normalizePage,
  pgArray,
  requireTenant,
  slugify,
  loaderFor,
  type Paginated,
  type RequestContext,
  type Row,
  type Store,
} from '@svc/kit';
import { ProductCollection } from '../entities/taxonomy.entity';
import { catalogEvents } from '../events';
import type { CollectionData, CollectionListQuery, CollectionUpdateData } from '../inputs/collection.input';
import type { CatalogCache } from './catalog-cache';
import type { CatalogTranslator } from './translate';
import { orderClause } from './product.service';
import { iso, isoNN, type CollectionView } from './views';

/** Collections: curated groups of products (Medusa ProductCollection). */
export class CollectionService {
  constructor(
    private readonly store: Store,
    private readonly cache: CatalogCache,
    private readonly translator?: CatalogTranslator,
  ) {}

  async list(ctx: RequestContext, a: CollectionListQuery): Promise<Paginated<CollectionView>> {
    const tenantId = requireTenant(ctx);
    const page = normalizePage(a, 10);
    const key = `cols:${JSON.stringify([a.q, a.id, a.handle, a.order, page])}`;
    const v = this.cache.version(tenantId);
    const hit = this.cache.get<Paginated<CollectionView>>(tenantId, key);
    if (hit) return this.translated(ctx, hit);
    const where = ['tenant_id = ?', 'deleted_at is null'];
    const params: unknown[] = [tenantId];
    if (a.q) {
      where.push('title ilike ?');
      params.push(containsPattern(a.q));
    }
    if (a.id?.length) {
      where.push('id = any(?::text[])');
      params.push(pgArray(a.id));
    }
    if (a.handle?.length) {
      where.push('handle = any(?::text[])');
      params.push(pgArray(a.handle));
    }
    const order = orderClause(a.order, { created_at: 'created_at', updated_at: 'updated_at', title: 'title', handle: 'handle' }, 'created_at desc');
    const table = this.store.table('product_collection');
    const [rows, [c]] = await Promise.all([
      this.store.sql(null, `select * from ${table} where ${where.join(' and ')} order by ${order}, id limit ? offset ?`, [...params, page.limit, page.offset]),
      this.store.sql<{ n: number }>(null, `select count(*)::int as n from ${table} where ${where.join(' and ')}`, params),
    ]);
    const out = { items: rows.map(collectionRowView), count: c.n, ...page };
    this.cache.set(tenantId, key, out, v);
    return this.translated(ctx, out);
  }

  /** The page in the request's locale (a copy: the cached page stays as stored). */
  private async translated(ctx: RequestContext, page: Paginated<CollectionView>): Promise<Paginated<CollectionView>> {
    if (!this.translator) return page;
    const items = await this.translator.collections(ctx, page.items);
    return items === page.items ? page : { ...page, items };
  }

  async get(ctx: RequestContext, idOrHandle: string): Promise<CollectionView> {
    const col = looksLikeId(idOrHandle, 'pcol') ? 'id' : 'handle';
    const [row] = await this.store.sql(
      ctx,
      `select * from ${this.store.table('product_collection')} where tenant_id = ? and ${col} = ? and deleted_at is null`,
      [requireTenant(ctx), idOrHandle],
    );
    if (!row) throw Errors.notFound('Collection', idOrHandle);
    const view = collectionRowView(row);
    return this.translator ? (await this.translator.collections(ctx, [view]))[0] : view;
  }

  /** Federation reference, batched per request. */
  byId(ctx: RequestContext, id: string): Promise<CollectionView | null> {
    return loaderFor<string, CollectionView>(ctx, 'catalog.collection', async (ids) => {
      const rows = await this.store.sql(
        null,
        `select * from ${this.store.table('product_collection')} where tenant_id = ? and id = any(?::text[]) and deleted_at is null`,
        [requireTenant(ctx), pgArray(ids)],
      );
      return new Map(rows.map((r) => [r.id as string, collectionRowView(r)]));
    }).load(id);
  }

  async create(ctx: RequestContext, input: CollectionData): Promise<CollectionView> {
    const tenantId = requireTenant(ctx);
    const id = await this.store.transaction(ctx, async (em, tx) => {
      const c = em.create(ProductCollection, { tenantId, title: input.title, handle: input.handle ?? slugify(input.title) } as never);
      catalogEvents.emit(em, tx, 'collection.created', { id: c.id, handle: c.handle });
      await this.store.afterCommit(tx, () => this.cache.invalidate(tenantId));
      return c.id;
    });
    return this.get(ctx, id);
  }

  /** Changes the title or handle (409 duplicate for a handle taken); its products are re-indexed (product.updated). */
  async update(ctx: RequestContext, id: string, input: CollectionUpdateData): Promise<CollectionView> {
    const tenantId = requireTenant(ctx);
    await this.store.transaction(ctx, async (em, tx) => {
      const c = await em.findOne(ProductCollection, { id, deletedAt: null });
      if (!c) throw Errors.notFound('Collection', id);
      const changed = (input.title !== undefined && input.title !== c.title) || (input.handle !== undefined && input.handle !== c.handle);
      if (input.title !== undefined) c.title = input.title;
      if (input.handle !== undefined) c.handle = input.handle;
      c.updatedAt = new Date();
      catalogEvents.emit(em, tx, 'collection.updated', { id, handle: c.handle });
      if (changed) for (const productId of await this.productsOf(tx, id)) catalogEvents.emit(em, tx, 'product.updated', { id: productId });
      await this.store.afterCommit(tx, () => this.cache.invalidate(tenantId));
    });
    return this.get(ctx, id);
  }

  /** Soft deletion with the handle freed; its products stay, in no collection (product.updated each). */
  async delete(ctx: RequestContext, id: string): Promise<{ id: string; object: string; deleted: boolean }> {
    const tenantId = requireTenant(ctx);
    await this.store.transaction(ctx, async (em, tx) => {
      const c = await em.findOne(ProductCollection, { id, deletedAt: null });
      if (!c) throw Errors.notFound('Collection', id);
      const products = await this.productsOf(tx, id);
      await this.store.sql(tx, `update ${this.store.table('product')} set collection_id = null, updated_at = now() where tenant_id = ? and collection_id = ?`, [
        tenantId,
        id,
      ]);
      catalogEvents.emit(em, tx, 'collection.deleted', { id, handle: c.handle });
      for (const productId of products) catalogEvents.emit(em, tx, 'product.updated', { id: productId });
      const now = new Date();
      // a suffix no handle may hold frees it for a new collection and keeps the rows unique
      c.handle = `${c.handle.slice(0, 80)}~deleted~${now.getTime()}`;
      c.deletedAt = now;
      await this.store.afterCommit(tx, () => this.cache.invalidate(tenantId));
    });
    return { id, object: 'collection', deleted: true };
  }

  /** the live products in the collection (inside the unit of work of `ctx`) */
  private async productsOf(ctx: RequestContext, collectionId: string): Promise<string[]> {
    const rows = await this.store.sql<{ id: string }>(
      ctx,
      `select id from ${this.store.table('product')} where tenant_id = ? and collection_id = ? and deleted_at is null order by id`,
      [requireTenant(ctx), collectionId],
    );
    return rows.map((r) => r.id);
  }
}

function collectionRowView(r: Row): CollectionView {
  return {
    id: r.id,
    title: r.title,
    handle: r.handle,
    external_id: null, // only products have external ids here (Medusa's default)
    metadata: r.metadata,
    created_at: isoNN(r.created_at),
    updated_at: isoNN(r.updated_at),
    deleted_at: iso(r.deleted_at),
  };
}
