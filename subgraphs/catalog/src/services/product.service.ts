import {
  DomainError,
  Errors,
  containsPattern,
  fromScaled,
  looksLikeId,
  loaderFor,
  normalizePage,
  pgArray,
  requireTenant,
  slugify,
  toScaled,
  type Paginated,
  type RequestContext,
  type Store,
} from '@svc/kit';
import type { EntityManager as Em } from '@mikro-orm/core';
import { Region } from '../entities/region.entity';
import { ProductCategory, ProductCollection, ProductTag, ProductType } from '../entities/taxonomy.entity';
import { InventoryLevel, Price, Product, ProductImage, ProductOption, ProductOptionValue, ProductVariant } from '../entities/product.entity';
import { catalogEvents } from '../events';
import type {
  AdminProductListQuery,
  CreateProductData,
  PriceData,
  ProductListQuery,
  UpdateProductData,
  UpdateVariantData,
  VariantData,
} from '../inputs/product.input';
import type { CatalogCache } from './catalog-cache';
import { channelScope } from './sales-channel.service';
import { loadProductDocuments, visibleIn } from './product-documents';
import type { CatalogTranslator } from './translate';
import type { RegionService } from './region.service';
import { priceView, type ProductView, type RegionView, type VariantView } from './views';

const ORDERABLE: Record<string, string> = { created_at: 'p.created_at', updated_at: 'p.updated_at', title: 'p.title', handle: 'p.handle' };

/** `order` (`title`, `-created_at`) from an allow-list of own keys; anything else is a 400. */
export function orderClause(order: string | undefined, allowed: Record<string, string>, fallback: string): string {
  if (!order) return fallback;
  const desc = order.startsWith('-');
  const key = desc ? order.slice(1) : order;
  const col = Object.prototype.hasOwnProperty.call(allowed, key) ? allowed[key] : undefined;
  if (!col)
    throw Errors.invalidField(
      'order',
      `order must be one of ${Object.keys(allowed)
        .map((k) => `${k}, -${k}`)
        .join(', ')}`,
    );
  return `${col} ${desc ? 'desc' : 'asc'}`;
}

/**
 * Products with their options, variants, prices, stock and images. Reads come from the document
 * read model (two statements per batch, cached per tenant, priced per request for the region);
 * writes go through the ORM in one unit of work each and emit catalog events.
 */
export class ProductService {
  constructor(
    private readonly store: Store,
    private readonly cache: CatalogCache,
    private readonly regions: RegionService,
    private readonly translator?: CatalogTranslator,
  ) {}

  // ---------- reads ----------

  async list(ctx: RequestContext, query: ProductListQuery, defaultLimit = 50): Promise<Paginated<ProductView>> {
    const tenantId = requireTenant(ctx);
    const page = normalizePage(query, defaultLimit);
    const region = await this.regions.pricing(tenantId, query.region_id, query.country_code);
    const { ids, count } = await this.listIds(tenantId, { ...query, sales_channel_id: channelScope(ctx, query.sales_channel_id) }, page, region);
    const docs = await this.docs(tenantId, ids);
    const items = ids
      .map((id) => docs.get(id))
      .filter((d): d is ProductView => !!d)
      .map((d) => priceView(d, region));
    return { items: this.translator ? await this.translator.products(ctx, items) : items, count, offset: page.offset, limit: page.limit };
  }

