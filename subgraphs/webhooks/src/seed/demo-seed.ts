import type { SeedContext } from '@svc/kit';
import type { CreateWebhooksItemData } from '../inputs/webhooks-item.input';
import type { WebhooksServices } from '../services';

/** The demo store's webhooks items (example content: replace it with this domain's own). */
export const demoWebhooksItems = (): CreateWebhooksItemData[] => [
  {
    title: 'Summer Essentials',
    description: 'Lightweight layers, sun care and travel-ready accessories for long, warm days.',
    metadata: { season: 'summer', featured: true, position: 1 },
  },
  {
    title: 'Holiday Gift Guide',
    handle: 'holiday-gifts',
    description: 'Hand-picked gifts for everyone on the list, wrapped and shipped in time for the holidays.',
    metadata: { season: 'winter', featured: true, position: 2 },
  },
  {
    title: 'Care & Repair',
    description: 'How to wash, store and mend your favourite pieces so they last for years.',
    metadata: { featured: false, position: 3 },
  },
];

/** webhooks's part of the demo store: the sample items, created like an admin would create them. */
export async function seedDemoWebhooks(s: WebhooksServices, seed: SeedContext): Promise<void> {
  for (const item of demoWebhooksItems()) await s.items.create(seed.ctx, item);
  seed.log.debug({ tenantId: seed.tenantId }, 'webhooks: demo items created');
}
