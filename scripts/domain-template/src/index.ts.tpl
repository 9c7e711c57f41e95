import path from 'node:path';
import { defineDomain } from '@svc/kit';
import { {{Name}}Item } from './entities/{{name}}-item.entity';
import { {{Name}}ItemResolver } from './resolvers/{{name}}-item.resolver';
import { {{camel}}ItemReference } from './resolvers/{{name}}-item.reference';
import { create{{Name}}Services, type {{Name}}Services } from './services';
import { {{camel}}Events } from './events';
import { {{camel}}Routes } from './rest/routes';
import { seedDemo{{Name}} } from './seed/demo-seed';
import { migrations } from './migrations';

/**
 * {{name}}: the domain manifest, everything this domain contributes to the platform. The platform
 * finds it through `"svc": { "domain": … }` in package.json; nothing else lists domains.
 * Scaffolded by `npm run domain:new -- {{name}}` with one example aggregate, {{Name}}Item.
 */
export const domain = defineDomain<{{Name}}Services>({
  name: '{{name}}',
  dbSchema: '{{snake}}',
  entities: [{{Name}}Item],
  migrations,
  migrationsDir: path.join(__dirname, 'migrations'),
  resolvers: [{{Name}}ItemResolver],
  createServices: create{{Name}}Services,
  references: (s) => ({ {{Name}}Item: {{camel}}ItemReference(s) }),
  events: {{camel}}Events,
  routes: {{camel}}Routes,
  operationsDir: path.join(__dirname, 'rest', 'operations'),
  // what it uses of other domains: src/ports/<provider>.graphql (see src/ports/README.md)
  ports: path.join(__dirname, 'ports'),
  seed: seedDemo{{Name}},
});

export type { {{Name}}Services };
export type { {{Name}}ItemView } from './services/views';
export { {{camel}}Events };
export { demo{{Name}}Items } from './seed/demo-seed';
