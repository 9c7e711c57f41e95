import { createHmac } from 'node:crypto';
import * as oc from 'openid-client';
import { callbackUrl, configurationOf, PROVIDER_TIMEOUT_S, translateProviderError } from './client';
import { PROVIDER_SPECS, nonEmpty, providerError, type ProviderProfile, type ProviderSettings, type SocialAdapter } from './providers';

async function getJson(title: string, url: string, headers: Record<string, string>): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: 'application/json', ...headers }, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_S * 1000) });
  } catch (err) {
    throw providerError(title, (err as Error).message);
  }
  if (!res.ok) throw providerError(title, `${new URL(url).pathname} answered HTTP ${res.status}`);
  try {
    return await res.json();
  } catch {
    throw providerError(title, `${new URL(url).pathname} did not answer JSON`);
  }
}

/** GitHub: the user, and of their addresses only the primary one GitHub has verified. */
async function githubProfile(s: ProviderSettings, token: string): Promise<ProviderProfile> {
  const userUrl = s.userinfoUrl ?? PROVIDER_SPECS.github.userinfoUrl!;
  const headers = {
    authorization: `Bearer ${token}`,
    'user-agent': 'svc-platform',
    'x-github-api-version': '2022-11-28',
    accept: 'application/vnd.github+json',
  };
  const user = ((await getJson('GitHub', userUrl, headers)) ?? {}) as { id?: unknown; login?: unknown; name?: unknown; avatar_url?: unknown };
  if (typeof user !== 'object' || (typeof user.id !== 'number' && typeof user.id !== 'string')) throw providerError('GitHub', 'the user has no id');
  const emails = (await getJson('GitHub', `${userUrl.replace(/\/$/, '')}/emails`, headers)) as unknown;
  // the primary address only, and vouched for only when GitHub verified it
  const primary = Array.isArray(emails)
    ? (emails as Array<{ email?: unknown; primary?: unknown; verified?: unknown } | null>).find(
        (e) => !!e && typeof e === 'object' && e.primary === true && nonEmpty(e.email),
      )
    : undefined;
  return {
    subject: String(user.id),
    email: primary ? nonEmpty(primary.email)!.toLowerCase() : null,
    emailVerified: primary?.verified === true,
    name: nonEmpty(user.name) ?? nonEmpty(user.login),
    givenName: null,
    familyName: null,
    avatarUrl: nonEmpty(user.avatar_url),
  };
}

/** Facebook: the Graph API's `me`; it names an address only once the user confirmed it. */
async function facebookProfile(s: ProviderSettings, token: string): Promise<ProviderProfile> {
  const url = new URL(s.userinfoUrl ?? PROVIDER_SPECS.facebook.userinfoUrl!);
  url.searchParams.set('fields', 'id,name,first_name,last_name,email,picture');
  // proves the token was obtained with this app's secret (Facebook's "Require App Secret")
  if (s.clientSecret) url.searchParams.set('appsecret_proof', createHmac('sha256', s.clientSecret).update(token).digest('hex'));
  const me = ((await getJson('Facebook', url.toString(), { authorization: `Bearer ${token}` })) ?? {}) as {
    id?: unknown;
    name?: unknown;
    first_name?: unknown;
    last_name?: unknown;
    email?: unknown;
    picture?: { data?: { url?: unknown } } | null;
  };
  if (typeof me !== 'object' || !nonEmpty(me.id)) throw providerError('Facebook', 'the user has no id');
  // Facebook answers `email` only for an address the user has confirmed with Facebook
  const email = nonEmpty(me.email)?.toLowerCase() ?? null;
  return {
    subject: String(me.id),
    email,
    emailVerified: !!email,
    name: nonEmpty(me.name),
    givenName: nonEmpty(me.first_name),
    familyName: nonEmpty(me.last_name),
    avatarUrl: nonEmpty(me.picture?.data?.url ?? null),
  };
}

/** OAuth 2.0 without OpenID (Facebook, GitHub): code with PKCE, then the profile from their APIs. */
export const oauthAdapter: SocialAdapter = {
  async authorizationUrl(s, req) {
    const config = await configurationOf(s);
    return oc
      .buildAuthorizationUrl(config, {
        response_type: 'code',
        redirect_uri: req.redirectUri,
        scope: s.key === 'facebook' ? s.scopes.join(',') : s.scopes.join(' '),
        state: req.state,
        code_challenge: req.codeChallenge,
        code_challenge_method: 'S256',
      })
      .toString();
  },

  async complete(s, ex): Promise<ProviderProfile> {
    const title = PROVIDER_SPECS[s.key].title;
    let token: string;
    try {
      const config = await configurationOf(s);
      const tokens = await oc.authorizationCodeGrant(config, callbackUrl(ex.redirectUri, ex.params), {
        pkceCodeVerifier: ex.codeVerifier,
        expectedState: ex.state,
      });
      token = tokens.access_token;
    } catch (err) {
      throw translateProviderError(title, err);
    }
    return s.key === 'github' ? githubProfile(s, token) : facebookProfile(s, token);
  },
};
