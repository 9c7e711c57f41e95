import crypto from 'node:crypto';
import * as client from 'openid-client';
import { authorizeAt, CookieJar, startOidcOp, type OidcOp } from '../support/providers/oidc';
import { signAppleClientSecret, startAppleStandIn, type AppleStandIn } from '../support/providers/apple';
import { followAuthorize, startFacebookServer, startGitHubServer, type LocalOAuthServer } from '../support/providers/oauth-servers';

/**
 * The social-login test harness against a real client library (openid-client v6): the local
 * OpenID Provider with the browser driver (query and form_post), the Apple client-secret proxy,
 * and the GitHub- and Facebook-style OAuth servers.
 */

// nothing listens there: the browser driver must stop at the redirect, not follow it
const WEB_CALLBACK = 'http://127.0.0.1:9/auth/customer/google/callback';
const APPLE_CALLBACK = 'http://127.0.0.1:9/auth/customer/apple/callback';
const CALLBACK = 'http://127.0.0.1:9/auth/customer/oauth/callback';

const alice = {
  sub: 'alice',
  email: 'alice@example.test',
  email_verified: true,
  name: 'Alice Liddell',
  given_name: 'Alice',
  family_name: 'Liddell',
  picture: 'https://img.example.test/alice.png',
};

let op: OidcOp;
let apple: AppleStandIn;
let github: LocalOAuthServer;
let facebook: LocalOAuthServer;

beforeAll(async () => {
  [op, github, facebook] = await Promise.all([
    startOidcOp({
      clients: [
        { client_id: 'web', client_secret: 'web-secret', redirect_uris: [WEB_CALLBACK] },
        {
          client_id: 'com.example.shop.signin',
          client_secret: 'apple-op-secret',
          redirect_uris: [APPLE_CALLBACK],
          token_endpoint_auth_method: 'client_secret_post',
          response_modes: ['form_post'],
        },
      ],
      accounts: [alice, { sub: 'bob', email: 'bob@example.test', email_verified: false }],
    }),
    startGitHubServer(),
    startFacebookServer(),
  ]);
  apple = await startAppleStandIn(op, { clientId: 'com.example.shop.signin', opClientSecret: 'apple-op-secret' });
});

afterAll(async () => {
  await Promise.all([apple?.close(), github?.close(), facebook?.close()]);
  await op?.close();
});

interface Checks {
  verifier: string;
  state: string;
  nonce: string;
}

async function authorizationUrl(config: client.Configuration, redirectUri: string, extra: Record<string, string> = {}): Promise<{ url: URL; checks: Checks }> {
  const checks = { verifier: client.randomPKCECodeVerifier(), state: client.randomState(), nonce: client.randomNonce() };
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(checks.verifier),
    code_challenge_method: 'S256',
    state: checks.state,
    nonce: checks.nonce,
    ...extra,
  });
  return { url, checks };
}

