import { route, type RouteDef } from '@svc/kit';
import { TestClock } from '../support/clock';
import { startTestPlatform, type ApiResponse, type TestPlatform } from '../support/platform';

const ADMIN_RPS = 3;

// an operator route under /admin/ (the operation is any existing one; the answer is fixed)
const EXTRA: RouteDef[] = [
  route({
    method: 'GET',
    path: '/admin/operator-rate-test',
    auth: 'operator',
    operation: 'identity/AntispamChallenge',
    summary: 'Test: operator',
    tag: 'rate-test',
    respond: () => ({ ok: true }),
  }),
];

function checkLimited(r: ApiResponse) {
  expect(r.status).toBe(429);
  expect(r.body).toEqual({ type: 'rate_limit_error', code: 'rate_limited', message: expect.any(String) });
  expect(r.headers.get('x-ratelimit-limit')).toBe(String(ADMIN_RPS));
  expect(r.headers.get('x-ratelimit-remaining')).toBe('0');
  expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
}

describe('operator token rate limit: the admin limit, one window for REST and GraphQL', () => {
  let p: TestPlatform;
  let token: string;
  let key: string;
  // the route's operation (an anti-spam challenge) needs a store: the operator names one by its key
  const opGet = () => p.api('GET', '/admin/operator-rate-test', { token, key });
  // the windows follow this clock: a burst is in one window however slowly it is served
  const clock = new TestClock();
  beforeAll(async () => {
    p = await startTestPlatform({
      clock,
      extraRoutes: EXTRA,
      env: { RATE_LIMIT_DISABLED: 'false', RATE_LIMIT_ADMIN_RPS: String(ADMIN_RPS), RATE_LIMIT_STORE_RPS: '1000' },
    });
    token = p.config.operatorToken;
    key = (await p.createTenant()).publishable_key;
    expect((await opGet()).status).toBe(200);
  });
  afterAll(() => p?.stop());

  it('answers 429 past the admin limit on /graphql', async () => {
    // the next window: the warm-up hit of the previous one weighs floor(1 × 995/1000) = 0 on it
    clock.advance(1000 - (clock.now() % 1000) + 5);
    const burst = await Promise.all(Array.from({ length: ADMIN_RPS + 3 }, () => p.graphql('{ __typename }', {}, { token })));
    expect(burst.filter((r) => r.status === 200)).toHaveLength(ADMIN_RPS);
    for (const r of burst.filter((x) => x.status !== 200)) checkLimited(r);
  });

  it('shares one window between REST and GraphQL', async () => {
    // the operator has one window: the previous test's hits weigh on the next second, not the one after
    clock.freshWindow();
    const rest1 = await opGet();
    const gql1 = await p.graphql('{ __typename }', {}, { token });
    const rest2 = await opGet();
    expect([rest1.status, gql1.status, rest2.status]).toEqual([200, 200, 200]);
    expect([rest1, gql1, rest2].map((r) => r.headers.get('x-ratelimit-remaining'))).toEqual(['2', '1', '0']);
    checkLimited(await p.graphql('{ __typename }', {}, { token }));
    checkLimited(await opGet());
  });
});
