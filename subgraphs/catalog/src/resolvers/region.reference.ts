import type { ReferenceResolver } from '@svc/kit';
import type { CatalogServices } from '../services';

export const regionReference =
  (s: CatalogServices): ReferenceResolver =>
  (ref, ctx) =>
    s.regions.byId(ctx, String(ref.id));
