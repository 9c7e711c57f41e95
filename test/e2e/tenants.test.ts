import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';
import { TEST_SETTINGS } from '../support/test-env';

const run = promisify(execFile);
const ROOT = path.join(__dirname, '..', '..');

async function tenantCreate(env: Record<string, string>, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const r = await run(process.execPath, ['-r', path.join(ROOT, 'scripts/register.js'), path.join(ROOT, 'scripts/tenant-create.ts'), ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('tenant creation by the operator', () => {
  let p: PlatformClient;
  beforeAll(async () => {
    p = await sharedPlatform();
  });

  it('npm run tenant:create prints one JSON object whose credentials work at once', async () => {
    const r = await tenantCreate({ DATABASE_URL: p.dbUrl }, '--name', 'Corner Shop', '--admin-email', 'Owner@Corner.example');
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const creds = JSON.parse(lines[0]);
    expect(Object.keys(creds).sort()).toEqual(['admin_email', 'admin_password', 'agent_api_key', 'publishable_key', 'tenant_id']);
    expect(creds.admin_email).toBe('owner@corner.example');

    const products = await p.api('GET', '/store/products', { key: creds.publishable_key });
    expect(products.status).toBe(200);
    expect(products.body.count).toBe(0);
    const login = await p.api('POST', '/auth/user/emailpass', { body: { email: creds.admin_email, password: creds.admin_password } });
    expect(login.status).toBe(200);
    // the agent key signs in as an agent of this store: recognised (an admin mutation is refused
    // for its role, not its key) and bound to this store (another store's key refuses it)
    const mutation = `mutation { createRedirect(input: { source: "/a", target: "/b" }) { id } }`;
    const asAgent = await p.graphql(mutation, {}, { token: creds.agent_api_key, key: creds.publishable_key });
    expect(asAgent.body.errors[0].extensions.type).toBe('permission_error');
    const other = await p.createTenant();
    const elsewhere = await p.graphql(mutation, {}, { token: creds.agent_api_key, key: other.publishable_key });
    expect(elsewhere.body.errors[0].extensions).toMatchObject({ type: 'authentication_error', code: 'token_invalid' });
  });

  it('refuses a second tenant with the same admin email, and bad arguments', async () => {
    const first = await tenantCreate({ DATABASE_URL: p.dbUrl }, '--name', 'A', '--admin-email', 'same@example.com');
    expect(first.code).toBe(0);
    const second = await tenantCreate({ DATABASE_URL: p.dbUrl }, '--name', 'B', '--admin-email', 'same@example.com');
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/already exists/);
    const usage = await tenantCreate({ DATABASE_URL: p.dbUrl }, '--name', 'C');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/usage/);
  });

  it('offers the same through an operator-only GraphQL mutation', async () => {
    const mutation = `mutation { createTenant(input: { name: "Via GraphQL", admin_email: "gql-owner@example.com" }) { tenant_id publishable_key agent_api_key admin_email admin_password } }`;
    const anon = await p.graphql(mutation);
    expect(anon.body.errors[0].extensions.type).toBe('authentication_error');
    const t = await p.createTenant();
    const adminToken = await p.adminToken(t);
    const asAdmin = await p.graphql(mutation, {}, { token: adminToken });
    expect(asAdmin.body.errors[0].extensions.type).toBe('permission_error');
    const ok = await p.graphql(mutation, {}, { token: p.secrets.operatorToken });
    expect(ok.body.errors).toBeUndefined();
    expect(ok.body.data.createTenant).toMatchObject({ admin_email: 'gql-owner@example.com', tenant_id: expect.stringMatching(/^ten_/) });
    const products = await p.api('GET', '/store/products', { key: ok.body.data.createTenant.publishable_key });
    expect(products.status).toBe(200);
  });
});

describe('tenant:create against the DATA_DIR of a running platform (npm start in a child process)', () => {
  let dir: string;
  let child: ChildProcess;
  let url: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenant-cli-'));
    child = spawn(process.execPath, ['-r', path.join(ROOT, 'scripts/register.js'), path.join(ROOT, 'scripts/start.ts')], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: dir,
        PORT: '0',
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        WORKERS_DISABLED: 'true',
        ...TEST_SETTINGS,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    url = await new Promise<string>((resolve, reject) => {
      let buf = '';
      const timer = setTimeout(() => reject(new Error(`platform did not start: ${buf.slice(-2000)}`)), 60_000);
      child.stdout!.on('data', (d: Buffer) => {
        buf += d.toString();
        for (const line of buf.split('\n')) {
          if (!line.startsWith('{')) continue;
          const rec = JSON.parse(line);
          if (rec.msg === 'platform ready') {
            clearTimeout(timer);
            resolve(rec.url);
          }
        }
      });
      child.once('exit', (code) => reject(new Error(`platform exited with ${code}: ${buf.slice(-2000)}`)));
    });
  });
  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('attaches to the embedded PostgreSQL the platform started', async () => {
    const r = await tenantCreate({ DATA_DIR: dir }, '--name', 'Embedded', '--admin-email', 'embedded@example.com');
    expect(r.code).toBe(0);
    const creds = JSON.parse(r.stdout);
    const res = await fetch(`${url}/api/store/regions`, { headers: { 'x-publishable-api-key': creds.publishable_key } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { count: number }).count).toBe(0);
  });

  it('stops cleanly on SIGTERM, PostgreSQL included', async () => {
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const [code] = await exited;
    expect(code).toBe(0);
    expect(fs.existsSync(path.join(dir, 'pg', 'postmaster.pid'))).toBe(false);
  });
});
