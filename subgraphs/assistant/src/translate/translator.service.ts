import { DomainError, SecretBox, checkOutboundUrl, requireTenant, systemClock, type Clock, type RequestContext, type Store } from '@svc/kit';
import { ProviderSetting } from '../entities/provider-setting.entity';
import type { CreditService } from '../services/credit.service';
import type { ProviderService } from '../services/provider.service';
import type { SkillService } from '../services/skill.service';
import { deeplTranslate, TranslateError } from './deepl';
import type { AdminLocale, TranslationProviderInput } from './translate.input';

const KIND = 'translation';
const KEY_PURPOSE = 'assistant.deepl_key';
/** what a translation is charged at (the translator skill's tier) */
const TIER = 'fast' as const;
const SKILL = 'translator';

type TranslationEngine = 'deepl' | 'language_model';

interface TranslationProviderView {
  kind: string;
  provider: string;
  base_url: string;
  /** the key's last four characters, never the key */
  api_key_hint: string;
  enabled: boolean;
  updated_at: string;
}

interface TranslationView {
  text: string;
  target_locale: string;
  source_locale: string | null;
  provider: TranslationEngine;
  credits: number;
}

/** DeepL's API root for a key: free keys end in `:fx`. */
const deeplBaseUrl = (key: string) => (key.endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com');

/** 503 provider_required: the store has no translation provider (never a made-up translation). */
const providerRequired = () =>
  new DomainError(
    'service_unavailable',
    'provider_required',
    'Translation needs a provider: configure the store’s DeepL key (configureAssistantTranslationProvider) or a language model (configureAssistantProvider); nothing was translated',
  );

const unavailable = (why: string) =>
  new DomainError('provider_error', 'provider_unavailable', `The translation provider is unavailable (${why}); nothing was changed`);

/** Placeholders that must come back untouched (`{name}`, `{{x}}`, `%s`, `%1$s`), as the DeepL adapter protects them. */
const PLACEHOLDER = /\{\{[^{}]*\}\}|\{[A-Za-z0-9_.]+\}|%(?:\d+\$)?[sd]/g;
const languageName = (locale: string) => new Intl.DisplayNames(['en'], { type: 'language' }).of(locale) ?? locale;

/**
 * Translation for the assistant: the store's DeepL key (kind `translation` of the provider
 * settings, sealed like the language model's), else the store's language model, else 503
 * provider_required. Provider failures are 502 provider_unavailable (provider_refused for a
 * refused key or a used-up quota); credits are spent only for a translation delivered.
 */
export class TranslatorService {
  private readonly box: SecretBox;

  constructor(
    private readonly store: Store,
    private readonly llm: ProviderService,
    private readonly credits: CreditService,
    private readonly skills: SkillService,
    secretsKey: string,
    private readonly production: boolean,
    private readonly timeoutMs: number,
    private readonly clock: Clock = systemClock,
  ) {
    this.box = new SecretBox(secretsKey);
  }

  /** Admin: saves the store's DeepL settings (a new key replaces the old; without one the saved key stays). */
  async configure(ctx: RequestContext, input: TranslationProviderInput): Promise<TranslationProviderView> {
    const tenantId = requireTenant(ctx);
    const saved = await this.store.transaction(ctx, async (em) => {
      const row = await em.findOne(ProviderSetting, { kind: KIND });
      const keySealed = input.api_key ? this.box.seal(input.api_key, KEY_PURPOSE) : row?.keySealed;
      if (!keySealed)
        throw new DomainError('validation_error', 'missing_field', 'api_key is required the first time', [
          { field: 'api_key', code: 'missing_field', message: 'api_key is required' },
        ]);
      // absent: the saved API root, else the one of the key's kind
      const base = input.base_url ?? row?.baseUrl ?? deeplBaseUrl(input.api_key ?? '');
      const baseUrl = checkOutboundUrl('base_url', base, this.production);
      const values = { baseUrl, models: { provider: 'deepl' }, keySealed, enabled: input.enabled ?? true, updatedAt: new Date(this.clock.now()) };
      if (row) return Object.assign(row, values);
      return em.create(ProviderSetting, { tenantId, kind: KIND, ...values });
    });
    return this.view(saved);
  }

  async get(ctx: RequestContext): Promise<TranslationProviderView | null> {
    requireTenant(ctx);
    const row = await this.store.em(ctx).findOne(ProviderSetting, { kind: KIND });
    return row ? this.view(row) : null;
  }

  /** Which provider translates for the store now (DeepL first), or null: none configured. */
  async engine(ctx: RequestContext): Promise<TranslationEngine | null> {
    if (await this.deepl(ctx)) return 'deepl';
    return (await this.llm.configured(ctx)) ? 'language_model' : null;
  }

  /** The provider that translates for the store, or 503 provider_required. */
  async requireEngine(ctx: RequestContext): Promise<TranslationEngine> {
    const engine = await this.engine(ctx);
    if (!engine) throw providerRequired();
    return engine;
  }

  /** 403 skill_disabled when the operator took the translator skill away from the store. */
  async assertEnabled(ctx: RequestContext): Promise<void> {
    if (!(await this.skills.enabledIds(ctx)).has(SKILL))
      throw new DomainError('permission_error', 'skill_disabled', 'The translator skill is disabled for this store (the platform operator decides)');
  }

  /** What one translation costs in credits. */
  cost(): number {
    return this.credits.cost(TIER);
  }

  /**
   * Translates texts into one locale with the store's provider, in order. Throws 503
   * provider_required (no provider), 502 provider_unavailable / provider_refused.
   */
  async translateTexts(
    ctx: RequestContext,
    texts: string[],
    target: AdminLocale,
    source?: string | null,
  ): Promise<{ texts: string[]; provider: TranslationEngine }> {
    const deepl = await this.deepl(ctx);
    if (deepl) {
      try {
        const out = await deeplTranslate({
          baseUrl: deepl.baseUrl,
          apiKey: this.box.open(deepl.keySealed, KEY_PURPOSE),
          texts,
          targetLocale: target,
          sourceLocale: source ?? undefined,
          timeoutMs: this.timeoutMs,
        });
        return { texts: out, provider: 'deepl' };
      } catch (err) {
        if (!(err instanceof TranslateError)) throw err;
        ctx.log.warn({ why: err.message, status: err.status }, 'assistant: DeepL failed');
        if (err.kind === 'refused')
          throw new DomainError('provider_error', 'provider_refused', `The translation provider refused the request (${err.message}); nothing was changed`);
        throw unavailable(err.message);
      }
    }
    if (!(await this.llm.configured(ctx))) throw providerRequired();
    const out: string[] = [];
    for (const text of texts) out.push(await this.withModel(ctx, text, target, source ?? null));
    return { texts: out, provider: 'language_model' };
  }

  /** POST /admin/ai/translate: one text, charged one call of the translator's tier once it is translated. */
  async translate(ctx: RequestContext, text: string, target: AdminLocale, source: AdminLocale | null): Promise<TranslationView> {
    await this.assertEnabled(ctx);
    await this.requireEngine(ctx);
    await this.credits.assertCanSpend(ctx, TIER);
    const { texts, provider } = await this.translateTexts(ctx, [text], target, source);
    await this.credits.spend(ctx, TIER, SKILL);
    return { text: texts[0], target_locale: target, source_locale: source, provider, credits: this.cost() };
  }

  /**
   * The language model as translator: placeholders become numbered markers (⟦0⟧) it is told to
   * keep, and must all come back once each; a model that loses one failed (502).
   */
  private async withModel(ctx: RequestContext, text: string, target: string, source: string | null): Promise<string> {
    const kept: string[] = [];
    const masked = text.replace(PLACEHOLDER, (m) => `⟦${kept.push(m) - 1}⟧`);
    const answer = await this.llm.complete(
      ctx,
      TIER,
      [
        {
          role: 'system',
          content: `You translate texts of an online store${source ? ` from ${languageName(source)}` : ''} into ${languageName(target)} (${target}). Answer with the translation only. Keep HTML tags and attributes, Markdown syntax, URLs and every marker like ⟦0⟧ exactly as they are.`,
        },
        { role: 'user', content: masked },
      ],
      [],
    );
    if (!answer) throw unavailable('the language model’s circuit breaker is open');
    let out = answer.content.trim();
    for (const [i, original] of kept.entries()) {
      const marker = `⟦${i}⟧`;
      if (out.split(marker).length !== 2) throw unavailable(`the language model did not keep the placeholder ${original}`);
      out = out.replace(marker, () => original);
    }
    if (!out) throw unavailable('the language model answered nothing');
    return out;
  }

  private async deepl(ctx: RequestContext): Promise<ProviderSetting | null> {
    requireTenant(ctx);
    const row = await this.store.em(ctx).findOne(ProviderSetting, { kind: KIND });
    return row?.enabled ? row : null;
  }

  private view(row: ProviderSetting): TranslationProviderView {
    let key = '';
    try {
      key = this.box.open(row.keySealed, KEY_PURPOSE);
    } catch {
      key = '';
    }
    return {
      kind: row.kind,
      provider: 'deepl',
      base_url: row.baseUrl,
      api_key_hint: key ? `…${key.slice(-4)}` : '',
      enabled: row.enabled,
      updated_at: row.updatedAt.toISOString(),
    };
  }
}
