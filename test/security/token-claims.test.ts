import jwt from 'jsonwebtoken';
import type { PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';

/**
 * Hardening #7: a token's claims are not trusted over its session. A JWT signed with the right
 * secret but claiming another tenant, actor type or actor than its session row is refused.
 */
describe('token claims must match the session', () => {
  let p: PlatformClient;
  let keyA: string;
  let customerA: { token: string };
  let tenantB: string;
  let adminB: string;
  beforeAll(async () => {
    p = await sharedPlatform();
    const a = await p.createTenant();
    const b = await p.createTenant();
    keyA = a.publishable_key;
    tenantB = b.tenant_id;
    customerA = await p.registerCustomer(keyA);
    adminB = await p.adminToken(b);
  });

  const forge = (base: string, change: Record<string, unknown>) => {
    const claims = jwt.decode(base) as Record<string, unknown>;
    const { iat: _i, exp: _e, jti: _j, ...rest } = claims;
    return jwt.sign({ ...rest, ...change }, p.secrets.jwtSecret, { algorithm: 'HS256', expiresIn: 3600 });
  };
  const createCollection = (token: string) => p.graphql('mutation { createCollection(input: { title: "Forged" }) { id } }', {}, { token });

  it('an admin claim for another tenant on a customer session creates nothing (401)', async () => {
    const forged = forge(customerA.token, { actor_type: 'admin', tenant_id: tenantB });
    const r = await createCollection(forged);
    expect(r.status).toBe(401);
    expect(r.body.errors[0].extensions.code).toBe('token_invalid');
    const seen = await p.graphql('{ collections { count } }', {}, { token: adminB });
    expect(seen.body.data.collections.count).toBe(0);
  });

  it.each([
    ['another actor id', { actor_id: 'cus_01J0000000000000000000000A' }],
    ['another tenant', () => ({ tenant_id: tenantB })],
    ['another identity', { auth_identity_id: 'authid_01J0000000000000000000000A' }],
    ['another actor type', { actor_type: 'admin' }],
  ] as const)('a claim of %s is refused on REST too', async (_n, change) => {
    const forged = forge(customerA.token, typeof change === 'function' ? change() : change);
    const r = await p.api('GET', '/store/customers/me', { key: keyA, token: forged });
    expect(r.status).toBe(401);
    expect(r.body.code).toBe('token_invalid');
  });

  it('the genuine token still works', async () => {
    expect((await p.api('GET', '/store/customers/me', { key: keyA, token: customerA.token })).status).toBe(200);
    expect((await p.graphql('{ collections { count } }', {}, { token: adminB })).status).toBe(200);
  });
});
