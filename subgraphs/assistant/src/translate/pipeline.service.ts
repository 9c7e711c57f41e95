import { DomainError, requireTenant, systemClock, type Clock, type GraphClient, type RequestContext, type Store } from '@svc/kit';
import { AiJob } from '../entities/ai-job.entity';
import { assistantEvents } from '../events';
import {
  AssistantLocalesDocument,
  AssistantSetTranslationsDocument,
  AssistantTranslateCollectionDocument,
  AssistantTranslateEventDocument,
  AssistantTranslatePageDocument,
  AssistantTranslatePostDocument,
  AssistantTranslateProductDocument,
  AssistantTranslateTourDocument,
} from '../ports/generated';
import { detached, jobView, ownerContext, type AiJobService, type AiJobView } from '../services/ai-job.service';
import type { CreditService } from '../services/credit.service';
import { actingAs, ownerOf } from '../services/plan.service';
import { ADMIN_LOCALES, type AdminLocale, type TranslatableResource, type TranslateResourceInput } from './translate.input';
import type { TranslatorService } from './translator.service';

/** localization's resource type of each translatable resource */
const OVERRIDE_TYPE: Record<TranslatableResource, string> = {
  product: 'product',
  collection: 'product_collection',
  page: 'page',
  post: 'blog_post',
  event: 'event',
  tour: 'tour',
};

interface SourceText {
  /** localization's resource type */
  resourceType: string;
  /** translatable field -> the store's own text (blank fields left out) */
  fields: Record<string, string>;
}

const kept = (fields: Record<string, string | null | undefined>): Record<string, string> =>
  Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== ''));

/**
 * The translation pipeline: a resource (product, collection, page, post, event, tour) into
 * several of the 11 admin locales, stored as the store's translation overrides in localization.
 * Asking checks everything that can be checked at once (the provider, the skill, the locales
 * enabled in the store, the resource in the caller's store: 404 otherwise, the credits) and
 * queues a job (`assistant.job_queued`, run from the job queue) whose progress counts translated
 * locales. The results are written in one `setTranslations` call once every locale is
 * translated, so a provider failure leaves nothing half-written; the credits (one call of the
 * translator's tier per locale) are spent in the same step.
 */
export class TranslationPipeline {
  constructor(
    private readonly store: Store,
    private readonly translator: TranslatorService,
    private readonly credits: CreditService,
    private readonly jobs: AiJobService,
    private readonly graph: () => GraphClient | undefined,
    private readonly clock: Clock = systemClock,
  ) {}

  async request(ctx: RequestContext, input: TranslateResourceInput): Promise<AiJobView> {
    const tenantId = requireTenant(ctx);
    const owner = ownerOf(ctx);
    await this.translator.assertEnabled(ctx);
    await this.translator.requireEngine(ctx);
    const as = actingAs(ctx);
    const { targets, defaultLocale } = await this.targets(as, input.locales ?? null);
    const source = await this.source(as, input.resource_type, input.resource_id, defaultLocale);
    if (!Object.keys(source.fields).length)
      throw new DomainError('validation_error', 'nothing_to_translate', `The ${input.resource_type} has no text to translate`);
    const cost = this.translator.cost() * targets.length;
    const balance = await this.credits.balance(ctx);
    if (balance.balance < cost)
      throw new DomainError(
        'permission_error',
        'insufficient_credits',
        `The store's assistant credits are used up (${balance.balance} left, translating into ${targets.length} locales costs ${cost}); the allowance renews on the first of next month, or top up`,
      );
    const now = new Date(this.clock.now());
    const job = await this.store.transaction(ctx, async (em, tx) => {
      const row = em.create(AiJob, {
        tenantId,
        kind: 'translate',
        owner,
        input: { resource_type: input.resource_type, resource_id: input.resource_id, locales: targets, source_locale: defaultLocale },
        total: targets.length,
        createdAt: now,
        updatedAt: now,
      });
      assistantEvents.emit(em, tx, 'assistant.job_queued', { id: row.id, kind: row.kind });
      return row;
    });
    return jobView(job);
  }

