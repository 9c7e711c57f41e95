/**
 * Benchmark baseline (child process of scripts/bench.ts): what a small hand-written storefront
 * endpoint achieves on the same database — express 5, one `pg` Pool (max 10), plain SQL, no
 * framework, no cache of product data.
 *
 *   GET /products/:handle?region_id=...          -> { product }
 *   GET /products?limit=20&offset=0&region_id=... -> { products, count, offset, limit }
 *
 * The responses have the shape of the platform's Medusa v2 StoreProduct (collection, categories,
 * type, tags, options with values, images, variants with options, inventory_quantity and the
 * region's calculated_price), built with two queries per request:
 *   1. the product row(s) with every small relation aggregated to JSON by PostgreSQL
 *      (+ the region's currency; + the total count for the list),
 *   2. the variants of those product(s) with inventory, option values and the best price for
 *      the region (LATERAL ... LIMIT 1).
 * The publishable key is resolved to its tenant once and then remembered (as the platform does).
 *
 * Environment: BENCH_DATABASE_URL (required). It reads the platform's tables and indexes as they
 * are (the catalog migrations index every foreign key these queries follow). Prints one JSON line
 * `{"ready":true,"url":...}` on stdout, serves on 127.0.0.1 until SIGTERM/SIGINT/parent gone.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Request, type Response } from 'express';
import { Pool } from 'pg';

const S = '"catalog"';

/** ISO-8601 UTC with milliseconds, as JavaScript's toISOString() writes it (what the platform returns). */
const iso = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Product columns + the small relations as JSON, for the rows of `p` (caller adds FROM/WHERE). */
const PRODUCT_SELECT = `
  p.id, p.title, p.handle, p.subtitle, p.description, p.is_giftcard, p.status, p.thumbnail,
  p.width, p.weight, p.length, p.height, p.origin_country, p.hs_code, p.mid_code, p.material,
  p.collection_id, p.type_id, p.discountable, p.external_id, p.metadata, p.created_at, p.updated_at, p.deleted_at,
  (select json_build_object('id', c.id, 'title', c.title, 'handle', c.handle, 'metadata', c.metadata,
      'created_at', ${iso('c.created_at')}, 'updated_at', ${iso('c.updated_at')}, 'deleted_at', ${iso('c.deleted_at')})
    from ${S}.product_collection c where c.id = p.collection_id) as collection,
  (select coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'description', c.description, 'handle', c.handle,
      'rank', c.rank, 'parent_category_id', c.parent_id, 'metadata', c.metadata, 'created_at', ${iso('c.created_at')},
      'updated_at', ${iso('c.updated_at')}, 'deleted_at', ${iso('c.deleted_at')}) order by c.rank, c.id), '[]'::json)
    from ${S}.product_category_link l join ${S}.product_category c on c.id = l.category_id
    where l.product_id = p.id and c.deleted_at is null) as categories,
  (select json_build_object('id', t.id, 'value', t.value, 'created_at', ${iso('t.created_at')}, 'updated_at', ${iso('t.updated_at')})
    from ${S}.product_type t where t.id = p.type_id) as type,
  (select coalesce(json_agg(json_build_object('id', t.id, 'value', t.value, 'created_at', ${iso('t.created_at')},
      'updated_at', ${iso('t.updated_at')}) order by t.value), '[]'::json)
    from ${S}.product_tag_link l join ${S}.product_tag t on t.id = l.tag_id where l.product_id = p.id) as tags,
  (select coalesce(json_agg(json_build_object('id', o.id, 'title', o.title, 'product_id', o.product_id,
      'values', (select coalesce(json_agg(json_build_object('id', ov.id, 'value', ov.value, 'rank', ov.rank, 'option_id', ov.option_id,
          'option', json_build_object('id', o.id, 'title', o.title), 'metadata', ov.metadata,
          'created_at', ${iso('ov.created_at')}, 'updated_at', ${iso('ov.updated_at')}) order by ov.rank, ov.id), '[]'::json)
        from ${S}.product_option_value ov where ov.option_id = o.id),
      'metadata', o.metadata, 'created_at', ${iso('o.created_at')}, 'updated_at', ${iso('o.updated_at')}) order by o.rank, o.id), '[]'::json)
    from ${S}.product_option o where o.product_id = p.id) as options,
  (select coalesce(json_agg(json_build_object('id', i.id, 'url', i.url, 'rank', i.rank, 'metadata', i.metadata,
      'created_at', ${iso('i.created_at')}, 'updated_at', ${iso('i.updated_at')}) order by i.rank, i.id), '[]'::json)
    from ${S}.product_image i where i.product_id = p.id) as images,
  (select round(avg(r.rating), 2) from ${S}.product_review r where r.product_id = p.id and r.status = 'approved') as rating_average,
  (select count(*) from ${S}.product_review r where r.product_id = p.id and r.status = 'approved') as rating_count`;

