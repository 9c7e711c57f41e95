import Redis from 'ioredis';
import { systemClock, type Clock } from './clock';
import { DomainError } from './errors';

/**
 * Throttling of failed sign-ins, per account and per client IP, shared through Redis when the
 * platform has one (every instance sees the same counts) and held in memory otherwise.
 *
 * Each failure counts within a window (15 minutes). Past the free attempts, the account (or IP)
 * is locked for a time that doubles with every further failure (1 s, 2 s, 4 s … at most the
 * window); a sign-in while locked is refused with 429 before any password is hashed. A success
 * clears the account's count.
 */
export interface AttemptStore {
  /** adds one failure to `key` (expiring `windowMs` after the first) and returns the count */
  fail(key: string, windowMs: number): Promise<number>;
  /** milliseconds `key` stays locked (0 when it is not) */
  lockedFor(key: string): Promise<number>;
  lock(key: string, ms: number): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryAttemptStore implements AttemptStore {
  private readonly counts = new Map<string, { n: number; until: number }>();
  private readonly locks = new Map<string, number>();
  constructor(
    private readonly maxKeys = 100_000,
    private readonly clock: Clock = systemClock,
  ) {}

  async fail(key: string, windowMs: number): Promise<number> {
    const now = this.clock.now();
    const c = this.counts.get(key);
    if (!c || c.until <= now) {
      if (this.counts.size >= this.maxKeys) this.sweep(now);
      this.counts.set(key, { n: 1, until: now + windowMs });
      return 1;
    }
    c.n++;
    return c.n;
  }
  async lockedFor(key: string): Promise<number> {
    const until = this.locks.get(key);
    const now = this.clock.now();
    return until && until > now ? until - now : 0;
  }
  async lock(key: string, ms: number): Promise<void> {
    this.locks.set(key, this.clock.now() + ms);
  }
  async reset(key: string): Promise<void> {
    this.counts.delete(key);
    this.locks.delete(key);
  }
  async close(): Promise<void> {}

  private sweep(now: number): void {
    for (const [k, c] of this.counts) if (c.until <= now) this.counts.delete(k);
    for (const [k, until] of this.locks) if (until <= now) this.locks.delete(k);
    // still full: drop the oldest half (Maps iterate in insertion order)
    let drop = this.counts.size >= this.maxKeys ? Math.ceil(this.counts.size / 2) : 0;
    for (const k of this.counts.keys()) {
      if (drop-- <= 0) break;
      this.counts.delete(k);
    }
  }
}

export class RedisAttemptStore implements AttemptStore {
  private readonly redis: Redis;
  constructor(
    url: string,
    private readonly prefix = 'signin:',
    private readonly onError?: (err: unknown) => void,
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2_000, lazyConnect: true, enableOfflineQueue: true });
    this.redis.on('error', (err: unknown) => this.onError?.(err));
  }
  async fail(key: string, windowMs: number): Promise<number> {
    const k = `${this.prefix}n:${key}`;
    const [[, n]] = (await this.redis.multi().incr(k).pexpire(k, windowMs, 'NX').exec()) as [[unknown, number], unknown];
    return n;
  }
  async lockedFor(key: string): Promise<number> {
    const ttl = await this.redis.pttl(`${this.prefix}lock:${key}`);
    return ttl > 0 ? ttl : 0;
  }
  async lock(key: string, ms: number): Promise<void> {
    await this.redis.set(`${this.prefix}lock:${key}`, '1', 'PX', Math.max(1, Math.round(ms)));
  }
  async reset(key: string): Promise<void> {
    await this.redis.del(`${this.prefix}n:${key}`, `${this.prefix}lock:${key}`);
  }
  async close(): Promise<void> {
    if (this.redis.status === 'end' || this.redis.status === 'wait') return void this.redis.disconnect();
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

export interface ThrottleOptions {
  /** failures per account before it locks */
  accountFree: number;
  /** failures per client IP (all accounts) before the IP locks */
  ipFree: number;
  windowMs: number;
}

export const DEFAULT_THROTTLE: ThrottleOptions = { accountFree: 5, ipFree: 50, windowMs: 15 * 60_000 };

export function tooManyAttempts(retryAfterMs: number): DomainError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const e = new DomainError('rate_limit_error', 'too_many_attempts', `Too many failed sign-ins; retry in ${seconds} s`);
  e.retryAfterSeconds = seconds;
  return e;
}

export class SignInThrottle {
  constructor(
    readonly store: AttemptStore,
    private readonly opts: ThrottleOptions = DEFAULT_THROTTLE,
  ) {}

  /** Refuses (429) while the account or the IP is locked; call before checking the password. */
  async check(account: string, ip?: string | null): Promise<void> {
    const [a, i] = await Promise.all([this.store.lockedFor(`a:${account}`), ip ? this.store.lockedFor(`ip:${ip}`) : 0]);
    const ms = Math.max(a, i);
    if (ms > 0) throw tooManyAttempts(ms);
  }

  /** Counts a failed sign-in; past the free attempts, locks with a doubling delay. */
  async failed(account: string, ip?: string | null): Promise<void> {
    const lockAfter = async (key: string, n: number, free: number) => {
      if (n < free) return;
      await this.store.lock(key, Math.min(1000 * 2 ** (n - free), this.opts.windowMs));
    };
    const n = await this.store.fail(`a:${account}`, this.opts.windowMs);
    await lockAfter(`a:${account}`, n, this.opts.accountFree);
    if (ip) await lockAfter(`ip:${ip}`, await this.store.fail(`ip:${ip}`, this.opts.windowMs), this.opts.ipFree);
  }

  async succeeded(account: string): Promise<void> {
    await this.store.reset(`a:${account}`);
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

/**
 * Redis when a URL is given, else memory. `clock` times the memory store; Redis expires its keys
 * in its own time.
 */
export function createSignInThrottle(
  redisUrl: string | undefined,
  onError?: (err: unknown) => void,
  opts?: ThrottleOptions,
  clock: Clock = systemClock,
  /** prepended to its Redis keys (REDIS_KEY_PREFIX) */
  keyPrefix = '',
): SignInThrottle {
  return new SignInThrottle(redisUrl ? new RedisAttemptStore(redisUrl, `${keyPrefix}signin:`, onError) : new MemoryAttemptStore(undefined, clock), opts);
}

/**
 * Password hashing runs on libuv's thread pool; unbounded, a login flood keeps every core busy
 * and starves everything else. At most `concurrent` hashes run at once; the rest wait in line.
 */
export class HashGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(private readonly concurrent: number) {}

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrent) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      return await fn();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}
