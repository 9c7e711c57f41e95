import type { SeedContext } from '@svc/kit';
import type { Create{{Name}}ItemData } from '../inputs/{{name}}-item.input';
import type { {{Name}}Services } from '../services';

/** The demo store's {{human}} items (example content: replace it with this domain's own). */
export const demo{{Name}}Items = (): Create{{Name}}ItemData[] => [
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

/** {{name}}'s part of the demo store: the sample items, created like an admin would create them. */
export async function seedDemo{{Name}}(s: {{Name}}Services, seed: SeedContext): Promise<void> {
  for (const item of demo{{Name}}Items()) await s.items.create(seed.ctx, item);
  seed.log.debug({ tenantId: seed.tenantId }, '{{name}}: demo items created');
}
