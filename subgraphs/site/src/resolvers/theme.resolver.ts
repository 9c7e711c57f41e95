import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { SiteServices } from '../services';
import { ThemeType } from '../types/theme.type';
import { AddThemeSectionInput, UpdateThemeSectionInput, UpdateThemeSettingsInput, UpdateThemeTokensInput } from '../inputs/theme.input';

/** The storefront theme: anyone of the store reads it; admins change it (every change raises `version`). */
@Resolver(() => ThemeType)
export class ThemeResolver {
  constructor(private readonly s: SiteServices) {}

  @Query(() => ThemeType, { description: 'The storefront theme (the defaults, version 0, until the first change)' })
  theme(@Ctx() ctx: RequestContext) {
    return this.s.theme.get(ctx);
  }

  @Authorized('admin')
  @Mutation(() => ThemeType, { description: 'Replaces the token groups given' })
  updateThemeTokens(@Ctx() ctx: RequestContext, @Arg('input', { description: 'The token groups to replace' }) input: UpdateThemeTokensInput) {
    return this.s.theme.updateTokens(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => ThemeType, { description: 'Replaces the global settings' })
  updateThemeSettings(@Ctx() ctx: RequestContext, @Arg('input', { description: 'The new global settings' }) input: UpdateThemeSettingsInput) {
    return this.s.theme.updateSettings(ctx, input.settings);
  }

  @Authorized('admin')
  @Mutation(() => ThemeType, { description: 'Appends a section to the layout' })
  addThemeSection(@Ctx() ctx: RequestContext, @Arg('input', { description: 'The new section' }) input: AddThemeSectionInput) {
    return this.s.theme.addSection(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => ThemeType, { description: "Replaces a section's settings" })
  updateThemeSection(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: 'The section id' }) id: string,
    @Arg('input', { description: "The section's new settings" }) input: UpdateThemeSectionInput,
  ) {
    return this.s.theme.updateSection(ctx, id, input.settings);
  }

  @Authorized('admin')
  @Mutation(() => ThemeType, { description: 'ids: every section exactly once, in the new order' })
  reorderThemeSections(
    @Ctx() ctx: RequestContext,
    @Arg('ids', () => [String], { description: 'Every section id exactly once, in the new order' }) ids: string[],
  ) {
    return this.s.theme.reorderSections(ctx, ids);
  }

  @Authorized('admin')
  @Mutation(() => ThemeType, { description: 'Removes a section from the layout' })
  removeThemeSection(@Ctx() ctx: RequestContext, @Arg('id', { description: 'The section id' }) id: string) {
    return this.s.theme.removeSection(ctx, id);
  }
}
