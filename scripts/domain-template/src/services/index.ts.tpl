import { Store, type ServiceFactoryArgs } from '@svc/kit';
import { {{Name}}ItemService } from './{{name}}-item.service';

/** {{name}}'s services, one per aggregate, sharing one store (this domain's schema and unit of work). */
export interface {{Name}}Services {
  store: Store;
  items: {{Name}}ItemService;
}

export function create{{Name}}Services({ orm }: ServiceFactoryArgs): {{Name}}Services {
  const store = new Store(orm);
  return { store, items: new {{Name}}ItemService(store) };
}
