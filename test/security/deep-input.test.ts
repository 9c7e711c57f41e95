import type { PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';

/** Hardening #4: deeply nested JSON is a clear 400 `too_deep` on every door, never a 500, and writes nothing. */
describe('deeply nested input', () => {
  let p: PlatformClient;
  let key: string;
  let token: string;
  beforeAll(async () => {
    p = await sharedPlatform();
    key = (await p.createTenant()).publishable_key;
    token = (await p.registerCustomer(key)).token;
  });

  const nested = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

  it.each([40, 5000, 100000])('REST body nested %i deep -> 400 too_deep', async (depth) => {
    const r = await p.api('POST', '/store/customers/me', { key, token, raw: `{"metadata":${nested(depth)}}` });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ type: 'validation_error', code: 'too_deep' });
    const me = await p.api('GET', '/store/customers/me', { key, token });
    expect(me.body.customer.metadata).toBeNull();
  });

  it('a body within the limit is read normally (flat metadata)', async () => {
    const r = await p.api('POST', '/store/customers/me', { key, token, body: { metadata: { tier: 'gold' } } });
    expect(r.status).toBe(200);
    expect(r.body.customer.metadata).toEqual({ tier: 'gold' });
  });

  it('GraphQL variables nested too deep -> too_deep, not a 500', async () => {
    const g = await p.graphql(
      'mutation($input: UpdateCustomerInput!) { updateMe(input: $input) { id } }',
      { input: { metadata: JSON.parse(nested(2000)) } },
      { key, token },
    );
    expect(g.body.errors[0].extensions).toMatchObject({ type: 'validation_error', code: 'too_deep' });
  });
});
