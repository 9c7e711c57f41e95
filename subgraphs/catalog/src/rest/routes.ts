import { z } from 'zod';
import {
  fieldsParam,
  idParam,
  listEnvelope,
  queryOf,
  reviewListSchema,
  reviewSchema,
  route,
  stringList,
  wantsRelation,
  type FieldsOption,
  type StateRefusal,
} from '@svc/kit';
import { dateRangeSchema, instant, productListSchema, variantListSchema } from '../inputs/product.input';
import { collectionListSchema } from '../inputs/collection.input';
import { categoryListSchema } from '../inputs/category.input';
import { regionListSchema } from '../inputs/region.input';
import { templateListSchema } from '../inputs/product-template.input';

const PRODUCT_FIELDS = new Set([
  'id',
  'title',
  'handle',
  'subtitle',
  'description',
  'is_giftcard',
  'status',
  'thumbnail',
  'width',
  'weight',
  'length',
  'height',
  'origin_country',
  'hs_code',
  'mid_code',
  'material',
  'collection_id',
  'type_id',
  'discountable',
  'external_id',
  'metadata',
  'created_at',
  'updated_at',
  'deleted_at',
  'collection',
  'categories',
  'type',
  'tags',
  'options',
  'images',
  'variants',
  'sales_channels',
  'rating',
]);

/**
 * `variants.prices` is not in the default document: a `fields` token naming it (`+variants.prices`,
 * `*variants.prices`, or bare in a replacing list) asks the operation for it (`with_prices`).
 */
const wantsPrices = (fields: string | undefined): boolean => !!fields && fields.split(',').some((t) => /^[+*]?variants\.prices(\.\*)?$/.test(t.trim()));

const productFields = (key: string): FieldsOption => ({ key, allowed: PRODUCT_FIELDS });
const VARIANT_FIELDS = new Set([
  'id',
  'title',
  'sku',
  'barcode',
  'ean',
  'upc',
  'thumbnail',
  'images',
  'allow_backorder',
  'manage_inventory',
  'inventory_quantity',
  'hs_code',
  'origin_country',
  'mid_code',
  'material',
  'weight',
  'length',
  'height',
  'width',
  'variant_rank',
  'options',
  'product_id',
  'product',
  'calculated_price',
  'metadata',
  'created_at',
  'updated_at',
  'deleted_at',
]);
const variantList = queryOf(variantListSchema).extend({ fields: fieldsParam, order: z.string().max(50).optional() });
const variantQuery = queryOf(variantListSchema.pick({ region_id: true, country_code: true })).extend({ fields: fieldsParam });
const COLLECTION_FIELDS = new Set(['id', 'title', 'handle', 'external_id', 'metadata', 'created_at', 'updated_at', 'deleted_at', 'products']);
const CATEGORY_FIELDS = new Set([
  'id',
  'name',
  'description',
  'handle',
  'rank',
  'external_id',
  'parent_category_id',
  'parent_category',
  'category_children',
  'metadata',
  'created_at',
  'updated_at',
  'deleted_at',
  'products',
]);

/** `products` of a collection or category (asked with fields=*products) as the documents the product routes answer */
const withProducts = (x: any) => {
  const { products, ...rest } = x as { products?: { items: Array<{ document: unknown }> } };
  return products ? { ...rest, products: products.items.map((i: { document: unknown }) => i.document) } : rest;
};
const REGION_FIELDS = new Set(['id', 'name', 'currency_code', 'automatic_taxes', 'countries', 'metadata', 'created_at', 'updated_at', 'deleted_at']);

/** Medusa store parameters that the platform accepts but does not act on (one sales channel per key today). */
const medusaOnly = {
  sales_channel_id: z.union([z.string().max(100), z.array(z.string().max(100)).max(100)]).optional(),
  province: z.string().max(100).optional(),
  cart_id: z.string().max(100).optional(),
};

/** Medusa's date operators (`created_at[$gt]=…`) -> the graph's DateRangeInput (`{gt: …}`). */
const medusaDateRange = z
  .strictObject({
    $gt: instant.optional(),
    $gte: instant.optional(),
    $lt: instant.optional(),
    $lte: instant.optional(),
  })
  .transform((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k.slice(1), v])))
  .pipe(dateRangeSchema);

