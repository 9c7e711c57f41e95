/**
 * Per-tenant read cache of catalog documents. Every write to a catalog table fires a trigger that
 * NOTIFYs `catalog_changed` with the tenant id (on commit); each platform instance listening on the
 * change bus then drops that tenant's entries. A read captures the tenant's version before it goes
 * to the database and stores its result only if no change arrived meanwhile, so a slow read can
 * never put stale data back.
 */
export const CATALOG_CHANNEL = 'catalog_changed';

interface TenantCache {
  version: number;
  entries: Map<string, unknown>;
}

export class CatalogCache {
  private readonly tenants = new Map<string, TenantCache>();
  private size = 0;

  constructor(private readonly maxEntries = 50_000, readonly enabled = true) {}

  private tenant(tenantId: string): TenantCache {
    let t = this.tenants.get(tenantId);
    if (!t) {
      t = { version: 0, entries: new Map() };
      this.tenants.set(tenantId, t);
    }
    return t;
  }

  version(tenantId: string): number {
    return this.tenant(tenantId).version;
  }

  get<T>(tenantId: string, key: string): T | undefined {
    if (!this.enabled) return undefined;
    return this.tenants.get(tenantId)?.entries.get(key) as T | undefined;
  }

  set(tenantId: string, key: string, value: unknown, readVersion: number): void {
    if (!this.enabled) return;
    const t = this.tenant(tenantId);
    if (t.version !== readVersion) return;
    if (this.size >= this.maxEntries) this.evict();
    if (!t.entries.has(key)) this.size++;
    t.entries.set(key, value);
  }

  /** `*` (after a lost connection) invalidates every tenant. */
  invalidate(tenantId: string): void {
    if (tenantId === '*' || tenantId === '') {
      for (const t of this.tenants.values()) this.reset(t);
      return;
    }
    this.reset(this.tenant(tenantId));
  }

  private reset(t: TenantCache): void {
    t.version++;
    this.size -= t.entries.size;
    t.entries.clear();
  }

  private evict(): void {
    // drop the oldest half of the largest tenant (Maps iterate in insertion order)
    let largest: TenantCache | undefined;
    for (const t of this.tenants.values()) if (!largest || t.entries.size > largest.entries.size) largest = t;
    if (!largest) return;
    let n = Math.ceil(largest.entries.size / 2);
    for (const k of largest.entries.keys()) {
      if (n-- <= 0) break;
      largest.entries.delete(k);
      this.size--;
    }
  }
}
