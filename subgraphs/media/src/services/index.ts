import { Store, type ServiceFactoryArgs } from '@svc/kit';
import { MediaItemService } from './media-item.service';

/** media's services, one per aggregate, sharing one store (this domain's schema and unit of work). */
export interface MediaServices {
  store: Store;
  items: MediaItemService;
}

export function createMediaServices({ orm }: ServiceFactoryArgs): MediaServices {
  const store = new Store(orm);
  return { store, items: new MediaItemService(store) };
}
