import { Field, Float, Int, ObjectType } from 'type-graphql';

const S = { simpleResolvers: true };

@ObjectType('AssistantChunkAudio', S)
export class AssistantChunkAudioType {
  @Field({ description: 'the audio, base64 (the REST route answers the bytes)' }) content_base64!: string;
  @Field({ description: 'audio/wav' }) mime_type!: string;
  @Field({ description: 'speech_provider or espeak (offline)' }) engine!: string;
  @Field() voice!: string;
  @Field(() => Float) duration_seconds!: number;
  @Field(() => Int, { description: 'credits the chunk cost' }) credits!: number;
}

@ObjectType('AssistantSpeechProvider', S)
export class AssistantSpeechProviderType {
  @Field({ description: 'speech' }) kind!: string;
  @Field() base_url!: string;
  @Field() model!: string;
  @Field() voice!: string;
  @Field({ description: 'the key’s last four characters (the key itself is never shown)' }) api_key_hint!: string;
  @Field() enabled!: boolean;
  @Field() updated_at!: string;
}