  private async listIds(
    tenantId: string,
    query: ProductListQuery,
    page: { limit: number; offset: number },
    region: RegionView | null,
  ): Promise<{ ids: string[]; count: number }> {
    const key = `list:${JSON.stringify([query.q, query.id, query.handle, query.collection_id, query.category_id, query.tag_id, query.type_id, query.sales_channel_id, query.sku, query.is_giftcard, query.created_at, query.updated_at, query.order, query.min_price, query.max_price, query.currency_code, region?.id, page.limit, page.offset])}`;
    const v = this.cache.version(tenantId);
    const hit = this.cache.get<{ ids: string[]; count: number }>(tenantId, key);
    if (hit) return hit;

    const where: string[] = [`p.tenant_id = ?`, `p.status = 'published'`, `p.deleted_at is null`];
    const params: unknown[] = [tenantId];
    if (query.q) {
      where.push(`(p.title ilike ? or p.description ilike ? or p.handle ilike ?)`);
      const like = containsPattern(query.q);
      params.push(like, like, like);
    }
    if (query.id?.length) {
      where.push(`p.id = any(?::text[])`);
      params.push(pgArray(query.id));
    }
    if (query.handle?.length) {
      where.push(`p.handle = any(?::text[])`);
      params.push(pgArray(query.handle));
    }
    if (query.collection_id?.length) {
      where.push(`p.collection_id = any(?::text[])`);
      params.push(pgArray(query.collection_id));
    }
    if (query.category_id?.length) {
      where.push(`exists (select 1 from ${this.store.table('product_category_link')} l where l.product_id = p.id and l.category_id = any(?::text[]))`);
      params.push(pgArray(query.category_id));
    }
    if (query.tag_id?.length) {
      where.push(`exists (select 1 from ${this.store.table('product_tag_link')} l where l.product_id = p.id and l.tag_id = any(?::text[]))`);
      params.push(pgArray(query.tag_id));
    }
    if (query.type_id?.length) {
      where.push(`p.type_id = any(?::text[])`);
      params.push(pgArray(query.type_id));
    }
    if (query.sku?.length) {
      where.push(
        `exists (select 1 from ${this.store.table('product_variant')} v where v.product_id = p.id and v.deleted_at is null and v.sku = any(?::text[]))`,
      );
      params.push(pgArray(query.sku));
    }
    if (query.sales_channel_id) this.soldIn(where, params, query.sales_channel_id);
    if (query.is_giftcard !== undefined) {
      where.push(`p.is_giftcard = ?`);
      params.push(query.is_giftcard);
    }
    for (const [column, range] of [
      ['created_at', query.created_at],
      ['updated_at', query.updated_at],
    ] as const) {
      for (const [op, sqlOp] of [
        ['gt', '>'],
        ['gte', '>='],
        ['lt', '<'],
        ['lte', '<='],
      ] as const) {
        const v = range?.[op];
        if (v) {
          where.push(`p.${column} ${sqlOp} ?::timestamptz`);
          params.push(v);
        }
      }
    }
    if (query.min_price !== undefined || query.max_price !== undefined) {
      const currency = region?.currency_code ?? query.currency_code?.toLowerCase();
      if (!currency)
        throw Errors.validation('missing_field', 'A price range needs region_id or currency_code', [
          { field: 'region_id', code: 'missing_field', message: 'region_id or currency_code is required with a price range' },
        ]);
      where.push(`exists (select 1 from ${this.store.table('product_variant')} v join ${this.store.table('price')} pr on pr.variant_id = v.id
        where v.product_id = p.id and v.deleted_at is null and pr.currency_code = ?
        and (pr.region_id is null or pr.region_id = ?) and pr.amount >= ? and pr.amount <= ?)`);
      params.push(currency, region?.id ?? null, query.min_price ?? 0, query.max_price ?? 1e15);
    }
    const order = orderClause(query.order, ORDERABLE, 'p.created_at desc');
    const sql = `select p.id, count(*) over () as total from ${this.store.table('product')} p where ${where.join(' and ')}
      order by ${order}, p.id limit ? offset ?`;
    let rows = await this.store.sql(null, sql, [...params, page.limit, page.offset]);
    let count = rows.length ? Number(rows[0].total) : 0;
    if (!rows.length && page.offset > 0) {
      const [c] = await this.store.sql<{ n: number }>(
        null,
        `select count(*)::int as n from ${this.store.table('product')} p where ${where.join(' and ')}`,
        params,
      );
      count = c.n;
    }
    if (page.limit === 0) {
      const [c] = await this.store.sql<{ n: number }>(
        null,
        `select count(*)::int as n from ${this.store.table('product')} p where ${where.join(' and ')}`,
        params,
      );
      count = c.n;
      rows = [];
    }
    const out = { ids: rows.map((r) => r.id as string), count };
    this.cache.set(tenantId, key, out, v);
    return out;
  }

  /** One published product by id or handle, priced for the region when given; 404 otherwise. */
  async get(ctx: RequestContext, idOrHandle: string, regionId?: string | null, countryCode?: string | null): Promise<ProductView> {
    const tenantId = requireTenant(ctx);
    const region = await this.regions.pricing(tenantId, regionId, countryCode);
    const id = looksLikeId(idOrHandle, 'prod') ? idOrHandle : await this.idForHandle(tenantId, idOrHandle);
    const doc = id ? (await this.docs(tenantId, [id])).get(id) : undefined;
    if (!doc || doc.status !== 'published' || doc.deleted_at || !visibleIn(doc, ctx.salesChannelIds)) throw Errors.notFound('Product', idOrHandle);
    const priced = priceView(doc, region);
    return this.translator ? this.translator.product(ctx, priced) : priced;
  }

