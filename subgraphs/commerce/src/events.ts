import { z } from 'zod';
import { defineEvents } from '@svc/kit';

/** What commerce tells the rest of the platform (payloads are checked when emitted). */
export const commerceEvents = defineEvents('commerce', {
  'commerce_item.created': z.object({ id: z.string(), handle: z.string() }),
  'commerce_item.updated': z.object({ id: z.string(), fields: z.array(z.string()) }),
});
