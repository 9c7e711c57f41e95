import type { SubscriptionsItem } from '../entities/subscriptions-item.entity';

/** A subscriptions item as the services return it: a plain object, snake_case like the API (GraphQL fields = REST JSON). */
export interface SubscriptionsItemView {
  id: string;
  title: string;
  handle: string;
  description: string | null;
  metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
}

export function toSubscriptionsItemView(i: SubscriptionsItem): SubscriptionsItemView {
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
