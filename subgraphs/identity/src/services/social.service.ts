import { createPrivateKey, randomBytes, timingSafeEqual } from 'node:crypto';
import * as oc from 'openid-client';
import { LockMode, type EntityManager } from '@mikro-orm/core';
import {
  DomainError,
  Errors,
  SecretBox,
  TOKEN_TTL_SECONDS,
  checkOutboundUrl,
  sha256Hex,
  requireCustomer,
  requireTenant,
  translateDbError,
  type RequestContext,
  type Store,
} from '@svc/kit';
import { AuthIdentity, AuthSession } from '../entities/auth.entity';
import { Customer } from '../entities/customer.entity';
import { SocialLink, SocialProvider, SocialState } from '../entities/social.entity';
import { Tenant } from '../entities/tenant.entity';
import { identityEvents } from '../events';
import type { ConfigureSocialProviderData } from '../inputs/social.input';
import {
  PROVIDER_SPECS,
  SOCIAL_PROVIDERS,
  adapterFor,
  isSocialProvider,
  providerErrorDetail,
  type CallbackParams,
  type ProviderProfile,
  type ProviderSettings,
  type SocialProviderKey,
} from '../social';
import type { AuthService } from './auth.service';
import type { CustomerService } from './customer.service';

/** How long a started sign-in may take: state, PKCE verifier and nonce live this long. */
export const SOCIAL_STATE_TTL_MS = 10 * 60_000;
/** the storefront cookie that carries the customer's token */
export const CUSTOMER_TOKEN_COOKIE = 'svc_customer_token';

/** what a sealed secret is for: its column, tenant and provider (a value moved elsewhere does not open) */
const sealedFor = (column: string, tenantId: string, provider: string) => `social_provider.${column}:${tenantId}:${provider}`;
/** the cookie that binds a sign-in to the browser that started it (when the browser talks to the API itself) */
export const BINDING_COOKIE = 'svc_social_binding';
/** the demo store's client at the development OpenID provider */
export const DEV_CLIENT_ID = 'demo-storefront';

export interface SocialProviderView {
  provider: string;
  title: string;
  configured: boolean;
  enabled: boolean;
  client_id: string | null;
  has_client_secret: boolean;
  scopes: string[];
  issuer: string | null;
  authorization_url: string | null;
  token_url: string | null;
  userinfo_url: string | null;
  /** the redirect URI to register at the provider */
  redirect_uri: string;
  response_mode: string;
  apple_team_id: string | null;
  apple_key_id: string | null;
  has_apple_private_key: boolean;
  updated_at: string | null;
}

export interface LinkedAccountView {
  id: string;
  provider: string;
  customer_id: string;
  email: string | null;
  email_verified: boolean;
  display_name: string | null;
  avatar_url: string | null;
  last_login_at: string;
  created_at: string;
}

export interface SocialStart {
  authorization_url: string;
  /**
   * The secret the callback must present (query or body `binding`, or the cookie
   * svc_social_binding): whoever did not start this sign-in cannot finish it.
   */
  binding: string;
  /** the binding cookie's SameSite: `none` for Apple, whose answer is a cross-site POST */
  binding_same_site: 'lax' | 'none';
  expires_in: number;
}

export interface SocialSignIn {
  token: string;
  customer_id: string;
  is_new_link: boolean;
  return_to: string;
  /** set when the tenant wants the callback to set the token cookie */
  cookie: { name: string; domain: string | null; max_age: number } | null;
}

const invalidState = () =>
  new DomainError('validation_error', 'invalid_state_token', 'The sign-in state is unknown, was already used or has expired; start the sign-in again');
const notEnabled = (provider: string) => new DomainError('not_found', 'provider_not_enabled', `Sign-in with "${provider}" is not enabled for this store`);

/**
 * `return_to` is where the storefront sends the customer afterwards: a path on the storefront
 * itself (`/account`), never another site (`https://…`, `//host`, `/\host`). The path is normalised
 * first (dot segments resolved, also percent-encoded ones: `/..//evil.com` is `//evil.com`), then
 * checked, and the normalised path is what is stored and echoed, so a storefront that normalises
 * before it redirects lands where the check looked.
 */
