import path from 'node:path';
import { defineDomain } from '@svc/kit';
import { Redirect } from './entities/redirect.entity';
import { RedirectResolver } from './resolvers/redirect.resolver';
import { redirectReference } from './resolvers/redirect.reference';
import { createSiteServices, type SiteServices } from './services';
import { siteEvents } from './events';
import { siteRoutes } from './rest/routes';
import { seedDemoSite } from './seed/demo-seed';
import { migrations } from './migrations';

/**
 * site: storefront settings of a store — redirects (this slice). The platform finds it through
 * `"svc": { "domain": … }` in package.json; nothing else lists domains.
 */
export const domain = defineDomain<SiteServices>({
  name: 'site',
  dbSchema: 'site',
  entities: [Redirect],
  migrations,
  migrationsDir: path.join(__dirname, 'migrations'),
  resolvers: [RedirectResolver],
  createServices: createSiteServices,
  references: (s) => ({ Redirect: redirectReference(s) }),
  events: siteEvents,
  routes: siteRoutes,
  operationsDir: path.join(__dirname, 'rest', 'operations'),
  seed: seedDemoSite,
});

export type { SiteServices };
export type { RedirectView } from './services/views';
export { siteEvents };
export { demoRedirects } from './seed/demo-seed';
export { normalizePath } from './inputs/redirect.input';
