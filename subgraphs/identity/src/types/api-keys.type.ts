import { Field, ID, ObjectType } from 'type-graphql';
import type { AgentKeyView } from '../services/api-keys.service';

@ObjectType('AgentApiKey', { simpleResolvers: true, description: "A store's server-to-server agent API key (the key itself is shown only when created)" })
export class AgentApiKeyType implements AgentKeyView {
  @Field(() => ID) id!: string;
  @Field() title!: string;
  @Field({ description: "the key's first characters, to recognise it" }) redacted!: string;
  @Field() created_at!: string;
}

@ObjectType('CreatedAgentApiKey', { simpleResolvers: true, description: 'A new agent API key: `key` is shown this once and never again' })
export class CreatedAgentApiKeyType extends AgentApiKeyType {
  @Field({ description: 'the secret key (Authorization: Bearer <key> on /api/v1/*); only its digest is stored' }) key!: string;
}
