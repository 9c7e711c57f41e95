import { route, type RouteDef } from '@svc/kit';
import type { TenantCredentials } from '@svc/identity';
import { TestClock } from '../support/clock';
import { startTestPlatform, type ApiResponse, type TestPlatform } from '../support/platform';

const ADMIN_RPS = 3;
const STORE_RPS = 4;

// an admin route (the operation is any existing one; the answer is fixed)
const respond = () => ({ ok: true });
const EXTRA: RouteDef[] = [
  route({ method: 'GET', path: '/admin/rate-test', auth: 'admin', operation: 'identity/AntispamChallenge', summary: 'Test: admin', tag: 'rate-test', respond }),
];

function checkHeaders(r: ApiResponse, limit: number) {
  expect(r.headers.get('x-ratelimit-limit')).toBe(String(limit));
  expect(r.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
  expect(r.headers.get('x-ratelimit-reset')).toMatch(/^\d+$/);
}

function checkLimited(r: ApiResponse, limit: number) {
  expect(r.status).toBe(429);
  expect(r.body).toEqual({ type: 'rate_limit_error', code: 'rate_limited', message: expect.any(String) });
  checkHeaders(r, limit);
  expect(r.headers.get('x-ratelimit-remaining')).toBe('0');
  expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
}

describe('admin rate limit: per authenticated admin, after authentication, REST and GraphQL', () => {
  let p: TestPlatform;
  const admins: { creds: TenantCredentials; token: string }[] = [];
  // the windows follow this clock: a burst is in one window however slowly it is served
  const clock = new TestClock();
  beforeAll(async () => {
    p = await startTestPlatform({
      clock,
      extraRoutes: EXTRA,
      env: { RATE_LIMIT_DISABLED: 'false', RATE_LIMIT_ADMIN_RPS: String(ADMIN_RPS), RATE_LIMIT_STORE_RPS: '1000' },
    });
    // one admin per tenant (admin emails are unique per platform); each test uses fresh admins,
    // so no window carries hits over from another test
    for (let i = 0; i < 4; i++) {
      const creds = await p.createTenant();
      admins.push({ creds, token: await p.adminToken(creds) });
    }
  });
  afterAll(() => p?.stop());

  const adminGet = (token: string) => p.api('GET', '/admin/rate-test', { token });

  it('keeps one window per admin: two admins do not share it', async () => {
    const [a, b] = admins;
    expect((await adminGet(a.token)).status).toBe(200); // the route works
    // the next window: the warm-up hit of the previous one weighs floor(1 × 995/1000) = 0 on it
    clock.advance(1000 - (clock.now() % 1000) + 5);
    const burst = await Promise.all(Array.from({ length: ADMIN_RPS + 3 }, () => adminGet(a.token)));
    for (const r of burst) checkHeaders(r, ADMIN_RPS);
    expect(burst.filter((r) => r.status === 200)).toHaveLength(ADMIN_RPS);
    for (const r of burst.filter((x) => x.status !== 200)) checkLimited(r, ADMIN_RPS);
    // the other admin (same window, same IP) has its own
    const other = await Promise.all(Array.from({ length: ADMIN_RPS }, () => adminGet(b.token)));
    expect(other.map((r) => r.status)).toEqual(Array(ADMIN_RPS).fill(200));
  });

  it('does not let unverified bearer strings consume an admin window', async () => {
    const { token } = admins[2];
    const [head, payload] = token.split('.');
    // the last 32 characters of the admin's token (what the old pre-auth rule keyed on), forged signatures, garbage
    const forged = [`${head}.${payload}.${'A'.repeat(10)}${token.slice(-32)}`, `x.y.${token.slice(-32)}`, `garbage${token.slice(-32)}`];
    clock.freshWindow();
    const bad = await Promise.all(Array.from({ length: 9 }, (_, i) => adminGet(forged[i % forged.length])));
    for (const r of bad) {
      expect(r.status).not.toBe(200);
      expect(r.body.code).not.toBe('rate_limited');
    }
    const good = await Promise.all(Array.from({ length: ADMIN_RPS }, () => adminGet(token)));
    expect(good.map((r) => r.status)).toEqual(Array(ADMIN_RPS).fill(200));
    checkLimited(await adminGet(token), ADMIN_RPS);
  });

  it('shares one window between REST and GraphQL for the same admin', async () => {
    const { token } = admins[3];
    clock.freshWindow();
    const rest1 = await adminGet(token);
    const gql1 = await p.graphql('{ __typename }', {}, { token });
    const rest2 = await adminGet(token);
    expect([rest1.status, gql1.status, rest2.status]).toEqual([200, 200, 200]);
    expect([rest1, gql1, rest2].map((r) => r.headers.get('x-ratelimit-remaining'))).toEqual(['2', '1', '0']);
    for (const r of [rest1, gql1, rest2]) checkHeaders(r, ADMIN_RPS);
    checkLimited(await p.graphql('{ __typename }', {}, { token }), ADMIN_RPS);
    checkLimited(await adminGet(token), ADMIN_RPS);
  });
});

describe('/graphql rate limit for anonymous callers: per client IP, the store limit', () => {
  let p: TestPlatform;
  let key: string;
  const clock = new TestClock();
  beforeAll(async () => {
    p = await startTestPlatform({ clock, env: { RATE_LIMIT_DISABLED: 'false', RATE_LIMIT_STORE_RPS: String(STORE_RPS) } });
    key = (await p.createTenant()).publishable_key;
  });
  afterAll(() => p?.stop());

  it('answers 429 with the four headers past the per-IP limit', async () => {
    clock.freshWindow();
    const burst = await Promise.all(Array.from({ length: STORE_RPS + 3 }, () => p.graphql('{ __typename }', {}, { key })));
    for (const r of burst) checkHeaders(r, STORE_RPS);
    expect(burst.filter((r) => r.status === 200)).toHaveLength(STORE_RPS);
    const limited = burst.filter((r) => r.status !== 200);
    expect(limited).toHaveLength(3);
    for (const r of limited) checkLimited(r, STORE_RPS);
  });
});