  /**
   * Variants of published products (Medusa's /store/product-variants), newest product first, priced
   * for the region when given, each with a summary of its product. Served from the product documents.
   */
  async variants(
    ctx: RequestContext,
    a: { id?: string[]; sku?: string[]; product_id?: string[]; region_id?: string; country_code?: string; limit?: number; offset?: number },
  ): Promise<Paginated<VariantView & { product: Record<string, unknown> }>> {
    const tenantId = requireTenant(ctx);
    const page = normalizePage(a, 50);
    const region = await this.regions.pricing(tenantId, a.region_id, a.country_code);
    const where = [`v.tenant_id = ?`, `v.deleted_at is null`, `p.status = 'published'`, `p.deleted_at is null`];
    const params: unknown[] = [tenantId];
    if (a.id?.length) {
      where.push(`v.id = any(?::text[])`);
      params.push(pgArray(a.id));
    }
    if (a.sku?.length) {
      where.push(`v.sku = any(?::text[])`);
      params.push(pgArray(a.sku));
    }
    if (a.product_id?.length) {
      where.push(`v.product_id = any(?::text[])`);
      params.push(pgArray(a.product_id));
    }
    const channels = channelScope(ctx);
    if (channels) this.soldIn(where, params, channels);
    const rows = await this.store.sql<{ id: string; product_id: string; total: string }>(
      null,
      `select v.id, v.product_id, count(*) over () as total from ${this.store.table('product_variant')} v
         join ${this.store.table('product')} p on p.id = v.product_id
        where ${where.join(' and ')} order by p.created_at desc, v.variant_rank, v.id limit ? offset ?`,
      [...params, page.limit || 1, page.offset],
    );
    const docs = await this.docs(tenantId, [...new Set(rows.map((r) => r.product_id))]);
    const items = page.limit
      ? rows.flatMap((r) => {
          const doc = docs.get(r.product_id);
          if (!doc || !visibleIn(doc, ctx.salesChannelIds)) return [];
          const priced = priceView(doc, region);
          const v = priced.variants?.find((x) => x.id === r.id);
          if (!v) return [];
          const product = {
            id: doc.id,
            title: doc.title,
            handle: doc.handle,
            subtitle: doc.subtitle,
            thumbnail: doc.thumbnail,
            collection_id: doc.collection_id,
            status: doc.status,
          };
          return [{ ...v, product }];
        })
      : [];
    return { items: this.translator ? await this.translator.variants(ctx, items) : items, count: rows.length ? Number(rows[0].total) : 0, ...page };
  }

  /** Adds the condition "product `p` is sold in one of `channels`" to a WHERE list. */
  private soldIn(where: string[], params: unknown[], channels: string[]): void {
    where.push(`exists (select 1 from ${this.store.table('product_sales_channel')} l where l.product_id = p.id and l.sales_channel_id = any(?::text[]))`);
    params.push(pgArray(channels));
  }

  /** One variant of a published product; 404 otherwise (another tenant's too). */
  async variant(ctx: RequestContext, id: string, regionId?: string, countryCode?: string) {
    const r = await this.variants(ctx, { id: [id], region_id: regionId, country_code: countryCode, limit: 1 });
    if (!r.items[0]) throw Errors.notFound('Variant', id);
    return r.items[0];
  }

