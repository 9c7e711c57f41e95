import type { ReferenceResolver } from '@svc/kit';
import type { CatalogServices } from '../services';

export const collectionReference =
  (s: CatalogServices): ReferenceResolver =>
  (ref, ctx) =>
    s.collections.byId(ctx, String(ref.id));
