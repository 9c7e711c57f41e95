import path from 'node:path';
import { defineDomain } from '@svc/kit';
import { Tenant } from './entities/tenant.entity';
import { AdminMembership, AdminUser, AgentApiKey, PublishableKey } from './entities/credentials.entity';
import { AntispamUse, AuthIdentity, AuthSession, MailedToken } from './entities/auth.entity';
import { Customer, CustomerAddress } from './entities/customer.entity';
import { SocialLink, SocialProvider, SocialState } from './entities/social.entity';
import { PrivacyRequest, PrivacySettings } from './entities/privacy.entity';
import { MailSettings } from './entities/mail-settings.entity';
import { MailSettingsResolver } from './resolvers/mail-settings.resolver';
import { PrivacyResolver } from './resolvers/privacy.resolver';
import { SocialResolver } from './resolvers/social.resolver';
import { AuthResolver } from './resolvers/auth.resolver';
import { CustomerResolver } from './resolvers/customer.resolver';
import { TenantResolver } from './resolvers/tenant.resolver';
import { ApiKeyResolver } from './resolvers/api-keys.resolver';
import { StoreAdminResolver } from './resolvers/store-admins.resolver';
import { AuthorityResolver } from './resolvers/authority.resolver';
import { AccountResolver } from './resolvers/account.resolver';
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
    AdminMembership,
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
    MailSettings,
  ],
  settings: identitySettings,
  migrations,
  migrationsDir: path.join(__dirname, 'migrations'),
  // writes that never change a public read (kit read-changes.ts): sessions, one-time tokens, sign-in state: nothing a public read shows
  readCacheIgnores: ['auth_session', 'auth_identity', 'antispam_use', 'mailed_token', 'social_state', 'privacy_request', 'mail_settings', 'admin_membership'],
  resolvers: [
    AuthResolver,
    CustomerResolver,
    TenantResolver,
    SocialResolver,
    AuthorityResolver,
    ApiKeyResolver,
    StoreAdminResolver,
    AccountResolver,
    PrivacyResolver,
    MailSettingsResolver,
  ],
  createServices: createIdentityServices,
  references: (s) => ({ Customer: customerReference(s) }),
  events: identityEvents,
  routes: identityRoutes,
  seed: seedDemoIdentity,
  jobs: [
    { name: 'purge-social-states', schedule: '*/10 * * * *', handler: async (_data, _ctx, s) => void (await s.social.purgeExpiredStates()) },
    { name: 'purge-privacy-exports', schedule: '17 * * * *', handler: async (_data, _ctx, s) => void (await s.privacy.purgeExpiredExports()) },
  ],
  operationsDir: path.join(__dirname, 'rest', 'operations'),
  // what its mails ask of the site (brand) and localization (default locale), and what a privacy
  // request asks of every domain holding personal data: src/ports/*.graphql
  ports: path.join(__dirname, 'ports'),
  start: async (s, deps) => s.authority.start(deps.bus),
  subscriptions: [
    // the reset mail leaves the request: asking answers alike for known and unknown addresses, and a refused mail is retried
    identityEvents.on<IdentityServices, 'auth.password_reset_requested'>('auth.password_reset_requested', 'mail-password-reset', (e, ctx, s) =>
      s.passwordResets.mail(ctx, e.data.id),
    ),
    identityEvents.on<IdentityServices, 'auth.email_verification_requested'>('auth.email_verification_requested', 'mail-email-verification', (e, ctx, s) =>
      s.verifications.mail(ctx, e.data.id, s.publicApiUrl()),
    ),
    identityEvents.on<IdentityServices, 'auth.email_change_requested'>('auth.email_change_requested', 'mail-email-change', (e, ctx, s) =>
      s.emailChanges.mail(ctx, e.data.id),
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
