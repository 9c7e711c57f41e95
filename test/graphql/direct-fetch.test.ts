import { systemContext } from '@svc/kit';
import type { PreparedOperation } from '@svc/gateway';
import { startTestPlatform, type TestPlatform } from '../support/platform';

/**
 * A prepared operation whose query plan is one fetch from one subgraph is sent to that subgraph
 * directly (gateway/src/gateway.ts, `PreparedOperation.direct`): it must answer exactly what the
 * gateway's own execution of the same plan answers, data and errors alike, and an operation that
 * needs more than one subgraph must keep going through the gateway.
 */
describe('prepared operations that one subgraph answers', () => {
  let p: TestPlatform;
  let tenantId: string;
  let key: string;

  beforeAll(async () => {
    p = await startTestPlatform();
    const t = await p.createTenant();
    tenantId = t.tenant_id;
    key = t.publishable_key;
    await p.seedCatalog(tenantId);
  });
  afterAll(async () => {
    await p?.stop();
  });

  const ctx = () => systemContext(p.log, tenantId, 'direct-fetch-test');
  /** the operation's answer sent directly and through the gateway (the same plan, the gateway executing it) */
  const both = async (op: PreparedOperation, variables: Record<string, unknown> = {}) => ({
    direct: await p.gw.run(op, variables, ctx()),
    gateway: await p.gw.run({ ...op, direct: undefined }, variables, ctx()),
  });
  const errorsOf = (r: { errors?: ReadonlyArray<{ message: string; path?: ReadonlyArray<string | number>; extensions?: Record<string, unknown> }> }) =>
    (r.errors ?? []).map((e) => ({ message: e.message, path: e.path, type: e.extensions?.type, code: e.extensions?.code }));

  it('plans a query of one subgraph as one direct fetch and answers what the gateway answers', async () => {
    const op = p.gw.prepare(
      `fragment F on Region { id name currency_code countries { iso_2 name } }
       query DirectRegions($n: Int) { regions(limit: $n) { count items { ...F metadata } } first: regions(limit: 1) { items { id } } }`,
    );
    expect(op.direct).toMatchObject({ subgraph: 'catalog', variables: ['n'] });
    const { direct, gateway } = await both(op, { n: 10, unused: 'ignored' });
    expect(direct.errors).toBeUndefined();
    expect((direct.data as { regions: { count: number } }).regions.count).toBeGreaterThan(0);
    expect(JSON.stringify(direct.data)).toBe(JSON.stringify(gateway.data));
  });

  it('answers a refusal with the error the gateway answers (message, path, type and code)', async () => {
    const op = p.gw.prepare(`query DirectMissingRegion($id: String!) { region(id: $id) { id name } }`);
    expect(op.direct?.subgraph).toBe('catalog');
    const { direct, gateway } = await both(op, { id: 'reg_does_not_exist' });
    expect(errorsOf(direct)).toEqual(errorsOf(gateway));
    expect(errorsOf(direct)[0]).toMatchObject({ type: 'not_found', path: ['region'] });
    expect(direct.data ?? null).toEqual(gateway.data ?? null);
  });

  it('runs a mutation of one subgraph directly, once', async () => {
    const op = p.gw.prepare(`mutation DirectCreateRegion($input: RegionInput!) { createRegion(input: $input) { name currency_code } }`);
    expect(op.direct?.subgraph).toBe('catalog');
    const r = await p.gw.run(
      op,
      { input: { name: 'Direct Land', currency_code: 'chf', countries: ['ch'] } },
      { ...ctx(), actor: { type: 'admin', id: 'user_test' }, roles: ['admin'] },
    );
    expect(r.errors).toBeUndefined();
    expect(r.data).toEqual({ createRegion: { name: 'Direct Land', currency_code: 'chf' } });
    const listed = await p.gw.run(p.gw.prepare(`query DirectRegionNames { regions(limit: 100) { items { name } } }`), {}, ctx());
    const names = (listed.data as { regions: { items: Array<{ name: string }> } }).regions.items.map((x) => x.name);
    expect(names.filter((n) => n === 'Direct Land')).toHaveLength(1);
  });

  it("answers /graphql's client operations that one subgraph answers the same as the gateway's execution, data and errors", async () => {
    const cases: Array<[string, Record<string, unknown>]> = [
      [
        `query ClientList($n: Int) { products(limit: $n) { count items { id title handle variants { id sku inventory_quantity } options { title values { value } } } } }`,
        { n: 5 },
      ],
      [`query ClientMissing { product(id: "prod_does_not_exist") { id title } }`, {}],
      [`query ClientAdminOnly { adminProducts(limit: 1) { count } }`, {}],
      [`{ regions { count items { name countries { iso_2 } } } }`, {}],
    ];
    for (const [query, variables] of cases) {
      const viaHttp = await p.graphql(query, variables, { key });
      const op = p.gw.prepare(query.startsWith('{') ? `query ClientAnonymous ${query}` : query);
      // one fetch from catalog: the plan /graphql's executor sends straight to the subgraph
      expect({ query, subgraph: op.direct?.subgraph }).toEqual({ query, subgraph: 'catalog' });
      // the context /graphql builds for an anonymous shopper with the store's key
      const shopper = { ...ctx(), actor: { type: 'anonymous' as const, id: null }, roles: [], publishableKey: true };
      const gateway = await p.gw.run({ ...op, direct: undefined }, variables, shopper);
      expect({ query, data: viaHttp.body.data ?? null }).toEqual({ query, data: gateway.data ?? null });
      expect({ query, errors: errorsOf(viaHttp.body) }).toEqual({ query, errors: errorsOf(gateway as never) });
      expect(viaHttp.body.errors?.[0]?.locations).toBeUndefined();
    }
  });

  it('sends an operation that needs two subgraphs through the gateway', async () => {
    const op = p.gw.prepare(`query DirectMeAndOrders { me { id company_name orders(limit: 1) { count } } }`);
    expect(op.direct).toBeUndefined();
  });
});
