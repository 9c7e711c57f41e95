import { DomainError, SecretBox, checkOutboundUrl, requireTenant, systemClock, type Clock, type GraphClient, type RequestContext, type Store } from '@svc/kit';
import { AiJob } from '../entities/ai-job.entity';
import { ProviderSetting } from '../entities/provider-setting.entity';
import { assistantEvents } from '../events';
import { AssistantLocalesDocument, AssistantTranslatePostDocument, AssistantUploadMediaDocument } from '../ports/generated';
import { detached, jobView, ownerContext, type AiJobService, type AiJobView } from '../services/ai-job.service';
import type { CreditService } from '../services/credit.service';
import { actingAs, ownerOf } from '../services/plan.service';
import type { SkillService } from '../services/skill.service';
import type { ModelTier } from '../skills/catalog';
import { ESPEAK_VOICES, type EspeakEngine } from './espeak';
import { SpeechError, synthesizeSpeech } from './speech';
import { chunksOf, plainTextOf } from './text';
import type { SpeechProviderInput, VoiceBlogInput } from './voice.input';
import { concatWav, durationOf, parseWav } from './wav';

const KIND = 'speech';
const KEY_PURPOSE = 'assistant.speech_key';
const SKILL = 'voice-producer';
/** the longest chunk a voiceover sends at once (sentences are never split below it) */
const CHUNK_CHARS = 400;

type SpeechEngine = 'espeak' | 'speech_provider';

interface SpeechProviderView {
  kind: string;
  base_url: string;
  model: string;
  voice: string;
  api_key_hint: string;
  enabled: boolean;
  updated_at: string;
}

interface ChunkAudioView {
  content_base64: string;
  mime_type: string;
  engine: SpeechEngine;
  voice: string;
  duration_seconds: number;
  credits: number;
}

const rounded = (s: number) => Math.round(s * 1000) / 1000;

/**
 * Voiceovers: text to speech with the store's speech provider (an OpenAI-compatible speech API,
 * the key sealed) or, without one, offline with eSpeak NG (WebAssembly, no network). A chunk is
 * synthesised on demand; a post's voiceover is a job: its text split into chunks at sentence
 * boundaries, each synthesised (progress per chunk), joined into one WAV file and stored as a media
 * asset of the store. A chunk costs one call: the voice-producer's tier with the provider, `fast`
 * offline; credits are spent once the audio is stored, never for a failure.
 */
export class VoiceService {
  private readonly box: SecretBox;

  constructor(
    private readonly store: Store,
    private readonly espeak: EspeakEngine,
    private readonly credits: CreditService,
    private readonly skills: SkillService,
    private readonly jobs: AiJobService,
    private readonly graph: () => GraphClient | undefined,
    secretsKey: string,
    private readonly production: boolean,
    private readonly timeoutMs: number,
    private readonly clock: Clock = systemClock,
  ) {
    this.box = new SecretBox(secretsKey);
  }

  /** Admin: saves the store's speech provider (a new key replaces the old; without one the saved key stays). */
  async configure(ctx: RequestContext, input: SpeechProviderInput): Promise<SpeechProviderView> {
    const tenantId = requireTenant(ctx);
    const baseUrl = checkOutboundUrl('base_url', input.base_url, this.production);
    const saved = await this.store.transaction(ctx, async (em) => {
      const row = await em.findOne(ProviderSetting, { kind: KIND });
      const keySealed = input.api_key ? this.box.seal(input.api_key, KEY_PURPOSE) : row?.keySealed;
      if (!keySealed)
        throw new DomainError('validation_error', 'missing_field', 'api_key is required the first time', [
          { field: 'api_key', code: 'missing_field', message: 'api_key is required' },
        ]);
      const values = {
        baseUrl,
        models: { model: input.model, voice: input.voice },
        keySealed,
        enabled: input.enabled ?? true,
        updatedAt: new Date(this.clock.now()),
      };
      if (row) return Object.assign(row, values);
      return em.create(ProviderSetting, { tenantId, kind: KIND, ...values });
    });
    return this.view(saved);
  }

  async get(ctx: RequestContext): Promise<SpeechProviderView | null> {
    requireTenant(ctx);
    const row = await this.store.em(ctx).findOne(ProviderSetting, { kind: KIND });
    return row ? this.view(row) : null;
  }

