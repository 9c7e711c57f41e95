import path from 'node:path';
import { defineDomain } from '@svc/kit';
import { SearchDocument, SearchIndexState, SearchRemoval, SearchWord } from './entities/search.entity';
import { SearchResolver } from './resolvers/search.resolver';
import { createSearchServices, type SearchServices } from './services';
import { searchEvents } from './events';
import { searchRoutes } from './rest/routes';
import { searchSubscriptions } from './subscriptions';
import { seedDemoSearch } from './seed/demo-seed';
import { migrations } from './migrations';
import { searchSettings, type SearchSettings } from './settings';

/**
 * search: one index of the tenant's products, blog posts and pages (tours later), kept current from
 * the catalog's and content's events and rebuildable from them; typo-tolerant, faceted full text
 * search in PostgreSQL (`GET /store/search`, GraphQL `search`).
 */
export const domain = defineDomain<SearchServices, SearchSettings>({
  name: 'search',
  dbSchema: 'search',
  entities: [SearchDocument, SearchWord, SearchIndexState, SearchRemoval],
  migrations,
  migrationsDir: path.join(__dirname, 'migrations'),
  resolvers: [SearchResolver],
  settings: searchSettings,
  createServices: createSearchServices,
  references: () => ({}),
  events: searchEvents,
  subscriptions: searchSubscriptions,
  routes: searchRoutes,
  operationsDir: path.join(__dirname, 'rest', 'operations'),
  ports: path.join(__dirname, 'ports'),
  seed: seedDemoSearch,
});

export type { SearchServices };
export type { SearchResultView, SearchHitView } from './services/search.service';
export type { IndexStatusView, RebuildReport } from './services/index.service';
export { searchEvents };
export { typoDistance, queryWords } from './services/text';
export { SearchService } from './services/search.service';
export { MemoryIndexes } from './services/memory-indexes';
export { TenantIndex, tsvectorEntries } from './services/memory-index';
export { parseTsquery } from './services/tsquery';
