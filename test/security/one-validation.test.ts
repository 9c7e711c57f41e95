import { z } from 'zod';
import { route } from '@svc/kit';
import { startTestPlatform, type TestPlatform } from '../support/platform';

/**
 * Validation is written once (the domain's zod schemas) and auth levels are declared, not guessed:
 * the same bad input gets the same 400 through REST and GraphQL, and a route's `publishable` level
 * is enforced by the engine whatever its path.
 */
const keyed = route({
  method: 'GET',
  path: '/v1/test-keyed',
  auth: 'publishable',
  query: z.strictObject({}),
  operation: 'identity/AntispamChallenge',
  summary: 'test-only: needs a publishable key outside /store',
  respond: () => ({ ok: true }),
});

describe('one validation for both doors; declared auth levels', () => {
  let p: TestPlatform;
  let key: string;
  let token: string;
  beforeAll(async () => {
    p = await startTestPlatform({ extraRoutes: [keyed] });
    key = (await p.createTenant()).publishable_key;
    token = (await p.registerCustomer(key)).token;
  });
  afterAll(() => p?.stop());

  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['too long a name', { first_name: 'x'.repeat(201) }, 'first_name'],
    ['metadata that is not an object', { metadata: 'not-an-object' }, 'metadata'],
    ['an unknown field', { nickname: 'Bo' }, 'nickname'],
  ];

  it.each(cases)('%s: the same 400 from REST and GraphQL', async (_name, input, field) => {
    const rest = await p.api('POST', '/store/customers/me', { key, token, body: input });
    expect(rest.status).toBe(400);
    expect(rest.body.type).toBe('validation_error');
    expect(rest.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    if (field === 'nickname') return; // GraphQL's type system refuses unknown input fields before validation
    const gql = await p.graphql('mutation($input: UpdateCustomerInput!) { updateMe(input: $input) { id } }', { input }, { key, token });
    const ext = gql.body.errors?.[0]?.extensions;
    expect(ext).toMatchObject({ type: 'validation_error', code: rest.body.code });
    expect(ext.errors).toEqual(rest.body.errors);
    expect(gql.body.errors[0].message).toBe(rest.body.message);
  });

  it('refuses a too-short password at registration through both doors with the same message', async () => {
    const body = { email: 'short@example.com', password: 'short' };
    const rest = await p.api('POST', '/auth/customer/emailpass/register', { key, body });
    const gql = await p.graphql('mutation($input: RegisterInput!) { registerCustomer(input: $input) { token } }', { input: body }, { key });
    expect(rest.status).toBe(400);
    expect(gql.body.errors[0].message).toBe(rest.body.message);
    expect(rest.body.message).toMatch(/at least 8 characters/);
  });

  it('reads query numbers as decimals only and refuses a list where one value is expected', async () => {
    for (const q of ['limit=0x10', 'limit=1e2', 'offset[]=1', 'limit=-1']) {
      const r = await p.api('GET', `/store/products?${q}`, { key });
      expect(`${q} -> ${r.status} ${r.body.type}`).toBe(`${q} -> 400 validation_error`);
    }
    const ok = await p.api('GET', '/store/products?limit=16&offset=0', { key });
    expect(ok.status).toBe(200);
    expect(ok.body.limit).toBe(16);
  });

  it('enforces a declared publishable level on any path, and the key on customer routes', async () => {
    const missing = await p.api('GET', '/v1/test-keyed');
    expect(missing.status).toBe(401);
    expect(missing.body.code).toBe('publishable_key_required');
    expect((await p.api('GET', '/v1/test-keyed', { key })).status).toBe(200);
    // a customer token alone names the tenant, but storefront routes still need the key
    const noKey = await p.api('GET', '/store/customers/me', { token });
    expect(noKey.status).toBe(401);
    expect(noKey.body.code).toBe('publishable_key_required');
    expect((await p.api('GET', '/store/customers/me', { key, token })).status).toBe(200);
  });
});
