import { Store, type ServiceFactoryArgs } from '@svc/kit';
import type { AssistantSettings } from '../settings';
import { IntentDetector } from '../skills/intent';
import { ChatService } from './chat.service';
import { StoreContextService } from './context.service';
import { CreditService } from './credit.service';
import { ExtractService } from './extract.service';
import { PlanService } from './plan.service';
import { ProviderService } from './provider.service';
import { SkillService } from './skill.service';
import { TranslationPipeline } from '../translate/pipeline.service';
import { EspeakEngine } from '../voice/espeak';
import { VoiceService } from '../voice/voice.service';
import { AiJobService } from './ai-job.service';
import { TranslatorService } from '../translate/translator.service';
import { SocialService } from '../social/social.service';
import { MetricsService } from '../metrics/metrics.service';

/** assistant's services, sharing one store (this domain's schema and unit of work). */
export interface AssistantServices {
  store: Store;
  skills: SkillService;
  intent: IntentDetector;
  context: StoreContextService;
  extract: ExtractService;
  chat: ChatService;
  plans: PlanService;
  credits: CreditService;
  provider: ProviderService;
  /** translation: one text (DeepL or the language model) and the resource pipeline */
  translator: TranslatorService;
  translation: TranslationPipeline;
  /** voiceovers: a chunk on demand, a post as a job (speech provider or offline eSpeak NG) */
  voice: VoiceService;
  /** the jobs of translations and voiceovers */
  jobs: AiJobService;
  social: SocialService;
  metrics: MetricsService;
  settings: AssistantSettings;
}

export function createAssistantServices({ orm, deps, settings }: ServiceFactoryArgs<AssistantSettings>): AssistantServices {
  const store = new Store(orm);
  const skills = new SkillService(store);
  const intent = new IntentDetector();
  const graph = () => deps.graph;
  const provider = new ProviderService(store, deps.config.secretsKey, deps.config.env === 'production', settings.provider, deps.clock);
  const context = new StoreContextService(graph, skills, provider, store);
  const extract = new ExtractService(skills, intent, graph, deps.clock);
  const credits = new CreditService(store, settings, deps.clock);
  const chat = new ChatService(store, extract, context, credits, provider, graph, deps.clock);
  const production = deps.config.env === 'production';
  const translator = new TranslatorService(store, provider, credits, skills, deps.config.secretsKey, production, settings.provider.timeoutMs, deps.clock);
  const jobs = new AiJobService(store, deps.clock);
  const translation = new TranslationPipeline(store, translator, credits, jobs, graph, deps.clock);
  const voice = new VoiceService(
    store,
    new EspeakEngine(),
    credits,
    skills,
    jobs,
    graph,
    deps.config.secretsKey,
    production,
    settings.provider.timeoutMs,
    deps.clock,
  );
  const social = new SocialService(store, deps.config.secretsKey, production, settings.social, graph, skills, credits, provider, deps.clock);
  return {
    store,
    skills,
    intent,
    context,
    extract,
    chat,
    plans: new PlanService(store, graph, deps.clock),
    credits,
    provider,
    translator,
    translation,
    voice,
    jobs,
    social,
    metrics: new MetricsService(store, deps.config.secretsKey, settings.social, graph, deps.clock),
    settings,
  };
}