  /**
   * Admin: the store's products in any status but deleted, newest first (archived ones only when
   * `status` names them); words match the title, handle or a variant's SKU. Not cached: admins
   * expect their own writes at once.
   */
  async listAny(ctx: RequestContext, query: AdminProductListQuery): Promise<Paginated<ProductView>> {
    const tenantId = requireTenant(ctx);
    const page = normalizePage(query, 20);
    const where = [`p.tenant_id = ?`, `p.deleted_at is null`, `p.status = any(?::text[])`];
    const params: unknown[] = [tenantId, pgArray(query.status?.length ? query.status : ['draft', 'proposed', 'published', 'rejected'])];
    if (query.q) {
      const like = containsPattern(query.q);
      where.push(`(p.title ilike ? or p.handle ilike ? or exists (select 1 from ${this.store.table('product_variant')} v
        where v.product_id = p.id and v.deleted_at is null and v.sku ilike ?))`);
      params.push(like, like, like);
    }
    const [{ n }] = await this.store.sql<{ n: number }>(
      null,
      `select count(*)::int as n from ${this.store.table('product')} p where ${where.join(' and ')}`,
      params,
    );
    const rows = await this.store.sql<{ id: string }>(
      null,
      `select p.id from ${this.store.table('product')} p where ${where.join(' and ')} order by p.created_at desc, p.id desc limit ? offset ?`,
      [...params, page.limit, page.offset],
    );
    const docs = await this.docs(
      tenantId,
      rows.map((r) => r.id),
    );
    const items = rows.map((r) => docs.get(r.id)).filter((d): d is ProductView => !!d);
    return { items, count: n, offset: page.offset, limit: page.limit };
  }

  /** Any status (admin views and mutation results); inside a unit of work, as that transaction sees it (uncached). */
  async getAny(ctx: RequestContext, id: string): Promise<ProductView> {
    const tenantId = requireTenant(ctx);
    const doc = this.store.inTransaction(ctx) ? (await loadProductDocuments(this.store, tenantId, [id], ctx))[0] : (await this.docs(tenantId, [id])).get(id);
    if (!doc || doc.deleted_at) throw Errors.notFound('Product', id);
    return doc;
  }

  /** Federation reference (any status, the tenant's only), batched per request. */
  byId(ctx: RequestContext, id: string): Promise<ProductView | null> {
    return loaderFor<string, ProductView>(ctx, 'catalog.product', (ids) => this.docs(requireTenant(ctx), [...ids])).load(id);
  }

  /** Federation reference of a variant: its product's document, batched per request. */
  variantById(ctx: RequestContext, id: string): Promise<VariantView | null> {
    return loaderFor<string, VariantView>(ctx, 'catalog.variant', async (ids) => {
      const tenantId = requireTenant(ctx);
      const rows = await this.store.sql<{ id: string; product_id: string }>(
        null,
        `select id, product_id from ${this.store.table('product_variant')} where tenant_id = ? and id = any(?::text[]) and deleted_at is null`,
        [tenantId, pgArray(ids)],
      );
      const docs = await this.docs(tenantId, [...new Set(rows.map((r) => r.product_id))]);
      const out = new Map<string, VariantView>();
      for (const r of rows) {
        const v = docs.get(r.product_id)?.variants.find((x) => x.id === r.id);
        if (v) out.set(r.id, v);
      }
      return out;
    }).load(id);
  }

  private async idForHandle(tenantId: string, handle: string): Promise<string | null> {
    if (handle.length > 200) return null;
    const key = `h:${handle}`;
    const v = this.cache.version(tenantId);
    const hit = this.cache.get<string | null>(tenantId, key);
    if (hit !== undefined) return hit;
    const [row] = await this.store.sql(null, `select id from ${this.store.table('product')} where tenant_id = ? and handle = ?`, [tenantId, handle]);
    const id = (row?.id as string) ?? null;
    this.cache.set(tenantId, key, id, v);
    return id;
  }

  /** Documents by id (cached); missing ids are absent from the map. */
  async docs(tenantId: string, ids: string[]): Promise<Map<string, ProductView>> {
    const out = new Map<string, ProductView>();
    const missing: string[] = [];
    for (const id of ids) {
      const hit = this.cache.get<ProductView>(tenantId, `p:${id}`);
      if (hit) out.set(id, hit);
      else missing.push(id);
    }
    if (missing.length) {
      const v = this.cache.version(tenantId);
      for (const doc of await loadProductDocuments(this.store, tenantId, missing)) {
        out.set(doc.id, doc);
        this.cache.set(tenantId, `p:${doc.id}`, doc, v);
      }
    }
    return out;
  }

  // ---------- writes (admin) ----------

  /** A live product of the tenant with its options and values, taxonomy loaded (404 otherwise). */
  async product(em: Em, id: string): Promise<Product> {
    const p = await em.findOne(Product, { id, deletedAt: null }, { populate: ['options', 'options.values', 'categories', 'tags'] });
    if (!p) throw Errors.notFound('Product', id);
    return p;
  }

