import DataLoader from 'dataloader';
import { memo, requireTenant, type ReferenceResolver } from '@svc/kit';
import type { CatalogServices } from '../services';
import type { ProductView } from '../services/views';

/** Products referenced from other subgraphs, batched per request. */
export const productReference = (s: CatalogServices): ReferenceResolver => (ref, ctx) => {
  const loader = memo(ctx, 'catalog.product', () =>
    new DataLoader<string, ProductView | null>(async (ids) => {
      const docs = await s.read.docs(requireTenant(ctx), [...ids]);
      return ids.map((id) => docs.get(id) ?? null);
    }),
  );
  return loader.load(String(ref.id));
};
