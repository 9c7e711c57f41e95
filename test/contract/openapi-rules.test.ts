import './telemetry-off';
import Ajv2020 from 'ajv/dist/2020';
import { z } from 'zod';
import { hasMarkup, plainText } from '@svc/kit';
import { openApiDocument, parseFields } from '@svc/rest-facade';
import { allRoutes, loadDomains, routeSources } from '@svc/platform';

/**
 * Issue 20 #10: the input rules the routes check are in /openapi.json, generated from the schemas
 * the routes run (zod, with `.meta()` where zod cannot export a refinement, `checkedAfterAuth`
 * parameters, route `refusals`). Each block names a rule that used to live only in prose or code.
 */
const doc = openApiDocument(routeSources(loadDomains()), { title: 't', version: '0' }) as any;
allRoutes();
const op = (method: string, path: string) => doc.paths[path][method.toLowerCase()];
const deref = (x: any) =>
  x?.$ref
    ? x.$ref
        .split('/')
        .slice(1)
        .reduce((o: any, k: string) => o[k], doc)
    : x;
const param = (method: string, path: string, name: string) => (op(method, path).parameters as any[]).map(deref).find((p) => p.name === name);
const ajv = new Ajv2020({ strict: false, validateFormats: false });
ajv.addSchema({ $id: 'doc', components: doc.components }, 'doc');
const validator = (schema: any) => ajv.compile(JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"doc#/components/')));
const matches = (schema: any, value: unknown) => validator(schema)(value);

describe('the OpenAPI document holds every input rule the routes check', () => {
  it('required query parameters checked after authentication are required: shipping-options cart_id, payment-providers region_id', () => {
    expect(param('GET', '/store/shipping-options', 'cart_id').required).toBe(true);
    expect(param('GET', '/store/payment-providers', 'region_id').required).toBe(true);
    expect(param('GET', '/store/track/click/{campaignId}/{subscriberId}', 'url').required).toBe(true);
  });

  it('patterns of ids, consent session ids, menu handles, locales and currency codes', () => {
    const session = param('GET', '/store/cookie-consent/{sessionId}', 'sessionId').schema;
    expect(matches(session, 'a'.repeat(22))).toBe(true);
    expect(matches(session, 'short')).toBe(false);
    const handle = param('GET', '/store/menus/{handle}', 'handle').schema;
    expect([matches(handle, 'main-menu'), matches(handle, 'Main Menu'), matches(handle, 'a--b')]).toEqual([true, false, false]);
    const campaign = param('GET', '/store/track/click/{campaignId}/{subscriberId}', 'campaignId').schema;
    expect([matches(campaign, 'camp_01JABCDEFGHJKMNPQRSTVWXYZ0'), matches(campaign, 'x')]).toEqual([true, false]);
    const postLocale = param('GET', '/store/blog-posts', 'locale').schema;
    expect([matches(postLocale, 'pt-BR'), matches(postLocale, 'not a locale')]).toEqual([true, false]);
    const translationLocale = param('GET', '/store/translations', 'locale').schema;
    expect([matches(translationLocale, 'zh-Hant-TW'), matches(translationLocale, '&x')]).toEqual([true, false]);
    const base = param('GET', '/store/exchange-rates', 'base').schema;
    expect([matches(base, 'EUR'), matches(base, 'usd'), matches(base, 'ZZZ'), matches(base, '')]).toEqual([true, true, false, false]);
  });

  it('order is an enum of the keys each list sorts by', () => {
    for (const path of ['/store/products', '/store/collections', '/store/product-categories']) {
      const order = param('GET', path, 'order').schema;
      expect([path, matches(order, '-created_at'), matches(order, 'bogus'), matches(order, '')]).toEqual([path, true, false, false]);
    }
  });

  it('fields is a pattern of the names the route allows, the same rule parseFields applies', () => {
    const { schema, description } = param('GET', '/store/products', 'fields');
    expect(description).toContain('Allowed:');
    const allowed = new Set(['id', 'title', 'variants']);
    const re = new RegExp(schema.pattern);
    for (const value of ['title', '+variants.sku, *variants.calculated_price', '-title', 'variants.*', ' id , ', '']) {
      expect([value, re.test(value)]).toEqual([value, true]);
      expect(() => parseFields(value, allowed)).not.toThrow();
    }
    for (const value of ['bogus', '+', 'title,nope', '*']) {
      expect([value, re.test(value)]).toEqual([value, false]);
      expect(() => parseFields(value, allowed)).toThrow();
    }
  });

  it('query numbers say how they are written (decimals: the query door refuses 1e2 and 0x10)', () => {
    expect(param('GET', '/store/products', 'limit').description).toContain('decimal');
    expect(param('GET', '/store/products', 'min_price').description).toContain('decimal');
  });

  it('date filters are date-times or dates', () => {
    const range = deref(param('GET', '/store/products', 'created_at').schema);
    expect(matches(range, { $gt: '2026-01-01T00:00:00Z' })).toBe(true);
    expect(matches(range, { $gte: '2026-01-01' })).toBe(true);
    expect(matches(range, { $lt: 'yesterday' })).toBe(false);
  });

  it('cross-field rules: search price needs currency_code, a product price range a currency, a custom event a name', () => {
    const search = validator(op('GET', '/store/search')['x-query-rules']);
    expect([search({ price: ['10-20'] }), search({ price: ['10-20'], currency_code: 'eur' }), search({})]).toEqual([false, true, true]);
    const products = validator(op('GET', '/store/products')['x-query-rules']);
    expect([products({ min_price: 5 }), products({ min_price: 5, region_id: 'reg_1' }), products({ max_price: 9, currency_code: 'eur' })]).toEqual([
      false,
      true,
      true,
    ]);
    const event = op('POST', '/store/track/events').requestBody.content['application/json'].schema;
    const session_id = 's'.repeat(22);
    expect(matches(event, { session_id, type: 'custom' })).toBe(false);
    expect(matches(event, { session_id, type: 'custom', name: 'signup' })).toBe(true);
    expect(matches(event, { session_id, type: 'page_view' })).toBe(true);
  });

  it('URLs and plain text carry their rule; a review needs non-blank content', () => {
    const url = param('GET', '/store/track/click/{campaignId}/{subscriberId}', 'url').schema;
    expect(url.format).toBe('uri');
    expect([matches(url, 'https://shop.example/a'), matches(url, 'https://x/"onerror="a'), matches(url, 'javascript:alert(1)')]).toEqual([true, false, false]);
    const review = op('POST', '/store/products/{product_id}/reviews').requestBody.content['application/json'].schema;
    expect(matches(review, { rating: 5, content: 'Great' })).toBe(true);
    expect(matches(review, { rating: 5, content: '   ' })).toBe(false);
    // the plain-text rule (admin inputs and any route body that uses it): its markup pattern, as hasMarkup decides
    const plain = z.toJSONSchema(plainText(z.string()), { io: 'input' });
    for (const [text, ok] of [
      ['<img src=x onerror=alert(1)>', false],
      ['&amp;lt;script', false],
      ['&#60;svg onload=x', false],
      ['a < b & c', true],
      ['<3', true],
    ] as const) {
      expect([text, matches(plain, text)]).toEqual([text, ok]);
      expect([text, hasMarkup(text)]).toEqual([text, !ok]);
    }
  });

  it('DELETE /store/carts/{id}/promotions documents the JSON body it reads', () => {
    const o = op('DELETE', '/store/carts/{id}/promotions');
    expect(o.requestBody.content['application/json'].schema.required).toEqual(['promo_codes']);
    expect(Object.keys(o.responses)).toContain('415');
  });

  it("400s that depend on the store's state are listed on the operation, with code and field", () => {
    const refusals = (method: string, path: string) => deref(op(method, path).responses['400'])['x-state-refusals'] ?? [];
    expect(refusals('GET', '/store/products')).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'invalid_field', field: 'region_id' }), expect.objectContaining({ field: 'country_code' })]),
    );
    expect(refusals('POST', '/store/carts').map((r: any) => r.code)).toEqual(['invalid_field', 'no_region']);
    expect(refusals('GET', '/store/auth/social/{provider}/callback').map((r: any) => r.code)).toEqual(['invalid_state_token']);
    expect(refusals('GET', '/store/email-unsubscribe').map((r: any) => r.code)).toEqual(['invalid_token']);
    expect(refusals('GET', '/store/exchange-rates').map((r: any) => r.code)).toEqual(['unknown_currency']);
    // an operation without them keeps the shared 400
    expect(op('GET', '/store/regions').responses['400']).toEqual({ $ref: '#/components/responses/ValidationError' });
  });
});
