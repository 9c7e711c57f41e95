import path from 'node:path';
import { defineSubgraph } from '@svc/kit';
import { Region, RegionCountry } from './entities/region.entity';
import { ProductCategory, ProductCollection, ProductTag, ProductType } from './entities/taxonomy.entity';
import { InventoryLevel, Price, Product, ProductImage, ProductOption, ProductOptionValue, ProductVariant } from './entities/product.entity';
import { ProductResolver } from './resolvers/product.resolver';
import { TaxonomyResolver } from './resolvers/taxonomy.resolver';
import { productReference } from './resolvers/product.reference';
import { createCatalogServices, type CatalogServices } from './services';
import { CATALOG_CHANNEL } from './services/catalog-cache';
import { migrations } from './migrations';

/** catalog: regions, collections, categories, products, variants, prices, inventory. */
export const catalogSubgraph = defineSubgraph<CatalogServices>({
  name: 'catalog',
  dbSchema: 'catalog',
  entities: [
    Region, RegionCountry, ProductCollection, ProductCategory, ProductType, ProductTag,
    Product, ProductOption, ProductOptionValue, ProductVariant, Price, InventoryLevel, ProductImage,
  ],
  migrations,
  migrationsDir: path.join(__dirname, 'migrations'),
  resolvers: [ProductResolver, TaxonomyResolver],
  createServices: createCatalogServices,
  references: (s) => ({ Product: productReference(s) }),
  start: async (s, deps) => deps.bus.on(CATALOG_CHANNEL, (payload) => s.cache.invalidate(payload)),
});

export type { CatalogServices };
export { demoCatalog, syntheticProducts } from './seed/demo-catalog';
export { placeholderSvg, parseImageName } from './seed/placeholder-image';
