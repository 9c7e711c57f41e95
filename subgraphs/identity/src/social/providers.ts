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
  google: { key: 'google', title: 'Google', kind: 'oidc', issuer: 'https://accounts.google.com', scopes: ['openid', 'email', 'profile'], responseMode: 'query' },
  microsoft: {
    key: 'microsoft', title: 'Microsoft', kind: 'oidc', issuer: 'https://login.microsoftonline.com/common/v2.0',
    scopes: ['openid', 'email', 'profile'], responseMode: 'query',
  },
  apple: { key: 'apple', title: 'Apple', kind: 'oidc', issuer: 'https://appleid.apple.com', scopes: ['openid', 'email', 'name'], responseMode: 'form_post' },
  facebook: {
    key: 'facebook', title: 'Facebook', kind: 'oauth',
    authorizationUrl: 'https://www.facebook.com/v21.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v21.0/oauth/access_token',
    userinfoUrl: 'https://graph.facebook.com/v21.0/me',
    scopes: ['email', 'public_profile'], responseMode: 'query',
  },
  github: {
    key: 'github', title: 'GitHub', kind: 'oauth',
    authorizationUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    userinfoUrl: 'https://api.github.com/user',
    scopes: ['read:user', 'user:email'], responseMode: 'query',
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

/**
 * Provider URLs must be HTTPS. Outside production, plain HTTP is accepted for loopback hosts (a
 * provider run on this machine for development or tests); in production, hosts on loopback,
 * private or link-local addresses are refused, so a store's settings cannot aim the platform's
 * requests at its own network.
 */
export function checkProviderUrl(field: string, raw: string, production: boolean): string {
  const refuse = (why: string): never => {
    const message = `${field} ${why}`;
    throw new DomainError('validation_error', 'invalid_field', message, [{ field, code: 'invalid_field', message }]);
  };
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return refuse('must be an absolute URL');
  }
  const host = u.hostname.toLowerCase();
  if (production) {
    if (u.protocol !== 'https:') refuse('must be an https URL');
    if (isLoopback(host) || isPrivateAddress(host)) refuse('must not point at a loopback, private or link-local address');
  } else if (!(u.protocol === 'https:' || (u.protocol === 'http:' && isLoopback(host)))) {
    refuse('must be an https URL (plain http only on localhost)');
  }
  if (u.username || u.password) refuse('must not carry credentials');
  // kept as written: an issuer is compared character by character
  return raw;
}

export const isLoopback = (host: string) => host === 'localhost' || host === '[::1]' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);

/** Literal private, link-local, unspecified or unique-local addresses (names are not resolved). */
export function isPrivateAddress(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '');
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(h);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127);
  }
  if (h.includes(':')) return h === '::' || h === '::1' || /^f[cd]/.test(h) || /^fe[89ab]/.test(h) || h.startsWith('::ffff:');
  return h.endsWith('.localhost') || h.endsWith('.internal') || h.endsWith('.local');
}

/** The provider failed us; what exactly (`detail`) goes to the log, not to the storefront. */
export function providerError(title: string, detail: string): DomainError {
  const err = new DomainError('provider_error', 'provider_unavailable', `${title} could not be reached or answered unexpectedly; try again later`);
  Object.defineProperty(err, 'detail', { value: detail, enumerable: false });
  return err;
}

/** What went wrong at the provider, for the log (set by `providerError`). */
export const providerErrorDetail = (err: unknown): string | undefined => (err as { detail?: string }).detail;

export const signInRefused = (code: string, message: string) => new DomainError('authentication_error', code, message);
