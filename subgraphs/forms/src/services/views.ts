import type { FormsItem } from '../entities/forms-item.entity';

/** A forms item as the services return it: a plain object, snake_case like the API (GraphQL fields = REST JSON). */
export interface FormsItemView {
  id: string;
  title: string;
  handle: string;
  description: string | null;
  metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
}

export function toFormsItemView(i: FormsItem): FormsItemView {
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
