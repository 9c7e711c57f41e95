import { REDIS_URL, redisUp } from '../support/redis';
import { randomBytes } from 'node:crypto';
import { TestClock } from '../support/clock';
import { startTestPlatform, type TestPlatform } from '../support/platform';
import type { TenantCredentials } from '@svc/identity';

async function burst(p: TestPlatform, key: string, n: number, headers: Record<string, string> = {}) {
  return Promise.all(Array.from({ length: n }, () => p.api('GET', '/store/regions', { key, headers })));
}

function checkHeaders(r: Awaited<ReturnType<typeof burst>>[number], limit: number) {
  expect(r.headers.get('x-ratelimit-limit')).toBe(String(limit));
  expect(Number(r.headers.get('x-ratelimit-remaining'))).toBeGreaterThanOrEqual(0);
  expect(r.headers.get('x-ratelimit-reset')).toMatch(/^\d+$/);
}

function checkLimitedResponse(r: Awaited<ReturnType<typeof burst>>[number]) {
  expect(r.status).toBe(429);
  expect(r.body).toEqual({ type: 'rate_limit_error', code: 'rate_limited', message: expect.any(String) });
  expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(r.headers.get('x-ratelimit-remaining')).toBe('0');
}

describe('storefront rate limit through the facade (in memory)', () => {
  let p: TestPlatform;
  let t: TenantCredentials;
  // the windows follow this clock: the burst is in one window however slowly it is served
  const clock = new TestClock();
  beforeAll(async () => {
    p = await startTestPlatform({ clock, env: { RATE_LIMIT_DISABLED: 'false', RATE_LIMIT_STORE_RPS: '5' } });
    t = await p.createTenant();
  });
  afterAll(() => p?.stop());

  it('answers 429 with the four headers past the per-IP limit', async () => {
    clock.freshWindow();
    const responses = await burst(p, t.publishable_key, 12);
    for (const r of responses) checkHeaders(r, 5);
    expect(responses.filter((r) => r.status === 200)).toHaveLength(5);
    const limited = responses.filter((r) => r.status !== 200);
    expect(limited).toHaveLength(7);
    for (const r of limited) checkLimitedResponse(r);
  });
});

describe('rate limit shared across two platform instances through Redis', () => {
  let up = false;
  let p1: TestPlatform | undefined;
  let p2: TestPlatform | undefined;
  let t: TenantCredentials;
  // one clock for both instances, in windows of a minute: Redis expires a window's counter in real
  // time (two windows), which must outlast the test however busy the machine is
  const clock = new TestClock();
  // counts in Redis outlive the run and other runs may share the server: a client address of its own
  const client = { 'x-forwarded-for': `10.${randomBytes(3).join('.')}` };
  beforeAll(async () => {
    up = await redisUp();
    if (!up) {
      if (process.env.REQUIRE_REDIS === '1') throw new Error(`REQUIRE_REDIS=1 but Redis is unreachable at ${REDIS_URL}`);
      return;
    }
    const env = { RATE_LIMIT_DISABLED: 'false', RATE_LIMIT_STORE_RPS: '6', RATE_LIMIT_WINDOW_MS: '60000', REDIS_URL, TRUSTED_PROXIES: 'loopback' };
    p1 = await startTestPlatform({ env, clock });
    p2 = await startTestPlatform({ env, clock });
    t = await p1.createTenant();
    const t2 = await p2.createTenant();
    (t as TenantCredentials & { other?: string }).other = t2.publishable_key;
  });
  afterAll(async () => {
    await p1?.stop();
    await p2?.stop();
  });

  it('counts requests to both instances against one window', async () => {
    if (!up) return; // Redis not reachable and not required (CI sets REQUIRE_REDIS=1)
    // the two instances have separate databases; the limit is per client IP, whatever the tenant
    const other = (t as TenantCredentials & { other?: string }).other!;
    clock.freshWindow(60_000);
    const first = await burst(p1!, t.publishable_key, 6, client);
    expect(first.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    // instance 2 has seen nothing itself, but the shared window is full
    const [fromSecond] = await burst(p2!, other, 1, client);
    checkHeaders(fromSecond, 6);
    checkLimitedResponse(fromSecond);
  });
});
