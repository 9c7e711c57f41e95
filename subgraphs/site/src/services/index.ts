import { Store, type ServiceFactoryArgs } from '@svc/kit';
import { RedirectService } from './redirect.service';

/** site's services, one per aggregate, sharing one store (this domain's schema and unit of work). */
export interface SiteServices {
  store: Store;
  redirects: RedirectService;
}

export function createSiteServices({ orm }: ServiceFactoryArgs): SiteServices {
  const store = new Store(orm);
  return { store, redirects: new RedirectService(store) };
}