/** Query 1 of a detail request: $1 tenant, $2 handle (or id), $3 region. */
export const DETAIL_BY = (column: 'handle' | 'id') => `
  select ${PRODUCT_SELECT},
    (select r.currency_code from ${S}.region r where r.id = $3 and r.tenant_id = $1) as region_currency
  from ${S}.product p
  where p.tenant_id = $1 and p.${column} = $2 and p.status = 'published' and p.deleted_at is null`;

/** Query 1 of a list request: $1 tenant, $2 limit, $3 offset, $4 region; newest first like the platform. */
export const LIST = `
  with page as (
    select p.id, count(*) over () as total from ${S}.product p
    where p.tenant_id = $1 and p.status = 'published' and p.deleted_at is null
    order by p.created_at desc, p.id limit $2 offset $3
  )
  select ${PRODUCT_SELECT}, page.total,
    (select r.currency_code from ${S}.region r where r.id = $4 and r.tenant_id = $1) as region_currency
  from page join ${S}.product p on p.id = page.id
  order by p.created_at desc, p.id`;

/** Count for an offset past the end (query 1 then returns no row to carry the total). */
const COUNT = `select count(*)::int as n from ${S}.product p where p.tenant_id = $1 and p.status = 'published' and p.deleted_at is null`;

/**
 * Query 2: variants of products $2 (text[]) of tenant $1, with stock, option values and the price
 * Medusa would calculate for region $4 in currency $3: a region-specific price beats a
 * currency-wide one, then the lowest amount valid for a quantity of one.
 */
export const VARIANTS = `
  select v.id, v.title, v.sku, v.barcode, v.ean, v.upc, v.allow_backorder, v.manage_inventory,
    coalesce(il.stocked_quantity - il.reserved_quantity, 0) as inventory_quantity,
    v.hs_code, v.origin_country, v.mid_code, v.material, v.weight, v.length, v.height, v.width, v.variant_rank,
    (select coalesce(json_agg(json_build_object('id', ov.id, 'value', ov.value, 'rank', ov.rank, 'option_id', ov.option_id,
        'option', json_build_object('id', o.id, 'title', o.title), 'metadata', ov.metadata,
        'created_at', ${iso('ov.created_at')}, 'updated_at', ${iso('ov.updated_at')}) order by o.rank, o.id), '[]'::json)
      from ${S}.variant_option_value l
      join ${S}.product_option_value ov on ov.id = l.option_value_id
      join ${S}.product_option o on o.id = ov.option_id
      where l.variant_id = v.id) as options,
    (select coalesce(json_agg(json_build_object('id', i.id, 'url', i.url, 'rank', i.rank, 'metadata', i.metadata,
        'created_at', ${iso('i.created_at')}, 'updated_at', ${iso('i.updated_at')}) order by i.rank, i.id), '[]'::json)
      from ${S}.variant_image vi join ${S}.product_image i on i.id = vi.image_id where vi.variant_id = v.id) as images,
    v.product_id, v.metadata, v.created_at, v.updated_at, v.deleted_at,
    pr.id as price_id, pr.amount::float8 as price_amount, pr.currency_code as price_currency,
    pr.min_quantity as price_min_quantity, pr.max_quantity as price_max_quantity
  from ${S}.product_variant v
  left join ${S}.inventory_level il on il.variant_id = v.id
  left join lateral (
    select x.id, x.amount, x.currency_code, x.min_quantity, x.max_quantity from ${S}.price x
    where x.variant_id = v.id and x.currency_code = $3 and (x.region_id is null or x.region_id = $4)
      and (x.min_quantity is null or x.min_quantity <= 1)
    order by (x.region_id is null), x.amount, x.id limit 1
  ) pr on true
  where v.tenant_id = $1 and v.product_id = any($2::text[]) and v.deleted_at is null
  order by v.product_id, v.variant_rank, v.id`;

