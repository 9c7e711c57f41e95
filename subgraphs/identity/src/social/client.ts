import * as oc from 'openid-client';
import { importPKCS8, SignJWT } from 'jose';
import { DomainError } from '@svc/kit';
import { isLoopback, PROVIDER_SPECS, providerError, signInRefused, type CallbackParams, type ProviderSettings } from './providers';

/** Seconds any provider call may take. */
export const PROVIDER_TIMEOUT_S = 10;

/** Apple's client secret: a short-lived JWT signed (ES256) with the team's key. */
async function appleClientSecret(s: ProviderSettings): Promise<string> {
  const a = s.apple!;
  const key = await importPKCS8(a.privateKeyPem, 'ES256');
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: a.keyId })
    .setIssuer(a.teamId)
    .setSubject(s.clientId)
    .setAudience('https://appleid.apple.com')
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(key);
}

/** client_secret_post; for Apple with a client secret signed anew for each request. */
export function clientAuth(s: ProviderSettings): oc.ClientAuth {
  if (!s.apple) return oc.ClientSecretPost(s.clientSecret ?? '');
  // oauth4webapi awaits the authentication step; openid-client's type says void
  const auth = async (_as: unknown, client: { client_id: string }, body: URLSearchParams) => {
    body.set('client_id', client.client_id);
    body.set('client_secret', await appleClientSecret(s));
  };
  return auth as unknown as oc.ClientAuth;
}

const insecure = (url: string) => new URL(url).protocol === 'http:' && isLoopback(new URL(url).hostname);

/**
 * GitHub answers token errors with 200 and `{error}`: turned into the 400 the OAuth standard
 * prescribes, so that the library reports them as the refusals they are.
 */
const standardErrors: oc.CustomFetch = async (url, options) => {
  const res = await fetch(url, options as RequestInit);
  if (res.status !== 200 || !(res.headers.get('content-type') ?? '').includes('json')) return res;
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  const isError = !!body && typeof body === 'object' && 'error' in body && !('access_token' in body);
  return new Response(text, { status: isError ? 400 : 200, headers: res.headers });
};

interface Cached {
  config: oc.Configuration;
  at: number;
}
const CACHE_TTL_MS = 3600_000;
const configs = new Map<string, Cached>();

/**
 * The openid-client configuration of a tenant's provider: discovered from the issuer (OpenID) or
 * built from the endpoints (OAuth), endpoint overrides applied, cached per settings version.
 */
export async function configurationOf(s: ProviderSettings): Promise<oc.Configuration> {
  const key = `${s.key}:${s.version}`;
  const hit = configs.get(key);
  if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.config;
  const spec = PROVIDER_SPECS[s.key];
  const auth = clientAuth(s);
  const overrides: Partial<Record<'authorization_endpoint' | 'token_endpoint' | 'userinfo_endpoint', string>> = {};
  if (s.authorizationUrl) overrides.authorization_endpoint = s.authorizationUrl;
  if (s.tokenUrl) overrides.token_endpoint = s.tokenUrl;
  if (s.userinfoUrl) overrides.userinfo_endpoint = s.userinfoUrl;
  const urls = [s.issuer, s.authorizationUrl, s.tokenUrl, s.userinfoUrl].filter((u): u is string => !!u);
  let config: oc.Configuration;
  if (spec.kind === 'oidc') {
    const issuer = s.issuer ?? spec.issuer!;
    try {
      config = await oc.discovery(new URL(issuer), s.clientId, undefined, auth, {
        execute: insecure(issuer) ? [oc.allowInsecureRequests] : [],
        timeout: PROVIDER_TIMEOUT_S,
      });
    } catch (err) {
      throw providerError(spec.title, `discovery of ${issuer} failed (${describe(err)})`);
    }
    if (Object.keys(overrides).length) {
      const { supportsPKCE: _helper, ...discovered } = config.serverMetadata();
      config = new oc.Configuration({ ...discovered, ...overrides } as oc.ServerMetadata, s.clientId, undefined, auth);
    }
  } else {
    const authorization = s.authorizationUrl ?? spec.authorizationUrl!;
    config = new oc.Configuration(
      { issuer: new URL(authorization).origin, authorization_endpoint: authorization, token_endpoint: s.tokenUrl ?? spec.tokenUrl! },
      s.clientId,
      undefined,
      auth,
    );
    config[oc.customFetch] = standardErrors;
  }
  if (urls.some(insecure)) oc.allowInsecureRequests(config);
  config.timeout = PROVIDER_TIMEOUT_S;
  if (configs.size > 1000) configs.clear();
  configs.set(key, { config, at: Date.now() });
  return config;
}

/** The URL the browser came back to, rebuilt from the parameters it carried. */
export function callbackUrl(redirectUri: string, p: CallbackParams): URL {
  const u = new URL(redirectUri);
  for (const k of ['code', 'state', 'iss', 'error', 'error_description'] as const) {
    const v = p[k];
    if (typeof v === 'string') u.searchParams.set(k, v);
  }
  return u;
}

function describe(err: unknown): string {
  const e = err as { message?: string; cause?: { message?: string } };
  return e.cause?.message ?? e.message ?? String(err);
}

/**
 * openid-client's failures in the platform's vocabulary: the provider said no (401), what it sent
 * did not verify (401 `invalid_id_token`), or it could not be reached (502).
 */
export function translateProviderError(title: string, err: unknown): DomainError {
  if (err instanceof DomainError) return err;
  if (err instanceof oc.AuthorizationResponseError) {
    return signInRefused('provider_denied', `${title} did not sign the customer in: ${err.error}${err.error_description ? ` (${err.error_description})` : ''}`);
  }
  if (err instanceof oc.ResponseBodyError) {
    if (err.status >= 500) return providerError(title, `HTTP ${err.status}`);
    return signInRefused('authorization_code_refused', `${title} refused the authorization code: ${err.error}${err.error_description ? ` (${err.error_description})` : ''}`);
  }
  if (err instanceof oc.ClientError) {
    const code = err.code ?? '';
    if (/JWT|JWS|KEY_SELECTION|JSON_ATTRIBUTE/.test(code)) return signInRefused('invalid_id_token', `${title}'s ID token was refused: ${describe(err)}`);
    if (code === 'OAUTH_INVALID_RESPONSE' || code === 'OAUTH_PARSE_ERROR') return signInRefused('invalid_provider_response', `${title}'s answer was refused: ${describe(err)}`);
    return providerError(title, describe(err));
  }
  return providerError(title, describe(err));
}
