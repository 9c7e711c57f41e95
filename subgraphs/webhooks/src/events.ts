import { z } from 'zod';
import { defineEvents } from '@svc/kit';

/** What webhooks tells the rest of the platform (payloads are checked when emitted). */
export const webhooksEvents = defineEvents('webhooks', {
  'webhooks_item.created': z.object({ id: z.string(), handle: z.string() }),
  'webhooks_item.updated': z.object({ id: z.string(), fields: z.array(z.string()) }),
});
