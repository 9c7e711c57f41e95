import type { PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';

/** Issue 20 #9: a NUL character in a JSON object key is a 400 like one in a value, never a 500 from PostgreSQL. */
describe('NUL in object keys', () => {
  let p: PlatformClient;
  let key: string;
  let token: string;
  beforeAll(async () => {
    p = await sharedPlatform();
    key = (await p.createTenant()).publishable_key;
    token = (await p.registerCustomer(key)).token;
  });

  const raw = '{"metadata":{"a\\u0000b":1}}';

  it('POST /store/carts with a NUL in a metadata key -> 400 invalid_field', async () => {
    const r = await p.api('POST', '/store/carts', { key, raw });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ type: 'validation_error', code: 'invalid_field' });
  });

  it('POST /store/customers/me with a NUL in a metadata key -> 400, nothing written', async () => {
    const r = await p.api('POST', '/store/customers/me', { key, token, raw });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ type: 'validation_error', code: 'invalid_field' });
    const me = await p.api('GET', '/store/customers/me', { key, token });
    expect(me.body.customer.metadata).toBeNull();
  });

  it('POST /store/track/events with a NUL in a key -> 400', async () => {
    const r = await p.api('POST', '/store/track/events', { key, raw: '{"type":"page_view","properties":{"a\\u0000b":1}}' });
    expect(r.status).toBe(400);
  });

  it('GraphQL variables with a NUL in a key -> validation_error, not internal_error', async () => {
    const g = await p.graphql(
      'mutation($input: UpdateCustomerInput!) { updateMe(input: $input) { id } }',
      { input: { metadata: { 'a\u0000b': 1 } } },
      { key, token },
    );
    expect(g.body.errors[0].extensions).toMatchObject({ type: 'validation_error', code: 'invalid_field' });
  });
});
