import { z } from 'zod';
import { defineEvents } from '@svc/kit';

/** What forms tells the rest of the platform (payloads are checked when emitted). */
export const formsEvents = defineEvents('forms', {
  'forms_item.created': z.object({ id: z.string(), handle: z.string() }),
  'forms_item.updated': z.object({ id: z.string(), fields: z.array(z.string()) }),
});
