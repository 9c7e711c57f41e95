import { Field, Int, ObjectType } from 'type-graphql';
import { JSONScalar } from '@svc/kit';

const S = { simpleResolvers: true };

/** Design tokens: each group a map of token name -> value (names are the store's own). */
@ObjectType('ThemeTokens', S)
class ThemeTokensType {
  @Field(() => JSONScalar, { description: 'name -> hex color' }) colors!: Record<string, string>;
  @Field(() => JSONScalar, { description: 'name -> {font_family, font_size, font_weight?, line_height?}' }) typography!: Record<string, unknown>;
  @Field(() => JSONScalar, { description: 'name -> length' }) spacing!: Record<string, string>;
  @Field(() => JSONScalar, { description: 'name -> length' }) radii!: Record<string, string>;
}

@ObjectType('ThemeSection', S)
class ThemeSectionType {
  @Field() id!: string;
  @Field() type!: string;
  @Field(() => JSONScalar) settings!: Record<string, unknown>;
}

/** The storefront theme of the store; `version` grows on every change (0: the defaults, never changed). */
@ObjectType('Theme', S)
export class ThemeType {
  @Field(() => Int) version!: number;
  @Field(() => ThemeTokensType) tokens!: ThemeTokensType;
  @Field(() => [ThemeSectionType], { description: 'In display order' }) sections!: ThemeSectionType[];
  @Field(() => JSONScalar) settings!: Record<string, unknown>;
}
