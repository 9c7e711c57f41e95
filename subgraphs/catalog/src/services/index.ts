import type { ServiceFactoryArgs } from '@svc/kit';
import { CatalogCache } from './catalog-cache';
import { ProductReadService } from './product-read.service';
import { TaxonomyService } from './taxonomy.service';
import { CatalogAdminService } from './catalog-admin.service';
import { CatalogSeedService } from './seed.service';

export interface CatalogServices {
  cache: CatalogCache;
  read: ProductReadService;
  taxonomy: TaxonomyService;
  admin: CatalogAdminService;
  seed: CatalogSeedService;
}

export function createCatalogServices({ orm }: ServiceFactoryArgs): CatalogServices {
  const cache = new CatalogCache(50_000, process.env.CATALOG_CACHE !== 'off');
  const read = new ProductReadService(orm, cache);
  return {
    cache,
    read,
    taxonomy: new TaxonomyService(orm, cache),
    admin: new CatalogAdminService(orm, read),
    seed: new CatalogSeedService(orm),
  };
}
