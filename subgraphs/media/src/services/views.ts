import type { MediaItem } from '../entities/media-item.entity';

/** A media item as the services return it: a plain object, snake_case like the API (GraphQL fields = REST JSON). */
export interface MediaItemView {
  id: string;
  title: string;
  handle: string;
  description: string | null;
  metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
}

export function toMediaItemView(i: MediaItem): MediaItemView {
  return {
    id: i.id,
    title: i.title,
    handle: i.handle,
    description: i.description,
    metadata: i.metadata,
    created_at: i.createdAt.toISOString(),
    updated_at: i.updatedAt.toISOString(),
  };
}
