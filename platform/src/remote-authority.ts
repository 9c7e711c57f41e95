import { TtlCache, internalContext, type ChangeBus, type GraphClient, type Logger, type TypedDocumentNode } from '@svc/kit';
import { CREDENTIALS_CHANNEL } from '@svc/identity';
import type { Authority } from '@svc/gateway';
import type { OriginAuthority } from './cors';
import {
  GatewayAgentKeyDocument,
  GatewayConsumeAntispamDocument,
  GatewayOriginAllowedDocument,
  GatewayPublishableKeyDocument,
  GatewaySessionDocument,
  GatewayStoreAccessDocument,
} from './ports/generated';

/**
 * The gateway's authentication when identity runs in another process: identity's published API
 * (its internal-only operations, `AuthorityResolver`) through the supergraph, with the same caches
 * as identity's own AuthorityService (keys and store settings 60 s, unknown keys 5 s, sessions
 * never) and the same invalidation: every credential change NOTIFYs `identity_credentials`, which
 * this process hears on its change bus and answers by dropping everything it cached.
 */
export class RemoteAuthority implements Authority, OriginAuthority {
  private readonly keys = new TtlCache<{ tenantId: string; salesChannelIds: string[] } | null>();
  private readonly agents = new TtlCache<{ id: string; tenantId: string; scope: string } | null>();
  private readonly access = new TtlCache<{ origins: string[]; servers: string[] }>();
  private readonly anyOrigin = new TtlCache<boolean>(1000);

  constructor(
    private readonly graph: GraphClient,
    private readonly log: Logger,
  ) {}

  async start(bus: ChangeBus): Promise<void> {
    await bus.on(CREDENTIALS_CHANNEL, () => this.forget());
  }

  forget(): void {
    this.keys.clear();
    this.agents.clear();
    this.access.clear();
    this.anyOrigin.clear();
  }

  private ask<R, V>(document: TypedDocumentNode<R, V>, variables: V): Promise<R> {
    return this.graph.execute(internalContext(this.log, null, 'auth'), document, variables);
  }

  async tenantForPublishableKey(key: string): Promise<string | null> {
    return (await this.publishableKey(key))?.tenantId ?? null;
  }

  async publishableKey(key: string): Promise<{ tenantId: string; salesChannelIds: string[] } | null> {
    if (key.length > 200) return null;
    const hit = this.keys.get(key);
    if (hit !== undefined) return hit;
    const { authPublishableKey: k } = await this.ask(GatewayPublishableKeyDocument, { key });
    const value = k ? { tenantId: k.tenant_id, salesChannelIds: k.sales_channel_ids } : null;
    this.keys.set(key, value, value ? 60_000 : 5_000);
    return value;
  }

  async agentForKey(key: string): Promise<{ id: string; tenantId: string; scope: string } | null> {
    if (key.length > 300) return null;
    const hit = this.agents.get(key);
    if (hit !== undefined) return hit;
    const { authAgentKey: a } = await this.ask(GatewayAgentKeyDocument, { key });
    const value = a ? { id: a.id, tenantId: a.tenant_id, scope: a.scope } : null;
    this.agents.set(key, value, value ? 60_000 : 5_000);
    return value;
  }

  async session(sid: string) {
    if (sid.length > 60) return null;
    const { authSession: s } = await this.ask(GatewaySessionDocument, { id: sid });
    return s ? { tenantId: s.tenant_id, actorType: s.actor_type, actorId: s.actor_id, identityId: s.identity_id, open: s.open } : null;
  }

  private async storeAccess(tenantId: string): Promise<{ origins: string[]; servers: string[] }> {
    const hit = this.access.get(tenantId);
    if (hit) return hit;
    const { authStoreAccess: a } = await this.ask(GatewayStoreAccessDocument, { tenant_id: tenantId });
    const value = { origins: a.allowed_origins, servers: a.storefront_servers };
    this.access.set(tenantId, value, 60_000);
    return value;
  }

  async allowedOrigins(tenantId: string): Promise<string[]> {
    return (await this.storeAccess(tenantId)).origins;
  }

  async storefrontServers(tenantId: string): Promise<string[]> {
    return (await this.storeAccess(tenantId)).servers;
  }

  async anyTenantAllows(origin: string): Promise<boolean> {
    if (origin.length > 300) return false;
    const hit = this.anyOrigin.get(origin);
    if (hit !== undefined) return hit;
    const { authOriginAllowed } = await this.ask(GatewayOriginAllowedDocument, { origin });
    this.anyOrigin.set(origin, authOriginAllowed, 60_000);
    return authOriginAllowed;
  }

  async consumeAntispam(tenantId: string, payload: string): Promise<boolean> {
    const { consumeAntispamSolution } = await this.ask(GatewayConsumeAntispamDocument, { tenant_id: tenantId, payload });
    return consumeAntispamSolution;
  }
}
