import { randomBytes } from 'node:crypto';
import {
  DomainError,
  Errors,
  hashApiKey,
  hashPassword,
  newSecret,
  normalizeOrigin,
  normalizeServerAddress,
  requireTenant,
  slugify,
  type RequestContext,
  type Store,
} from '@svc/kit';
import { Tenant } from '../entities/tenant.entity';
import { AdminUser, AgentApiKey, PublishableKey } from '../entities/credentials.entity';
import type { StoreSettingsData } from '../inputs/tenant.input';

export const CREDENTIALS_CHANNEL = 'identity_credentials';

export interface CreateTenantArgs {
  name: string;
  adminEmail: string;
  adminPassword?: string;
  allowedOrigins?: string[];
  /** the tenant's storefront server addresses or CIDR ranges */
  storefrontServers?: string[];
  /** fixed credentials (demo seed); generated when absent */
  handle?: string;
  publishableKey?: string;
  agentApiKey?: string;
}

export interface TenantCredentials {
  tenant_id: string;
  publishable_key: string;
  agent_api_key: string;
  admin_email: string;
  admin_password: string;
}

export class TenantService {
  constructor(
    private readonly store: Store,
    /** anti-spam difficulty of tenants that set none */
    private readonly defaultAntispamMaxNumber: number,
    /**
     * Called once a change of credentials or store settings committed: this process's caches drop
     * at once (other instances drop theirs when the notification reaches them).
     */
    private readonly committed: () => void,
    /** scrypt cost of the first admin's password hash (identity's `PASSWORD_HASH_COST`) */
    private readonly passwordHashCost: number,
  ) {}

  private settingsView(t: Tenant): StoreSettingsView {
    return {
      id: t.id,
      name: t.name,
      handle: t.handle,
      allowed_origins: t.allowedOrigins,
      storefront_servers: t.storefrontServers ?? [],
      antispam_max_number: t.antispamMaxNumber ?? this.defaultAntispamMaxNumber,
      social_login_cookie: t.socialLoginCookie,
      social_login_cookie_domain: t.socialLoginCookieDomain,
      password_reset_url: t.passwordResetUrl,
      email_verification_url: t.emailVerificationUrl,
      require_email_verification: t.requireEmailVerification,
    };
  }

  /** Creates a tenant with its publishable key, agent API key and first admin, in one transaction. */
  async create(ctx: RequestContext, a: CreateTenantArgs): Promise<TenantCredentials> {
    const email = a.adminEmail.trim().toLowerCase();
    const password = a.adminPassword ?? randomBytes(12).toString('base64url');
    const publishable = a.publishableKey ?? newSecret('pk', 24);
    const agentKey = a.agentApiKey ?? newSecret('sk', 32);
    const servers = serverAddresses(a.storefrontServers);
    const passwordHash = await hashPassword(password, this.passwordHashCost);
    const tenant = await this.store.transaction(
      ctx,
      async (tx, txCtx) => {
        if (await tx.findOne(AdminUser, { email })) {
          throw new DomainError('conflict', 'duplicate', `An admin user with email ${email} already exists`);
        }
        const t = new Tenant();
        t.name = a.name.trim();
        t.handle = a.handle ?? `${slugify(a.name, 60, 'store')}-${randomBytes(3).toString('hex')}`;
        t.antispamSecret = randomBytes(32).toString('base64url');
        t.allowedOrigins = [...new Set((a.allowedOrigins ?? []).map((o) => normalizeOrigin(o)).filter((o): o is string => !!o))];
        t.storefrontServers = servers ?? [];
        const pk = Object.assign(new PublishableKey(), { tenantId: t.id, token: publishable });
        const ak = Object.assign(new AgentApiKey(), { tenantId: t.id, keyHash: hashApiKey(agentKey), redacted: agentKey.slice(0, 8) });
        const admin = Object.assign(new AdminUser(), { tenantId: t.id, email, passwordHash });
        tx.persist([t, pk, ak, admin]);
        await tx.flush();
        await this.store.sql(txCtx, `select pg_notify('${CREDENTIALS_CHANNEL}', ?)`, [t.id]);
        return t;
      },
      { global: true },
    );
    this.committed();
    ctx.log.info({ tenantId: tenant.id }, 'tenant created');
    return { tenant_id: tenant.id, publishable_key: publishable, agent_api_key: agentKey, admin_email: email, admin_password: password };
  }

  /** Whether a tenant with this id exists (operator commands name tenants by id). */
  async exists(id: string): Promise<boolean> {
    return !!(await this.store.emGlobal().findOne(Tenant, { id }));
  }

  /** The signed-in admin's store (tenant) settings. */
  async settings(ctx: RequestContext): Promise<StoreSettingsView> {
    const t = await this.store.emGlobal(ctx).findOne(Tenant, { id: requireTenant(ctx) });
    if (!t) throw Errors.notFound('Store');
    return this.settingsView(t);
  }

