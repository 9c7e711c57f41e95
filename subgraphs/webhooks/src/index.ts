import path from 'node:path';
import { defineDomain } from '@svc/kit';
import { WebhooksItem } from './entities/webhooks-item.entity';
import { WebhooksItemResolver } from './resolvers/webhooks-item.resolver';
import { webhooksItemReference } from './resolvers/webhooks-item.reference';
import { createWebhooksServices, type WebhooksServices } from './services';
import { webhooksEvents } from './events';
import { webhooksRoutes } from './rest/routes';
import { seedDemoWebhooks } from './seed/demo-seed';
import { migrations } from './migrations';

/**
 * webhooks: the domain manifest, everything this domain contributes to the platform. The platform
 * finds it through `"svc": { "domain": … }` in package.json; nothing else lists domains.
 * Scaffolded by `npm run domain:new -- webhooks` with one example aggregate, WebhooksItem.
 */
export const domain = defineDomain<WebhooksServices>({
  name: 'webhooks',
  dbSchema: 'webhooks',
  entities: [WebhooksItem],
  migrations,
  migrationsDir: path.join(__dirname, 'migrations'),
  resolvers: [WebhooksItemResolver],
  createServices: createWebhooksServices,
  references: (s) => ({ WebhooksItem: webhooksItemReference(s) }),
  events: webhooksEvents,
  routes: webhooksRoutes,
  operationsDir: path.join(__dirname, 'rest', 'operations'),
  seed: seedDemoWebhooks,
});

export type { WebhooksServices };
export type { WebhooksItemView } from './services/views';
export { webhooksEvents };
export { demoWebhooksItems } from './seed/demo-seed';
