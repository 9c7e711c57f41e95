import { Store, type ServiceFactoryArgs } from '@svc/kit';
import { IntentDetector } from '../skills/intent';
import { ChatService } from './chat.service';
import { StoreContextService } from './context.service';
import { ExtractService } from './extract.service';
import { SkillService } from './skill.service';
import type { AssistantSettings } from '../settings';

/** assistant's services, sharing one store (this domain's schema and unit of work). */
export interface AssistantServices {
  store: Store;
  skills: SkillService;
  intent: IntentDetector;
  context: StoreContextService;
  extract: ExtractService;
  chat: ChatService;
  settings: AssistantSettings;
}

export function createAssistantServices({ orm, deps, settings }: ServiceFactoryArgs<AssistantSettings>): AssistantServices {
  const store = new Store(orm);
  const skills = new SkillService(store);
  const intent = new IntentDetector();
  const graph = () => deps.graph;
  const context = new StoreContextService(graph, skills);
  const extract = new ExtractService(skills, intent, graph, deps.clock);
  return { store, skills, intent, context, extract, chat: new ChatService(store, extract, context, graph, deps.clock), settings };
}
