import type { EntityManager } from '@mikro-orm/core';
import { Errors, hashApiKey, newSecret, requireTenant, type RequestContext, type Store } from '@svc/kit';
import { AgentApiKey, PublishableKey } from '../entities/credentials.entity';
import { identityEvents } from '../events';
import { CREDENTIALS_CHANNEL } from './tenant.service';

/** live keys of one kind a store may hold at once */
export const MAX_LIVE_KEYS = 20;

export interface AgentKeyView {
  id: string;
  title: string;
  /** the key's first characters */
  redacted: string;
  created_at: string;
}

export interface PublishableKeyView {
  id: string;
  title: string;
  token: string;
  sales_channel_ids: string[];
  created_at: string;
}

const agentView = (k: AgentApiKey): AgentKeyView => ({ id: k.id, title: k.title, redacted: k.redacted, created_at: k.createdAt.toISOString() });
const publishableView = (k: PublishableKey): PublishableKeyView => ({
  id: k.id,
  title: k.title,
  token: k.token,
  sales_channel_ids: k.salesChannelIds ?? [],
  created_at: k.createdAt.toISOString(),
});

function title(raw: string | null | undefined, fallback: string): string {
  if (raw === null || raw === undefined) return fallback;
  const t = raw.trim();
  if (!t || t.length > 200) throw Errors.invalidField('title', 'title is 1 to 200 characters');
  return t;
}

/**
 * A store admin's own credentials: agent API keys (the key is shown once, only its SHA-256 digest
 * is kept) and publishable keys, created and revoked. A revoked key stops working at once on every
 * instance (the credentials notification drops the caches); another store's key answers 404.
 */
export class ApiKeyService {
  constructor(
    private readonly store: Store,
    /** this process's credential caches drop once a change committed */
    private readonly committed: () => void,
  ) {}

  /** The store's live agent keys, oldest first (never the key itself). */
  async agentKeys(ctx: RequestContext): Promise<AgentKeyView[]> {
    const rows = await this.store
      .emGlobal(ctx)
      .find(AgentApiKey, { tenantId: requireTenant(ctx), revokedAt: null }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    return rows.map(agentView);
  }

  /** A new agent key; the answer is the only time the key is seen. */
  async createAgentKey(ctx: RequestContext, rawTitle: string | null | undefined): Promise<AgentKeyView & { key: string }> {
    const tenantId = requireTenant(ctx);
    const name = title(rawTitle, 'Agent');
    const key = newSecret('sk', 32);
    const view = await this.write(ctx, async (em) => {
      if ((await em.count(AgentApiKey, { tenantId, revokedAt: null })) >= MAX_LIVE_KEYS)
        throw Errors.conflict('too_many_keys', `A store holds at most ${MAX_LIVE_KEYS} live agent API keys: revoke one first`);
      const k = Object.assign(new AgentApiKey(), { tenantId, keyHash: hashApiKey(key), redacted: key.slice(0, 8), title: name });
      em.persist(k);
      identityEvents.emit(em, ctx, 'api_key.created', { id: k.id, kind: 'agent', title: name });
      return agentView(k);
    });
    return { ...view, key };
  }

  async revokeAgentKey(ctx: RequestContext, id: string): Promise<AgentKeyView> {
    const tenantId = requireTenant(ctx);
    return this.write(ctx, async (em) => {
      const k = await em.findOne(AgentApiKey, { id, tenantId, revokedAt: null });
      if (!k) throw Errors.notFound('Agent API key', id);
      k.revokedAt = new Date();
      identityEvents.emit(em, ctx, 'api_key.revoked', { id: k.id, kind: 'agent', title: k.title });
      return agentView(k);
    });
  }

  /** A new publishable key (not a secret: listed with its token like the others). */
  async createPublishableKey(ctx: RequestContext, rawTitle: string | null | undefined): Promise<PublishableKeyView> {
    const tenantId = requireTenant(ctx);
    const name = title(rawTitle, 'Storefront');
    return this.write(ctx, async (em) => {
      if ((await em.count(PublishableKey, { tenantId, revokedAt: null })) >= MAX_LIVE_KEYS)
        throw Errors.conflict('too_many_keys', `A store holds at most ${MAX_LIVE_KEYS} live publishable keys: revoke one first`);
      const k = Object.assign(new PublishableKey(), { tenantId, token: newSecret('pk', 24), title: name });
      em.persist(k);
      identityEvents.emit(em, ctx, 'api_key.created', { id: k.id, kind: 'publishable', title: name });
      return publishableView(k);
    });
  }

  /** Revokes a publishable key; the store's last live one stays (its storefronts would go dark): 409 last_publishable_key. */
  async revokePublishableKey(ctx: RequestContext, id: string): Promise<PublishableKeyView> {
    const tenantId = requireTenant(ctx);
    return this.write(ctx, async (em) => {
      const k = await em.findOne(PublishableKey, { id, tenantId, revokedAt: null });
      if (!k) throw Errors.notFound('Publishable key', id);
      if ((await em.count(PublishableKey, { tenantId, revokedAt: null })) <= 1)
        throw Errors.conflict('last_publishable_key', "The store's last publishable key cannot be revoked: create its successor first");
      k.revokedAt = new Date();
      identityEvents.emit(em, ctx, 'api_key.revoked', { id: k.id, kind: 'publishable', title: k.title });
      return publishableView(k);
    });
  }

  /**
   * One unit of work on the store's keys, announced to every instance on commit. Writers of one
   * store take turns (an advisory lock), so the counts they check (at most 20 live keys, never the
   * last publishable key revoked) hold when two of them race.
   */
  private async write<T>(ctx: RequestContext, fn: (em: EntityManager) => Promise<T>): Promise<T> {
    const tenantId = requireTenant(ctx);
    const out = await this.store.transaction(
      ctx,
      async (em, tx) => {
        await this.store.lock(tx, 'api_keys');
        const r = await fn(em);
        await em.flush();
        await this.store.sql(tx, `select pg_notify('${CREDENTIALS_CHANNEL}', ?)`, [tenantId]);
        return r;
      },
      { global: true },
    );
    this.committed();
    return out;
  }
}
