import type { PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';

/** Hardening #12: metadata is limited like Stripe's (50 keys, keys ≤ 40, values ≤ 500, flat) in every domain; addresses per customer are limited. */
describe('metadata and address limits', () => {
  let p: PlatformClient;
  let key: string;
  let token: string;
  let admin: string;
  beforeAll(async () => {
    p = await sharedPlatform();
    const t = await p.createTenant();
    key = t.publishable_key;
    token = (await p.registerCustomer(key)).token;
    admin = await p.adminToken(t);
  });

  const tooMany = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v']));
  const bad: Array<[string, unknown]> = [
    ['51 keys', tooMany],
    ['a 41-character key', { ['k'.repeat(41)]: 'v' }],
    ['a 501-character value', { note: 'x'.repeat(501) }],
    ['a nested object', { nested: { a: 1 } }],
    ['a list value', { list: [1, 2] }],
  ];

  it.each(bad)('customer profile refuses %s with a clear 400 and keeps the old metadata', async (_n, metadata) => {
    const r = await p.api('POST', '/store/customers/me', { key, token, body: { metadata } });
    expect(r.status).toBe(400);
    expect(r.body.type).toBe('validation_error');
    expect(r.body.errors[0].field).toMatch(/^metadata/);
    const me = await p.api('GET', '/store/customers/me', { key, token });
    expect(me.body.customer.metadata).toBeNull();
  });

  it('accepts 50 flat keys at the limits', async () => {
    const ok = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`${'k'.repeat(38)}${String(i).padStart(2, '0')}`, 'x'.repeat(500)]));
    const r = await p.api('POST', '/store/customers/me', { key, token, body: { metadata: ok } });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body.customer.metadata)).toHaveLength(50);
  });

  it('the same rule holds for catalog metadata (admin GraphQL)', async () => {
    const r = await p.graphql(
      'mutation($input: CreateProductInput!) { createProduct(input: $input) { id } }',
      { input: { title: 'Meta', metadata: { nested: { a: 1 } } } },
      { token: admin },
    );
    expect(r.body.errors[0].extensions).toMatchObject({ type: 'validation_error' });
    expect(r.body.errors[0].extensions.errors[0].field).toMatch(/^metadata/);
  });

  it('limits addresses per customer (50)', async () => {
    const c = await p.registerCustomer(key);
    for (let i = 0; i < 50; i++) {
      const r = await p.api('POST', '/store/customers/me/addresses', {
        key,
        token: c.token,
        body: { address_1: `${i} Main St`, city: 'Berlin', country_code: 'de' },
      });
      expect(r.status).toBe(200);
    }
    const over = await p.api('POST', '/store/customers/me/addresses', { key, token: c.token, body: { address_1: 'one more', country_code: 'de' } });
    expect(over.status).toBe(400);
    expect(over.body.code).toBe('too_many_addresses');
  });
});
