import { GraphLink, Store, TranslationOverlay, type ServiceFactoryArgs } from '@svc/kit';
import { CatalogTranslator } from './translate';
import { CatalogCache } from './catalog-cache';
import { CategoryService } from './category.service';
import { CollectionService } from './collection.service';
import { InventoryService } from './inventory.service';
import { ReservationService } from './reservation.service';
import { SalesChannelService } from './sales-channel.service';
import { ProductService } from './product.service';
import { ProductOptionService } from './product-option.service';
import { ProductImageService } from './product-image.service';
import { ProductTemplateService } from './product-template.service';
import { RegionService } from './region.service';
import { ReviewService } from './review.service';
import { CatalogSeedService } from './seed.service';
import { CatalogTranslationOverlayDocument } from '../ports/generated';

/** The catalog's services, one per aggregate, sharing one store and one read cache. */
import type { CatalogSettings } from '../settings';
export interface CatalogServices {
  store: Store;
  cache: CatalogCache;
  products: ProductService;
  /** a product's options and their values, edited after its creation */
  options: ProductOptionService;
  /** a product's gallery: images from the media library or URLs, their order, alt text, the thumbnail */
  images: ProductImageService;
  regions: RegionService;
  collections: CollectionService;
  categories: CategoryService;
  /** order stock: reservations, releases, fulfilment; variant snapshots for carts */
  inventory: InventoryService;
  /** keyed stock holds of cart completions (hold, confirm, release, expiry) */
  reservations: ReservationService;
  salesChannels: SalesChannelService;
  /** product reviews: written by customers, moderated by admins, summed up in the product document */
  reviews: ReviewService;
  /** product templates for the admin product editor */
  templates: ProductTemplateService;
  /** the storefront's answers in the request's locale (translation overrides of the localization domain) */
  translator: CatalogTranslator;
  /** bulk loader of whole catalogs (demo seed, benchmark) */
  seed: CatalogSeedService;
}

export function createCatalogServices({ orm, deps, settings }: ServiceFactoryArgs<CatalogSettings>): CatalogServices {
  const store = new Store(orm);
  const cache = new CatalogCache(50_000, settings?.cache ?? true);
  const regions = new RegionService(store, cache);
  const graph = deps?.graph ?? new GraphLink();
  const translator = new CatalogTranslator(new TranslationOverlay(() => graph, CatalogTranslationOverlayDocument));
  const inventory = new InventoryService(store);
  const products = new ProductService(store, cache, regions, translator);
  return {
    store,
    cache,
    products,
    options: new ProductOptionService(store, products),
    images: new ProductImageService(store, products, () => graph),
    reviews: new ReviewService(store, cache, products, () => graph),
    templates: new ProductTemplateService(store),
    regions,
    collections: new CollectionService(store, cache, translator),
    categories: new CategoryService(store, cache, translator),
    translator,
    inventory,
    reservations: new ReservationService(store, inventory),
    salesChannels: new SalesChannelService(store),
    seed: new CatalogSeedService(store),
  };
}
