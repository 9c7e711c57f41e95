import path from 'node:path';
import { defineDomain } from '@svc/kit';
import { Metafield } from './entities/metafield.entity';
import { Redirect } from './entities/redirect.entity';
import { RedirectResolver } from './resolvers/redirect.resolver';
import { redirectReference } from './resolvers/redirect.reference';
import { MetafieldResolver } from './resolvers/metafield.resolver';
import { metafieldReference } from './resolvers/metafield.reference';
import { createSiteServices, type SiteServices } from './services';
import { siteEvents } from './events';
import { siteRoutes } from './rest/routes';
import { seedDemoSite } from './seed/demo-seed';
import { migrations } from './migrations';

/**
 * site: storefront settings of a store — redirects and metafields (this slice). The platform finds it through
 * `"svc": { "domain": … }` in package.json; nothing else lists domains.
 */
export const domain = defineDomain<SiteServices>({
  name: 'site',
  dbSchema: 'site',
  entities: [Redirect, Metafield],
  migrations,
  migrationsDir: path.join(__dirname, 'migrations'),
  resolvers: [RedirectResolver, MetafieldResolver],
  createServices: createSiteServices,
  references: (s) => ({ Redirect: redirectReference(s), Metafield: metafieldReference(s) }),
  events: siteEvents,
  routes: siteRoutes,
  operationsDir: path.join(__dirname, 'rest', 'operations'),
  seed: seedDemoSite,
});

export type { SiteServices };
export type { RedirectView, MetafieldView } from './services/views';
export { siteEvents };
export { demoRedirects, demoProductMetafields, DEMO_METAFIELD_PRODUCT } from './seed/demo-seed';
export { normalizePath } from './inputs/redirect.input';
