/**
 * The response cache in front of the graph: the bytes of public storefront reads (the REST facade's
 * cacheable GETs), with their ETag, kept per process and answered without building a context,
 * running the operation or serialising again. Rate limiting and the publishable key's check stay in
 * front of it (see rest-facade engine.ts).
 *
 * What an entry depends on is the set of subgraphs its operation's query plan reads
 * (`PreparedOperation.subgraphs`) and the store. Invalidation is by generation: every
 * (store, subgraph) pair and every store has a counter, an entry remembers the counters it was made
 * under, and a changed counter makes it stale. The counters move when
 * - a domain's tables change (`read_changed` NOTIFY from the kit's read-change triggers, on every
 *   instance within the notification's delay; kit read-changes.ts),
 * - a store's translations or credentials change (the whole store),
 * - a mutation passes through this instance (its subgraphs, at once: read-your-writes here does
 *   not wait for the notice),
 * - the change bus reconnects (everything: notices may have been missed).
 * A miss takes a snapshot of the counters before it reads the graph and stores its answer only if
 * they are unchanged when it is done, so a write that lands during the read never leaves its
 * stale answer behind.
 *
 * Bounded in bytes (least recently used first out) and in age (`ttlMs`). Answers that change with
 * time alone, without a write (a scheduled post coming due, an event ending), are kept only until
 * the next such moment of the store's data (`dueOf`, from the domains' `readSchedules`); moments
 * nobody declared are at most `ttlMs` late.
 */

export interface ResponseCacheOptions {
  /** total bytes of the kept answers */
  maxBytes: number;
  /** the longest an answer is kept */
  ttlMs: number;
  /** the platform clock (ms) */
  now?: () => number;
  /**
   * the next moment (ms) at which answers of the store reading these subgraphs change with time
   * alone (Infinity: none), or its promise while it is being found out
   */
  dueOf?: (tenant: string, tags: readonly string[]) => number | Promise<number>;
}

export interface CachedResponse {
  bytes: Buffer;
  etag: string;
}

interface Entry extends CachedResponse {
  tenant: string;
  tags: readonly string[];
  /** the counters at the snapshot: the store's, then two per tag (the store's and every store's), then the epoch */
  gens: number[];
  expires: number;
}

/** The counters a miss saw before it read the graph (`ResponseCache.snapshot`). */
export interface CacheSnapshot {
  tenant: string;
  tags: readonly string[];
  gens: number[];
  /** until when an answer may be kept (`dueOf`); a promise until `settle` */
  due: number | Promise<number>;
}

/** fixed cost of an entry besides its bytes (key, object, ETag) */
const ENTRY_OVERHEAD = 256;

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly gens = new Map<string, number>();
  private epoch = 0;
  private readonly now: () => number;
  readonly stats = { hits: 0, misses: 0, stores: 0, stale: 0, evictions: 0, refused: 0 };

  constructor(private readonly opts: ResponseCacheOptions) {
    this.now = opts.now ?? Date.now;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private gensOf(tenant: string, tags: readonly string[]): number[] {
    const out = [this.gens.get(tenant) ?? 0];
    for (const t of tags) out.push(this.gens.get(`${tenant}|${t}`) ?? 0, this.gens.get(`*|${t}`) ?? 0);
    out.push(this.epoch);
    return out;
  }

  private current(e: { tenant: string; tags: readonly string[]; gens: number[] }): boolean {
    const now = this.gensOf(e.tenant, e.tags);
    for (let i = 0; i < now.length; i++) if (now[i] !== e.gens[i]) return false;
    return true;
  }

  /**
   * A fresh answer for `key`, or undefined (a stale or expired one is dropped). `countMiss` false:
   * a miss is not counted (the front door's look, which the route's own look follows on a miss).
   */
  get(key: string, countMiss = true): CachedResponse | undefined {
    const e = this.entries.get(key);
    if (!e) {
      if (countMiss) this.stats.misses++;
      return undefined;
    }
    if (e.expires <= this.now() || !this.current(e)) {
      this.drop(key, e);
      this.stats.stale++;
      if (countMiss) this.stats.misses++;
      return undefined;
    }
    // most recently used last
    this.entries.delete(key);
    this.entries.set(key, e);
    this.stats.hits++;
    return e;
  }

  /** The counters to hand to `put` once the answer is made (and `settle`d). */
  snapshot(tenant: string, tags: readonly string[]): CacheSnapshot {
    const gens = this.gensOf(tenant, tags);
    return { tenant, tags, gens, due: this.opts.dueOf ? this.opts.dueOf(tenant, tags) : Infinity };
  }

  /** Waits for the snapshot's `due` when it is still being found out (beside the graph read). */
  async settle(snap: CacheSnapshot): Promise<void> {
    if (typeof snap.due !== 'number') snap.due = await snap.due;
  }

  /** Keeps an answer, unless something it depends on changed since `snap` or it is too large. */
  put(key: string, snap: CacheSnapshot, value: CachedResponse): boolean {
    const size = value.bytes.length + key.length + ENTRY_OVERHEAD;
    const now = this.now();
    const due = snap.due;
    if (!this.current(snap) || size > this.opts.maxBytes / 8 || typeof due !== 'number' || due <= now) {
      this.stats.refused++;
      return false;
    }
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    this.entries.set(key, { ...value, tenant: snap.tenant, tags: snap.tags, gens: snap.gens, expires: Math.min(now + this.opts.ttlMs, due) });
    this.bytes += size;
    this.stats.stores++;
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.opts.maxBytes) break;
      this.drop(k, e);
      this.stats.evictions++;
    }
    return true;
  }

  private drop(key: string, e: Entry): void {
    this.entries.delete(key);
    this.bytes -= e.bytes.length + key.length + ENTRY_OVERHEAD;
  }

  /**
   * A domain's data of a store changed (`subgraph` undefined: anything of the store; `tenant` '*':
   * data the domain shares between every store).
   */
  invalidate(tenant: string, subgraph?: string): void {
    const k = subgraph ? `${tenant}|${subgraph}` : tenant;
    this.gens.set(k, (this.gens.get(k) ?? 0) + 1);
  }

  /** Everything is stale (notices may have been missed). */
  invalidateAll(): void {
    this.epoch++;
  }
}
