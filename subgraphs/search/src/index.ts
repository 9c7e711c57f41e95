import path from 'node:path';
import { defineDomain } from '@svc/kit';
import { SearchItem } from './entities/search-item.entity';
import { SearchItemResolver } from './resolvers/search-item.resolver';
import { searchItemReference } from './resolvers/search-item.reference';
import { createSearchServices, type SearchServices } from './services';
import { searchEvents } from './events';
import { searchRoutes } from './rest/routes';
import { seedDemoSearch } from './seed/demo-seed';
import { migrations } from './migrations';

/**
 * search: the domain manifest, everything this domain contributes to the platform. The platform
 * finds it through `"svc": { "domain": … }` in package.json; nothing else lists domains.
 * Scaffolded by `npm run domain:new -- search` with one example aggregate, SearchItem.
 */
export const domain = defineDomain<SearchServices>({
  name: 'search',
  dbSchema: 'search',
  entities: [SearchItem],
  migrations,
  migrationsDir: path.join(__dirname, 'migrations'),
  resolvers: [SearchItemResolver],
  createServices: createSearchServices,
  references: (s) => ({ SearchItem: searchItemReference(s) }),
  events: searchEvents,
  routes: searchRoutes,
  operationsDir: path.join(__dirname, 'rest', 'operations'),
  seed: seedDemoSearch,
});

export type { SearchServices };
export type { SearchItemView } from './services/views';
export { searchEvents };
export { demoSearchItems } from './seed/demo-seed';
