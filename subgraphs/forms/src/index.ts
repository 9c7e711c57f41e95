import path from 'node:path';
import { defineDomain } from '@svc/kit';
import { FormsItem } from './entities/forms-item.entity';
import { FormsItemResolver } from './resolvers/forms-item.resolver';
import { formsItemReference } from './resolvers/forms-item.reference';
import { createFormsServices, type FormsServices } from './services';
import { formsEvents } from './events';
import { formsRoutes } from './rest/routes';
import { seedDemoForms } from './seed/demo-seed';
import { migrations } from './migrations';

/**
 * forms: the domain manifest, everything this domain contributes to the platform. The platform
 * finds it through `"svc": { "domain": … }` in package.json; nothing else lists domains.
 * Scaffolded by `npm run domain:new -- forms` with one example aggregate, FormsItem.
 */
export const domain = defineDomain<FormsServices>({
  name: 'forms',
  dbSchema: 'forms',
  entities: [FormsItem],
  migrations,
  migrationsDir: path.join(__dirname, 'migrations'),
  resolvers: [FormsItemResolver],
  createServices: createFormsServices,
  references: (s) => ({ FormsItem: formsItemReference(s) }),
  events: formsEvents,
  routes: formsRoutes,
  operationsDir: path.join(__dirname, 'rest', 'operations'),
  seed: seedDemoForms,
});

export type { FormsServices };
export type { FormsItemView } from './services/views';
export { formsEvents };
export { demoFormsItems } from './seed/demo-seed';
