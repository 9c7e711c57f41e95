import type { Request, RequestHandler, Response } from 'express';
import Redis from 'ioredis';
import { setRateLimitHeaders } from '@svc/gateway';
import { systemClock, type Clock } from '@svc/kit';

/*
 * Algorithm: approximated sliding window (two fixed windows of `windowMs` per key).
 *
 *   used = floor(prevCount * (windowMs - elapsedInCurrent) / windowMs) + currCount
 *
 * A hit is allowed when `used < limit`; only allowed hits are counted, so a client hammering
 * at a 429 does not push its own reset further away. We chose this over an exact sliding log
 * because it needs O(1) state per key (two counters) in memory and in Redis, whatever the limit.
 * The price: it assumes the previous window's hits were evenly spread, so at a window boundary
 * it can be off by about one request compared with an exact log.
 */

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until a slot frees up: 0 while `remaining > 0`, at least 1 once the window is full. */
  resetSeconds: number;
  /** 0 when allowed, otherwise whole seconds (>= 1) until a retry would be allowed. */
  retryAfterSeconds: number;
}

export interface RateLimitStore {
  hit(key: string, limit: number, windowMs: number, now?: number): Promise<RateDecision>;
  close(): Promise<void>;
}

interface WindowState {
  /** Index of the current fixed window: floor(now / windowMs). */
  window: number;
  curr: number;
  prev: number;
}

function assertLimits(limit: number, windowMs: number): void {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`rate limit must be a positive integer, got ${limit}`);
  if (!Number.isInteger(windowMs) || windowMs < 1) {
    throw new RangeError(`rate limit window must be a positive integer of ms, got ${windowMs}`);
  }
}

function weightedUse(prev: number, curr: number, elapsed: number, windowMs: number): number {
  return Math.floor((prev * (windowMs - elapsed)) / windowMs) + curr;
}

/** Milliseconds until one more hit would be allowed, assuming no other hits happen meanwhile. */
function msUntilAllowed(prev: number, curr: number, elapsed: number, limit: number, windowMs: number): number {
  if (curr >= limit) {
    // Nothing frees up in this window; in the next one `curr` becomes the decaying previous count.
    return windowMs - elapsed + msUntilAllowed(curr, 0, 0, limit, windowMs);
  }
  if (prev === 0) return 0;
  // weightedUse < limit  <=>  prev * (windowMs - e) < (limit - curr) * windowMs; smallest integer e:
  const firstAllowedElapsed = windowMs - Math.ceil(((limit - curr) * windowMs) / prev) + 1;
  return Math.max(0, firstAllowedElapsed - elapsed);
}

/** Builds the decision from the counters as they are after the hit (unchanged when denied). */
function decide(allowed: boolean, prev: number, curr: number, elapsed: number, limit: number, windowMs: number): RateDecision {
  const remaining = Math.max(0, limit - weightedUse(prev, curr, elapsed, windowMs));
  const resetSeconds = remaining > 0 ? 0 : Math.max(1, Math.ceil(msUntilAllowed(prev, curr, elapsed, limit, windowMs) / 1000));
  return { allowed, limit, remaining, resetSeconds, retryAfterSeconds: allowed ? 0 : resetSeconds };
}

interface MemoryRateLimitStoreOptions {
  /** Upper bound on tracked keys; the least recently used key is evicted beyond it. Default 10 000. */
  maxKeys?: number;
  /** How often expired keys are swept. Default 60 s. */
  sweepIntervalMs?: number;
  /** Where `hit` reads the time when the caller gives none. Default the system clock (tests pass their own). */
  clock?: Clock;
}

interface MemoryEntry extends WindowState {
  /** After this instant (in the caller's `now` timeline) the entry no longer affects any decision. */
  expiresAt: number;
}

