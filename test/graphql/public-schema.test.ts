import fs from 'node:fs';
import path from 'node:path';
import { buildASTSchema, parse, validate } from 'graphql';
import { SCHEMA_DIR } from '../../scripts/generate-schema';
import { sharedPlatform } from '../support/shared';
import type { PlatformClient } from '../support/http';

/**
 * `GET /graphql/schema.graphql`: the public GraphQL schema (schema/public.graphql, which the schema
 * contract keeps equal to the code and free of admin, agent and operator fields) for code generators.
 * A storefront's operation that validates against it runs on the platform with a publishable key and
 * a customer's token; an admin operation does not validate against it.
 */
describe('the public GraphQL schema at /graphql/schema.graphql', () => {
  let p: PlatformClient;
  beforeAll(async () => {
    p = await sharedPlatform();
  });

  it('answers the committed public SDL as text, readable from any origin', async () => {
    const r = await fetch(`${p.url}/graphql/schema.graphql`, { headers: { origin: 'https://tools.example' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain; charset=utf-8/);
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(await r.text()).toBe(fs.readFileSync(path.join(SCHEMA_DIR, 'public.graphql'), 'utf8'));
  });

  it("types a storefront's and a customer's operations, and not an admin's", async () => {
    const sdl = await (await fetch(`${p.url}/graphql/schema.graphql`)).text();
    const schema = buildASTSchema(parse(sdl));
    const storefront = parse('query Shop { regions { count items { id name currency_code } } products(limit: 2) { count items { id title } } }');
    const customer = parse('query Account { me { id email } myOrders(limit: 5) { count } }');
    const admin = parse('query Back { adminOrders(limit: 1) { count } }');
    expect(validate(schema, storefront)).toEqual([]);
    expect(validate(schema, customer)).toEqual([]);
    expect(validate(schema, admin).map((e) => e.message)).toEqual([expect.stringMatching(/^Cannot query field "adminOrders" on type "Query"/)]);

    const shop = await p.createTenant();
    const shopper = await p.registerCustomer(shop.publishable_key);
    const browsed = await p.graphql(
      'query Shop { regions { count items { id name currency_code } } products(limit: 2) { count items { id title } } }',
      {},
      { key: shop.publishable_key },
    );
    expect(browsed.body.errors).toBeUndefined();
    expect(browsed.body.data.products).toEqual({ count: 0, items: [] });
    const mine = await p.graphql('query Account { me { id email } myOrders(limit: 5) { count } }', {}, { key: shop.publishable_key, token: shopper.token });
    expect(mine.body.errors).toBeUndefined();
    expect(mine.body.data).toEqual({ me: { id: expect.any(String), email: shopper.email }, myOrders: { count: 0 } });
  });
});
