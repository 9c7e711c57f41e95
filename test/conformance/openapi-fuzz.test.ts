import fs from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import fc from 'fast-check';
import type { TenantCredentials } from '@svc/identity';
import { startTestPlatform, type TestPlatform } from '../support/platform';

/**
 * Issue 20 #12: a conformance fuzz test. Requests are generated from `/openapi.json` itself with
 * fast-check (a fixed seed, a bounded number per operation), sent with the credentials each
 * operation declares, and every answer is checked: no 5xx, its status declared by the operation,
 * its body valid against the declared schema (ajv, JSON Schema 2020-12), and input the document
 * calls valid is not refused as invalid (no 400 for it). The document and the code stay one.
 */
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 3);
const SEED = Number(process.env.FUZZ_SEED ?? 20);

type Json = Record<string, any>;

/** A fast-check arbitrary of the values a JSON schema describes (the subset the document uses). */
function arbitraryOf(schema: Json, doc: Json, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.constant(null);
  if (schema.$ref) return arbitraryOf(resolve(doc, schema.$ref), doc, depth + 1);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((v: Json) => arbitraryOf(v, doc, depth + 1)));
  if (schema.allOf) return arbitraryOf(Object.assign({}, ...schema.allOf), doc, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  switch (type) {
    case 'string': {
      if (schema.pattern)
        return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? 200) && s.length >= (schema.minLength ?? 0));
      if (schema.format === 'uri') return fc.constantFrom('https://shop.example/a', 'https://shop.example/b?c=1');
      if (schema.format === 'email') return fc.constantFrom('fuzz@example.com', 'a.b@example.org');
      if (schema.format === 'date-time') return fc.constantFrom('2026-01-01T00:00:00.000Z', '2025-06-30T12:00:00Z');
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 20, 20), unit: 'grapheme-ascii' });
    }
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? -1000, -1_000_000), max: Math.min(schema.maximum ?? 1000, 1_000_000) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(arbitraryOf(schema.items ?? {}, doc, depth + 1), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 3, 3) });
    case 'object': {
      const props: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) props[k] = arbitraryOf(v, doc, depth + 1);
      return fc.record(props, { requiredKeys: (schema.required ?? []).filter((k: string) => k in props) });
    }
    default:
      return fc.constant(null);
  }
}

function resolve(doc: Json, ref: string): Json {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce((o, k) => o?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc as any);
}

/**
 * Operations whose input rules are not all in the document yet (issue 20 #10, the part not done):
 * patterns of ids, consent session ids, menu handles and currency codes, required query parameters
 * documented as optional, cross-field rules, and 400s that depend on the store's state (an unknown
 * region or country, a spent link token, an unknown sign-in state). Input generated from the
 * document may get a 400 there; anywhere else it fails this test. Remove entries as rules move
 * into the schemas.
 */
const NOT_DOCUMENTED_YET = new Set<string>([
  'DELETE /store/carts/{id}/promotions',
  'DELETE /store/cookie-consent/{sessionId}',
  'GET /store/auth/social/{provider}/callback',
  'GET /store/auth/social/{provider}/start',
  'GET /store/cookie-consent/{sessionId}',
  'GET /store/email-subscribe/confirm',
  'GET /store/email-unsubscribe',
  'GET /store/exchange-rates',
  'GET /store/menus/{handle}',
  'GET /store/payment-providers',
  'GET /store/product-variants',
  'GET /store/product-variants/{id}',
  'GET /store/products',
  'GET /store/products/{id}',
  'GET /store/shipping-options',
  'GET /store/track/click/{campaignId}/{subscriberId}',
  'POST /store/auth/social/{provider}/callback',
  'POST /store/carts',
  'POST /store/customers',
  'POST /store/email-subscribe/confirm',
  'POST /store/email-unsubscribe',
  'POST /store/track/events',
]);

interface Op {
  method: string;
  path: string;
  op: Json;
}

