import { Store, type ServiceFactoryArgs } from '@svc/kit';
import { ContentItemService } from './content-item.service';

/** content's services, one per aggregate, sharing one store (this domain's schema and unit of work). */
export interface ContentServices {
  store: Store;
  items: ContentItemService;
}

export function createContentServices({ orm }: ServiceFactoryArgs): ContentServices {
  const store = new Store(orm);
  return { store, items: new ContentItemService(store) };
}
