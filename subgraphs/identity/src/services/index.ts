import { Store, StoreMailer, createMailer, createSignInThrottle, systemClock, type ServiceFactoryArgs, type SignInThrottle } from '@svc/kit';
import { ApiKeyService } from './api-keys.service';
import { StoreAdminService } from './store-admins.service';
import { AuthService } from './auth.service';
import { AuthorityService } from './authority.service';
import { CustomerService } from './customer.service';
import { PasswordResetService } from './password-reset.service';
import { EmailVerificationService } from './email-verification.service';
import { MailedTokens } from './mailed-tokens';
import { StoreMailLook } from './mail-look';
import { EmailChangeService } from './email-change.service';
import { CheckoutRequirementsService } from './checkout-requirements.service';
import { SocialService } from './social.service';
import { TenantService } from './tenant.service';
import { MailSettingsService } from './mail-settings.service';
import { PrivacyService } from './privacy.service';
import type { IdentitySettings } from '../settings';

/** identity's services, one per aggregate, sharing one store. */
export interface IdentityServices {
  store: Store;
  tenants: TenantService;
  /** the store's agent API keys and publishable keys, created and revoked by its admins */
  apiKeys: ApiKeyService;
  /** admins in several stores: the stores an admin may open, switching, and a store's admins added and removed */
  storeAdmins: StoreAdminService;
  /** sign-in, sessions and tokens */
  auth: AuthService;
  customers: CustomerService;
  /** social sign-in: providers, the authorization code flow, linked accounts */
  social: SocialService;
  /** what the gateway asks while authenticating (keys, sessions, anti-spam) */
  authority: AuthorityService;
  /** failed sign-ins per account and IP (shared through Redis when REDIS_URL is set) */
  throttle: SignInThrottle;
  /** password resets by mailed one-time token (customers and admins) */
  passwordResets: PasswordResetService;
  /** address verification links (registration, resend) */
  verifications: EmailVerificationService;
  /** a customer's change of address (password or recent sign-in, a code to the new address, a notice to the old) */
  emailChanges: EmailChangeService;
  /** what a store requires of a customer before checkout (asked by commerce) */
  checkoutRequirements: CheckoutRequirementsService;
  /** this platform's public API base (`<PUBLIC_URL>/api`), for links in mails */
  publicApiUrl: () => string;
  /** the store's mailer: its sender and own SMTP server (mailSettings), else the platform's (SMTP_URL, else .eml files in <DATA_DIR>/mail) */
  mailer: StoreMailer;
  /** the store's transactional mail settings: sender, reply-to, its own SMTP server */
  mailSettings: MailSettingsService;
  /** privacy requests: data exports and erasures (services/privacy.service.ts) */
  privacy: PrivacyService;
}

export function createIdentityServices({ orm, deps, settings }: ServiceFactoryArgs<IdentitySettings>): IdentityServices {
  const cost = settings.passwordHashCost;
  const store = new Store(orm);
  const customers = new CustomerService(store);
  const throttle = createSignInThrottle(
    deps.config.redisUrl,
    (err) => deps.log.warn({ err }, 'sign-in throttle store unavailable'),
    undefined,
    deps.clock,
    deps.config.redisKeyPrefix,
  );
  const production = deps.config.env === 'production';
  // identity reads its own mail settings directly; the other domains ask storeMailTransport through their ports
  const mailSettings: MailSettingsService = new MailSettingsService(
    store,
    deps.config.secretsKey,
    production,
    deps.config.mailFrom,
    !!deps.config.smtpUrl,
    () => mailer,
  );
  const mailer = new StoreMailer(createMailer(deps.config), (ctx) => mailSettings.transport(ctx), deps.config.secretsKey, deps.config.mailFrom);
  const clock = deps.clock ?? systemClock;
  const tokens = new MailedTokens(store, deps.config.secretsKey, clock);
  // the graph is bound once the gateway is loaded: asked when a mail is written
  const look = new StoreMailLook(() => deps.graph);
  const verifications = new EmailVerificationService(store, tokens, throttle, mailer, look);
  const auth = new AuthService(store, deps.config, customers, throttle, cost, verifications);
  const publicUrl = deps.publicUrl ?? (() => deps.config.publicUrl ?? `http://localhost:${deps.config.port}`);
  const authority = new AuthorityService(store, deps.config.antispamMaxNumber);
  const publicApiUrl = () => `${publicUrl().replace(/\/+$/, '')}/api`;
  return {
    store,
    tenants: new TenantService(store, deps.config.antispamMaxNumber, () => authority.forget(), cost),
    apiKeys: new ApiKeyService(store, () => authority.forget()),
    storeAdmins: new StoreAdminService(store, auth, cost),
    auth,
    customers,
    social: new SocialService(store, deps.config.secretsKey, auth, customers, publicUrl, production),
    authority,
    throttle,
    passwordResets: new PasswordResetService(store, tokens, throttle, mailer, cost, look),
    emailChanges: new EmailChangeService(store, tokens, throttle, mailer, look, clock, cost),
    checkoutRequirements: new CheckoutRequirementsService(store),
    verifications,
    publicApiUrl,
    mailer,
    mailSettings,
    privacy: new PrivacyService(store, () => deps.graph, deps.config.secretsKey, mailer, deps.clock ?? systemClock, publicApiUrl, look),
  };
}
