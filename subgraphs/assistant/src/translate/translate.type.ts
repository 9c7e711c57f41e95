import { Field, Int, ObjectType } from 'type-graphql';
import { JSONScalar } from '@svc/kit';

const S = { simpleResolvers: true };

@ObjectType('AssistantTranslation', S)
export class AssistantTranslationType {
  @Field({ description: 'the translated text' }) text!: string;
  @Field() target_locale!: string;
  @Field(() => String, { nullable: true, description: 'as asked; null: the provider detected it' }) source_locale!: string | null;
  @Field({ description: 'deepl or language_model' }) provider!: string;
  @Field(() => Int, { description: 'credits the translation cost' }) credits!: number;
}

@ObjectType('AssistantTranslationProvider', S)
export class AssistantTranslationProviderType {
  @Field({ description: 'translation' }) kind!: string;
  @Field({ description: 'deepl' }) provider!: string;
  @Field() base_url!: string;
  @Field({ description: 'the key’s last four characters (the key itself is never shown)' }) api_key_hint!: string;
  @Field() enabled!: boolean;
  @Field() updated_at!: string;
}

@ObjectType('AssistantJobError', S)
class AssistantJobErrorType {
  @Field() type!: string;
  @Field() code!: string;
  @Field() message!: string;
}

@ObjectType('AssistantJob', S)
export class AssistantJobType {
  @Field() id!: string;
  @Field({ description: 'translate' }) kind!: string;
  @Field({ description: 'queued, running, succeeded or failed' }) status!: string;
  @Field(() => JSONScalar, { description: 'what was asked (translate: resource_type, resource_id, locales, source_locale)' }) input!: Record<string, unknown>;
  @Field(() => Int, { description: 'steps done (translate: locales translated)' }) progress!: number;
  @Field(() => Int, { description: 'steps in all' }) total!: number;
  @Field(() => JSONScalar, { nullable: true, description: 'once succeeded (translate: provider, resource_type, locales, fields, credits)' }) result!: Record<
    string,
    unknown
  > | null;
  @Field(() => AssistantJobErrorType, { nullable: true, description: 'once failed; nothing was written' }) error!: AssistantJobErrorType | null;
  @Field() created_at!: string;
  @Field() updated_at!: string;
  @Field(() => String, { nullable: true }) finished_at!: string | null;
}
