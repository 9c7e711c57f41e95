import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import Redis from 'ioredis';
import { MemoryRateLimitStore, RateLimitStore, RedisRateLimitStore, createRateLimitStore, rateLimitMiddleware } from '@svc/rest-facade';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const RUN_ID = `test:ratelimit:${process.pid}:${randomUUID()}:`;
const WINDOW = 10_000;
// A window start far from the real clock; Redis TTLs (2 windows) stay generous even on slow machines.
const T0 = 1_700_000_000_000;

let redisUp = false;

beforeAll(async () => {
  const probe = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 1_000,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    redisUp = (await probe.ping()) === 'PONG';
  } catch {
    redisUp = false;
  } finally {
    probe.disconnect();
  }
});

/** True when the Redis test should run; throws when Redis is required but unreachable. */
function redisAvailable(): boolean {
  if (redisUp) return true;
  if (process.env.REQUIRE_REDIS === '1') throw new Error(`REQUIRE_REDIS=1 but Redis is unreachable at ${REDIS_URL}`);
  return false;
}

let prefixSeq = 0;
const opened: RateLimitStore[] = [];

function track<S extends RateLimitStore>(store: S): S {
  opened.push(store);
  return store;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

afterAll(async () => {
  if (!redisUp) return;
  const cleaner = new Redis(REDIS_URL);
  try {
    const keys = await cleaner.keys(`${RUN_ID}*`);
    if (keys.length > 0) await cleaner.del(...keys);
  } finally {
    await cleaner.quit();
  }
});

interface StoreKind {
  kind: 'memory' | 'redis';
  /** Each call gets a fresh key namespace; pass `prefix` to share one (two instances, same counters). */
  make: (prefix?: string) => RateLimitStore;
}

const kinds: StoreKind[] = [
  { kind: 'memory', make: () => track(new MemoryRateLimitStore()) },
  {
    kind: 'redis',
    make: (prefix = `${RUN_ID}${++prefixSeq}:`) => track(new RedisRateLimitStore(REDIS_URL, { keyPrefix: prefix })),
  },
];

describe.each(kinds)('$kind store', ({ kind, make }) => {
  const skip = (): boolean => kind === 'redis' && !redisAvailable();

  it('allows N hits in a window and denies hit N+1 with remaining 0 and retryAfter >= 1', async () => {
    if (skip()) return;
    const store = make();
    for (let i = 1; i <= 3; i++) {
      const d = await store.hit('client', 3, WINDOW, T0 + i);
      expect(d).toMatchObject({ allowed: true, limit: 3, remaining: 3 - i, retryAfterSeconds: 0 });
    }
    const denied = await store.hit('client', 3, WINDOW, T0 + 10);
    expect(denied.allowed).toBe(false);
    expect(denied.remaining).toBe(0);
    expect(denied.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(denied.resetSeconds).toBe(denied.retryAfterSeconds);
    expect(Number.isInteger(denied.retryAfterSeconds)).toBe(true);
  });

  it('reports resetSeconds 0 while slots remain and >= 1 once the window is full', async () => {
    if (skip()) return;
    const store = make();
    expect((await store.hit('k', 2, WINDOW, T0)).resetSeconds).toBe(0);
    const full = await store.hit('k', 2, WINDOW, T0);
    expect(full).toMatchObject({ allowed: true, remaining: 0 });
    expect(full.resetSeconds).toBeGreaterThanOrEqual(1);
  });

  it('does not let denied hits consume capacity, and frees the key once the window moves on', async () => {
    if (skip()) return;
    const store = make();
    await store.hit('k', 2, WINDOW, T0);
    await store.hit('k', 2, WINDOW, T0);
    const lastDeniedAt = T0 + 4_900;
    let denied = await store.hit('k', 2, WINDOW, T0 + 100);
    for (let t = T0 + 200; t <= lastDeniedAt; t += 100) denied = await store.hit('k', 2, WINDOW, t);
    expect(denied.allowed).toBe(false);

    // Only the two allowed hits count. They weigh fully at the very start of the next window
    // and have decayed below the limit 1 ms later; the 48 denials changed nothing.
    expect(denied.retryAfterSeconds).toBe(Math.ceil((T0 + WINDOW + 1 - lastDeniedAt) / 1000));
    expect((await store.hit('k', 2, WINDOW, T0 + WINDOW)).allowed).toBe(false);
    const retry = await store.hit('k', 2, WINDOW, lastDeniedAt + denied.retryAfterSeconds * 1000);
    expect(retry).toMatchObject({ allowed: true, remaining: 0 });

    // Two full windows later nothing of the old traffic is left.
    const fresh = await store.hit('k', 2, WINDOW, T0 + 4 * WINDOW);
    expect(fresh).toMatchObject({ allowed: true, remaining: 1 });
  });

  it('slides: the previous window counts in proportion to its remaining overlap', async () => {
    if (skip()) return;
    const store = make();
    for (let i = 0; i < 10; i++) await store.hit('k', 10, WINDOW, T0 + 9_000);
    // 40% into the next window, 60% of the 10 previous hits still count.
    const d = await store.hit('k', 10, WINDOW, T0 + WINDOW + 4_000);
    expect(d).toMatchObject({ allowed: true, remaining: 10 - 6 - 1 });
  });

  it('keeps separate keys independent', async () => {
    if (skip()) return;
    const store = make();
    await store.hit('a', 1, WINDOW, T0);
    expect((await store.hit('a', 1, WINDOW, T0)).allowed).toBe(false);
    expect(await store.hit('b', 1, WINDOW, T0)).toMatchObject({ allowed: true, remaining: 0 });
    expect((await store.hit('b', 1, WINDOW, T0)).allowed).toBe(false);
  });

  it('rejects a non-positive limit', async () => {
    if (skip()) return;
    await expect(make().hit('k', 0, WINDOW, T0)).rejects.toThrow(RangeError);
  });
});

describe('RedisRateLimitStore', () => {
  it('shares one counter between two instances', async () => {
    if (!redisAvailable()) return;
    const prefix = `${RUN_ID}shared:`;
    const a = track(new RedisRateLimitStore(REDIS_URL, { keyPrefix: prefix }));
    const b = track(new RedisRateLimitStore(REDIS_URL, { keyPrefix: prefix }));
    const results = await Promise.all([a, b, a, b, a, b].map((s) => s.hit('tenant', 4, WINDOW, T0)));
    expect(results.filter((d) => d.allowed)).toHaveLength(4);
    expect(await b.hit('tenant', 4, WINDOW, T0 + 1)).toMatchObject({ allowed: false, remaining: 0 });
    expect((await a.hit('tenant', 4, WINDOW, T0 + 1)).allowed).toBe(false);
  });

  it('lets keys expire by themselves', async () => {
    if (!redisAvailable()) return;
    const prefix = `${RUN_ID}ttl:`;
    await track(new RedisRateLimitStore(REDIS_URL, { keyPrefix: prefix })).hit('k', 5, WINDOW, T0);
    const probe = new Redis(REDIS_URL);
    try {
      const ttl = await probe.pttl(`${prefix}k`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(2 * WINDOW);
    } finally {
      await probe.quit();
    }
  });

  it('makes the same decisions as the memory store', async () => {
    if (!redisAvailable()) return;
    const redis = kinds[1].make();
    const memory = kinds[0].make();
    let seed = 42;
    const rand = (n: number): number => (seed = (seed * 48_271) % 2_147_483_647) % n;
    let now = T0;
    for (let i = 0; i < 300; i++) {
      now += rand(1_500);
      const key = `k${rand(3)}`;
      const [r, m] = [await redis.hit(key, 5, WINDOW, now), await memory.hit(key, 5, WINDOW, now)];
      expect({ i, ...r }).toEqual({ i, ...m });
    }
  });

  it('fails open and reports through onError when Redis is unreachable', async () => {
    const errors: unknown[] = [];
    // Port 1 on loopback: connection refused, no Redis needed for this test.
    const store = track(new RedisRateLimitStore('redis://127.0.0.1:1', { onError: (e) => errors.push(e) }));
    for (let i = 0; i < 3; i++) {
      expect(await store.hit('k', 1, WINDOW, T0)).toMatchObject({ allowed: true, retryAfterSeconds: 0 });
    }
    expect(errors.length).toBeGreaterThan(0);
  });
});

describe('MemoryRateLimitStore', () => {
  it('evicts the least recently used keys beyond maxKeys', async () => {
    const store = track(new MemoryRateLimitStore({ maxKeys: 2 }));
    await store.hit('a', 1, WINDOW, T0);
    await store.hit('b', 1, WINDOW, T0);
    await store.hit('a', 1, WINDOW, T0); // denied, but marks "a" as recently used
    await store.hit('c', 1, WINDOW, T0);
    expect(store.size).toBe(2);
    expect((await store.hit('a', 1, WINDOW, T0)).allowed).toBe(false);
    expect((await store.hit('b', 1, WINDOW, T0)).allowed).toBe(true); // "b" was forgotten
  });

  it('sweeps keys whose windows can no longer matter', async () => {
    const store = track(new MemoryRateLimitStore());
    await store.hit('old', 1, WINDOW, T0);
    await store.hit('recent', 1, WINDOW, T0 + 2 * WINDOW);
    store.sweep(T0 + 2 * WINDOW);
    expect(store.size).toBe(1);
    expect((await store.hit('recent', 1, WINDOW, T0 + 2 * WINDOW)).allowed).toBe(false);
  });
});

describe('createRateLimitStore', () => {
  it('returns a memory store without a URL and a Redis store with one', () => {
    expect(track(createRateLimitStore())).toBeInstanceOf(MemoryRateLimitStore);
    expect(track(createRateLimitStore(REDIS_URL))).toBeInstanceOf(RedisRateLimitStore);
  });
});

describe.each(kinds)('rateLimitMiddleware with the $kind store', ({ kind, make }) => {
  let server: Server | undefined;

  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  async function startApp(store: RateLimitStore): Promise<string> {
    // Pin the clock so that the window cannot roll over between requests.
    const pinned: RateLimitStore = {
      hit: (key, limit, windowMs) => store.hit(key, limit, windowMs, T0),
      close: () => store.close(),
    };
    const app = express();
    app.use(
      rateLimitMiddleware(
        pinned,
        [
          { name: 'admin', limit: 1, windowMs: WINDOW, key: (req) => (req.path.startsWith('/admin') ? 'admin' : null) },
          { name: 'tenant', limit: 2, windowMs: WINDOW, key: (req) => req.get('x-tenant') ?? null },
          { name: 'ip', limit: 3, windowMs: WINDOW, key: (req) => req.ip ?? 'unknown' },
        ],
        (_req, res, decision) => {
          res.status(429).json({ type: 'not_allowed', message: `Too many requests, retry in ${decision.retryAfterSeconds}s` });
        },
      ),
    );
    app.get('/ping', (_req, res) => {
      res.json({ ok: true });
    });
    const listening = app.listen(0, '127.0.0.1');
    server = listening;
    await new Promise<void>((resolve, reject) => {
      listening.once('listening', () => resolve());
      listening.once('error', reject);
    });
    return `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
  }

  it('sets the rate-limit headers and answers 429 through onLimited', async () => {
    if (kind === 'redis' && !redisAvailable()) return;
    const base = await startApp(make());
    const get = (tenant?: string) => fetch(`${base}/ping`, { headers: tenant ? { 'x-tenant': tenant } : {} });

    const first = await get('acme');
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ ok: true });
    expect(first.headers.get('x-ratelimit-limit')).toBe('2');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('1');
    expect(first.headers.get('x-ratelimit-reset')).toBe('0');
    expect(first.headers.get('retry-after')).toBeNull();

    const second = await get('acme');
    expect(second.status).toBe(200);
    expect(second.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(second.headers.get('x-ratelimit-reset'))).toBeGreaterThanOrEqual(1);
    await second.arrayBuffer();

    const limited = await get('acme');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('x-ratelimit-limit')).toBe('2');
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get('x-ratelimit-reset')).toBe(String(retryAfter));
    expect(await limited.json()).toEqual({ type: 'not_allowed', message: `Too many requests, retry in ${retryAfter}s` });

    // Another tenant has its own counter; without a tenant header the "ip" rule applies instead.
    expect((await get('globex')).headers.get('x-ratelimit-remaining')).toBe('1');
    const byIp = await get();
    expect(byIp.status).toBe(200);
    expect(byIp.headers.get('x-ratelimit-limit')).toBe('3');
    expect(byIp.headers.get('x-ratelimit-remaining')).toBe('2');
  });

  it('sets no headers when no rule matches', async () => {
    if (kind === 'redis' && !redisAvailable()) return;
    const store = make();
    const app = express();
    app.use(rateLimitMiddleware(store, [{ name: 'none', limit: 1, windowMs: WINDOW, key: () => null }], () => undefined));
    app.get('/ping', (_req, res) => {
      res.json({ ok: true });
    });
    const listening = app.listen(0, '127.0.0.1');
    server = listening;
    await new Promise<void>((resolve) => listening.once('listening', () => resolve()));
    const base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${base}/ping`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBeNull();
      await res.arrayBuffer();
    }
  });
});
