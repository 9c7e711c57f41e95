import type { TenantCredentials } from '@svc/identity';
import type { PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';

/**
 * GraphQL's own request errors on /graphql (input coercion of variables and inline arguments,
 * syntax, unknown fields) answer 400 with the platform's `{type, code}` extensions, like every
 * other error, never Apollo's upper-case codes; the REST facade's errors stay as they were.
 */
describe('/graphql: input coercion and request errors in the platform vocabulary', () => {
  let p: PlatformClient;
  let shop: TenantCredentials;
  let admin: string;

  beforeAll(async () => {
    p = await sharedPlatform();
    shop = await p.createTenant();
    admin = await p.adminToken(shop);
  });

  const refusal = async (query: string, variables: Record<string, unknown> = {}, token: string | undefined = admin) => {
    const r = await p.graphql(query, variables, token ? { token } : { key: shop.publishable_key });
    expect(r.body.data ?? null).toBeNull();
    expect(r.body.errors).toHaveLength(1);
    return { status: r.status, message: r.body.errors[0].message as string, extensions: r.body.errors[0].extensions };
  };

  const CREATE = 'mutation($input: CreateRedirectInput!) { createRedirect(input: $input) { id } }';

  it('an unknown input field in variables: 400 validation_error invalid_field naming the field', async () => {
    const r = await refusal(CREATE, { input: { source: '/a', target: '/b', colour: 'red' } });
    expect(r.status).toBe(400);
    expect(r.extensions).toEqual({
      type: 'validation_error',
      code: 'invalid_field',
      errors: [{ field: 'input.colour', code: 'invalid_field', message: expect.stringContaining('"colour" is not defined') }],
    });
  });

  it('a wrong scalar type in variables: 400 invalid_field; a missing required one: 400 missing_field', async () => {
    const wrong = await refusal('query($limit: Int) { products(limit: $limit) { count } }', { limit: 'ten' }, undefined);
    expect(wrong.status).toBe(400);
    expect(wrong.extensions).toEqual({
      type: 'validation_error',
      code: 'invalid_field',
      errors: [{ field: 'limit', code: 'invalid_field', message: expect.stringContaining('Int cannot represent') }],
    });
    const nested = await refusal(CREATE, { input: { source: '/a', target: '/b', status_code: 'permanent' } });
    expect(nested.extensions).toMatchObject({ type: 'validation_error', code: 'invalid_field', errors: [{ field: 'input.status_code' }] });
    const missing = await refusal('query($id: String!) { product(id: $id) { id } }', {}, undefined);
    expect(missing.status).toBe(400);
    expect(missing.extensions).toEqual({
      type: 'validation_error',
      code: 'missing_field',
      errors: [{ field: 'id', code: 'missing_field', message: expect.any(String) }],
    });
  });

  it('wrong inline arguments (scalar type, unknown input field, unknown argument, missing argument): 400 with the same codes', async () => {
    const cases: Array<[string, string, string | undefined]> = [
      ['{ products(limit: "ten") { count } }', 'invalid_field', undefined],
      ['mutation { createRedirect(input: { source: "/a", target: "/b", colour: "red" }) { id } }', 'invalid_field', 'colour'],
      ['{ products(colour: "red") { count } }', 'invalid_field', 'colour'],
      ['{ product { id } }', 'missing_field', 'id'],
    ];
    for (const [query, code, field] of cases) {
      const r = await refusal(query);
      expect(`${query} -> ${r.status} ${r.extensions.type} ${r.extensions.code}`).toBe(`${query} -> 400 validation_error ${code}`);
      if (field) expect(r.extensions.errors).toEqual([{ field, code, message: r.message }]);
    }
  });

  it('a syntax error and an unknown field: 400 validation_error invalid_query; no upper-case Apollo codes anywhere', async () => {
    const syntax = await refusal('{ products(limit: 1 { count } }');
    expect(syntax.status).toBe(400);
    expect(syntax.extensions).toEqual({ type: 'validation_error', code: 'invalid_query' });
    const unknown = await refusal('{ products { colour } }');
    expect(unknown.status).toBe(400);
    expect(unknown.extensions).toEqual({ type: 'validation_error', code: 'invalid_query' });
    // errors of resolvers keep their own type and code
    const notFound = await p.graphql('query($id: String!) { product(id: $id) { id } }', { id: 'prod_nope' }, { key: shop.publishable_key });
    expect(notFound.body.errors[0].extensions).toMatchObject({ type: 'not_found' });
  });

  it('a document whose operation cannot be chosen, or a subscription: 400 validation_error, never a 500 without a type', async () => {
    const post = (body: Record<string, unknown>): Promise<{ status: number; json(): Promise<any> }> =>
      fetch(`${p.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-publishable-api-key': shop.publishable_key },
        body: JSON.stringify(body),
      });
    const two = 'query A { regions { count } } query B { regions { count } }';
    for (const [body, message] of [
      [{ query: two }, 'Must provide operation name if query contains multiple operations.'],
      [{ query: two, operationName: 'C' }, 'Unknown operation named "C".'],
      [{ query: 'query A { regions { count } }', operationName: 'B' }, 'Unknown operation named "B".'],
    ] as const) {
      const r = await post(body);
      expect(r.status).toBe(400);
      expect((await r.json()).errors).toEqual([{ message, extensions: { type: 'validation_error', code: 'invalid_request' } }]);
    }
    // naming one of several runs it
    const chosen = await post({ query: two, operationName: 'B' });
    expect(chosen.status).toBe(200);
    expect((await chosen.json()).data.regions.count).toEqual(expect.any(Number));
    // the supergraph has no subscription root (live events are /graphql/stream)
    const subscription = await post({ query: 'subscription { orderPlaced }' });
    expect(subscription.status).toBe(400);
    expect((await subscription.json()).errors).toEqual([
      { message: expect.stringContaining('/graphql/stream'), extensions: { type: 'validation_error', code: 'invalid_query' } },
    ]);
  });
});
