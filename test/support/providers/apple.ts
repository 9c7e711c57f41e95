import crypto from 'node:crypto';
import type { OidcOp } from './oidc';
import { ProtocolServer, rid, type Incoming, type Reply } from './protocol-server';

/**
 * Sign in with Apple, locally: the authorization endpoint, discovery, JWKS and ID tokens are the
 * OidcOp's (a real OpenID Provider); in front of its token endpoint stands this proxy, which
 * authenticates the client the way Apple does: `client_secret` (sent with client_secret_post) is a
 * JWT the client signs with ES256 and the private key Apple issued, header `{ alg: 'ES256', kid }`,
 * claims `iss` = team id, `sub` = client id (the Services ID), `aud` = 'https://appleid.apple.com',
 * `iat`, `exp` at most 6 months after `iat`. A valid request is forwarded to the OP's token endpoint
 * with `client_secret` replaced by the OP client's plain secret, and the OP's answer is returned as
 * is; an invalid one gets 400 `{"error":"invalid_client"}`, and the reason is recorded.
 */

const APPLE_AUDIENCE = 'https://appleid.apple.com';
/** Apple's limit on a client secret's lifetime: 6 months (15777000 s) */
const APPLE_MAX_SECRET_LIFETIME = 15777000;

export interface AppleStandIn {
  /** the OidcOp's issuer: discovery is served by the OP itself */
  issuer: string;
  /** the proxy's token endpoint (`/auth/token`, as at Apple) */
  tokenUrl: string;
  teamId: string;
  keyId: string;
  /** PKCS8 PEM of the P-256 key, generated at start */
  privateKeyPem: string;
  clientId: string;
  /** one entry per token request, in order */
  requests: Array<{ ok: boolean; reason?: string }>;
  close(): Promise<void>;
}

export async function startAppleStandIn(op: OidcOp, opts: { clientId: string; opClientSecret: string }): Promise<AppleStandIn> {
  const discovery = await fetch(new URL('/.well-known/openid-configuration', op.issuer));
  if (!discovery.ok) throw new Error(`OP discovery failed: ${discovery.status}`);
  const opTokenEndpoint = ((await discovery.json()) as { token_endpoint: string }).token_endpoint;

  const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const ids = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const teamId = rid(10, ids);
  const keyId = rid(10, ids);
  const requests: AppleStandIn['requests'] = [];

  const invalid = (reason: string): Reply => {
    requests.push({ ok: false, reason });
    return { status: 400, body: { error: 'invalid_client' } };
  };

  const handler = async (req: Incoming): Promise<Reply> => {
    if (req.path !== '/auth/token') return { status: 404, body: { error: 'not_found' } };
    if (req.method !== 'POST') return { status: 405, body: { error: 'invalid_request' } };
    if (!String(req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded')) {
      return invalid('the body is not application/x-www-form-urlencoded');
    }
    const form = new URLSearchParams(req.body);
    const secret = form.get('client_secret');
    if (!secret) return invalid(req.headers.authorization ? 'client_secret missing from the body (Apple uses client_secret_post)' : 'client_secret missing');
    if (form.get('client_id') !== opts.clientId) return invalid(`client_id ${form.get('client_id')} is not ${opts.clientId}`);
    const problem = checkClientSecret(secret, { publicKey, keyId, teamId, clientId: opts.clientId });
    if (problem) return invalid(problem);
    requests.push({ ok: true });

    form.set('client_secret', opts.opClientSecret);
    const res = await fetch(opTokenEndpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
    });
    const headers: Record<string, string> = { 'content-type': res.headers.get('content-type') ?? 'application/json' };
    for (const name of ['cache-control', 'pragma', 'www-authenticate']) {
      const v = res.headers.get(name);
      if (v) headers[name] = v;
    }
    return { status: res.status, body: await res.text(), headers };
  };

  const server = await new ProtocolServer(handler, { error: 'server_error' }).start();
  return {
    issuer: op.issuer,
    tokenUrl: `${server.url}/auth/token`,
    teamId,
    keyId,
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    clientId: opts.clientId,
    requests,
    close: () => server.close(),
  };
}

/** Why a client secret JWT is not acceptable, or undefined when it is. */
function checkClientSecret(jwt: string, expect: { publicKey: crypto.KeyObject; keyId: string; teamId: string; clientId: string }): string | undefined {
  const parts = jwt.split('.');
  if (parts.length !== 3) return 'client_secret is not a JWS compact serialization';
  let header: Record<string, unknown>;
  let claims: Record<string, unknown>;
  try {
    header = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    return 'client_secret header or payload is not base64url JSON';
  }
  if (header.alg !== 'ES256') return `alg ${String(header.alg)} is not ES256`;
  if (header.kid !== expect.keyId) return `kid ${String(header.kid)} is not ${expect.keyId}`;
  const signature = Buffer.from(parts[2], 'base64url');
  const signed = crypto.verify('sha256', Buffer.from(`${parts[0]}.${parts[1]}`), { key: expect.publicKey, dsaEncoding: 'ieee-p1363' }, signature);
  if (!signed) return 'signature does not verify with the key';
  if (claims.iss !== expect.teamId) return `iss ${String(claims.iss)} is not the team id ${expect.teamId}`;
  if (claims.sub !== expect.clientId) return `sub ${String(claims.sub)} is not the client id ${expect.clientId}`;
  if (claims.aud !== APPLE_AUDIENCE) return `aud ${JSON.stringify(claims.aud)} is not ${APPLE_AUDIENCE}`;
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.iat !== 'number') return 'iat missing';
  if (typeof claims.exp !== 'number') return 'exp missing';
  if (claims.iat > now + 60) return 'iat is in the future';
  if (claims.exp <= now) return 'expired (exp is not in the future)';
  if (claims.exp - claims.iat > APPLE_MAX_SECRET_LIFETIME) return 'exp is more than 6 months after iat';
  return undefined;
}

/**
 * Signs a client secret for the stand-in as a client would (for the harness's own tests and for
 * tests that need a secret without going through the code under test). `header`/`claims` override
 * or add fields; `privateKeyPem` signs with another key.
 */
export function signAppleClientSecret(
  standIn: Pick<AppleStandIn, 'teamId' | 'keyId' | 'privateKeyPem' | 'clientId'>,
  overrides: { header?: Record<string, unknown>; claims?: Record<string, unknown>; privateKeyPem?: string } = {},
): string {
  const now = Math.floor(Date.now() / 1000);
  const header = { alg: 'ES256', kid: standIn.keyId, ...overrides.header };
  const claims = { iss: standIn.teamId, iat: now, exp: now + 3600, aud: APPLE_AUDIENCE, sub: standIn.clientId, ...overrides.claims };
  const input = `${b64(JSON.stringify(header))}.${b64(JSON.stringify(claims))}`;
  const signature = crypto.sign('sha256', Buffer.from(input), { key: overrides.privateKeyPem ?? standIn.privateKeyPem, dsaEncoding: 'ieee-p1363' });
  return `${input}.${signature.toString('base64url')}`;
}

function b64(s: string): string {
  return Buffer.from(s, 'utf8').toString('base64url');
}
