import type { TenantCredentials } from '@svc/identity';
import type { PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';

/**
 * Issue 20 #10: what the routes do agrees with what /openapi.json now says. Parameters declared
 * `checkedAfterAuth` are required (or patterned) in the document and still checked after the key
 * (a request without one is refused for that first); DELETE /store/carts/:id/promotions reads the
 * JSON body it documents (it used to answer 400 to every request).
 */
describe('the routes answer what the OpenAPI document says', () => {
  let p: PlatformClient;
  let shop: TenantCredentials;
  let key: string;

  beforeAll(async () => {
    p = await sharedPlatform();
    shop = await p.createTenant();
    key = shop.publishable_key;
    await p.seedCatalog(shop.tenant_id);
    await p.seedCommerce(shop.tenant_id);
  });

  it('DELETE /store/carts/:id/promotions removes the codes of its JSON body', async () => {
    const region = (await p.api('GET', '/store/regions', { key })).body.regions[0];
    const created = await p.api('POST', '/store/carts', { key, body: { region_id: region.id, promo_codes: ['WELCOME10'] } });
    expect(created.status).toBe(200);
    const id = created.body.cart.id;
    expect(created.body.cart.promotions.map((x: any) => x.code)).toEqual(['WELCOME10']);

    const removed = await p.api('DELETE', `/store/carts/${id}/promotions`, { key, body: { promo_codes: ['WELCOME10'] } });
    expect(removed.status).toBe(200);
    expect(removed.body.cart.promotions).toEqual([]);
    // the body is checked like a POST body: missing, unknown fields, other media types
    expect((await p.api('DELETE', `/store/carts/${id}/promotions`, { key })).body).toMatchObject({ code: 'missing_field' });
    expect((await p.api('DELETE', `/store/carts/${id}/promotions`, { key, body: { promo_codes: [], x: 1 } })).body).toMatchObject({ code: 'unknown_field' });
    const text = await p.api('DELETE', `/store/carts/${id}/promotions`, { key, headers: { 'content-type': 'text/plain' }, raw: 'WELCOME10' });
    expect(text.status).toBe(415);
  });

  it('required query parameters are checked after the key: cart_id and region_id', async () => {
    for (const [path, name] of [
      ['/store/shipping-options', 'cart_id'],
      ['/store/payment-providers', 'region_id'],
    ]) {
      const anonymous = await p.api('GET', path);
      expect([path, anonymous.body.code]).toEqual([path, 'publishable_key_required']);
      const missing = await p.api('GET', path, { key });
      expect([path, missing.status, missing.body.code, missing.body.errors?.[0]?.field]).toEqual([path, 400, 'missing_field', name]);
    }
    const region = (await p.api('GET', '/store/regions', { key })).body.regions[0];
    expect((await p.api('GET', `/store/payment-providers?region_id=${region.id}`, { key })).status).toBe(200);
  });

  it('patterned path parameters are checked after the key: consent session ids, menu handles, click ids', async () => {
    expect((await p.api('GET', '/store/cookie-consent/short')).body.code).toBe('publishable_key_required');
    const session = await p.api('GET', '/store/cookie-consent/short', { key });
    expect([session.status, session.body.errors?.[0]?.field]).toEqual([400, 'sessionId']);
    expect((await p.api('GET', `/store/cookie-consent/${'s'.repeat(22)}`, { key })).status).toBe(404);

    expect((await p.api('GET', '/store/menus/Not%20A%20Handle')).body.code).toBe('publishable_key_required');
    expect((await p.api('GET', '/store/menus/Not%20A%20Handle', { key })).body).toMatchObject({ code: 'invalid_field' });

    const click = await p.api('GET', '/store/track/click/x/y');
    expect([click.status, click.body.errors?.[0]?.field]).toEqual([400, 'campaignId']);
    const noUrl = await p.api('GET', '/store/track/click/camp_01JABCDEFGHJKMNPQRSTVWXYZ0/msub_01JABCDEFGHJKMNPQRSTVWXYZ0');
    expect([noUrl.status, noUrl.body.code, noUrl.body.errors?.[0]?.field]).toEqual([400, 'missing_field', 'url']);
  });

  it('order is one of the documented keys; an empty or unknown one is 400', async () => {
    expect((await p.api('GET', '/store/collections?order=-title', { key })).status).toBe(200);
    for (const q of ['order=bogus', 'order=']) {
      const r = await p.api('GET', `/store/products?${q}`, { key });
      expect([q, r.status, r.body.errors?.[0]?.field]).toEqual([q, 400, 'order']);
    }
  });
});
