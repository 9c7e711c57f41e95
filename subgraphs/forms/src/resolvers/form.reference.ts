import type { ReferenceResolver } from '@svc/kit';
import type { FormsServices } from '../services';

/** `__resolveReference` of Form: other subgraphs' references, batched per request. */
export const formReference =
  (s: FormsServices): ReferenceResolver =>
  (ref, ctx) =>
    s.forms.byId(ctx, String(ref.id));
