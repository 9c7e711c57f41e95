import path from 'node:path';
import { defineDomain } from '@svc/kit';
import { Metafield } from './entities/metafield.entity';
import { MetafieldDefinition } from './entities/metafield-definition.entity';
import { Redirect } from './entities/redirect.entity';
import { Theme } from './entities/theme.entity';
import { Brand } from './entities/brand.entity';
import { Menu } from './entities/menu.entity';
import { MenuResolver } from './resolvers/menu.resolver';
import { RedirectResolver } from './resolvers/redirect.resolver';
import { redirectReference } from './resolvers/redirect.reference';
import { MetafieldResolver } from './resolvers/metafield.resolver';
import { metafieldReference } from './resolvers/metafield.reference';
import { MetafieldDefinitionResolver } from './resolvers/metafield-definition.resolver';
import { ThemeResolver } from './resolvers/theme.resolver';
import { BrandResolver, mediaReference } from './resolvers/brand.resolver';
import { createSiteServices, type SiteServices } from './services';
import { siteEvents } from './events';
import { siteRoutes } from './rest/routes';
import { seedDemoSite } from './seed/demo-seed';
import { migrations } from './migrations';

/**
 * site: storefront settings of a store — redirects, metafields, the theme, the brand and menus. The platform finds it through
 * `"svc": { "domain": … }` in package.json; nothing else lists domains.
 */
export const domain = defineDomain<SiteServices>({
  name: 'site',
  dbSchema: 'site',
  entities: [Redirect, Metafield, MetafieldDefinition, Theme, Brand, Menu],
  migrations,
  migrationsDir: path.join(__dirname, 'migrations'),
  resolvers: [RedirectResolver, MetafieldResolver, MetafieldDefinitionResolver, ThemeResolver, BrandResolver, MenuResolver],
  createServices: createSiteServices,
  references: (s) => ({ Redirect: redirectReference(s), Metafield: metafieldReference(s), Media: mediaReference() }),
  events: siteEvents,
  routes: siteRoutes,
  operationsDir: path.join(__dirname, 'rest', 'operations'),
  ports: path.join(__dirname, 'ports'),
  seed: seedDemoSite,
});

export type { SiteServices };
export type { RedirectView, MetafieldView } from './services/views';
export type { MenuView, StoreMenu } from './services/menu.service';
export { MENU_PATHS } from './services/menu.service';
export { siteEvents };
export { demoRedirects, demoProductMetafields, demoTheme, demoBrand, demoMenus, DEMO_METAFIELD_PRODUCT } from './seed/demo-seed';
export { normalizePath } from './inputs/redirect.input';
export { checkMetafieldValue } from './inputs/metafield.input';
