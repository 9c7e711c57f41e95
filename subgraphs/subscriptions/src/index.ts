import path from 'node:path';
import { defineDomain } from '@svc/kit';
import { SubscriptionsItem } from './entities/subscriptions-item.entity';
import { SubscriptionsItemResolver } from './resolvers/subscriptions-item.resolver';
import { subscriptionsItemReference } from './resolvers/subscriptions-item.reference';
import { createSubscriptionsServices, type SubscriptionsServices } from './services';
import { subscriptionsEvents } from './events';
import { subscriptionsRoutes } from './rest/routes';
import { seedDemoSubscriptions } from './seed/demo-seed';
import { migrations } from './migrations';

/**
 * subscriptions: the domain manifest, everything this domain contributes to the platform. The platform
 * finds it through `"svc": { "domain": … }` in package.json; nothing else lists domains.
 * Scaffolded by `npm run domain:new -- subscriptions` with one example aggregate, SubscriptionsItem.
 */
export const domain = defineDomain<SubscriptionsServices>({
  name: 'subscriptions',
  dbSchema: 'subscriptions',
  entities: [SubscriptionsItem],
  migrations,
  migrationsDir: path.join(__dirname, 'migrations'),
  resolvers: [SubscriptionsItemResolver],
  createServices: createSubscriptionsServices,
  references: (s) => ({ SubscriptionsItem: subscriptionsItemReference(s) }),
  events: subscriptionsEvents,
  routes: subscriptionsRoutes,
  operationsDir: path.join(__dirname, 'rest', 'operations'),
  // what it uses of other domains: src/ports/<provider>.graphql (see src/ports/README.md)
  ports: path.join(__dirname, 'ports'),
  seed: seedDemoSubscriptions,
});

export type { SubscriptionsServices };
export type { SubscriptionsItemView } from './services/views';
export { subscriptionsEvents };
export { demoSubscriptionsItems } from './seed/demo-seed';
