import type { SeedContext } from '@svc/kit';
import type { CreateSubscriptionsItemData } from '../inputs/subscriptions-item.input';
import type { SubscriptionsServices } from '../services';

/** The demo store's subscriptions items (example content: replace it with this domain's own). */
export const demoSubscriptionsItems = (): CreateSubscriptionsItemData[] => [
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

/** subscriptions's part of the demo store: the sample items, created like an admin would create them. */
export async function seedDemoSubscriptions(s: SubscriptionsServices, seed: SeedContext): Promise<void> {
  for (const item of demoSubscriptionsItems()) await s.items.create(seed.ctx, item);
  seed.log.debug({ tenantId: seed.tenantId }, 'subscriptions: demo items created');
}