type Row = Record<string, any>;
type Json = Record<string, unknown>;

const isoOf = (d: Date | null): string | null => (d === null ? null : d.toISOString());

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

function productJson(r: Row, variants: Json[]): Json {
  return {
    id: r.id,
    title: r.title,
    handle: r.handle,
    subtitle: r.subtitle,
    description: r.description,
    is_giftcard: r.is_giftcard,
    status: r.status,
    thumbnail: r.thumbnail,
    width: r.width,
    weight: r.weight,
    length: r.length,
    height: r.height,
    origin_country: r.origin_country,
    hs_code: r.hs_code,
    mid_code: r.mid_code,
    material: r.material,
    collection_id: r.collection_id,
    type_id: r.type_id,
    discountable: r.discountable,
    external_id: r.external_id,
    metadata: r.metadata,
    created_at: isoOf(r.created_at),
    updated_at: isoOf(r.updated_at),
    deleted_at: isoOf(r.deleted_at),
    collection: r.collection,
    categories: r.categories,
    type: r.type,
    tags: r.tags,
    options: r.options,
    images: r.images,
    rating: { average: r.rating_average === null ? null : Number(r.rating_average), count: Number(r.rating_count) },
    variants,
  };
}

function variantJson(r: Row): Json {
  const rule = r.price_id
    ? { id: r.price_id, price_list_id: null, price_list_type: null, min_quantity: r.price_min_quantity, max_quantity: r.price_max_quantity }
    : null;
  const amount = r.price_amount as number;
  return {
    id: r.id,
    title: r.title,
    sku: r.sku,
    barcode: r.barcode,
    ean: r.ean,
    upc: r.upc,
    thumbnail: r.images[0]?.url ?? null,
    images: r.images,
    allow_backorder: r.allow_backorder,
    manage_inventory: r.manage_inventory,
    inventory_quantity: r.inventory_quantity,
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
    created_at: isoOf(r.created_at),
    updated_at: isoOf(r.updated_at),
    deleted_at: isoOf(r.deleted_at),
    calculated_price: rule && {
      id: r.price_id,
      calculated_amount: amount,
      original_amount: amount,
      currency_code: r.price_currency,
      is_calculated_price_price_list: false,
      is_calculated_price_tax_inclusive: false,
      is_original_price_price_list: false,
      is_original_price_tax_inclusive: false,
      calculated_amount_with_tax: amount,
      calculated_amount_without_tax: amount,
      original_amount_with_tax: amount,
      original_amount_without_tax: amount,
      calculated_price: rule,
      original_price: rule,
    },
  };
}

