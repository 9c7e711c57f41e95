import { Store, type ServiceFactoryArgs } from '@svc/kit';
import { WebhooksItemService } from './webhooks-item.service';

/** webhooks's services, one per aggregate, sharing one store (this domain's schema and unit of work). */
export interface WebhooksServices {
  store: Store;
  items: WebhooksItemService;
}

export function createWebhooksServices({ orm }: ServiceFactoryArgs): WebhooksServices {
  const store = new Store(orm);
  return { store, items: new WebhooksItemService(store) };
}
