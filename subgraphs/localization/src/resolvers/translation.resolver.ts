import { Arg, Args, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { LocalizationServices } from '../services';
import { StoreTranslationsType, TranslationListType, TranslationOverlayType, TranslationType } from '../types/localization.type';
import { SetTranslationInput, StoreTranslationsArgs, TranslationKeysInput, TranslationListArgs } from '../inputs/translation.input';

/** Translation overrides: the storefront reads them in bulk, admins set them, catalog and content lay them over what they serve. */
@Resolver(() => TranslationType)
export class TranslationResolver {
  constructor(private readonly s: LocalizationServices) {}

  @Query(() => StoreTranslationsType, {
    description: 'Overrides of a resource type in the requested locale (argument, else x-medusa-locale / accept-language), with language fallback',
  })
  storeTranslations(@Ctx() ctx: RequestContext, @Args() args: StoreTranslationsArgs) {
    return this.s.translations.forStore(ctx, args);
  }

  @Query(() => TranslationOverlayType, {
    description: 'Merged overrides of the named resources in a requested locale (what catalog and content lay over their answers)',
  })
  translationOverlay(
    @Ctx() ctx: RequestContext,
    @Arg('locale', { description: "The requested locale (BCP 47); falls back along the store's locales" }) locale: string,
    @Arg('keys', () => [TranslationKeysInput], { description: 'The resources, by type (at most 20 groups)' }) keys: TranslationKeysInput[],
  ) {
    return this.s.translations.overlay(ctx, { locale, keys: keys.map((k) => ({ resource_type: k.resource_type, ids: k.ids })) });
  }

  @Authorized('admin')
  @Query(() => TranslationListType, { description: 'Admin: overrides as stored, by resource type (and locale, ids)' })
  translations(@Ctx() ctx: RequestContext, @Args() args: TranslationListArgs) {
    return this.s.translations.list(ctx, args);
  }

  @Authorized('admin')
  @Mutation(() => [TranslationType], {
    description: 'Sets overrides of up to 500 resources at once (all or none); a field set to null is removed, a resource left with none is deleted',
  })
  setTranslations(
    @Ctx() ctx: RequestContext,
    @Arg('input', () => [SetTranslationInput], { description: 'The overrides, one entry per resource and locale' }) input: SetTranslationInput[],
  ) {
    return this.s.translations.set(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => Int, { description: 'Removes the overrides of a resource in one locale (all locales when omitted); answers how many were removed' })
  removeTranslations(
    @Ctx() ctx: RequestContext,
    @Arg('resource_type', { description: 'product, product_variant, product_collection, product_category, page or blog_post' }) resourceType: string,
    @Arg('resource_id', { description: 'The id of the resource' }) resourceId: string,
    @Arg('locale', () => String, { nullable: true, description: "Only this locale's overrides; all locales when omitted" }) locale?: string | null,
  ) {
    return this.s.translations.remove(ctx, resourceType, resourceId, locale ?? null);
  }
}
