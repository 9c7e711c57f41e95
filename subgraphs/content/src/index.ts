import path from 'node:path';
import { defineDomain } from '@svc/kit';
import { ContentItem } from './entities/content-item.entity';
import { ContentItemResolver } from './resolvers/content-item.resolver';
import { contentItemReference } from './resolvers/content-item.reference';
import { createContentServices, type ContentServices } from './services';
import { contentEvents } from './events';
import { contentRoutes } from './rest/routes';
import { seedDemoContent } from './seed/demo-seed';
import { migrations } from './migrations';

/**
 * content: the domain manifest, everything this domain contributes to the platform. The platform
 * finds it through `"svc": { "domain": … }` in package.json; nothing else lists domains.
 * Scaffolded by `npm run domain:new -- content` with one example aggregate, ContentItem.
 */
export const domain = defineDomain<ContentServices>({
  name: 'content',
  dbSchema: 'content',
  entities: [ContentItem],
  migrations,
  migrationsDir: path.join(__dirname, 'migrations'),
  resolvers: [ContentItemResolver],
  createServices: createContentServices,
  references: (s) => ({ ContentItem: contentItemReference(s) }),
  events: contentEvents,
  routes: contentRoutes,
  operationsDir: path.join(__dirname, 'rest', 'operations'),
  seed: seedDemoContent,
});

export type { ContentServices };
export type { ContentItemView } from './services/views';
export { contentEvents };
export { demoContentItems } from './seed/demo-seed';
