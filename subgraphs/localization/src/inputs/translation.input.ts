import { z } from 'zod';
import { Field, InputType, Int, ArgsType } from 'type-graphql';
import { hasMarkup, JSONScalar, PLAIN_TEXT_MESSAGE, ValidateWith } from '@svc/kit';
import { LOCALE_RE, localeCodeSchema } from './locale.input';

/**
 * What can be translated: per resource type, its translatable fields and their longest text.
 * The names are the resource types the storefront reads (Medusa's names for catalog entities).
 */
const TRANSLATABLE: Record<string, Record<string, number>> = {
  product: { title: 500, subtitle: 500, description: 100_000, material: 200 },
  product_variant: { title: 500 },
  product_collection: { title: 500 },
  product_category: { name: 500, description: 20_000 },
  page: { title: 500, body: 200_000, seo_title: 300, seo_description: 1000 },
  blog_post: { title: 500, excerpt: 5000, body: 200_000, seo_title: 300, seo_description: 1000 },
  event: { title: 300, subtitle: 500, description: 20_000 },
  event_session: { title: 300, description: 10_000 },
  event_speaker: { title: 200, bio: 10_000 },
  event_ticket_type: { name: 200, description: 5000 },
  tour: { title: 300, summary: 1000, description: 20_000 },
  /** one day of a tour's itinerary, keyed `<tour id>-<day>` */
  tour_itinerary_day: { title: 300, description: 10_000, overnight: 300 },
  tour_destination: { name: 300, description: 20_000 },
  tour_category: { name: 300, description: 20_000 },
};
const RESOURCE_TYPES = Object.keys(TRANSLATABLE);
/** the only translatable fields that hold markup (rendered and sanitized by content); every other one is plain text (the kit's rule) */
const MARKUP_FIELDS = new Set(['body']);

const resourceTypeSchema = z.enum(RESOURCE_TYPES as [string, ...string[]], {
  error: () => `resource_type must be one of ${RESOURCE_TYPES.join(', ')}`,
});
const resourceIdSchema = z
  .string()
  .trim()
  .min(1, 'resource_id must not be empty')
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'resource_id must be an id (letters, digits, _ and -)');

/**
 * One resource's overrides in one locale. `fields`: field -> text (sets it) or null (removes the
 * override); fields not named keep what is stored. Unknown fields are refused.
 */
export const setTranslationSchema = z
  .strictObject({
    resource_type: resourceTypeSchema,
    resource_id: resourceIdSchema,
    locale: localeCodeSchema,
    fields: z.record(z.string(), z.string().nullable()).refine((f) => Object.keys(f).length > 0, 'fields must name at least one field'),
  })
  .superRefine((v, c) => {
    const allowed = TRANSLATABLE[v.resource_type];
    if (!allowed) return;
    for (const [name, text] of Object.entries(v.fields)) {
      if (!(name in allowed))
        c.addIssue({
          code: 'custom',
          path: ['fields', name],
          message: `${v.resource_type} has no translatable field "${name}" (translatable: ${Object.keys(allowed).join(', ')})`,
        });
      else if (text !== null && text.length > allowed[name])
        c.addIssue({ code: 'custom', path: ['fields', name], message: `${name} is longer than ${allowed[name]} characters` });
      else if (text !== null && !text.trim())
        c.addIssue({ code: 'custom', path: ['fields', name], message: `${name} must not be blank (null removes the override)` });
      else if (text !== null && !MARKUP_FIELDS.has(name) && hasMarkup(text))
        c.addIssue({ code: 'custom', path: ['fields', name], message: `${name} ${PLAIN_TEXT_MESSAGE}` });
    }
  });
export type SetTranslationData = z.infer<typeof setTranslationSchema>;

export const setTranslationsSchema = z.array(setTranslationSchema).min(1, 'at least one translation').max(500, 'at most 500 translations at once');

const ids = z.array(resourceIdSchema).max(200, 'at most 200 ids');

/** Admin listing: one locale exactly as stored. */
export const translationListSchema = z.strictObject({
  resource_type: resourceTypeSchema,
  locale: localeCodeSchema.nullish(),
  resource_ids: ids.nullish(),
  limit: z.number().int().min(0).max(500).nullish(),
  offset: z.number().int().min(0).max(1_000_000).nullish(),
});
export type TranslationListQuery = z.infer<typeof translationListSchema>;

/** Storefront bulk fetch: the requested locale resolved with fallback (see TranslationService.resolve). */
export const storeTranslationsSchema = z.strictObject({
  resource_type: resourceTypeSchema,
  // checked by the service (after the store is known); documented here (/openapi.json)
  locale: z
    .string()
    .max(35)
    .meta({ pattern: `^\\s*(?:${LOCALE_RE.source.slice(1, -1)})\\s*$` })
    .nullish(),
  ids: ids.nullish(),
  limit: z.number().int().min(0).max(500).nullish(),
  offset: z.number().int().min(0).max(1_000_000).nullish(),
});
export type StoreTranslationsQuery = z.infer<typeof storeTranslationsSchema>;

export const overlaySchema = z.strictObject({
  locale: z.string().max(35),
  keys: z.array(z.strictObject({ resource_type: resourceTypeSchema, ids })).max(20),
});

@InputType('SetTranslationInput', { description: 'Field overrides of one resource in one locale' })
@ValidateWith(setTranslationSchema)
export class SetTranslationInput {
  @Field({ description: `${RESOURCE_TYPES.join(', ')}` }) resource_type!: string;
  @Field({ description: 'The id of the resource' }) resource_id!: string;
  @Field({ description: 'an enabled locale other than the default (BCP 47)' }) locale!: string;
  @Field(() => JSONScalar, { description: 'field -> text; null removes that override; fields not named are kept' }) fields!: Record<string, string | null>;
}

@ArgsType()
@ValidateWith(translationListSchema)
export class TranslationListArgs {
  @Field({ description: 'product, product_variant, product_collection, product_category, page or blog_post' }) resource_type!: string;
  @Field(() => String, { nullable: true, description: 'one locale; all when omitted' }) locale?: string | null;
  @Field(() => [String], { nullable: true, description: 'Only these resource ids' }) resource_ids?: string[] | null;
  @Field(() => Int, { nullable: true, description: 'Overrides per page (default 50, at most 100)' }) limit?: number | null;
  @Field(() => Int, { nullable: true, description: 'Overrides to skip; default 0' }) offset?: number | null;
}

@ArgsType()
@ValidateWith(storeTranslationsSchema)
export class StoreTranslationsArgs {
  @Field({ description: 'product, product_variant, product_collection, product_category, page or blog_post' }) resource_type!: string;
  @Field(() => String, { nullable: true, description: 'default: the request locale (x-medusa-locale, accept-language)' }) locale?: string | null;
  @Field(() => [String], { nullable: true, description: 'Only these resource ids; all with overrides when omitted' }) ids?: string[] | null;
  @Field(() => Int, { nullable: true, description: 'Resources per page: at most 500, default 100' }) limit?: number | null;
  @Field(() => Int, { nullable: true, description: 'Resources to skip; default 0' }) offset?: number | null;
}

@InputType('TranslationKeysInput', { description: 'Resources of one type to look up overrides for' })
export class TranslationKeysInput {
  @Field({ description: 'product, product_variant, product_collection, product_category, page or blog_post' }) resource_type!: string;
  @Field(() => [String], { description: 'The resource ids' }) ids!: string[];
}