describe('conformance: requests generated from /openapi.json', () => {
  let p: TestPlatform;
  let doc: Json;
  let shop: TenantCredentials;
  let adminToken: string;
  let customerToken: string;
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });

  beforeAll(async () => {
    p = await startTestPlatform();
    shop = await p.createTenant();
    adminToken = await p.adminToken(shop);
    customerToken = (await p.registerCustomer(shop.publishable_key)).token;
    doc = (await (await fetch(`${p.url}/openapi.json`)).json()) as Json;
    ajv.addSchema({ $id: 'doc', components: doc.components }, 'doc');
  }, 120_000);
  afterAll(() => p?.stop());

  const operations = (): Op[] =>
    Object.entries(doc.paths as Record<string, Json>).flatMap(([path, item]) =>
      ['get', 'post', 'delete'].filter((m) => item[m]).map((m) => ({ method: m.toUpperCase(), path, op: item[m] })),
    );

  const headersFor = (op: Json): Record<string, string> => {
    const h: Record<string, string> = {};
    const schemes = new Set((op.security ?? []).flatMap((s: Json) => Object.keys(s)));
    if (schemes.has('publishableKey')) h['x-publishable-api-key'] = shop.publishable_key;
    if (schemes.has('bearer')) h.authorization = `Bearer ${schemes.has('publishableKey') ? customerToken : adminToken}`;
    return h;
  };

  /** the declared schema of an answer, with `$ref`s into the document's components */
  const validatorFor = (schema: Json) => {
    const rewritten = JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"doc#/components/'));
    return ajv.compile(rewritten);
  };

  it('answers every generated request with a declared status and a valid body, never a 5xx, and accepts documented-valid input', async () => {
    const problems: string[] = [];
    const refused = new Set<string>();
    let sent = 0;
    const ops = operations();
    expect(ops.length).toBeGreaterThan(50);
    for (const { method, path, op } of ops) {
      // the anti-spam routes need a solved challenge per request; they are exercised by their own tests
      if ((op.parameters ?? []).some((x: Json) => x.$ref === '#/components/parameters/AntispamToken')) continue;
      const params: Json[] = (op.parameters ?? []).map((x: Json) => (x.$ref ? resolve(doc, x.$ref) : x));
      const pathParams = params.filter((x) => x.in === 'path');
      const queryParams = params.filter((x) => x.in === 'query' && x.name !== 'locale' && x.name !== 'fields');
      const bodySchema = op.requestBody?.content?.['application/json']?.schema;
      const requestArb = fc.record({
        path: fc.record(Object.fromEntries(pathParams.map((x) => [x.name, arbitraryOf(x.schema ?? { type: 'string', pattern: '^[a-z0-9_]{1,30}$' }, doc)]))),
        query: fc.record(Object.fromEntries(queryParams.map((x) => [x.name, arbitraryOf(x.schema ?? {}, doc)])), {
          requiredKeys: queryParams.filter((x) => x.required).map((x) => x.name as string) as never[],
        }),
        body: bodySchema ? arbitraryOf(bodySchema, doc) : fc.constant(undefined),
      });
      const samples = fc.sample(requestArb, { numRuns: RUNS_PER_OPERATION, seed: SEED });
      for (const s of samples) {
        const url = new URL(`${p.url}/api${path.replace(/\{(\w+)\}/g, (_m, n) => encodeURIComponent(String((s.path as Json)[n] ?? 'x')))}`);
        for (const [k, v] of Object.entries(s.query as Json)) {
          if (v === undefined || v === null) continue;
          if (Array.isArray(v)) v.forEach((item) => url.searchParams.append(`${k}[]`, String(item)));
          else if (typeof v !== 'object') url.searchParams.set(k, String(v));
        }
        const headers = headersFor(op);
        if (s.body !== undefined) headers['content-type'] = 'application/json';
        const res = await fetch(url, { method, headers, body: s.body !== undefined ? JSON.stringify(s.body) : undefined, redirect: 'manual' });
        sent++;
        const text = await res.text();
        const where = `${method} ${url.pathname}${url.search.slice(0, 200)} -> ${res.status} ${text.slice(0, 200)}`;
        if (res.status >= 500) {
          problems.push(`5xx: ${where}`);
          continue;
        }
        // the input was generated from the document's own schemas: refusing it as invalid means they disagree
        if (res.status === 400) refused.add(`${method} ${path}`);
        const declared = op.responses?.[String(res.status)];
        if (!declared) {
          problems.push(`undeclared status: ${where}`);
          continue;
        }
        const response = declared.$ref ? resolve(doc, declared.$ref) : declared;
        const type = (res.headers.get('content-type') ?? '').split(';')[0];
        const schema = response.content?.[type]?.schema;
        if (type === 'application/json' && schema) {
          const validate = validatorFor(schema);
          if (!validate(JSON.parse(text))) problems.push(`body does not match its schema (${ajv.errorsText(validate.errors)}): ${where}`);
        }
      }
    }
    if (process.env.FUZZ_REPORT) fs.writeFileSync(process.env.FUZZ_REPORT, JSON.stringify({ problems, refused: [...refused].sort() }, null, 1));
    expect(sent).toBeGreaterThan(100);
    expect(problems).toEqual([]);
    // documented-valid input refused: only where a rule is not in the document yet (the list may only shrink)
    expect([...refused].filter((k) => !NOT_DOCUMENTED_YET.has(k)).sort()).toEqual([]);
  }, 300_000);
});
