import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { IdentityServices } from '../services';
import { AgentApiKeyType, CreatedAgentApiKeyType } from '../types/api-keys.type';
import { PublishableKeyType } from '../types/tenant.type';

/** A store admin's keys: agent API keys and publishable keys, created and revoked (the store's own only). */
@Resolver()
export class ApiKeyResolver {
  constructor(private readonly s: IdentityServices) {}

  @Authorized('admin')
  @Query(() => [AgentApiKeyType], { description: "Admin: the store's live agent API keys (never the key itself)" })
  agentApiKeys(@Ctx() ctx: RequestContext) {
    return this.s.apiKeys.agentKeys(ctx);
  }

  @Authorized('admin')
  @Mutation(() => CreatedAgentApiKeyType, { description: 'Admin: a new agent API key, shown this once (409 too_many_keys past 20 live keys)' })
  createAgentApiKey(@Ctx() ctx: RequestContext, @Arg('title', () => String, { nullable: true, description: 'A label for listings' }) title?: string | null) {
    return this.s.apiKeys.createAgentKey(ctx, title);
  }

  @Authorized('admin')
  @Mutation(() => AgentApiKeyType, { description: "Admin: revokes an agent API key of the store; it stops working at once (another store's: 404)" })
  revokeAgentApiKey(@Ctx() ctx: RequestContext, @Arg('id', { description: "The key's id (akey_…)" }) id: string) {
    return this.s.apiKeys.revokeAgentKey(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => PublishableKeyType, { description: 'Admin: a new publishable key for a storefront (409 too_many_keys past 20 live keys)' })
  createPublishableKey(@Ctx() ctx: RequestContext, @Arg('title', () => String, { nullable: true, description: 'A label for listings' }) title?: string | null) {
    return this.s.apiKeys.createPublishableKey(ctx, title);
  }

  @Authorized('admin')
  @Mutation(() => PublishableKeyType, {
    description: "Admin: revokes a publishable key of the store; it stops working at once (another store's: 404; the last live one: 409 last_publishable_key)",
  })
  revokePublishableKey(@Ctx() ctx: RequestContext, @Arg('id', { description: "The key's id (apk_…)" }) id: string) {
    return this.s.apiKeys.revokePublishableKey(ctx, id);
  }
}
