import { Store, type ServiceFactoryArgs } from '@svc/kit';
import { SearchItemService } from './search-item.service';

/** search's services, one per aggregate, sharing one store (this domain's schema and unit of work). */
export interface SearchServices {
  store: Store;
  items: SearchItemService;
}

export function createSearchServices({ orm }: ServiceFactoryArgs): SearchServices {
  const store = new Store(orm);
  return { store, items: new SearchItemService(store) };
}
