import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { ConfigError, createSignInThrottle, loadConfig } from '@svc/kit';
import { createRateLimitStore } from '@svc/rest-facade';
import { REDIS_URL, redisUp } from '../support/redis';

/**
 * REDIS_KEY_PREFIX: installations sharing one Redis keep their rate-limit windows and sign-in
 * throttles apart (two test runs' topologies used the same demo key from the same address).
 */
describe('REDIS_KEY_PREFIX', () => {
  const load = (v?: string) =>
    loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/svc-config-test', ...(v === undefined ? {} : { REDIS_KEY_PREFIX: v }) });

  it('is empty by default and takes letters, digits and _ : . - up to 64 characters', () => {
    expect(load().redisKeyPrefix).toBe('');
    expect(load('staging:').redisKeyPrefix).toBe('staging:');
    for (const bad of ['two words', 'a*', 'x'.repeat(65), 'new\nline']) expect(() => load(bad)).toThrow(ConfigError);
  });

  it('keeps two installations on one Redis apart, and one installation together', async () => {
    if (!(await redisUp())) {
      if (process.env.REQUIRE_REDIS === '1') throw new Error(`Redis is not reachable at ${REDIS_URL} and REQUIRE_REDIS=1`);
      return;
    }
    const run = randomBytes(4).toString('hex');
    const [a, b] = [`a-${run}:`, `b-${run}:`];
    const stores = [a, a, b].map((p) => createRateLimitStore(REDIS_URL, { keyPrefix: `${p}ratelimit:` }));
    const throttles = [a, b].map((p) => createSignInThrottle(REDIS_URL, undefined, { accountFree: 1, ipFree: 50, windowMs: 60_000 }, undefined, p));
    const redis = new Redis(REDIS_URL);
    try {
      const now = Date.now();
      // one window of a limit of 2: installation a's two instances share it, b has its own
      expect((await stores[0].hit('store:pk_demo:127.0.0.1', 2, 60_000, now)).allowed).toBe(true);
      expect((await stores[1].hit('store:pk_demo:127.0.0.1', 2, 60_000, now)).allowed).toBe(true);
      expect((await stores[1].hit('store:pk_demo:127.0.0.1', 2, 60_000, now)).allowed).toBe(false);
      expect((await stores[2].hit('store:pk_demo:127.0.0.1', 2, 60_000, now)).allowed).toBe(true);
      // a's account locks after its failed sign-in; the same account of b does not
      await throttles[0].failed('admin@demo.store');
      await expect(throttles[0].check('admin@demo.store')).rejects.toMatchObject({ code: 'too_many_attempts' });
      await expect(throttles[1].check('admin@demo.store')).resolves.toBeUndefined();
      expect((await redis.keys(`a-${run}:*`)).length).toBeGreaterThan(0);
      expect((await redis.keys(`b-${run}:*`)).length).toBeGreaterThan(0);
    } finally {
      const keys = [...(await redis.keys(`a-${run}:*`)), ...(await redis.keys(`b-${run}:*`))];
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
      await Promise.all([...stores.map((s) => s.close()), ...throttles.map((t) => t.close())]);
    }
  });
});
