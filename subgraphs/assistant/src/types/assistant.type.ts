import { Field, Float, Int, ObjectType } from 'type-graphql';
import { JSONScalar } from '@svc/kit';

const S = { simpleResolvers: true };

@ObjectType('AssistantSkill', { ...S, description: 'One of the 24 skills of the assistant, with its state in the store' })
export class AssistantSkillType {
  @Field() id!: string;
  @Field() name!: string;
  @Field() category!: string;
  @Field() description!: string;
  @Field(() => [String], { description: 'Example requests (English, German, French)' }) examples!: string[];
  @Field({ description: 'A Lucide icon name' }) icon!: string;
  @Field({ description: 'fast, standard or advanced' }) model_tier!: string;
  @Field({ description: "Whether the store may use it: the operator allows it and the store's admin has it on" }) enabled!: boolean;
}

@ObjectType('AssistantSkillSetting', S)
class AssistantSkillSettingType {
  @Field() id!: string;
  @Field() name!: string;
  @Field({ description: 'Whether the store may use it now: allowed by the operator and on in the store' }) enabled!: boolean;
  @Field({ description: 'Whether the platform operator allows it for this store (the upper bound)' }) allowed!: boolean;
  @Field({ description: "Whether the store's admin has it on (within what the operator allows)" }) store_enabled!: boolean;
  @Field(() => String, { nullable: true, description: 'When the operator or the store last set it; null: never set (enabled by default)' }) updated_at!:
    string | null;
}

@ObjectType('AssistantSkillsConfig', { ...S, description: "Which skills the store may use (the operator's bound, the store's own choice within it)" })
export class AssistantSkillsConfigType {
  @Field(() => [AssistantSkillSettingType]) skills!: AssistantSkillSettingType[];
  @Field(() => Int) enabled_count!: number;
}

@ObjectType('AssistantCatalogSize', S)
class AssistantCatalogSizeType {
  @Field(() => Int) products!: number;
  @Field(() => Int) collections!: number;
  @Field(() => Int) regions!: number;
}

@ObjectType('AssistantModule', { ...S, description: 'A platform module and whether the store uses it' })
class AssistantModuleType {
  @Field() id!: string;
  @Field({ description: 'The platform offers the module' }) available!: boolean;
  @Field({ description: 'The store has set it up (it holds data)' }) configured!: boolean;
  @Field(() => Int, { nullable: true, description: 'How many records the store has in it, where that is one number' }) count!: number | null;
}

@ObjectType('AssistantProvider', { ...S, description: 'An external capability the assistant can use' })
class AssistantProviderType {
  @Field({ description: 'language_model, image_generation, speech, translation, social_accounts, ad_channels' }) id!: string;
  @Field() configured!: boolean;
}

@ObjectType('AssistantStoreContext', { ...S, description: 'What the assistant knows about the store, from live data' })
export class AssistantStoreContextType {
  @Field(() => AssistantCatalogSizeType) catalog!: AssistantCatalogSizeType;
  @Field(() => [String], { description: 'Currencies of the store’s regions (lower case)' }) currencies!: string[];
  @Field(() => String, { nullable: true, description: 'The default locale' }) locale!: string | null;
  @Field(() => [String]) locales!: string[];
  @Field(() => [AssistantModuleType]) modules!: AssistantModuleType[];
  @Field(() => [AssistantProviderType]) providers!: AssistantProviderType[];
}

@ObjectType('AssistantSkillStatus', S)
class AssistantSkillStatusType {
  @Field() id!: string;
  @Field() name!: string;
  @Field() enabled!: boolean;
  @Field({ description: 'ready, disabled or awaiting_setup' }) status!: string;
  @Field(() => [String], { description: 'Modules the store has not set up yet' }) awaiting_modules!: string[];
  @Field(() => [String], { description: 'Providers (credentials) not configured yet' }) awaiting_providers!: string[];
  @Field({ description: 'Intent, actions and plans work without a provider' }) works_offline!: boolean;
}

@ObjectType('AssistantSetupStatus', { ...S, description: 'The onboarding state of the store’s assistant' })
export class AssistantSetupStatusType {
  @Field(() => Int) ready_count!: number;
  @Field(() => Int) enabled_count!: number;
  @Field(() => [AssistantSkillStatusType]) skills!: AssistantSkillStatusType[];
  @Field(() => [AssistantProviderType]) providers!: AssistantProviderType[];
}

@ObjectType('AssistantDetectedSkill', S)
class AssistantDetectedSkillType {
  @Field() id!: string;
  @Field() name!: string;
  @Field(() => Float, { description: '0 to 1' }) confidence!: number;
}

@ObjectType('AssistantAction', { ...S, description: 'A typed action extracted from a request; nothing runs' })
class AssistantActionType {
  @Field() type!: string;
  @Field() skill!: string;
  @Field(() => JSONScalar, { description: 'The parameters read from the request (their keys depend on the type)' }) params!: Record<string, unknown>;
  @Field(() => Float) confidence!: number;
  @Field({ description: 'The platform GraphQL operation the action runs, as the caller' }) operation!: string;
  @Field() writes!: boolean;
  @Field(() => [String], { description: 'Required parameters the request did not give' }) missing!: string[];
}

