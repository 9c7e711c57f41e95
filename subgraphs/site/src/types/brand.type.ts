import { Directive, Field, ID, ObjectType } from 'type-graphql';

const S = { simpleResolvers: true };

/** The media domain's Media, as the brand refers to it (only the id here; media resolves the rest). */
@ObjectType('Media', S)
@Directive('@key(fields: "id")')
class MediaRefType {
  @Field(() => ID) id!: string;
}

@ObjectType('BrandColors', S)
class BrandColorsType {
  @Field() primary!: string;
  @Field() secondary!: string;
  @Field() accent!: string;
  @Field() background!: string;
  @Field() text!: string;
}

@ObjectType('BrandTypography', S)
class BrandTypographyType {
  @Field() heading_font!: string;
  @Field() body_font!: string;
}

@ObjectType('BrandSocialLinks', S)
class BrandSocialLinksType {
  @Field(() => String, { nullable: true }) facebook!: string | null;
  @Field(() => String, { nullable: true }) instagram!: string | null;
  @Field(() => String, { nullable: true }) x!: string | null;
  @Field(() => String, { nullable: true }) tiktok!: string | null;
  @Field(() => String, { nullable: true }) youtube!: string | null;
  @Field(() => String, { nullable: true }) linkedin!: string | null;
  @Field(() => String, { nullable: true }) pinterest!: string | null;
}

@ObjectType('BrandContact', S)
class BrandContactType {
  @Field(() => String, { nullable: true }) email!: string | null;
  @Field(() => String, { nullable: true }) phone!: string | null;
  @Field(() => String, { nullable: true }) address!: string | null;
}

/** The brand of the store, every field present (defaults where the store set nothing). */
@ObjectType('Brand', S)
export class BrandType {
  @Field(() => String, { nullable: true }) logo_media_id!: string | null;
  @Field(() => MediaRefType, { nullable: true, description: 'The logo, resolved by the media domain (null without one, or when it was deleted)' })
  logo!: MediaRefType | null;
  @Field(() => BrandColorsType) colors!: BrandColorsType;
  @Field(() => BrandTypographyType) typography!: BrandTypographyType;
  @Field(() => BrandSocialLinksType) social_links!: BrandSocialLinksType;
  @Field(() => BrandContactType) contact!: BrandContactType;
}
