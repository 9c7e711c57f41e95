import type { ReferenceResolver } from '@svc/kit';
import type { CatalogServices } from '../services';

export const templateReference =
  (s: CatalogServices): ReferenceResolver =>
  (ref, ctx) =>
    s.templates.byId(ctx, String(ref.id));
