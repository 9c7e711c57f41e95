import path from 'node:path';
import { defineDomain } from '@svc/kit';
import { Media } from './entities/media.entity';
import { MediaResolver } from './resolvers/media.resolver';
import { mediaReference } from './resolvers/media.reference';
import { createMediaServices, type MediaServices } from './services';
import { mediaEvents } from './events';
import { mediaRoutes } from './rest/routes';
import { seedDemoMedia } from './seed/demo-seed';
import { migrations } from './migrations';
import { mediaSettings, type MediaSettings } from './settings';

/**
 * media: uploaded files (images, SVG, PDF) with URL, dimensions, alt text and MIME type, kept on
 * local disk or in an S3-compatible bucket. The platform finds it through `"svc": { "domain": … }`.
 */
export const domain = defineDomain<MediaServices, MediaSettings>({
  name: 'media',
  dbSchema: 'media',
  entities: [Media],
  migrations,
  migrationsDir: path.join(__dirname, 'migrations'),
  resolvers: [MediaResolver],
  settings: mediaSettings,
  createServices: createMediaServices,
  references: (s) => ({ Media: mediaReference(s) }),
  events: mediaEvents,
  routes: mediaRoutes,
  operationsDir: path.join(__dirname, 'rest', 'operations'),
  seed: seedDemoMedia,
});

export type { MediaServices };
export type { MediaView } from './services/views';
export { mediaEvents };
export { demoMediaFiles, pngImage } from './seed/demo-seed';
export { MAX_FILE_BYTES } from './inputs/media.input';
export { seedDemoMedia } from './seed/demo-seed';
export { S3MediaStorage } from './storage/s3-storage';
export { LocalMediaStorage } from './storage/local-storage';
export type { MediaStorage } from './storage/storage';
