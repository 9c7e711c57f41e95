import { randomBytes } from 'node:crypto';
import {
  SeedRecord,
  internalContext,
  systemContext,
  type DomainDefinition,
  type GraphClient,
  type Logger,
  type PlatformConfig,
  type SubgraphRuntime,
} from '@svc/kit';
import type { IdentityServices } from '@svc/identity';
import { DEMO_CUSTOMER, DEV_CLIENT_ID } from '@svc/identity';
import { startDevOidcProvider, type DevOidcProvider } from './dev-idp';
import type { Platform } from './platform';
import { GatewayDemoSalesChannelsDocument } from './ports/generated';

export const DEMO_TENANT_HANDLE = 'demo';

/** Absolute base URL for links in seeded data (PUBLIC_URL, else the listener). */
export const publicUrlOf = (p: Pick<Platform, 'config' | 'url'>) => p.config.publicUrl ?? p.url;

/** What seeding the demo store needs from the process that runs some domains. */
export interface DemoSeedArgs {
  /**
   * every domain of the registry, in order: the manifests of the domains this process runs, the
   * names of the others (a scale-out process does not load their code)
   */
  domains: ReadonlyArray<Pick<DomainDefinition, 'name'> & Partial<Pick<DomainDefinition, 'seed'>>>;
  /** the domains this process runs */
  runtimes: Record<string, SubgraphRuntime<any>>;
  /** the supergraph (the key's sales channels are asked of the catalog through it) */
  graph: GraphClient;
  config: PlatformConfig;
  log: Logger;
  publicUrl: string;
  staticDir: string;
  dbUrl: string;
  /** how long a domain waits for the domains before it (default 120 s) */
  waitMs?: number;
  /** true once the process shuts down: waiting ends and nothing more is seeded */
  stopping?: () => boolean;
}

/** The pseudo-domain of the seed record that says the demo key was given the catalog's channels. */
export const DEMO_KEY_CHANNELS = 'identity:key-channels';

/**
 * Seeds the demo store (tenant `demo`) for the domains this process runs, each once across all
 * processes (the durable record `platform_seed.demo_seed`, see kit's SeedRecord): identity creates
 * the tenant with the DEMO_* credentials; every other domain waits (bounded, with backoff) until
 * the domains before it in registry order have marked their records (each marks it once its part
 * is done, with a `seed` hook or without), then runs its manifest's `seed` hook. In
 * one process that is the registry order; across processes the same order holds, since a seed
 * may read earlier domains through the supergraph. Returns true when this call created the tenant.
 */
export async function seedDemoDomains(a: DemoSeedArgs): Promise<boolean> {
  const record = await SeedRecord.open(a.dbUrl);
  const waitMs = a.waitMs ?? 120_000;
  const stopping = a.stopping ?? (() => false);
  let created = false;
  try {
    for (const [i, def] of a.domains.entries()) {
      const rt = a.runtimes[def.name];
      if (!rt || stopping()) continue;
      await record.exclusive(def.name, async () => {
        if (await record.seeded(def.name)) return;
        let tenantId: string;
        if (def.name === 'identity') {
          const identity = rt.services as IdentityServices;
          const existing = await identity.tenants.findByHandle(DEMO_TENANT_HANDLE);
          if (existing) {
            // seeded before the record existed (one process seeded every domain then)
            for (const d of a.domains) await record.mark(d.name, existing.id);
            await record.mark(DEMO_KEY_CHANNELS, existing.id);
            return;
          }
          const creds = await identity.tenants.create(systemContext(a.log, null, 'seed'), {
            name: 'Demo Store',
            handle: DEMO_TENANT_HANDLE,
            adminEmail: a.config.demo.adminEmail,
            adminPassword: a.config.demo.adminPassword,
            publishableKey: a.config.demo.publishableKey,
            agentApiKey: a.config.demo.agentApiKey,
          });
          tenantId = creds.tenant_id;
          created = true;
        } else {
          // every domain marks its record once its part is done (with a seed hook or without)
          const earlier = [
            'identity',
            ...a.domains
              .slice(0, i)
              .filter((d) => d.name !== 'identity')
              .map((d) => d.name),
          ];
          const missing = await record.waitFor(earlier, waitMs, a.log, stopping);
          if (stopping()) return;
          const id = await record.seeded('identity');
          if (!id) {
            a.log.warn({ domain: def.name }, 'demo seed skipped: identity did not create the demo store in time');
            return;
          }
          if (missing.length) a.log.warn({ domain: def.name, missing }, 'demo seed: earlier domains did not seed in time; seeding without them');
          tenantId = id;
        }
        if (def.seed) {
          await def.seed(rt.services, { ctx: systemContext(a.log, tenantId, 'seed'), tenantId, publicUrl: a.publicUrl, staticDir: a.staticDir, log: a.log });
          a.log.debug({ domain: def.name }, 'demo content seeded');
        }
        await record.mark(def.name, tenantId);
      });
    }
    if (a.runtimes.identity && !stopping()) await wireDemoKey(a, record, waitMs, stopping);
  } finally {
    await record.close();
  }
  if (created) a.log.info('demo store seeded');
  return created;
}

