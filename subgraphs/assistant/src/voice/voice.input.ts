import { z } from 'zod';
import { Field, InputType } from 'type-graphql';
import { httpUrlSchema, ValidateWith } from '@svc/kit';
import { adminLocaleSchema } from '../translate/translate.input';

/** A voice: the speech provider's (`alloy`) or eSpeak NG's (`de`, `en+f3`). */
export const voiceSchema = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+(\+[A-Za-z0-9_-]+)?$/, 'voice is a voice name (letters, digits, _ and -, optionally +variant)');

/** The text of one chunk: at most 2,000 characters, not blank. */
export const chunkTextSchema = z.string().max(2000, 'text must be at most 2000 characters').regex(/\S/, 'text must not be empty');

/** POST /admin/ai/voice/synthesize-chunk */
export const synthesizeChunkBody = z.strictObject({
  text: chunkTextSchema,
  voice: voiceSchema.optional(),
  /** the language of the text (the offline voice's; default en) */
  locale: adminLocaleSchema.optional(),
});

const postIdSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'post_id must be an id (letters, digits, _ and -)');

/** POST /admin/ai/voice/blog */
export const voiceBlogBody = z.strictObject({
  post_id: postIdSchema,
  voice: voiceSchema.optional(),
  /** the post's variant to read (default: the store's default locale, else its first) */
  locale: adminLocaleSchema.optional(),
});
export type VoiceBlogInput = z.infer<typeof voiceBlogBody>;

/** A job's id (`aijob_…`). */
export const jobIdSchema = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[a-z]+_[0-9A-Za-z]+$/, 'the id of a job (aijob_…)');

const modelName = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[\x21-\x7e]+$/, 'a model name has no spaces');

/** The store's speech provider (an OpenAI-compatible speech API). */
export const speechProviderSchema = z.strictObject({
  base_url: httpUrlSchema('base_url', 500),
  api_key: z
    .string()
    .min(1)
    .max(1000)
    .regex(/^[\x21-\x7e]+$/, 'an API key has no spaces')
    .optional(),
  model: modelName,
  voice: voiceSchema,
  enabled: z.boolean().optional(),
});
export type SpeechProviderInput = z.infer<typeof speechProviderSchema>;

@InputType('AssistantSpeechProviderInput')
@ValidateWith(speechProviderSchema)
export class AssistantSpeechProviderInput {
  @Field({ description: 'the API root, e.g. https://api.openai.com/v1 (…/audio/speech is appended)' }) base_url!: string;
  @Field(() => String, { nullable: true, description: 'the API key (stored sealed; absent: keep the saved one)' }) api_key?: string;
  @Field({ description: 'the speech model, e.g. tts-1' }) model!: string;
  @Field({ description: 'the default voice, e.g. alloy' }) voice!: string;
  @Field(() => Boolean, { nullable: true, description: 'default true' }) enabled?: boolean;
}
