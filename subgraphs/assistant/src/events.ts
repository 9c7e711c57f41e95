import { z } from 'zod';
import { defineEvents } from '@svc/kit';

/** What assistant tells the rest of the platform (payloads are checked when emitted). */
export const assistantEvents = defineEvents('assistant', {
  /** the operator changed which skills a store may use (the skills named, with their new state) */
  'assistant.skills_configured': z.object({ skills: z.array(z.object({ id: z.string(), enabled: z.boolean() })) }),
  /** a chat turn planned writing actions; they wait for approval until `expires_at` */
  'assistant.plan_created': z.object({
    id: z.string(),
    session_id: z.string(),
    skill: z.string(),
    actions: z.array(z.object({ type: z.string(), skill: z.string(), operation: z.string() })),
    expires_at: z.string(),
  }),
});