  private async applyProductFields(em: Em, tenantId: string, p: Product, input: UpdateProductData): Promise<void> {
    if (input.title !== undefined) p.title = input.title;
    if (input.handle !== undefined) p.handle = input.handle;
    if (input.subtitle !== undefined) p.subtitle = input.subtitle;
    if (input.description !== undefined) p.description = input.description;
    if (input.status !== undefined) p.status = input.status;
    if (input.thumbnail !== undefined) p.thumbnail = input.thumbnail;
    if (input.material !== undefined) p.material = input.material;
    if (input.origin_country !== undefined) p.originCountry = input.origin_country;
    if (input.weight !== undefined) p.weight = input.weight;
    if (input.metadata !== undefined) p.metadata = input.metadata;
    if (input.collection_id !== undefined) {
      p.collection = input.collection_id ? await em.findOne(ProductCollection, { id: input.collection_id }) : null;
      if (input.collection_id && !p.collection) throw Errors.invalidField('collection_id', `Collection ${input.collection_id} does not exist`);
    }
    if (input.category_ids !== undefined) {
      const cats = input.category_ids.length ? await em.find(ProductCategory, { id: { $in: input.category_ids } }) : [];
      if (cats.length !== new Set(input.category_ids).size) throw Errors.invalidField('category_ids', 'Some categories do not exist');
      p.categories.set(cats);
    }
    if (input.tags !== undefined) {
      const tags: ProductTag[] = [];
      for (const value of [...new Set(input.tags)]) {
        tags.push((await em.findOne(ProductTag, { value })) ?? em.create(ProductTag, { tenantId, value } as never));
      }
      p.tags.set(tags);
    }
    if (input.type !== undefined) {
      p.type = input.type ? ((await em.findOne(ProductType, { value: input.type })) ?? em.create(ProductType, { tenantId, value: input.type } as never)) : null;
    }
    p.updatedAt = new Date();
  }

  private addVariant(em: Em, tenantId: string, p: Product, input: VariantData, rank: number): ProductVariant {
    const v = em.create(ProductVariant, {
      tenantId,
      product: p,
      title: input.title,
      sku: input.sku ?? null,
      barcode: input.barcode ?? null,
      manageInventory: input.manage_inventory ?? true,
      allowBackorder: input.allow_backorder ?? false,
      weight: input.weight ?? null,
      metadata: input.metadata ?? null,
      variantRank: rank,
    } as never);
    for (const val of optionValuesFor(p, input.options ?? {}, input.title)) v.options.add(val);
    this.setPrices(em, tenantId, v, input.prices ?? []);
    em.create(InventoryLevel, { tenantId, variant: v, stockedQuantity: input.inventory_quantity ?? 0 } as never);
    return v;
  }

  /** A region-specific price must name a region of this tenant (the tenant filter hides all others). */
  private async checkPriceRegions(em: Em, prices: PriceData[]): Promise<void> {
    const ids = [...new Set(prices.map((pr) => pr.region_id).filter((id): id is string => !!id))];
    if (ids.length && (await em.count(Region, { id: { $in: ids } })) !== ids.length) {
      throw Errors.invalidField('region_id', 'Some price regions do not exist');
    }
  }

  private setPrices(em: Em, tenantId: string, v: ProductVariant, prices: PriceData[]): void {
    const seen = new Set<string>();
    for (const pr of prices) {
      const key = `${pr.currency_code}|${pr.region_id ?? ''}|${pr.min_quantity ?? ''}`;
      if (seen.has(key)) throw Errors.invalidField('prices', `Two prices for ${pr.currency_code}${pr.region_id ? ` in ${pr.region_id}` : ''}`);
      seen.add(key);
      em.create(Price, {
        tenantId,
        variant: v,
        currencyCode: pr.currency_code,
        amount: fromScaled(toScaled(pr.amount)),
        regionId: pr.region_id ?? null,
        minQuantity: pr.min_quantity ?? null,
        maxQuantity: pr.max_quantity ?? null,
      } as never);
    }
  }

  /**
   * After a write: once it commits, drop what this instance cached (before the trigger's NOTIFY
   * arrives); answer the document as the caller's unit of work sees it.
   */
  async written(ctx: RequestContext, id: string): Promise<ProductView> {
    const tenantId = requireTenant(ctx);
    await this.store.afterCommit(ctx, () => this.cache.invalidate(`${tenantId}|list|${id}`));
    return this.getAny(ctx, id);
  }

