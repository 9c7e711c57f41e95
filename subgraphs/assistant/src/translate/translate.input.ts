import { z } from 'zod';
import { Field, InputType } from 'type-graphql';
import { httpUrlSchema, ValidateWith } from '@svc/kit';

/** The 11 admin locales of the contract (`ar` is right to left). */
export const ADMIN_LOCALES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'pl', 'sv', 'tr', 'ar'] as const;
export type AdminLocale = (typeof ADMIN_LOCALES)[number];

export const adminLocaleSchema = z.enum(ADMIN_LOCALES, { message: `a locale must be one of the 11 admin locales (${ADMIN_LOCALES.join(', ')})` });

/** A text to translate: at most 20,000 characters, not blank. */
export const translateTextSchema = z.string().max(20_000, 'text must be at most 20000 characters').regex(/\S/, 'text must not be empty');

/** POST /admin/ai/translate */
export const translateBody = z.strictObject({
  text: translateTextSchema,
  target_locale: adminLocaleSchema,
  /** the text's language; detected by the provider when absent */
  source_locale: adminLocaleSchema.optional(),
});

/** What the pipeline translates (the names an admin uses; stored under localization's resource types). */
export const TRANSLATABLE_RESOURCES = ['product', 'collection', 'page', 'post', 'event', 'tour'] as const;
export type TranslatableResource = (typeof TRANSLATABLE_RESOURCES)[number];

export const translateResourceSchema = z.strictObject({
  resource_type: z.enum(TRANSLATABLE_RESOURCES, { message: `resource_type must be one of ${TRANSLATABLE_RESOURCES.join(', ')}` }),
  resource_id: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, 'resource_id must be an id (letters, digits, _ and -)'),
  /** target locales; absent: every enabled admin locale of the store but the default */
  locales: z
    .array(adminLocaleSchema)
    .min(1, 'name at least one locale')
    .max(ADMIN_LOCALES.length)
    .refine((l) => new Set(l).size === l.length, 'each locale may be named once')
    .nullish(),
});
export type TranslateResourceInput = z.infer<typeof translateResourceSchema>;

@InputType('AssistantTranslateResourceInput')
@ValidateWith(translateResourceSchema)
export class AssistantTranslateResourceInput {
  @Field(() => String, { description: TRANSLATABLE_RESOURCES.join(', ') }) resource_type!: TranslatableResource;
  @Field() resource_id!: string;
  @Field(() => [String], {
    nullable: true,
    description: 'target locales (of the 11 admin locales, enabled in the store); absent: every enabled one but the default',
  })
  locales?: AdminLocale[] | null;
}

/** The store's DeepL settings. */
export const translationProviderSchema = z.strictObject({
  /** the DeepL API key; absent to keep the saved one */
  api_key: z
    .string()
    .min(1)
    .max(1000)
    .regex(/^[\x21-\x7e]+$/, 'an API key has no spaces')
    .optional(),
  /** DeepL's API root; absent: the saved one, else api-free.deepl.com for a free key (`…:fx`), api.deepl.com otherwise */
  base_url: httpUrlSchema('base_url', 500).optional(),
  enabled: z.boolean().optional(),
});
export type TranslationProviderInput = z.infer<typeof translationProviderSchema>;

@InputType('AssistantTranslationProviderInput')
@ValidateWith(translationProviderSchema)
export class AssistantTranslationProviderInput {
  @Field(() => String, { nullable: true, description: 'the DeepL API key (stored sealed; absent: keep the saved one)' }) api_key?: string;
  @Field(() => String, {
    nullable: true,
    description: 'the API root (absent: the saved one; at first by the key: https://api-free.deepl.com for …:fx keys, else https://api.deepl.com)',
  })
  base_url?: string;
  @Field(() => Boolean, { nullable: true, description: 'default true' }) enabled?: boolean;
}
