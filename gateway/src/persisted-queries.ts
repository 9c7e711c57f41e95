import Redis from 'ioredis';
import { InMemoryLRUCache, type KeyValueCache, type KeyValueCacheSetOptions } from '@apollo/utils.keyvaluecache';

/**
 * Automatic persisted queries (APQ): a client sends the SHA-256 of its query; the first time the
 * server answers `PERSISTED_QUERY_NOT_FOUND`, the client sends the query with its hash once, and
 * from then on the hash alone (as a short GET a CDN can cache). Apollo Server checks that a sent
 * query matches its hash and registers it only after it parsed, validated and passed the cost
 * limits, so only admitted documents are ever kept.
 *
 * With `REDIS_URL` the hash → query map is shared by every instance (a query registered through one
 * is found by all, so a CDN's GET can land anywhere); entries expire after `ttlSeconds`, and a
 * client that meets an expired hash registers it again. Redis being unreachable costs a round
 * trip of the full query, never an error. Without Redis each instance keeps its own bounded LRU.
 */
export interface PersistedQueryOptions {
  redisUrl?: string;
  /** how long a registered query is kept (seconds) */
  ttlSeconds: number;
  /** bytes of query text one instance keeps without Redis */
  memoryBytes?: number;
  onError?: (err: unknown) => void;
  /** prepended to its Redis keys (REDIS_KEY_PREFIX) */
  keyPrefix?: string;
}

/** Query texts by hash in Redis (Apollo prefixes its keys with `apq:`). */
class RedisQueryCache implements KeyValueCache<string> {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly onError: (err: unknown) => void = () => undefined,
    private readonly prefix = 'svc:',
  ) {
    // one attempt per command: a lookup that fails answers "not found" and the client sends the query
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2_000, lazyConnect: true, enableOfflineQueue: true });
    this.redis.on('error', (err: unknown) => this.onError(err));
  }

  async get(key: string): Promise<string | undefined> {
    try {
      return (await this.redis.get(this.prefix + key)) ?? undefined;
    } catch (err) {
      this.onError(err);
      return undefined;
    }
  }

  async set(key: string, value: string, options?: KeyValueCacheSetOptions): Promise<void> {
    try {
      const ttl = options?.ttl;
      if (ttl) await this.redis.set(this.prefix + key, value, 'EX', Math.max(1, Math.ceil(ttl)));
      else await this.redis.set(this.prefix + key, value);
    } catch (err) {
      this.onError(err);
    }
  }

  async delete(key: string): Promise<boolean> {
    try {
      return (await this.redis.del(this.prefix + key)) > 0;
    } catch (err) {
      this.onError(err);
      return false;
    }
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

interface PersistedQueryStore {
  cache: KeyValueCache<string>;
  ttlSeconds: number;
  close(): Promise<void>;
}

/** 8 MiB of query texts per instance when there is no Redis */
const MEMORY_BYTES = 8 * 2 ** 20;

export function createPersistedQueryStore(opts: PersistedQueryOptions): PersistedQueryStore {
  if (opts.redisUrl) {
    const cache = new RedisQueryCache(opts.redisUrl, opts.onError, `${opts.keyPrefix ?? ''}svc:`);
    return { cache, ttlSeconds: opts.ttlSeconds, close: () => cache.close() };
  }
  const cache = new InMemoryLRUCache<string>({ maxSize: opts.memoryBytes ?? MEMORY_BYTES, sizeCalculation: (v) => v.length * 2 });
  return { cache, ttlSeconds: opts.ttlSeconds, close: async () => undefined };
}
