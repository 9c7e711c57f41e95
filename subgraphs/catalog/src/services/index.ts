import { Store, type ServiceFactoryArgs } from '@svc/kit';
import { CatalogCache } from './catalog-cache';
import { CategoryService } from './category.service';
import { CollectionService } from './collection.service';
import { InventoryService } from './inventory.service';
import { SalesChannelService } from './sales-channel.service';
import { ProductService } from './product.service';
import { RegionService } from './region.service';
import { CatalogSeedService } from './seed.service';

/** The catalog's services, one per aggregate, sharing one store and one read cache. */
export interface CatalogServices {
  store: Store;
  cache: CatalogCache;
  products: ProductService;
  regions: RegionService;
  collections: CollectionService;
  categories: CategoryService;
  /** order stock: reservations, releases, fulfilment; variant snapshots for carts */
  inventory: InventoryService;
  salesChannels: SalesChannelService;
  /** bulk loader of whole catalogs (demo seed, benchmark) */
  seed: CatalogSeedService;
}

export function createCatalogServices({ orm }: ServiceFactoryArgs): CatalogServices {
  const store = new Store(orm);
  const cache = new CatalogCache(50_000, process.env.CATALOG_CACHE !== 'off');
  const regions = new RegionService(store, cache);
  return {
    store,
    cache,
    products: new ProductService(store, cache, regions),
    regions,
    collections: new CollectionService(store, cache),
    categories: new CategoryService(store, cache),
    inventory: new InventoryService(store),
    salesChannels: new SalesChannelService(store),
    seed: new CatalogSeedService(store),
  };
}
