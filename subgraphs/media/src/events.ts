import { z } from 'zod';
import { defineEvents } from '@svc/kit';

/** What media tells the rest of the platform (payloads are checked when emitted). */
export const mediaEvents = defineEvents('media', {
  'media_item.created': z.object({ id: z.string(), handle: z.string() }),
  'media_item.updated': z.object({ id: z.string(), fields: z.array(z.string()) }),
});
