import { Store, type ServiceFactoryArgs } from '@svc/kit';
import { CommerceItemService } from './commerce-item.service';

/** commerce's services, one per aggregate, sharing one store (this domain's schema and unit of work). */
export interface CommerceServices {
  store: Store;
  items: CommerceItemService;
}

export function createCommerceServices({ orm }: ServiceFactoryArgs): CommerceServices {
  const store = new Store(orm);
  return { store, items: new CommerceItemService(store) };
}
