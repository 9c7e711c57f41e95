import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { validated, type RequestContext } from '@svc/kit';
import type { AssistantServices } from '../services';
import { AssistantSkillToggleInput, messageSchema, sessionIdSchema, skillTogglesSchema } from '../inputs/assistant.input';
import {
  AssistantChatSessionType,
  AssistantChatTurnType,
  AssistantExtractionType,
  AssistantSetupStatusType,
  AssistantSkillType,
  AssistantSkillsConfigType,
  AssistantStoreContextType,
} from '../types/assistant.type';

/** The assistant in the graph: skills, their enablement (the operator's), store context, setup status, action extraction, chat. */
@Resolver()
export class AssistantResolver {
  constructor(private readonly s: AssistantServices) {}

  @Authorized('admin', 'agent')
  @Query(() => [AssistantSkillType], { description: 'The 24 skills of the assistant, with their state in the store' })
  assistantSkills(@Ctx() ctx: RequestContext) {
    return this.s.skills.list(ctx);
  }

  @Authorized('admin', 'agent', 'operator')
  @Query(() => AssistantSkillsConfigType, { description: 'Which skills the store may use (the operator sets it)' })
  assistantSkillsConfig(@Ctx() ctx: RequestContext) {
    return this.s.skills.config(ctx);
  }

  @Authorized('operator')
  @Mutation(() => AssistantSkillsConfigType, {
    description: 'Operator: enables or disables skills for the store the publishable key names (skills not named keep their state)',
  })
  configureAssistantSkills(@Ctx() ctx: RequestContext, @Arg('skills', () => [AssistantSkillToggleInput]) skills: AssistantSkillToggleInput[]) {
    return this.s.skills.configure(ctx, validated(skillTogglesSchema, skills, 'skills'));
  }

  @Authorized('admin', 'agent')
  @Query(() => AssistantStoreContextType, { description: 'Catalog size, currencies, locales and configured modules of the store, from live data' })
  assistantStoreContext(@Ctx() ctx: RequestContext) {
    return this.s.context.context(ctx);
  }

  @Authorized('admin', 'agent')
  @Query(() => AssistantSetupStatusType, { description: 'Per skill: ready, disabled, or the modules and providers it awaits' })
  assistantSetupStatus(@Ctx() ctx: RequestContext) {
    return this.s.context.setupStatus(ctx);
  }

  @Authorized('admin', 'agent')
  @Query(() => AssistantExtractionType, {
    description: 'The skill and typed actions of a request, parameters read offline and entities resolved in the store; nothing runs (403 skill_disabled)',
  })
  assistantExtractActions(@Ctx() ctx: RequestContext, @Arg('message') message: string) {
    return this.s.extract.extract(ctx, validated(messageSchema, message, 'message'));
  }

  @Authorized('admin', 'agent')
  @Mutation(() => AssistantChatTurnType, {
    description:
      'One chat turn: the skill, a reply, and a plan of the writing actions (persisted, awaiting approval) or the answer of a read-only action; history per session_id (403 skill_disabled)',
  })
  assistantChat(@Ctx() ctx: RequestContext, @Arg('message') message: string, @Arg('session_id', () => String, { nullable: true }) sessionId: string | null) {
    return this.s.chat.turn(ctx, validated(messageSchema, message, 'message'), sessionId === null ? null : validated(sessionIdSchema, sessionId, 'session_id'));
  }

  @Authorized('admin', 'agent')
  @Query(() => AssistantChatSessionType, { description: "The caller's conversation, oldest message first (another caller's: 404)" })
  assistantChatSession(@Ctx() ctx: RequestContext, @Arg('session_id') sessionId: string) {
    return this.s.chat.history(ctx, validated(sessionIdSchema, sessionId, 'session_id'));
  }
}
