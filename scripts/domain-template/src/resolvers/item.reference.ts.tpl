import type { ReferenceResolver } from '@svc/kit';
import type { {{Name}}Services } from '../services';

/** `__resolveReference` of {{Name}}Item: other subgraphs' references, batched per request. */
export const {{camel}}ItemReference = (s: {{Name}}Services): ReferenceResolver => (ref, ctx) => s.items.byId(ctx, String(ref.id));
