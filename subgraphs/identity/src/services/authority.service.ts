import { checkSolution, hashApiKey, issueChallenge, type AntispamChallenge, type ChangeBus, normalizeOrigin, TtlCache, type Store } from '@svc/kit';
import { CREDENTIALS_CHANNEL } from './tenant.service';

export interface SessionFacts {
  tenantId: string;
  actorType: string;
  actorId: string;
  identityId: string;
  open: boolean;
}

export interface AgentIdentity {
  id: string;
  tenantId: string;
  /** `agent` or `analyst` */
  scope: string;
}

/**
 * What the gateway asks identity while building a request context: which tenant a publishable
 * key names, which agent an API key is, whether a session is still open, anti-spam checks.
 * Read-mostly lookups are cached and invalidated through the change bus.
 */
export class AuthorityService {
  private readonly keys = new TtlCache<{ tenantId: string; salesChannelIds: string[] } | null>();
  private readonly agents = new TtlCache<AgentIdentity | null>();
  private readonly secrets = new TtlCache<{ secret: string; maxNumber: number } | null>(2000);
  private readonly origins = new TtlCache<string[]>(10_000);
  private readonly servers = new TtlCache<string[]>(10_000);
  private knownOrigins?: { set: Set<string>; until: number };

  constructor(
    private readonly store: Store,
    /** difficulty of tenants that set none */
    private readonly defaultMaxNumber: number,
  ) {}

  async start(bus: ChangeBus): Promise<void> {
    await bus.on(CREDENTIALS_CHANNEL, () => this.forget());
  }

  /** Drops every cached credential and store setting (they are read anew on next use). */
  forget(): void {
    this.keys.clear();
    this.origins.clear();
    this.servers.clear();
    this.knownOrigins = undefined;
    this.agents.clear();
    this.secrets.clear();
  }

  private rows<T>(sql: string, params: unknown[]): Promise<T[]> {
    return this.store.sql<T>(null, sql, params);
  }

  /** tenant id for an active publishable key, or null */
  async tenantForPublishableKey(key: string): Promise<string | null> {
    return (await this.publishableKey(key))?.tenantId ?? null;
  }

  /** A live publishable key: its tenant and sales channels (cached; dropped when credentials change). */
  async publishableKey(key: string): Promise<{ tenantId: string; salesChannelIds: string[] } | null> {
    if (key.length > 200) return null;
    const hit = this.keys.get(key);
    if (hit !== undefined) return hit;
    const [row] = await this.rows<{ tenant_id: string; sales_channel_ids: string[] | null }>(
      `select tenant_id, sales_channel_ids from ${this.store.table('publishable_key')} where token = ? and revoked_at is null`,
      [key],
    );
    const value = row ? { tenantId: row.tenant_id, salesChannelIds: row.sales_channel_ids ?? [] } : null;
    this.keys.set(key, value, value ? 60_000 : 5_000);
    return value;
  }

  async agentForKey(key: string): Promise<AgentIdentity | null> {
    if (key.length > 300) return null;
    const digest = hashApiKey(key);
    const hit = this.agents.get(digest);
    if (hit !== undefined) return hit;
    const [row] = await this.rows<{ id: string; tenant_id: string; scope: string }>(
      `select id, tenant_id, scope from ${this.store.table('agent_api_key')} where key_hash = ? and revoked_at is null`,
      [digest],
    );
    const value = row ? { id: row.id, tenantId: row.tenant_id, scope: row.scope } : null;
    this.agents.set(digest, value, value ? 60_000 : 5_000);
    return value;
  }

