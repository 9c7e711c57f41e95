import { Field, Int, ObjectType } from 'type-graphql';
import { JSONScalar } from '@svc/kit';

const S = { simpleResolvers: true };

/** Design tokens: each group a map of token name -> value (names are the store's own). */
@ObjectType('ThemeTokens', { ...S, description: "Design tokens: each group a map of token name -> value (names are the store's own)" })
class ThemeTokensType {
  @Field(() => JSONScalar, { description: 'name -> hex color' }) colors!: Record<string, string>;
  @Field(() => JSONScalar, { description: 'name -> {font_family, font_size, font_weight?, line_height?}' }) typography!: Record<string, unknown>;
  @Field(() => JSONScalar, { description: 'name -> length' }) spacing!: Record<string, string>;
  @Field(() => JSONScalar, { description: 'name -> length' }) radii!: Record<string, string>;
}

@ObjectType('ThemeSection', { ...S, description: "A section of the storefront's page layout (e.g. a hero or a product grid) with its settings" })
class ThemeSectionType {
  @Field({ description: 'The section id, unique within the theme' }) id!: string;
  @Field({ description: "The section's kind, a lower-case name the storefront knows (e.g. hero)" }) type!: string;
  @Field(() => JSONScalar, { description: "The section's settings: identifier keys, JSON values" }) settings!: Record<string, unknown>;
}

/** The storefront theme of the store; `version` grows on every change (0: the defaults, never changed). */
@ObjectType('Theme', { ...S, description: 'The storefront theme of the store: design tokens, page sections and global settings' })
export class ThemeType {
  @Field(() => Int, { description: 'Grows by one on every change (0: the defaults, never changed); use it to cache' }) version!: number;
  @Field(() => ThemeTokensType, { description: 'The design tokens' }) tokens!: ThemeTokensType;
  @Field(() => [ThemeSectionType], { description: 'In display order' }) sections!: ThemeSectionType[];
  @Field(() => JSONScalar, { description: 'Global theme settings: identifier keys, JSON values' }) settings!: Record<string, unknown>;
}
