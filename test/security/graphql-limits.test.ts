import { buildSchema } from 'graphql';
import { CachedLocalDataSource } from '@svc/gateway';
import type { TenantCredentials } from '@svc/identity';
import { startTestPlatform, type TestPlatform } from '../support/platform';

const TOO_COMPLEX = { type: 'validation_error', code: 'query_too_complex' };

/** 400, query_too_complex, and nothing executed (no data). */
function refused(r: { status: number; body: any }) {
  expect(r.status).toBe(400);
  expect(r.body.data).toBeUndefined();
  expect(r.body.errors).toHaveLength(1);
  expect(r.body.errors[0].extensions).toMatchObject(TOO_COMPLEX);
}

/** Not refused by a limit (the operation ran; its own validation may still answer an error). */
function ranAnyway(r: { status: number; body: any }) {
  expect(r.body.errors?.[0]?.extensions?.code).not.toBe('query_too_complex');
}

function notRefused(r: { status: number; body: any }) {
  expect(r.status).toBe(200);
  for (const e of r.body.errors ?? []) expect(e.extensions?.code).not.toBe('query_too_complex');
}

const repeat = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i)).join(' ');

describe('GraphQL query limits on /graphql', () => {
  let p: TestPlatform;
  let t: TenantCredentials;
  let key: string;
  let admin: string;
  beforeAll(async () => {
    p = await startTestPlatform();
    t = await p.createTenant();
    key = t.publishable_key;
    await p.seedCatalog(t.tenant_id);
    admin = await p.adminToken(t);
  });
  afterAll(() => p?.stop());

  it('reports the cost of every operation in extensions.cost', async () => {
    const anon = await p.graphql('{ products(limit: 2) { items { id } } }', {}, { key });
    expect(anon.status).toBe(200);
    expect(anon.body.errors).toBeUndefined();
    // products: (1 + items (1 + 0)) x limit 2
    expect(anon.body.extensions.cost).toEqual({ requested: 4, limit: 50_000 });
    const byAdmin = await p.graphql('{ products(limit: 2) { items { id } } }', {}, { key, token: admin });
    expect(byAdmin.body.extensions.cost).toEqual({ requested: 4, limit: 500_000 });
    // no limit argument: the default list size (20); nested lists without one count 20 each
    const nested = await p.graphql('{ products { items { variants { prices { amount } } } } }', {}, { key });
    expect(nested.body.extensions.cost.requested).toBe((1 + 1 + (1 + 1 * 20) * 20) * 20);
  });

  it('refuses a query over the anonymous cost limit, and lets an admin run it', async () => {
    const q = `{ a: products(limit: 100) { items { variants { prices { amount } } } } b: products(limit: 100) { items { variants { prices { amount } } } } }`;
    const anon = await p.graphql(q, {}, { key });
    refused(anon);
    expect(anon.body.extensions.cost).toEqual({ requested: 2 * (1 + 1 + 21 * 20) * 100, limit: 50_000 });
    const byAdmin = await p.graphql(q, {}, { key, token: admin });
    notRefused(byAdmin);
    expect(byAdmin.body.extensions.cost.requested).toBe(84_400);
  });

  it('limits depth: 10 levels for anonymous callers, 15 for admins', async () => {
    const deep = (levels: number) => `{ productCategory(id: "none") { ${'parent_category { '.repeat(levels - 2)}id${' }'.repeat(levels - 2)} } }`;
    notRefused(await p.graphql(deep(10), {}, { key }));
    refused(await p.graphql(deep(11), {}, { key }));
    notRefused(await p.graphql(deep(11), {}, { key, token: admin }));
    refused(await p.graphql(deep(16), {}, { key, token: admin }));
  });

  it('limits aliases: 15 for anonymous callers, 50 for admins', async () => {
    const aliased = (n: number) => `{ ${repeat(n, (i) => `r${i}: regions { count }`)} }`;
    notRefused(await p.graphql(aliased(15), {}, { key }));
    refused(await p.graphql(aliased(16), {}, { key }));
    notRefused(await p.graphql(aliased(16), {}, { key, token: admin }));
    refused(await p.graphql(aliased(51), {}, { key, token: admin }));
  });

  it('limits directives: 10 for anonymous callers, 50 for admins', async () => {
    const directed = (n: number) => `{ ${repeat(n, () => '__typename @include(if: true)')} }`;
    notRefused(await p.graphql(directed(10), {}, { key }));
    refused(await p.graphql(directed(11), {}, { key }));
    notRefused(await p.graphql(directed(11), {}, { key, token: admin }));
    refused(await p.graphql(directed(51), {}, { key, token: admin }));
  });

  it('limits tokens before parsing: 2,000 for anonymous callers, 10,000 for admins', async () => {
    // 12 tokens around a list of n - 12 strings (a selection of ~1,000 fields trips graphql-js' own merge budget)
    const tokens = (n: number) => `{ products(id: [${repeat(n - 12, (i) => `"p${i}"`)}]) { count } }`;
    ranAnyway(await p.graphql(tokens(2_000), {}, { key }));
    refused(await p.graphql(tokens(2_001), {}, { key }));
    ranAnyway(await p.graphql(tokens(2_001), {}, { key, token: admin }));
    refused(await p.graphql(tokens(10_001), {}, { key, token: admin }));
  });

  it('refuses the 100-alias attack with 400 query_too_complex, without building a response', async () => {
    const attack = `{ ${repeat(100, (i) => `a${i}: products(limit: 100) { items { document } }`)} }`;
    const r = await p.graphql(attack, {}, { key });
    refused(r);
    expect(JSON.stringify(r.body).length).toBeLessThan(2_000);
    // without a publishable key too
    refused(await p.graphql(attack));
  });

  it('keeps no parsed document that failed a limit (only documents that passed enter the store)', async () => {
    const store = p.graphqlServer.documentStore;
    const before = store.size;
    // distinct documents over each limit: cost (checked after Apollo validated and offered the document)
    for (let i = 0; i < 5; i++) {
      refused(
        await p.graphql(
          `{ a${i}: products(limit: 100) { items { variants { prices { amount } } } } b: products(limit: 100) { items { variants { prices { amount } } } } }`,
          {},
          { key },
        ),
      );
    }
    // depth, aliases and directives (same moment), and tokens (before parsing)
    refused(await p.graphql(`{ ${repeat(16, (i) => `q${i}: regions { count }`)} }`, {}, { key }));
    refused(await p.graphql(`{ ${repeat(11, () => '__typename @include(if: true)')} }`, {}, { key }));
    refused(await p.graphql(`{ productCategory(id: "x") { ${'parent_category { '.repeat(10)}id${' }'.repeat(10)} } }`, {}, { key }));
    expect(store.size).toBe(before);
    // an accepted document is kept, and served from the store the next time
    const ok = `{ kept: products(limit: 3) { count } }`;
    notRefused(await p.graphql(ok, {}, { key }));
    expect(store.size).toBe(before + 1);
    notRefused(await p.graphql(ok, {}, { key }));
    expect(store.size).toBe(before + 1);
    // the same document as an admin's, within the admin limits: kept once; an anonymous caller is still refused for it
    const heavy = `{ heavy: products(limit: 100) { items { variants { prices { amount } } } } other: products(limit: 100) { items { variants { prices { amount } } } } }`;
    refused(await p.graphql(heavy, {}, { key }));
    expect(store.size).toBe(before + 1);
    notRefused(await p.graphql(heavy, {}, { key, token: admin }));
    expect(store.size).toBe(before + 2);
    refused(await p.graphql(heavy, {}, { key }));
  });

  it('costs the same document again for other variables (cached costs are per variable set)', async () => {
    const q = 'query Page($n: Int) { products(limit: $n) { items { variants { prices { amount } } } } }';
    const small = await p.graphql(q, { n: 2 }, { key });
    expect(small.body.extensions.cost.requested).toBe(2 * 422);
    const big = await p.graphql(q, { n: 100 }, { key });
    expect(big.body.extensions.cost.requested).toBe(100 * 422);
    expect(big.status).toBe(200);
    const again = await p.graphql(q, { n: 2 }, { key });
    expect(again.body.extensions.cost.requested).toBe(2 * 422);
  });

  it('leaves the REST facade (prepared operations through gw.run) unaffected', async () => {
    const r = await p.api('GET', '/store/products?limit=100&fields=%2Bvariants.prices', { key });
    expect(r.status).toBe(200);
    expect(r.body.limit).toBe(100);
    expect(r.body.products.length).toBeGreaterThan(0);
    const cats = await p.api('GET', '/store/product-categories?limit=100', { key });
    expect(cats.status).toBe(200);
  });
});

