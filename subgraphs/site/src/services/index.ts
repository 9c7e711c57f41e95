import { Store, type GraphClient, type ServiceFactoryArgs } from '@svc/kit';
import { MetafieldService } from './metafield.service';
import { MetafieldDefinitionService } from './metafield-definition.service';
import { RedirectService } from './redirect.service';
import { ThemeService } from './theme.service';
import { BrandService } from './brand.service';
import { MenuService } from './menu.service';

/** site's services, one per aggregate, sharing one store (this domain's schema and unit of work). */
export interface SiteServices {
  store: Store;
  redirects: RedirectService;
  metafields: MetafieldService;
  metafieldDefinitions: MetafieldDefinitionService;
  theme: ThemeService;
  brand: BrandService;
  menus: MenuService;
  /** the supergraph (other domains: the demo seed finds its products there) */
  graph?: GraphClient;
}

export function createSiteServices({ orm, deps }: ServiceFactoryArgs): SiteServices {
  const store = new Store(orm);
  return {
    store,
    redirects: new RedirectService(store),
    metafields: new MetafieldService(store, () => deps.graph),
    metafieldDefinitions: new MetafieldDefinitionService(store),
    theme: new ThemeService(store),
    brand: new BrandService(store, () => deps.graph),
    menus: new MenuService(store, () => deps.graph),
    graph: deps.graph,
  };
}