const RETURN_BASE = 'https://storefront.invalid';
export function checkReturnTo(raw: string | null | undefined): string {
  if (raw === undefined || raw === null || raw === '') return '/';
  const bad = () => Errors.invalidField('return_to', 'return_to must be a relative path such as /account (not // or an absolute URL)');
  if (raw.length > 2000 || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) throw bad();
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) throw bad();
  let u: URL;
  try {
    u = new URL(raw, RETURN_BASE);
  } catch {
    throw bad();
  }
  if (u.origin !== RETURN_BASE) throw bad();
  let decoded: string;
  try {
    decoded = decodeURIComponent(u.pathname);
  } catch {
    throw bad();
  }
  // the normalised path, and the same path once decoded (a storefront may decode %2F before it redirects)
  if (u.pathname.startsWith('//') || decoded.startsWith('//') || decoded.startsWith('/\\') || /[\u0000-\u001f\u007f]/.test(decoded)) throw bad();
  if (new URL(decoded, RETURN_BASE).pathname.startsWith('//')) throw bad();
  const normalised = `${u.pathname}${u.search}${u.hash}`;
  if (normalised.length > 2000) throw bad();
  return normalised;
}

const linkView = (l: SocialLink): LinkedAccountView => ({
  id: l.id,
  provider: l.provider,
  customer_id: l.customerId,
  email: l.email,
  email_verified: l.emailVerified,
  display_name: l.displayName,
  avatar_url: l.avatarUrl,
  last_login_at: l.lastLoginAt.toISOString(),
  created_at: l.createdAt.toISOString(),
});

/** Social sign-in: providers per tenant, the authorization code flow, linked accounts. */
export class SocialService {
  private readonly box: SecretBox;

  constructor(
    private readonly store: Store,
    secretsKey: string,
    private readonly auth: AuthService,
    private readonly customers: CustomerService,
    /** the platform's public base URL (the default redirect URI is under it) */
    private readonly publicUrl: () => string,
    /** production refuses provider URLs on loopback and private addresses */
    private readonly production = false,
  ) {
    this.box = new SecretBox(secretsKey);
  }

  private defaultRedirectUri(provider: string): string {
    return `${this.publicUrl().replace(/\/$/, '')}/api/store/auth/social/${provider}/callback`;
  }

  private view(key: SocialProviderKey, row: SocialProvider | undefined): SocialProviderView {
    const spec = PROVIDER_SPECS[key];
    return {
      provider: key,
      title: spec.title,
      configured: !!row,
      enabled: row?.enabled ?? false,
      client_id: row?.clientId ?? null,
      has_client_secret: !!row?.clientSecretSealed,
      scopes: row?.scopes.length ? row.scopes : spec.scopes,
      issuer: row?.issuer ?? spec.issuer ?? null,
      authorization_url: row?.authorizationUrl ?? spec.authorizationUrl ?? null,
      token_url: row?.tokenUrl ?? spec.tokenUrl ?? null,
      userinfo_url: row?.userinfoUrl ?? spec.userinfoUrl ?? null,
      redirect_uri: row?.redirectUri ?? this.defaultRedirectUri(key),
      response_mode: spec.responseMode,
      apple_team_id: row?.appleTeamId ?? null,
      apple_key_id: row?.appleKeyId ?? null,
      has_apple_private_key: !!row?.applePrivateKeySealed,
      updated_at: row?.updatedAt.toISOString() ?? null,
    };
  }

