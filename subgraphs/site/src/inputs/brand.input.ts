import { z } from 'zod';
import { Field, InputType } from 'type-graphql';
import { ValidateWith, httpUrlSchema } from '@svc/kit';

/**
 * Brand arguments, written once. Every field of a group is optional: a value replaces the stored
 * one, null goes back to the default, an absent field stays.
 */

export const BRAND_COLORS = ['primary', 'secondary', 'accent', 'background', 'text'] as const;
export const BRAND_FONTS = ['heading_font', 'body_font'] as const;
export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'x', 'tiktok', 'youtube', 'linkedin', 'pinterest'] as const;
export const CONTACT_FIELDS = ['email', 'phone', 'address'] as const;

const color = z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'a brand color is a hex color (#rgb or #rrggbb)');
const font = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9 ,'"-]+$/, 'a font is font names separated by commas (letters, digits, spaces, quotes, -)');
const group = <K extends string>(keys: readonly K[], value: z.ZodType) =>
  z.strictObject(Object.fromEntries(keys.map((k) => [k, value.nullish()])) as Record<K, z.ZodOptional<z.ZodNullable<z.ZodType>>>);

const brandColorsSchema = group(BRAND_COLORS, color);
const brandTypographySchema = group(BRAND_FONTS, font);
const brandSocialSchema = group(SOCIAL_NETWORKS, httpUrlSchema('a social link', 500));
const brandContactSchema = z.strictObject({
  email: z.email('email must be an email address').max(254).nullish(),
  phone: z
    .string()
    .regex(/^\+?[0-9 ()./-]{3,30}$/, 'phone is digits, spaces and ()+-./ (3 to 30)')
    .nullish(),
  address: z.string().min(1).max(500).nullish(),
});

export const updateBrandSchema = z.strictObject({
  logo_media_id: z
    .string()
    .regex(/^med_[0-9A-HJKMNP-TV-Z]{26}$/, 'logo_media_id must be a media id (med_…)')
    .nullish(),
  colors: brandColorsSchema.optional(),
  typography: brandTypographySchema.optional(),
  social_links: brandSocialSchema.optional(),
  contact: brandContactSchema.optional(),
});
export type UpdateBrandData = z.infer<typeof updateBrandSchema>;

@InputType('BrandColorsInput', { description: 'Brand colors to change, each a hex color (#rgb or #rrggbb); null restores the default' })
class BrandColorsInput {
  @Field(() => String, { nullable: true, description: 'Main brand color' }) primary?: string | null;
  @Field(() => String, { nullable: true, description: 'Secondary color' }) secondary?: string | null;
  @Field(() => String, { nullable: true, description: 'Accent color' }) accent?: string | null;
  @Field(() => String, { nullable: true, description: 'Page background color' }) background?: string | null;
  @Field(() => String, { nullable: true, description: 'Body text color' }) text?: string | null;
}

@InputType('BrandTypographyInput', { description: 'Brand fonts to change, each a CSS font-family list; null restores the default' })
class BrandTypographyInput {
  @Field(() => String, { nullable: true, description: 'Font family for headings' }) heading_font?: string | null;
  @Field(() => String, { nullable: true, description: 'Font family for body text' }) body_font?: string | null;
}

@InputType('BrandSocialLinksInput', { description: 'Social profile links to change, each an absolute http(s) URL; null removes one' })
class BrandSocialLinksInput {
  @Field(() => String, { nullable: true, description: 'Facebook page URL' }) facebook?: string | null;
  @Field(() => String, { nullable: true, description: 'Instagram profile URL' }) instagram?: string | null;
  @Field(() => String, { nullable: true, description: 'X (Twitter) profile URL' }) x?: string | null;
  @Field(() => String, { nullable: true, description: 'TikTok profile URL' }) tiktok?: string | null;
  @Field(() => String, { nullable: true, description: 'YouTube channel URL' }) youtube?: string | null;
  @Field(() => String, { nullable: true, description: 'LinkedIn page URL' }) linkedin?: string | null;
  @Field(() => String, { nullable: true, description: 'Pinterest profile URL' }) pinterest?: string | null;
}

@InputType('BrandContactInput', { description: 'Contact details to change; null removes one' })
class BrandContactInput {
  @Field(() => String, { nullable: true, description: 'Contact email address' }) email?: string | null;
  @Field(() => String, { nullable: true, description: 'Contact phone number (digits, spaces and ()+-./, 3 to 30)' }) phone?: string | null;
  @Field(() => String, { nullable: true, description: 'Postal address, free text' }) address?: string | null;
}

@InputType('UpdateBrandInput', { description: 'A value replaces, null goes back to the default, an absent field stays' })
@ValidateWith(updateBrandSchema)
export class UpdateBrandInput {
  @Field(() => String, { nullable: true, description: 'An image of the media domain (med_…); null removes the logo' }) logo_media_id?: string | null;
  @Field(() => BrandColorsInput, { nullable: true, description: 'Colors to change (the others stay)' }) colors?: BrandColorsInput;
  @Field(() => BrandTypographyInput, { nullable: true, description: 'Fonts to change (the others stay)' }) typography?: BrandTypographyInput;
  @Field(() => BrandSocialLinksInput, { nullable: true, description: 'Social links to change (the others stay)' }) social_links?: BrandSocialLinksInput;
  @Field(() => BrandContactInput, { nullable: true, description: 'Contact details to change (the others stay)' }) contact?: BrandContactInput;
}
