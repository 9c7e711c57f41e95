import { z } from 'zod';
import { defineEvents } from '@svc/kit';

/** What forms tells the rest of the platform (payloads are checked when emitted). */
export const formsEvents = defineEvents('forms', {
  'form.created': z.object({ id: z.string(), slug: z.string() }),
  'form.updated': z.object({ id: z.string(), fields: z.array(z.string()) }),
  'form.deleted': z.object({ id: z.string(), slug: z.string() }),
  /** a shopper submitted a form (the notification mail is sent by forms' own subscription to it) */
  'form_submission.created': z.object({ id: z.string(), form_id: z.string(), form_slug: z.string() }),
  'form_submission.deleted': z.object({ id: z.string(), form_id: z.string() }),
  'form_verifier.updated': z.object({ provider: z.string(), enabled: z.boolean() }),
});
