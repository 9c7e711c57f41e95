import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/**
 * A development OpenID provider: `oidc-provider` (ESM-only, so in a child process:
 * `platform/dev-idp/oidc-provider.mjs`) on 127.0.0.1, with its development interactions (a login
 * form accepting any login name, which becomes the `sub`, then a consent form), PKCE S256 required
 * for every client, RS256 ID tokens that carry the email/profile claims, `query` and `form_post`
 * response modes. The demo store signs customers in with it; the tests drive it over HTTP.
 * Never for production: anyone can sign in as anyone.
 */
export interface OidcProviderClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
  /** default client_secret_basic */
  token_endpoint_auth_method?: 'client_secret_post' | 'client_secret_basic';
  /** the response modes the client may use; default: all the OP supports (query, fragment, form_post) */
  response_modes?: Array<'query' | 'form_post'>;
}

export interface OidcProviderAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
}

export interface OidcProviderConfig {
  clients: OidcProviderClient[];
  /**
   * The accounts' claims. email/email_verified (scope `email`) and name/given_name/family_name/
   * picture (scope `profile`) are in the ID token itself, not only at userinfo. A login name that
   * is not listed signs in as an account with only `sub`.
   */
  accounts: OidcProviderAccount[];
  /** default 0: a port chosen by the OS */
  port?: number;
  /** a login name not in `accounts` signs in with the verified address <login>@<emailDomain> */
  emailDomain?: string;
}

export interface DevOidcProvider {
  issuer: string;
  close(): Promise<void>;
}

const SCRIPT = path.join(__dirname, '..', 'dev-idp', 'oidc-provider.mjs');

/** Starts the OP in a child process and resolves once it listens. Set OIDC_OP_DEBUG=1 to see its stderr. */
export function startDevOidcProvider(config: OidcProviderConfig, timeoutMs = 15000): Promise<DevOidcProvider> {
  const child = spawn(process.execPath, [SCRIPT], {
    env: { ...process.env, OIDC_OP_CONFIG: JSON.stringify(config) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-8000);
    if (process.env.OIDC_OP_DEBUG) process.stderr.write(chunk);
  });
  return new Promise<DevOidcProvider>((resolve, reject) => {
    let stdout = '';
    let ready = false;
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`the development OpenID provider did not start: ${why}\n${stderr}`));
    };
    const timer = setTimeout(() => fail(`no READY within ${timeoutMs} ms`), timeoutMs);
    child.once('error', (err) => fail(err.message));
    child.once('exit', (code, signal) => {
      if (!ready) fail(`exited (${signal ?? code})`);
    });
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      if (ready) return;
      stdout += chunk;
      const m = /^READY (\S+)\r?$/m.exec(stdout);
      if (!m) return;
      ready = true;
      clearTimeout(timer);
      // nothing of the child keeps the test process alive; if this process dies, the child's
      // stdin closes and it exits
      child.unref();
      for (const s of [child.stdin, child.stdout, child.stderr] as Array<{ unref?: () => void } | null>) s?.unref?.();
      resolve({ issuer: m[1], close: () => stopChild(child) });
    });
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
  await exited;
  clearTimeout(timer);
}
