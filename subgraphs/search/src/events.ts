import { z } from 'zod';
import { defineEvents } from '@svc/kit';

/** What search tells the rest of the platform (payloads are checked when emitted). */
export const searchEvents = defineEvents('search', {
  'search_item.created': z.object({ id: z.string(), handle: z.string() }),
  'search_item.updated': z.object({ id: z.string(), fields: z.array(z.string()) }),
});
