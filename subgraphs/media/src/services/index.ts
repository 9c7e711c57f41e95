import path from 'node:path';
import { Store, type ServiceFactoryArgs } from '@svc/kit';
import { LocalMediaStorage } from '../storage/local-storage';
import { S3MediaStorage } from '../storage/s3-storage';
import type { MediaStorage } from '../storage/storage';
import { MediaService } from './media.service';
import type { MediaSettings } from '../settings';

/** media's services, sharing one store (this domain's schema and unit of work) and the media storage. */
export interface MediaServices {
  store: Store;
  storage: MediaStorage;
  media: MediaService;
}

/** The storage the configuration names: local disk under `<DATA_DIR>/static` (default) or S3. */
function mediaStorageFor({ deps, settings: m }: Pick<ServiceFactoryArgs<MediaSettings>, 'deps' | 'settings'>): MediaStorage {
  if (m.storage === 's3') return new S3MediaStorage(m.s3);
  const publicUrl = () => deps.publicUrl?.() ?? deps.config.publicUrl ?? `http://localhost:${deps.config.port}`;
  return new LocalMediaStorage(path.join(deps.config.dataDir, 'static'), publicUrl);
}

export function createMediaServices(args: ServiceFactoryArgs<MediaSettings>): MediaServices {
  const store = new Store(args.orm);
  const storage = mediaStorageFor(args);
  return { store, storage, media: new MediaService(store, storage, args.deps.log) };
}