  /**
   * Runs a queued translation job (the job queue's handler of `assistant.job_queued`; a job
   * already finished is left alone). A provider failure, a refusal or a resource gone since
   * finishes the job `failed` with the error and writes nothing; anything else is thrown (the
   * queue retries).
   */
  async run(ctx: RequestContext, id: string): Promise<void> {
    const tenantId = requireTenant(ctx);
    const job = await this.jobs.claim(ctx, id, 'translate');
    if (!job) return;
    const input = job.input as { resource_type: TranslatableResource; resource_id: string; locales: AdminLocale[]; source_locale: string | null };
    const as = ownerContext(ctx, tenantId, job);
    try {
      const source = await this.source(as, input.resource_type, input.resource_id, input.source_locale);
      const names = Object.keys(source.fields);
      const rows: Array<{ resource_type: string; resource_id: string; locale: string; fields: Record<string, string> }> = [];
      let provider = '';
      for (const [i, locale] of input.locales.entries()) {
        const out = await this.translator.translateTexts(as, Object.values(source.fields), locale, input.source_locale);
        provider = out.provider;
        rows.push({
          resource_type: source.resourceType,
          resource_id: input.resource_id,
          locale,
          fields: Object.fromEntries(names.map((n, k) => [n, out.texts[k]])),
        });
        await this.jobs.update(ctx, id, { progress: i + 1 });
      }
      // pay and write together: the overrides of every locale in one call (all or none), the credits rolled back if it fails
      await this.store.transaction(detached(ctx), async (_em, tx) => {
        for (let k = 0; k < rows.length; k++) await this.credits.spend(tx, 'fast', 'translator');
        await this.graph()!.execute(as, AssistantSetTranslationsDocument, { input: rows });
      });
      await this.jobs.finish(ctx, id, {
        result: { provider, resource_type: source.resourceType, locales: input.locales, fields: names, credits: this.translator.cost() * rows.length },
      });
    } catch (err) {
      if (!(err instanceof DomainError) || err.type === 'api_error') throw err;
      ctx.log.info({ job: id, code: err.code }, 'assistant: translation job failed; nothing was written');
      await this.jobs.finish(ctx, id, { error: { type: err.type, code: err.code, message: err.message } });
    }
  }

  /** The target locales: enabled in the store, of the 11 admin locales, not the default (400 otherwise). */
  private async targets(as: RequestContext, asked: AdminLocale[] | null): Promise<{ targets: AdminLocale[]; defaultLocale: string | null }> {
    const { locales } = await this.graph()!.execute(as, AssistantLocalesDocument, {});
    const defaultLocale = locales.find((l) => l.is_default)?.code ?? null;
    const enabled = new Set(locales.filter((l) => !l.is_default).map((l) => l.code));
    const targets = asked ?? ADMIN_LOCALES.filter((l) => enabled.has(l));
    const refused = targets.filter((l) => !enabled.has(l));
    if (refused.length)
      throw new DomainError(
        'validation_error',
        'locale_not_enabled',
        `Translations are stored for the store's enabled locales other than its default (${defaultLocale ?? 'none'}): ${refused.join(', ')} ${refused.length === 1 ? 'is' : 'are'} not one; add the locale first`,
        [{ field: 'locales', code: 'locale_not_enabled', message: `not an enabled locale other than the default: ${refused.join(', ')}` }],
      );
    if (!targets.length)
      throw new DomainError(
        'validation_error',
        'locale_not_enabled',
        'The store has no enabled admin locale besides its default to translate into; add one first',
      );
    return { targets, defaultLocale };
  }

  /** The resource's own texts, asked as the caller (another store's or an unknown id: 404). */
  private async source(as: RequestContext, type: TranslatableResource, id: string, defaultLocale: string | null): Promise<SourceText> {
    const g = this.graph()!;
    const resourceType = OVERRIDE_TYPE[type];
    const variant = <V extends { locale: string }>(variants: V[]): V | undefined => variants.find((v) => v.locale === defaultLocale) ?? variants[0];
    switch (type) {
      case 'product': {
        const p = (await g.execute(as, AssistantTranslateProductDocument, { id })).adminProduct;
        return { resourceType, fields: kept({ title: p.title, subtitle: p.subtitle, description: p.description, material: p.material }) };
      }
      case 'collection':
        return { resourceType, fields: kept({ title: (await g.execute(as, AssistantTranslateCollectionDocument, { id })).collection.title }) };
      case 'post': {
        const v = variant((await g.execute(as, AssistantTranslatePostDocument, { id })).adminBlogPost.variants);
        return {
          resourceType,
          fields: v ? kept({ title: v.title, excerpt: v.excerpt, body: v.body, seo_title: v.seo_title, seo_description: v.seo_description }) : {},
        };
      }
      case 'page': {
        const v = variant((await g.execute(as, AssistantTranslatePageDocument, { id })).adminPage.variants);
        return { resourceType, fields: v ? kept({ title: v.title, body: v.body, seo_title: v.seo_title, seo_description: v.seo_description }) : {} };
      }
      case 'event': {
        const e = (await g.execute(as, AssistantTranslateEventDocument, { id })).adminEvent;
        return { resourceType, fields: kept({ title: e.title, subtitle: e.subtitle, description: e.description }) };
      }
      case 'tour': {
        const t = (await g.execute(as, AssistantTranslateTourDocument, { id })).adminTour;
        return { resourceType, fields: kept({ title: t.title, summary: t.summary, description: t.description }) };
      }
    }
  }
}
