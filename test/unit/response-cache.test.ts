import { ResponseCache } from '@svc/gateway';

describe('response cache', () => {
  let now = 1_000_000;
  const make = (maxBytes = 1_000_000, ttlMs = 60_000) => new ResponseCache({ maxBytes, ttlMs, now: () => now });
  const answer = (text: string) => ({ bytes: Buffer.from(text), etag: `W/"${text.length}"` });

  beforeEach(() => {
    now = 1_000_000;
  });

  it('answers what was put under the same key, and nothing under another', () => {
    const c = make();
    expect(c.get('k')).toBeUndefined();
    expect(c.put('k', c.snapshot('t1', ['catalog']), answer('{"a":1}'))).toBe(true);
    expect(c.get('k')?.bytes.toString()).toBe('{"a":1}');
    expect(c.get('k2')).toBeUndefined();
    expect(c.stats).toMatchObject({ hits: 1, misses: 2, stores: 1 });
  });

  it('a change of a subgraph of the store makes its answers stale; other subgraphs and stores keep theirs', () => {
    const c = make();
    c.put('product', c.snapshot('t1', ['catalog', 'localization']), answer('p'));
    c.put('post', c.snapshot('t1', ['content']), answer('c'));
    c.put('other store', c.snapshot('t2', ['catalog']), answer('o'));
    c.invalidate('t1', 'localization');
    expect(c.get('product')).toBeUndefined();
    expect(c.get('post')?.bytes.toString()).toBe('c');
    expect(c.get('other store')?.bytes.toString()).toBe('o');
    c.invalidate('t1');
    expect(c.get('post')).toBeUndefined();
    expect(c.get('other store')?.bytes.toString()).toBe('o');
    c.invalidateAll();
    expect(c.get('other store')).toBeUndefined();
  });

  it('an answer read before a change that landed during the read is not kept', () => {
    const c = make();
    const snap = c.snapshot('t1', ['catalog']);
    c.invalidate('t1', 'catalog'); // the write commits while the graph is read
    expect(c.put('k', snap, answer('old'))).toBe(false);
    expect(c.get('k')).toBeUndefined();
    // a change of another store or subgraph does not refuse it
    const again = c.snapshot('t1', ['catalog']);
    c.invalidate('t2', 'catalog');
    c.invalidate('t1', 'content');
    expect(c.put('k', again, answer('new'))).toBe(true);
    expect(c.get('k')?.bytes.toString()).toBe('new');
  });

  it('answers expire after the TTL on the injected clock', () => {
    const c = make(1_000_000, 5_000);
    c.put('k', c.snapshot('t1', ['content']), answer('x'));
    now += 4_999;
    expect(c.get('k')).toBeDefined();
    now += 1;
    expect(c.get('k')).toBeUndefined();
    expect(c.size.entries).toBe(0);
  });

  it('stays within its bytes, dropping the least recently used first', () => {
    const body = 'x'.repeat(1_000);
    const c = make(8 * 1_300);
    for (let i = 0; i < 8; i++) c.put(`k${i}`, c.snapshot('t', ['catalog']), answer(body + i));
    expect(c.get('k0')).toBeDefined(); // k0 is now the most recently used
    for (let i = 8; i < 12; i++) c.put(`k${i}`, c.snapshot('t', ['catalog']), answer(body + i));
    expect(c.size.bytes).toBeLessThanOrEqual(8 * 1_300);
    expect(c.get('k0')).toBeDefined();
    expect(c.get('k1')).toBeUndefined();
    expect(c.get('k11')).toBeDefined();
    expect(c.stats.evictions).toBeGreaterThan(0);
  });

  it('refuses an answer larger than an eighth of its bytes', () => {
    const c = make(8_000);
    expect(c.put('big', c.snapshot('t', ['catalog']), answer('y'.repeat(1_000)))).toBe(false);
    expect(c.size.entries).toBe(0);
  });

  it('replacing a key keeps the byte count exact', () => {
    const c = make();
    c.put('k', c.snapshot('t', ['catalog']), answer('aaaa'));
    const one = c.size.bytes;
    c.put('k', c.snapshot('t', ['catalog']), answer('bbbb'));
    expect(c.size).toEqual({ entries: 1, bytes: one });
  });

  it("a change a domain shares between every store makes every store's answers of it stale", () => {
    const c = make();
    c.put('rates a', c.snapshot('t1', ['localization']), answer('a'));
    c.put('rates b', c.snapshot('t2', ['localization']), answer('b'));
    c.put('catalog', c.snapshot('t1', ['catalog']), answer('c'));
    c.invalidate('*', 'localization');
    expect(c.get('rates a')).toBeUndefined();
    expect(c.get('rates b')).toBeUndefined();
    expect(c.get('catalog')?.bytes.toString()).toBe('c');
  });

  it('keeps an answer only until the next moment its data changes by time alone, found out beside the read', async () => {
    let due: number | Promise<number> = now + 1_000;
    const c = new ResponseCache({ maxBytes: 1_000_000, ttlMs: 60_000, now: () => now, dueOf: () => due });
    c.put('post list', c.snapshot('t1', ['content']), answer('before'));
    now += 999;
    expect(c.get('post list')).toBeDefined();
    now += 1;
    expect(c.get('post list')).toBeUndefined();
    // a moment already passed (the domain's next one not read yet) keeps nothing
    due = now;
    expect(c.put('post list', c.snapshot('t1', ['content']), answer('x'))).toBe(false);
    // a moment still being read: the answer is kept once it is known, until then
    let found!: (at: number) => void;
    due = new Promise<number>((r) => (found = r));
    const snap = c.snapshot('t1', ['content']);
    expect(c.put('post list', snap, answer('unsettled'))).toBe(false);
    found(now + 5_000);
    await c.settle(snap);
    expect(c.put('post list', snap, answer('after'))).toBe(true);
    now += 4_999;
    expect(c.get('post list')?.bytes.toString()).toBe('after');
    now += 1;
    expect(c.get('post list')).toBeUndefined();
  });
});
