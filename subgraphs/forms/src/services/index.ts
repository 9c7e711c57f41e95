import { Store, type ServiceFactoryArgs } from '@svc/kit';
import { FormsItemService } from './forms-item.service';

/** forms's services, one per aggregate, sharing one store (this domain's schema and unit of work). */
export interface FormsServices {
  store: Store;
  items: FormsItemService;
}

export function createFormsServices({ orm }: ServiceFactoryArgs): FormsServices {
  const store = new Store(orm);
  return { store, items: new FormsItemService(store) };
}
