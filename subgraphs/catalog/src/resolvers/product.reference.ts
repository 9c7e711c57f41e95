import type { ReferenceResolver } from '@svc/kit';
import type { CatalogServices } from '../services';

/** Products and variants referenced from other subgraphs: the tenant's own, batched per request. */
export const productReference =
  (s: CatalogServices): ReferenceResolver =>
  (ref, ctx) =>
    s.products.byId(ctx, String(ref.id));
export const variantReference =
  (s: CatalogServices): ReferenceResolver =>
  (ref, ctx) =>
    s.products.variantById(ctx, String(ref.id));
