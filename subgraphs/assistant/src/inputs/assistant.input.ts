import { z } from 'zod';
import { Field, InputType } from 'type-graphql';
import { httpUrlSchema, ValidateWith } from '@svc/kit';
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

/** A stream's id, as the `session` event announced it (`strm_…`; plans of older one-turn chats: `plan_…`). */
export const streamIdSchema = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[a-z]+_[0-9A-Za-z]+$/, 'streamId is the id the stream announced (strm_…)');

/** POST …/chat/stream/:streamId/approve and …/reject */
export const streamParams = z.strictObject({ streamId: streamIdSchema });

const modelName = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[\x21-\x7e]+$/, 'a model name has no spaces');

/** The store's language-model provider (an OpenAI-compatible chat completions API). */
export const providerSchema = z.strictObject({
  base_url: httpUrlSchema('base_url', 500),
  /** the key; absent to keep the saved one */
  api_key: z
    .string()
    .min(1)
    .max(1000)
    .regex(/^[\x21-\x7e]+$/, 'an API key has no spaces')
    .optional(),
  models: z.strictObject({ fast: modelName, standard: modelName, advanced: modelName }),
  enabled: z.boolean().optional(),
});
export type ProviderInput = z.infer<typeof providerSchema>;

@InputType('AssistantModelsInput')
class AssistantModelsInput {
  @Field({ description: 'model of the fast tier' }) fast!: string;
  @Field({ description: 'model of the standard tier' }) standard!: string;
  @Field({ description: 'model of the advanced tier' }) advanced!: string;
}

@InputType('AssistantProviderInput')
@ValidateWith(providerSchema)
export class AssistantProviderInput {
  @Field({ description: 'the API root, e.g. https://api.openai.com/v1 (…/chat/completions is appended)' }) base_url!: string;
  @Field(() => String, { nullable: true, description: 'the API key (stored sealed; absent: keep the saved one)' }) api_key?: string;
  @Field(() => AssistantModelsInput) models!: AssistantModelsInput;
  @Field(() => Boolean, { nullable: true, description: 'default true' }) enabled?: boolean;
}

/** Operator: pay-as-you-go credits for a store. */
export const topUpSchema = z.number().int().min(1).max(100_000_000);
export const creditNoteSchema = z.string().max(200).nullish();

/** A day (`YYYY-MM-DD`) of the usage report. */
export const daySchema = z.iso.date();
