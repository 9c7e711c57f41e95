import type { ReferenceResolver } from '@svc/kit';
import type { EventsServices } from '../services';

/** `__resolveReference` of Event: other subgraphs' references, batched per request. */
export const eventReference =
  (s: EventsServices): ReferenceResolver =>
  (ref, ctx) =>
    s.events.byId(ctx, String(ref.id));