  private settingsOf(ctx: RequestContext, row: SocialProvider): ProviderSettings {
    const key = row.provider as SocialProviderKey;
    let apple: ProviderSettings['apple'] = null;
    let clientSecret: string | null = null;
    try {
      if (row.appleTeamId && row.appleKeyId && row.applePrivateKeySealed) {
        apple = {
          teamId: row.appleTeamId,
          keyId: row.appleKeyId,
          privateKeyPem: this.box.open(row.applePrivateKeySealed, sealedFor('apple_private_key', row.tenantId, key)),
        };
      }
      clientSecret = row.clientSecretSealed ? this.box.open(row.clientSecretSealed, sealedFor('client_secret', row.tenantId, key)) : null;
    } catch (err) {
      // SECRETS_KEY (or INTERNAL_SECRET it derives from) changed, or the row was altered
      ctx.log.error({ provider: key, err: (err as Error).message }, 'a social provider secret cannot be opened; an admin must enter it again');
      throw new DomainError(
        'provider_error',
        'provider_misconfigured',
        `Sign-in with ${PROVIDER_SPECS[key].title} is not set up correctly; the store's admin must enter its secret again`,
      );
    }
    return {
      key,
      clientId: row.clientId,
      clientSecret,
      scopes: row.scopes.length ? row.scopes : PROVIDER_SPECS[key].scopes,
      issuer: row.issuer,
      authorizationUrl: row.authorizationUrl,
      tokenUrl: row.tokenUrl,
      userinfoUrl: row.userinfoUrl,
      apple,
      version: `${row.id}:${row.updatedAt.getTime()}`,
    };
  }

  /** The tenant's enabled provider, or 404 `provider_not_enabled`. */
  private async enabledProvider(em: EntityManager, provider: string): Promise<SocialProvider> {
    if (!isSocialProvider(provider)) throw notEnabled(provider);
    const row = await em.findOne(SocialProvider, { provider });
    if (!row?.enabled) throw notEnabled(provider);
    return row;
  }

  // ---- admin ----

  /** Admin: all five providers, configured or not (secrets never leave the platform). */
  async providers(ctx: RequestContext): Promise<SocialProviderView[]> {
    const rows = await this.store.em(ctx).find(SocialProvider, {});
    return SOCIAL_PROVIDERS.map((k) =>
      this.view(
        k,
        rows.find((r) => r.provider === k),
      ),
    );
  }