  /** POST /admin/ai/voice/synthesize-chunk: one chunk's audio, charged once it is made. */
  async synthesizeChunk(ctx: RequestContext, text: string, voice: string | null, locale: string | null): Promise<ChunkAudioView> {
    await this.assertEnabled(ctx);
    const provider = await this.provider(ctx);
    const tier = this.tierOf(provider);
    await this.credits.assertCanSpend(ctx, tier);
    const { wav, engine, voice: used } = await this.synthesize(ctx, provider, text, voice, locale);
    await this.credits.spend(ctx, tier, SKILL);
    return {
      content_base64: wav.toString('base64'),
      mime_type: 'audio/wav',
      engine,
      voice: used,
      duration_seconds: rounded(durationOf(parseWav(wav))),
      credits: this.credits.cost(tier),
    };
  }

  /** POST /admin/ai/voice/blog: checks what can be checked at once (the post in the caller's store: 404), then queues the job. */
  async requestBlog(ctx: RequestContext, input: VoiceBlogInput): Promise<AiJobView> {
    const tenantId = requireTenant(ctx);
    const owner = ownerOf(ctx);
    await this.assertEnabled(ctx);
    const as = actingAs(ctx);
    const { locale, chunks } = await this.postText(as, input.post_id, input.locale ?? null);
    const provider = await this.provider(ctx);
    const tier = this.tierOf(provider);
    const cost = this.credits.cost(tier) * chunks.length;
    const balance = await this.credits.balance(ctx);
    if (balance.balance < cost)
      throw new DomainError(
        'permission_error',
        'insufficient_credits',
        `The store's assistant credits are used up (${balance.balance} left, this voiceover of ${chunks.length} chunks costs ${cost}); the allowance renews on the first of next month, or top up`,
      );
    const now = new Date(this.clock.now());
    const job = await this.store.transaction(ctx, async (em, tx) => {
      const row = em.create(AiJob, {
        tenantId,
        kind: 'voice',
        owner,
        input: { post_id: input.post_id, locale, voice: input.voice ?? null },
        total: chunks.length,
        createdAt: now,
        updatedAt: now,
      });
      assistantEvents.emit(em, tx, 'assistant.job_queued', { id: row.id, kind: row.kind });
      return row;
    });
    return jobView(job);
  }

  /**
   * Runs a queued voiceover (the job queue's handler). A provider failure or a refusal (the post
   * gone, the file too large for media) finishes the job `failed` with nothing stored and nothing
   * spent; anything else is thrown (the queue retries).
   */
  async run(ctx: RequestContext, id: string): Promise<void> {
    const tenantId = requireTenant(ctx);
    const job = await this.jobs.claim(ctx, id, 'voice');
    if (!job) return;
    const input = job.input as { post_id: string; locale: string; voice: string | null };
    const as = ownerContext(ctx, tenantId, job);
    try {
      const { chunks, slug } = await this.postText(as, input.post_id, input.locale);
      const provider = await this.provider(ctx);
      const tier = this.tierOf(provider);
      const parts: Buffer[] = [];
      let engine: SpeechEngine = 'espeak';
      let voice = '';
      for (const [i, chunk] of chunks.entries()) {
        const out = await this.synthesize(ctx, provider, chunk, input.voice, input.locale);
        ({ engine, voice } = out);
        parts.push(out.wav);
        await this.jobs.update(ctx, id, { progress: i + 1, total: chunks.length });
      }
      const wav = concatWav(parts);
      // pay and store together: the credits roll back when media refuses the file
      const media = await this.store.transaction(detached(ctx), async (_em, tx) => {
        for (let k = 0; k < parts.length; k++) await this.credits.spend(tx, tier, SKILL);
        return (
          await this.graph()!.execute(as, AssistantUploadMediaDocument, {
            input: { filename: `voiceover-${slug}-${input.locale}.wav`, content_base64: wav.toString('base64'), title: `Voiceover: ${slug} (${input.locale})` },
          })
        ).uploadMedia;
      });
      await this.jobs.finish(ctx, id, {
        result: {
          media_id: media.id,
          url: media.url,
          mime_type: media.mime_type,
          size: media.size,
          duration_seconds: rounded(durationOf(parseWav(wav))),
          chunks: parts.length,
          engine,
          voice,
          locale: input.locale,
          credits: this.credits.cost(tier) * parts.length,
        },
      });
    } catch (err) {
      if (!(err instanceof DomainError) || err.type === 'api_error') throw err;
      ctx.log.info({ job: id, code: err.code }, 'assistant: voiceover failed; nothing was stored');
      await this.jobs.finish(ctx, id, { error: { type: err.type, code: err.code, message: err.message } });
    }
  }

