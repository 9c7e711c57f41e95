import { Field, ID, ObjectType } from 'type-graphql';
import type { AgentKeyView } from '../services/api-keys.service';

@ObjectType('AgentApiKey', { simpleResolvers: true, description: "A store's server-to-server agent API key (the key itself is shown only when created)" })
export class AgentApiKeyType implements AgentKeyView {
  @Field(() => ID, { description: "The key's id (akey_…), for revoking it" }) id!: string;
  @Field({ description: 'A label for listings' }) title!: string;
  @Field({ description: "the key's first characters, to recognise it" }) redacted!: string;
  @Field({ description: 'When the key was created (ISO 8601, UTC)' }) created_at!: string;
}

@ObjectType('CreatedAgentApiKey', { simpleResolvers: true, description: 'A new agent API key: `key` is shown this once and never again' })
export class CreatedAgentApiKeyType extends AgentApiKeyType {
  @Field({ description: 'the secret key (Authorization: Bearer <key> on /api/v1/*); only its digest is stored' }) key!: string;
}
