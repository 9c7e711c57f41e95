import { CatalogCache } from '@svc/catalog';

describe('catalog cache invalidation', () => {
  const fill = (c: CatalogCache, t: string) => {
    const v = c.version(t);
    c.set(t, 'p:prod_a', { id: 'a' }, v);
    c.set(t, 'p:prod_b', { id: 'b' }, v);
    c.set(t, 'list:page1', { ids: ['a', 'b'] }, v);
    c.set(t, 'h:tee', 'prod_a', v);
    c.set(t, 'regions', [{ id: 'reg' }], v);
  };

  it('a document change drops only that document', () => {
    const c = new CatalogCache();
    fill(c, 't1');
    c.invalidate('t1|doc|prod_a');
    expect(c.get('t1', 'p:prod_a')).toBeUndefined();
    expect(c.get('t1', 'p:prod_b')).toEqual({ id: 'b' });
    expect(c.get('t1', 'list:page1')).toBeDefined();
    expect(c.get('t1', 'regions')).toBeDefined();
  });

  it('a product or price change also drops list pages and handle lookups', () => {
    const c = new CatalogCache();
    fill(c, 't1');
    c.invalidate('t1|list|prod_a');
    expect(c.get('t1', 'p:prod_a')).toBeUndefined();
    expect(c.get('t1', 'list:page1')).toBeUndefined();
    expect(c.get('t1', 'h:tee')).toBeUndefined();
    expect(c.get('t1', 'p:prod_b')).toBeDefined();
    expect(c.get('t1', 'regions')).toBeDefined();
  });

  it('a tenant-wide change drops everything of that tenant only; * drops every tenant', () => {
    const c = new CatalogCache();
    fill(c, 't1');
    fill(c, 't2');
    c.invalidate('t1');
    expect(c.get('t1', 'regions')).toBeUndefined();
    expect(c.get('t1', 'p:prod_b')).toBeUndefined();
    expect(c.get('t2', 'regions')).toBeDefined();
    c.invalidate('*');
    expect(c.get('t2', 'p:prod_a')).toBeUndefined();
  });

  it('never stores a read that started before a change arrived', () => {
    const c = new CatalogCache();
    const before = c.version('t1');
    c.invalidate('t1|doc|prod_a'); // the change lands while the read is in flight
    c.set('t1', 'p:prod_a', { id: 'a', stale: true }, before);
    expect(c.get('t1', 'p:prod_a')).toBeUndefined();
    c.set('t1', 'p:prod_a', { id: 'a' }, c.version('t1'));
    expect(c.get('t1', 'p:prod_a')).toEqual({ id: 'a' });
  });

  it('stays within its size bound', () => {
    const c = new CatalogCache(100);
    for (let i = 0; i < 1000; i++) c.set('t1', `p:prod_${i}`, i, c.version('t1'));
    let kept = 0;
    for (let i = 0; i < 1000; i++) if (c.get('t1', `p:prod_${i}`) !== undefined) kept++;
    expect(kept).toBeLessThanOrEqual(100);
    expect(c.get('t1', 'p:prod_999')).toBe(999);
  });
});
