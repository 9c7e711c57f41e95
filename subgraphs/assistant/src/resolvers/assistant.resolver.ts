import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { z } from 'zod';
import { validated, type RequestContext } from '@svc/kit';
import type { AssistantServices } from '../services';
import {
  AssistantProviderInput,
  AssistantSkillToggleInput,
  creditNoteSchema,
  daySchema,
  messageSchema,
  providerSchema,
  sessionIdSchema,
  skillTogglesSchema,
  streamIdSchema,
  topUpSchema,
} from '../inputs/assistant.input';
import { CREDIT_PLANS, type CreditPlan } from '../settings';
import {
  AssistantChatSessionType,
  AssistantChatTurnType,
  AssistantCreditUsageType,
  AssistantCreditsType,
  AssistantPlanType,
  AssistantProviderSettingType,
  AssistantExtractionType,
  AssistantSetupStatusType,
  AssistantSkillType,
  AssistantSkillsConfigType,
  AssistantStoreContextType,
} from '../types/assistant.type';

/** The assistant in the graph: skills, their enablement (the operator's bound, the store's choice), store context, setup status, action extraction, chat. */
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

  @Authorized('admin')
  @Mutation(() => AssistantSkillsConfigType, {
    description:
      "Admin: turns skills on or off for the admin's own store within what the operator allows (403 skill_not_allowed for one the operator disabled; 400 for an unknown id, an empty list or an id named twice; nothing written)",
  })
  setAssistantSkillsEnabled(@Ctx() ctx: RequestContext, @Arg('skills', () => [AssistantSkillToggleInput]) skills: AssistantSkillToggleInput[]) {
    return this.s.skills.setStoreEnabled(ctx, validated(skillTogglesSchema, skills, 'skills'));
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
    return this.s.chat.extractActions(ctx, validated(messageSchema, message, 'message'));
  }

  @Authorized('admin', 'agent')
  @Mutation(() => AssistantChatTurnType, {
    description:
      'One chat turn: the skill, a reply, and a plan of the writing actions (persisted, awaiting approval) or the answer of a read-only action; history per session_id (403 skill_disabled)',
  })
  assistantChat(
    @Ctx() ctx: RequestContext,
    @Arg('message') message: string,
    @Arg('session_id', () => String, { nullable: true }) sessionId: string | null,
    @Arg('stream_id', () => String, { nullable: true, description: 'the stream the facade announced (chat streams); a new one when absent' })
    streamId: string | null,
  ) {
    return this.s.chat.turn(
      ctx,
      validated(messageSchema, message, 'message'),
      sessionId == null ? null : validated(sessionIdSchema, sessionId, 'session_id'),
      streamId == null ? null : validated(streamIdSchema, streamId, 'stream_id'),
    );
  }

  @Authorized('admin', 'agent')
  @Query(() => AssistantPlanType, { description: "The caller's plan of a stream (another caller's: 404)" })
  assistantPlan(@Ctx() ctx: RequestContext, @Arg('stream_id') streamId: string) {
    return this.s.plans.get(ctx, validated(streamIdSchema, streamId, 'stream_id'));
  }

  @Authorized('admin', 'agent')
  @Mutation(() => AssistantPlanType, {
    description:
      "Approves the caller's pending plan of a stream: its actions run in order as the caller, each result recorded; a failure stops the rest (404; 409 plan_already_decided, plan_expired)",
  })
  approveAssistantPlan(@Ctx() ctx: RequestContext, @Arg('stream_id') streamId: string) {
    return this.s.plans.decide(ctx, validated(streamIdSchema, streamId, 'stream_id'), 'approve');
  }

  @Authorized('admin', 'agent')
  @Mutation(() => AssistantPlanType, {
    description: "Rejects the caller's pending plan of a stream: nothing runs (404; 409 plan_already_decided, plan_expired)",
  })
  rejectAssistantPlan(@Ctx() ctx: RequestContext, @Arg('stream_id') streamId: string) {
    return this.s.plans.decide(ctx, validated(streamIdSchema, streamId, 'stream_id'), 'reject');
  }

  @Authorized('admin', 'agent', 'operator')
  @Query(() => AssistantCreditsType, { description: "The store's assistant credits: plan, this month's allowance, top-ups, balance" })
  assistantCredits(@Ctx() ctx: RequestContext) {
    return this.s.credits.balance(ctx);
  }

  @Authorized('admin', 'agent', 'operator')
  @Query(() => [AssistantCreditUsageType], { description: 'Credits spent per UTC day, skill and model tier between two days (both included), oldest first' })
  assistantCreditUsage(@Ctx() ctx: RequestContext, @Arg('from') from: string, @Arg('to') to: string) {
    return this.s.credits.usage(ctx, validated(daySchema, from, 'from'), validated(daySchema, to, 'to'));
  }

  @Authorized('operator')
  @Mutation(() => AssistantCreditsType, { description: 'Operator: pay-as-you-go credits for the store the publishable key names (they do not expire)' })
  topUpAssistantCredits(
    @Ctx() ctx: RequestContext,
    @Arg('credits', () => Int) credits: number,
    @Arg('note', () => String, { nullable: true }) note: string | null,
  ) {
    return this.s.credits.topUp(ctx, validated(topUpSchema, credits, 'credits'), validated(creditNoteSchema, note, 'note') ?? null);
  }

  @Authorized('operator')
  @Mutation(() => AssistantCreditsType, { description: "Operator: the store's credit plan (starter, growth, scale): its monthly allowance" })
  setAssistantCreditPlan(@Ctx() ctx: RequestContext, @Arg('plan') plan: string) {
    return this.s.credits.setPlan(ctx, validated(z.enum(CREDIT_PLANS as [CreditPlan, ...CreditPlan[]]), plan, 'plan'));
  }

  @Authorized('admin')
  @Query(() => AssistantProviderSettingType, { nullable: true, description: "The store's language-model provider (the key is never shown); null when none" })
  assistantProvider(@Ctx() ctx: RequestContext) {
    return this.s.provider.get(ctx);
  }

  @Authorized('admin')
  @Mutation(() => AssistantProviderSettingType, {
    description: "Saves the store's language-model provider: an OpenAI-compatible chat completions API, the model of each tier and the key (stored sealed)",
  })
  configureAssistantProvider(@Ctx() ctx: RequestContext, @Arg('input', () => AssistantProviderInput) input: AssistantProviderInput) {
    return this.s.provider.configure(ctx, validated(providerSchema, input, 'input'));
  }

  @Authorized('admin', 'agent')
  @Query(() => AssistantChatSessionType, { description: "The caller's conversation, oldest message first (another caller's: 404)" })
  assistantChatSession(@Ctx() ctx: RequestContext, @Arg('session_id') sessionId: string) {
    return this.s.chat.history(ctx, validated(sessionIdSchema, sessionId, 'session_id'));
  }
}
