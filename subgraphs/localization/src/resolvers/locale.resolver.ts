import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { LocalizationServices } from '../services';
import { LocaleType } from '../types/localization.type';
import { AddLocaleInput, UpdateLocaleInput } from '../inputs/locale.input';

/** The store's locales: anyone with the key reads them, admins change them. */
@Resolver(() => LocaleType)
export class LocaleResolver {
  constructor(private readonly s: LocalizationServices) {}

  @Query(() => [LocaleType], { description: 'Enabled locales, in switcher order; one is the default' })
  locales(@Ctx() ctx: RequestContext) {
    return this.s.locales.list(ctx);
  }

  @Authorized('admin')
  @Mutation(() => LocaleType, { description: 'Enables a locale (the first one becomes the default)' })
  addLocale(@Ctx() ctx: RequestContext, @Arg('input', { description: 'The locale to enable' }) input: AddLocaleInput) {
    return this.s.locales.add(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => LocaleType, { description: "Changes a locale's name, direction or position" })
  updateLocale(
    @Ctx() ctx: RequestContext,
    @Arg('code', { description: "The locale's BCP 47 tag" }) code: string,
    @Arg('input', { description: 'The fields to change' }) input: UpdateLocaleInput,
  ) {
    return this.s.locales.update(ctx, code, input);
  }

  @Authorized('admin')
  @Mutation(() => LocaleType, { description: 'Removes a locale; the default: 409 default_locale' })
  removeLocale(@Ctx() ctx: RequestContext, @Arg('code', { description: "The locale's BCP 47 tag" }) code: string) {
    return this.s.locales.remove(ctx, code);
  }

  @Authorized('admin')
  @Mutation(() => LocaleType, { description: 'Makes the locale the default (the previous default stops being one)' })
  setDefaultLocale(@Ctx() ctx: RequestContext, @Arg('code', { description: "The locale's BCP 47 tag" }) code: string) {
    return this.s.locales.setDefault(ctx, code);
  }
}
