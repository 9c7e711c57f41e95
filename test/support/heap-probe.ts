/**
 * Child process of test/security/memory.test.ts, started with `node --expose-gc`: boots the
 * platform on the database PROBE_DATABASE_URL, sends thousands of distinct GraphQL queries
 * (accepted anonymous ones, refused oversized ones, large admin ones) and prints the heap after a
 * forced GC before them, halfway through and after them, as one JSON line.
 */
import { loadConfig, systemContext } from '@svc/kit';
import { startPlatform } from '@svc/platform';
import { TEST_SETTINGS } from './test-env';

const COUNT = Number(process.env.PROBE_QUERIES ?? 400);

async function main(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc');
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: process.env.PROBE_DATABASE_URL,
    DB_POOL_SIZE: '4',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ...TEST_SETTINGS,
    WORKERS_DISABLED: 'true',
    RATE_LIMIT_DISABLED: 'true',
    DATA_DIR: process.env.PROBE_DATA_DIR,
  });
  const p = await startPlatform({ config });
  try {
    const t = await p.identity.tenants.create(systemContext(p.log, null, 'probe'), {
      name: 'Heap',
      adminEmail: 'heap@example.com',
      adminPassword: 'heap-admin-password',
    });
    const login = await fetch(`${p.url}/api/auth/user/emailpass`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'heap@example.com', password: 'heap-admin-password' }),
    });
    const admin = ((await login.json()) as { token: string }).token;
    const send = async (query: string, headers: Record<string, string>) => {
      const r = await fetch(`${p.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ query }),
      });
      await r.arrayBuffer();
      return r.status;
    };
    const key = { 'x-publishable-api-key': t.publishable_key };
    const bearer = { authorization: `Bearer ${admin}` };
    const aliases = (i: number, n: number, sel: string) =>
      Array.from({ length: n }, (_, j) => `r${i}_${j}: regions(limit: ${(j % 50) + 1}) { ${sel} }`).join(' ');
    const small = 'count items { id name currency_code countries { iso_2 display_name } }';
    const statuses: Record<string, number> = {};
    const note = (s: number) => void (statuses[s] = (statuses[s] ?? 0) + 1);

    for (let i = 0; i < 50; i++) note(await send(`query W${i} { ${aliases(i, 15, small)} }`, key));
    gc();
    gc();
    const before = process.memoryUsage().heapUsed;
    let middle = 0;
    for (let i = 0; i < COUNT; i++) {
      if (i === COUNT / 2) {
        gc();
        gc();
        middle = process.memoryUsage().heapUsed;
      }
      // accepted: 15 aliases, the anonymous maximum, each query distinct
      note(await send(`query A${i} { ${aliases(i, 15, small)} }`, key));
      // refused before parsing (over the token limit) and never cached: 1,000 aliases
      if (i % 4 === 0) note(await send(`query R${i} { ${aliases(i, 1000, 'count')} }`, key));
      // accepted for an admin: 50 aliases with a larger selection
      if (i % 2 === 0) note(await send(`query B${i} { ${aliases(i, 50, `${small} limit offset`)} }`, bearer));
    }
    gc();
    gc();
    const after = process.memoryUsage().heapUsed;
    process.stdout.write(`${JSON.stringify({ before, middle, after, growthMb: Math.round(((after - before) / 2 ** 20) * 10) / 10, statuses })}\n`);
  } finally {
    await p.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
