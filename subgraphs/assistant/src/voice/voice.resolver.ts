import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { validated, type RequestContext } from '@svc/kit';
import type { AssistantServices } from '../services';
import { AssistantJobType } from '../translate/translate.type';
import { adminLocaleSchema } from '../translate/translate.input';
import { AssistantSpeechProviderInput, chunkTextSchema, speechProviderSchema, voiceBlogBody, voiceSchema } from './voice.input';
import { AssistantChunkAudioType, AssistantSpeechProviderType } from './voice.type';

/** The assistant's voice: one chunk on demand, a post's voiceover (a job), the store's speech provider. */
@Resolver()
export class VoiceResolver {
  constructor(private readonly s: AssistantServices) {}

  @Authorized('admin', 'agent')
  @Mutation(() => AssistantChunkAudioType, {
    description:
      "Synthesises one chunk of text (WAV) with the store's speech provider, or offline with eSpeak NG (502 provider_unavailable; 403 insufficient_credits)",
  })
  assistantSynthesizeChunk(
    @Ctx() ctx: RequestContext,
    @Arg('text') text: string,
    @Arg('voice', () => String, { nullable: true }) voice: string | null,
    @Arg('locale', () => String, { nullable: true }) locale: string | null,
  ) {
    return this.s.voice.synthesizeChunk(
      ctx,
      validated(chunkTextSchema, text, 'text'),
      voice == null ? null : validated(voiceSchema, voice, 'voice'),
      locale == null ? null : validated(adminLocaleSchema, locale, 'locale'),
    );
  }

  @Authorized('admin', 'agent')
  @Mutation(() => AssistantJobType, {
    description:
      'Queues the voiceover of a blog post: a job (assistantJob) whose result, once succeeded, names the WAV media asset and its URL (404 for another store’s post)',
  })
  voiceAssistantBlogPost(
    @Ctx() ctx: RequestContext,
    @Arg('post_id') postId: string,
    @Arg('voice', () => String, { nullable: true }) voice: string | null,
    @Arg('locale', () => String, { nullable: true }) locale: string | null,
  ) {
    return this.s.voice.requestBlog(ctx, validated(voiceBlogBody, { post_id: postId, voice: voice ?? undefined, locale: locale ?? undefined }, 'input'));
  }

  @Authorized('admin')
  @Query(() => AssistantSpeechProviderType, {
    nullable: true,
    description: "The store's speech provider (the key is never shown); null: offline voice (eSpeak NG)",
  })
  assistantSpeechProvider(@Ctx() ctx: RequestContext) {
    return this.s.voice.get(ctx);
  }

  @Authorized('admin')
  @Mutation(() => AssistantSpeechProviderType, {
    description: "Saves the store's speech provider: an OpenAI-compatible speech API, its model, default voice and key (stored sealed)",
  })
  configureAssistantSpeechProvider(@Ctx() ctx: RequestContext, @Arg('input', () => AssistantSpeechProviderInput) input: AssistantSpeechProviderInput) {
    return this.s.voice.configure(ctx, validated(speechProviderSchema, input, 'input'));
  }
}
