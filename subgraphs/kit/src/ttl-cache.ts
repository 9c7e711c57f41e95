/**
 * A small in-process cache whose entries expire after their own time to live, bounded in size (the
 * oldest entry leaves first); callers clear it whole when a change notice says the data changed.
 * Credentials (publishable keys, agent keys, store access) are kept this way by identity and by a
 * gateway that authenticates through identity's API.
 */
export class TtlCache<T> {
  private readonly map = new Map<string, { value: T; until: number }>();

  constructor(private readonly max = 10_000) {}

  get(key: string): T | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    if (hit.until < Date.now()) {
      this.map.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: string, value: T, ttlMs: number): void {
    if (this.map.size >= this.max) this.map.delete(this.map.keys().next().value as string);
    this.map.set(key, { value, until: Date.now() + ttlMs });
  }

  clear(): void {
    this.map.clear();
  }
}
