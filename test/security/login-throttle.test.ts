import { randomBytes } from 'node:crypto';
import { systemContext, HashGate } from '@svc/kit';
import { REDIS_URL, redisUp } from '../support/redis';
import { TestClock } from '../support/clock';
import { startTestPlatform, type TestPlatform } from '../support/platform';

/**
 * Hardening #6: failed sign-ins are throttled per account and per IP, on REST and GraphQL alike,
 * with a doubling lock and a clear 429 (Retry-After); shared through Redis across instances.
 */

const email = (tag: string) => `${tag}-${randomBytes(5).toString('hex')}@example.com`;

describe('sign-in throttling (in memory)', () => {
  let p: TestPlatform;
  // locks follow this clock: the test ends one by moving it, not by sleeping
  const clock = new TestClock();
  beforeAll(async () => {
    p = await startTestPlatform({ clock, env: { TRUSTED_PROXIES: 'loopback' } });
  });
  afterAll(() => p?.stop());

  const adminLogin = (addr: string, password: string, ip = '203.0.113.10') =>
    p.api('POST', '/auth/user/emailpass', { body: { email: addr, password }, headers: { 'x-forwarded-for': ip } });

  it('locks an admin account after 5 failures, REST and GraphQL alike, even for the right password', async () => {
    const addr = email('admin');
    const t = await p.identity.tenants.create(systemContext(p.log, null, 't'), { name: 'Throttle', adminEmail: addr, adminPassword: 'the-right-password' });
    for (let i = 0; i < 5; i++) expect((await adminLogin(t.admin_email, 'wrong-password')).status).toBe(401);
    const locked = await adminLogin(t.admin_email, 'wrong-password');
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ type: 'rate_limit_error', code: 'too_many_attempts' });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await adminLogin(t.admin_email, 'the-right-password')).status).toBe(429);
    const gql = await p.graphql('mutation($i: EmailPassInput!) { loginAdmin(input: $i) { token } }', {
      i: { email: t.admin_email, password: 'the-right-password' },
    });
    expect(gql.body.errors[0].extensions).toMatchObject({ type: 'rate_limit_error', code: 'too_many_attempts' });
    expect(gql.status).toBe(429);
    expect(Number(gql.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(gql.body.errors[0].extensions.retry_after).toBeGreaterThanOrEqual(1);
    // the lock ends, the right password works and clears the count
    clock.advance(Number(locked.headers.get('retry-after')) * 1000 + 100);
    expect((await adminLogin(t.admin_email, 'the-right-password')).status).toBe(200);
    expect((await adminLogin(t.admin_email, 'wrong-password')).status).toBe(401);
  });

  it('throttles customer sign-in per tenant account', async () => {
    const t = await p.createTenant();
    const c = await p.registerCustomer(t.publishable_key, email('shopper'));
    const login = (password: string) => p.api('POST', '/auth/customer/emailpass', { key: t.publishable_key, body: { email: c.email, password } });
    for (let i = 0; i < 5; i++) expect((await login('nope-nope-nope')).status).toBe(401);
    expect((await login(c.password)).status).toBe(429);
    // another tenant's customer with the same email is another account
    const t2 = await p.createTenant();
    await p.registerCustomer(t2.publishable_key, c.email, c.password);
    expect((await p.api('POST', '/auth/customer/emailpass', { key: t2.publishable_key, body: { email: c.email, password: c.password } })).status).toBe(200);
  });

  it('throttles one IP that tries many accounts, and not other IPs', async () => {
    const ip = '198.51.100.7';
    let limited = 0;
    for (let i = 0; i < 55 && !limited; i++) {
      const r = await adminLogin(email('spray'), 'guess', ip);
      if (r.status === 429) limited = i;
      else expect(r.status).toBe(401);
    }
    expect(limited).toBeGreaterThanOrEqual(50);
    expect((await adminLogin(email('other'), 'guess', '198.51.100.8')).status).toBe(401);
  });

  it('throttles guessed bearer keys per IP', async () => {
    const ip = '192.0.2.44';
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await p.api('GET', '/store/regions', { headers: { authorization: `Bearer sk_guess_${i}`, 'x-forwarded-for': ip } });
      statuses.push(r.status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[6]).toBe(429);
  });

  it('bounds concurrent password hashes (the gate queues the rest)', async () => {
    const gate = new HashGate(1);
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 6 }, () =>
        gate.run(async () => {
          running++;
          most = Math.max(most, running);
          await new Promise((r) => setImmediate(r));
          running--;
        }),
      ),
    );
    expect(most).toBe(1);
  });
});

describe('sign-in throttling shared through Redis', () => {
  let up = false;
  let p1: TestPlatform | undefined;
  let p2: TestPlatform | undefined;
  beforeAll(async () => {
    up = await redisUp();
    if (!up) {
      if (process.env.REQUIRE_REDIS === '1') throw new Error(`REQUIRE_REDIS=1 but Redis is unreachable at ${REDIS_URL}`);
      return;
    }
    // counts in Redis outlive the run: a random client IP keeps runs from adding up on one IP
    p1 = await startTestPlatform({ env: { REDIS_URL, TRUSTED_PROXIES: 'loopback' } });
    p2 = await startTestPlatform({ env: { REDIS_URL, TRUSTED_PROXIES: 'loopback' } });
  });
  afterAll(async () => {
    await p1?.stop();
    await p2?.stop();
  });

  it('a lock earned on one instance holds on the other', async () => {
    if (!up) return; // Redis not reachable and not required (CI sets REQUIRE_REDIS=1)
    const addr = email('shared');
    // the two instances have separate databases: the same admin email exists in each
    await p1!.identity.tenants.create(systemContext(p1!.log, null, 't'), { name: 'A', adminEmail: addr, adminPassword: 'the-right-password' });
    await p2!.identity.tenants.create(systemContext(p2!.log, null, 't'), { name: 'B', adminEmail: addr, adminPassword: 'the-right-password' });
    const headers = { 'x-forwarded-for': `10.${randomBytes(3).join('.')}` };
    for (let i = 0; i < 5; i++) expect((await p1!.api('POST', '/auth/user/emailpass', { body: { email: addr, password: 'wrong' }, headers })).status).toBe(401);
    const other = await p2!.api('POST', '/auth/user/emailpass', { body: { email: addr, password: 'the-right-password' }, headers });
    expect(other.status).toBe(429);
  });
});