  async create(ctx: RequestContext, input: CreateProductData): Promise<ProductView> {
    const tenantId = requireTenant(ctx);
    const id = await this.store.transaction(ctx, async (em, tx) => {
      const p = em.create(Product, { tenantId, title: input.title, handle: input.handle ?? slugify(input.title) } as never);
      await this.applyProductFields(em, tenantId, p, input);
      if (!input.status) p.status = 'draft';
      await this.checkPriceRegions(
        em,
        (input.variants ?? []).flatMap((v) => v.prices ?? []),
      );
      (input.options ?? []).forEach((o, i) => {
        if (new Set(o.values).size !== o.values.length || !o.values.length) throw Errors.invalidField('options', `Option "${o.title}" needs distinct values`);
        const opt = em.create(ProductOption, { tenantId, product: p, title: o.title, rank: i } as never);
        o.values.forEach((value, j) => opt.values.add(em.create(ProductOptionValue, { tenantId, option: opt, value, rank: j } as never)));
        p.options.add(opt);
      });
      (input.variants ?? []).forEach((v, i) => this.addVariant(em, tenantId, p, v, i));
      (input.images ?? []).forEach((url, i) => em.create(ProductImage, { tenantId, product: p, url, rank: i } as never));
      if (!p.thumbnail && input.images?.length) p.thumbnail = input.images[0];
      catalogEvents.emit(em, tx, 'product.created', { id: p.id, handle: p.handle });
      return p.id;
    });
    return this.written(ctx, id);
  }

  async update(ctx: RequestContext, id: string, input: UpdateProductData): Promise<ProductView> {
    const tenantId = requireTenant(ctx);
    await this.store.transaction(ctx, async (em, tx) => {
      const p = await this.product(em, id);
      await this.applyProductFields(em, tenantId, p, input);
      catalogEvents.emit(em, tx, 'product.updated', { id });
    });
    return this.written(ctx, id);
  }

  /**
   * Deletes a product (soft: orders and carts keep their snapshots): off the storefront, the
   * admin's lists and search (`product.deleted`), its variants no longer sellable, its handle free
   * for a new product. Answers the product as it was.
   */
  async delete(ctx: RequestContext, id: string): Promise<ProductView> {
    const tenantId = requireTenant(ctx);
    const before = await this.store.transaction(ctx, async (em, tx) => {
      const p = await this.product(em, id);
      const doc = await this.getAny(tx, id);
      const now = new Date();
      // a suffix no handle or SKU may hold frees them for new products and keeps the rows unique
      const freed = (s: string) => `${s.slice(0, 80)}~deleted~${now.getTime()}`;
      for (const v of await em.find(ProductVariant, { product: p, deletedAt: null })) {
        v.deletedAt = now;
        if (v.sku) v.sku = freed(v.sku);
      }
      catalogEvents.emit(em, tx, 'product.deleted', { id, handle: p.handle });
      p.handle = freed(p.handle);
      p.deletedAt = now;
      return doc;
    });
    await this.store.afterCommit(ctx, () => this.cache.invalidate(`${tenantId}|list|${id}`));
    return before;
  }

  /**
   * Refuses what a unique index would refuse later, with a message that names it: a SKU another live
   * variant of the store has (409 duplicate; two concurrent writes still meet the index, 409 too).
   */
  private async checkSku(em: Em, sku: string | null | undefined, exceptVariantId: string | null): Promise<void> {
    if (!sku) return;
    const other = await em.findOne(ProductVariant, { sku, ...(exceptVariantId ? { id: { $ne: exceptVariantId } } : {}) }, { fields: ['id'] });
    if (other) throw Errors.conflict('duplicate', `SKU "${sku}" is already used by another variant of the store`);
  }

  /**
   * A product's variants differ in their option values: another live variant with the same values
   * is 409 duplicate_options (the product's structural changes are serialised by its lock).
   */
  private async checkCombination(tx: RequestContext, p: Product, values: ProductOptionValue[], exceptVariantId: string | null): Promise<void> {
    if (!p.options.length) return;
    const wanted = values
      .map((v) => v.id)
      .sort()
      .join(',');
    const rows = await this.store.sql<{ id: string; combo: string | null }>(
      tx,
      `select v.id, string_agg(l.option_value_id, ',' order by l.option_value_id) as combo
         from ${this.store.table('product_variant')} v left join ${this.store.table('variant_option_value')} l on l.variant_id = v.id
        where v.tenant_id = ? and v.product_id = ? and v.deleted_at is null and v.id <> ? group by v.id`,
      [requireTenant(tx), p.id, exceptVariantId ?? ''],
    );
    const twin = rows.find((r) => (r.combo ?? '') === wanted);
    if (twin) {
      const named = values.map((v) => `${v.option.title} ${v.value}`).join(', ');
      throw Errors.conflict('duplicate_options', `Another variant of the product already has ${named}`);
    }
  }

