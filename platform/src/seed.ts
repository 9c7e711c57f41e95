import { randomBytes } from 'node:crypto';
import { systemContext } from '@svc/kit';
import { DEMO_CUSTOMER, DEV_CLIENT_ID } from '@svc/identity';
import { startDevOidcProvider, type DevOidcProvider } from './dev-idp';
import type { Platform } from './platform';

export const DEMO_TENANT_HANDLE = 'demo';

/** Absolute base URL for links in seeded data (PUBLIC_URL, else the listener). */
export const publicUrlOf = (p: Pick<Platform, 'config' | 'url'>) => p.config.publicUrl ?? p.url;

/**
 * Seeds the demo store once (tenant `demo`): identity creates the tenant with the DEMO_*
 * credentials, then every in-process domain's `seed` hook fills it, in domain order.
 */
export async function seedDemo(p: Platform): Promise<boolean> {
  if (await p.identity.tenants.findByHandle(DEMO_TENANT_HANDLE)) return false;
  const creds = await p.identity.tenants.create(systemContext(p.log, null, 'seed'), {
    name: 'Demo Store',
    handle: DEMO_TENANT_HANDLE,
    adminEmail: p.config.demo.adminEmail,
    adminPassword: p.config.demo.adminPassword,
    publishableKey: p.config.demo.publishableKey,
    agentApiKey: p.config.demo.agentApiKey,
  });
  const ctx = systemContext(p.log, creds.tenant_id, 'seed');
  for (const def of p.domains) {
    const rt = p.subgraphs[def.name];
    if (!def.seed || !rt) continue;
    await def.seed(rt.services, { ctx, tenantId: creds.tenant_id, publicUrl: publicUrlOf(p), staticDir: p.staticDir, log: p.log });
    p.log.debug({ domain: def.name }, 'demo content seeded');
  }
  // the demo key sells through the catalog's channels (Medusa: a publishable key scopes sales channels)
  const catalog = p.subgraphs.catalog?.services as { salesChannels?: { list(c: typeof ctx): Promise<Array<{ id: string }>> } } | undefined;
  const channels = (await catalog?.salesChannels?.list(ctx)) ?? [];
  if (channels.length) {
    const [key] = await p.identity.tenants.publishableKeys(ctx);
    if (key) await p.identity.tenants.setKeySalesChannels(ctx, key.id, channels.map((c) => c.id));
  }
  p.log.info({ tenantId: creds.tenant_id }, 'demo store seeded');
  return true;
}

/**
 * The demo store's "Sign in with Google", without Google: a development OpenID provider (any login
 * name signs in, with the address <name>@demo.store) started with the platform, and the demo's
 * Google settings pointed at it. Skipped when the demo's admin has configured Google with a client
 * of their own; never in production.
 */
export async function startDemoSignIn(p: Platform): Promise<DevOidcProvider | null> {
  const tenant = await p.identity.tenants.findByHandle(DEMO_TENANT_HANDLE);
  if (!tenant || !p.url) return null;
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
    p.log.warn({ err: (err as Error).message }, 'the demo sign-in provider did not start (DEMO_IDP_PORT taken?); the demo store has no Google sign-in this time');
    return null;
  }
  await p.identity.social.useDevProvider(ctx, idp.issuer, secret);
  return idp;
}
