import path from 'node:path';
import { defineDomain } from '@svc/kit';
import { CommerceItem } from './entities/commerce-item.entity';
import { CommerceItemResolver } from './resolvers/commerce-item.resolver';
import { commerceItemReference } from './resolvers/commerce-item.reference';
import { createCommerceServices, type CommerceServices } from './services';
import { commerceEvents } from './events';
import { commerceRoutes } from './rest/routes';
import { seedDemoCommerce } from './seed/demo-seed';
import { migrations } from './migrations';

/**
 * commerce: the domain manifest, everything this domain contributes to the platform. The platform
 * finds it through `"svc": { "domain": … }` in package.json; nothing else lists domains.
 * Scaffolded by `npm run domain:new -- commerce` with one example aggregate, CommerceItem.
 */
export const domain = defineDomain<CommerceServices>({
  name: 'commerce',
  dbSchema: 'commerce',
  entities: [CommerceItem],
  migrations,
  migrationsDir: path.join(__dirname, 'migrations'),
  resolvers: [CommerceItemResolver],
  createServices: createCommerceServices,
  references: (s) => ({ CommerceItem: commerceItemReference(s) }),
  events: commerceEvents,
  routes: commerceRoutes,
  operationsDir: path.join(__dirname, 'rest', 'operations'),
  seed: seedDemoCommerce,
});

export type { CommerceServices };
export type { CommerceItemView } from './services/views';
export { commerceEvents };
export { demoCommerceItems } from './seed/demo-seed';
