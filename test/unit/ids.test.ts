import { looksLikeId, newId, ulid } from '@svc/kit';

describe('ids', () => {
  it('makes prefixed ULIDs that are unique and sort in creation order, also within one millisecond', () => {
    const ids = Array.from({ length: 5000 }, () => newId('prod'));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids.slice(0, 50)) expect(looksLikeId(id, 'prod')).toBe(true);
    const a = ulid(1_700_000_000_000);
    const b = ulid(1_700_000_000_000);
    expect(b > a).toBe(true);
    expect(a.slice(0, 10)).toBe(b.slice(0, 10));
  });

  it('encodes the time part in Crockford base32', () => {
    // 0 ms is all zeros; 1 ms ends the time part in 1; a later time sorts after an earlier one
    expect(ulid(0).slice(0, 10)).toBe('0000000000');
    expect(ulid(1).slice(0, 10)).toBe('0000000001');
    expect(ulid(32).slice(0, 10)).toBe('0000000010');
    expect(ulid(Date.now()) > ulid(1)).toBe(true);
  });

  it('recognises ids by shape and prefix', () => {
    expect(looksLikeId(newId('cus'), 'prod')).toBe(false);
    expect(looksLikeId('prod_not-an-id')).toBe(false);
    expect(looksLikeId('classic-organic-tee')).toBe(false);
  });
});
