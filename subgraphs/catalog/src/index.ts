import path from 'node:path';
import { defineDomain } from '@svc/kit';
import { Region, RegionCountry } from './entities/region.entity';
import { ProductCategory, ProductCollection, ProductTag, ProductType, SalesChannel } from './entities/taxonomy.entity';
import { InventoryLevel, Price, Product, ProductImage, ProductOption, ProductOptionValue, ProductVariant } from './entities/product.entity';
import { ProductReview } from './entities/review.entity';
import { ProductTemplate } from './entities/product-template.entity';
import { InventoryReservation } from './entities/reservation.entity';
import { ProductResolver } from './resolvers/product.resolver';
import { ProductOptionResolver } from './resolvers/product-option.resolver';
import { ProductImageResolver } from './resolvers/product-image.resolver';
import { RegionResolver } from './resolvers/region.resolver';
import { CollectionResolver } from './resolvers/collection.resolver';
import { CategoryResolver } from './resolvers/category.resolver';
import { InventoryResolver } from './resolvers/inventory.resolver';
import { VariantResolver } from './resolvers/variant.resolver';
import { SalesChannelResolver } from './resolvers/sales-channel.resolver';
import { ReviewResolver } from './resolvers/review.resolver';
import { ProductTemplateResolver } from './resolvers/product-template.resolver';
import { reviewReference } from './resolvers/review.reference';
import { templateReference } from './resolvers/product-template.reference';
import { productReference, variantReference } from './resolvers/product.reference';
import { regionReference } from './resolvers/region.reference';
import { collectionReference } from './resolvers/collection.reference';
import { categoryReference } from './resolvers/category.reference';
import { createCatalogServices, type CatalogServices } from './services';
import { CATALOG_CHANNEL } from './services/catalog-cache';
import { catalogEvents } from './events';
import { catalogRoutes } from './rest/routes';
import { seedDemoCatalog } from './seed/demo-seed';
import { migrations } from './migrations';
import { catalogSettings, type CatalogSettings } from './settings';
import { catalogPrivacy } from './privacy';

/** catalog: regions, collections, categories, products, variants, prices, inventory. */
export const domain = defineDomain<CatalogServices, CatalogSettings>({
  name: 'catalog',
  privacy: catalogPrivacy,
  dbSchema: 'catalog',
  entities: [
    Region,
    RegionCountry,
    ProductCollection,
    ProductCategory,
    ProductType,
    ProductTag,
    SalesChannel,
    Product,
    ProductOption,
    ProductOptionValue,
    ProductVariant,
    Price,
    InventoryLevel,
    ProductImage,
    ProductReview,
    ProductTemplate,
    InventoryReservation,
  ],
  migrations,
  migrationsDir: path.join(__dirname, 'migrations'),
  resolvers: [
    ProductResolver,
    ProductOptionResolver,
    ProductImageResolver,
    RegionResolver,
    CollectionResolver,
    CategoryResolver,
    InventoryResolver,
    VariantResolver,
    SalesChannelResolver,
    ReviewResolver,
    ProductTemplateResolver,
  ],
  settings: catalogSettings,
  createServices: createCatalogServices,
  references: (s) => ({
    Product: productReference(s),
    ProductVariant: variantReference(s),
    Region: regionReference(s),
    ProductCollection: collectionReference(s),
    ProductCategory: categoryReference(s),
    ProductReview: reviewReference(s),
    ProductTemplate: templateReference(s),
  }),
  events: catalogEvents,
  routes: catalogRoutes,
  operationsDir: path.join(__dirname, 'rest', 'operations'),
  ports: path.join(__dirname, 'ports'),
  seed: seedDemoCatalog,
  // stock held by cart completions that never finished goes back once the hold expires
  jobs: [{ name: 'expire-reservations', schedule: '* * * * *', handler: async (_data, ctx, s) => void (await s.reservations.expire(ctx.log)) }],
  start: async (s, deps) => {
    await deps.bus.on(CATALOG_CHANNEL, (payload) => s.cache.invalidate(payload));
    await s.translator.overlay.start(deps.bus);
  },
});

export type { CatalogServices };
export { catalogEvents };
export { demoCatalog, syntheticProducts, type SeedCatalog, type SeedProduct, type SeedVariant } from './seed/demo-catalog';
export { CatalogCache } from './services/catalog-cache';
export { demoReviews, demoTemplates } from './seed/demo-reviews';
export { imageBaseUrl, writePlaceholderImages } from './seed/demo-seed';
