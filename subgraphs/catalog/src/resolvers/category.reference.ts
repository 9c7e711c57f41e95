import type { ReferenceResolver } from '@svc/kit';
import type { CatalogServices } from '../services';

export const categoryReference =
  (s: CatalogServices): ReferenceResolver =>
  (ref, ctx) =>
    s.categories.byId(ctx, String(ref.id));
