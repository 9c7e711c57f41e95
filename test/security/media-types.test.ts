import type { PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';

/** Hardening #11: JSON routes answer 415 for other content types and write nothing; an empty JSON body is `{}`. */
describe('request media types', () => {
  let p: PlatformClient;
  let key: string;
  let token: string;
  beforeAll(async () => {
    p = await sharedPlatform();
    key = (await p.createTenant()).publishable_key;
    token = (await p.registerCustomer(key)).token;
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml'])(
    'POST /store/customers/me/addresses as %s -> 415 and no address',
    async (type) => {
      const r = await p.api('POST', '/store/customers/me/addresses', { key, token, raw: 'address_1=Main', headers: { 'content-type': type } });
      expect(r.status).toBe(415);
      expect(r.body).toMatchObject({ type: 'unsupported_media_type', code: 'unsupported_media_type' });
      const me = await p.api('GET', '/store/customers/me', { key, token });
      expect(me.body.customer.addresses).toEqual([]);
      expect(me.body.customer.default_shipping_address_id).toBeNull();
    },
  );

  it('an empty body is {} only as application/json (or with no body and no type)', async () => {
    const refresh = await fetch(`${p.url}/api/auth/token/refresh`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    expect(refresh.status).toBe(200);
    const bare = await fetch(`${p.url}/api/auth/token/refresh`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(bare.status).toBe(200);
    const text = await fetch(`${p.url}/api/auth/token/refresh`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
  });
});
