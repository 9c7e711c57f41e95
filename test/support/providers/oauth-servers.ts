import crypto from 'node:crypto';
import { ProtocolServer, rid, type Incoming, type Reply } from './protocol-server';

/**
 * Local servers speaking GitHub's and Facebook's OAuth 2.0 (not OpenID Connect) protocols: an
 * authorization endpoint without a login page (the signed-in user is chosen beforehand with
 * `signInAs`) that redirects straight back with `code` and `state`, a token endpoint checking the
 * client credentials, the redirect_uri, PKCE (when a code_challenge was sent) and single use of
 * codes, and the profile API. Each in the provider's own shapes, error conventions included
 * (GitHub answers token errors with status 200).
 *
 * Codes live 10 minutes. A code is spent by the first token request that presents it with valid
 * client credentials, whether that exchange succeeds or not.
 */

interface OAuthUserEmail {
  email: string;
  primary: boolean;
  verified: boolean;
  /**
   * GitHub only: the visibility of the address. Default: 'public' for the primary address (it is
   * then the `email` of GET /api/user), null for the others. 'private' makes /api/user's email null.
   */
  visibility?: 'public' | 'private' | null;
}

export interface OAuthUser {
  /** GitHub: numeric (answered as a number); Facebook: the app-scoped id */
  id: string;
  name: string;
  /** GitHub login; default the user's key */
  login?: string;
  avatar?: string;
  emails: OAuthUserEmail[];
}

export interface LocalOAuthServer {
  url: string;
  authorizationUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  clientId: string;
  clientSecret: string;
  users: Map<string, OAuthUser>;
  /** the user the next authorization requests act for (a key of `users`) */
  signInAs(userKey: string): void;
  /** the next authorization request is refused by the user: the provider's access_denied redirect */
  denyNext(): void;
  requests: Array<{ method: string; path: string; query: URLSearchParams; body: string; headers: Record<string, unknown> }>;
  close(): Promise<void>;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  userKey: string;
  scopes: string[];
  challenge?: string;
  method?: string;
  expiresAt: number;
  spent: boolean;
}

interface IssuedToken {
  userKey: string;
  scopes: string[];
  expiresAt: number;
}

const CODE_TTL_MS = 10 * 60 * 1000;

/** Shared state and steps of both servers. */
class OAuthCore {
  readonly users = new Map<string, OAuthUser>();
  readonly codes = new Map<string, IssuedCode>();
  readonly tokens = new Map<string, IssuedToken>();
  signedIn?: string;
  denials = 0;

  constructor(
    readonly clientId: string,
    readonly clientSecret: string,
  ) {}