/** The demo key sells through the catalog's channels (Medusa: a publishable key scopes sales channels). */
async function wireDemoKey(a: DemoSeedArgs, record: SeedRecord, waitMs: number, stopping: () => boolean): Promise<void> {
  await record.exclusive(DEMO_KEY_CHANNELS, async () => {
    if (await record.seeded(DEMO_KEY_CHANNELS)) return;
    const tenantId = await record.seeded('identity');
    if (!tenantId) return;
    if (a.domains.some((d) => d.name === 'catalog')) {
      if ((await record.waitFor(['catalog'], waitMs, a.log, stopping)).length) {
        if (!stopping()) a.log.warn('demo seed: the catalog did not seed in time; the demo key keeps every sales channel');
        return;
      }
      // the catalog's sales channels are an admin read: the platform asks as the store's admin and itself
      const ctx = { ...internalContext(a.log, tenantId, 'seed'), roles: ['operator', 'admin'] };
      const { salesChannels } = await a.graph.execute(ctx, GatewayDemoSalesChannelsDocument, {});
      const identity = a.runtimes.identity.services as IdentityServices;
      const tctx = systemContext(a.log, tenantId, 'seed');
      const [key] = await identity.tenants.publishableKeys(tctx);
      if (key && salesChannels.length)
        await identity.tenants.setKeySalesChannels(
          tctx,
          key.id,
          salesChannels.map((c) => c.id),
        );
    }
    await record.mark(DEMO_KEY_CHANNELS, tenantId);
  });
}

/** Seeds the demo store for the platform's in-process domains (see seedDemoDomains). */
export async function seedDemo(p: Platform): Promise<boolean> {
  return seedDemoDomains({
    domains: p.domains,
    runtimes: p.subgraphs,
    graph: p.graph,
    config: p.config,
    log: p.log,
    publicUrl: publicUrlOf(p),
    staticDir: p.staticDir,
    dbUrl: p.db.url,
  });
}

/**
 * The demo store's "Sign in with Google", without Google: a development OpenID provider (any login
 * name signs in, with the address <name>@demo.store) started with the platform, and the demo's
 * Google settings pointed at it. Skipped when the demo's admin has configured Google with a client
 * of their own; never in production.
 */
export async function startDemoSignIn(p: Platform): Promise<DevOidcProvider | null> {
  if (!p.identity || !p.url) return null;
  const tenant = await p.identity.tenants.findByHandle(DEMO_TENANT_HANDLE);
  if (!tenant) return null;
  const ctx = systemContext(p.log, tenant.id, 'demo-idp');
  const redirect = await p.identity.social.devProviderRedirect(ctx);
  if (!redirect) return null;
  const secret = randomBytes(24).toString('base64url');
  let idp: DevOidcProvider;
  try {
    idp = await startDevOidcProvider({
      port: p.config.demoIdp.port,
      emailDomain: 'demo.store',
      clients: [{ client_id: DEV_CLIENT_ID, client_secret: secret, redirect_uris: [redirect], token_endpoint_auth_method: 'client_secret_post' }],
      accounts: [{ sub: DEMO_CUSTOMER.login, email: DEMO_CUSTOMER.email, email_verified: true, name: 'Jane Doe', given_name: 'Jane', family_name: 'Doe' }],
    });
  } catch (err) {
    p.log.warn(
      { err: (err as Error).message },
      'the demo sign-in provider did not start (DEMO_IDP_PORT taken?); the demo store has no Google sign-in this time',
    );
    return null;
  }
  await p.identity.social.useDevProvider(ctx, idp.issuer, secret);
  return idp;
}
