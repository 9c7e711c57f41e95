import path from 'node:path';
import { defineDomain } from '@svc/kit';
import { MediaItem } from './entities/media-item.entity';
import { MediaItemResolver } from './resolvers/media-item.resolver';
import { mediaItemReference } from './resolvers/media-item.reference';
import { createMediaServices, type MediaServices } from './services';
import { mediaEvents } from './events';
import { mediaRoutes } from './rest/routes';
import { seedDemoMedia } from './seed/demo-seed';
import { migrations } from './migrations';

/**
 * media: the domain manifest, everything this domain contributes to the platform. The platform
 * finds it through `"svc": { "domain": … }` in package.json; nothing else lists domains.
 * Scaffolded by `npm run domain:new -- media` with one example aggregate, MediaItem.
 */
export const domain = defineDomain<MediaServices>({
  name: 'media',
  dbSchema: 'media',
  entities: [MediaItem],
  migrations,
  migrationsDir: path.join(__dirname, 'migrations'),
  resolvers: [MediaItemResolver],
  createServices: createMediaServices,
  references: (s) => ({ MediaItem: mediaItemReference(s) }),
  events: mediaEvents,
  routes: mediaRoutes,
  operationsDir: path.join(__dirname, 'rest', 'operations'),
  seed: seedDemoMedia,
});

export type { MediaServices };
export type { MediaItemView } from './services/views';
export { mediaEvents };
export { demoMediaItems } from './seed/demo-seed';