  async createVariant(ctx: RequestContext, productId: string, input: VariantData): Promise<ProductView> {
    const tenantId = requireTenant(ctx);
    await this.store.transaction(ctx, async (em, tx) => {
      await this.lockProduct(tx, productId);
      const p = await this.product(em, productId);
      await this.checkPriceRegions(em, input.prices ?? []);
      await this.checkSku(em, input.sku, null);
      await this.checkCombination(tx, p, optionValuesFor(p, input.options ?? {}, input.title), null);
      const rank = await em.count(ProductVariant, { product: p });
      this.addVariant(em, tenantId, p, input, rank);
      p.updatedAt = new Date();
      catalogEvents.emit(em, tx, 'product.updated', { id: productId });
    });
    return this.written(ctx, productId);
  }

  /**
   * A live variant, read once its product's lock is held (structural changes of one product, its
   * options, variants and images, run one after the other); 404 otherwise.
   */
  private async lockedVariant(em: Em, tx: RequestContext, id: string): Promise<ProductVariant> {
    const [row] = await this.store.sql<{ product_id: string }>(
      tx,
      `select product_id from ${this.store.table('product_variant')} where tenant_id = ? and id = ? and deleted_at is null`,
      [requireTenant(tx), id],
    );
    if (!row) throw Errors.notFound('Variant', id);
    await this.lockProduct(tx, row.product_id);
    return this.variantRow(em, id);
  }

  /** Serialises the structural changes of one product (options, variants, images) until the unit of work ends. */
  lockProduct(tx: RequestContext, productId: string): Promise<void> {
    return this.store.lock(tx, `product:${productId}`);
  }

  private async variantRow(em: Em, id: string): Promise<ProductVariant> {
    const v = await em.findOne(ProductVariant, { id, deletedAt: null }, { populate: ['product'] });
    if (!v) throw Errors.notFound('Variant', id);
    return v;
  }

  /**
   * Changes the fields given of a variant in one unit of work: its own fields, its option values
   * (one per option, distinct from the other variants'), every price (replaced) and its stock.
   */
  async updateVariant(ctx: RequestContext, id: string, input: UpdateVariantData): Promise<ProductView> {
    const tenantId = requireTenant(ctx);
    const productId = await this.store.transaction(ctx, async (em, tx) => {
      const v = await this.lockedVariant(em, tx, id);
      if (input.title !== undefined) v.title = input.title;
      if (input.sku !== undefined) {
        await this.checkSku(em, input.sku, v.id);
        v.sku = input.sku;
      }
      if (input.barcode !== undefined) v.barcode = input.barcode;
      if (input.manage_inventory != null) v.manageInventory = input.manage_inventory;
      if (input.allow_backorder != null) v.allowBackorder = input.allow_backorder;
      if (input.weight !== undefined) v.weight = input.weight;
      if (input.metadata !== undefined) v.metadata = input.metadata;
      if (input.options != null) {
        const p = await this.product(em, v.product.id);
        const values = optionValuesFor(p, input.options, v.title);
        await this.checkCombination(tx, p, values, v.id);
        await v.options.init();
        v.options.set(values);
      }
      if (input.prices != null) {
        await this.checkPriceRegions(em, input.prices);
        await em.nativeDelete(Price, { variant: v });
        this.setPrices(em, tenantId, v, input.prices);
      }
      if (input.stocked_quantity != null) await this.stock(em, tx, v, input.stocked_quantity);
      v.updatedAt = new Date();
      catalogEvents.emit(em, tx, 'product.updated', { id: v.product.id });
      return v.product.id;
    });
    return this.written(ctx, productId);
  }