/** Per-process store: fine for one instance or tests; use Redis to share limits across instances. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly entries = new Map<string, MemoryEntry>();
  private readonly maxKeys: number;
  private readonly timer: NodeJS.Timeout;
  private readonly clock: Clock;

  constructor(opts: MemoryRateLimitStoreOptions = {}) {
    this.maxKeys = Math.max(1, opts.maxKeys ?? 10_000);
    this.clock = opts.clock ?? systemClock;
    this.timer = setInterval(() => this.sweep(), opts.sweepIntervalMs ?? 60_000);
    this.timer.unref();
  }

  get size(): number {
    return this.entries.size;
  }

  async hit(key: string, limit: number, windowMs: number, now: number = this.clock.now()): Promise<RateDecision> {
    assertLimits(limit, windowMs);
    now = Math.floor(now);
    const stored = this.entries.get(key);
    let window = Math.floor(now / windowMs);
    let curr = 0;
    let prev = 0;
    if (stored) {
      // Re-insert so that Map order is least-recently-used first.
      this.entries.delete(key);
      this.entries.set(key, stored);
      if (stored.window >= window) {
        // Same window, or `now` went backwards (clock skew): never roll a window back.
        ({ window, curr, prev } = stored);
      } else if (stored.window === window - 1) {
        prev = stored.curr;
      }
    }
    const elapsed = Math.max(0, now - window * windowMs);
    const allowed = weightedUse(prev, curr, elapsed, windowMs) < limit;
    if (allowed) {
      curr += 1;
      this.entries.set(key, { window, curr, prev, expiresAt: (window + 2) * windowMs });
      this.evictOverflow();
    }
    return decide(allowed, prev, curr, elapsed, limit, windowMs);
  }

  /** Drops entries that can no longer affect a decision. Runs periodically; public for tests. */
  sweep(now: number = this.clock.now()): void {
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt <= now) this.entries.delete(key);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.entries.clear();
  }

  private evictOverflow(): void {
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.maxKeys) return;
      this.entries.delete(key);
    }
  }
}

/*
 * Same logic as MemoryRateLimitStore.hit, run atomically inside Redis. Time comes from the caller
 * (ARGV[1]) rather than Redis TIME so that it can be injected; instances' clocks are expected to be
 * NTP-synced, and a slightly late clock never rolls a window back.
 * Returns {allowed, prev, curr, elapsed}, counters as they are after the hit.
 */
const HIT_SCRIPT = `
local now = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local windowMs = tonumber(ARGV[3])
local window = math.floor(now / windowMs)
local state = redis.call('HMGET', KEYS[1], 'w', 'c', 'p')
local storedWindow = tonumber(state[1])
local curr, prev = 0, 0
if storedWindow ~= nil then
  if storedWindow >= window then
    window = storedWindow
    curr = tonumber(state[2]) or 0
    prev = tonumber(state[3]) or 0
  elseif storedWindow == window - 1 then
    prev = tonumber(state[2]) or 0
  end
end
local elapsed = math.max(0, now - window * windowMs)
local allowed = 0
if math.floor(prev * (windowMs - elapsed) / windowMs) + curr < limit then
  allowed = 1
  curr = curr + 1
  redis.call('HSET', KEYS[1], 'w', string.format('%d', window), 'c', curr, 'p', prev)
  redis.call('PEXPIRE', KEYS[1], windowMs * 2)
end
return {allowed, prev, curr, elapsed}
`;

type HitCommand = (key: string, now: number, limit: number, windowMs: number) => Promise<[number, number, number, number]>;

interface RedisRateLimitStoreOptions {
  /** Prepended to every key. Default `ratelimit:`. */
  keyPrefix?: string;
  /**
   * Receives connection errors and failed hits (which are then allowed: the store fails open).
   * During an outage this can fire on every request, so throttle any logging.
   */
  onError?: (err: unknown) => void;
  /** Where `hit` reads the time when the caller gives none. Default the system clock (tests pass their own). */
  clock?: Clock;
}

