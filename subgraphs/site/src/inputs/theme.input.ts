import { z } from 'zod';
import { Field, InputType, Int } from 'type-graphql';
import { JSONScalar, ValidateWith } from '@svc/kit';

/**
 * Theme arguments, written once: token names and values have CSS-safe shapes (no value can break
 * out of a custom property), maps and sections have counts and sizes limited.
 */

export const MAX_SECTIONS = 50;
const SECTION_SETTINGS_MAX_BYTES = 8_192;
const SETTINGS_MAX_BYTES = 16_384;

const jsonBytes = (v: unknown) => Buffer.byteLength(JSON.stringify(v));
const NAME = /^[a-z][a-z0-9-]{0,39}$/;
const tokenName = z.string().regex(NAME, 'a token name is lower-case letters, digits and -, starting with a letter (at most 40)');
const settingKey = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, 'a setting key is lower-case letters, digits and _, starting with a letter (at most 64)');

const color = z.string().regex(/^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, 'a color is a hex color (#rgb, #rgba, #rrggbb or #rrggbbaa)');
const length = z.string().regex(/^(?:0|\d{1,4}(?:\.\d{1,3})?(?:px|rem|em|%))$/, 'a length is 0 or a number with px, rem, em or %');
const typeface = z.strictObject({
  font_family: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9 ,'"-]+$/, 'font_family is font names separated by commas (letters, digits, spaces, quotes, -)'),
  font_size: length,
  font_weight: z.number().int().min(100).max(900).multipleOf(100, 'font_weight is 100, 200, … 900').optional(),
  line_height: z.number().min(0.5).max(4).optional(),
});

const tokenMap = <T extends z.ZodType>(value: T, max: number, what: string) =>
  z.record(tokenName, value).refine((m) => Object.keys(m).length <= max, `${what}: at most ${max} tokens`);

const tokensSchema = {
  colors: tokenMap(color, 64, 'colors'),
  typography: tokenMap(typeface, 32, 'typography'),
  spacing: tokenMap(length, 32, 'spacing'),
  radii: tokenMap(length, 32, 'radii'),
};

/** a settings object: identifier keys, JSON values, at most `max` bytes */
const settingsSchema = (max: number, what: string) =>
  z.record(settingKey, z.unknown()).refine((s) => jsonBytes(s) <= max, `${what} are at most ${max} bytes of JSON`);

const sectionTypeSchema = z.string().regex(NAME, 'a section type is lower-case letters, digits and -, starting with a letter (at most 40)');
const sectionSettingsSchema = settingsSchema(SECTION_SETTINGS_MAX_BYTES, 'section settings');
const themeSettingsSchema = settingsSchema(SETTINGS_MAX_BYTES, 'theme settings');

/** Each group given replaces that group; groups not given stay. */
export const updateThemeTokensSchema = z.strictObject({
  colors: tokensSchema.colors.optional(),
  typography: tokensSchema.typography.optional(),
  spacing: tokensSchema.spacing.optional(),
  radii: tokensSchema.radii.optional(),
});
export type UpdateThemeTokensData = z.infer<typeof updateThemeTokensSchema>;

export const addThemeSectionSchema = z.strictObject({
  type: sectionTypeSchema,
  settings: sectionSettingsSchema.optional(),
  /** 0-based place; default: at the end */
  position: z.number().int().min(0).max(MAX_SECTIONS).optional(),
});
export type AddThemeSectionData = z.infer<typeof addThemeSectionSchema>;

const updateThemeSettingsSchema = z.strictObject({ settings: themeSettingsSchema });
const updateThemeSectionSchema = z.strictObject({ settings: sectionSettingsSchema });
export const sectionIdsSchema = z.array(z.string().max(60)).max(MAX_SECTIONS);

@InputType('UpdateThemeTokensInput', { description: 'Each group given replaces that group (a map of token name -> value)' })
@ValidateWith(updateThemeTokensSchema)
export class UpdateThemeTokensInput {
  @Field(() => JSONScalar, { nullable: true, description: 'name -> hex color' }) colors?: Record<string, string>;
  @Field(() => JSONScalar, { nullable: true, description: 'name -> {font_family, font_size, font_weight?, line_height?}' })
  typography?: UpdateThemeTokensData['typography'];
  @Field(() => JSONScalar, { nullable: true, description: 'name -> length (px, rem, em, %)' }) spacing?: Record<string, string>;
  @Field(() => JSONScalar, { nullable: true, description: 'name -> length (px, rem, em, %)' }) radii?: Record<string, string>;
}

@InputType('AddThemeSectionInput', { description: 'A new section of the page layout' })
@ValidateWith(addThemeSectionSchema)
export class AddThemeSectionInput {
  @Field({ description: 'e.g. hero, featured-products, newsletter' }) type!: string;
  @Field(() => JSONScalar, { nullable: true, description: "The section's settings: identifier keys, JSON values; default {}" }) settings?: Record<
    string,
    unknown
  >;
  @Field(() => Int, { nullable: true, description: '0-based place; default: at the end' }) position?: number;
}

@InputType('UpdateThemeSettingsInput', { description: "The theme's new global settings" })
@ValidateWith(updateThemeSettingsSchema)
export class UpdateThemeSettingsInput {
  @Field(() => JSONScalar, { description: 'Replaces the global settings' }) settings!: Record<string, unknown>;
}

@InputType('UpdateThemeSectionInput', { description: "A section's new settings" })
@ValidateWith(updateThemeSectionSchema)
export class UpdateThemeSectionInput {
  @Field(() => JSONScalar, { description: "Replaces the section's settings" }) settings!: Record<string, unknown>;
}