  /** The authorization step: either an error to show, or the redirect (code or access_denied). */
  authorize(q: URLSearchParams, denied: (redirect: URL) => void): { error: string } | { location: string } {
    if (q.get('client_id') !== this.clientId) return { error: `unknown client_id ${q.get('client_id')}` };
    const redirectUri = q.get('redirect_uri');
    if (!redirectUri || !/^https?:\/\//.test(redirectUri)) return { error: 'redirect_uri missing or not an http(s) URL' };
    const redirect = new URL(redirectUri);
    const state = q.get('state');
    if (this.denials > 0) {
      this.denials--;
      denied(redirect);
      if (state !== null) redirect.searchParams.set('state', state);
      return { location: redirect.href };
    }
    const challenge = q.get('code_challenge') ?? undefined;
    const method = challenge ? (q.get('code_challenge_method') ?? 'plain') : undefined;
    if (method && method !== 'S256' && method !== 'plain') return { error: `unsupported code_challenge_method ${method}` };
    if (!this.signedIn) return { error: 'no user is signed in (call signInAs first)' };
    if (!this.users.has(this.signedIn)) return { error: `signed-in user ${this.signedIn} is not in users` };
    const code = rid(20);
    this.codes.set(code, {
      clientId: this.clientId,
      redirectUri,
      userKey: this.signedIn,
      scopes: (q.get('scope') ?? '').split(/[\s,]+/).filter(Boolean),
      challenge,
      method,
      expiresAt: Date.now() + CODE_TTL_MS,
      spent: false,
    });
    redirect.searchParams.set('code', code);
    if (state !== null) redirect.searchParams.set('state', state);
    return { location: redirect.href };
  }

  /** Client credentials from the parameters or HTTP Basic. */
  clientAuthenticated(params: URLSearchParams, headers: Incoming['headers']): boolean {
    let id = params.get('client_id');
    let secret = params.get('client_secret');
    const basic = /^Basic\s+(\S+)$/i.exec(headers.authorization ?? '');
    if (basic) {
      const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
      const i = decoded.indexOf(':');
      if (i > 0) {
        id = decodeURIComponent(decoded.slice(0, i).replace(/\+/g, ' '));
        secret = decodeURIComponent(decoded.slice(i + 1).replace(/\+/g, ' '));
      }
    }
    return id === this.clientId && secret !== null && safeEqual(secret, this.clientSecret);
  }

  /** Spends the code and checks it against the request; the problem, or the issued code. */
  redeem(params: URLSearchParams, redirectRequired: boolean): { problem: 'code' | 'redirect_uri' | 'pkce'; message: string } | { code: IssuedCode } {
    const value = params.get('code') ?? '';
    const code = this.codes.get(value);
    if (!code || code.spent || code.expiresAt < Date.now() || code.clientId !== this.clientId) {
      return { problem: 'code', message: code?.spent ? 'the code was already used' : 'the code is unknown or expired' };
    }
    code.spent = true;
    const redirectUri = params.get('redirect_uri');
    if ((redirectRequired || redirectUri !== null) && redirectUri !== code.redirectUri) {
      return { problem: 'redirect_uri', message: `redirect_uri ${redirectUri} is not the one of the authorization request` };
    }
    if (code.challenge) {
      const verifier = params.get('code_verifier');
      if (!verifier) return { problem: 'pkce', message: 'code_verifier missing' };
      const expected = code.method === 'S256' ? crypto.createHash('sha256').update(verifier).digest('base64url') : verifier;
      if (!safeEqual(expected, code.challenge)) return { problem: 'pkce', message: 'code_verifier does not match the code_challenge' };
    }
    return { code };
  }

  issueToken(code: IssuedCode, prefix: string, ttlSeconds: number): string {
    const token = prefix + rid(36, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789');
    this.tokens.set(token, { userKey: code.userKey, scopes: code.scopes, expiresAt: Date.now() + ttlSeconds * 1000 });
    return token;
  }

  tokenFor(value: string | undefined | null): IssuedToken | undefined {
    const t = value ? this.tokens.get(value) : undefined;
    return t && t.expiresAt > Date.now() && this.users.has(t.userKey) ? t : undefined;
  }
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/** Query and body parameters together (body wins); the body form-encoded or JSON. */
function params(req: Incoming): URLSearchParams {
  const out = new URLSearchParams(req.query);
  if (!req.body) return out;
  let body: Iterable<[string, string]>;
  if (String(req.headers['content-type'] ?? '').includes('json')) {
    try {
      const parsed = JSON.parse(req.body) as Record<string, unknown>;
      body = Object.entries(parsed)
        .filter(([, v]) => v !== null && v !== undefined)
        .map(([k, v]) => [k, String(v)] as [string, string]);
    } catch {
      body = [];
    }
  } else {
    body = new URLSearchParams(req.body);
  }
  for (const [k, v] of body) out.set(k, v);
  return out;
}

function bearer(req: Incoming): string | undefined {
  return /^(?:Bearer|token)\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
}

/** The provider's error page for the browser. */
function html(status: number, text: string): Reply {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return { status, body: `<!DOCTYPE html><html><body><h1>Error</h1><p>${escaped}</p></body></html>`, headers: { 'content-type': 'text/html; charset=utf-8' } };
}

function makeServer(core: OAuthCore, server: ProtocolServer, urls: { authorizationUrl: string; tokenUrl: string; userinfoUrl: string }): LocalOAuthServer {
  return {
    url: server.url,
    ...urls,
    clientId: core.clientId,
    clientSecret: core.clientSecret,
    users: core.users,
    signInAs: (userKey) => {
      core.signedIn = userKey;
    },
    denyNext: () => {
      core.denials++;
    },
    requests: server.requests,
    close: () => server.close(),
  };
}

// ---------------------------------------------------------------------------------------------
// GitHub

/**
 * GitHub's OAuth app flow at one origin: `GET /login/oauth/authorize`, `POST
 * /login/oauth/access_token` (form, JSON or query parameters; client credentials in the
 * parameters or HTTP Basic; JSON answer with `Accept: application/json`, else form-encoded; errors
 * with status 200: incorrect_client_credentials, redirect_uri_mismatch, bad_verification_code), and
 * the REST API under `/api`: `GET /api/user` and `GET /api/user/emails` (the latter needs the
 * `user:email` or `user` scope, else 404 like GitHub), `Authorization: Bearer|token`, 401 "Bad
 * credentials". redirect_uri at the token endpoint is optional as at GitHub, but must match if sent.
 */
export async function startGitHubServer(opts: { clientId?: string; clientSecret?: string } = {}): Promise<LocalOAuthServer> {
  const core = new OAuthCore(opts.clientId ?? `Iv1.${rid(16, '0123456789abcdef')}`, opts.clientSecret ?? rid(40, '0123456789abcdef'));
  const docs = 'https://docs.github.com/rest';

  const tokenError = (req: Incoming, error: string, description: string): Reply => tokenReply(req, { error, error_description: description, error_uri: docs });

  const handler = (req: Incoming): Reply => {
    if (req.method === 'GET' && req.path === '/login/oauth/authorize') {
      const r = core.authorize(req.query, (redirect) => {
        redirect.searchParams.set('error', 'access_denied');
        redirect.searchParams.set('error_description', 'The user has denied your application access.');
        redirect.searchParams.set('error_uri', docs);
      });
      return 'error' in r ? html(400, r.error) : { status: 302, headers: { location: r.location } };
    }
    if (req.method === 'POST' && req.path === '/login/oauth/access_token') {
      const p = params(req);
      if (!core.clientAuthenticated(p, req.headers))
        return tokenError(req, 'incorrect_client_credentials', 'The client_id and/or client_secret passed are incorrect.');
      const r = core.redeem(p, false);
      if ('problem' in r) {
        if (r.problem === 'redirect_uri')
          return tokenError(req, 'redirect_uri_mismatch', 'The redirect_uri MUST match the registered callback URL for this application.');
        return tokenError(req, 'bad_verification_code', `The code passed is incorrect or expired. (${r.message})`);
      }
      const token = core.issueToken(r.code, 'gho_', 8 * 3600);
      return tokenReply(req, { access_token: token, token_type: 'bearer', scope: r.code.scopes.join(',') });
    }
    if (req.method === 'GET' && (req.path === '/api/user' || req.path === '/api/user/emails')) {
      const token = core.tokenFor(bearer(req));
      if (!token) return { status: 401, body: { message: 'Bad credentials', documentation_url: docs, status: '401' } };
      if (!req.headers['user-agent']) {
        return {
          status: 403,
          body: { message: 'Request forbidden by administrative rules. Please make sure your request has a User-Agent header.', documentation_url: docs },
        };
      }
      const user = core.users.get(token.userKey)!;
      const emails = user.emails.map((e) => ({
        email: e.email,
        primary: e.primary,
        verified: e.verified,
        visibility: e.visibility === undefined ? (e.primary ? 'public' : null) : e.visibility,
      }));
      const headers = { 'x-oauth-scopes': token.scopes.join(', ') };
      if (req.path === '/api/user') {
        const login = user.login ?? token.userKey;
        return {
          status: 200,
          headers,
          body: {
            login,
            id: /^\d+$/.test(user.id) ? Number(user.id) : user.id,
            node_id: Buffer.from(`04:User${user.id}`).toString('base64'),
            avatar_url: user.avatar ?? null,
            html_url: `https://github.com/${login}`,
            type: 'User',
            name: user.name,
            email: emails.find((e) => e.visibility === 'public')?.email ?? null,
          },
        };
      }
      if (!token.scopes.includes('user:email') && !token.scopes.includes('user'))
        return { status: 404, headers, body: { message: 'Not Found', documentation_url: docs, status: '404' } };
      return { status: 200, headers, body: emails };
    }
    return { status: 404, body: { message: 'Not Found', documentation_url: docs } };
  };

  const server = await new ProtocolServer(handler, { message: 'Server Error' }).start();
  return makeServer(core, server, {
    authorizationUrl: `${server.url}/login/oauth/authorize`,
    tokenUrl: `${server.url}/login/oauth/access_token`,
    userinfoUrl: `${server.url}/api/user`,
  });
}

/** GitHub's token endpoint answers JSON only when asked with Accept, else form-encoded; always 200. */
function tokenReply(req: Incoming, body: Record<string, string>): Reply {
  if (String(req.headers.accept ?? '').includes('application/json')) return { status: 200, body };
  return { status: 200, body: new URLSearchParams(body).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' } };
}

// ---------------------------------------------------------------------------------------------
// Facebook

const FB_VERSION = 'v19.0';

/**
 * Facebook Login's manual flow: `GET /v19.0/dialog/oauth`, `GET|POST /v19.0/oauth/access_token`
 * (redirect_uri required and equal to the dialog's), Graph `GET /me` (also `/v19.0/me`) with
 * `access_token` in the query or a Bearer header, `fields` selecting among id, name, first_name,
 * last_name, email, picture; `appsecret_proof` checked when sent. `email` only when the `email`
 * permission was asked for and the user has a verified address. Errors are 400
 * `{ error: { message, type: 'OAuthException', code, fbtrace_id } }` (code 100 for the token
 * endpoint, 190 for a bad access token).
 */
export async function startFacebookServer(opts: { clientId?: string; clientSecret?: string } = {}): Promise<LocalOAuthServer> {
  const core = new OAuthCore(opts.clientId ?? rid(15, '0123456789'), opts.clientSecret ?? rid(32, '0123456789abcdef'));

  const oauthError = (message: string, code = 100, extra: Record<string, unknown> = {}): Reply => ({
    status: 400,
    body: { error: { message, type: 'OAuthException', code, ...extra, fbtrace_id: rid(11, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz') } },
  });

  const handler = (req: Incoming): Reply => {
    if (req.method === 'GET' && req.path === `/${FB_VERSION}/dialog/oauth`) {
      const r = core.authorize(req.query, (redirect) => {
        redirect.searchParams.set('error', 'access_denied');
        redirect.searchParams.set('error_code', '200');
        redirect.searchParams.set('error_description', 'Permissions error');
        redirect.searchParams.set('error_reason', 'user_denied');
      });
      return 'error' in r ? html(400, r.error) : { status: 302, headers: { location: r.location } };
    }
    if ((req.method === 'GET' || req.method === 'POST') && req.path === `/${FB_VERSION}/oauth/access_token`) {
      const p = params(req);
      if (p.get('client_id') !== core.clientId) return oauthError('Error validating application. Invalid application ID.', 101);
      if (!core.clientAuthenticated(p, req.headers)) return oauthError('Error validating client secret.', 1);
      if (!p.get('redirect_uri')) return oauthError('Missing redirect_uri parameter.', 191);
      const r = core.redeem(p, true);
      if ('problem' in r) {
        if (r.problem === 'redirect_uri')
          return oauthError(
            'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
            100,
            { error_subcode: 36008 },
          );
        if (r.problem === 'pkce') return oauthError(`Invalid code verifier. (${r.message})`, 100);
        return oauthError(
          /used/.test(r.message) ? 'This authorization code has been used.' : 'Invalid verification code format.',
          100,
          /used/.test(r.message) ? { error_subcode: 36009 } : {},
        );
      }
      const ttl = 60 * 24 * 3600;
      const token = core.issueToken(r.code, 'EAA', ttl);
      return { status: 200, body: { access_token: token, token_type: 'bearer', expires_in: ttl } };
    }
    if (req.method === 'GET' && (req.path === '/me' || req.path === `/${FB_VERSION}/me`)) {
      const value = req.query.get('access_token') ?? bearer(req);
      const token = core.tokenFor(value);
      if (!token || !value) return oauthError('Invalid OAuth access token - Cannot parse access token', 190);
      const proof = req.query.get('appsecret_proof');
      if (proof !== null) {
        const expected = crypto.createHmac('sha256', core.clientSecret).update(value).digest('hex');
        if (!safeEqual(proof, expected)) return oauthError('Invalid appsecret_proof provided in the API argument', 100);
      }
      const user = core.users.get(token.userKey)!;
      const wanted = new Set(
        (req.query.get('fields') ?? 'id,name')
          .split(',')
          .map((f) => f.trim().split(/[.{]/)[0])
          .filter(Boolean),
      );
      const [first, ...rest] = user.name.split(' ');
      const all: Record<string, unknown> = {
        id: user.id,
        name: user.name,
        first_name: first,
        last_name: rest.join(' '),
        picture: {
          data: { height: 50, width: 50, is_silhouette: !user.avatar, url: user.avatar ?? `https://static.xx.fbcdn.net/rsrc.php/silhouette-${user.id}.png` },
        },
      };
      const email = user.emails.find((e) => e.primary && e.verified) ?? user.emails.find((e) => e.verified);
      if (email && token.scopes.includes('email')) all.email = email.email;
      const body: Record<string, unknown> = { id: user.id };
      for (const f of wanted) if (all[f] !== undefined) body[f] = all[f];
      return { status: 200, body };
    }
    return oauthError(`Unknown path components: ${req.path}`, 2500);
  };

  const server = await new ProtocolServer(handler, {
    error: { message: 'An unexpected error has occurred. Please retry your request later.', type: 'OAuthException', code: 2 },
  }).start();
  return makeServer(core, server, {
    authorizationUrl: `${server.url}/${FB_VERSION}/dialog/oauth`,
    tokenUrl: `${server.url}/${FB_VERSION}/oauth/access_token`,
    userinfoUrl: `${server.url}/me`,
  });
}

// ---------------------------------------------------------------------------------------------

/** The browser step for these servers: GET the authorization URL without following; the Location. */
export async function followAuthorize(authorizationUrl: string): Promise<URL> {
  const res = await fetch(authorizationUrl, { redirect: 'manual' });
  const location = res.headers.get('location');
  const body = await res.text();
  if (res.status < 300 || res.status >= 400 || !location)
    throw new Error(`authorization at ${authorizationUrl} did not redirect (${res.status}): ${body.slice(0, 300)}`);
  return new URL(location, authorizationUrl);
}
