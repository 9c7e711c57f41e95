import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TenantCredentials } from '@svc/identity';
import { httpCalls, send, type MailboxMail, type PlatformClient } from './http';

/**
 * One platform per jest worker, shared by the suites that need only a default platform: they
 * isolate by creating their own tenants. Jest gives every suite a fresh module registry, so the
 * platform cannot live in a module; it runs in a child process of the worker
 * (`shared-platform-server.ts`), started by the first suite of the worker that asks for it and
 * found again by the next ones through a state file named after the run and the worker. Suites
 * reach it over HTTP; what they would do in process (create a tenant, seed) goes through its
 * control port. The global teardown stops every shared platform of the run; a shared platform also
 * stops by itself when its worker is gone.
 *
 * It runs with `startTestPlatform()`'s defaults, except that it trusts X-Forwarded-For from loopback:
 * every suite's calls name a client address of their own (`api`, `graphql`…; a header the suite
 * sets wins), so one suite's failed sign-ins (throttled per client IP) never lock another out.
 * A suite that checks client addresses, or needs other settings, extra routes, subscriptions or
 * jobs, a clock, or the platform's services in process, starts its own.
 */

interface SharedState {
  pid: number;
  url: string;
  controlUrl: string;
  dbUrl: string;
  secrets: PlatformClient['secrets'];
  secret: string;
}

/** The state files of this run (one per worker): `<tmp>/svc-shared-<template db>-<worker>.json`. */
function sharedStatePrefix(): string {
  const template = process.env.TEST_TEMPLATE_DB;
  if (!template) throw new Error('TEST_TEMPLATE_DB missing: run tests through jest (test/support/global-setup.ts)');
  return path.join(os.tmpdir(), `svc-shared-${template}-`);
}

const stateFile = () => `${sharedStatePrefix()}${process.env.JEST_WORKER_ID ?? '1'}.json`;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function running(): Promise<SharedState | undefined> {
  let s: SharedState;
  try {
    s = JSON.parse(fs.readFileSync(stateFile(), 'utf8')) as SharedState;
  } catch {
    return undefined;
  }
  if (!alive(s.pid)) return undefined;
  const health = await fetch(`${s.url}/health`).catch(() => undefined);
  return health?.status === 200 ? s : undefined;
}

async function start(): Promise<SharedState> {
  const root = path.join(__dirname, '..', '..');
  const secret = randomBytes(16).toString('hex');
  const child = spawn(process.execPath, ['-r', path.join(root, 'scripts', 'register.js'), path.join(__dirname, 'shared-platform-server.ts')], {
    cwd: root,
    env: { ...process.env, SHARED_PLATFORM_SECRET: secret, SHARED_PLATFORM_PARENT: String(process.pid) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (c: string) => {
      out += c;
      const nl = out.indexOf('\n');
      if (nl >= 0) resolve(out.slice(0, nl));
    });
    child.once('exit', (code) => reject(new Error(`the shared test platform exited (${code}) before it was ready`)));
    child.once('error', reject);
  });
  // the worker must not wait for it: it outlives this suite
  child.stdout.destroy();
  child.removeAllListeners();
  child.unref();
  const s: SharedState = { ...(JSON.parse(line) as Omit<SharedState, 'pid' | 'secret'>), pid: child.pid!, secret };
  fs.writeFileSync(stateFile(), JSON.stringify(s));
  return s;
}

/** A documentation-range address (198.18.0.0/15, benchmarking) of its own for each suite. */
function clientAddress(): string {
  const [a, b, c] = randomBytes(3);
  return `198.${18 + (a & 1)}.${b}.${c || 1}`;
}

/** The shared platform of this jest worker (started on the first call of the worker). */
export async function sharedPlatform(): Promise<PlatformClient> {
  const s = (await running()) ?? (await start());
  const control = async <T>(action: string, args: Record<string, string | undefined>): Promise<T> => {
    const r = await send('POST', `${s.controlUrl}${action}`, { body: args, headers: { 'x-shared-platform-secret': s.secret } });
    if (r.status !== 200) throw new Error(`shared platform ${action} failed: ${r.status} ${r.body?.error ?? JSON.stringify(r.body)}`);
    return r.body.out as T;
  };
  return {
    url: s.url,
    dbUrl: s.dbUrl,
    secrets: s.secrets,
    // every suite is its own client address: failed sign-ins of one suite never lock another out
    ...httpCalls(() => s.url, { 'x-forwarded-for': clientAddress() }),
    createTenant: (name?: string) => control<TenantCredentials>('/tenant', { name }),
    seedCatalog: (tenantId: string) => control<void>('/seed-catalog', { tenantId }),
    seedCommerce: (tenantId: string) => control<void>('/seed-commerce', { tenantId }),
    seedDomain: (domain: string, tenantId: string) => control<void>('/seed-domain', { domain, tenantId }),
    mailsTo: (address: string) => control<MailboxMail[]>('/mails', { to: address }),
  };
}

/** Stops every shared platform of this run (the global teardown, before PostgreSQL stops). */
export async function stopSharedPlatforms(): Promise<void> {
  const prefix = sharedStatePrefix();
  const dir = path.dirname(prefix);
  const files = fs
    .readdirSync(dir)
    .map((f) => path.join(dir, f))
    .filter((f) => f.startsWith(prefix));
  await Promise.all(
    files.map(async (f) => {
      const { pid } = JSON.parse(fs.readFileSync(f, 'utf8')) as SharedState;
      if (alive(pid)) process.kill(pid, 'SIGTERM');
      for (let i = 0; i < 200 && alive(pid); i++) await new Promise((r) => setTimeout(r, 50));
      if (alive(pid)) process.kill(pid, 'SIGKILL');
      fs.rmSync(f, { force: true });
    }),
  );
}
