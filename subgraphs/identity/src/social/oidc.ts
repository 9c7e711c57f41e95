import * as oc from 'openid-client';
import { callbackUrl, configurationOf, translateProviderError } from './client';
import { MICROSOFT_CONSUMER_TENANT, PROVIDER_SPECS, nonEmpty, type SocialAdapter, type ProviderProfile, type ProviderSettings } from './providers';

type Claims = Record<string, unknown>;

/** Whether the provider vouches for the address in these claims. */
export function emailVerified(s: Pick<ProviderSettings, 'key'>, c: Claims): boolean {
  const v = c.email_verified;
  if (v === true || v === 'true') return true;
  // Microsoft: personal accounts' addresses are verified; work accounts' only with xms_edov
  if (s.key === 'microsoft')
    return c.xms_edov === true || c.xms_edov === 'true' || c.xms_edov === 1 || c.xms_edov === '1' || c.tid === MICROSOFT_CONSUMER_TENANT;
  return false;
}

/** Apple sends the name once, as the `user` form field of the first sign-in. */
function appleUser(raw: string | undefined): { givenName: string | null; familyName: string | null } {
  if (!raw) return { givenName: null, familyName: null };
  try {
    const u = JSON.parse(raw) as { name?: { firstName?: unknown; lastName?: unknown } };
    return { givenName: nonEmpty(u.name?.firstName), familyName: nonEmpty(u.name?.lastName) };
  } catch {
    return { givenName: null, familyName: null };
  }
}

/**
 * OpenID Connect (Google, Microsoft, Apple): discovery, authorization code with PKCE, and an ID
 * token whose signature, issuer, audience, nonce and expiry openid-client verifies.
 */
export const oidcAdapter: SocialAdapter = {
  async authorizationUrl(s, req) {
    const config = await configurationOf(s);
    const params: Record<string, string> = {
      response_type: 'code',
      redirect_uri: req.redirectUri,
      scope: s.scopes.join(' '),
      state: req.state,
      code_challenge: req.codeChallenge,
      code_challenge_method: 'S256',
    };
    if (req.nonce) params.nonce = req.nonce;
    if (PROVIDER_SPECS[s.key].responseMode === 'form_post') params.response_mode = 'form_post';
    return oc.buildAuthorizationUrl(config, params).toString();
  },

  async complete(s, ex): Promise<ProviderProfile> {
    const title = PROVIDER_SPECS[s.key].title;
    try {
      const config = await configurationOf(s);
      const tokens = await oc.authorizationCodeGrant(config, callbackUrl(ex.redirectUri, ex.params), {
        pkceCodeVerifier: ex.codeVerifier,
        expectedState: ex.state,
        expectedNonce: ex.nonce ?? undefined,
        idTokenExpected: true,
      });
      let claims: Claims = { ...tokens.claims()! };
      // some providers keep the address out of the ID token: then it comes from userinfo
      if (!nonEmpty(claims.email) && config.serverMetadata().userinfo_endpoint && tokens.access_token) {
        const info = await oc.fetchUserInfo(config, tokens.access_token, String(claims.sub));
        claims = { ...info, ...claims, email: info.email, email_verified: info.email_verified };
      }
      const fromApple = s.key === 'apple' ? appleUser(ex.params.user) : { givenName: null, familyName: null };
      const givenName = nonEmpty(claims.given_name) ?? fromApple.givenName;
      const familyName = nonEmpty(claims.family_name) ?? fromApple.familyName;
      const picture = nonEmpty(claims.picture);
      return {
        subject: String(claims.sub),
        email: nonEmpty(claims.email)?.toLowerCase() ?? null,
        emailVerified: emailVerified(s, claims),
        name: nonEmpty(claims.name) ?? ([givenName, familyName].filter(Boolean).join(' ') || null),
        givenName,
        familyName,
        avatarUrl: picture && /^https?:\/\//.test(picture) ? picture : null,
      };
    } catch (err) {
      throw translateProviderError(title, err);
    }
  },
};
