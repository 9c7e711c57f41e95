/**
 * Every backend call made by the official Medusa v2 Next.js storefront starter, read from its source.
 *
 *   repository  medusajs/nextjs-starter-medusa (deprecated upstream in favour of medusajs/dtc-starter)
 *   commit      9818886f06e493cb2249733d114d339aa216ef00 (2026-04-23, "chore: add deprecation note (#568)")
 *   version     package.json "medusa-next" 1.0.3; next 15.3.9, react 19.0.5;
 *               @medusajs/js-sdk "latest" (yarn.lock pins 2.12.3; this repo's node_modules has 2.21.2, same store paths)
 *
 * Data module for a replay test (not a test itself). One entry per distinct request shape.
 *
 * Conventions
 * - `path` is relative to the API base the starter is given (MEDUSA_BACKEND_URL, e.g. `{origin}/api`).
 *   `:id`-style segments are path parameters. Placeholders inside bodies are written `:name` as well.
 * - `query` is the object handed to the SDK before `qs.stringify(query, { skipNulls: true })`. qs encodes
 *   arrays with indices (`collection_id[0]=pcol_1`), booleans/numbers as text (`is_giftcard=false`, `limit=100`),
 *   drops `undefined`/`null` values, and percent-encodes `*`, `+`, `,` and spaces in `fields`.
 * - `fields` strings are verbatim, including the spaces after commas and the trailing comma in the
 *   product list. Medusa semantics: tokens starting with `+`, `*`, `-` or a space (or ending in `.*`) modify
 *   the route's defaults; if ANY token is bare (`id,region_id`, `handle`, `id, handle, title`,
 *   `id, email`) the list REPLACES the defaults (plus `id`).
 * - Headers on every SDK call: `x-publishable-api-key: NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY`,
 *   `content-type: application/json`, `accept: application/json` (also on GET and on body-less POST/DELETE),
 *   `x-medusa-locale: <_medusa_locale cookie>` only when that cookie is set. `auth: true` means the call
 *   carries `authorization: Bearer <_medusa_jwt cookie>` whenever the shopper is signed in (and no
 *   authorization header otherwise); `authRequired` says the call is only meaningful with a token.
 *   Calls without `auth` never send the token (regions, locales, categories, collections, /auth/*).
 * - `reads`: response paths the starter's code (src/lib/** and src/modules/**) dereferences.
 *   `a[].b` = property b of every element of array a. A path without a suffix must be present (not
 *   undefined); a path ending in `?` is guarded by the starter (`?.`, `||`, `??`) and may be null/absent.
 *   An array written without `?` must be an array (the starter calls .map/.filter/.length on it).
 *   A path below an optional segment (`cart.shipping_address?` -> `cart.shipping_address.city`) is only
 *   required when that segment is present; state-dependent paths (addresses, shipping methods, payment
 *   sessions, promotions) need a replay that has put the cart/order into that state first.
 * - `pages`: 'middleware' (edge middleware, every page request), 'build' (generateStaticParams during
 *   `next build`), 'layout' (the (main) layout/nav/footer: every page except checkout), page names
 *   ('home', 'store', 'product', 'collection', 'category', 'cart', 'checkout', 'account', 'order-confirmed',
 *   ...), `page:action` for server actions triggered by a click, and 'unused' for exported but uncalled code.
 */

export interface StarterCall {
  name: string;
  source: string;
  pages: string[];
  area: 'region' | 'catalog' | 'customer' | 'auth' | 'cart' | 'shipping' | 'payment' | 'order' | 'other';
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
  auth?: boolean;
  /** the call only makes sense with a customer token (it is a 401 without one) */
  authRequired?: boolean;
  reads: string[];
  notes?: string;
}

/** listProducts' default `fields` (src/lib/data/products.ts), trailing comma included */
const PRODUCT_FIELDS = '*variants.calculated_price,+variants.inventory_quantity,*variants.images,+metadata,+tags,';
/** retrieveCart's default `fields` (src/lib/data/cart.ts) */
const CART_FIELDS = '*items, *region, *items.product, *items.variant, *items.thumbnail, *items.metadata, +items.total, *promotions, +shipping_methods.name';
const CATEGORY_LIST_FIELDS = '*category_children, *products, *parent_category, *parent_category.parent_category';
const ORDER_FIELDS = '*payment_collections.payments,*items,*items.metadata,*items.variant,*items.product';
const ORDER_LIST_FIELDS = '*items,+items.metadata,*items.variant,*items.product';

/** What ProductPreview/PreviewPrice/Thumbnail read from each listed product (getProductPrice, get-product-price.ts). */
const PREVIEW_READS = [
  'products[].id',
  'products[].handle',
  'products[].title',
  'products[].thumbnail?',
  'products[].images[].url?',
  'products[].variants',
  'products[].variants[].calculated_price?',
  'products[].variants[].calculated_price.calculated_amount',
  'products[].variants[].calculated_price.original_amount',
  'products[].variants[].calculated_price.currency_code',
  'products[].variants[].calculated_price.calculated_price',
  'products[].variants[].calculated_price.calculated_price.price_list_type?',
];

/** What the product page (template, info, tabs, gallery) reads from products[0]. */
const PRODUCT_PAGE_READS = [
  'products[].id',
  'products[].title',
  'products[].handle',
  'products[].description?',
  'products[].thumbnail?',
  'products[].images',
  'products[].images[].id',
  'products[].images[].url',
  'products[].collection_id?',
  'products[].collection?',
  'products[].collection.handle',
  'products[].collection.title',
  'products[].tags?',
  'products[].tags[].id',
  'products[].material?',
  'products[].origin_country?',
  'products[].type?',
  'products[].type.value',
  'products[].weight?',
  'products[].length?',
  'products[].width?',
  'products[].height?',
  'products[].variants',
  'products[].variants[].id',
  'products[].variants[].images',
  'products[].variants[].images[].id',
];

