import { Directive, Field, ID, ObjectType } from 'type-graphql';

const S = { simpleResolvers: true };

/** The media domain's Media, as the brand refers to it (only the id here; media resolves the rest). */
@ObjectType('Media', {
  ...S,
  description: 'A stored file of the store (image or PDF) with its public URL, type, size and alt text; an entity other domains refer to by id',
})
@Directive('@key(fields: "id")')
class MediaRefType {
  @Field(() => ID, { description: 'The asset id (med_…)' }) id!: string;
}

@ObjectType('BrandColors', { ...S, description: "The brand's colors, each a hex color (#rgb or #rrggbb); defaults where the store set none" })
class BrandColorsType {
  @Field({ description: 'Main brand color, e.g. for buttons (default #111827)' }) primary!: string;
  @Field({ description: 'Secondary color, e.g. for muted text and borders (default #6b7280)' }) secondary!: string;
  @Field({ description: 'Accent color, e.g. for links and highlights (default #2563eb)' }) accent!: string;
  @Field({ description: 'Page background color (default #ffffff)' }) background!: string;
  @Field({ description: 'Body text color (default #111827)' }) text!: string;
}

@ObjectType('BrandTypography', { ...S, description: "The brand's fonts, each a CSS font-family list (font names separated by commas)" })
class BrandTypographyType {
  @Field({ description: 'Font family for headings' }) heading_font!: string;
  @Field({ description: 'Font family for body text' }) body_font!: string;
}

@ObjectType('BrandSocialLinks', { ...S, description: "The store's profiles on social networks, each an absolute http(s) URL or null when the store has none" })
class BrandSocialLinksType {
  @Field(() => String, { nullable: true, description: 'Facebook page URL; null when none' }) facebook!: string | null;
  @Field(() => String, { nullable: true, description: 'Instagram profile URL; null when none' }) instagram!: string | null;
  @Field(() => String, { nullable: true, description: 'X (Twitter) profile URL; null when none' }) x!: string | null;
  @Field(() => String, { nullable: true, description: 'TikTok profile URL; null when none' }) tiktok!: string | null;
  @Field(() => String, { nullable: true, description: 'YouTube channel URL; null when none' }) youtube!: string | null;
  @Field(() => String, { nullable: true, description: 'LinkedIn page URL; null when none' }) linkedin!: string | null;
  @Field(() => String, { nullable: true, description: 'Pinterest profile URL; null when none' }) pinterest!: string | null;
}

@ObjectType('BrandContact', { ...S, description: 'How customers reach the store; each null when not set' })
class BrandContactType {
  @Field(() => String, { nullable: true, description: 'Contact email address; null when not set' }) email!: string | null;
  @Field(() => String, { nullable: true, description: 'Contact phone number as the store writes it (digits, spaces and ()+-./); null when not set' }) phone!:
    string | null;
  @Field(() => String, { nullable: true, description: 'Postal address, free text (may span lines); null when not set' }) address!: string | null;
}

/** The brand of the store, every field present (defaults where the store set nothing). */
@ObjectType('Brand', {
  ...S,
  description: 'The brand of the store (logo, colors, fonts, social links, contact), every field present: defaults where the store set nothing',
})
export class BrandType {
  @Field(() => String, { nullable: true, description: 'The media asset id of the logo; null when the store has none' }) logo_media_id!: string | null;
  @Field(() => MediaRefType, { nullable: true, description: 'The logo, resolved by the media domain (null without one, or when it was deleted)' })
  logo!: MediaRefType | null;
  @Field(() => BrandColorsType, { description: 'The brand colors' }) colors!: BrandColorsType;
  @Field(() => BrandTypographyType, { description: 'The brand fonts' }) typography!: BrandTypographyType;
  @Field(() => BrandSocialLinksType, { description: "Links to the store's social network profiles" }) social_links!: BrandSocialLinksType;
  @Field(() => BrandContactType, { description: "The store's contact details" }) contact!: BrandContactType;
}
