import { requireTenant, systemContext, type GraphClient, type RequestContext, type Store } from '@svc/kit';
import { ProviderSetting } from '../entities/provider-setting.entity';
import { SocialAccount } from '../entities/social.entity';
import { AdChannel } from '../entities/metrics.entity';
import {
  AssistantBookingsModuleDocument,
  AssistantCatalogContextDocument,
  AssistantCommerceModuleDocument,
  AssistantContentModuleDocument,
  AssistantEventsModuleDocument,
  AssistantFormsModuleDocument,
  AssistantLocalesDocument,
  AssistantMarketingModuleDocument,
  AssistantMediaModuleDocument,
  AssistantQuotesModuleDocument,
  AssistantSubscriptionsModuleDocument,
  AssistantToursModuleDocument,
} from '../ports/generated';
import { SKILLS, type ModuleNeed, type ProviderNeed } from '../skills/catalog';
import type { ProviderService } from './provider.service';
import type { SkillService } from './skill.service';

interface ModuleView {
  id: ModuleNeed;
  available: boolean;
  configured: boolean;
  count: number | null;
}

interface ProviderView {
  id: ProviderNeed;
  configured: boolean;
}

interface StoreContextView {
  catalog: { products: number; collections: number; regions: number };
  currencies: string[];
  locale: string | null;
  locales: string[];
  modules: ModuleView[];
  providers: ProviderView[];
}

interface SetupStatusView {
  ready_count: number;
  enabled_count: number;
  skills: Array<{
    id: string;
    name: string;
    enabled: boolean;
    status: 'ready' | 'disabled' | 'awaiting_setup';
    awaiting_modules: string[];
    awaiting_providers: string[];
    works_offline: boolean;
  }>;
  providers: ProviderView[];
}

const PROVIDERS: ProviderNeed[] = ['language_model', 'image_generation', 'speech', 'translation', 'social_accounts', 'ad_channels'];

/**
 * The store context (catalog size, currencies, locales, configured modules) and the setup status of
 * every skill, from live data: each module is asked through its port, in parallel, with a
 * read-only admin context of the caller's store (the agent key may read what the store's admin reads
 * about its own setup; nothing here writes). A module whose call fails counts as not configured.
 */
export class StoreContextService {
  constructor(
    private readonly graph: () => GraphClient | undefined,
    private readonly skills: SkillService,
    private readonly provider: ProviderService,
    private readonly store: Store,
  ) {}

  /**
   * The providers the store has set up besides the language model: an enabled DeepL key (translation; the
   * language model translates too), connected social accounts, ad channels. Speech is always there:
   * offline with eSpeak NG when the store has no speech provider.
   */
  private async ownProviders(ctx: RequestContext, llm: boolean): Promise<Set<ProviderNeed>> {
    const em = this.store.em(ctx);
    const [deepl, social, ads] = await Promise.all([
      em.count(ProviderSetting, { kind: 'translation', enabled: true }),
      em.count(SocialAccount, {}),
      em.count(AdChannel, {}),
    ]);
    const out = new Set<ProviderNeed>(['speech']);
    if (llm) out.add('language_model');
    if (llm || deepl) out.add('translation');
    if (social) out.add('social_accounts');
    if (ads) out.add('ad_channels');
    return out;
  }

