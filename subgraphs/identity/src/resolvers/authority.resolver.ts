import { Arg, Authorized, ID, Mutation, Query, Resolver } from 'type-graphql';
import { INTERNAL_ROLE } from '@svc/kit';
import type { IdentityServices } from '../services';
import { AuthAgentKeyType, AuthPublishableKeyType, AuthSessionType, AuthStoreAccessType } from '../types/authority.type';

/**
 * Identity's published authentication API: what the gateway asks while it builds a request
 * context (publishable keys, agent keys, sessions, store access, anti-spam solutions). Only an
 * internal caller may run these (the `internal` role exists only in contexts the platform's own
 * code builds; no token grants it), so a gateway that runs no identity subgraph authenticates
 * through the supergraph instead of reading identity's tables. Answers are the AuthorityService's
 * (cached there; the gateway caches them again and drops them on the same change notice).
 */
@Resolver()
export class AuthorityResolver {
  constructor(private readonly s: IdentityServices) {}

  @Authorized(INTERNAL_ROLE)
  @Query(() => AuthPublishableKeyType, { nullable: true, description: 'Internal: the tenant and sales channels of a live publishable key' })
  async authPublishableKey(@Arg('key', { description: 'The publishable key' }) key: string): Promise<AuthPublishableKeyType | null> {
    const found = await this.s.authority.publishableKey(key);
    return found ? { tenant_id: found.tenantId, sales_channel_ids: found.salesChannelIds } : null;
  }

  @Authorized(INTERNAL_ROLE)
  @Query(() => AuthAgentKeyType, { nullable: true, description: 'Internal: the agent a live API key is' })
  async authAgentKey(@Arg('key', { description: 'The secret API key' }) key: string): Promise<AuthAgentKeyType | null> {
    const found = await this.s.authority.agentForKey(key);
    return found ? { id: found.id, tenant_id: found.tenantId, scope: found.scope } : null;
  }

  @Authorized(INTERNAL_ROLE)
  @Query(() => AuthSessionType, { nullable: true, description: 'Internal: the session a token names, and whether it is open' })
  async authSession(@Arg('id', { description: 'The session id of a token' }) id: string): Promise<AuthSessionType | null> {
    const s = await this.s.authority.session(id);
    return s ? { tenant_id: s.tenantId, actor_type: s.actorType, actor_id: s.actorId, identity_id: s.identityId, open: s.open } : null;
  }

  @Authorized(INTERNAL_ROLE)
  @Query(() => AuthStoreAccessType, { description: "Internal: a store's allowed CORS origins and storefront servers" })
  async authStoreAccess(@Arg('tenant_id', () => ID, { description: 'The store' }) tenantId: string): Promise<AuthStoreAccessType> {
    const [allowed_origins, storefront_servers] = await Promise.all([this.s.authority.allowedOrigins(tenantId), this.s.authority.storefrontServers(tenantId)]);
    return { allowed_origins, storefront_servers };
  }

  @Authorized(INTERNAL_ROLE)
  @Query(() => Boolean, { description: 'Internal: whether some store allows this origin (CORS preflights)' })
  authOriginAllowed(@Arg('origin', { description: "The request's Origin header" }) origin: string): Promise<boolean> {
    return this.s.authority.anyTenantAllows(origin);
  }

  @Authorized(INTERNAL_ROLE)
  @Mutation(() => Boolean, { description: 'Internal: verifies an anti-spam solution and records it (accepted once)' })
  consumeAntispamSolution(
    @Arg('tenant_id', () => ID, { description: 'The store' }) tenantId: string,
    @Arg('payload', { description: 'The ALTCHA solution payload (base64 JSON) the client sent' }) payload: string,
  ): Promise<boolean> {
    return this.s.authority.consumeAntispam(tenantId, payload);
  }
}
