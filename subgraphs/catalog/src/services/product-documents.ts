import { pgArray, type RequestContext, type Store } from '@svc/kit';
import { iso, isoNN, type PriceRow, type ProductView, type VariantView } from './views';

/**
 * The product read model: Medusa v2 StoreProduct documents built by PostgreSQL as JSON.
 * Two statements per batch, whatever its size: the products with their small relations as
 * JSON, then all their variants with stock, option values and every price.
 */
export async function loadProductDocuments(store: Store, tenantId: string, ids: string[], ctx: RequestContext | null = null): Promise<ProductView[]> {
  const [products, variants] = await Promise.all([
    store.sql(ctx, productsSql(store.schema), [tenantId, pgArray(ids)]),
    store.sql(ctx, variantsSql(store.schema), [tenantId, pgArray(ids)]),
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
      thumbnail: (r.images as Array<{ url: string }>)[0]?.url ?? null,
      images: r.images,
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
  return products.map((p) => {
    const doc: ProductView = {
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
      rating: { average: p.rating_average === null ? null : Number(p.rating_average), count: Number(p.rating_count) },
      variants: byProduct.get(p.id) ?? [],
    };
    // the sales channels it is sold in: read to scope a publishable key's reads, never part of the JSON
    Object.defineProperty(doc, 'sales_channel_ids', { value: p.sales_channel_ids as string[], enumerable: false });
    return doc;
  });
}

/** The sales channels of a product document (empty when it is in none). */
const channelsOf = (doc: ProductView): string[] => (doc as ProductView & { sales_channel_ids?: string[] }).sales_channel_ids ?? [];

/** Whether a key scoped to `channels` (none: no scope) may see the product. */
export const visibleIn = (doc: ProductView, channels: string[] | undefined): boolean => !channels?.length || channelsOf(doc).some((c) => channels.includes(c));

/** `timestamptz` as JavaScript's toISOString() writes it, inside JSON built by PostgreSQL */
const isoSql = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Medusa's `deleted_at` of a row the platform never soft-deletes (option, option value, image, tag, type): always null */
const NOT_DELETED = `'deleted_at', null`;
/** Medusa's `external_id`: only products have one here */
const NO_EXTERNAL_ID = `'external_id', null`;

const stamps = (t: string) => `'created_at', ${isoSql(`${t}.created_at`)}, 'updated_at', ${isoSql(`${t}.updated_at`)}`;

/** An option's own keys; it belongs to one product, what Medusa calls exclusive (`is_exclusive: true`, as Medusa's options created with a product) */
const optionKeys = (o: string) => `'id', ${o}.id, 'title', ${o}.title, 'is_exclusive', true, 'metadata', ${o}.metadata, ${stamps(o)}, ${NOT_DELETED}`;

const optionValueJson = (ov: string, o: string) => `json_build_object('id', ${ov}.id, 'value', ${ov}.value, 'rank', ${ov}.rank,
  'option_id', ${ov}.option_id, 'option', json_build_object(${optionKeys(o)}), 'metadata', ${ov}.metadata, ${stamps(ov)}, ${NOT_DELETED})`;

const imagesJson = (
  i: string,
) => `coalesce(json_agg(json_build_object('id', ${i}.id, 'url', ${i}.url, 'rank', ${i}.rank, 'alt', ${i}.alt, 'product_id', ${i}.product_id,
  'metadata', ${i}.metadata, ${stamps(i)}, ${NOT_DELETED}) order by ${i}.rank, ${i}.id), '[]'::json)`;

/** A tag or type; neither has metadata here (Medusa's default, null) */
const valueJson = (t: string) => `json_build_object('id', ${t}.id, 'value', ${t}.value, ${NO_EXTERNAL_ID}, 'metadata', null, ${stamps(t)}, ${NOT_DELETED})`;

/** Products of tenant ?1 with ids ?2 (text[]), their collection, categories, type, tags, options and images as JSON, and the rating of their approved reviews. */
const productsSql = (s: string) => `
  select p.*,
    (select coalesce(json_agg(l.sales_channel_id order by l.sales_channel_id), '[]'::json)
      from "${s}".product_sales_channel l where l.product_id = p.id) as sales_channel_ids,
    (select json_build_object('id', c.id, 'title', c.title, 'handle', c.handle, ${NO_EXTERNAL_ID}, 'metadata', c.metadata,
        ${stamps('c')}, 'deleted_at', ${isoSql('c.deleted_at')})
      from "${s}".product_collection c where c.id = p.collection_id and c.tenant_id = p.tenant_id) as collection,
    (select coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'description', c.description, 'handle', c.handle,
        'rank', c.rank, ${NO_EXTERNAL_ID}, 'is_internal', c.is_internal, 'parent_category_id', c.parent_id, 'metadata', c.metadata,
        ${stamps('c')}, 'deleted_at', ${isoSql('c.deleted_at')}) order by c.rank, c.id), '[]'::json)
      from "${s}".product_category_link l join "${s}".product_category c on c.id = l.category_id
      where l.product_id = p.id and c.tenant_id = p.tenant_id and c.deleted_at is null) as categories,
    (select ${valueJson('t')} from "${s}".product_type t where t.id = p.type_id and t.tenant_id = p.tenant_id) as type,
    (select coalesce(json_agg(${valueJson('t')} order by t.value), '[]'::json)
      from "${s}".product_tag_link l join "${s}".product_tag t on t.id = l.tag_id
      where l.product_id = p.id and t.tenant_id = p.tenant_id) as tags,
    (select coalesce(json_agg(json_build_object(${optionKeys('o')}, 'product_id', o.product_id,
        'values', (select coalesce(json_agg(${optionValueJson('ov', 'o')} order by ov.rank, ov.id), '[]'::json)
          from "${s}".product_option_value ov where ov.option_id = o.id)) order by o.rank, o.id), '[]'::json)
      from "${s}".product_option o where o.product_id = p.id and o.tenant_id = p.tenant_id) as options,
    (select ${imagesJson('i')} from "${s}".product_image i where i.product_id = p.id and i.tenant_id = p.tenant_id) as images,
    rating.average as rating_average, rating.count as rating_count
  from "${s}".product p
  cross join lateral (select round(avg(r.rating), 2) as average, count(*) as count
      from "${s}".product_review r where r.product_id = p.id and r.tenant_id = p.tenant_id and r.status = 'approved') rating
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
      from "${s}".price pr where pr.variant_id = v.id and pr.tenant_id = v.tenant_id) as prices,
    (select ${imagesJson('i')} from "${s}".variant_image vi join "${s}".product_image i on i.id = vi.image_id where vi.variant_id = v.id) as images
  from "${s}".product_variant v
  left join "${s}".inventory_level il on il.variant_id = v.id and il.tenant_id = v.tenant_id
  where v.tenant_id = ? and v.product_id = any(?::text[]) and v.deleted_at is null
  order by v.product_id, v.variant_rank, v.id`;