  async context(ctx: RequestContext): Promise<StoreContextView> {
    const tenantId = requireTenant(ctx);
    const g = this.graph();
    if (!g) throw new Error('assistant: the graph client is not bound yet');
    const as: RequestContext = { ...systemContext(ctx.log, tenantId, ctx.requestId), actor: { type: 'admin', id: null }, roles: ['admin'] };
    const ask = async <T>(what: string, fn: () => Promise<T>): Promise<T | null> => {
      try {
        return await fn();
      } catch (err) {
        ctx.log.warn({ err, module: what }, 'assistant: a module did not answer the store context');
        return null;
      }
    };
    const [catalog, locales, content, forms, events, tours, bookings, quotes, marketing, media, commerce, subscriptions, llm] = await Promise.all([
      ask('catalog', () => g.execute(as, AssistantCatalogContextDocument, {})),
      ask('localization', () => g.execute(as, AssistantLocalesDocument, {})),
      ask('content', () => g.execute(as, AssistantContentModuleDocument, {})),
      ask('forms', () => g.execute(as, AssistantFormsModuleDocument, {})),
      ask('events', () => g.execute(as, AssistantEventsModuleDocument, {})),
      ask('tours', () => g.execute(as, AssistantToursModuleDocument, {})),
      ask('bookings', () => g.execute(as, AssistantBookingsModuleDocument, {})),
      ask('quotes', () => g.execute(as, AssistantQuotesModuleDocument, {})),
      ask('marketing', () => g.execute(as, AssistantMarketingModuleDocument, {})),
      ask('media', () => g.execute(as, AssistantMediaModuleDocument, {})),
      ask('commerce', () => g.execute(as, AssistantCommerceModuleDocument, {})),
      ask('subscriptions', () => g.execute(as, AssistantSubscriptionsModuleDocument, {})),
      this.provider.configured(ctx),
    ]);
    const own = await this.ownProviders(ctx, llm);
    const mod = (id: ModuleNeed, answered: unknown, count: number | null, configured = (count ?? 0) > 0): ModuleView => ({
      id,
      available: true,
      configured: answered !== null && configured,
      count: answered === null ? null : count,
    });
    const products = catalog?.products.count ?? 0;
    const postsAndPages = content ? content.adminBlogPosts.count + content.adminPages.count : null;
    const modules: ModuleView[] = [
      mod('catalog', catalog, catalog ? products : null),
      mod(
        'commerce',
        commerce,
        commerce ? commerce.adminPaymentProviders.filter((p) => p.enabled).length : null,
        !!commerce && commerce.adminPaymentProviders.some((p) => p.enabled) && commerce.adminShippingOptions.length > 0,
      ),
      mod('content', content, postsAndPages),
      mod('forms', forms, forms?.adminForms.count ?? null),
      mod('marketing', marketing, marketing?.mailingLists.length ?? null),
      mod('localization', locales, locales?.locales.length ?? null),
      // the theme and brand exist with defaults in every store
      { id: 'site', available: true, configured: true, count: null },
      mod('media', media, media?.mediaList.count ?? null),
      mod('events', events, events?.adminEvents.count ?? null),
      mod('tours', tours, tours?.adminTours.count ?? null),
      mod('bookings', bookings, bookings?.bookableServices.length ?? null),
      mod('quotes', quotes, quotes?.adminQuoteServices.length ?? null),
      mod('subscriptions', subscriptions, subscriptions?.adminSubscriptionPlans.length ?? null),
      { id: 'search', available: true, configured: products + (postsAndPages ?? 0) > 0, count: null },
    ];
    const defaultLocale = locales?.locales.find((l) => l.is_default)?.code ?? null;
    return {
      catalog: { products, collections: catalog?.collections.count ?? 0, regions: catalog?.regions.count ?? 0 },
      currencies: [...new Set((catalog?.regions.items ?? []).map((r) => r.currency_code.toLowerCase()))].sort(),
      locale: defaultLocale,
      locales: (locales?.locales ?? []).map((l) => l.code),
      modules,
      providers: PROVIDERS.map((id) => ({ id, configured: own.has(id) })),
    };
  }

  /** Per skill: ready, disabled, or awaiting the modules and providers it needs. */
  async setupStatus(ctx: RequestContext): Promise<SetupStatusView> {
    const [context, enabled] = await Promise.all([this.context(ctx), this.skills.enabledIds(ctx)]);
    const configured = new Set(context.modules.filter((m) => m.configured).map((m) => m.id));
    const providers = new Set(context.providers.filter((p) => p.configured).map((p) => p.id));
    const skills = SKILLS.map((s) => {
      const awaitingModules = s.needs.modules.filter((m) => !configured.has(m));
      const awaitingProviders = s.needs.providers.filter((p) => !providers.has(p));
      const on = enabled.has(s.id);
      const status: 'ready' | 'disabled' | 'awaiting_setup' = !on
        ? 'disabled'
        : awaitingModules.length || awaitingProviders.length
          ? 'awaiting_setup'
          : 'ready';
      return {
        id: s.id,
        name: s.name,
        enabled: on,
        status,
        awaiting_modules: awaitingModules,
        awaiting_providers: awaitingProviders,
        works_offline: awaitingModules.length === 0,
      };
    });
    return {
      ready_count: skills.filter((s) => s.status === 'ready').length,
      enabled_count: skills.filter((s) => s.enabled).length,
      skills,
      providers: context.providers,
    };
  }
}
