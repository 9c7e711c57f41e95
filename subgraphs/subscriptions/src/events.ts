import { z } from 'zod';
import { defineEvents } from '@svc/kit';

/** What subscriptions tells the rest of the platform (payloads are checked when emitted). */
export const subscriptionsEvents = defineEvents('subscriptions', {
  'subscriptions_item.created': z.object({ id: z.string(), handle: z.string() }),
  'subscriptions_item.updated': z.object({ id: z.string(), fields: z.array(z.string()) }),
});