@ObjectType('AssistantExtraction', S)
export class AssistantExtractionType {
  @Field(() => AssistantDetectedSkillType, { nullable: true }) skill!: AssistantDetectedSkillType | null;
  @Field(() => [AssistantDetectedSkillType]) suggestions!: AssistantDetectedSkillType[];
  @Field(() => [AssistantActionType]) actions!: AssistantActionType[];
}

@ObjectType('AssistantActionError', S)
class AssistantActionErrorType {
  @Field() type!: string;
  @Field() code!: string;
  @Field() message!: string;
}

@ObjectType('AssistantActionResult', S)
class AssistantActionResultType {
  @Field(() => Int, { description: 'the action’s place in the plan, from 0' }) index!: number;
  @Field() type!: string;
  @Field() operation!: string;
  @Field({ description: 'succeeded or failed' }) status!: string;
  @Field(() => JSONScalar, { nullable: true, description: 'what the action’s operation answered' }) result!: unknown;
  @Field(() => AssistantActionErrorType, { nullable: true }) error!: AssistantActionErrorType | null;
}

@ObjectType('AssistantPlan', { ...S, description: 'Writing actions of a chat turn, waiting for approval until expires_at' })
export class AssistantPlanType {
  @Field() id!: string;
  @Field({ description: 'the stream whose approve and reject routes decide it' }) stream_id!: string;
  @Field() session_id!: string;
  @Field() skill!: string;
  @Field({ description: 'pending, rejected, expired, running (approved, actions under way), executed or failed' }) status!: string;
  @Field(() => [AssistantActionType]) actions!: AssistantActionType[];
  @Field(() => [AssistantActionResultType], { description: 'what each action answered once approved, in order; a failure ends it' })
  results!: AssistantActionResultType[];
  @Field() created_at!: string;
  @Field() expires_at!: string;
  @Field(() => String, { nullable: true }) decided_at!: string | null;
}

@ObjectType('AssistantChatTurn', S)
export class AssistantChatTurnType {
  @Field() session_id!: string;
  @Field({ description: 'the stream of the turn: its plan is decided at …/chat/stream/<stream_id>/approve or /reject' }) stream_id!: string;
  @Field(() => AssistantDetectedSkillType, { nullable: true }) skill!: AssistantDetectedSkillType | null;
  @Field(() => [AssistantDetectedSkillType]) suggestions!: AssistantDetectedSkillType[];
  @Field() reply!: string;
  @Field(() => [String], { description: 'the reply in the pieces it was written in (the model’s deltas, or words offline)' }) tokens!: string[];
  @Field(() => AssistantPlanType, { nullable: true }) plan!: AssistantPlanType | null;
  @Field(() => JSONScalar, { nullable: true, description: 'What a read-only action answered; null when nothing ran' }) result!: unknown;
  @Field({ description: 'true when the offline path answered (no language model, or its circuit breaker is open)' }) offline!: boolean;
  @Field({ description: 'the model tier the turn was charged at (offline: fast)' }) tier!: string;
  @Field(() => Int, { description: 'credits the turn cost' }) credits!: number;
}

@ObjectType('AssistantCredits', S)
export class AssistantCreditsType {
  @Field({ description: 'starter, growth or scale' }) plan!: string;
  @Field({ description: 'the UTC month the allowance is for (2027-06)' }) period!: string;
  @Field(() => Int) allowance!: number;
  @Field(() => Int) allowance_used!: number;
  @Field(() => Int) allowance_left!: number;
  @Field(() => Int, { description: 'pay-as-you-go credits left (they do not expire)' }) top_up_balance!: number;
  @Field(() => Int, { description: 'what the store can spend now' }) balance!: number;
}

@ObjectType('AssistantCreditUsage', S)
export class AssistantCreditUsageType {
  @Field({ description: 'UTC day, YYYY-MM-DD' }) day!: string;
  @Field() skill!: string;
  @Field() tier!: string;
  @Field(() => Int) calls!: number;
  @Field(() => Int) credits!: number;
}

@ObjectType('AssistantModels', S)
class AssistantModelsType {
  @Field() fast!: string;
  @Field() standard!: string;
  @Field() advanced!: string;
}

@ObjectType('AssistantProviderSetting', S)
export class AssistantProviderSettingType {
  @Field({ description: 'language_model' }) kind!: string;
  @Field() base_url!: string;
  @Field(() => AssistantModelsType) models!: AssistantModelsType;
  @Field({ description: 'the key’s last four characters (the key itself is never shown)' }) api_key_hint!: string;
  @Field() enabled!: boolean;
  @Field({ description: 'closed (calls go to the provider) or open (the offline path answers until its cooldown ends); per instance' }) breaker!: string;
  @Field() updated_at!: string;
}

@ObjectType('AssistantChatMessage', S)
class AssistantChatMessageType {
  @Field({ description: 'user or assistant' }) role!: string;
  @Field() content!: string;
  @Field(() => String, { nullable: true }) skill!: string | null;
  @Field(() => String, { nullable: true }) plan_id!: string | null;
  @Field() created_at!: string;
}

@ObjectType('AssistantChatSession', S)
export class AssistantChatSessionType {
  @Field() session_id!: string;
  @Field(() => [AssistantChatMessageType]) messages!: AssistantChatMessageType[];
}
