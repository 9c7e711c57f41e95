import type { ReferenceResolver } from '@svc/kit';
import type { WebhooksServices } from '../services';

/** `__resolveReference` of WebhooksItem: other subgraphs' references, batched per request. */
export const webhooksItemReference = (s: WebhooksServices): ReferenceResolver => (ref, ctx) => s.items.byId(ctx, String(ref.id));
