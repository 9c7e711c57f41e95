import { z } from 'zod';
import { defineEvents } from '@svc/kit';

/** What {{name}} tells the rest of the platform (payloads are checked when emitted). */
export const {{camel}}Events = defineEvents('{{name}}', {
  '{{snake}}_item.created': z.object({ id: z.string(), handle: z.string() }),
  '{{snake}}_item.updated': z.object({ id: z.string(), fields: z.array(z.string()) }),
});
