import { z } from 'zod';
import { Field, InputType } from 'type-graphql';
import { ValidateWith } from '@svc/kit';

/**
 * A BCP 47 language tag as stores use them: language (2–3 letters), optional script (4 letters),
 * optional region (2 letters or 3 digits): `en`, `de-CH`, `zh-Hant-TW`, `es-419`. Written in its
 * canonical case (`pt-BR`), whatever case it arrived in.
 */
export const LOCALE_RE = /^[a-zA-Z]{2,3}(-[a-zA-Z]{4})?(-([a-zA-Z]{2}|\d{3}))?$/;

export function canonicalLocale(tag: string): string {
  const [lang, ...rest] = tag.split('-');
  return [lang.toLowerCase(), ...rest.map((p) => (p.length === 4 ? p[0].toUpperCase() + p.slice(1).toLowerCase() : p.toUpperCase()))].join('-');
}

export const localeCodeSchema = z
  .string()
  .max(35)
  .regex(LOCALE_RE, 'code must be a BCP 47 language tag such as en, de-CH or zh-Hant-TW')
  .transform(canonicalLocale);

const name = z.string().trim().min(1, 'name must not be empty').max(100);
const position = z.number().int().min(0).max(10_000);

export const addLocaleSchema = z.strictObject({
  code: localeCodeSchema,
  name: name.nullish(),
  rtl: z.boolean().nullish(),
  is_default: z.boolean().nullish(),
  position: position.nullish(),
});
export type AddLocaleData = z.infer<typeof addLocaleSchema>;

export const updateLocaleSchema = z.strictObject({
  name: name.optional(),
  rtl: z.boolean().optional(),
  position: position.optional(),
});
export type UpdateLocaleData = z.infer<typeof updateLocaleSchema>;

@InputType('AddLocaleInput', { description: 'A locale to enable' })
@ValidateWith(addLocaleSchema)
export class AddLocaleInput {
  @Field({ description: 'BCP 47 tag (en, de-CH, ar)' }) code!: string;
  @Field(() => String, { nullable: true, description: "Default: the language's own name (Deutsch, العربية)" }) name?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'Right-to-left; default: from the language (ar, he, fa, ur…)' }) rtl?: boolean | null;
  @Field(() => Boolean, { nullable: true, description: "Make it the default (the store's first locale always is)" }) is_default?: boolean | null;
  @Field(() => Number, { nullable: true, description: 'Place in the locale switcher, from 0; default: at the end' }) position?: number | null;
}

@InputType('UpdateLocaleInput', { description: 'Changes to a locale; absent fields stay' })
@ValidateWith(updateLocaleSchema)
export class UpdateLocaleInput {
  @Field(() => String, { nullable: true, description: 'The name shown in the locale switcher' }) name?: string;
  @Field(() => Boolean, { nullable: true, description: 'Whether the script runs right to left' }) rtl?: boolean;
  @Field(() => Number, { nullable: true, description: 'Place in the locale switcher, from 0' }) position?: number;
}