  stop(): Promise<void> {
    return this.espeak.stop();
  }

  private async synthesize(
    ctx: RequestContext,
    provider: ProviderSetting | null,
    text: string,
    voice: string | null,
    locale: string | null,
  ): Promise<{ wav: Buffer; engine: SpeechEngine; voice: string }> {
    if (provider) {
      const used = voice ?? provider.models.voice;
      try {
        const wav = await synthesizeSpeech({
          baseUrl: provider.baseUrl,
          apiKey: this.box.open(provider.keySealed, KEY_PURPOSE),
          model: provider.models.model,
          voice: used,
          input: text,
          timeoutMs: this.timeoutMs,
        });
        return { wav, engine: 'speech_provider', voice: used };
      } catch (err) {
        if (!(err instanceof SpeechError)) throw err;
        ctx.log.warn({ why: err.message, status: err.status }, 'assistant: the speech provider failed');
        if (err.kind === 'refused')
          throw new DomainError('provider_error', 'provider_refused', `The speech provider refused the request (${err.message}); nothing was changed`);
        throw new DomainError('provider_error', 'provider_unavailable', `The speech provider is unavailable (${err.message}); nothing was changed`);
      }
    }
    const used = voice ?? ESPEAK_VOICES[locale ?? 'en'] ?? 'en';
    try {
      return { wav: await this.espeak.synthesize(text, used), engine: 'espeak', voice: used };
    } catch (err) {
      ctx.log.warn({ why: (err as Error).message, voice: used }, 'assistant: eSpeak NG failed');
      throw new DomainError('validation_error', 'voice_unavailable', `The offline voice "${used}" could not speak this text (${(err as Error).message})`);
    }
  }

  /** The post's text in a locale (asked; else the store's default; else its first variant), in chunks; 404 for another store's post. */
  private async postText(as: RequestContext, postId: string, asked: string | null): Promise<{ locale: string; chunks: string[]; slug: string }> {
    const g = this.graph()!;
    const post = (await g.execute(as, AssistantTranslatePostDocument, { id: postId })).adminBlogPost;
    let variant = asked ? post.variants.find((v) => v.locale === asked) : undefined;
    if (asked && !variant)
      throw new DomainError(
        'validation_error',
        'locale_not_found',
        `The post has no ${asked} variant (it has ${post.variants.map((v) => v.locale).join(', ')})`,
        [{ field: 'locale', code: 'locale_not_found', message: `no ${asked} variant` }],
      );
    if (!variant) {
      const defaultLocale = (await g.execute(as, AssistantLocalesDocument, {})).locales.find((l) => l.is_default)?.code;
      variant = post.variants.find((v) => v.locale === defaultLocale) ?? post.variants[0];
    }
    const text = variant ? plainTextOf(`<h1>${variant.title.replace(/</g, '&lt;')}</h1>${variant.html}`) : '';
    const chunks = chunksOf(text, CHUNK_CHARS);
    if (!variant || !chunks.length) throw new DomainError('validation_error', 'nothing_to_read', 'The post has no text to read');
    return { locale: variant.locale, chunks, slug: post.slug };
  }

  private async assertEnabled(ctx: RequestContext): Promise<void> {
    if (!(await this.skills.enabledIds(ctx)).has(SKILL))
      throw new DomainError('permission_error', 'skill_disabled', 'The voice-producer skill is disabled for this store (the platform operator decides)');
  }

  /** A chunk's tier: the voice-producer's with the provider, `fast` offline (as offline chat turns). */
  private tierOf(provider: ProviderSetting | null): ModelTier {
    return provider ? 'standard' : 'fast';
  }

  private async provider(ctx: RequestContext): Promise<ProviderSetting | null> {
    requireTenant(ctx);
    const row = await this.store.em(ctx).findOne(ProviderSetting, { kind: KIND });
    return row?.enabled ? row : null;
  }

  private view(row: ProviderSetting): SpeechProviderView {
    let key = '';
    try {
      key = this.box.open(row.keySealed, KEY_PURPOSE);
    } catch {
      key = '';
    }
    return {
      kind: row.kind,
      base_url: row.baseUrl,
      model: row.models.model ?? '',
      voice: row.models.voice ?? '',
      api_key_hint: key ? `…${key.slice(-4)}` : '',
      enabled: row.enabled,
      updated_at: row.updatedAt.toISOString(),
    };
  }
}
