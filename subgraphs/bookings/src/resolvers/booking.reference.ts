import type { ReferenceResolver } from '@svc/kit';
import type { BookingsServices } from '../services';

/** `__resolveReference` of BookableService: other subgraphs' references, batched per request. */
export const bookableServiceReference =
  (s: BookingsServices): ReferenceResolver =>
  (ref, ctx) =>
    s.services.byId(ctx, String(ref.id));
