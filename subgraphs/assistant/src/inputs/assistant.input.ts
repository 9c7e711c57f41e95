import { z } from 'zod';
import { Field, InputType } from 'type-graphql';
import { ValidateWith } from '@svc/kit';
import { SKILL_IDS, type SkillId } from '../skills/catalog';

/**
 * The constraints of the assistant's arguments, written once: GraphQL validates with them
 * (`@ValidateWith`, `validated`), the REST routes reuse them for their bodies.
 */

/** A request to the assistant: at most 4,000 characters, not blank. */
export const messageSchema = z.string().max(4000, 'message must be at most 4000 characters').regex(/\S/, 'message must not be empty');

/** POST /v1/extract-actions */
export const extractActionsBody = z.strictObject({ message: messageSchema });

export const skillToggleSchema = z.strictObject({
  id: z.enum(SKILL_IDS, { message: `id must be one of the 24 skill ids (${SKILL_IDS.join(', ')})` }),
  enabled: z.boolean(),
});

/** The operator's change: each skill named at most once. */
export const skillTogglesSchema = z
  .array(skillToggleSchema)
  .min(1, 'name at least one skill')
  .max(SKILL_IDS.length)
  .refine((list) => new Set(list.map((s) => s.id)).size === list.length, 'each skill may be named once');
export type SkillToggle = z.infer<typeof skillToggleSchema>;

@InputType('AssistantSkillToggleInput')
@ValidateWith(skillToggleSchema)
export class AssistantSkillToggleInput {
  @Field(() => String, { description: 'A skill id (store-setup, ecommerce-editor, …)' }) id!: SkillId;
  @Field() enabled!: boolean;
}

/** A conversation's name, chosen by the client. */
export const sessionIdSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9._:-]+$/, 'session_id may hold letters, digits, dot, underscore, colon and hyphen');

/**
 * POST /admin/ai/chat and /v1/chat: `session_id` (or its other spelling `sessionId`, one of the two)
 * names the conversation; a new one when absent.
 */
export const chatBody = z
  .strictObject({ message: messageSchema, session_id: sessionIdSchema.optional(), sessionId: sessionIdSchema.optional() })
  .refine((b) => b.session_id === undefined || b.sessionId === undefined, { message: 'give session_id or sessionId, not both', path: ['sessionId'] })
  .meta({ not: { required: ['session_id', 'sessionId'] } });