  /**
   * The session a token names, checked on every use (a revoked token is refused at once): its
   * tenant, actor and identity, and whether it is still open. The gateway compares these with the
   * token's claims, so a token signed with the right secret but naming another session's actor or
   * tenant is refused.
   */
  async session(sid: string): Promise<SessionFacts | null> {
    if (sid.length > 60) return null;
    const [row] = await this.rows<{ tenant_id: string; actor_type: string; actor_id: string; identity_id: string; open: boolean }>(
      `select tenant_id, actor_type, actor_id, identity_id, (revoked_at is null and expires_at > now()) as open from ${this.store.table('auth_session')} where id = ?`,
      [sid],
    );
    return row ? { tenantId: row.tenant_id, actorType: row.actor_type, actorId: row.actor_id, identityId: row.identity_id, open: row.open === true } : null;
  }

  /** The storefront origins a tenant allows (CORS), cached and dropped when credentials change. */
  async allowedOrigins(tenantId: string): Promise<string[]> {
    const hit = this.origins.get(tenantId);
    if (hit) return hit;
    const [row] = await this.rows<{ allowed_origins: string[] }>(`select allowed_origins from ${this.store.table('tenant')} where id = ?`, [tenantId]);
    const value = (row?.allowed_origins ?? []).map(normalizeOrigin).filter((o): o is string => !!o);
    this.origins.set(tenantId, value, 60_000);
    return value;
  }

  /** The tenant's storefront server addresses (cached like its origins). */
  async storefrontServers(tenantId: string): Promise<string[]> {
    const hit = this.servers.get(tenantId);
    if (hit) return hit;
    const [row] = await this.rows<{ storefront_servers: string[] | null }>(`select storefront_servers from ${this.store.table('tenant')} where id = ?`, [
      tenantId,
    ]);
    const value = row?.storefront_servers ?? [];
    this.servers.set(tenantId, value, 60_000);
    return value;
  }

  /** Every origin some tenant allows (for preflights, which carry no publishable key). */
  async anyTenantAllows(origin: string): Promise<boolean> {
    if (!this.knownOrigins || this.knownOrigins.until < Date.now()) {
      const rows = await this.rows<{ o: string }>(`select distinct jsonb_array_elements_text(allowed_origins) as o from ${this.store.table('tenant')}`, []);
      this.knownOrigins = { set: new Set(rows.map((r) => normalizeOrigin(r.o)).filter((o): o is string => !!o)), until: Date.now() + 60_000 };
    }
    return this.knownOrigins.set.has(origin);
  }

  /** The tenant's anti-spam signing secret and difficulty (cached). */
  private async antispam(tenantId: string): Promise<{ secret: string; maxNumber: number } | null> {
    const hit = this.secrets.get(tenantId);
    if (hit !== undefined) return hit;
    const [row] = await this.rows<{ antispam_secret: string; antispam_max_number: number | null }>(
      `select antispam_secret, antispam_max_number from ${this.store.table('tenant')} where id = ?`,
      [tenantId],
    );
    const value = row ? { secret: row.antispam_secret, maxNumber: row.antispam_max_number ?? this.defaultMaxNumber } : null;
    this.secrets.set(tenantId, value, 300_000);
    return value;
  }

  async challenge(tenantId: string): Promise<AntispamChallenge> {
    const a = await this.antispam(tenantId);
    if (!a) throw new Error(`tenant ${tenantId} has no anti-spam secret`);
    return issueChallenge(a.secret, a.maxNumber);
  }

  /** Verifies a solved challenge and records it, so that the same solution is accepted once. */
  async consumeAntispam(tenantId: string, payload: string): Promise<boolean> {
    const a = await this.antispam(tenantId);
    if (!a) return false;
    const check = await checkSolution(payload, a.secret);
    if (!check.ok || !check.challengeId) return false;
    const inserted = await this.rows<{ challenge_id: string }>(
      `insert into ${this.store.table('antispam_use')} (challenge_id, tenant_id, expires_at) values (?, ?, ?)
       on conflict (challenge_id) do nothing returning challenge_id`,
      [check.challengeId, tenantId, new Date(check.expiresAt!)],
    );
    if (Math.random() < 0.01) {
      void this.rows(`delete from ${this.store.table('antispam_use')} where expires_at < now()`, []).catch(() => undefined);
    }
    return inserted.length === 1;
  }
}