  /**
   * Admin (and `npm run tenant:social`): creates or changes a provider's settings. Fields not given
   * keep their value; null clears an override (back to the provider's own URL or scopes).
   */
  async configure(ctx: RequestContext, input: ConfigureSocialProviderData): Promise<SocialProviderView> {
    const key = input.provider;
    // an empty override means "the provider's own", like null
    for (const f of ['issuer', 'authorization_url', 'token_url', 'userinfo_url', 'redirect_uri'] as const) if (input[f] === '') input = { ...input, [f]: null };
    const urls: Record<'issuer' | 'authorization_url' | 'token_url' | 'userinfo_url' | 'redirect_uri', string | null | undefined> = {
      issuer: input.issuer,
      authorization_url: input.authorization_url,
      token_url: input.token_url,
      userinfo_url: input.userinfo_url,
      redirect_uri: input.redirect_uri,
    };
    for (const [field, v] of Object.entries(urls)) if (v) checkOutboundUrl(field, v, this.production);
    if (input.apple_private_key) checkAppleKey(input.apple_private_key);
    if (key !== 'apple' && (input.apple_team_id || input.apple_key_id || input.apple_private_key)) {
      throw Errors.invalidField('apple_private_key', 'apple_team_id, apple_key_id and apple_private_key are settings of the apple provider only');
    }
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (em, tx) => {
      let row = await em.findOne(SocialProvider, { provider: key }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!row) {
        if (!input.client_id) throw Errors.invalidField('client_id', 'client_id is required when a provider is first configured');
        row = em.create(SocialProvider, { tenantId, provider: key, clientId: input.client_id });
      }
      if (input.client_id) row.clientId = input.client_id;
      if (input.client_secret !== undefined)
        row.clientSecretSealed = input.client_secret ? this.box.seal(input.client_secret, sealedFor('client_secret', tenantId, key)) : null;
      if (input.enabled !== undefined && input.enabled !== null) row.enabled = input.enabled;
      if (input.scopes !== undefined) row.scopes = input.scopes ?? [];
      if (input.issuer !== undefined) row.issuer = input.issuer;
      if (input.authorization_url !== undefined) row.authorizationUrl = input.authorization_url;
      if (input.token_url !== undefined) row.tokenUrl = input.token_url;
      if (input.userinfo_url !== undefined) row.userinfoUrl = input.userinfo_url;
      if (input.redirect_uri !== undefined) row.redirectUri = input.redirect_uri;
      if (input.apple_team_id !== undefined) row.appleTeamId = input.apple_team_id;
      if (input.apple_key_id !== undefined) row.appleKeyId = input.apple_key_id;
      if (input.apple_private_key !== undefined)
        row.applePrivateKeySealed = input.apple_private_key ? this.box.seal(input.apple_private_key, sealedFor('apple_private_key', tenantId, key)) : null;
      row.updatedAt = new Date();
      if (PROVIDER_SPECS[key].kind === 'oauth' && row.issuer)
        throw Errors.invalidField(
          'issuer',
          `${PROVIDER_SPECS[key].title} is not an OpenID provider; set authorization_url, token_url and userinfo_url instead`,
        );
      const appleSigned = !!(row.appleTeamId && row.appleKeyId && row.applePrivateKeySealed);
      if (key === 'apple' && !appleSigned && (row.appleTeamId || row.appleKeyId || row.applePrivateKeySealed)) {
        throw Errors.invalidField('apple_private_key', 'Apple needs apple_team_id, apple_key_id and apple_private_key together');
      }
      if (!row.clientSecretSealed && !appleSigned) {
        throw Errors.invalidField(
          'client_secret',
          key === 'apple' ? 'Apple needs client_secret, or apple_team_id + apple_key_id + apple_private_key to sign one' : 'client_secret is required',
        );
      }
      identityEvents.emit(em, tx, 'social_provider.updated', { provider: key, enabled: row.enabled });
      await em.flush();
      return this.view(key, row);
    });
  }

  /** Admin: removes a provider's settings (its linked accounts stay, unusable until it is configured again). */
  async removeProvider(ctx: RequestContext, provider: string): Promise<boolean> {
    if (!isSocialProvider(provider)) throw Errors.notFound('Social provider', provider);
    return this.store.transaction(ctx, async (em, tx) => {
      const row = await em.findOne(SocialProvider, { provider });
      if (!row) throw Errors.notFound('Social provider', provider);
      em.remove(row);
      identityEvents.emit(em, tx, 'social_provider.updated', { provider, enabled: false });
      return true;
    });
  }

  /** Admin: a customer's linked accounts (another tenant's customer: an empty list, never data). */
  async linksOf(ctx: RequestContext, customerId: string): Promise<LinkedAccountView[]> {
    const rows = await this.store.em(ctx).find(SocialLink, { customerId }, { orderBy: { createdAt: 'asc' } });
    return rows.map(linkView);
  }

  // ---- the demo store's development provider ----

  /**
   * Where the development provider must send the demo's Google sign-in back to, or null when the
   * store's admin has configured Google with their own client (then the demo leaves it alone).
   */
  async devProviderRedirect(ctx: RequestContext): Promise<string | null> {
    const row = await this.store.em(ctx).findOne(SocialProvider, { provider: 'google' });
    if (row && row.clientId !== DEV_CLIENT_ID) return null;
    return row?.redirectUri ?? this.defaultRedirectUri('google');
  }

  /** Points the demo's Google sign-in at the development provider that runs with this start. */
  async useDevProvider(ctx: RequestContext, issuer: string, clientSecret: string): Promise<SocialProviderView> {
    return this.configure(ctx, { provider: 'google', client_id: DEV_CLIENT_ID, client_secret: clientSecret, issuer });
  }

  // ---- storefront ----

  /**
   * Starts a sign-in: keeps state, PKCE verifier and nonce for 10 minutes and answers the
   * provider's authorization URL. A signed-in customer who starts one connects the provider to
   * their account instead.
   */
  async start(ctx: RequestContext, provider: string, returnTo: string | null | undefined): Promise<SocialStart> {
    const tenantId = requireTenant(ctx);
    const target = checkReturnTo(returnTo);
    const row = await this.enabledProvider(this.store.em(ctx), provider);
    const settings = this.settingsOf(ctx, row);
    const state = oc.randomState();
    const codeVerifier = oc.randomPKCECodeVerifier();
    const binding = randomBytes(32).toString('base64url');
    const nonce = PROVIDER_SPECS[settings.key].kind === 'oidc' ? oc.randomNonce() : null;
    const redirectUri = row.redirectUri ?? this.defaultRedirectUri(settings.key);
    const url = await this.atProvider(ctx, () =>
      oc
        .calculatePKCECodeChallenge(codeVerifier)
        .then((codeChallenge) => adapterFor(settings).authorizationUrl(settings, { redirectUri, state, nonce, codeChallenge })),
    );
    const em = this.store.emGlobal(ctx);
    em.create(SocialState, {
      id: state,
      tenantId,
      provider: settings.key,
      codeVerifier,
      bindingHash: sha256Hex(binding),
      nonce,
      redirectUri,
      returnTo: target,
      linkCustomerId: ctx.actor.type === 'customer' && ctx.actor.id ? ctx.actor.id : null,
      expiresAt: new Date(Date.now() + SOCIAL_STATE_TTL_MS),
    });
    await em.flush();
    return {
      authorization_url: url,
      binding,
      binding_same_site: PROVIDER_SPECS[settings.key].responseMode === 'form_post' ? 'none' : 'lax',
      expires_in: SOCIAL_STATE_TTL_MS / 1000,
    };
  }

  /** A call to the provider; what went wrong there is logged, the storefront gets the error's code. */
  private async atProvider<T>(ctx: RequestContext, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      const detail = providerErrorDetail(err);
      if (detail) ctx.log.warn({ detail }, 'social sign-in provider failed');
      throw err;
    }
  }

  /** Deletes sign-ins nobody came back from (the `purge-social-states` job, every 10 minutes). */
  async purgeExpiredStates(): Promise<number> {
    const rows = await this.store.sql<{ n: number }>(
      null,
      `with gone as (delete from ${this.store.table('social_state')} where expires_at < now() returning 1) select count(*)::int as n from gone`,
    );
    return rows[0]?.n ?? 0;
  }

  /**
   * Takes a state out of the store: once only, only while it is fresh, only for the provider and
   * store it was made for, and only for the party holding its binding secret.
   */
  private async consumeState(
    ctx: RequestContext,
    provider: string,
    state: string | null | undefined,
    binding: string | null | undefined,
  ): Promise<SocialState> {
    if (!state || state.length > 64) throw invalidState();
    const [row] = await this.store.sql(null, `delete from ${this.store.table('social_state')} where id = ? returning *`, [state]);
    if (!row) throw invalidState();
    // the deleted row as its entity (MikroORM maps the columns), outside any unit of work
    const s = this.store.emGlobal(ctx).map(SocialState, row);
    if (s.provider !== provider || s.expiresAt.getTime() <= Date.now()) throw invalidState();
    // a publishable key, when the callback carries one, must name the store the sign-in began in
    if (ctx.tenantId && ctx.tenantId !== s.tenantId) throw invalidState();
    // login CSRF: an answer pasted into someone else's browser or storefront lacks the binding
    const presented = Buffer.from(sha256Hex(binding ?? ''));
    if (!binding || !timingSafeEqual(presented, Buffer.from(s.bindingHash))) {
      throw new DomainError(
        'validation_error',
        'invalid_state_token',
        'The sign-in was started elsewhere: the binding of its state (binding parameter or svc_social_binding cookie) is missing or wrong',
      );
    }
    // connecting a provider to an account: only that customer may finish it
    if (s.linkCustomerId && (ctx.actor.type !== 'customer' || ctx.actor.id !== s.linkCustomerId)) {
      throw new DomainError(
        'permission_error',
        'connect_requires_customer',
        "This sign-in connects a provider to a customer account: finish it with that customer's token",
      );
    }
    return s;
  }

  /**
   * The provider's answer (GET query or Apple's form_post): state checked and used up, code
   * exchanged with the PKCE verifier, the account verified, then the customer signed in.
   */
  async callback(ctx: RequestContext, provider: string, params: CallbackParams & { binding?: string | null }): Promise<SocialSignIn> {
    const state = await this.consumeState(ctx, provider, params.state, params.binding);
    const tctx: RequestContext = { ...ctx, tenantId: state.tenantId, memo: new Map() };
    const row = await this.enabledProvider(this.store.em(tctx), provider);
    const settings = this.settingsOf(tctx, row);
    const profile = await this.atProvider(tctx, () =>
      adapterFor(settings).complete(settings, {
        redirectUri: state.redirectUri,
        state: state.id,
        nonce: state.nonce,
        codeVerifier: state.codeVerifier,
        params,
      }),
    );
    let signed: { customerId: string; linkId: string; isNew: boolean; token: string };
    try {
      signed = await this.signIn(tctx, settings.key, profile, state.linkCustomerId);
    } catch (err) {
      // the same account signing in twice at once: the second finds the first one's link
      if (translateDbError(err)?.code !== 'duplicate') throw err;
      signed = await this.signIn(tctx, settings.key, profile, state.linkCustomerId);
    }
    const tenant = await this.store.emGlobal(tctx).findOne(Tenant, { id: state.tenantId });
    return {
      token: signed.token,
      customer_id: signed.customerId,
      is_new_link: signed.isNew,
      return_to: state.returnTo,
      cookie: tenant?.socialLoginCookie ? { name: CUSTOMER_TOKEN_COOKIE, domain: tenant.socialLoginCookieDomain, max_age: TOKEN_TTL_SECONDS.customer } : null,
    };
  }

  /** Finds or makes the link and its customer, and opens the session: one unit of work. */
  private signIn(ctx: RequestContext, provider: SocialProviderKey, p: ProviderProfile, connectTo: string | null) {
    const title = PROVIDER_SPECS[provider].title;
    return this.store.transaction(ctx, async (em, tx) => {
      const tenantId = requireTenant(tx);
      let link = await em.findOne(SocialLink, { provider, subject: p.subject });
      let isNew = false;
      if (link) {
        if (connectTo && link.customerId !== connectTo) {
          throw Errors.conflict('identity_already_linked', `This ${title} account is already linked to another customer`);
        }
        const owner = await em.findOne(Customer, { id: link.customerId, deletedAt: null });
        if (!owner) {
          await this.endSessionsOf(em, link.id);
          em.remove(link);
          await em.flush();
          link = null;
        }
      }
      if (!link) {
        const customer = connectTo ? await this.connectTarget(em, connectTo) : await this.customerFor(em, tx, title, p);
        if (await em.findOne(SocialLink, { customerId: customer.id, provider })) {
          throw Errors.conflict('provider_already_linked', `The customer already has another ${title} account linked; unlink it first`);
        }
        link = em.create(SocialLink, { tenantId, customerId: customer.id, provider, subject: p.subject });
        isNew = true;
        identityEvents.emit(em, tx, 'customer.social_linked', { id: customer.id, link_id: link.id, provider });
      }
      Object.assign(link, { email: p.email, emailVerified: p.emailVerified, displayName: p.name, avatarUrl: p.avatarUrl, lastLoginAt: new Date() });
      await em.flush();
      const token = await this.auth.openSession(tx, { tenantId, actorType: 'customer', actorId: link.customerId, identityId: link.id });
      return { customerId: link.customerId, linkId: link.id, isNew, token };
    });
  }

  private async endSessionsOf(em: EntityManager, linkId: string): Promise<void> {
    await em.nativeUpdate(AuthSession, { identityId: linkId, revokedAt: null }, { revokedAt: new Date() });
  }

  private async connectTarget(em: EntityManager, customerId: string): Promise<Customer> {
    const c = await em.findOne(Customer, { id: customerId, deletedAt: null });
    if (!c) throw Errors.unauthenticated('token_invalid', 'The customer who started this sign-in no longer exists');
    return c;
  }

  /**
   * The customer a new provider account belongs to. An existing customer with the address is
   * linked only when the provider vouches for it; a new customer needs a vouched-for address too,
   * or someone could claim another person's address before they ever sign up.
   */
  private async customerFor(em: EntityManager, tx: RequestContext, title: string, p: ProviderProfile): Promise<Customer> {
    if (!p.email) {
      throw Errors.forbidden(
        `${title} did not share an email address; allow access to it, or sign up with email and password and connect ${title} from your account`,
        'email_required',
      );
    }
    if (!p.emailVerified) {
      throw Errors.forbidden(
        `${title} has not verified ${p.email}; verify it there, or sign in with your password and connect ${title} from your account`,
        'email_not_verified',
      );
    }
    const existing = await em.findOne(Customer, { email: p.email, deletedAt: null });
    // A password account's address the platform has not verified: whoever registered it may not
    // own it. Linking it to the provider's (verified) owner would hand them a shared account, so its
    // owner connects the provider after signing in with the password instead (409).
    // Once the platform verified that address (its link, or a password reset mailed there), the
    // provider's verified owner and the account's owner are the same person: the provider links.
    if (existing && !existing.emailVerifiedAt && (await em.count(AuthIdentity, { customerId: existing.id }))) {
      throw Errors.conflict('sign_in_to_connect', `An account with ${p.email} exists; sign in with its password, then connect ${title} from the account`);
    }
    if (existing) {
      if (!existing.hasAccount) {
        existing.hasAccount = true;
        identityEvents.emit(em, tx, 'customer.updated', { id: existing.id, fields: ['has_account'] });
      }
      return existing;
    }
    const created = await this.customers.ensureForAccount(tx, p.email);
    created.firstName = p.givenName ?? (p.name && !p.familyName ? p.name : null);
    created.lastName = p.familyName;
    return created;
  }

  /** The signed-in customer's linked accounts. */
  async myLinks(ctx: RequestContext): Promise<LinkedAccountView[]> {
    return this.linksOf(ctx, requireCustomer(ctx));
  }

  /**
   * Unlinks one of the signed-in customer's accounts (another customer's: 404). The last way to
   * sign in of a customer without a password stays: 409 `last_sign_in_method`.
   */
  async unlinkMine(ctx: RequestContext, id: string): Promise<LinkedAccountView> {
    return this.unlink(ctx, requireCustomer(ctx), id);
  }

  /** Admin: unlinks a customer's account under the same rule. */
  async unlinkAny(ctx: RequestContext, id: string): Promise<LinkedAccountView> {
    const link = await this.store.em(ctx).findOne(SocialLink, { id });
    if (!link) throw Errors.notFound('Linked account', id);
    return this.unlink(ctx, link.customerId, id);
  }

  private unlink(ctx: RequestContext, customerId: string, id: string): Promise<LinkedAccountView> {
    return this.store.transaction(ctx, async (em, tx) => {
      // one unlink at a time per customer, so two cannot each leave the other as the last method
      const customer = await em.findOne(Customer, { id: customerId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      const link = customer ? await em.findOne(SocialLink, { id, customerId }) : null;
      if (!customer || !link) throw Errors.notFound('Linked account', id);
      const others = await em.count(SocialLink, { customerId, id: { $ne: id } });
      const password = await em.count(AuthIdentity, { customerId });
      if (!others && !password) {
        throw Errors.conflict('last_sign_in_method', 'This is the only way this customer signs in and there is no password; link another provider first');
      }
      em.remove(link);
      // the sessions this account opened end with the link (a compromised account keeps no way in)
      await this.endSessionsOf(em, link.id);
      identityEvents.emit(em, tx, 'customer.social_unlinked', { id: customerId, link_id: id, provider: link.provider });
      return linkView(link);
    });
  }
}

/** Apple's key: a PKCS#8 PEM of a P-256 key (what Apple's developer site hands out as .p8). */
function checkAppleKey(pem: string): void {
  try {
    const k = createPrivateKey(pem);
    if (k.asymmetricKeyType === 'ec' && k.asymmetricKeyDetails?.namedCurve === 'prime256v1') return;
  } catch {
    /* reported below */
  }
  throw Errors.invalidField('apple_private_key', "apple_private_key must be the PEM of Apple's P-256 sign-in key (the .p8 file)");
}