async function main(): Promise<void> {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (!databaseUrl) throw new Error('BENCH_DATABASE_URL is required');
  const pool = new Pool({ connectionString: databaseUrl, max: 10 });
  pool.on('error', (err) => console.error('bench-baseline: idle client error:', err.message));

  // ---- tenant from the publishable key (remembered, like the platform's key cache) ----
  const tenants = new Map<string, string | null>();
  const tenantOf = async (req: Request): Promise<string> => {
    const key = req.get('x-publishable-api-key');
    if (!key) throw new HttpError(400, 'not_allowed', 'Publishable API key required in the request header: x-publishable-api-key');
    let tenant = tenants.get(key);
    if (tenant === undefined) {
      const { rows } = await pool.query({
        name: 'tenant',
        text: 'select tenant_id from "identity".publishable_key where token = $1 and revoked_at is null',
        values: [key],
      });
      tenant = (rows[0]?.tenant_id as string | undefined) ?? null;
      tenants.set(key, tenant);
    }
    if (!tenant) throw new HttpError(401, 'unauthorized', 'The publishable API key is not valid');
    return tenant;
  };

  const regionParam = (req: Request): string => {
    const r = req.query.region_id;
    if (typeof r !== 'string' || !r) throw new HttpError(400, 'invalid_data', 'region_id is required');
    return r;
  };
  const intParam = (v: unknown, fallback: number, max: number): number => {
    if (v === undefined) return fallback;
    const n = Number(v);
    if (typeof v !== 'string' || !Number.isInteger(n) || n < 0) throw new HttpError(400, 'invalid_data', 'limit/offset must be non-negative integers');
    return Math.min(n, max);
  };

  /** Query 2 for the products of query 1, grouped by product id. */
  const variantsFor = async (tenantId: string, productIds: string[], currency: string, regionId: string): Promise<Map<string, Json[]>> => {
    const byProduct = new Map<string, Json[]>();
    if (!productIds.length) return byProduct;
    const { rows } = await pool.query({ name: 'variants', text: VARIANTS, values: [tenantId, productIds, currency, regionId] });
    for (const r of rows) {
      let list = byProduct.get(r.product_id);
      if (!list) byProduct.set(r.product_id, (list = []));
      list.push(variantJson(r));
    }
    return byProduct;
  };

  const handle = (fn: (req: Request, res: Response) => Promise<void>) => async (req: Request, res: Response) => {
    try {
      await fn(req, res);
    } catch (err) {
      if (err instanceof HttpError) return void res.status(err.status).json({ type: err.type, message: err.message });
      console.error('bench-baseline:', err);
      res.status(500).json({ type: 'unknown_error', message: 'An unknown error occurred.' });
    }
  };

  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');

  app.get(
    '/products/:handle',
    handle(async (req, res) => {
      const tenantId = await tenantOf(req);
      const regionId = regionParam(req);
      const key = String(req.params.handle);
      const column = key.startsWith('prod_') ? 'id' : 'handle';
      const { rows } = await pool.query({ name: `detail_${column}`, text: DETAIL_BY(column), values: [tenantId, key, regionId] });
      const row = rows[0];
      if (!row) throw new HttpError(404, 'not_found', `Product with id: ${key} was not found`);
      if (!row.region_currency) throw new HttpError(400, 'invalid_data', `Region with id "${regionId}" was not found`);
      const variants = await variantsFor(tenantId, [row.id], row.region_currency, regionId);
      res.json({ product: productJson(row, variants.get(row.id) ?? []) });
    }),
  );

  app.get(
    '/products',
    handle(async (req, res) => {
      const tenantId = await tenantOf(req);
      const regionId = regionParam(req);
      const limit = intParam(req.query.limit, 50, 100);
      const offset = intParam(req.query.offset, 0, 2_147_483_647);
      const { rows } = await pool.query({ name: 'list', text: LIST, values: [tenantId, limit, offset, regionId] });
      let count = rows.length ? Number(rows[0].total) : 0;
      if (!rows.length) count = (await pool.query({ name: 'count', text: COUNT, values: [tenantId] })).rows[0].n;
      const currency = rows[0]?.region_currency as string | undefined;
      if (rows.length && !currency) throw new HttpError(400, 'invalid_data', `Region with id "${regionId}" was not found`);
      const variants = currency
        ? await variantsFor(
            tenantId,
            rows.map((r) => r.id as string),
            currency,
            regionId,
          )
        : new Map<string, Json[]>();
      res.json({ products: rows.map((r) => productJson(r, variants.get(r.id) ?? [])), count, offset, limit });
    }),
  );

  const server = http.createServer(app);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(Number(process.env.BENCH_BASELINE_PORT ?? 0), '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await pool.end();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  process.on('disconnect', () => void stop());

  process.stdout.write(`${JSON.stringify({ ready: true, url: `http://127.0.0.1:${port}` })}\n`);
}

if (require.main === module) {
  main().catch((err) => {
    console.error('bench-baseline: could not start:', err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