/** ProductActions / MobileActions / OptionSelect / ProductPrice on the fresh (wrapper) copy of the product. */
const PRODUCT_ACTION_READS = [
  'products[].id',
  'products[].title',
  'products[].options?',
  'products[].options[].id',
  'products[].options[].title',
  'products[].options[].values?',
  'products[].options[].values[].value',
  'products[].variants',
  'products[].variants[].id',
  'products[].variants[].sku?',
  'products[].variants[].options',
  'products[].variants[].options[].option_id',
  'products[].variants[].options[].value',
  'products[].variants[].manage_inventory',
  'products[].variants[].allow_backorder',
  'products[].variants[].inventory_quantity',
  'products[].variants[].calculated_price.calculated_amount',
  'products[].variants[].calculated_price.original_amount',
  'products[].variants[].calculated_price.currency_code',
  'products[].variants[].calculated_price.calculated_price',
  'products[].variants[].calculated_price.calculated_price.price_list_type?',
];

const CART_READS = [
  'cart.id',
  'cart.region_id',
  'cart.currency_code',
  'cart.email?',
  'cart.customer_id?',
  'cart.region',
  'cart.region.id',
  'cart.region.countries',
  'cart.region.countries[].iso_2',
  'cart.region.countries[].display_name',
  'cart.items',
  'cart.items[].id',
  'cart.items[].quantity',
  'cart.items[].created_at?',
  'cart.items[].title',
  'cart.items[].product_title',
  'cart.items[].product_handle',
  'cart.items[].thumbnail?',
  'cart.items[].total',
  'cart.items[].original_total',
  'cart.items[].variant?',
  'cart.items[].variant.title',
  'cart.items[].variant.manage_inventory',
  'cart.items[].variant.product.images?',
  'cart.subtotal',
  'cart.item_subtotal',
  'cart.item_total',
  'cart.shipping_subtotal',
  'cart.discount_subtotal',
  'cart.tax_total',
  'cart.total',
  'cart.gift_cards?',
  'cart.shipping_address?',
  'cart.shipping_address.first_name',
  'cart.shipping_address.last_name',
  'cart.shipping_address.address_1',
  'cart.shipping_address.address_2?',
  'cart.shipping_address.company?',
  'cart.shipping_address.postal_code',
  'cart.shipping_address.city',
  'cart.shipping_address.country_code',
  'cart.shipping_address.province?',
  'cart.shipping_address.phone?',
  'cart.billing_address?',
  'cart.billing_address.first_name',
  'cart.billing_address.last_name',
  'cart.billing_address.address_1',
  'cart.billing_address.address_2?',
  'cart.billing_address.company?',
  'cart.billing_address.postal_code',
  'cart.billing_address.city',
  'cart.billing_address.country_code',
  'cart.billing_address.province?',
  'cart.billing_address.phone?',
  'cart.shipping_methods',
  'cart.shipping_methods[].shipping_option_id',
  'cart.shipping_methods[].name',
  'cart.shipping_methods[].amount',
  'cart.promotions',
  'cart.promotions[].id',
  'cart.promotions[].code',
  'cart.promotions[].is_automatic',
  'cart.promotions[].application_method?',
  'cart.promotions[].application_method.type',
  'cart.promotions[].application_method.value',
  'cart.promotions[].application_method.currency_code',
  'cart.payment_collection?',
  'cart.payment_collection.id',
  'cart.payment_collection.payment_sessions?',
  'cart.payment_collection.payment_sessions[].status',
  'cart.payment_collection.payment_sessions[].provider_id',
  'cart.payment_collection.payment_sessions[].data?',
  'cart.payment_collection.payment_sessions[].data.client_secret?',
];

const CUSTOMER_READS = [
  'customer.id',
  'customer.email',
  'customer.first_name',
  'customer.last_name',
  'customer.phone?',
  'customer.addresses',
  'customer.addresses[].id',
  'customer.addresses[].first_name',
  'customer.addresses[].last_name',
  'customer.addresses[].company?',
  'customer.addresses[].address_1',
  'customer.addresses[].address_2?',
  'customer.addresses[].city',
  'customer.addresses[].postal_code',
  'customer.addresses[].province?',
  'customer.addresses[].country_code',
  'customer.addresses[].phone?',
  'customer.addresses[].is_default_billing',
  'customer.addresses[].is_default_shipping',
];

const ORDER_READS = [
  'order.id',
  'order.email',
  'order.created_at',
  'order.display_id',
  'order.currency_code',
  'order.fulfillment_status',
  'order.payment_status',
  'order.total',
  'order.subtotal',
  'order.tax_total',
  'order.item_subtotal',
  'order.shipping_subtotal',
  'order.shipping_total',
  'order.discount_subtotal?',
  'order.discount_total?',
  'order.gift_card_total?',
  'order.items',
  'order.items[].id',
  'order.items[].created_at?',
  'order.items[].thumbnail?',
  'order.items[].product_title',
  'order.items[].quantity',
  'order.items[].total',
  'order.items[].original_total',
  'order.items[].variant?',
  'order.items[].variant.title',
  'order.shipping_address',
  'order.shipping_address.first_name',
  'order.shipping_address.last_name',
  'order.shipping_address.address_1',
  'order.shipping_address.address_2?',
  'order.shipping_address.postal_code',
  'order.shipping_address.city',
  'order.shipping_address.country_code',
  'order.shipping_address.phone?',
  'order.shipping_methods',
  'order.shipping_methods[].name',
  'order.shipping_methods[].total',
  'order.payment_collections?',
  'order.payment_collections[].payments?',
  'order.payment_collections[].payments[].provider_id',
  'order.payment_collections[].payments[].amount',
  'order.payment_collections[].payments[].created_at',
  'order.payment_collections[].payments[].data?',
  'order.payment_collections[].payments[].data.card_last4?',
];

