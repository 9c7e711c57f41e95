import * as oc from 'openid-client';
import { importPKCS8, SignJWT } from 'jose';
import { DomainError, isLoopback } from '@svc/kit';
import { PROVIDER_SPECS, providerError, signInRefused, type CallbackParams, type ProviderSettings } from './providers';

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
 * Token endpoint errors in the OAuth standard's shape, so that openid-client reports them as the
 * refusals they are: GitHub answers them with 200 and `{error}`, Facebook with 400 and
 * `{error: {message, type, code}}`; both become 400 `{error, error_description}`.
 */
async function standardErrors(res: Response): Promise<Response> {
  if (!(res.headers.get('content-type') ?? '').includes('json') || (res.status !== 200 && res.status !== 400)) return res;
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(text, { status: res.status, headers: res.headers });
  }
  const b = (body ?? {}) as { error?: unknown; error_description?: unknown; access_token?: unknown };
  if (b.error === undefined || b.access_token !== undefined) return new Response(text, { status: res.status, headers: res.headers });
  const nested = b.error && typeof b.error === 'object' ? (b.error as { message?: unknown; type?: unknown }) : null;
  const standard = nested
    ? { error: 'invalid_grant', error_description: typeof nested.message === 'string' ? nested.message : String(nested.type ?? 'refused') }
    : { error: String(b.error), ...(typeof b.error_description === 'string' ? { error_description: b.error_description } : {}) };
  return new Response(JSON.stringify(standard), { status: 400, headers: { 'content-type': 'application/json' } });
}

type Overrides = Partial<Record<'authorization_endpoint' | 'token_endpoint' | 'userinfo_endpoint', string>>;

/**
 * The fetch openid-client uses for a provider: a discovery document gets the tenant's endpoint
 * overrides patched in (so openid-client's own handling of the issuer, Microsoft's templated
 * multi-tenant issuer included, stays intact), token answers are put in the standard's shape.
 */
function providerFetch(overrides: Overrides): oc.CustomFetch {
  return async (url, options) => {
    const res = await fetch(url, options as RequestInit);
    if (new URL(url).pathname.endsWith('/.well-known/openid-configuration') && Object.keys(overrides).length && res.ok) {
      const doc = (await res.json()) as Record<string, unknown>;
      return new Response(JSON.stringify({ ...doc, ...overrides }), { status: 200, headers: { 'content-type': 'application/json' } });
    }
    return options.method === 'POST' ? standardErrors(res) : res;
  };
}

interface Cached {
  config?: oc.Configuration;
  failure?: DomainError;
  at: number;
}
const CACHE_TTL_MS = 3600_000;
/** a discovery that failed is not retried for this long (a dead issuer must not hold every start) */
const FAILURE_TTL_MS = 30_000;
const configs = new Map<string, Cached>();

/**
 * The openid-client configuration of a tenant's provider: discovered from the issuer (OpenID) or
 * built from the endpoints (OAuth), endpoint overrides applied, cached per settings version.
 */
export async function configurationOf(s: ProviderSettings): Promise<oc.Configuration> {
  const key = `${s.key}:${s.version}`;
  const hit = configs.get(key);
  if (hit?.config && Date.now() - hit.at < CACHE_TTL_MS) return hit.config;
  if (hit?.failure && Date.now() - hit.at < FAILURE_TTL_MS) throw hit.failure;
  const spec = PROVIDER_SPECS[s.key];
  const auth = clientAuth(s);
  const overrides: Overrides = {};
  if (s.authorizationUrl) overrides.authorization_endpoint = s.authorizationUrl;
  if (s.tokenUrl) overrides.token_endpoint = s.tokenUrl;
  if (s.userinfoUrl) overrides.userinfo_endpoint = s.userinfoUrl;
  const urls = [s.issuer, s.authorizationUrl, s.tokenUrl, s.userinfoUrl].filter((u): u is string => !!u);
  const fetcher = providerFetch(overrides);
  let config: oc.Configuration;
  if (spec.kind === 'oidc') {
    const issuer = s.issuer ?? spec.issuer!;
    try {
      config = await oc.discovery(new URL(issuer), s.clientId, undefined, auth, {
        execute: insecure(issuer) ? [oc.allowInsecureRequests] : [],
        timeout: PROVIDER_TIMEOUT_S,
        [oc.customFetch]: fetcher,
      });
    } catch (err) {
      const failure = providerError(spec.title, `discovery of ${issuer} failed (${describe(err)})`);
      configs.set(key, { failure, at: Date.now() });
      throw failure;
    }
  } else {
    const authorization = s.authorizationUrl ?? spec.authorizationUrl!;
    config = new oc.Configuration(
      { issuer: new URL(authorization).origin, authorization_endpoint: authorization, token_endpoint: s.tokenUrl ?? spec.tokenUrl! },
      s.clientId,
      undefined,
      auth,
    );
    config[oc.customFetch] = fetcher;
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
    return signInRefused(
      'authorization_code_refused',
      `${title} refused the authorization code: ${err.error}${err.error_description ? ` (${err.error_description})` : ''}`,
    );
  }
  if (err instanceof oc.ClientError) {
    const code = err.code ?? '';
    if (/JWT|JWS|KEY_SELECTION|JSON_ATTRIBUTE/.test(code)) return signInRefused('invalid_id_token', `${title}'s ID token was refused: ${describe(err)}`);
    return providerError(title, `${code}: ${describe(err)}`);
  }
  return providerError(title, describe(err));
}
