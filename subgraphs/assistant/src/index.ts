import path from 'node:path';
import { defineDomain } from '@svc/kit';
import { ChatMessage, ChatSession, Plan } from './entities/chat.entity';
import { SkillSetting } from './entities/skill-setting.entity';
import { CreditAccount, CreditEntry } from './entities/credit.entity';
import { ProviderSetting } from './entities/provider-setting.entity';
import { AiJob } from './entities/ai-job.entity';
import { SocialAccount, SocialPost } from './entities/social.entity';
import { SocialResolver } from './social/social.resolver';
import { AssistantResolver } from './resolvers/assistant.resolver';
import { TranslateResolver } from './translate/translate.resolver';
import { VoiceResolver } from './voice/voice.resolver';
import { createAssistantServices, type AssistantServices } from './services';
import { assistantEvents } from './events';
import { assistantRoutes } from './rest/routes';
import { socialRoutes } from './social/routes';
import { metricsRoutes } from './metrics/routes';
import { MetricsResolver } from './metrics/metrics.resolver';
import { AdChannel, MetricsCache } from './entities/metrics.entity';
import { seedDemoAssistant } from './seed/demo-seed';
import { migrations } from './migrations';
import { assistantSettings, type AssistantSettings } from './settings';
import { assistantPrivacy } from './privacy';

/**
 * assistant: the domain manifest. The 24 skills (code, `skills/catalog.ts`) and their per-store
 * enablement (the operator's), an offline intent classifier trained at start from the skills'
 * examples, action extraction with entities resolved through search, and the store context and
 * setup status read from the other domains through ports.
 */
export const domain = defineDomain<AssistantServices, AssistantSettings>({
  name: 'assistant',
  privacy: assistantPrivacy,
  dbSchema: 'assistant',
  settings: assistantSettings,
  entities: [
    SkillSetting,
    ChatSession,
    ChatMessage,
    Plan,
    CreditAccount,
    CreditEntry,
    ProviderSetting,
    AiJob,
    SocialAccount,
    SocialPost,
    AdChannel,
    MetricsCache,
  ],
  migrations,
  migrationsDir: path.join(__dirname, 'migrations'),
  // writes that never change a public read (kit read-changes.ts): conversations, plans, credits, jobs, posts and metrics: no public read shows them
  readCacheIgnores: ['chat_session', 'chat_message', 'plan', 'credit_account', 'credit_entry', 'ai_job', 'social_post', 'metrics_cache'],
  resolvers: [AssistantResolver, TranslateResolver, VoiceResolver, SocialResolver, MetricsResolver],
  createServices: createAssistantServices,
  events: assistantEvents,
  subscriptions: [
    // translations and voiceovers run from the job queue, queued with the request's transaction
    assistantEvents.on<AssistantServices, 'assistant.job_queued'>('assistant.job_queued', 'run-ai-job', (e, ctx, s) =>
      e.data.kind === 'voice' ? s.voice.run(ctx, e.data.id) : s.translation.run(ctx, e.data.id),
    ),
  ],
  jobs: [
    {
      // scheduled social posts whose time came: each claimed once and published (src/social)
      name: 'publish-social',
      schedule: '* * * * *',
      handler: async (data, ctx, s: AssistantServices) => void (await s.social.runDue(ctx.log, typeof data.tenant_id === 'string' ? data.tenant_id : null)),
    },
  ],
  routes: [...assistantRoutes, ...socialRoutes, ...metricsRoutes],
  operationsDir: path.join(__dirname, 'rest', 'operations'),
  ports: path.join(__dirname, 'ports'),
  seed: seedDemoAssistant,
  stop: async (s) => s.voice.stop(),
  // trains the intent classifier right after the start (about 1 s of CPU), without holding the start
  // up; a request that comes first trains it itself (ASSISTANT_WARM_AT_START=false leaves it to that request)
  start: async (s, deps) => {
    if (!s.settings.warmIntentAtStart) return;
    setImmediate(() => {
      const ms = s.intent.warm();
      deps.log.debug({ ms: Math.round(ms) }, 'assistant: intent classifier trained');
    });
  },
});

export type { AssistantServices };
export { assistantEvents };
export { SKILLS, SKILL_IDS, type SkillId } from './skills/catalog';
export { IntentDetector, trainingSamples } from './skills/intent';
export { extractParams } from './skills/params';
export { deeplTranslate, deeplTargetLang, TranslateError } from './translate/deepl';