/** Shared store: all platform instances pointing at the same Redis share the counters. */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;
  private readonly keyPrefix: string;
  private readonly onError?: (err: unknown) => void;
  private connecting?: Promise<void>;
  private readonly clock: Clock;

  constructor(redisUrl: string, opts: RedisRateLimitStoreOptions = {}) {
    this.keyPrefix = opts.keyPrefix ?? 'ratelimit:';
    this.clock = opts.clock ?? systemClock;
    this.onError = opts.onError;
    this.redis = new Redis(redisUrl, {
      // Fail fast instead of queueing requests behind a dead connection.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      lazyConnect: true,
      connectTimeout: 2_000,
    });
    // Without a listener ioredis prints connection errors itself.
    this.redis.on('error', (err: unknown) => this.onError?.(err));
    // defineCommand sends EVALSHA and falls back to EVAL when the script is not cached.
    this.redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  }

  async hit(key: string, limit: number, windowMs: number, now: number = this.clock.now()): Promise<RateDecision> {
    assertLimits(limit, windowMs);
    try {
      // With the offline queue off, commands sent before the connection is ready are rejected,
      // so the first hit waits for the (lazy) connection; later hits fail fast while reconnecting.
      if (this.redis.status === 'wait' && !this.connecting) {
        this.connecting = this.redis.connect().finally(() => (this.connecting = undefined));
      }
      if (this.connecting) await this.connecting;
      const run = (this.redis as unknown as { rateLimitHit: HitCommand }).rateLimitHit;
      const [allowed, prev, curr, elapsed] = await run.call(this.redis, this.keyPrefix + key, Math.floor(now), limit, windowMs);
      return decide(allowed === 1, prev, curr, elapsed, limit, windowMs);
    } catch (err) {
      this.onError?.(err);
      return { allowed: true, limit, remaining: limit, resetSeconds: 0, retryAfterSeconds: 0 };
    }
  }

  async close(): Promise<void> {
    if (this.redis.status === 'end') return;
    try {
      await this.redis.quit();
    } catch {
      // Not connected (e.g. Redis down): just stop reconnecting.
      this.redis.disconnect();
    }
  }
}

/** Redis when a URL is given (limits shared across instances), in-process memory otherwise. */
export function createRateLimitStore(redisUrl?: string, opts: RedisRateLimitStoreOptions & MemoryRateLimitStoreOptions = {}): RateLimitStore {
  return redisUrl ? new RedisRateLimitStore(redisUrl, opts) : new MemoryRateLimitStore(opts);
}

export interface RateLimitRule {
  name: string;
  limit: number;
  windowMs: number;
  /**
   * Identifies the client for this rule (and may set its own limit for it); null means the rule does
   * not apply to the request.
   */
  key: (req: Request, res: Response) => string | { key: string; limit: number } | null;
}

export function rateLimitMiddleware(
  store: RateLimitStore,
  rules: RateLimitRule[],
  onLimited: (req: Request, res: Response, decision: RateDecision) => void,
): RequestHandler {
  for (const rule of rules) assertLimits(rule.limit, rule.windowMs);
  return async (req, res, next) => {
    for (const rule of rules) {
      const found = rule.key(req, res);
      if (found === null) continue;
      const decision = await hitRule(store, rule, found, res);
      if (decision.allowed) return next();
      onLimited(req, res, decision);
      return;
    }
    next();
  };
}

/**
 * Counts one hit of a rule's window for a client (`found`: what the rule's `key` answered) and sets
 * the X-RateLimit headers (Retry-After when refused). The platform's front door counts cached
 * reads with it, in the very windows the middleware counts.
 */
export async function hitRule(
  store: RateLimitStore,
  rule: Pick<RateLimitRule, 'name' | 'limit' | 'windowMs'>,
  found: string | { key: string; limit: number },
  res: Response,
): Promise<RateDecision> {
  const { key, limit } = typeof found === 'string' ? { key: found, limit: rule.limit } : found;
  // The encoded name cannot contain ':', so names and keys cannot collide across rules.
  const decision = await store.hit(`${encodeURIComponent(rule.name)}:${key}`, limit, rule.windowMs);
  setRateLimitHeaders(res, decision);
  return decision;
}

/** The admin limit, applied after authentication: one window per admin (`admin:<id>`) or agent (`agent:<id>`). */
export interface AdminRateLimit {
  store: RateLimitStore;
  /** requests per second per admin or agent */
  limit: number;
  windowMs?: number;
}

/**
 * `admin:<actor id>` / `agent:<actor id>` for an authenticated admin or agent, `operator` for the
 * operator token (one window: the token names one operator); null for anyone else.
 */
export function adminRateKey(actor: { type: string; id?: string | null } | undefined): string | null {
  if (actor?.type === 'operator') return 'operator';
  if (!actor?.id) return null;
  return actor.type === 'admin' || actor.type === 'agent' ? `${actor.type}:${actor.id}` : null;
}
