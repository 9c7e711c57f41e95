import path from 'node:path';
import { defineDomain } from '@svc/kit';
import { Tenant } from './entities/tenant.entity';
import { AdminUser, AgentApiKey, PublishableKey } from './entities/credentials.entity';
import { AntispamUse, AuthIdentity, AuthSession, MailedToken } from './entities/auth.entity';
import { Customer, CustomerAddress } from './entities/customer.entity';
import { SocialLink, SocialProvider, SocialState } from './entities/social.entity';
import { PrivacyRequest, PrivacySettings } from './entities/privacy.entity';
import { PrivacyResolver } from './resolvers/privacy.resolver';
import { SocialResolver } from './resolvers/social.resolver';
import { AuthResolver } from './resolvers/auth.resolver';
import { CustomerResolver } from './resolvers/customer.resolver';
import { TenantResolver } from './resolvers/tenant.resolver';
import { ApiKeyResolver } from './resolvers/api-keys.resolver';
import { AuthorityResolver } from './resolvers/authority.resolver';
import { customerReference } from './resolvers/customer.reference';
import { createIdentityServices, type IdentityServices } from './services';
import { identityEvents } from './events';
import { identityRoutes } from './rest/routes';
import { migrations } from './migrations';
import { seedDemoIdentity } from './seed/demo-seed';
import { identitySettings, type IdentitySettings } from './settings';

/** identity: tenants, credentials (publishable keys, admin users, agent keys), sessions, customers, social sign-in. */
export const domain = defineDomain<IdentityServices, IdentitySettings>({
  name: 'identity',
  dbSchema: 'identity',
  entities: [
    Tenant,
    PublishableKey,
    AgentApiKey,
    AdminUser,
    AuthIdentity,
    AuthSession,
    AntispamUse,
    MailedToken,
    Customer,
    CustomerAddress,
    SocialProvider,
    SocialLink,
    SocialState,
    PrivacyRequest,
    PrivacySettings,
  ],
  settings: identitySettings,
  migrations,
  migrationsDir: path.join(__dirname, 'migrations'),
  resolvers: [AuthResolver, CustomerResolver, TenantResolver, SocialResolver, AuthorityResolver, ApiKeyResolver, PrivacyResolver],
  createServices: createIdentityServices,
  references: (s) => ({ Customer: customerReference(s) }),
  events: identityEvents,
  routes: identityRoutes,
  seed: seedDemoIdentity,
  jobs: [
    { name: 'purge-social-states', schedule: '*/10 * * * *', handler: async (_data, _ctx, s) => void (await s.social.purgeExpiredStates()) },
    { name: 'purge-privacy-exports', schedule: '17 * * * *', handler: async (_data, _ctx, s) => void (await s.privacy.purgeExpiredExports()) },
  ],
  ports: path.join(__dirname, 'ports'),
  operationsDir: path.join(__dirname, 'rest', 'operations'),
  start: async (s, deps) => s.authority.start(deps.bus),
  subscriptions: [
    // the reset mail leaves the request: asking answers alike for known and unknown addresses, and a refused mail is retried
    identityEvents.on<IdentityServices, 'auth.password_reset_requested'>('auth.password_reset_requested', 'mail-password-reset', (e, ctx, s) =>
      s.passwordResets.mail(ctx, e.data.id),
    ),
    identityEvents.on<IdentityServices, 'auth.email_verification_requested'>('auth.email_verification_requested', 'mail-email-verification', (e, ctx, s) =>
      s.verifications.mail(ctx, e.data.id, s.publicApiUrl()),
    ),
    // privacy requests leave the request: every domain is asked in turn, retried until all have answered
    identityEvents.on<IdentityServices, 'privacy.requested'>('privacy.requested', 'process-privacy-request', (e, ctx, s) => s.privacy.process(ctx, e.data.id)),
  ],
  stop: async (s) => {
    await s.throttle.close();
    await s.mailer.close();
  },
});

export type { IdentityServices };
export { identityEvents, identitySettings };
export { TenantService, type TenantCredentials, type CreateTenantArgs } from './services/tenant.service';
export { AuthorityService } from './services/authority.service';
export { CREDENTIALS_CHANNEL } from './services/tenant.service';
export { configureSocialProviderSchema, type ConfigureSocialProviderData } from './inputs/social.input';
export { SOCIAL_PROVIDERS, type SocialProviderKey } from './social/providers';
export { DEMO_CUSTOMER } from './seed/demo-seed';
export { DEV_CLIENT_ID } from './services/social.service';
