import './telemetry-off';
import { openApiDocument } from '@svc/rest-facade';
import { allRoutes, loadDomains, routeSources } from '@svc/platform';

/**
 * Issue 20 #10: `/openapi.json` declares the statuses the routes answer, derived from the same
 * route declarations the engine runs (so it cannot drift): 400 everywhere (every route checks
 * ?locale=, x-medusa-locale and unknown parameters), 401 on sign-in routes, 404 where an id comes
 * from the path, query or body, 409 on writes, 415 on POST bodies, 431 where a query string can
 * outgrow the server's header limit, 502 where a provider is called; x-medusa-locale's pattern.
 */
const doc = openApiDocument(routeSources(loadDomains()), { title: 't', version: '0' }) as any;
allRoutes();
const op = (method: string, path: string) => doc.paths[path]?.[method.toLowerCase()];
const statuses = (method: string, path: string) => Object.keys(op(method, path)?.responses ?? {});
const every: Array<[string, string, any]> = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([m]) => ['get', 'post', 'delete'].includes(m))
    .map(([m, o]) => [m.toUpperCase(), path, o] as [string, string, any]),
);

describe('the OpenAPI document declares what the routes answer', () => {
  it('400 on every operation, also those that declare no query (locale, unknown parameters)', () => {
    expect(every.filter(([, , o]) => !o.responses['400']).map(([m, p]) => `${m} ${p}`)).toEqual([]);
    expect(statuses('GET', '/store/theme')).toContain('400');
  });

  it('409 on every write, 415 on every POST', () => {
    expect(every.filter(([m, , o]) => m !== 'GET' && !o.responses['409']).map(([m, p]) => `${m} ${p}`)).toEqual([]);
    expect(every.filter(([m, , o]) => m === 'POST' && !o.responses['415']).map(([m, p]) => `${m} ${p}`)).toEqual([]);
  });

  it('401 on the public sign-in routes; 404 on collection routes that resolve an id from the query or body', () => {
    expect(statuses('POST', '/auth/customer/emailpass')).toContain('401');
    expect(statuses('GET', '/store/shipping-options')).toContain('404');
    expect(statuses('POST', '/store/payment-collections')).toContain('404');
  });

  it('502 where a provider is called; 431 where the query string can outgrow the header limit', () => {
    expect(statuses('GET', '/store/auth/social/{provider}/callback')).toEqual(expect.arrayContaining(['401', '502']));
    expect(statuses('POST', '/store/form-submissions')).toContain('502');
    expect(statuses('GET', '/store/products')).toContain('431');
  });

  it('x-medusa-locale carries its pattern (empty, or a language tag)', () => {
    const header = doc.components.parameters.MedusaLocale;
    expect(header.schema.pattern).toBeDefined();
    const re = new RegExp(header.schema.pattern);
    expect(['', 'de', 'de-CH'].every((v) => re.test(v))).toBe(true);
    expect(re.test('not a locale!')).toBe(false);
  });
});
