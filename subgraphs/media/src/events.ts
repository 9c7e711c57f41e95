import { z } from 'zod';
import { defineEvents } from '@svc/kit';

/** What media tells the rest of the platform (payloads are checked when emitted). */
export const mediaEvents = defineEvents('media', {
  'media.uploaded': z.object({ id: z.string(), mime_type: z.string(), size: z.number().int() }),
  /** `fields` names what changed: alt, title, or file (a replaced file) */
  'media.updated': z.object({ id: z.string(), fields: z.array(z.string()) }),
  'media.deleted': z.object({ id: z.string() }),
});
