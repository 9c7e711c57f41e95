import { Store, type ServiceFactoryArgs } from '@svc/kit';
import { SubscriptionsItemService } from './subscriptions-item.service';

/** subscriptions's services, one per aggregate, sharing one store (this domain's schema and unit of work). */
export interface SubscriptionsServices {
  store: Store;
  items: SubscriptionsItemService;
}

export function createSubscriptionsServices({ orm }: ServiceFactoryArgs): SubscriptionsServices {
  const store = new Store(orm);
  return { store, items: new SubscriptionsItemService(store) };
}
