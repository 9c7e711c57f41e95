import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { z } from 'zod';
import { validated, type RequestContext } from '@svc/kit';
import type { AssistantServices } from '../services';
import {
  AssistantTranslateResourceInput,
  AssistantTranslationProviderInput,
  adminLocaleSchema,
  translateResourceSchema,
  translateTextSchema,
  translationProviderSchema,
} from './translate.input';
import { AssistantJobType, AssistantTranslationProviderType, AssistantTranslationType } from './translate.type';

const jobIdSchema = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[a-z]+_[0-9A-Za-z]+$/, 'id is a job id (aijob_…)');

/** The assistant's translation: one text, a resource into several locales (a job), the store's DeepL settings. */
@Resolver()
export class TranslateResolver {
  constructor(private readonly s: AssistantServices) {}

  @Authorized('admin', 'agent')
  @Mutation(() => AssistantTranslationType, {
    description:
      "Translates a text into one of the 11 admin locales with the store's DeepL key or language model (503 provider_required without one; 502 provider_unavailable; 403 insufficient_credits)",
  })
  assistantTranslate(
    @Ctx() ctx: RequestContext,
    @Arg('text') text: string,
    @Arg('target_locale') targetLocale: string,
    @Arg('source_locale', () => String, { nullable: true }) sourceLocale: string | null,
  ) {
    return this.s.translator.translate(
      ctx,
      validated(translateTextSchema, text, 'text'),
      validated(adminLocaleSchema, targetLocale, 'target_locale'),
      sourceLocale == null ? null : validated(adminLocaleSchema, sourceLocale, 'source_locale'),
    );
  }

  @Authorized('admin', 'agent')
  @Mutation(() => AssistantJobType, {
    description:
      "Queues the translation of a product, collection, page, post, event or tour into the store's enabled admin locales (or those named): a job whose progress assistantJob shows; the results become translation overrides, all at once",
  })
  translateAssistantResource(@Ctx() ctx: RequestContext, @Arg('input', () => AssistantTranslateResourceInput) input: AssistantTranslateResourceInput) {
    return this.s.translation.request(ctx, validated(translateResourceSchema, input, 'input'));
  }

  @Authorized('admin', 'agent')
  @Query(() => AssistantJobType, { description: "An assistant job of the store: status, progress of total, result or error (another store's: 404)" })
  assistantJob(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.jobs.get(ctx, validated(jobIdSchema, id, 'id'));
  }

  @Authorized('admin', 'agent')
  @Query(() => [AssistantJobType], { description: "The store's latest assistant jobs, newest first" })
  assistantJobs(@Ctx() ctx: RequestContext, @Arg('limit', () => Int, { nullable: true }) limit: number | null) {
    return this.s.jobs.list(ctx, validated(z.number().int().min(1).max(100), limit ?? 20, 'limit'));
  }

  @Authorized('admin')
  @Query(() => AssistantTranslationProviderType, { nullable: true, description: "The store's DeepL settings (the key is never shown); null when none" })
  assistantTranslationProvider(@Ctx() ctx: RequestContext) {
    return this.s.translator.get(ctx);
  }

  @Authorized('admin')
  @Mutation(() => AssistantTranslationProviderType, { description: "Saves the store's DeepL API key (stored sealed) and API root" })
  configureAssistantTranslationProvider(
    @Ctx() ctx: RequestContext,
    @Arg('input', () => AssistantTranslationProviderInput) input: AssistantTranslationProviderInput,
  ) {
    return this.s.translator.configure(ctx, validated(translationProviderSchema, input, 'input'));
  }
}