function formPostRequest(action: string, fields: Record<string, string>): Request {
  return new Request(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

describe('local OpenID provider + browser driver', () => {
  let web: client.Configuration;
  beforeAll(async () => {
    web = await client.discovery(new URL(op.issuer), 'web', 'web-secret', client.ClientSecretBasic('web-secret'), { execute: [client.allowInsecureRequests] });
  });

  it('query mode: login, consent, code exchange with PKCE, ID token with the email and profile claims; the code is single-use', async () => {
    const { url, checks } = await authorizationUrl(web, WEB_CALLBACK);
    const result = await authorizeAt(url.href, { login: 'alice' });
    if (result.kind !== 'redirect') throw new Error(`expected a redirect, got ${result.kind}`);
    expect(result.url.origin + result.url.pathname).toBe(WEB_CALLBACK);
    expect(result.url.searchParams.get('state')).toBe(checks.state);

    const tokens = await client.authorizationCodeGrant(web, result.url, {
      pkceCodeVerifier: checks.verifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    expect(tokens.claims()).toMatchObject({ iss: op.issuer, aud: 'web', ...alice });
    expect(JSON.parse(Buffer.from(tokens.id_token!.split('.')[0], 'base64url').toString())).toMatchObject({ alg: 'RS256' });

    await expect(
      client.authorizationCodeGrant(web, result.url, { pkceCodeVerifier: checks.verifier, expectedState: checks.state, expectedNonce: checks.nonce }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a wrong code_verifier and a request without PKCE', async () => {
    const { url, checks } = await authorizationUrl(web, WEB_CALLBACK);
    const result = await authorizeAt(url.href, { login: 'bob' });
    if (result.kind !== 'redirect') throw new Error('expected a redirect');
    await expect(
      client.authorizationCodeGrant(web, result.url, {
        pkceCodeVerifier: client.randomPKCECodeVerifier(),
        expectedState: checks.state,
        expectedNonce: checks.nonce,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });

    const noPkce = new URL(url);
    noPkce.searchParams.delete('code_challenge');
    noPkce.searchParams.delete('code_challenge_method');
    const refused = await authorizeAt(noPkce.href, { login: 'alice' });
    if (refused.kind !== 'redirect') throw new Error('expected a redirect');
    expect(refused.url.searchParams.get('error')).toBe('invalid_request');
  });

  it('a shared cookie jar keeps the OP session: the second authorization needs neither login nor consent', async () => {
    const jar = new CookieJar();
    const first = await authorizationUrl(web, WEB_CALLBACK);
    expect((await authorizeAt(first.url.href, { login: 'alice', jar })).kind).toBe('redirect');
    const second = await authorizationUrl(web, WEB_CALLBACK);
    // a different login name would be typed if the login form came again
    const result = await authorizeAt(second.url.href, { login: 'bob', jar });
    if (result.kind !== 'redirect') throw new Error('expected a redirect');
    const tokens = await client.authorizationCodeGrant(web, result.url, {
      pkceCodeVerifier: second.checks.verifier,
      expectedState: second.checks.state,
      expectedNonce: second.checks.nonce,
    });
    expect(tokens.claims()?.sub).toBe('alice');
  });

  it('cancel at consent: access_denied back at the redirect_uri', async () => {
    const { url, checks } = await authorizationUrl(web, WEB_CALLBACK);
    const result = await authorizeAt(url.href, { login: 'alice', consent: false });
    if (result.kind !== 'redirect') throw new Error('expected a redirect');
    expect(result.url.searchParams.get('error')).toBe('access_denied');
    expect(result.url.searchParams.get('state')).toBe(checks.state);
  });

  it('form_post mode: the auto-submit form, then the code exchange from the POSTed form', async () => {
    const config = await client.discovery(new URL(op.issuer), apple.clientId, 'apple-op-secret', client.ClientSecretPost('apple-op-secret'), {
      execute: [client.allowInsecureRequests],
    });
    const { url, checks } = await authorizationUrl(config, APPLE_CALLBACK, { response_mode: 'form_post' });
    const result = await authorizeAt(url.href, { login: 'bob' });
    if (result.kind !== 'form_post') throw new Error(`expected form_post, got ${result.kind}`);
    expect(result.action).toBe(APPLE_CALLBACK);
    expect(result.fields).toMatchObject({ state: checks.state, iss: op.issuer });

    const tokens = await client.authorizationCodeGrant(config, formPostRequest(result.action, result.fields), {
      pkceCodeVerifier: checks.verifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    expect(tokens.claims()).toMatchObject({ sub: 'bob', email: 'bob@example.test', email_verified: false });

    // the client is registered for form_post only
    const { url: queryMode } = await authorizationUrl(config, APPLE_CALLBACK);
    const refused = await authorizeAt(queryMode.href, { login: 'bob' });
    if (refused.kind !== 'redirect') throw new Error('expected a redirect');
    expect(Object.fromEntries(refused.url.searchParams)).toMatchObject({ error: 'invalid_request', error_description: expect.stringMatching(/response_mode/) });
  });
});

describe('Apple client-secret proxy', () => {
  async function appleConfig(secret: string): Promise<client.Configuration> {
    const discovered = await client.discovery(new URL(apple.issuer), apple.clientId, undefined, client.None(), { execute: [client.allowInsecureRequests] });
    // the discovered metadata, the token endpoint replaced by the proxy's (the OP is Apple's stand-in)
    const { supportsPKCE: _helper, ...metadata } = discovered.serverMetadata();
    const config = new client.Configuration({ ...metadata, token_endpoint: apple.tokenUrl }, apple.clientId, undefined, client.ClientSecretPost(secret));
    client.allowInsecureRequests(config);
    return config;
  }

  async function formPost(config: client.Configuration): Promise<{ request: Request; checks: Checks }> {
    const { url, checks } = await authorizationUrl(config, APPLE_CALLBACK, { response_mode: 'form_post' });
    const result = await authorizeAt(url.href, { login: 'alice' });
    if (result.kind !== 'form_post') throw new Error('expected form_post');
    return { request: formPostRequest(result.action, result.fields), checks };
  }

  it('accepts a correctly signed client secret and returns the OP answer', async () => {
    const config = await appleConfig(signAppleClientSecret(apple));
    const { request, checks } = await formPost(config);
    const before = apple.requests.length;
    const tokens = await client.authorizationCodeGrant(config, request, {
      pkceCodeVerifier: checks.verifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    expect(tokens.claims()).toMatchObject({ sub: 'alice', email: 'alice@example.test', aud: apple.clientId });
    expect(apple.requests.slice(before)).toEqual([{ ok: true }]);
  });

  it('refuses a client secret signed with another key', async () => {
    const otherKey = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    const config = await appleConfig(signAppleClientSecret(apple, { privateKeyPem: otherKey }));
    const { request, checks } = await formPost(config);
    await expect(
      client.authorizationCodeGrant(config, request, { pkceCodeVerifier: checks.verifier, expectedState: checks.state, expectedNonce: checks.nonce }),
    ).rejects.toMatchObject({
      error: 'invalid_client',
    });
    expect(apple.requests.at(-1)).toEqual({ ok: false, reason: expect.stringMatching(/signature/) });
  });

  it.each([
    ['kid', { header: { kid: 'WRONGKEYID' } }, /kid/],
    ['iss', { claims: { iss: 'OTHERTEAM1' } }, /iss/],
    ['sub', { claims: { sub: 'com.example.other' } }, /sub/],
    ['aud', { claims: { aud: 'https://example.test' } }, /aud/],
    ['exp', { claims: { iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 60 } }, /expired/],
    ['lifetime', { claims: { exp: Math.floor(Date.now() / 1000) + 200 * 86400 } }, /6 months/],
    ['iat', { claims: { iat: Math.floor(Date.now() / 1000) + 600, exp: Math.floor(Date.now() / 1000) + 1200 } }, /future/],
    ['alg', { header: { alg: 'HS256' } }, /alg/],
  ])('refuses a client secret with a wrong %s', async (_name, overrides, reason) => {
    const res = await fetch(apple.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: 'x',
        client_id: apple.clientId,
        client_secret: signAppleClientSecret(apple, overrides),
        redirect_uri: APPLE_CALLBACK,
      }).toString(),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'invalid_client' });
    expect(apple.requests.at(-1)).toEqual({ ok: false, reason: expect.stringMatching(reason) });
  });
});

describe('GitHub-style OAuth server', () => {
  beforeAll(() => {
    github.users.set('octo', {
      id: '583231',
      name: 'The Octocat',
      login: 'octocat',
      avatar: 'https://avatars.example.test/583231',
      emails: [
        { email: 'octocat@github.test', primary: true, verified: true, visibility: 'private' },
        { email: 'old@github.test', primary: false, verified: false },
      ],
    });
    github.signInAs('octo');
  });

  async function authorize(scope = 'read:user user:email'): Promise<{ code: string; verifier: string; state: string }> {
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const url = new URL(github.authorizationUrl);
    url.search = new URLSearchParams({
      client_id: github.clientId,
      redirect_uri: CALLBACK,
      state,
      scope,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    }).toString();
    const back = await followAuthorize(url.href);
    expect(back.origin + back.pathname).toBe(CALLBACK);
    expect(back.searchParams.get('state')).toBe(state);
    return { code: back.searchParams.get('code')!, verifier, state };
  }

  async function exchange(fields: Record<string, string>): Promise<Record<string, string>> {
    const res = await fetch(github.tokenUrl, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as Record<string, string>;
  }

  it('code exchange with openid-client and PKCE, then the profile and the emails', async () => {
    const config = new client.Configuration(
      { issuer: github.url, authorization_endpoint: github.authorizationUrl, token_endpoint: github.tokenUrl },
      github.clientId,
      undefined,
      client.ClientSecretPost(github.clientSecret),
    );
    client.allowInsecureRequests(config);
    const { code, verifier, state } = await authorize();
    const callback = new URL(CALLBACK);
    callback.search = new URLSearchParams({ code, state }).toString();
    const tokens = await client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state });
    expect(tokens).toMatchObject({ token_type: 'bearer', scope: 'read:user,user:email' });

    const headers = { authorization: `Bearer ${tokens.access_token}`, accept: 'application/vnd.github+json', 'user-agent': 'shop' };
    const user = await (await fetch(github.userinfoUrl, { headers })).json();
    expect(user).toMatchObject({ id: 583231, login: 'octocat', name: 'The Octocat', avatar_url: 'https://avatars.example.test/583231', email: null });
    const emails = await (await fetch(`${github.url}/api/user/emails`, { headers })).json();
    expect(emails).toEqual([
      { email: 'octocat@github.test', primary: true, verified: true, visibility: 'private' },
      { email: 'old@github.test', primary: false, verified: false, visibility: null },
    ]);
    expect((await fetch(github.userinfoUrl, { headers: { ...headers, authorization: 'Bearer nope' } })).status).toBe(401);
  });

  it('refuses a wrong secret, a wrong verifier and a reused code (with status 200, as GitHub)', async () => {
    const a = await authorize();
    expect(
      await exchange({ client_id: github.clientId, client_secret: 'wrong', code: a.code, redirect_uri: CALLBACK, code_verifier: a.verifier }),
    ).toMatchObject({ error: 'incorrect_client_credentials' });

    const b = await authorize();
    expect(
      await exchange({
        client_id: github.clientId,
        client_secret: github.clientSecret,
        code: b.code,
        redirect_uri: CALLBACK,
        code_verifier: client.randomPKCECodeVerifier(),
      }),
    ).toMatchObject({ error: 'bad_verification_code' });

    const c = await authorize();
    const ok = { client_id: github.clientId, client_secret: github.clientSecret, code: c.code, redirect_uri: CALLBACK, code_verifier: c.verifier };
    expect(await exchange(ok)).toMatchObject({ access_token: expect.stringMatching(/^gho_/), token_type: 'bearer' });
    expect(await exchange(ok)).toMatchObject({ error: 'bad_verification_code' });

    // without Accept: application/json, GitHub answers form-encoded
    const d = await authorize();
    const form = await fetch(github.tokenUrl, { method: 'POST', body: new URLSearchParams({ ...ok, code: d.code, code_verifier: d.verifier }) });
    expect(form.headers.get('content-type')).toMatch(/application\/x-www-form-urlencoded/);
    expect(new URLSearchParams(await form.text()).get('token_type')).toBe('bearer');
  });

  it('/api/user/emails needs the user:email scope; a denied authorization comes back as access_denied', async () => {
    const a = await authorize('read:user');
    const { access_token } = await exchange({ client_id: github.clientId, client_secret: github.clientSecret, code: a.code, code_verifier: a.verifier });
    expect((await fetch(`${github.url}/api/user/emails`, { headers: { authorization: `Bearer ${access_token}` } })).status).toBe(404);

    github.denyNext();
    const back = await followAuthorize(
      `${github.authorizationUrl}?${new URLSearchParams({ client_id: github.clientId, redirect_uri: CALLBACK, state: 's1' })}`,
    );
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ error: 'access_denied', state: 's1' });
  });
});

describe('Facebook-style OAuth server', () => {
  beforeAll(() => {
    facebook.users.set('mark', {
      id: '10158000000000001',
      name: 'Mark Example',
      avatar: 'https://fb.example.test/p/1.jpg',
      emails: [{ email: 'mark@fb.test', primary: true, verified: true }],
    });
    facebook.users.set('unconfirmed', { id: '10158000000000002', name: 'Una Confirmed', emails: [{ email: 'una@fb.test', primary: true, verified: false }] });
  });

  async function authorize(userKey: string): Promise<{ code: string; verifier: string; state: string }> {
    facebook.signInAs(userKey);
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const back = await followAuthorize(
      `${facebook.authorizationUrl}?${new URLSearchParams({ client_id: facebook.clientId, redirect_uri: CALLBACK, state, scope: 'email,public_profile', code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256' })}`,
    );
    expect(back.searchParams.get('state')).toBe(state);
    return { code: back.searchParams.get('code')!, verifier, state };
  }

  function proof(token: string, secret = facebook.clientSecret): string {
    return crypto.createHmac('sha256', secret).update(token).digest('hex');
  }

  async function me(token: string, appsecretProof?: string): Promise<Response> {
    const q = new URLSearchParams({ fields: 'id,name,email,picture.type(large)', access_token: token });
    if (appsecretProof) q.set('appsecret_proof', appsecretProof);
    return fetch(`${facebook.userinfoUrl}?${q}`);
  }

  it('code exchange with openid-client and PKCE, then /me with appsecret_proof', async () => {
    const config = new client.Configuration(
      { issuer: facebook.url, authorization_endpoint: facebook.authorizationUrl, token_endpoint: facebook.tokenUrl },
      facebook.clientId,
      undefined,
      client.ClientSecretPost(facebook.clientSecret),
    );
    client.allowInsecureRequests(config);
    const { code, verifier, state } = await authorize('mark');
    const tokens = await client.authorizationCodeGrant(config, new URL(`${CALLBACK}?${new URLSearchParams({ code, state })}`), {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: expect.any(Number) });

    const res = await me(tokens.access_token, proof(tokens.access_token));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: '10158000000000001',
      name: 'Mark Example',
      email: 'mark@fb.test',
      picture: { data: expect.objectContaining({ url: 'https://fb.example.test/p/1.jpg' }) },
    });

    const bad = await me(tokens.access_token, proof(tokens.access_token, 'not-the-secret'));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { type: 'OAuthException' } });
  });

  it('no email for a user without a confirmed address', async () => {
    const { code, verifier } = await authorize('unconfirmed');
    const res = await fetch(
      `${facebook.tokenUrl}?${new URLSearchParams({ client_id: facebook.clientId, client_secret: facebook.clientSecret, redirect_uri: CALLBACK, code, code_verifier: verifier })}`,
    );
    const { access_token } = (await res.json()) as { access_token: string };
    const profile = await (await me(access_token)).json();
    expect(profile).toMatchObject({ id: '10158000000000002', name: 'Una Confirmed' });
    expect(profile).not.toHaveProperty('email');
  });

  it('refuses a wrong secret, a wrong verifier, another redirect_uri and a reused code', async () => {
    const exchange = async (fields: Record<string, string>) => {
      const res = await fetch(facebook.tokenUrl, { method: 'POST', body: new URLSearchParams(fields) });
      return { status: res.status, body: (await res.json()) as { error?: { type: string; code: number }; access_token?: string } };
    };
    const base = { client_id: facebook.clientId, client_secret: facebook.clientSecret, redirect_uri: CALLBACK };

    const a = await authorize('mark');
    const wrongSecret = await exchange({ ...base, client_secret: 'wrong', code: a.code, code_verifier: a.verifier });
    expect(wrongSecret).toMatchObject({ status: 400, body: { error: { type: 'OAuthException' } } });

    const b = await authorize('mark');
    expect(await exchange({ ...base, code: b.code, code_verifier: client.randomPKCECodeVerifier() })).toMatchObject({
      status: 400,
      body: { error: { type: 'OAuthException', code: 100 } },
    });

    const c = await authorize('mark');
    expect(await exchange({ ...base, redirect_uri: `${CALLBACK}/other`, code: c.code, code_verifier: c.verifier })).toMatchObject({
      status: 400,
      body: { error: { type: 'OAuthException' } },
    });

    const d = await authorize('mark');
    expect(await exchange({ ...base, code: d.code, code_verifier: d.verifier })).toMatchObject({ status: 200, body: { access_token: expect.any(String) } });
    expect(await exchange({ ...base, code: d.code, code_verifier: d.verifier })).toMatchObject({
      status: 400,
      body: { error: { type: 'OAuthException', code: 100 } },
    });
  });
});
