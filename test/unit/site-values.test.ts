import { checkMetafieldValue, normalizePath } from '@svc/site';

/** The pure rules of the site domain: source normalisation and metafield value checks at the edges. */
describe('site: normalised redirect sources', () => {
  it.each([
    ['/', '/'],
    ['/Old-Page', '/old-page'],
    ['/old-page/', '/old-page'],
    ['/a//b///', '/a/b'],
    ['//', '/'],
    ['/a?x=1#top', '/a'],
  ])('%s -> %s', (given, normalised) => {
    expect(normalizePath(given)).toBe(normalised);
  });
});

describe('site: metafield values at the edges of their types', () => {
  it.each([
    ['integer', Number.MAX_SAFE_INTEGER, true],
    ['integer', Number.MIN_SAFE_INTEGER - 1, false],
    ['integer', -0, true],
    ['decimal', '0', true],
    ['decimal', '-0.5', true],
    ['decimal', '01.5', false],
    ['decimal', '.5', false],
    ['decimal', ' 1.5', false],
    ['date', '2000-02-29', true],
    ['date', '1900-02-29', false],
    ['date', '2024-13-01', false],
    ['url', 'http://localhost:9000/x', true],
    ['url', 'https://', false],
    ['json', null, true],
    ['json', [1, 'two', { three: 3 }], true],
    ['reference', 'pay_col_01JABCDEFGHJKMNPQRSTVWXYZ0', true],
    ['reference', 'prod_01JABCDEFGHJKMNPQRSTVWXYZI', false],
    ['boolean', 0, false],
    ['string', '', true],
  ] as const)('%s %j -> %s', (type, value, ok) => {
    expect(checkMetafieldValue(type, value) === null).toBe(ok);
  });
});
