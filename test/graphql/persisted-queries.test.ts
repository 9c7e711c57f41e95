import { createHash } from 'node:crypto';
import type { TenantCredentials } from '@svc/identity';
import { send, type PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';

/**
 * Automatic persisted queries on `/graphql` and GET answers a CDN can keep: a hash alone is
 * "not found" until the query was sent with it once (and only a query that passed validation and
 * the cost limits is registered); then a short GET of the hash answers, with the cache headers of a
 * REST read (public, revalidated by ETag, 304 when unchanged) when it is anonymous, read nothing
 * personal and failed nowhere. Everything else stays `no-store`. Sharing between instances (Redis)
 * is checked by the scale-out topology test.
 */
describe('persisted queries and cacheable GETs on /graphql', () => {
  let p: PlatformClient;
  let t: TenantCredentials;
  const sha = (q: string) => createHash('sha256').update(q).digest('hex');
  const ext = (q: string) => ({ persistedQuery: { version: 1, sha256Hash: sha(q) } });
  /** a GET of `/graphql` with the hash of `query` only (what a CDN sees) */
  const getHash = (query: string, o: { variables?: Record<string, unknown>; headers?: Record<string, string> } = {}) => {
    const qs = new URLSearchParams({ extensions: JSON.stringify(ext(query)) });
    if (o.variables) qs.set('variables', JSON.stringify(o.variables));
    return fetch(`${p.url}/graphql?${qs}`, { headers: { 'x-publishable-api-key': t.publishable_key, ...o.headers } });
  };
  /** a POST of `/graphql` with this body as is (`query` may be left out) */
  const post = (body: Record<string, unknown>) => send('POST', `${p.url}/graphql`, { key: t.publishable_key, body });
  // a different text per test, so each starts unregistered on the shared platform's store
  const productsQuery = (tag: string) => `query Products_${tag}($n: Int) { products(limit: $n) { count items { id handle title } } }`;

  beforeAll(async () => {
    p = await sharedPlatform();
    t = await p.createTenant('Persisted queries');
    await p.seedCatalog(t.tenant_id);
  });

  it('answers PERSISTED_QUERY_NOT_FOUND for an unknown hash, registers the query sent with it, then answers the hash alone', async () => {
    const q = productsQuery('register');
    const miss = await post({ extensions: ext(q), variables: { n: 2 } });
    expect(miss.status).toBe(200);
    expect(miss.body.errors?.[0]).toEqual({ message: 'PersistedQueryNotFound', extensions: { type: 'not_found', code: 'PERSISTED_QUERY_NOT_FOUND' } });
    expect(miss.body.data).toBeUndefined();

    const register = await post({ query: q, extensions: ext(q), variables: { n: 2 } });
    expect(register.body.errors).toBeUndefined();
    expect(register.body.data.products.items).toHaveLength(2);

    const hit = await getHash(q, { variables: { n: 2 } });
    expect(hit.status).toBe(200);
    const body = (await hit.json()) as any;
    expect(body.data).toEqual(register.body.data);
    // POST by hash too
    const byHash = await post({ extensions: ext(q), variables: { n: 1 } });
    expect(byHash.body.data.products.items).toHaveLength(1);
  });

  it('refuses a query whose hash does not match, and never registers a query that failed validation or the cost limit', async () => {
    const q = productsQuery('mismatch');
    const wrong = await post({ query: q, extensions: { persistedQuery: { version: 1, sha256Hash: sha(`${q} `) } } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0]).toMatchObject({
      message: expect.stringMatching(/sha does not match/),
      extensions: { type: 'validation_error', code: 'invalid_persisted_query' },
    });

    const invalid = 'query Invalid_pq { products { nope } }';
    const bad = await post({ query: invalid, extensions: ext(invalid) });
    expect(bad.body.errors[0].extensions).toMatchObject({ type: 'validation_error' });
    // far over the public cost limit: 100 aliases of a list of 100
    const costly = `query Costly_pq { ${[...Array(100)].map((_, i) => `a${i}: products(limit: 100) { items { id } }`).join(' ')} }`;
    const refused = await post({ query: costly, extensions: ext(costly) });
    expect(refused.body.data).toBeUndefined();
    expect(refused.body.errors.length).toBeGreaterThan(0);
    for (const q2 of [invalid, costly]) {
      const again = await post({ extensions: ext(q2) });
      expect(again.body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    }
    const version = await post({ extensions: { persistedQuery: { version: 2, sha256Hash: sha(q) } } });
    expect(version.status).toBe(400);
    expect(version.body.errors[0].extensions).toEqual({ type: 'validation_error', code: 'invalid_persisted_query' });
  });

  it('serves an anonymous GET of a public read with the cache headers of a REST read, and 304 for its ETag', async () => {
    const q = productsQuery('cache');
    await post({ query: q, extensions: ext(q), variables: { n: 3 } });
    const first = await getHash(q, { variables: { n: 3 } });
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    const vary = (first.headers.get('vary') ?? '').toLowerCase();
    for (const h of ['x-publishable-api-key', 'x-medusa-locale', 'accept-language']) expect(vary).toContain(h);
    const text = await first.text();

    const same = await getHash(q, { variables: { n: 3 }, headers: { 'if-none-match': etag! } });
    expect(same.status).toBe(304);
    expect(await same.text()).toBe('');
    // another answer (other variables) has another ETag: no 304
    const other = await getHash(q, { variables: { n: 1 }, headers: { 'if-none-match': etag! } });
    expect(other.status).toBe(200);
    expect(other.headers.get('etag')).not.toBe(etag);
    expect(await other.text()).not.toBe(text);
    // a plain GET with the query in the URL is cacheable the same way
    const plain = await fetch(`${p.url}/graphql?${new URLSearchParams({ query: q, variables: JSON.stringify({ n: 3 }) })}`, {
      headers: { 'x-publishable-api-key': t.publishable_key },
    });
    expect(plain.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(plain.headers.get('etag')).toBe(etag);
  });

  it('keeps no-store for POSTs, signed-in callers, personal fields and answers with errors', async () => {
    const q = productsQuery('private');
    const post = await p.graphql(q, { n: 1 }, { key: t.publishable_key });
    expect(post.headers.get('cache-control')).toBe('no-store');
    expect(post.headers.get('etag')).toBeNull();

    const customer = await p.registerCustomer(t.publishable_key);
    const signedIn = await fetch(`${p.url}/graphql?${new URLSearchParams({ query: q, variables: JSON.stringify({ n: 1 }) })}`, {
      headers: { 'x-publishable-api-key': t.publishable_key, authorization: `Bearer ${customer.token}` },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('cache-control')).toBe('no-store');

    // the cookie consent of a session is personal (its REST route is noStore)
    const consent = await fetch(
      `${p.url}/graphql?${new URLSearchParams({ query: 'query Consent_pq($s: String!) { cookieConsent(session_id: $s) { session_id } }', variables: JSON.stringify({ s: 'cs_unknown_session_id_0000' }) })}`,
      { headers: { 'x-publishable-api-key': t.publishable_key } },
    );
    expect(consent.headers.get('cache-control')).toBe('no-store');

    const failing = await fetch(`${p.url}/graphql?${new URLSearchParams({ query: '{ product(id: "prod_missing") { id } }' })}`, {
      headers: { 'x-publishable-api-key': t.publishable_key },
    });
    expect(failing.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a GET that forces no CORS preflight (CSRF) and a mutation over GET', async () => {
    const q = productsQuery('csrf');
    const simple = await fetch(`${p.url}/graphql?${new URLSearchParams({ query: q })}`);
    expect(simple.status).toBe(400);
    const preflighted = await fetch(`${p.url}/graphql?${new URLSearchParams({ query: '{ __typename }' })}`, {
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(preflighted.status).toBe(200);

    const mutation = await fetch(`${p.url}/graphql?${new URLSearchParams({ query: 'mutation { __typename }' })}`, {
      headers: { 'x-publishable-api-key': t.publishable_key },
    });
    expect(mutation.status).toBe(405);
    expect(mutation.headers.get('cache-control')).toBe('no-store');
  });
});
