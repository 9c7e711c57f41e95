import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import * as oc from 'openid-client';
import { Client } from 'pg';
import { identityEvents, type TenantCredentials } from '@svc/identity';
import { startTestPlatform, type ApiResponse, type TestPlatform } from '../support/platform';
import { waitFor } from '../support/wait';
import { authorizeAt, startOidcOp, type OidcOp } from '../support/providers/oidc';
import { startAppleStandIn, type AppleStandIn } from '../support/providers/apple';
import { followAuthorize, startFacebookServer, startGitHubServer, type LocalOAuthServer } from '../support/providers/oauth-servers';

/**
 * Social sign-in end to end: a real OpenID provider (oidc-provider, in a child process), Apple's
 * client-secret check in front of it, and GitHub- and Facebook-speaking servers. The browser side
 * is plain HTTP: start → provider login and consent → callback → the token on /store/customers/me.
 */
const CONFIGURE = `mutation($input: ConfigureSocialProviderInput!) { configureSocialProvider(input: $input) {
  provider configured enabled client_id has_client_secret scopes issuer token_url redirect_uri response_mode has_apple_private_key } }`;
const PROVIDERS = `{ socialProviders { provider configured enabled client_id has_client_secret redirect_uri } }`;

describe('social sign-in (OAuth 2.0 / OpenID Connect)', () => {
  let p: TestPlatform;
  let t: TenantCredentials;
  let t2: TenantCredentials;
  let admin: string;
  let admin2: string;
  let op: OidcOp;
  let apple: AppleStandIn;
  let github: LocalOAuthServer;
  let facebook: LocalOAuthServer;
  const events: Array<{ type: string; data: Record<string, unknown> }> = [];
  const eventFor = (type: string, match: (d: Record<string, unknown>) => boolean) =>
    waitFor(`a ${type} event`, () => events.find((x) => x.type === type && match(x.data))?.data, 5000);
  const callback = (provider: string) => `${p.url}/api/store/auth/social/${provider}/callback`;

  const configure = async (token: string, input: Record<string, unknown>) => p.graphql(CONFIGURE, { input }, { token });

  beforeAll(async () => {
    p = await startTestPlatform({
      extraSubscriptions: {
        identity: (['customer.created', 'customer.social_linked', 'customer.social_unlinked'] as const).map((type) =>
          identityEvents.on(
            type,
            `test-social-${type.replace(/[._]/g, '-')}`,
            async (e) => void events.push({ type, data: e.data as Record<string, unknown> }),
          ),
        ),
      },
    });
    [t, t2] = await Promise.all([p.createTenant(), p.createTenant()]);
    [admin, admin2] = await Promise.all([p.adminToken(t), p.adminToken(t2)]);
    op = await startOidcOp({
      clients: [
        {
          client_id: 'shop-google',
          client_secret: 'google-secret',
          redirect_uris: [callback('google'), callback('microsoft')],
          token_endpoint_auth_method: 'client_secret_post',
          response_modes: ['query'],
        },
        { client_id: 'other-app', client_secret: 'other-secret', redirect_uris: [callback('google')], token_endpoint_auth_method: 'client_secret_post' },
        {
          client_id: 'shop.apple.signin',
          client_secret: 'apple-op-secret',
          redirect_uris: [callback('apple')],
          token_endpoint_auth_method: 'client_secret_post',
          response_modes: ['form_post'],
        },
      ],
      accounts: [
        {
          sub: 'alice',
          email: 'Alice@Example.com',
          email_verified: true,
          name: 'Alice Liddell',
          given_name: 'Alice',
          family_name: 'Liddell',
          picture: 'https://img.example.com/alice.png',
        },
        { sub: 'bob', email: 'bob@example.com', email_verified: false, name: 'Bob' },
        { sub: 'carol', email: 'carol@example.com', email_verified: true, name: 'Carol' },
        { sub: 'dora', email: 'dora@example.com', email_verified: false, name: 'Dora' },
        { sub: 'erin', email: 'erin@example.com', email_verified: true, name: 'Erin' },
        { sub: 'frank', email: 'frank@example.com', email_verified: true, name: 'Frank' },
        { sub: 'gina', email: 'gina@example.com', email_verified: true, name: 'Gina' },
        { sub: 'hal', email: 'hal@example.com', email_verified: true, name: 'Hal' },
        { sub: 'ivy', email: 'ivy@example.com', email_verified: true, name: 'Ivy' },
        { sub: 'quinn', email: 'quinn@example.com', email_verified: true },
        { sub: 'vera', email: 'vera@example.com', email_verified: true, name: 'Vera' },
      ],
    });
    apple = await startAppleStandIn(op, { clientId: 'shop.apple.signin', opClientSecret: 'apple-op-secret' });
    [github, facebook] = await Promise.all([startGitHubServer(), startFacebookServer()]);
    github.users.set('octo', {
      id: '583231',
      name: 'Mona Octo',
      login: 'octocat',
      avatar: 'https://avatars.example.com/u/583231',
      emails: [
        { email: 'mona-old@example.com', primary: false, verified: true },
        { email: 'mona@example.com', primary: true, verified: true },
      ],
    });
    github.users.set('unverified', {
      id: '77',
      name: 'Nope',
      emails: [
        { email: 'nope@example.com', primary: true, verified: false },
        { email: 'other@example.com', primary: false, verified: true },
      ],
    });
    github.users.set('connector', { id: '99', name: 'Connector', emails: [{ email: 'someone-else@example.com', primary: true, verified: true }] });
    facebook.users.set('zuck', {
      id: '10158',
      name: 'Mark Z',
      avatar: 'https://fb.example.com/p.jpg',
      emails: [{ email: 'mark@example.com', primary: true, verified: true }],
    });
    facebook.users.set('noemail', { id: '20001', name: 'No Mail', emails: [] });

    const results = await Promise.all([
      configure(admin, { provider: 'google', client_id: 'shop-google', client_secret: 'google-secret', issuer: op.issuer }),
      configure(admin, {
        provider: 'github',
        client_id: github.clientId,
        client_secret: github.clientSecret,
        authorization_url: github.authorizationUrl,
        token_url: github.tokenUrl,
        userinfo_url: github.userinfoUrl,
      }),
      configure(admin, {
        provider: 'facebook',
        client_id: facebook.clientId,
        client_secret: facebook.clientSecret,
        authorization_url: facebook.authorizationUrl,
        token_url: facebook.tokenUrl,
        userinfo_url: facebook.userinfoUrl,
      }),
      configure(admin, {
        provider: 'apple',
        client_id: 'shop.apple.signin',
        issuer: op.issuer,
        token_url: apple.tokenUrl,
        scopes: ['openid', 'email', 'profile'],
        apple_team_id: apple.teamId,
        apple_key_id: apple.keyId,
        apple_private_key: apple.privateKeyPem,
      }),
    ]);
    for (const r of results) expect(r.body.errors).toBeUndefined();
  });
  afterAll(async () => {
    await Promise.all([apple?.close(), github?.close(), facebook?.close()]);
    await op?.close();
    await p?.stop();
  });

  /** the binding each start answered, by its state: what a storefront remembers of the sign-ins it began */
  const bindings = new Map<string, string>();
  const start = async (provider: string, o: { key?: string; token?: string; returnTo?: string } = {}) => {
    const r = await p.api('GET', `/store/auth/social/${provider}/start${o.returnTo !== undefined ? `?return_to=${encodeURIComponent(o.returnTo)}` : ''}`, {
      key: o.key ?? t.publishable_key,
      token: o.token,
    });
    if (r.status === 200) bindings.set(new URL(r.body.authorization_url).searchParams.get('state')!, r.body.binding);
    return r;
  };

  interface CallbackOptions {
    key?: string;
    token?: string;
    /** default: the binding its start answered; null: none */
    binding?: string | null;
  }
  /** The storefront's way back: the query the provider put on the redirect URI, forwarded to the GET callback with the binding. */
  const getCallback = (provider: string, redirect: URL, o: CallbackOptions = {}) => {
    const q = new URLSearchParams(redirect.search);
    const binding = o.binding === undefined ? bindings.get(q.get('state') ?? '') : o.binding;
    if (binding) q.set('binding', binding);
    return p.api('GET', `/store/auth/social/${provider}/callback?${q}`, { key: o.key, token: o.token });
  };

  /** start → provider (login + consent) → callback; answers the callback response */
  async function signInWithOp(
    provider: 'google' | 'apple',
    login: string,
    o: { key?: string; token?: string; returnTo?: string; user?: string } = {},
  ): Promise<ApiResponse> {
    const s = await start(provider, o);
    expect(s.status).toBe(200);
    const r = await authorizeAt(s.body.authorization_url, { login });
    if (r.kind === 'redirect') return getCallback(provider, r.url, { key: o.key, token: o.token });
    const form = new URLSearchParams({ ...r.fields, ...(o.user ? { user: o.user } : {}), binding: s.body.binding });
    return p.api('POST', `/store/auth/social/${provider}/callback`, {
      raw: form.toString(),
      token: o.token,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }

  async function signInWithOAuth(provider: 'github' | 'facebook', server: LocalOAuthServer, user: string, o: { token?: string } = {}): Promise<ApiResponse> {
    const s = await start(provider, o);
    expect(s.status).toBe(200);
    server.signInAs(user);
    return getCallback(provider, await followAuthorize(s.body.authorization_url), { token: o.token });
  }

  const linked = (token: string, key = t.publishable_key) => p.api('GET', '/store/auth/social/linked-accounts', { key, token });
  const me = (token: string, key = t.publishable_key) => p.api('GET', '/store/customers/me', { key, token });

  it('signs a new customer in with an OpenID provider (PKCE S256, state, nonce), and the token works', async () => {
    const s = await start('google', { returnTo: '/account?tab=orders' });
    expect(s.status).toBe(200);
    expect(s.headers.get('cache-control')).toBe('no-store');
    const url = new URL(s.body.authorization_url);
    expect(url.origin + url.pathname).toContain(op.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'shop-google',
      response_type: 'code',
      code_challenge_method: 'S256',
      redirect_uri: callback('google'),
      scope: 'openid email profile',
    });
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{40,}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{40,}$/);
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);

    const r = await authorizeAt(s.body.authorization_url, { login: 'alice' });
    if (r.kind !== 'redirect') throw new Error('expected a query redirect');
    const cb = await getCallback('google', r.url);
    expect(cb.status).toBe(200);
    expect(cb.headers.get('cache-control')).toBe('no-store');
    expect(cb.headers.get('set-cookie')).toBeNull();
    expect(cb.body).toEqual({ token: expect.any(String), customer_id: expect.stringMatching(/^cus_/), is_new_link: true, return_to: '/account?tab=orders' });
    expect(await eventFor('customer.created', (d) => d.id === cb.body.customer_id)).toEqual({ id: cb.body.customer_id, email: 'alice@example.com' });
    expect(await eventFor('customer.social_linked', (d) => d.id === cb.body.customer_id)).toMatchObject({
      provider: 'google',
      link_id: expect.stringMatching(/^slink_/),
    });

    const who = await me(cb.body.token);
    expect(who.status).toBe(200);
    expect(who.body.customer).toMatchObject({
      id: cb.body.customer_id,
      email: 'alice@example.com',
      first_name: 'Alice',
      last_name: 'Liddell',
      has_account: true,
    });
    const l = await linked(cb.body.token);
    expect(l.status).toBe(200);
    expect(l.body.linked_accounts).toEqual([
      expect.objectContaining({
        provider: 'google',
        email: 'alice@example.com',
        email_verified: true,
        avatar_url: 'https://img.example.com/alice.png',
        last_login_at: expect.any(String),
      }),
    ]);

    // the same account again: the same customer, no new link
    const again = await signInWithOp('google', 'alice');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ customer_id: cb.body.customer_id, is_new_link: false, return_to: '/' });
    const l2 = await linked(again.body.token);
    expect(l2.body.linked_accounts).toHaveLength(1);
    expect(Date.parse(l2.body.linked_accounts[0].last_login_at)).toBeGreaterThanOrEqual(Date.parse(l.body.linked_accounts[0].last_login_at));
  });

  it('never links a password account by address alone; its owner connects the provider after signing in', async () => {
    // the platform never verified the address of a password account: whoever registered it may
    // not own it, so a verified provider account of the same address is not merged into it
    const carol = await p.registerCustomer(t.publishable_key, 'carol@example.com');
    const mine = await me(carol.token);
    const refusedLink = await signInWithOp('google', 'carol');
    expect(refusedLink.status).toBe(409);
    expect(refusedLink.body).toMatchObject({ type: 'conflict', code: 'sign_in_to_connect' });
    expect((await linked(carol.token)).body.linked_accounts).toEqual([]);
    // signed in with her password, Carol connects Google; afterwards Google alone signs her in
    const connected = await signInWithOp('google', 'carol', { token: carol.token });
    expect(connected.status).toBe(200);
    expect(connected.body).toMatchObject({ customer_id: mine.body.customer.id, is_new_link: true });
    const later = await signInWithOp('google', 'carol');
    expect(later.body).toMatchObject({ customer_id: mine.body.customer.id, is_new_link: false });

    // Dora's address is not verified by the provider: her password account is not taken over
    const dora = await p.registerCustomer(t.publishable_key, 'dora@example.com');
    const refused = await signInWithOp('google', 'dora');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ type: 'permission_error', code: 'email_not_verified' });
    expect((await linked(dora.token)).body.linked_accounts).toEqual([]);
    // nor does an unverified address make a new customer (it would claim someone's address)
    const bob = await signInWithOp('google', 'bob');
    expect(bob.status).toBe(403);
    expect(bob.body.code).toBe('email_not_verified');
    const db = new Client({ connectionString: p.dbUrl });
    await db.connect();
    try {
      const rows = await db.query(`select count(*)::int as n from identity.customer where email = 'bob@example.com'`);
      expect(rows.rows[0].n).toBe(0);
    } finally {
      await db.end();
    }
  });

  it('links a verified provider account to a password account once the platform verified the address', async () => {
    const vera = await p.registerCustomer(t.publishable_key, 'vera@example.com');
    const mine = await me(vera.token);
    expect(mine.body.customer.email_verified).toBe(false);
    expect((await signInWithOp('google', 'vera')).status).toBe(409);
    // she follows the link of the verification mail registration sent
    const mail = await waitFor('the verification mail', async () => (await p.mailsTo('vera@example.com')).find((m) => /Confirm your email/.test(m.subject)));
    const link = /(http\S+\/api\/auth\/customer\/verify-email\?token=\S+)/.exec(mail.text)![1];
    const verified = await fetch(link);
    expect(verified.status).toBe(200);
    expect((await me(vera.token)).body.customer.email_verified).toBe(true);
    const linkedNow = await signInWithOp('google', 'vera');
    expect(linkedNow.status).toBe(200);
    expect(linkedNow.body).toMatchObject({ customer_id: mine.body.customer.id, is_new_link: true });
  });

  it('refuses tampered, unknown, replayed, expired and foreign state with 400 invalid_state_token', async () => {
    const s = await start('google');
    const r = await authorizeAt(s.body.authorization_url, { login: 'erin' });
    if (r.kind !== 'redirect') throw new Error('expected a query redirect');
    const tampered = new URL(r.url);
    tampered.searchParams.set('state', `${r.url.searchParams.get('state')}x`);
    const bad = await getCallback('google', tampered);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ type: 'validation_error', code: 'invalid_state_token' });
    const none = await p.api('GET', '/store/auth/social/google/callback?code=abc');
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('invalid_state_token');
    // a state is for the provider it was made for
    const other = await getCallback('github', r.url);
    expect(other.status).toBe(400);
    expect(other.body.code).toBe('invalid_state_token');
    // that mismatch used the state up: the real callback now fails too
    const used = await getCallback('google', r.url);
    expect(used.status).toBe(400);
    expect(used.body.code).toBe('invalid_state_token');

    // single use: the first callback signs in, the replay is refused
    const ok = await signInWithOp('google', 'erin');
    expect(ok.status).toBe(200);
    const s2 = await start('google');
    const r2 = await authorizeAt(s2.body.authorization_url, { login: 'erin' });
    if (r2.kind !== 'redirect') throw new Error('expected a query redirect');
    expect((await getCallback('google', r2.url)).status).toBe(200);
    const replay = await getCallback('google', r2.url);
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe('invalid_state_token');

    // another store's publishable key on the callback
    const s3 = await start('google');
    const r3 = await authorizeAt(s3.body.authorization_url, { login: 'erin' });
    if (r3.kind !== 'redirect') throw new Error('expected a query redirect');
    const foreign = await getCallback('google', r3.url, { key: t2.publishable_key });
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe('invalid_state_token');
  });

  it('keeps state exactly 10 minutes: at 10:00 it has expired, at 9:59 it is fine', async () => {
    const s = await start('google');
    const r = await authorizeAt(s.body.authorization_url, { login: 'erin' });
    if (r.kind !== 'redirect') throw new Error('expected a query redirect');
    const realNow = Date.now;
    // taken after start: the state expires at or before startedAt + 10 minutes
    const startedAt = realNow();
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => startedAt + 10 * 60_000);
    try {
      const late = await getCallback('google', r.url);
      expect(late.status).toBe(400);
      expect(late.body.code).toBe('invalid_state_token');
    } finally {
      clock.mockRestore();
    }
    // and a second before the 10 minutes are up it is fine (taken before start: the state expires after it + 10 minutes)
    const beforeStart = realNow();
    const s2 = await start('google');
    const r2 = await authorizeAt(s2.body.authorization_url, { login: 'erin' });
    if (r2.kind !== 'redirect') throw new Error('expected a query redirect');
    const clock2 = jest.spyOn(Date, 'now').mockImplementation(() => beforeStart + 10 * 60_000 - 1000);
    try {
      const inTime = await getCallback('google', r2.url);
      expect(inTime.status).toBe(200);
    } finally {
      clock2.mockRestore();
    }
  });

  it('binds a sign-in to whoever started it: the binding as a parameter or the cookie start set', async () => {
    // without the binding (an answer pasted into another browser or storefront): refused, and the state is used up
    const s = await start('google');
    const r = await authorizeAt(s.body.authorization_url, { login: 'erin' });
    if (r.kind !== 'redirect') throw new Error('expected a query redirect');
    const none = await getCallback('google', r.url, { binding: null });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ type: 'validation_error', code: 'invalid_state_token' });
    expect(none.body.message).toMatch(/binding/);
    expect((await getCallback('google', r.url)).status).toBe(400);
    // another sign-in's binding
    const mine = await start('google');
    const theirs = await start('google');
    const r2 = await authorizeAt(mine.body.authorization_url, { login: 'erin' });
    if (r2.kind !== 'redirect') throw new Error('expected a query redirect');
    expect((await getCallback('google', r2.url, { binding: theirs.body.binding })).status).toBe(400);

    // a browser that talks to the API itself carries the binding as the cookie start set
    const direct = await start('google');
    const setCookie = direct.headers.get('set-cookie')!;
    expect(setCookie).toContain(`svc_social_binding=${direct.body.binding}`);
    expect(setCookie).toMatch(/Path=\/api\/store\/auth\/social\//);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/Secure/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(direct.body.expires_in).toBe(600);
    const r3 = await authorizeAt(direct.body.authorization_url, { login: 'erin' });
    if (r3.kind !== 'redirect') throw new Error('expected a query redirect');
    const viaCookie = await p.api('GET', `/store/auth/social/google/callback${r3.url.search}`, {
      headers: { cookie: `svc_social_binding=${direct.body.binding}` },
    });
    expect(viaCookie.status).toBe(200);
    // Apple answers with a cross-site POST: its binding cookie must be SameSite=None to come along
    expect((await start('apple')).headers.get('set-cookie')).toMatch(/SameSite=None/);
  });

  it('finishes a connect only with the token of the customer who started it', async () => {
    const c = await p.registerCustomer(t.publishable_key);
    const other = await p.registerCustomer(t.publishable_key);
    github.users.set('bound', { id: '5150', name: 'Bound', emails: [{ email: 'bound@example.com', primary: true, verified: true }] });
    for (const token of [undefined, other.token]) {
      const s = await start('github', { token: c.token });
      github.signInAs('bound');
      const cb = await getCallback('github', await followAuthorize(s.body.authorization_url), { token });
      expect(cb.status).toBe(403);
      expect(cb.body).toMatchObject({ type: 'permission_error', code: 'connect_requires_customer' });
    }
    expect((await linked(c.token)).body.linked_accounts).toEqual([]);
    expect((await linked(other.token)).body.linked_accounts).toEqual([]);
    const ok = await signInWithOAuth('github', github, 'bound', { token: c.token });
    expect(ok.status).toBe(200);
    expect(ok.body.customer_id).toBe((await me(c.token)).body.customer.id);
  });

  it('ends the sessions a provider account opened when it is unlinked', async () => {
    const c = await p.registerCustomer(t.publishable_key);
    github.users.set('leaver', { id: '6161', name: 'Leaver', emails: [{ email: 'leaver@example.com', primary: true, verified: true }] });
    expect((await signInWithOAuth('github', github, 'leaver', { token: c.token })).status).toBe(200);
    const viaGithub = await signInWithOAuth('github', github, 'leaver');
    expect(viaGithub.status).toBe(200);
    expect((await me(viaGithub.body.token)).status).toBe(200);
    const [link] = (await linked(c.token)).body.linked_accounts;
    expect((await p.api('DELETE', `/store/auth/social/linked-accounts/${link.id}`, { key: t.publishable_key, token: c.token })).status).toBe(200);
    expect((await me(viaGithub.body.token)).status).toBe(401);
    // the password session goes on
    expect((await me(c.token)).status).toBe(200);
  });

  it('refuses a code the provider already redeemed (GitHub answers 200 with an error, Facebook a 400 of its own shape)', async () => {
    github.users.set('replayer', { id: '7272', name: 'Replayer', emails: [{ email: 'replayer-gh@example.com', primary: true, verified: true }] });
    facebook.users.set('replayer', { id: '7373', name: 'Replayer', emails: [{ email: 'replayer-fb@example.com', primary: true, verified: true }] });
    for (const [provider, server] of [
      ['github', github],
      ['facebook', facebook],
    ] as const) {
      const user = 'replayer';
      const s1 = await start(provider);
      server.signInAs(user);
      const first = await followAuthorize(s1.body.authorization_url);
      expect((await getCallback(provider, first)).status).toBe(200);
      // the same code under a fresh state (and its own verifier): the provider refuses it
      const s2 = await start(provider);
      const replay = new URL(first);
      replay.searchParams.set('state', new URL(s2.body.authorization_url).searchParams.get('state')!);
      const cb = await getCallback(provider, replay);
      expect([provider, cb.status, cb.body.code]).toEqual([provider, 401, 'authorization_code_refused']);
    }
  });

  it("takes Apple's name from the user field of the first sign-in, never its address", async () => {
    const cb = await signInWithOp('apple', 'quinn', {
      user: JSON.stringify({ name: { firstName: 'Quinn', lastName: 'Apple' }, email: 'someone-else@example.com' }),
    });
    expect(cb.status).toBe(200);
    expect((await me(cb.body.token)).body.customer).toMatchObject({ email: 'quinn@example.com', first_name: 'Quinn', last_name: 'Apple' });
  });

  it('refuses an ID token with another nonce', async () => {
    const s = await start('google');
    const u = new URL(s.body.authorization_url);
    u.searchParams.set('nonce', oc.randomNonce());
    const r = await authorizeAt(u.toString(), { login: 'frank' });
    if (r.kind !== 'redirect') throw new Error('expected a query redirect');
    const cb = await getCallback('google', r.url);
    expect(cb.status).toBe(401);
    expect(cb.body).toMatchObject({ type: 'authentication_error', code: 'invalid_id_token' });
    expect(cb.body.message).toMatch(/nonce/);
  });

  it('refuses an ID token issued to another client (wrong audience)', async () => {
    // a token endpoint that answers with a valid, signed ID token the provider issued to another app
    let substitute = '';
    const discovered = await oc.discovery(new URL(op.issuer), 'other-app', undefined, oc.ClientSecretPost('other-secret'), {
      execute: [oc.allowInsecureRequests],
    });
    const tokenEndpoint = discovered.serverMetadata().token_endpoint!;
    const proxy = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => void relay());
      const relay = async () => {
        const upstream = await fetch(tokenEndpoint, {
          method: 'POST',
          headers: { 'content-type': String(req.headers['content-type']) },
          body: Buffer.concat(chunks),
        });
        const body = (await upstream.json()) as Record<string, unknown>;
        if (body.id_token) body.id_token = substitute;
        res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      };
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const t3 = await p.createTenant();
    const admin3 = await p.adminToken(t3);
    try {
      const c = await configure(admin3, {
        provider: 'google',
        client_id: 'shop-google',
        client_secret: 'google-secret',
        issuer: op.issuer,
        token_url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/token`,
      });
      expect(c.body.errors).toBeUndefined();
      const s = await start('google', { key: t3.publishable_key });
      const nonce = new URL(s.body.authorization_url).searchParams.get('nonce')!;
      // the other app's ID token for the same person and the same nonce
      const verifier = oc.randomPKCECodeVerifier();
      const state = oc.randomState();
      const otherUrl = oc.buildAuthorizationUrl(discovered, {
        redirect_uri: callback('google'),
        scope: 'openid email',
        nonce,
        state,
        code_challenge: await oc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });
      const or = await authorizeAt(otherUrl.toString(), { login: 'gina' });
      if (or.kind !== 'redirect') throw new Error('expected a query redirect');
      const otherTokens = await oc.authorizationCodeGrant(discovered, or.url, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });
      substitute = otherTokens.id_token!;

      const r = await authorizeAt(s.body.authorization_url, { login: 'gina' });
      if (r.kind !== 'redirect') throw new Error('expected a query redirect');
      const cb = await getCallback('google', r.url);
      expect(cb.status).toBe(401);
      expect(cb.body).toMatchObject({ type: 'authentication_error', code: 'invalid_id_token' });
      expect(cb.body.message).toMatch(/aud/);
    } finally {
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    }
  });

  it('refuses a replayed authorization code', async () => {
    const s1 = await start('google');
    const r1 = await authorizeAt(s1.body.authorization_url, { login: 'hal' });
    if (r1.kind !== 'redirect') throw new Error('expected a query redirect');
    expect((await getCallback('google', r1.url)).status).toBe(200);
    // a fresh state, but the code of the first sign-in
    const s2 = await start('google');
    const state2 = new URL(s2.body.authorization_url).searchParams.get('state')!;
    const replayed = new URL(r1.url);
    replayed.searchParams.set('state', state2);
    const cb = await getCallback('google', replayed);
    expect(cb.status).toBe(401);
    expect(cb.body).toMatchObject({ type: 'authentication_error', code: 'authorization_code_refused' });
  });

  it('accepts a state once under concurrent callbacks', async () => {
    const s = await start('google');
    const r = await authorizeAt(s.body.authorization_url, { login: 'ivy' });
    if (r.kind !== 'redirect') throw new Error('expected a query redirect');
    const all = await Promise.all(Array.from({ length: 6 }, () => getCallback('google', r.url)));
    expect(all.filter((x) => x.status === 200)).toHaveLength(1);
    expect(all.filter((x) => x.status === 400 && x.body.code === 'invalid_state_token')).toHaveLength(5);
  });

  it("signs in with Apple: client secret signed with the team's key, response_mode=form_post", async () => {
    const s = await start('apple');
    expect(new URL(s.body.authorization_url).searchParams.get('response_mode')).toBe('form_post');
    const before = apple.requests.length;
    const cb = await signInWithOp('apple', 'alice', { user: JSON.stringify({ name: { firstName: 'Alice', lastName: 'L.' }, email: 'alice@example.com' }) });
    expect(cb.status).toBe(200);
    expect(apple.requests.slice(before)).toEqual([{ ok: true }]);
    // Alice signed up with Google before: her verified address links Apple to the same customer
    const who = await me(cb.body.token);
    expect(who.body.customer.email).toBe('alice@example.com');
    expect(cb.body.is_new_link).toBe(true);
    const l = await linked(cb.body.token);
    expect(l.body.linked_accounts.map((a: { provider: string }) => a.provider).sort()).toEqual(['apple', 'google']);

    // the form_post callback reads forms (and JSON), nothing else
    const wrongType = await p.api('POST', '/store/auth/social/apple/callback', { raw: 'state=x', headers: { 'content-type': 'text/plain' } });
    expect(wrongType.status).toBe(415);
  });

  it('signs in with GitHub (only a primary verified address counts) and Facebook', async () => {
    const gh = await signInWithOAuth('github', github, 'octo');
    expect(gh.status).toBe(200);
    expect(gh.body.is_new_link).toBe(true);
    expect((await me(gh.body.token)).body.customer).toMatchObject({ email: 'mona@example.com', first_name: 'Mona Octo' });
    expect((await linked(gh.body.token)).body.linked_accounts).toEqual([
      expect.objectContaining({ provider: 'github', email: 'mona@example.com', avatar_url: 'https://avatars.example.com/u/583231', display_name: 'Mona Octo' }),
    ]);
    const tokenCall = github.requests.find((r) => r.path.endsWith('/access_token'))!;
    expect(new URLSearchParams(tokenCall.body).get('code_verifier')).toMatch(/^[\w-]{43,}$/);
    const again = await signInWithOAuth('github', github, 'octo');
    expect(again.body).toMatchObject({ customer_id: gh.body.customer_id, is_new_link: false });

    const unverified = await signInWithOAuth('github', github, 'unverified');
    expect(unverified.status).toBe(403);
    expect(unverified.body.code).toBe('email_not_verified');

    const fb = await signInWithOAuth('facebook', facebook, 'zuck');
    expect(fb.status).toBe(200);
    expect((await me(fb.body.token)).body.customer).toMatchObject({ email: 'mark@example.com' });
    expect((await linked(fb.body.token)).body.linked_accounts[0]).toMatchObject({ provider: 'facebook', avatar_url: 'https://fb.example.com/p.jpg' });
    const meCall = facebook.requests.find((r) => r.path.endsWith('/me'))!;
    expect(meCall.query.get('appsecret_proof')).toMatch(/^[0-9a-f]{64}$/);
    const noEmail = await signInWithOAuth('facebook', facebook, 'noemail');
    expect(noEmail.status).toBe(403);
    expect(noEmail.body.code).toBe('email_required');

    // the user says no at the provider
    const s = await start('github');
    github.denyNext();
    const denied = await getCallback('github', await followAuthorize(s.body.authorization_url));
    expect(denied.status).toBe(401);
    expect(denied.body.code).toBe('provider_denied');
  });

  it('connects a provider to the signed-in customer, and never one account to two customers', async () => {
    const c = await p.registerCustomer(t.publishable_key);
    const cb = await signInWithOAuth('github', github, 'connector', { token: c.token });
    expect(cb.status).toBe(200);
    const mine = await me(c.token);
    expect(cb.body).toMatchObject({ customer_id: mine.body.customer.id, is_new_link: true });
    const other = await p.registerCustomer(t.publishable_key);
    const twice = await signInWithOAuth('github', github, 'connector', { token: other.token });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('identity_already_linked');
  });

  it('lists and unlinks linked accounts: 404 for another customer, 409 for the last way in', async () => {
    const first = await signInWithOAuth('facebook', facebook, 'zuck');
    const token = first.body.token;
    const [fbLink] = (await linked(token)).body.linked_accounts;
    // the only way this customer signs in, and no password
    const last = await p.api('DELETE', `/store/auth/social/linked-accounts/${fbLink.id}`, { key: t.publishable_key, token });
    expect(last.status).toBe(409);
    expect(last.body).toMatchObject({ type: 'conflict', code: 'last_sign_in_method' });

    // another customer (and another store's customer) cannot see or remove it
    const stranger = await p.registerCustomer(t.publishable_key);
    const foreign = await p.api('DELETE', `/store/auth/social/linked-accounts/${fbLink.id}`, { key: t.publishable_key, token: stranger.token });
    expect(foreign.status).toBe(404);
    expect((await linked(stranger.token)).body.linked_accounts).toEqual([]);
    const otherStore = await p.registerCustomer(t2.publishable_key);
    expect((await p.api('DELETE', `/store/auth/social/linked-accounts/${fbLink.id}`, { key: t2.publishable_key, token: otherStore.token })).status).toBe(404);
    const adminOther = await p.graphql(
      `query($id: String!) { customerLinkedAccounts(customer_id: $id) { id } }`,
      { id: first.body.customer_id },
      { token: admin2 },
    );
    expect(adminOther.body.data.customerLinkedAccounts).toEqual([]);
    const adminOwn = await p.graphql(
      `query($id: String!) { customerLinkedAccounts(customer_id: $id) { id provider } }`,
      { id: first.body.customer_id },
      { token: admin },
    );
    expect(adminOwn.body.data.customerLinkedAccounts).toEqual([{ id: fbLink.id, provider: 'facebook' }]);

    // a password customer may unlink their only provider
    const c = await p.registerCustomer(t.publishable_key);
    github.users.set('solo', { id: '4242', name: 'Solo', emails: [{ email: 'solo@example.com', primary: true, verified: true }] });
    expect((await signInWithOAuth('github', github, 'solo', { token: c.token })).status).toBe(200);
    const [gh] = (await linked(c.token)).body.linked_accounts;
    const gone = await p.api('DELETE', `/store/auth/social/linked-accounts/${gh.id}`, { key: t.publishable_key, token: c.token });
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ id: gh.id, object: 'linked_account', deleted: true });
    expect(await eventFor('customer.social_unlinked', (d) => d.link_id === gh.id)).toMatchObject({ provider: 'github' });
    expect((await linked(c.token)).body.linked_accounts).toEqual([]);
    expect((await p.api('DELETE', `/store/auth/social/linked-accounts/${gh.id}`, { key: t.publishable_key, token: c.token })).status).toBe(404);
    // without a customer token
    expect((await p.api('GET', '/store/auth/social/linked-accounts', { key: t.publishable_key })).status).toBe(401);
  });

  it('answers 404 provider_not_enabled for a provider the store has not enabled', async () => {
    const microsoft = await start('microsoft');
    expect(microsoft.status).toBe(404);
    expect(microsoft.body).toMatchObject({ type: 'not_found', code: 'provider_not_enabled' });
    expect((await start('myspace')).body.code).toBe('provider_not_enabled');
    // another store has configured nothing
    expect((await start('google', { key: t2.publishable_key })).status).toBe(404);

    // disabled between start and callback: the callback is refused too
    const s = await start('facebook');
    expect((await configure(admin, { provider: 'facebook', enabled: false })).body.data.configureSocialProvider.enabled).toBe(false);
    try {
      facebook.signInAs('zuck');
      const cb = await getCallback('facebook', await followAuthorize(s.body.authorization_url));
      expect(cb.status).toBe(404);
      expect(cb.body.code).toBe('provider_not_enabled');
      expect((await start('facebook')).status).toBe(404);
    } finally {
      await configure(admin, { provider: 'facebook', enabled: true });
    }
  });

  it('accepts only relative return_to paths, and checks every input', async () => {
    for (const bad of ['//evil.example.com/x', 'https://evil.example.com', '/\\evil.example.com', 'account', 'javascript:alert(1)', '/a\nb']) {
      const r = await start('google', { returnTo: bad });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ type: 'validation_error' });
    }
    expect((await p.api('GET', '/store/auth/social/google/start?unknown=1', { key: t.publishable_key })).status).toBe(400);
    expect((await p.api('GET', '/store/auth/social/google/start')).status).toBe(401);
    const long = await p.api('GET', `/store/auth/social/google/callback?state=${'x'.repeat(300)}`);
    expect(long.status).toBe(400);
  });

  it('documents the five routes in /openapi.json (the form_post callback reads forms)', async () => {
    const doc = (await fetch(`${p.url}/openapi.json`).then((r) => r.json())) as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
    };
    const paths = Object.keys(doc.paths).filter((k) => k.includes('/auth/social/'));
    expect(paths.sort()).toEqual(
      [
        '/store/auth/social/linked-accounts',
        '/store/auth/social/linked-accounts/{id}',
        '/store/auth/social/{provider}/callback',
        '/store/auth/social/{provider}/start',
      ].sort(),
    );
    expect(Object.keys(doc.paths['/store/auth/social/{provider}/callback'].post.requestBody!.content)).toEqual([
      'application/json',
      'application/x-www-form-urlencoded',
    ]);
  });

  it('lets admins configure providers (secrets sealed, never answered) and checks their input', async () => {
    const list = await p.graphql(PROVIDERS, {}, { token: admin });
    const byKey = Object.fromEntries(list.body.data.socialProviders.map((x: { provider: string }) => [x.provider, x]));
    expect(Object.keys(byKey).sort()).toEqual(['apple', 'facebook', 'github', 'google', 'microsoft']);
    expect(byKey.google).toMatchObject({
      configured: true,
      enabled: true,
      client_id: 'shop-google',
      has_client_secret: true,
      redirect_uri: callback('google'),
    });
    expect(byKey.microsoft).toMatchObject({ configured: false, enabled: false, client_id: null });
    expect(JSON.stringify(list.body)).not.toContain('google-secret');
    const db = new Client({ connectionString: p.dbUrl });
    await db.connect();
    try {
      const rows = await db.query(`select client_secret_sealed, apple_private_key_sealed from identity.social_provider where tenant_id = $1`, [t.tenant_id]);
      const stored = JSON.stringify(rows.rows);
      expect(stored).not.toContain('google-secret');
      expect(stored).not.toContain('PRIVATE KEY');
      expect(stored).toContain('v1.');
    } finally {
      await db.end();
    }

    const before = JSON.stringify((await p.graphql(PROVIDERS, {}, { token: admin })).body);
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ provider: 'myspace', client_id: 'x', client_secret: 'y' }, 'provider'],
      [{ provider: 'microsoft', client_id: 'x', client_secret: 'y', issuer: 'http://idp.example.com' }, 'issuer'],
      [{ provider: 'microsoft', client_id: 'x' }, 'client_secret'],
      [{ provider: 'microsoft', client_secret: 'y' }, 'client_id'],
      [{ provider: 'github', client_id: 'x', client_secret: 'y', issuer: 'https://github.com' }, 'issuer'],
      [{ provider: 'apple', apple_private_key: 'not a key' }, 'apple_private_key'],
      [{ provider: 'google', apple_team_id: 'ABCDEFGHIJ' }, 'apple'],
      [{ provider: 'google', scopes: ['openid email'] }, 'scope'],
    ];
    for (const [input, hint] of bad) {
      const r = await configure(admin, input);
      expect(r.body.errors?.[0]?.extensions?.type).toBe('validation_error');
      expect(JSON.stringify(r.body.errors[0])).toMatch(new RegExp(hint));
    }
    expect(JSON.stringify((await p.graphql(PROVIDERS, {}, { token: admin })).body)).toBe(before);
    // customers and other stores' admins cannot configure
    const customer = await p.registerCustomer(t.publishable_key);
    expect((await configure(customer.token, { provider: 'microsoft', client_id: 'x', client_secret: 'y' })).body.errors[0].extensions.type).toBe(
      'permission_error',
    );
    expect((await p.graphql(PROVIDERS, {}, { token: admin2 })).body.data.socialProviders.every((x: { configured: boolean }) => !x.configured)).toBe(true);
  });

  it('sets the token cookie on the callback when the store enables it', async () => {
    const on = await p.graphql(
      `mutation { updateStoreSettings(input: { social_login_cookie: true, social_login_cookie_domain: ".example.com" }) { social_login_cookie social_login_cookie_domain } }`,
      {},
      { token: admin },
    );
    expect(on.body.data.updateStoreSettings).toEqual({ social_login_cookie: true, social_login_cookie_domain: '.example.com' });
    try {
      const cb = await signInWithOp('google', 'alice');
      expect(cb.status).toBe(200);
      const cookie = cb.headers.get('set-cookie')!;
      expect(cookie).toContain(`svc_customer_token=${cb.body.token}`);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/Secure/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).toMatch(/Domain=\.example\.com/);
      expect(cookie).toMatch(/Max-Age=86400/);
    } finally {
      await p.graphql(`mutation { updateStoreSettings(input: { social_login_cookie: false }) { social_login_cookie } }`, {}, { token: admin });
    }
  });

  it('configures a provider from the command line (npm run tenant:social)', async () => {
    const run = promisify(execFile);
    const root = path.resolve(__dirname, '../..');
    const { stdout } = await run(
      process.execPath,
      [
        '-r',
        './scripts/register.js',
        'scripts/tenant-social.ts',
        '--tenant',
        t2.publishable_key,
        '--provider',
        'microsoft',
        '--client-id',
        'ms-app',
        '--client-secret',
        'ms-secret',
        '--issuer',
        op.issuer,
      ],
      {
        cwd: root,
        env: {
          ...process.env,
          DATABASE_URL: p.dbUrl,
          NODE_ENV: 'test',
          JWT_SECRET: 'x'.repeat(40),
          INTERNAL_SECRET: p.config.internalSecret,
          OPERATOR_TOKEN: 'o'.repeat(20),
          LOG_LEVEL: 'silent',
        },
      },
    );
    const printed = JSON.parse(stdout.trim());
    expect(printed).toMatchObject({ provider: 'microsoft', configured: true, enabled: true, client_id: 'ms-app', has_client_secret: true, issuer: op.issuer });
    expect(stdout).not.toContain('ms-secret');
    const listed = await p.graphql(PROVIDERS, {}, { token: admin2 });
    expect(listed.body.data.socialProviders.find((x: { provider: string }) => x.provider === 'microsoft')).toMatchObject({
      configured: true,
      client_id: 'ms-app',
    });
    // the platform opens the secret the command sealed: a Microsoft sign-in starts
    const s = await start('microsoft', { key: t2.publishable_key });
    expect(s.status).toBe(200);
    expect(new URL(s.body.authorization_url).searchParams.get('client_id')).toBe('ms-app');

    await expect(
      run(
        process.execPath,
        ['-r', './scripts/register.js', 'scripts/tenant-social.ts', '--tenant', 'nobody', '--provider', 'google', '--client-id', 'x', '--client-secret', 'y'],
        {
          cwd: root,
          env: {
            ...process.env,
            DATABASE_URL: p.dbUrl,
            NODE_ENV: 'test',
            JWT_SECRET: 'x'.repeat(40),
            INTERNAL_SECRET: p.config.internalSecret,
            OPERATOR_TOKEN: 'o'.repeat(20),
            LOG_LEVEL: 'silent',
          },
        },
      ),
    ).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('no tenant') });
  });
});