  /**
   * Changes the store's settings that are given: the storefront origins CORS allows, the anti-spam
   * difficulty (null: the platform default). Every instance drops its cached copy on commit.
   */
  async updateSettings(ctx: RequestContext, input: StoreSettingsData): Promise<StoreSettingsView> {
    const servers = serverAddresses(input.storefront_servers);
    const tenantId = requireTenant(ctx);
    const origins = input.allowed_origins ? [...new Set(input.allowed_origins.map((o) => normalizeOrigin(o)))] : undefined;
    if (origins?.some((o) => !o)) throw Errors.invalidField('allowed_origins', 'allowed_origins must be http(s) origins such as https://shop.example.com');
    const view = await this.store.transaction(
      ctx,
      async (em, tx) => {
        const t = await em.findOne(Tenant, { id: tenantId });
        if (!t) throw Errors.notFound('Store');
        if (origins) t.allowedOrigins = origins as string[];
        if (servers) t.storefrontServers = servers;
        if (input.antispam_max_number !== undefined) t.antispamMaxNumber = input.antispam_max_number;
        if (input.social_login_cookie !== undefined && input.social_login_cookie !== null) t.socialLoginCookie = input.social_login_cookie;
        if (input.social_login_cookie_domain !== undefined) t.socialLoginCookieDomain = input.social_login_cookie_domain?.toLowerCase() ?? null;
        if (input.password_reset_url !== undefined) t.passwordResetUrl = input.password_reset_url;
        if (input.email_verification_url !== undefined) t.emailVerificationUrl = input.email_verification_url;
        if (input.require_email_verification !== undefined && input.require_email_verification !== null)
          t.requireEmailVerification = input.require_email_verification;
        await em.flush();
        await this.store.sql(tx, `select pg_notify('${CREDENTIALS_CHANNEL}', ?)`, [t.id]);
        return this.settingsView(t);
      },
      { global: true },
    );
    this.committed();
    return view;
  }

  /** The tenant's live publishable keys. */
  async publishableKeys(ctx: RequestContext) {
    const rows = await this.store.emGlobal(ctx).find(PublishableKey, { tenantId: requireTenant(ctx), revokedAt: null }, { orderBy: { createdAt: 'asc' } });
    return rows.map(keyView);
  }

  /** The sales channels a key sees (ids of the catalog's channels; [] = every product). Caches drop on commit. */
  async setKeySalesChannels(ctx: RequestContext, id: string, ids: string[]) {
    const tenantId = requireTenant(ctx);
    if (ids.length > 50 || ids.some((x) => !/^[A-Za-z0-9_]{1,40}$/.test(x)))
      throw Errors.invalidField('sales_channel_ids', 'sales_channel_ids are at most 50 channel ids');
    const view = await this.store.transaction(
      ctx,
      async (em, tx) => {
        const k = await em.findOne(PublishableKey, { id, tenantId, revokedAt: null });
        if (!k) throw Errors.notFound('Publishable key', id);
        k.salesChannelIds = [...new Set(ids)];
        await em.flush();
        await this.store.sql(tx, `select pg_notify('${CREDENTIALS_CHANNEL}', ?)`, [tenantId]);
        return keyView(k);
      },
      { global: true },
    );
    this.committed();
    return view;
  }

  /**
   * A new API key of the analyst scope: it reads the store's analytics (admin GraphQL and the
   * NDJSON export) and nothing else. The key is answered once; only its digest is stored.
   */
  async createAnalystKey(ctx: RequestContext, title: string): Promise<{ id: string; title: string; scope: string; key: string; redacted: string }> {
    const tenantId = requireTenant(ctx);
    const key = newSecret('sk_analyst', 32);
    return this.store.transaction(
      ctx,
      async (em) => {
        const k = Object.assign(new AgentApiKey(), { tenantId, keyHash: hashApiKey(key), redacted: key.slice(0, 14), title, scope: 'analyst' as const });
        em.persist(k);
        await em.flush();
        return { id: k.id, title: k.title, scope: k.scope, key, redacted: k.redacted };
      },
      { global: true },
    );
  }

  async findByHandle(handle: string): Promise<Tenant | null> {
    return this.store.emGlobal().findOne(Tenant, { handle });
  }
}

/** Normalised storefront server addresses; 400 for anything that is not an address or a CIDR range. */
function serverAddresses(list: string[] | null | undefined): string[] | undefined {
  if (!list) return undefined;
  const out = list.map((a) => normalizeServerAddress(a));
  if (out.some((a) => !a))
    throw Errors.invalidField('storefront_servers', 'storefront_servers are IP addresses or CIDR ranges such as 203.0.113.7 or 10.0.0.0/8');
  return [...new Set(out as string[])];
}

export interface StoreSettingsView {
  id: string;
  name: string;
  handle: string;
  allowed_origins: string[];
  storefront_servers: string[];
  /** the difficulty in force (the tenant's own or the platform default) */
  antispam_max_number: number;
  social_login_cookie: boolean;
  social_login_cookie_domain: string | null;
  password_reset_url: string | null;
  email_verification_url: string | null;
  require_email_verification: boolean;
}

const keyView = (k: PublishableKey) => ({
  id: k.id,
  title: k.title,
  token: k.token,
  sales_channel_ids: k.salesChannelIds ?? [],
  created_at: k.createdAt.toISOString(),
});