const ADDRESS_BODY = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  company: '',
  address_1: '1 Analytical Way',
  address_2: '',
  city: 'London',
  postal_code: 'N1 9GU',
  province: '',
  country_code: 'gb',
  phone: '',
};

export const STARTER_CALLS: StarterCall[] = [
  // ───────────────────────────── region ─────────────────────────────
  {
    name: 'middlewareListRegions',
    source: 'src/middleware.ts getRegionMap',
    pages: ['middleware'],
    area: 'region',
    method: 'GET',
    path: '/store/regions',
    reads: ['regions', 'regions[].countries', 'regions[].countries[].iso_2'],
    notes:
      'Plain fetch (Edge runtime, not the SDK) to `${MEDUSA_BACKEND_URL}/store/regions`; only header is x-publishable-api-key ' +
      '(no accept/content-type/locale/auth). next: { revalidate: 3600, tags: [`regions-${_medusa_cache_id}`] }, cache: force-cache; ' +
      'kept in a module Map for 1 h. response.json() is called BEFORE checking response.ok, so error bodies must be JSON ' +
      '(it throws json.message). Empty regions or regions without countries => 500 "No valid regions configured". ' +
      'Country codes are matched against lower-case URL segments, so iso_2 must be lower-case.',
  },
  {
    name: 'listRegions',
    source: 'src/lib/data/regions.ts listRegions (also via getRegion)',
    pages: [
      'build',
      'layout',
      'home',
      'store',
      'product',
      'collection',
      'category',
      'account:profile',
      'account:addresses',
      'product:add-to-cart',
      'nav:country-select',
    ],
    area: 'region',
    method: 'GET',
    path: '/store/regions',
    reads: ['regions', 'regions[].id', 'regions[].countries', 'regions[].countries[].iso_2', 'regions[].countries[].display_name'],
    notes:
      'No query (Medusa default limit 20 applies). next: { tags: [`regions-${cacheId}`] }, cache: force-cache. ' +
      'getRegion(countryCode) caches the country->region map in a module-level Map for the life of the server process. ' +
      'Nav (every (main) page) passes the regions to the side-menu country selector; the profile page uses countries for the billing-address select.',
  },
  {
    name: 'retrieveRegion',
    source: 'src/lib/data/regions.ts retrieveRegion (listProducts with regionId)',
    pages: ['home', 'product'],
    area: 'region',
    method: 'GET',
    path: '/store/regions/:id',
    reads: ['region.id'],
    notes:
      'Called by listProducts when given regionId instead of countryCode: home ProductRail and product ProductActionsWrapper. next tag `regions-<id>-<cacheId>`.',
  },
  {
    name: 'listLocales',
    source: 'src/lib/data/locales.ts listLocales',
    pages: ['layout'],
    area: 'other',
    method: 'GET',
    path: '/store/locales',
    reads: ['locales?', 'locales[].code', 'locales[].name'],
    notes:
      'Any error (e.g. 404 when the backend has no locales) => null and the language selector is hidden. If answered, ' +
      'codes must be BCP-47 (Intl.Locale / Intl.DisplayNames). Newer Medusa (2.12+) endpoint.',
  },

  // ───────────────────────────── catalog ─────────────────────────────
  {
    name: 'listProductHandlesForBuild',
    source: 'src/app/[countryCode]/(main)/products/[handle]/page.tsx generateStaticParams -> listProducts',
    pages: ['build'],
    area: 'catalog',
    method: 'GET',
    path: '/store/products',
    query: { limit: 100, offset: 0, region_id: ':region_id', fields: 'handle' },
    auth: true,
    reads: ['products', 'products[].handle', 'count'],
    notes:
      'Once per country of every region (after listRegions). `fields: "handle"` is bare, so it replaces the defaults. ' +
      'Errors are caught (no product pages prebuilt). At build time there are no cookies, so no auth/locale header is sent.',
  },
  {
    name: 'listProductByHandle',
    source: 'src/app/[countryCode]/(main)/products/[handle]/page.tsx generateMetadata + ProductPage -> listProducts',
    pages: ['product'],
    area: 'catalog',
    method: 'GET',
    path: '/store/products',
    query: { limit: 12, offset: 0, region_id: ':region_id', fields: PRODUCT_FIELDS, handle: ':handle' },
    auth: true,
    reads: ['products', 'count', ...new Set([...PRODUCT_PAGE_READS, ...PRODUCT_ACTION_READS])],
    notes:
      'Called twice per product page (metadata + page). products[0] undefined => notFound(). With ?v_id=<variant> the page keeps ' +
      'only product.images whose id is in variant.images (variant.images.length is read unguarded). next tag `products-<cacheId>`.',
  },
  {
    name: 'listProductForActions',
    source: 'src/modules/products/templates/product-actions-wrapper/index.tsx -> listProducts',
    pages: ['product'],
    area: 'catalog',
    method: 'GET',
    path: '/store/products',
    query: { limit: 12, offset: 0, region_id: ':region_id', fields: PRODUCT_FIELDS, id: [':product_id'] },
    auth: true,
    reads: ['products', 'count', ...PRODUCT_ACTION_READS],
    notes:
      'Preceded by GET /store/regions/:id (regionId path). id is an array => `id[0]=prod_...`. In-stock rule: ' +
      '!manage_inventory || allow_backorder || inventory_quantity > 0. Variant selection matches variant.options[].option_id ' +
      'against product.options[].id, so those ids must agree.',
  },
  {
    name: 'listRelatedProducts',
    source: 'src/modules/products/components/related-products/index.tsx -> listProducts',
    pages: ['product'],
    area: 'catalog',
    method: 'GET',
    path: '/store/products',
    query: {
      limit: 12,
      offset: 0,
      region_id: ':region_id',
      fields: PRODUCT_FIELDS,
      collection_id: [':collection_id'],
      tag_id: [':tag_id'],
      is_giftcard: false,
    },
    auth: true,
    reads: ['products', 'count', ...PREVIEW_READS],
    notes:
      'collection_id only if the product has one; tag_id = product.tags ids (possibly an empty array, which qs drops); ' +
      'is_giftcard=false always. The product itself is filtered out client-side.',
  },
  {
    name: 'listProductsForCollectionRail',
    source: 'src/modules/home/components/featured-products/product-rail/index.tsx -> listProducts',
    pages: ['home'],
    area: 'catalog',
    method: 'GET',
    path: '/store/products',
    query: { limit: 12, offset: 0, region_id: ':region_id', fields: '*variants.calculated_price', collection_id: ':collection_id' },
    auth: true,
    reads: ['products', 'count', ...PREVIEW_READS],
    notes:
      'One per collection returned by listCollectionsHome, preceded by GET /store/regions/:id. Here collection_id is a plain ' +
      'string (not an array) and fields is only "*variants.calculated_price" (defaults kept: images, thumbnail, handle, title).',
  },
  {
    name: 'listProductsStore',
    source: 'src/modules/store/templates/paginated-products.tsx -> listProductsWithSort -> listProducts',
    pages: ['store'],
    area: 'catalog',
    method: 'GET',
    path: '/store/products',
    query: { limit: 100, offset: 0, region_id: ':region_id', fields: PRODUCT_FIELDS, order: 'created_at' },
    auth: true,
    reads: ['products', 'count', 'products[].created_at', ...PREVIEW_READS],
    notes:
      'Always fetches 100 and sorts/paginates in memory (12 a page); count drives the page count. `order: "created_at"` only ' +
      'for sortBy=created_at (the default); for price_asc/price_desc the order key is absent and sorting uses ' +
      'variants[].calculated_price.calculated_amount.',
  },
  {
    name: 'listProductsCategory',
    source: 'src/modules/categories/templates/index.tsx -> PaginatedProducts -> listProducts',
    pages: ['category'],
    area: 'catalog',
    method: 'GET',
    path: '/store/products',
    query: { limit: 100, offset: 0, region_id: ':region_id', fields: PRODUCT_FIELDS, category_id: [':category_id'], order: 'created_at' },
    auth: true,
    reads: ['products', 'count', 'products[].created_at', ...PREVIEW_READS],
    notes: 'Same as listProductsStore plus category_id[0]=<id>. Key order as built: limit, offset, region_id, fields, category_id, order.',
  },
  {
    name: 'listProductsCollection',
    source: 'src/modules/collections/templates/index.tsx -> PaginatedProducts -> listProducts',
    pages: ['collection'],
    area: 'catalog',
    method: 'GET',
    path: '/store/products',
    query: { limit: 100, offset: 0, region_id: ':region_id', fields: PRODUCT_FIELDS, collection_id: [':collection_id'], order: 'created_at' },
    auth: true,
    reads: ['products', 'count', 'products[].created_at', ...PREVIEW_READS],
    notes: 'Same as listProductsStore plus collection_id[0]=<id>.',
  },
  {
    name: 'listCategories',
    source: 'src/lib/data/categories.ts listCategories',
    pages: ['build', 'layout'],
    area: 'catalog',
    method: 'GET',
    path: '/store/product-categories',
    query: { fields: CATEGORY_LIST_FIELDS, limit: 100 },
    reads: [
      'product_categories',
      'product_categories[].id',
      'product_categories[].handle',
      'product_categories[].name',
      'product_categories[].parent_category?',
      'product_categories[].category_children?',
      'product_categories[].category_children[].id',
      'product_categories[].category_children[].name',
      'product_categories[].category_children[].handle',
    ],
    notes:
      'Footer on every (main) page (first 6 top-level categories and their children) and category generateStaticParams. ' +
      'No .catch: an error status breaks the footer, i.e. every page. `*products` must be accepted (Medusa links products to categories). No auth header.',
  },
  {
    name: 'getCategoryByHandle',
    source: 'src/lib/data/categories.ts getCategoryByHandle',
    pages: ['category'],
    area: 'catalog',
    method: 'GET',
    path: '/store/product-categories',
    query: { fields: '*category_children, *products', handle: ':handle' },
    reads: [
      'product_categories',
      'product_categories[].id',
      'product_categories[].name',
      'product_categories[].handle',
      'product_categories[].description?',
      'product_categories[].parent_category?',
      'product_categories[].parent_category.id',
      'product_categories[].parent_category.name',
      'product_categories[].parent_category.handle',
      'product_categories[].category_children?',
      'product_categories[].category_children[].id',
      'product_categories[].category_children[].name',
      'product_categories[].category_children[].handle',
      'product_categories[].products?',
    ],
    notes:
      'handle = URL segments joined with "/" (/categories/a/b => handle "a/b"). Called by generateMetadata and the page; ' +
      'product_categories[0] undefined => 404. The breadcrumb walks parent_category.parent_category... as deep as present.',
  },
  {
    name: 'listCollectionsHome',
    source: 'src/app/[countryCode]/(main)/page.tsx -> listCollections',
    pages: ['home'],
    area: 'catalog',
    method: 'GET',
    path: '/store/collections',
    query: { fields: 'id, handle, title', limit: '100', offset: '0' },
    reads: ['collections', 'collections[].id', 'collections[].handle', 'collections[].title'],
    notes: 'limit/offset are strings. Bare fields => replaces defaults. count is NOT read (the starter uses collections.length). No .catch.',
  },
  {
    name: 'listCollectionsWithProducts',
    source: 'src/lib/data/collections.ts listCollections (footer, collections generateStaticParams)',
    pages: ['build', 'layout'],
    area: 'catalog',
    method: 'GET',
    path: '/store/collections',
    query: { fields: '*products', limit: '100', offset: '0' },
    reads: ['collections', 'collections[].id', 'collections[].handle', 'collections[].title'],
    notes: 'Footer on every (main) page: no .catch, so a 400 for `*products` breaks every page. products themselves are not read.',
  },
  {
    name: 'getCollectionByHandle',
    source: 'src/lib/data/collections.ts getCollectionByHandle',
    pages: ['collection'],
    area: 'catalog',
    method: 'GET',
    path: '/store/collections',
    query: { handle: ':handle', fields: '*products' },
    reads: ['collections', 'collections[].id', 'collections[].title', 'collections[].handle', 'collections[].products?'],
    notes: 'generateMetadata + page; collections[0] undefined => 404. products only used for the skeleton length.',
  },
  {
    name: 'retrieveCollection',
    source: 'src/lib/data/collections.ts retrieveCollection',
    pages: ['unused'],
    area: 'catalog',
    method: 'GET',
    path: '/store/collections/:id',
    reads: ['collection'],
    notes: 'Exported but not called anywhere in the starter.',
  },
  {
    name: 'retrieveVariant',
    source: 'src/lib/data/variants.ts retrieveVariant',
    pages: ['unused'],
    area: 'catalog',
    method: 'GET',
    path: '/store/product-variants/:id',
    query: { fields: '*images' },
    auth: true,
    reads: ['variant'],
    notes: 'Exported but not called anywhere. Errors => null. Newer Medusa store endpoint.',
  },

  // ───────────────────────────── customer / auth ─────────────────────────────
  {
    name: 'retrieveCustomer',
    source: 'src/lib/data/customer.ts retrieveCustomer',
    pages: ['layout', 'cart', 'checkout', 'account', 'account:profile', 'account:addresses'],
    area: 'customer',
    method: 'GET',
    path: '/store/customers/me',
    query: { fields: '*orders' },
    auth: true,
    reads: CUSTOMER_READS,
    notes:
      'Sent on EVERY page, also for anonymous shoppers (the `if (!authHeaders)` guard never triggers because {} is truthy): ' +
      'without a token it must fail with a non-2xx status (401) and the starter treats that as "signed out". ' +
      'A 200 with a null/empty customer would render the signed-in UI. `*orders` is requested but orders are never read. ' +
      'addresses must be an array (AddressBook, checkout address picker).',
  },
  {
    name: 'register',
    source: 'src/lib/data/customer.ts signup -> sdk.auth.register',
    pages: ['account:register'],
    area: 'auth',
    method: 'POST',
    path: '/auth/customer/emailpass/register',
    body: { email: 'ada@example.com', password: 'secret-password' },
    reads: ['token'],
    notes: 'No token => SDK throws "Unexpected registration response". Token stored in the httpOnly _medusa_jwt cookie (7 days).',
  },
  {
    name: 'createCustomer',
    source: 'src/lib/data/customer.ts signup -> sdk.store.customer.create',
    pages: ['account:register'],
    area: 'customer',
    method: 'POST',
    path: '/store/customers',
    body: { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace', phone: '' },
    auth: true,
    authRequired: true,
    reads: ['customer'],
    notes: 'Bearer is the REGISTRATION token (no actor yet). phone is "" when left empty. Followed by login and transferCart.',
  },
  {
    name: 'login',
    source: 'src/lib/data/customer.ts login / signup -> sdk.auth.login',
    pages: ['account:login', 'account:register'],
    area: 'auth',
    method: 'POST',
    path: '/auth/customer/emailpass',
    body: { email: 'ada@example.com', password: 'secret-password' },
    reads: ['token', 'location?', 'mfa_challenge?', 'verification_required?'],
    notes:
      'Token => _medusa_jwt cookie, then transferCart if a cart cookie exists. Sign-out makes NO backend call (JWT mode: ' +
      'sdk.auth.logout only clears local state; DELETE /auth/session is only sent in session mode).',
  },
  {
    name: 'updateCustomer',
    source: 'src/lib/data/customer.ts updateCustomer (profile-name, profile-phone)',
    pages: ['account:profile'],
    area: 'customer',
    method: 'POST',
    path: '/store/customers/me',
    body: { first_name: 'Ada', last_name: 'Lovelace' },
    auth: true,
    authRequired: true,
    reads: ['customer'],
    notes: 'Either {first_name, last_name} or {phone}. Email editing is disabled in the starter.',
  },
  {
    name: 'addCustomerAddress',
    source: 'src/lib/data/customer.ts addCustomerAddress (address book, profile billing address)',
    pages: ['account:addresses', 'account:profile'],
    area: 'customer',
    method: 'POST',
    path: '/store/customers/me/addresses',
    body: { ...ADDRESS_BODY, is_default_billing: false, is_default_shipping: true },
    auth: true,
    authRequired: true,
    reads: ['customer'],
    notes:
      'Every optional form field is sent as "" when empty. Address book: is_default_shipping = (no addresses yet), ' +
      'is_default_billing false; profile billing form: is_default_billing true, is_default_shipping false.',
  },
  {
    name: 'updateCustomerAddress',
    source: 'src/lib/data/customer.ts updateCustomerAddress',
    pages: ['account:addresses', 'account:profile'],
    area: 'customer',
    method: 'POST',
    path: '/store/customers/me/addresses/:address_id',
    body: { ...ADDRESS_BODY, phone: '+44 20 7946 0000' },
    auth: true,
    authRequired: true,
    reads: [],
    notes: 'No is_default_* flags; phone only included when non-empty. Response ignored (must be 2xx JSON).',
  },
  {
    name: 'deleteCustomerAddress',
    source: 'src/lib/data/customer.ts deleteCustomerAddress',
    pages: ['account:addresses'],
    area: 'customer',
    method: 'DELETE',
    path: '/store/customers/me/addresses/:address_id',
    auth: true,
    authRequired: true,
    reads: [],
    notes: 'No body, but content-type: application/json is still sent. Response ignored.',
  },

  // ───────────────────────────── cart ─────────────────────────────
  {
    name: 'retrieveCart',
    source: 'src/lib/data/cart.ts retrieveCart (default fields)',
    pages: ['layout', 'cart', 'checkout'],
    area: 'cart',
    method: 'GET',
    path: '/store/carts/:id',
    query: { fields: CART_FIELDS },
    auth: true,
    reads: CART_READS,
    notes:
      'Only when the _medusa_cart_id cookie exists; twice per (main) page (layout + nav CartButton). Errors => null (so an ' +
      'unknown/foreign cart id should be a 404). Relies on Medusa defaults being kept (all tokens are * / + / space-prefixed): ' +
      'totals, addresses, shipping_methods.amount/shipping_option_id, payment_collection.payment_sessions, region.countries. ' +
      'promotions must be an array or absent, never null (`const { promotions = [] } = cart`). shipping_methods must be an ' +
      'array (Review reads .length unguarded).',
  },
  {
    name: 'retrieveCartIdRegion',
    source: 'src/lib/data/cart.ts getOrSetCart -> retrieveCart(undefined, "id,region_id")',
    pages: ['product:add-to-cart'],
    area: 'cart',
    method: 'GET',
    path: '/store/carts/:id',
    query: { fields: 'id,region_id' },
    auth: true,
    reads: ['cart.id', 'cart.region_id'],
    notes: 'Bare fields => only id and region_id. An error (e.g. 404 for a stale cookie) => a new cart is created.',
  },
  {
    name: 'createCart',
    source: 'src/lib/data/cart.ts getOrSetCart -> sdk.store.cart.create',
    pages: ['product:add-to-cart'],
    area: 'cart',
    method: 'POST',
    path: '/store/carts',
    body: { region_id: ':region_id' },
    auth: true,
    reads: ['cart.id', 'cart.region_id'],
    notes:
      'Body is { region_id, locale } with locale = _medusa_locale cookie; JSON.stringify drops it when undefined. No ' +
      'sales_channel_id / email / items: the publishable key implies the channel. cart.id => _medusa_cart_id cookie. ' +
      'If the returned region_id differs from the requested one the starter immediately POSTs updateCartRegion.',
  },
  {
    name: 'updateCartRegion',
    source: 'src/lib/data/cart.ts getOrSetCart / updateRegion -> cart.update',
    pages: ['product:add-to-cart', 'nav:country-select'],
    area: 'cart',
    method: 'POST',
    path: '/store/carts/:id',
    body: { region_id: ':region_id' },
    auth: true,
    reads: ['cart'],
    notes: 'Region switch from the side-menu country selector (then redirect to /<country><path>) or a cart whose region differs from the URL country.',
  },
  {
    name: 'updateCartAddresses',
    source: 'src/lib/data/cart.ts setAddresses -> updateCart',
    pages: ['checkout:address'],
    area: 'cart',
    method: 'POST',
    path: '/store/carts/:id',
    body: {
      shipping_address: ADDRESS_BODY,
      email: 'ada@example.com',
      billing_address: ADDRESS_BODY,
    },
    auth: true,
    reads: ['cart'],
    notes:
      'Values come from FormData: empty inputs are "" (company, province, phone), address_2 is always "". billing_address is ' +
      'the same object as shipping_address when "same as billing" is checked, else the billing_address.* fields. ' +
      'country_code is a lower-case iso_2 from cart.region.countries. Then redirect to ?step=delivery.',
  },
  {
    name: 'applyPromotions',
    source: 'src/lib/data/cart.ts applyPromotions (discount-code form, remove button)',
    pages: ['cart', 'checkout'],
    area: 'cart',
    method: 'POST',
    path: '/store/carts/:id',
    body: { promo_codes: ['WELCOME10'] },
    auth: true,
    reads: [],
    notes:
      'The FULL list of codes each time: adding = existing codes + new one; removing = remaining codes (possibly []), so ' +
      'promo_codes replaces the set. Error message is shown to the shopper. Uses cart update, not /store/carts/:id/promotions.',
  },
  {
    name: 'updateCartLocale',
    source: 'src/lib/data/locale-actions.ts updateLocale -> cart.update',
    pages: ['nav:language-select'],
    area: 'cart',
    method: 'POST',
    path: '/store/carts/:id',
    body: { locale: 'fr-FR' },
    auth: true,
    reads: [],
    notes: 'Only when locales are offered (listLocales answered) and a cart exists. "" (the "Default" option) is possible.',
  },
  {
    name: 'addLineItem',
    source: 'src/lib/data/cart.ts addToCart -> cart.createLineItem',
    pages: ['product:add-to-cart'],
    area: 'cart',
    method: 'POST',
    path: '/store/carts/:id/line-items',
    body: { variant_id: ':variant_id', quantity: 1 },
    auth: true,
    reads: [],
    notes: 'Preceded by getRegion, retrieveCartIdRegion and possibly createCart/updateCartRegion. Response ignored.',
  },
  {
    name: 'updateLineItem',
    source: 'src/lib/data/cart.ts updateLineItem',
    pages: ['cart'],
    area: 'cart',
    method: 'POST',
    path: '/store/carts/:id/line-items/:line_id',
    body: { quantity: 2 },
    auth: true,
    reads: [],
    notes: 'Quantity select offers 1..10.',
  },
  {
    name: 'deleteLineItem',
    source: 'src/lib/data/cart.ts deleteLineItem',
    pages: ['cart', 'layout'],
    area: 'cart',
    method: 'DELETE',
    path: '/store/carts/:id/line-items/:line_id',
    auth: true,
    reads: [],
    notes: 'From the cart page and the nav cart dropdown. Response ignored (Medusa answers { id, object, deleted, parent }).',
  },
  {
    name: 'transferCart',
    source: 'src/lib/data/customer.ts transferCart -> sdk.store.cart.transferCart',
    pages: ['account:login', 'account:register', 'layout'],
    area: 'cart',
    method: 'POST',
    path: '/store/carts/:id/customer',
    auth: true,
    authRequired: true,
    reads: [],
    notes:
      'Body-less POST with content-type: application/json. After login/signup when a cart cookie exists, and from the ' +
      'CartMismatchBanner (shown when a customer is signed in and cart.customer_id is empty). Medusa 2.x endpoint.',
  },
  {
    name: 'completeCart',
    source: 'src/lib/data/cart.ts placeOrder -> cart.complete',
    pages: ['checkout:review'],
    area: 'order',
    method: 'POST',
    path: '/store/carts/:id/complete',
    auth: true,
    reads: ['type', 'order.id', 'order.shipping_address.country_code', 'cart?'],
    notes:
      'Body-less POST. type === "order" => cart cookie removed, redirect to /<order.shipping_address.country_code lower-cased>' +
      '/order/<order.id>/confirmed; otherwise returns cartRes.cart (Medusa: { type: "cart", cart, error }). An error status ' +
      'shows its message under the Place order button.',
  },

  // ───────────────────────────── shipping ─────────────────────────────
  {
    name: 'listCartOptions',
    source: 'src/lib/data/cart.ts listCartOptions (free-shipping nudge in the (main) layout)',
    pages: ['layout'],
    area: 'shipping',
    method: 'GET',
    path: '/store/shipping-options',
    query: { cart_id: ':cart_id' },
    auth: true,
    reads: [
      'shipping_options',
      'shipping_options[].id',
      'shipping_options[].calculated_price?',
      'shipping_options[].prices',
      'shipping_options[].prices[].amount',
      'shipping_options[].prices[].currency_code',
      'shipping_options[].prices[].price_rules?',
      'shipping_options[].prices[].price_rules[].attribute',
      'shipping_options[].prices[].price_rules[].operator',
      'shipping_options[].prices[].price_rules[].value',
    ],
    notes:
      'On every (main) page whenever a cart exists, including a fresh cart with no address. NO .catch: any error status ' +
      'breaks the whole layout. prices is read unguarded for every option that has a truthy calculated_price. A price whose ' +
      'price_rules include attribute "item_total" (operators gt/gte/lt/lte/eq, value a numeric string) and amount 0 drives the ' +
      '"free shipping" popup, compared with cart.item_total. next tag `shippingOptions-<cacheId>`.',
  },
  {
    name: 'listCartShippingMethods',
    source: 'src/lib/data/fulfillment.ts listCartShippingMethods (checkout form)',
    pages: ['checkout'],
    area: 'shipping',
    method: 'GET',
    path: '/store/shipping-options',
    query: { cart_id: ':cart_id' },
    auth: true,
    reads: [
      'shipping_options',
      'shipping_options[].id',
      'shipping_options[].name',
      'shipping_options[].price_type',
      'shipping_options[].amount',
      'shipping_options[].insufficient_inventory?',
      'shipping_options[].service_zone?',
      'shipping_options[].service_zone.fulfillment_set?',
      'shipping_options[].service_zone.fulfillment_set.type',
      'shipping_options[].service_zone.fulfillment_set.location.address?',
    ],
    notes:
      'Error => null => the whole checkout form renders nothing. price_type "flat" shows amount; "calculated" triggers ' +
      'calculateShippingOption. fulfillment_set.type === "pickup" options are shown as stores with location.address ' +
      '(address_1, address_2, postal_code, city, country_code). next tag `fulfillment-<cacheId>`.',
  },
  {
    name: 'calculateShippingOption',
    source: 'src/lib/data/fulfillment.ts calculatePriceForShippingOption',
    pages: ['checkout:delivery'],
    area: 'shipping',
    method: 'POST',
    path: '/store/shipping-options/:id/calculate',
    body: { cart_id: ':cart_id' },
    auth: true,
    reads: ['shipping_option.id', 'shipping_option.amount'],
    notes: 'Only for options with price_type "calculated"; body built as { cart_id, data: undefined } (data dropped). Errors => null (option disabled).',
  },
  {
    name: 'addShippingMethod',
    source: 'src/lib/data/cart.ts setShippingMethod -> cart.addShippingMethod',
    pages: ['checkout:delivery'],
    area: 'shipping',
    method: 'POST',
    path: '/store/carts/:id/shipping-methods',
    body: { option_id: ':shipping_option_id' },
    auth: true,
    reads: [],
    notes: 'Called on each radio click. The checkout then shows cart.shipping_methods.at(-1) (name, amount), so it should replace, not pile up.',
  },

  // ───────────────────────────── payment ─────────────────────────────
  {
    name: 'listPaymentProviders',
    source: 'src/lib/data/payment.ts listCartPaymentMethods',
    pages: ['checkout'],
    area: 'payment',
    method: 'GET',
    path: '/store/payment-providers',
    query: { region_id: ':region_id' },
    auth: true,
    reads: ['payment_providers', 'payment_providers[].id'],
    notes:
      'Error => null => checkout form renders nothing. Sorted by id. Known ids: pp_system_default (manual, "Place order" ' +
      'without card), pp_stripe_stripe, pp_medusa-payments_default, pp_stripe-ideal_stripe, pp_stripe-bancontact_stripe, pp_paypal_paypal.',
  },
  {
    name: 'createPaymentCollection',
    source: 'sdk.store.payment.initiatePaymentSession (via src/lib/data/cart.ts initiatePaymentSession)',
    pages: ['checkout:payment'],
    area: 'payment',
    method: 'POST',
    path: '/store/payment-collections',
    body: { cart_id: ':cart_id' },
    auth: true,
    reads: ['payment_collection.id'],
    notes: 'Only when the cart passed in has no payment_collection.id (from retrieveCart). Medusa answers with the existing collection if there is one.',
  },
  {
    name: 'initiatePaymentSession',
    source: 'sdk.store.payment.initiatePaymentSession (via src/lib/data/cart.ts initiatePaymentSession)',
    pages: ['checkout:payment'],
    area: 'payment',
    method: 'POST',
    path: '/store/payment-collections/:id/payment-sessions',
    body: { provider_id: 'pp_system_default' },
    auth: true,
    reads: [],
    notes:
      '"Continue to review" (any provider, unless a pending session for the same provider exists) and on selecting a ' +
      'Stripe-like provider. The session then must appear in cart.payment_collection.payment_sessions with status "pending" ' +
      '(Stripe: data.client_secret).',
  },

  // ───────────────────────────── order ─────────────────────────────
  {
    name: 'retrieveOrder',
    source: 'src/lib/data/orders.ts retrieveOrder',
    pages: ['order-confirmed', 'account:order-details'],
    area: 'order',
    method: 'GET',
    path: '/store/orders/:id',
    query: { fields: ORDER_FIELDS },
    auth: true,
    reads: ORDER_READS,
    notes:
      'Confirmation page right after completeCart: the shopper may be a guest with no token, so the order must be readable ' +
      'by id without auth. Errors => 404 page. shipping_methods[0] is read unguarded (.name, .total), so a completed order ' +
      'needs one. payment_collections[0].payments[0].provider_id must be a key of the starter paymentInfoMap ' +
      '(e.g. pp_system_default), otherwise rendering throws. fulfillment_status / payment_status are split on "_" (details page).',
  },
  {
    name: 'listOrders',
    source: 'src/lib/data/orders.ts listOrders',
    pages: ['account', 'account:orders'],
    area: 'order',
    method: 'GET',
    path: '/store/orders',
    query: { limit: 10, offset: 0, order: '-created_at', fields: ORDER_LIST_FIELDS },
    auth: true,
    authRequired: true,
    reads: [
      'orders',
      'orders[].id',
      'orders[].display_id',
      'orders[].created_at',
      'orders[].total',
      'orders[].currency_code',
      'orders[].items?',
      'orders[].items[].id',
      'orders[].items[].quantity',
      'orders[].items[].title',
      'orders[].items[].thumbnail?',
    ],
    notes: 'Newest first (order=-created_at). count is not read.',
  },
  {
    name: 'requestOrderTransfer',
    source: 'src/lib/data/orders.ts createTransferRequest -> sdk.store.order.requestTransfer',
    pages: ['account:orders'],
    area: 'order',
    method: 'POST',
    path: '/store/orders/:id/transfer/request',
    query: { fields: 'id, email' },
    body: {},
    auth: true,
    authRequired: true,
    reads: ['order.id', 'order.email'],
    notes: 'Order id typed by the shopper. Error message shown verbatim.',
  },
  {
    name: 'acceptOrderTransfer',
    source: 'src/lib/data/orders.ts acceptTransferRequest',
    pages: ['order-transfer:accept'],
    area: 'order',
    method: 'POST',
    path: '/store/orders/:id/transfer/accept',
    body: { token: ':transfer_token' },
    auth: true,
    reads: ['order'],
    notes: 'Fired by RENDERING /<cc>/order/<id>/transfer/<token>/accept (a GET page) and by the button on .../transfer/<token>.',
  },
  {
    name: 'declineOrderTransfer',
    source: 'src/lib/data/orders.ts declineTransferRequest',
    pages: ['order-transfer:decline'],
    area: 'order',
    method: 'POST',
    path: '/store/orders/:id/transfer/decline',
    body: { token: ':transfer_token' },
    auth: true,
    reads: ['order'],
    notes: 'Fired by rendering .../transfer/<token>/decline and by the button on .../transfer/<token>.',
  },
];
