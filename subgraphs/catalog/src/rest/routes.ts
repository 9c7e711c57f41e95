import { z } from 'zod';
import { fieldsParam, idParam, limitParam, listEnvelope, moneyParam, offsetParam, route, stringList, type FieldsOption } from '@svc/kit';

const PRODUCT_FIELDS = new Set([
  'id', 'title', 'handle', 'subtitle', 'description', 'is_giftcard', 'status', 'thumbnail', 'width', 'weight', 'length', 'height',
  'origin_country', 'hs_code', 'mid_code', 'material', 'collection_id', 'type_id', 'discountable', 'external_id', 'metadata',
  'created_at', 'updated_at', 'deleted_at', 'collection', 'categories', 'type', 'tags', 'options', 'images', 'variants', 'sales_channels',
]);

/**
 * `variants.prices` is not in the default document: a `fields` token naming it (`+variants.prices`,
 * `*variants.prices`, or bare in a replacing list) asks the operation for it (`with_prices`).
 */
export const wantsPrices = (fields: string | undefined): boolean =>
  !!fields && fields.split(',').some((t) => /^[+*]?variants\.prices(\.\*)?$/.test(t.trim()));

const productFields = (key: string): FieldsOption => ({ key, allowed: PRODUCT_FIELDS });
const COLLECTION_FIELDS = new Set(['id', 'title', 'handle', 'metadata', 'created_at', 'updated_at', 'deleted_at']);
const CATEGORY_FIELDS = new Set([
  'id', 'name', 'description', 'handle', 'rank', 'parent_category_id', 'parent_category', 'category_children', 'metadata', 'created_at', 'updated_at', 'deleted_at',
]);
const REGION_FIELDS = new Set(['id', 'name', 'currency_code', 'automatic_taxes', 'countries', 'metadata', 'created_at', 'updated_at']);

const pricing = {
  region_id: z.string().max(100).optional(),
  country_code: z.string().regex(/^[a-zA-Z]{2}$/, 'country_code must be a 2-letter ISO code').optional(),
  /** accepted for Medusa SDK compatibility; one sales channel per publishable key today */
  sales_channel_id: z.union([z.string(), z.array(z.string())]).optional(),
  province: z.string().max(100).optional(),
  cart_id: z.string().max(100).optional(),
};

const page = { limit: limitParam, offset: offsetParam, order: z.string().max(100).optional() };

const productList = z.strictObject({
  ...page,
  ...pricing,
  fields: fieldsParam,
  q: z.string().max(200).optional(),
  id: stringList.optional(),
  handle: stringList.optional(),
  title: z.string().max(300).optional(),
  collection_id: stringList.optional(),
  category_id: stringList.optional(),
  tag_id: stringList.optional(),
  currency_code: z.string().regex(/^[a-zA-Z]{3}$/, 'currency_code must be a 3-letter ISO code').transform((c) => c.toLowerCase()).optional(),
  min_price: moneyParam.optional(),
  max_price: moneyParam.optional(),
});

const taxonomyList = z.strictObject({
  ...page,
  fields: fieldsParam,
  q: z.string().max(200).optional(),
  id: stringList.optional(),
  handle: stringList.optional(),
});

const categoryList = taxonomyList.extend({
  parent_category_id: z.string().max(100).optional(),
  include_descendants_tree: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  include_ancestors_tree: z.enum(['true', 'false']).optional(),
});

const categoryRoute = (path: string) =>
  route({
    method: 'GET', path, auth: 'publishable', query: categoryList,
    operation: 'catalog/StoreCategories', summary: 'Active, public product categories with parent and children',
    fields: { key: 'product_categories', allowed: CATEGORY_FIELDS },
    variables: ({ query: { fields: _f, include_ancestors_tree: _a, ...rest } }) => rest,
    respond: (d) => listEnvelope('product_categories', d.productCategories),
  });

/** catalog's REST routes: the Medusa store catalogue (products, collections, categories, regions). */
export const catalogRoutes = [
  route({
    method: 'GET', path: '/store/products', auth: 'publishable', query: productList,
    operation: 'catalog/StoreProducts',
    summary: 'Published products with variants, options, images, inventory; calculated_price when region_id or country_code is given',
    variables: ({ query: { fields, sales_channel_id: _s, province: _p, cart_id: _c, title, q, ...rest } }) => ({ ...rest, q: q ?? title, with_prices: wantsPrices(fields) }),
    fields: productFields('products'),
    respond: (d) => listEnvelope('products', d.products, (i: { document: unknown }) => i.document),
  }),
  route({
    method: 'GET', path: '/store/products/:id', auth: 'publishable', params: idParam,
    query: z.strictObject({ ...pricing, fields: fieldsParam }),
    operation: 'catalog/StoreProduct', summary: 'One published product by id or handle',
    variables: ({ params, query }) => ({ id: params.id, region_id: query.region_id, country_code: query.country_code, with_prices: wantsPrices(query.fields) }),
    fields: productFields('product'),
    respond: (d) => ({ product: d.product.document }),
  }),
  route({
    method: 'GET', path: '/store/collections', auth: 'publishable', query: taxonomyList,
    operation: 'catalog/StoreCollections', summary: 'Collections, newest first',
    fields: { key: 'collections', allowed: COLLECTION_FIELDS },
    variables: ({ query: { fields: _f, ...rest } }) => rest,
    respond: (d) => listEnvelope('collections', d.collections),
  }),
  route({
    method: 'GET', path: '/store/collections/:id', auth: 'publishable', params: idParam, query: z.strictObject({ fields: fieldsParam }),
    operation: 'catalog/StoreCollection', summary: 'One collection by id or handle',
    fields: { key: 'collection', allowed: COLLECTION_FIELDS },
    variables: ({ params }) => ({ id: params.id }),
    respond: (d) => ({ collection: d.collection }),
  }),
  categoryRoute('/store/product-categories'),
  categoryRoute('/store/categories'),
  route({
    method: 'GET', path: '/store/product-categories/:id', auth: 'publishable', params: idParam,
    query: z.strictObject({
      fields: fieldsParam,
      include_descendants_tree: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
      include_ancestors_tree: z.enum(['true', 'false']).optional(),
    }),
    operation: 'catalog/StoreCategory', summary: 'One category by id or handle',
    fields: { key: 'product_category', allowed: CATEGORY_FIELDS },
    variables: ({ params, query }) => ({ id: params.id, include_descendants_tree: query.include_descendants_tree }),
    respond: (d) => ({ product_category: d.productCategory }),
  }),
  route({
    method: 'GET', path: '/store/regions', auth: 'publishable',
    query: z.strictObject({ limit: limitParam, offset: offsetParam, fields: fieldsParam }),
    operation: 'catalog/StoreRegions', summary: 'Regions with currency and countries',
    fields: { key: 'regions', allowed: REGION_FIELDS },
    variables: ({ query: { fields: _f, ...rest } }) => rest,
    respond: (d) => listEnvelope('regions', d.regions),
  }),
  route({
    method: 'GET', path: '/store/regions/:id', auth: 'publishable', params: idParam, query: z.strictObject({ fields: fieldsParam }),
    operation: 'catalog/StoreRegion', summary: 'One region',
    fields: { key: 'region', allowed: REGION_FIELDS },
    variables: ({ params }) => ({ id: params.id }),
    respond: (d) => ({ region: d.region }),
  }),
];