/** The catalog's own argument schemas (inputs/), read from the query string, plus `fields` and Medusa's extras. */
const { sales_channel_id: _channels, ...medusaListOnly } = medusaOnly;
/** a price range is in a currency: the region's (region_id, or the region of country_code) or currency_code */
const pricedBy = { anyOf: ['region_id', 'country_code', 'currency_code'].map((name) => ({ required: [name] })) };
const productList = queryOf(productListSchema)
  .extend({
    ...medusaListOnly,
    fields: fieldsParam,
    title: z.string().max(300).optional(),
    created_at: medusaDateRange.optional(),
    updated_at: medusaDateRange.optional(),
    /** Medusa's variants[sku]=… */
    variants: z.strictObject({ sku: stringList.optional() }).optional(),
  })
  // documentation of the service's rule (a price range without a currency is 400 missing_field): /openapi.json's x-query-rules
  .meta({ dependentSchemas: { min_price: pricedBy, max_price: pricedBy } });

/** The pricing context (region_id, country_code) is resolved against the store's regions. */
const PRICING_REFUSALS: StateRefusal[] = [
  { code: 'invalid_field', field: 'region_id', when: 'no region of the store has this id' },
  { code: 'invalid_field', field: 'country_code', when: 'no region of the store serves this country' },
];
const productQuery = queryOf(productListSchema.pick({ region_id: true, country_code: true })).extend({ ...medusaOnly, fields: fieldsParam });
const collectionList = queryOf(collectionListSchema).extend({ fields: fieldsParam });
const categoryList = queryOf(categoryListSchema).extend({ fields: fieldsParam, include_ancestors_tree: z.enum(['true', 'false']).optional() });
const categoryQuery = queryOf(categoryListSchema.pick({ include_descendants_tree: true })).extend({
  fields: fieldsParam,
  include_ancestors_tree: z.enum(['true', 'false']).optional(),
});
const regionList = queryOf(regionListSchema).extend({ fields: fieldsParam });

const categoryRoute = (path: string) =>
  route({
    method: 'GET',
    path,
    auth: 'publishable',
    query: categoryList,
    operation: 'catalog/StoreCategories',
    summary: 'Active, public product categories with parent and children',
    fields: { key: 'product_categories', allowed: CATEGORY_FIELDS },
    variables: ({ query: { fields, include_ancestors_tree: _a, ...rest } }) => ({ ...rest, with_products: wantsRelation(fields, 'products') }),
    respond: (d) => listEnvelope('product_categories', d.productCategories, withProducts),
  });

const productIdParam = z.strictObject({ product_id: z.string().min(1).max(200) });

