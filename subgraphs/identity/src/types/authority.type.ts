import { Field, ID, ObjectType } from 'type-graphql';

/** What a live publishable key names (internal: the gateway's authentication). */
@ObjectType('AuthPublishableKey', { simpleResolvers: true })
export class AuthPublishableKeyType {
  @Field(() => ID) tenant_id!: string;
  @Field(() => [String]) sales_channel_ids!: string[];
}

/** The agent an API key is (internal). */
@ObjectType('AuthAgentKey', { simpleResolvers: true })
export class AuthAgentKeyType {
  @Field(() => ID) id!: string;
  @Field(() => ID) tenant_id!: string;
  @Field({ description: 'agent or analyst' }) scope!: string;
}

/** The facts of a session a token names (internal): the gateway compares them with the token's claims. */
@ObjectType('AuthSession', { simpleResolvers: true })
export class AuthSessionType {
  @Field(() => ID) tenant_id!: string;
  @Field() actor_type!: string;
  @Field() actor_id!: string;
  @Field() identity_id!: string;
  @Field() open!: boolean;
}

/** Who may call a store from where (internal): CORS origins and the store's own storefront servers. */
@ObjectType('AuthStoreAccess', { simpleResolvers: true })
export class AuthStoreAccessType {
  @Field(() => [String]) allowed_origins!: string[];
  @Field(() => [String]) storefront_servers!: string[];
}