  /**
   * Deletes a variant (soft, as products are: carts and orders keep their snapshots): off the
   * storefront and the product's document, no longer sellable, its SKU free again. The product
   * stays, with its other variants. Events `product_variant.deleted` and `product.updated` (search
   * and the caches follow the product).
   */
  async deleteVariant(ctx: RequestContext, id: string): Promise<ProductView> {
    const productId = await this.store.transaction(ctx, async (em, tx) => {
      const v = await this.lockedVariant(em, tx, id);
      const now = new Date();
      catalogEvents.emit(em, tx, 'product_variant.deleted', { id: v.id, product_id: v.product.id, sku: v.sku });
      if (v.sku) v.sku = `${v.sku.slice(0, 80)}~deleted~${now.getTime()}`;
      v.deletedAt = now;
      v.product.updatedAt = now;
      catalogEvents.emit(em, tx, 'product.updated', { id: v.product.id });
      return v.product.id;
    });
    return this.written(ctx, productId);
  }

  /** Replaces all prices of a variant. */
  async setPricesOf(ctx: RequestContext, variantId: string, prices: PriceData[]): Promise<ProductView> {
    const tenantId = requireTenant(ctx);
    const productId = await this.store.transaction(ctx, async (em, tx) => {
      const v = await this.variantRow(em, variantId);
      await this.checkPriceRegions(em, prices);
      await em.nativeDelete(Price, { variant: v });
      this.setPrices(em, tenantId, v, prices);
      v.updatedAt = new Date();
      catalogEvents.emit(em, tx, 'product.updated', { id: v.product.id });
      return v.product.id;
    });
    return this.written(ctx, productId);
  }

  /** The product images that show a variant (ids of its own product's images; [] removes them all). */
  async setVariantImages(ctx: RequestContext, variantId: string, imageIds: string[]): Promise<ProductView> {
    if (imageIds.length > 50) throw Errors.invalidField('image_ids', 'A variant shows at most 50 images');
    const productId = await this.store.transaction(ctx, async (em, tx) => {
      const v = await this.variantRow(em, variantId);
      const images = imageIds.length ? await em.find(ProductImage, { id: { $in: imageIds }, product: v.product }) : [];
      if (images.length !== new Set(imageIds).size) throw Errors.invalidField('image_ids', "image_ids must be images of the variant's product");
      await v.images.init();
      v.images.set(images);
      v.updatedAt = new Date();
      catalogEvents.emit(em, tx, 'product.updated', { id: v.product.id });
      return v.product.id;
    });
    return this.written(ctx, productId);
  }

  async setInventory(ctx: RequestContext, variantId: string, stocked: number): Promise<ProductView> {
    if (!Number.isInteger(stocked) || stocked < 0) throw Errors.invalidField('stocked_quantity', 'stocked_quantity must be a non-negative integer');
    const productId = await this.store.transaction(ctx, async (em, tx) => {
      const v = await this.variantRow(em, variantId);
      await this.stock(em, tx, v, stocked);
      return v.product.id;
    });
    return this.written(ctx, productId);
  }

  /** Sets a variant's stocked units (not below what is reserved: 409 insufficient_inventory); `inventory.updated`. */
  private async stock(em: Em, tx: RequestContext, v: ProductVariant, stocked: number): Promise<void> {
    const level = (await em.findOne(InventoryLevel, { variant: v })) ?? em.create(InventoryLevel, { tenantId: requireTenant(tx), variant: v } as never);
    if (stocked < level.reservedQuantity) {
      throw new DomainError('conflict', 'insufficient_inventory', `${level.reservedQuantity} units are reserved; stock cannot go below that`);
    }
    level.stockedQuantity = stocked;
    level.updatedAt = new Date();
    catalogEvents.emit(em, tx, 'inventory.updated', { variant_id: v.id, product_id: v.product.id, stocked_quantity: stocked });
  }
}

/**
 * The option values a variant chooses (option title -> value), one for each option of the
 * product; an unknown option or value, or a missing option, is 400.
 */
function optionValuesFor(p: Product, chosen: Record<string, string>, variantTitle: string): ProductOptionValue[] {
  const byTitle = new Map(p.options.getItems().map((o) => [o.title, o]));
  const out: ProductOptionValue[] = [];
  for (const [title, value] of Object.entries(chosen)) {
    const val = byTitle
      .get(title)
      ?.values.getItems()
      .find((x) => x.value === value);
    if (!val) throw Errors.invalidField('options', `Option "${title}" has no value "${value}"`);
    out.push(val);
  }
  if (p.options.length && out.length !== p.options.length) {
    throw Errors.invalidField('options', `Variant "${variantTitle}" must choose a value for each option (${[...byTitle.keys()].join(', ')})`);
  }
  return out;
}
