import { Store, type ServiceFactoryArgs } from '@svc/kit';
import { AnalyticsService } from './analytics.service';

/** analytics's services, sharing one store (this domain's schema and unit of work). */
export interface AnalyticsServices {
  store: Store;
  analytics: AnalyticsService;
}

export function createAnalyticsServices({ orm }: ServiceFactoryArgs): AnalyticsServices {
  const store = new Store(orm);
  return { store, analytics: new AnalyticsService(store) };
}
