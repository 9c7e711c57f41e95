// A development OpenID Provider: oidc-provider (ESM-only) in its own Node process, for the demo
// store's sign-in and for the tests. Any login name signs in (it becomes the `sub`).
//
// Config: JSON in the OIDC_OP_CONFIG environment variable, or the first argument
//   { clients: [...], accounts: [...], port?: number, emailDomain?: string }
//   (see OidcProviderConfig in ../src/dev-idp.ts)
// Output: one line `READY <issuer>` on stdout once it listens on 127.0.0.1 (port 0: chosen by the OS).
// Ends when stdin closes (the parent went away), on SIGTERM or SIGINT.
import http from 'node:http';
import crypto from 'node:crypto';
import Provider from 'oidc-provider';

const raw = process.env.OIDC_OP_CONFIG ?? process.argv[2];
if (!raw) {
  console.error('oidc-op: no config (OIDC_OP_CONFIG or argv[2])');
  process.exit(2);
}
const config = JSON.parse(raw);
const accounts = new Map((config.accounts ?? []).map((a) => [a.sub, a]));

const unlisted = (sub) => {
  const name = sub.charAt(0).toUpperCase() + sub.slice(1);
  return { sub, email: `${sub.toLowerCase()}@${config.emailDomain}`, email_verified: true, name, given_name: name };
};

const CLAIM_NAMES = ['email', 'email_verified', 'name', 'given_name', 'family_name', 'picture'];

const server = http.createServer();
await new Promise((resolve, reject) => {
  server.once('error', reject);
  server.listen(config.port ?? 0, '127.0.0.1', resolve);
});
const issuer = `http://127.0.0.1:${server.address().port}`;

// A fresh RS256 signing key per run: ID tokens are verified against the OP's jwks_uri.
const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const signingJwk = { ...privateKey.export({ format: 'jwk' }), kid: crypto.randomUUID(), use: 'sig', alg: 'RS256' };

const provider = new Provider(issuer, {
  clients: (config.clients ?? []).map((c) => ({
    client_id: c.client_id,
    client_secret: c.client_secret,
    redirect_uris: c.redirect_uris,
    response_types: ['code'],
    grant_types: ['authorization_code'],
    token_endpoint_auth_method: c.token_endpoint_auth_method ?? 'client_secret_basic',
    ...(c.response_modes ? { response_modes: c.response_modes } : {}),
  })),
  async findAccount(_ctx, sub) {
    // devInteractions accept any login name; one not in the config is an account with only `sub`,
    // or with `emailDomain` set, one with the verified address <sub>@<emailDomain>
    const account = accounts.get(sub) ?? (config.emailDomain ? unlisted(sub) : { sub });
    return {
      accountId: sub,
      async claims() {
        const claims = { sub };
        for (const name of CLAIM_NAMES) if (account[name] !== undefined) claims[name] = account[name];
        return claims;
      },
    };
  },
  claims: {
    openid: ['sub'],
    email: ['email', 'email_verified'],
    profile: ['name', 'given_name', 'family_name', 'picture'],
  },
  scopes: ['openid', 'email', 'profile'],
  responseTypes: ['code'],
  // scope-requested claims go into the ID token too, not only to userinfo
  conformIdTokenClaims: false,
  pkce: { methods: ['S256'], required: () => true },
  features: {
    devInteractions: { enabled: true },
    userinfo: { enabled: true },
  },
  jwks: { keys: [signingJwk] },
  cookies: { keys: [crypto.randomBytes(32).toString('base64url')] },
  ttl: {
    AccessToken: 3600,
    AuthorizationCode: 600,
    IdToken: 3600,
    Interaction: 3600,
    Session: 86400,
    Grant: 86400,
  },
});
// errors the OP answers with (invalid_grant, invalid_client, …) are the tests' business, not noise
provider.on('server_error', (_ctx, err) => console.error('oidc-op server_error', err));

server.on('request', provider.callback());
process.stdout.write(`READY ${issuer}\n`);

let closing = false;
function shutdown() {
  if (closing) return;
  closing = true;
  server.closeAllConnections?.();
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 1000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
process.stdin.on('end', shutdown);
process.stdin.on('error', shutdown);
process.stdin.resume();