/** catalog's REST routes: the Medusa store catalogue (products, collections, categories, regions), reviews, templates. */
export const catalogRoutes = [
  route({
    method: 'GET',
    path: '/store/products',
    auth: 'publishable',
    refusals: PRICING_REFUSALS,
    query: productList,
    operation: 'catalog/StoreProducts',
    summary: 'Published products with variants, options, images, inventory; calculated_price when region_id or country_code is given',
    variables: ({ query: { fields, province: _p, cart_id: _c, title, q, variants, ...rest } }) => ({
      ...rest,
      sku: variants?.sku ?? rest.sku,
      q: q ?? title,
      with_prices: wantsPrices(fields),
    }),
    fields: productFields('products'),
    respond: (d) => listEnvelope('products', d.products, (i: { document: unknown }) => i.document),
  }),
  route({
    method: 'GET',
    path: '/store/products/:id',
    auth: 'publishable',
    refusals: PRICING_REFUSALS,
    params: idParam,
    query: productQuery,
    operation: 'catalog/StoreProduct',
    summary: 'One published product by id or handle',
    variables: ({ params, query }) => ({ id: params.id, region_id: query.region_id, country_code: query.country_code, with_prices: wantsPrices(query.fields) }),
    fields: productFields('product'),
    respond: (d) => ({ product: d.product.document }),
  }),
  route({
    method: 'GET',
    path: '/store/products/:product_id/reviews',
    auth: 'publishable',
    params: productIdParam,
    query: queryOf(reviewListSchema),
    operation: 'catalog/StoreProductReviews',
    summary: 'Approved reviews of a published product (id or handle), newest first unless order says otherwise',
    variables: ({ params, query }) => ({ product_id: params.product_id, ...query }),
    respond: (d) => listEnvelope('reviews', d.productReviews),
  }),
  route({
    method: 'POST',
    path: '/store/products/:product_id/reviews',
    auth: 'customer',
    params: productIdParam,
    body: reviewSchema,
    operation: 'catalog/CreateProductReview',
    summary: 'The signed-in customer reviews a published product: pending until moderated; one per customer and product (409 duplicate)',
    variables: ({ params, body }) => ({ product_id: params.product_id, input: body }),
    respond: (d) => ({ review: d.createProductReview }),
  }),
  route({
    method: 'GET',
    path: '/store/product-templates',
    auth: 'publishable',
    query: queryOf(templateListSchema),
    operation: 'catalog/StoreProductTemplates',
    summary: 'Product templates (what the admin product editor starts from), by name',
    variables: ({ query }) => query,
    respond: (d) => listEnvelope('product_templates', d.productTemplates),
  }),
  route({
    method: 'GET',
    path: '/store/product-variants',
    auth: 'publishable',
    refusals: PRICING_REFUSALS,
    query: variantList,
    operation: 'catalog/StoreVariants',
    summary: 'Variants of published products (id, sku, product_id filters); calculated_price with region_id',
    fields: { key: 'variants', allowed: VARIANT_FIELDS },
    variables: ({ query: { fields: _f, order: _o, ...rest } }) => rest,
    respond: (d) => listEnvelope('variants', d.productVariants, (i: { document: unknown }) => i.document),
  }),
  route({
    method: 'GET',
    path: '/store/product-variants/:id',
    auth: 'publishable',
    refusals: PRICING_REFUSALS,
    params: idParam,
    query: variantQuery,
    operation: 'catalog/StoreVariant',
    summary: 'One variant of a published product, with its images and product',
    fields: { key: 'variant', allowed: VARIANT_FIELDS },
    variables: ({ params, query }) => ({ id: params.id, region_id: query.region_id, country_code: query.country_code }),
    respond: (d) => ({ variant: d.productVariant.document }),
  }),
  route({
    method: 'GET',
    path: '/store/collections',
    auth: 'publishable',
    query: collectionList,
    operation: 'catalog/StoreCollections',
    summary: 'Collections, newest first',
    fields: { key: 'collections', allowed: COLLECTION_FIELDS },
    variables: ({ query: { fields, ...rest } }) => ({ ...rest, with_products: wantsRelation(fields, 'products') }),
    respond: (d) => listEnvelope('collections', d.collections, withProducts),
  }),
  route({
    method: 'GET',
    path: '/store/collections/:id',
    auth: 'publishable',
    params: idParam,
    query: z.strictObject({ fields: fieldsParam }),
    operation: 'catalog/StoreCollection',
    summary: 'One collection by id or handle',
    fields: { key: 'collection', allowed: COLLECTION_FIELDS },
    variables: ({ params, query }) => ({ id: params.id, with_products: wantsRelation(query.fields, 'products') }),
    respond: (d) => ({ collection: withProducts(d.collection) }),
  }),
  categoryRoute('/store/product-categories'),
  categoryRoute('/store/categories'),
  route({
    method: 'GET',
    path: '/store/product-categories/:id',
    auth: 'publishable',
    params: idParam,
    query: categoryQuery,
    operation: 'catalog/StoreCategory',
    summary: 'One category by id or handle',
    fields: { key: 'product_category', allowed: CATEGORY_FIELDS },
    variables: ({ params, query }) => ({
      id: params.id,
      include_descendants_tree: query.include_descendants_tree,
      with_products: wantsRelation(query.fields, 'products'),
    }),
    respond: (d) => ({ product_category: withProducts(d.productCategory) }),
  }),
  route({
    method: 'GET',
    path: '/store/regions',
    auth: 'publishable',
    query: regionList,
    operation: 'catalog/StoreRegions',
    summary: 'Regions with currency and countries',
    fields: { key: 'regions', allowed: REGION_FIELDS },
    variables: ({ query: { fields: _f, ...rest } }) => rest,
    respond: (d) => listEnvelope('regions', d.regions),
  }),
  route({
    method: 'GET',
    path: '/store/regions/:id',
    auth: 'publishable',
    params: idParam,
    query: z.strictObject({ fields: fieldsParam }),
    operation: 'catalog/StoreRegion',
    summary: 'One region',
    fields: { key: 'region', allowed: REGION_FIELDS },
    variables: ({ params }) => ({ id: params.id }),
    respond: (d) => ({ region: d.region }),
  }),
];
