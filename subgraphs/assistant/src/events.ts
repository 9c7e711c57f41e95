import { z } from 'zod';
import { defineEvents } from '@svc/kit';

/** What assistant tells the rest of the platform (payloads are checked when emitted). */
export const assistantEvents = defineEvents('assistant', {
  /** the operator changed which skills a store may use (the skills named, with their new state) */
  'assistant.skills_configured': z.object({
    skills: z.array(z.object({ id: z.string(), enabled: z.boolean() })),
    /** who changed them: the platform operator (what the store may use) or the store's admin (its own choice within that) */
    by: z.enum(['operator', 'store']).optional(),
  }),
  /** a chat turn planned writing actions; they wait for approval (at `stream_id`) until `expires_at` */
  'assistant.plan_created': z.object({
    id: z.string(),
    stream_id: z.string(),
    session_id: z.string(),
    skill: z.string(),
    actions: z.array(z.object({ type: z.string(), skill: z.string(), operation: z.string() })),
    expires_at: z.string(),
  }),
  /** the caller approved a plan: its `actions` (how many) run now, in order */
  'assistant.plan_approved': z.object({ id: z.string(), stream_id: z.string(), session_id: z.string(), skill: z.string(), actions: z.number().int() }),
  /** the caller rejected a plan: nothing ran */
  'assistant.plan_rejected': z.object({ id: z.string(), stream_id: z.string(), session_id: z.string(), skill: z.string() }),
  /**
   * one action of an approved plan ran (`status` succeeded, with what its operation answered) or
   * failed (with the error; the actions after it do not run); `plan_status` is the plan's state after it
   */
  'assistant.action_executed': z.object({
    plan_id: z.string(),
    stream_id: z.string(),
    index: z.number().int(),
    count: z.number().int(),
    type: z.string(),
    operation: z.string(),
    status: z.enum(['succeeded', 'failed']),
    result: z.unknown(),
    error: z.object({ type: z.string(), code: z.string(), message: z.string() }).nullable(),
    plan_status: z.enum(['running', 'executed', 'failed']),
  }),
  /** an admin asked for a long-running job (a resource's translation): the assistant runs it from the job queue */
  'assistant.job_queued': z.object({ id: z.string(), kind: z.string() }),
});
