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

@InputType('BrandColorsInput')
class BrandColorsInput {
  @Field(() => String, { nullable: true }) primary?: string | null;
  @Field(() => String, { nullable: true }) secondary?: string | null;
  @Field(() => String, { nullable: true }) accent?: string | null;
  @Field(() => String, { nullable: true }) background?: string | null;
  @Field(() => String, { nullable: true }) text?: string | null;
}

@InputType('BrandTypographyInput')
class BrandTypographyInput {
  @Field(() => String, { nullable: true }) heading_font?: string | null;
  @Field(() => String, { nullable: true }) body_font?: string | null;
}

@InputType('BrandSocialLinksInput')
class BrandSocialLinksInput {
  @Field(() => String, { nullable: true }) facebook?: string | null;
  @Field(() => String, { nullable: true }) instagram?: string | null;
  @Field(() => String, { nullable: true }) x?: string | null;
  @Field(() => String, { nullable: true }) tiktok?: string | null;
  @Field(() => String, { nullable: true }) youtube?: string | null;
  @Field(() => String, { nullable: true }) linkedin?: string | null;
  @Field(() => String, { nullable: true }) pinterest?: string | null;
}

@InputType('BrandContactInput')
class BrandContactInput {
  @Field(() => String, { nullable: true }) email?: string | null;
  @Field(() => String, { nullable: true }) phone?: string | null;
  @Field(() => String, { nullable: true }) address?: string | null;
}

@InputType('UpdateBrandInput', { description: 'A value replaces, null goes back to the default, an absent field stays' })
@ValidateWith(updateBrandSchema)
export class UpdateBrandInput {
  @Field(() => String, { nullable: true, description: 'An image of the media domain (med_…); null removes the logo' }) logo_media_id?: string | null;
  @Field(() => BrandColorsInput, { nullable: true }) colors?: BrandColorsInput;
  @Field(() => BrandTypographyInput, { nullable: true }) typography?: BrandTypographyInput;
  @Field(() => BrandSocialLinksInput, { nullable: true }) social_links?: BrandSocialLinksInput;
  @Field(() => BrandContactInput, { nullable: true }) contact?: BrandContactInput;
}
