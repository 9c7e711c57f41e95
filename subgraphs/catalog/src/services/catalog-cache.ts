/**
 * Per-tenant read cache of catalog documents. Triggers on the catalog tables NOTIFY
 * `catalog_changed` on commit, and each platform instance listening on the change bus drops what
 * the change touches:
 *   `<tenant>|doc|<product>`   that product's document
 *   `<tenant>|list|<product>`  that document and the tenant's list pages and handle lookups
 *   `<tenant>` or `*`          everything of the tenant (of every tenant)
 * A read captures the tenant's version before it goes to the database and stores its result only
 * if no change arrived meanwhile, so a slow read can never put stale data back.
 */
export const CATALOG_CHANNEL = 'catalog_changed';

type Bucket = 'docs' | 'lists' | 'other';

interface TenantCache {
  version: number;
  docs: Map<string, unknown>;
  /** list pages (`list:`) and handle lookups (`h:`) */
  lists: Map<string, unknown>;
  /** regions, collections, categories */
  other: Map<string, unknown>;
}

const bucketOf = (key: string): Bucket => (key.startsWith('p:') ? 'docs' : key.startsWith('list:') || key.startsWith('h:') ? 'lists' : 'other');

export class CatalogCache {
  private readonly tenants = new Map<string, TenantCache>();
  private size = 0;

  constructor(
    private readonly maxEntries = 50_000,
    readonly enabled = true,
  ) {}

  private tenant(tenantId: string): TenantCache {
    let t = this.tenants.get(tenantId);
    if (!t) {
      t = { version: 0, docs: new Map(), lists: new Map(), other: new Map() };
      this.tenants.set(tenantId, t);
    }
    return t;
  }

  version(tenantId: string): number {
    return this.tenant(tenantId).version;
  }

  get<T>(tenantId: string, key: string): T | undefined {
    if (!this.enabled) return undefined;
    return this.tenants.get(tenantId)?.[bucketOf(key)].get(key) as T | undefined;
  }

  set(tenantId: string, key: string, value: unknown, readVersion: number): void {
    if (!this.enabled) return;
    const t = this.tenant(tenantId);
    if (t.version !== readVersion) return;
    if (this.size >= this.maxEntries) this.evict();
    const bucket = t[bucketOf(key)];
    if (!bucket.has(key)) this.size++;
    bucket.set(key, value);
  }

  /** Applies one change notification (see the class comment for the payloads). */
  invalidate(payload: string): void {
    if (payload === '*' || payload === '') {
      for (const t of this.tenants.values()) this.clear(t, ['docs', 'lists', 'other']);
      return;
    }
    const [tenantId, kind, productId] = payload.split('|');
    const t = this.tenants.get(tenantId);
    if (!t) return;
    if ((kind === 'doc' || kind === 'list') && productId) {
      t.version++;
      if (t.docs.delete(`p:${productId}`)) this.size--;
      if (kind === 'list') this.clear(t, ['lists']);
      return;
    }
    this.clear(t, ['docs', 'lists', 'other']);
  }

  private clear(t: TenantCache, buckets: Bucket[]): void {
    t.version++;
    for (const b of buckets) {
      this.size -= t[b].size;
      t[b].clear();
    }
  }

  private evict(): void {
    // drop the oldest half of the largest tenant's documents (Maps iterate in insertion order)
    let largest: TenantCache | undefined;
    for (const t of this.tenants.values()) if (!largest || t.docs.size + t.lists.size > largest.docs.size + largest.lists.size) largest = t;
    if (!largest) return;
    for (const b of ['lists', 'docs'] as const) {
      let n = Math.ceil(largest[b].size / 2);
      for (const k of largest[b].keys()) {
        if (n-- <= 0) break;
        largest[b].delete(k);
        this.size--;
      }
    }
  }
}
