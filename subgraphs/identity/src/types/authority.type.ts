import { Field, ID, ObjectType } from 'type-graphql';

/** What a live publishable key names (internal: the gateway's authentication). */
@ObjectType('AuthPublishableKey', { simpleResolvers: true, description: "Internal: what a live publishable key grants (the gateway's authority check)" })
export class AuthPublishableKeyType {
  @Field(() => ID, { description: 'The store the key belongs to' }) tenant_id!: string;
  @Field(() => [String], { description: 'The sales channels the key sees (empty: every product)' }) sales_channel_ids!: string[];
}

/** The agent an API key is (internal). */
@ObjectType('AuthAgentKey', { simpleResolvers: true, description: 'Internal: the agent a live API key is' })
export class AuthAgentKeyType {
  @Field(() => ID, { description: "The key's id (akey_…)" }) id!: string;
  @Field(() => ID, { description: 'The store the key belongs to' }) tenant_id!: string;
  @Field({ description: 'agent or analyst' }) scope!: string;
}

/** The facts of a session a token names (internal): the gateway compares them with the token's claims. */
@ObjectType('AuthSession', { simpleResolvers: true, description: 'Internal: a session a token names' })
export class AuthSessionType {
  @Field(() => ID, { description: 'The store of the session' }) tenant_id!: string;
  @Field({ description: 'customer or admin' }) actor_type!: string;
  @Field({ description: 'The customer or admin user id' }) actor_id!: string;
  @Field({ description: 'The sign-in identity of the session' }) identity_id!: string;
  @Field({ description: 'False once the session was revoked (logout, password reset) or expired' }) open!: boolean;
}

/** Who may call a store from where (internal): CORS origins and the store's own storefront servers. */
@ObjectType('AuthStoreAccess', { simpleResolvers: true, description: "Internal: who may call a store's API from where" })
export class AuthStoreAccessType {
  @Field(() => [String], { description: 'Browser origins allowed by CORS' }) allowed_origins!: string[];
  @Field(() => [String], { description: "Addresses or CIDR ranges of the store's own storefront servers (trusted for X-Forwarded-For)" })
  storefront_servers!: string[];
}
