import { Errors, looksLikeId, pgArray, normalizePage, requireTenant, type Orm, type Paginated, type RequestContext } from '@svc/kit';
import type { CatalogCache } from './catalog-cache';
import { iso, isoNN, priceView, type CategoryView, type PriceRow, type ProductView, type RegionView, type VariantView } from './views';
import { SqlReader, type Row } from './sql-reader';

export interface ProductListQuery {
  limit?: number;
  offset?: number;
  order?: string;
  q?: string;
  id?: string[];
  handle?: string[];
  collection_id?: string[];
  category_id?: string[];
  tag_id?: string[];
  region_id?: string;
  country_code?: string;
  currency_code?: string;
  min_price?: number;
  max_price?: number;
}

const ORDERABLE: Record<string, string> = { created_at: 'p.created_at', updated_at: 'p.updated_at', title: 'p.title', handle: 'p.handle' };

export function orderClause(order: string | undefined, allowed: Record<string, string>, fallback: string): string {
  if (!order) return fallback;
  const desc = order.startsWith('-');
  const col = allowed[desc ? order.slice(1) : order];
  if (!col) throw Errors.invalidField('order', `order must be one of ${Object.keys(allowed).map((k) => `${k}, -${k}`).join(', ')}`);
  return `${col} ${desc ? 'desc' : 'asc'}`;
}

/**
 * The catalog read model: products as Medusa v2 documents, loaded with two statements per batch
 * (never per product), cached per tenant and priced per request for the region.
 */
export class ProductReadService extends SqlReader {
  constructor(orm: Orm, private readonly cache: CatalogCache) {
    super(orm);
  }

  /**
   * Read-your-writes on this instance (other instances hear of the change through NOTIFY): one
   * product and the list pages, or the whole tenant when no product is named.
   */
  forget(tenantId: string, productId?: string): void {
    this.cache.invalidate(productId ? `${tenantId}|list|${productId}` : tenantId);
  }

  // ---------- regions ----------

  async regions(tenantId: string): Promise<RegionView[]> {
    const v = this.cache.version(tenantId);
    const hit = this.cache.get<RegionView[]>(tenantId, 'regions');
    if (hit) return hit;
    const [regions, countries] = await Promise.all([
      this.q(`select * from "${this.s}".region where tenant_id = ? order by created_at, id`, [tenantId]),
      this.q(`select * from "${this.s}".region_country where tenant_id = ? order by iso2`, [tenantId]),
    ]);
    const out: RegionView[] = regions.map((r) => ({
      id: r.id,
      name: r.name,
      currency_code: r.currency_code,
      automatic_taxes: r.automatic_taxes,
      countries: countries
        .filter((c) => c.region_id === r.id)
        .map((c) => ({ id: c.id, iso_2: c.iso2, iso_3: c.iso3, num_code: c.num_code, name: c.name, display_name: c.display_name })),
      metadata: r.metadata,
      created_at: isoNN(r.created_at),
      updated_at: isoNN(r.updated_at),
    }));
    this.cache.set(tenantId, 'regions', out, v);
    return out;
  }

  async region(ctx: RequestContext, id: string): Promise<RegionView> {
    const r = (await this.regions(requireTenant(ctx))).find((x) => x.id === id);
    if (!r) throw Errors.notFound('Region', id);
    return r;
  }

  /** Pricing context: an unknown region is a client error (400), as in Medusa. */
  private async pricingRegion(tenantId: string, regionId?: string, countryCode?: string): Promise<RegionView | null> {
    if (regionId) {
      const r = (await this.regions(tenantId)).find((x) => x.id === regionId);
      if (!r) throw Errors.invalidField('region_id', `Region with id "${regionId}" was not found`);
      return r;
    }
    if (countryCode) {
      const cc = countryCode.toLowerCase();
      const r = (await this.regions(tenantId)).find((x) => x.countries.some((c) => c.iso_2 === cc));
      if (!r) throw Errors.invalidField('country_code', `No region serves country "${countryCode}"`);
      return r;
    }
    return null;
  }

  // ---------- products ----------

