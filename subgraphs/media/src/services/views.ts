import type { Media } from '../entities/media.entity';
import type { MediaStorage } from '../storage/storage';

/** A media asset as the services return it: a plain object, snake_case like the API (GraphQL fields = REST JSON). */
export interface MediaView {
  id: string;
  url: string;
  filename: string;
  mime_type: string;
  size: number;
  width: number | null;
  height: number | null;
  alt: string | null;
  title: string | null;
  created_at: string;
  updated_at: string;
}

export function toMediaView(m: Media, storage: MediaStorage): MediaView {
  return {
    id: m.id,
    url: storage.urlFor(m.storageKey),
    filename: m.filename,
    mime_type: m.mimeType,
    size: m.size,
    width: m.width,
    height: m.height,
    alt: m.alt,
    title: m.title,
    created_at: m.createdAt.toISOString(),
    updated_at: m.updatedAt.toISOString(),
  };
}