describe('GraphQL limits from the environment', () => {
  let p: TestPlatform;
  let key: string;
  beforeAll(async () => {
    p = await startTestPlatform({ env: { GRAPHQL_PUBLIC_MAX_COST: '10', GRAPHQL_PUBLIC_MAX_ALIASES: '2', GRAPHQL_TRUSTED_MAX_COST: '100' } });
    key = (await p.createTenant()).publishable_key;
  });
  afterAll(() => p?.stop());

  it('applies GRAPHQL_<TIER>_<LIMIT> over the defaults and keeps the defaults for the rest', async () => {
    const five = await p.graphql('{ products(limit: 5) { items { id } } }', {}, { key });
    expect(five.body.extensions.cost).toEqual({ requested: 10, limit: 10 });
    refused(await p.graphql('{ products(limit: 6) { items { id } } }', {}, { key }));
    refused(await p.graphql('{ a: regions { count } b: regions { count } c: regions { count } }', {}, { key }));
    // depth keeps its default (10)
    notRefused(await p.graphql(`{ productCategory(id: "none") { ${'parent_category { '.repeat(8)}id${' }'.repeat(8)} } }`, {}, { key }));
  });
});

describe('_entities representations cap (subgraph side)', () => {
  const ds = new CachedLocalDataSource(buildSchema('type Query { x: Int }'));
  const run = (n: number) =>
    ds.process({
      request: { query: '{ x }', variables: { representations: Array.from({ length: n }, (_, i) => ({ __typename: 'T', id: String(i) })) } },
      context: {},
    } as never) as Promise<any>;

  it('accepts up to 1,000 representations and refuses more', async () => {
    expect((await run(1_000)).errors).toBeUndefined();
    const r = await run(1_001);
    expect(r.data).toBeUndefined();
    expect(r.errors[0].extensions).toMatchObject(TOO_COMPLEX);
  });
});
