import { parse } from 'graphql';
import { DocumentLru } from '@svc/gateway';

/** Hardening #2 (in part): the gateway's subgraph document cache is bounded by entries and by bytes, least recently used out. */
describe('DocumentLru', () => {
  const q = (i: number, pad = 0) => `{ a${i}: __typename ${'#'.repeat(pad)}\n}`;

  it('keeps at most maxEntries, evicting the least recently used', () => {
    const lru = new DocumentLru(3, 1e9, 1e9);
    for (let i = 0; i < 3; i++) lru.set(q(i), parse(q(i)));
    expect(lru.get(q(0))).toBeDefined(); // 0 is now the most recent
    lru.set(q(3), parse(q(3)));
    expect(lru.size).toBe(3);
    expect(lru.get(q(1))).toBeUndefined();
    expect(lru.get(q(0))).toBeDefined();
    expect(lru.get(q(3))).toBeDefined();
  });

  it('bounds the total source length, and never keeps an oversized document', () => {
    const lru = new DocumentLru(1000, 10_000, 4_000);
    for (let i = 0; i < 100; i++) lru.set(q(i, 1_000), parse(q(i, 1_000)));
    expect(lru.totalChars).toBeLessThanOrEqual(10_000);
    expect(lru.size).toBeLessThan(11);
    lru.set(q(999, 5_000), parse(q(999, 5_000)));
    expect(lru.get(q(999, 5_000))).toBeUndefined();
    // 2,000 distinct documents later the cache is still within its bounds
    for (let i = 0; i < 2000; i++) lru.set(q(10_000 + i, 500), parse(q(10_000 + i, 500)));
    expect(lru.totalChars).toBeLessThanOrEqual(10_000);
  });
});
