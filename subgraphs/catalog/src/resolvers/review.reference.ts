import type { ReferenceResolver } from '@svc/kit';
import type { CatalogServices } from '../services';

export const reviewReference =
  (s: CatalogServices): ReferenceResolver =>
  (ref, ctx) =>
    s.reviews.byId(ctx, String(ref.id));