  async list(ctx: RequestContext, query: ProductListQuery, defaultLimit = 50): Promise<Paginated<ProductView>> {
    const tenantId = requireTenant(ctx);
    const page = normalizePage(query, defaultLimit);
    const region = await this.pricingRegion(tenantId, query.region_id, query.country_code);
    const { ids, count } = await this.listIds(tenantId, query, page, region);
    const docs = await this.docs(tenantId, ids);
    const items = ids.map((id) => docs.get(id)).filter((d): d is ProductView => !!d).map((d) => priceView(d, region));
    return { items, count, offset: page.offset, limit: page.limit };
  }

  private async listIds(
    tenantId: string,
    query: ProductListQuery,
    page: { limit: number; offset: number },
    region: RegionView | null,
  ): Promise<{ ids: string[]; count: number }> {
    const key = `list:${JSON.stringify([query.q, query.id, query.handle, query.collection_id, query.category_id, query.tag_id, query.order, query.min_price, query.max_price, query.currency_code, region?.id, page.limit, page.offset])}`;
    const v = this.cache.version(tenantId);
    const hit = this.cache.get<{ ids: string[]; count: number }>(tenantId, key);
    if (hit) return hit;

    const where: string[] = [`p.tenant_id = ?`, `p.status = 'published'`, `p.deleted_at is null`];
    const params: unknown[] = [tenantId];
    if (query.q) {
      where.push(`(p.title ilike ? or p.description ilike ? or p.handle ilike ?)`);
      const like = `%${query.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
      params.push(like, like, like);
    }
    if (query.id?.length) (where.push(`p.id = any(?::text[])`), params.push(pgArray(query.id)));
    if (query.handle?.length) (where.push(`p.handle = any(?::text[])`), params.push(pgArray(query.handle)));
    if (query.collection_id?.length) (where.push(`p.collection_id = any(?::text[])`), params.push(pgArray(query.collection_id)));
    if (query.category_id?.length) {
      where.push(`exists (select 1 from "${this.s}".product_category_link l where l.product_id = p.id and l.category_id = any(?::text[]))`);
      params.push(pgArray(query.category_id));
    }
    if (query.tag_id?.length) {
      where.push(`exists (select 1 from "${this.s}".product_tag_link l where l.product_id = p.id and l.tag_id = any(?::text[]))`);
      params.push(pgArray(query.tag_id));
    }
    if (query.min_price !== undefined || query.max_price !== undefined) {
      const currency = region?.currency_code ?? query.currency_code?.toLowerCase();
      if (!currency) throw Errors.validation('missing_field', 'A price range needs region_id or currency_code', [
        { field: 'region_id', code: 'missing_field', message: 'region_id or currency_code is required with a price range' },
      ]);
      where.push(`exists (select 1 from "${this.s}".product_variant v join "${this.s}".price pr on pr.variant_id = v.id
        where v.product_id = p.id and v.deleted_at is null and pr.currency_code = ?
        and (pr.region_id is null or pr.region_id = ?) and pr.amount >= ? and pr.amount <= ?)`);
      params.push(currency, region?.id ?? null, query.min_price ?? 0, query.max_price ?? 1e15);
    }
    const order = orderClause(query.order, ORDERABLE, 'p.created_at desc');
    const sql = `select p.id, count(*) over () as total from "${this.s}".product p where ${where.join(' and ')}
      order by ${order}, p.id limit ? offset ?`;
    let rows = await this.q(sql, [...params, page.limit, page.offset]);
    let count = rows.length ? Number(rows[0].total) : 0;
    if (!rows.length && page.offset > 0) {
      const [c] = await this.q(`select count(*)::int as n from "${this.s}".product p where ${where.join(' and ')}`, params);
      count = c.n;
    }
    if (page.limit === 0) {
      const [c] = await this.q(`select count(*)::int as n from "${this.s}".product p where ${where.join(' and ')}`, params);
      count = c.n;
      rows = [];
    }
    const out = { ids: rows.map((r) => r.id as string), count };
    this.cache.set(tenantId, key, out, v);
    return out;
  }

  /** One product by id or handle, priced for `regionId` when given; 404 when not published. */
  async get(ctx: RequestContext, idOrHandle: string, regionId?: string, countryCode?: string): Promise<ProductView> {
    const tenantId = requireTenant(ctx);
    const region = await this.pricingRegion(tenantId, regionId, countryCode);
    const id = looksLikeId(idOrHandle, 'prod') ? idOrHandle : await this.idForHandle(tenantId, idOrHandle);
    const doc = id ? (await this.docs(tenantId, [id])).get(id) : undefined;
    if (!doc || doc.status !== 'published' || doc.deleted_at) throw Errors.notFound('Product', idOrHandle);
    return priceView(doc, region);
  }

  /** Any status (admin views and mutation results). */
  async getAny(tenantId: string, id: string): Promise<ProductView> {
    const doc = (await this.docs(tenantId, [id])).get(id);
    if (!doc) throw Errors.notFound('Product', id);
    return doc;
  }

  private async idForHandle(tenantId: string, handle: string): Promise<string | null> {
    if (handle.length > 200) return null;
    const key = `h:${handle}`;
    const v = this.cache.version(tenantId);
    const hit = this.cache.get<string | null>(tenantId, key);
    if (hit !== undefined) return hit;
    const [row] = await this.q(`select id from "${this.s}".product where tenant_id = ? and handle = ?`, [tenantId, handle]);
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
      for (const doc of await this.load(tenantId, missing)) {
        out.set(doc.id, doc);
        this.cache.set(tenantId, `p:${doc.id}`, doc, v);
      }
    }
    return out;
  }

  /**
   * Two statements per batch, whatever its size: the products with their small relations as
   * JSON, then all their variants with stock, option values and every price.
   */
  private async load(tenantId: string, ids: string[]): Promise<ProductView[]> {
    const [products, variants] = await Promise.all([
      this.q(productsSql(this.s), [tenantId, pgArray(ids)]),
      this.q(variantsSql(this.s), [tenantId, pgArray(ids)]),
    ]);
    const byProduct = new Map<string, VariantView[]>();
    for (const r of variants) {
      const v: VariantView = {
        id: r.id,
        title: r.title,
        sku: r.sku,
        barcode: r.barcode,
        ean: r.ean,
        upc: r.upc,
        thumbnail: null,
        allow_backorder: r.allow_backorder,
        manage_inventory: r.manage_inventory,
        inventory_quantity: Number(r.inventory_quantity),
        hs_code: r.hs_code,
        origin_country: r.origin_country,
        mid_code: r.mid_code,
        material: r.material,
        weight: r.weight,
        length: r.length,
        height: r.height,
        width: r.width,
        variant_rank: r.variant_rank,
        options: r.options,
        product_id: r.product_id,
        metadata: r.metadata,
        created_at: isoNN(r.created_at),
        updated_at: isoNN(r.updated_at),
        deleted_at: iso(r.deleted_at),
      };
      Object.defineProperty(v, 'prices', { value: r.prices as PriceRow[], enumerable: false });
      let list = byProduct.get(r.product_id);
      if (!list) byProduct.set(r.product_id, (list = []));
      list.push(v);
    }
    return products.map((p) => ({
      id: p.id,
      title: p.title,
      handle: p.handle,
      subtitle: p.subtitle,
      description: p.description,
      is_giftcard: p.is_giftcard,
      status: p.status,
      thumbnail: p.thumbnail,
      width: p.width,
      weight: p.weight,
      length: p.length,
      height: p.height,
      origin_country: p.origin_country,
      hs_code: p.hs_code,
      mid_code: p.mid_code,
      material: p.material,
      collection_id: p.collection_id,
      type_id: p.type_id,
      discountable: p.discountable,
      external_id: p.external_id,
      metadata: p.metadata,
      created_at: isoNN(p.created_at),
      updated_at: isoNN(p.updated_at),
      deleted_at: iso(p.deleted_at),
      collection: p.collection,
      categories: p.categories,
      type: p.type,
      tags: p.tags,
      options: p.options,
      images: p.images,
      variants: byProduct.get(p.id) ?? [],
    }));
  }
}

export function categoryRowView(r: Row): CategoryView {
  return {
    id: r.id,
    name: r.name,
    description: r.description ?? '',
    handle: r.handle,
    rank: r.rank,
    parent_category_id: r.parent_id ?? null,
    metadata: r.metadata,
    created_at: isoNN(r.created_at),
    updated_at: isoNN(r.updated_at),
    deleted_at: iso(r.deleted_at),
  };
}


/** `timestamptz` as JavaScript's toISOString() writes it, inside JSON built by PostgreSQL */
const isoSql = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const optionValueJson = (ov: string, o: string) => `json_build_object('id', ${ov}.id, 'value', ${ov}.value, 'rank', ${ov}.rank,
  'option_id', ${ov}.option_id, 'option', json_build_object('id', ${o}.id, 'title', ${o}.title), 'metadata', ${ov}.metadata,
  'created_at', ${isoSql(`${ov}.created_at`)}, 'updated_at', ${isoSql(`${ov}.updated_at`)})`;

/** Products of tenant ?1 with ids ?2 (text[]), their collection, categories, type, tags, options and images as JSON. */
const productsSql = (s: string) => `
  select p.*,
    (select json_build_object('id', c.id, 'title', c.title, 'handle', c.handle, 'metadata', c.metadata,
        'created_at', ${isoSql('c.created_at')}, 'updated_at', ${isoSql('c.updated_at')}, 'deleted_at', ${isoSql('c.deleted_at')})
      from "${s}".product_collection c where c.id = p.collection_id and c.tenant_id = p.tenant_id) as collection,
    (select coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'description', c.description, 'handle', c.handle,
        'rank', c.rank, 'parent_category_id', c.parent_id, 'metadata', c.metadata, 'created_at', ${isoSql('c.created_at')},
        'updated_at', ${isoSql('c.updated_at')}, 'deleted_at', ${isoSql('c.deleted_at')}) order by c.rank, c.id), '[]'::json)
      from "${s}".product_category_link l join "${s}".product_category c on c.id = l.category_id
      where l.product_id = p.id and c.tenant_id = p.tenant_id and c.deleted_at is null) as categories,
    (select json_build_object('id', t.id, 'value', t.value, 'created_at', ${isoSql('t.created_at')}, 'updated_at', ${isoSql('t.updated_at')})
      from "${s}".product_type t where t.id = p.type_id and t.tenant_id = p.tenant_id) as type,
    (select coalesce(json_agg(json_build_object('id', t.id, 'value', t.value, 'created_at', ${isoSql('t.created_at')},
        'updated_at', ${isoSql('t.updated_at')}) order by t.value), '[]'::json)
      from "${s}".product_tag_link l join "${s}".product_tag t on t.id = l.tag_id
      where l.product_id = p.id and t.tenant_id = p.tenant_id) as tags,
    (select coalesce(json_agg(json_build_object('id', o.id, 'title', o.title, 'product_id', o.product_id,
        'values', (select coalesce(json_agg(${optionValueJson('ov', 'o')} order by ov.rank, ov.id), '[]'::json)
          from "${s}".product_option_value ov where ov.option_id = o.id),
        'metadata', o.metadata, 'created_at', ${isoSql('o.created_at')}, 'updated_at', ${isoSql('o.updated_at')}) order by o.rank, o.id), '[]'::json)
      from "${s}".product_option o where o.product_id = p.id and o.tenant_id = p.tenant_id) as options,
    (select coalesce(json_agg(json_build_object('id', i.id, 'url', i.url, 'rank', i.rank, 'metadata', i.metadata,
        'created_at', ${isoSql('i.created_at')}, 'updated_at', ${isoSql('i.updated_at')}) order by i.rank, i.id), '[]'::json)
      from "${s}".product_image i where i.product_id = p.id and i.tenant_id = p.tenant_id) as images
  from "${s}".product p
  where p.tenant_id = ? and p.id = any(?::text[])`;

/** Variants of those products with available stock, chosen option values and all prices. */
const variantsSql = (s: string) => `
  select v.*,
    coalesce(il.stocked_quantity - il.reserved_quantity, 0) as inventory_quantity,
    (select coalesce(json_agg(${optionValueJson('ov', 'o')} order by o.rank, o.id), '[]'::json)
      from "${s}".variant_option_value l
      join "${s}".product_option_value ov on ov.id = l.option_value_id
      join "${s}".product_option o on o.id = ov.option_id
      where l.variant_id = v.id) as options,
    (select coalesce(json_agg(json_build_object('id', pr.id, 'currency_code', pr.currency_code, 'amount', pr.amount,
        'region_id', pr.region_id, 'min_quantity', pr.min_quantity, 'max_quantity', pr.max_quantity) order by pr.currency_code, pr.id), '[]'::json)
      from "${s}".price pr where pr.variant_id = v.id and pr.tenant_id = v.tenant_id) as prices
  from "${s}".product_variant v
  left join "${s}".inventory_level il on il.variant_id = v.id and il.tenant_id = v.tenant_id
  where v.tenant_id = ? and v.product_id = any(?::text[]) and v.deleted_at is null
  order by v.product_id, v.variant_rank, v.id`;
