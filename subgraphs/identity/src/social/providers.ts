import { DomainError } from '@svc/kit';

/** The five sign-in providers, by the key used in routes and settings. */
export const SOCIAL_PROVIDERS = ['google', 'apple', 'facebook', 'microsoft', 'github'] as const;
export type SocialProviderKey = (typeof SOCIAL_PROVIDERS)[number];
export const isSocialProvider = (v: string): v is SocialProviderKey => (SOCIAL_PROVIDERS as readonly string[]).includes(v);

/** Microsoft's tenant of personal accounts: their addresses are verified by Microsoft. */
export const MICROSOFT_CONSUMER_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';

export interface ProviderSpec {
  key: SocialProviderKey;
  title: string;
  /** OpenID Connect (discovery, ID token) or plain OAuth 2.0 with profile APIs */
  kind: 'oidc' | 'oauth';
  issuer?: string;
  authorizationUrl?: string;
  tokenUrl?: string;
  userinfoUrl?: string;
  scopes: string[];
  /** Apple answers with a POST to the redirect URI (it must, once name or email is asked for) */
  responseMode: 'query' | 'form_post';
}

/** The providers' real endpoints; a tenant's settings may point any of them elsewhere. */
export const PROVIDER_SPECS: Record<SocialProviderKey, ProviderSpec> = {
  google: {
    key: 'google',
    title: 'Google',
    kind: 'oidc',
    issuer: 'https://accounts.google.com',
    scopes: ['openid', 'email', 'profile'],
    responseMode: 'query',
  },
  microsoft: {
    key: 'microsoft',
    title: 'Microsoft',
    kind: 'oidc',
    issuer: 'https://login.microsoftonline.com/common/v2.0',
    scopes: ['openid', 'email', 'profile'],
    responseMode: 'query',
  },
  apple: { key: 'apple', title: 'Apple', kind: 'oidc', issuer: 'https://appleid.apple.com', scopes: ['openid', 'email', 'name'], responseMode: 'form_post' },
  facebook: {
    key: 'facebook',
    title: 'Facebook',
    kind: 'oauth',
    authorizationUrl: 'https://www.facebook.com/v21.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v21.0/oauth/access_token',
    userinfoUrl: 'https://graph.facebook.com/v21.0/me',
    scopes: ['email', 'public_profile'],
    responseMode: 'query',
  },
  github: {
    key: 'github',
    title: 'GitHub',
    kind: 'oauth',
    authorizationUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    userinfoUrl: 'https://api.github.com/user',
    scopes: ['read:user', 'user:email'],
    responseMode: 'query',
  },
};

/** A tenant's settings of one provider, secrets opened. */
export interface ProviderSettings {
  key: SocialProviderKey;
  clientId: string;
  clientSecret: string | null;
  scopes: string[];
  issuer: string | null;
  authorizationUrl: string | null;
  tokenUrl: string | null;
  userinfoUrl: string | null;
  apple: { teamId: string; keyId: string; privateKeyPem: string } | null;
  /** cache key: changes whenever the settings change */
  version: string;
}

/** Who the provider says signed in. */
export interface ProviderProfile {
  subject: string;
  email: string | null;
  /** the provider asserts the address belongs to this account */
  emailVerified: boolean;
  name: string | null;
  givenName: string | null;
  familyName: string | null;
  avatarUrl: string | null;
}

/** What the browser brought back to the callback (query or form_post body). */
export interface CallbackParams {
  code?: string;
  state?: string;
  iss?: string;
  error?: string;
  error_description?: string;
  /** Apple, first sign-in only: `{"name":{"firstName","lastName"},"email"}` */
  user?: string;
}

export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  nonce: string | null;
  codeChallenge: string;
}

export interface CodeExchange {
  redirectUri: string;
  state: string;
  nonce: string | null;
  codeVerifier: string;
  params: CallbackParams;
}

/** One protocol family (OpenID Connect, or OAuth 2.0 plus profile APIs). */
export interface SocialAdapter {
  authorizationUrl(s: ProviderSettings, req: AuthorizationRequest): Promise<string>;
  /** exchanges the code (PKCE) and verifies what came back; answers the signed-in account */
  complete(s: ProviderSettings, ex: CodeExchange): Promise<ProviderProfile>;
}

/** The provider failed us; what exactly (`detail`) goes to the log, not to the storefront. */
export function providerError(title: string, detail: string): DomainError {
  const err = new DomainError('provider_error', 'provider_unavailable', `${title} could not be reached or answered unexpectedly; try again later`);
  Object.defineProperty(err, 'detail', { value: detail, enumerable: false });
  return err;
}

/** What went wrong at the provider, for the log (set by `providerError`). */
/** A string with content, trimmed; anything else null (claims and profile fields of providers). */
export const nonEmpty = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

export const providerErrorDetail = (err: unknown): string | undefined => (err as { detail?: string }).detail;

export const signInRefused = (code: string, message: string) => new DomainError('authentication_error', code, message);
