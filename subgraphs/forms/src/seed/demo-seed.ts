import type { SeedContext } from '@svc/kit';
import type { CreateFormsItemData } from '../inputs/forms-item.input';
import type { FormsServices } from '../services';

/** The demo store's forms items (example content: replace it with this domain's own). */
export const demoFormsItems = (): CreateFormsItemData[] => [
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

/** forms's part of the demo store: the sample items, created like an admin would create them. */
export async function seedDemoForms(s: FormsServices, seed: SeedContext): Promise<void> {
  for (const item of demoFormsItems()) await s.items.create(seed.ctx, item);
  seed.log.debug({ tenantId: seed.tenantId }, 'forms: demo items created');
}
