import fs from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import fc from 'fast-check';
import type { TenantCredentials } from '@svc/identity';
import type { PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';

/**
 * Issue 20 #12: a conformance fuzz test. Requests are generated from `/openapi.json` itself with
 * fast-check (a fixed seed, a bounded number per operation), sent with the credentials each
 * operation declares, and every answer is checked: no 5xx, its status declared by the operation,
 * its body valid against the declared schema (ajv, JSON Schema 2020-12), and input the document
 * calls valid is not refused as invalid (no 400 for it). The document and the code stay one.
 */
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 3);
const SEED = Number(process.env.FUZZ_SEED ?? 20);
/** the suite's client address (documentation range, RFC 5737) */
const FUZZ_CLIENT = '198.51.100.20';

type Json = Record<string, any>;

/** Examples of the string formats the document uses (a format's own pattern, when it has one, picks among them). */
const FORMAT_EXAMPLES: Record<string, string[]> = {
  uri: ['https://shop.example/a', 'https://shop.example/b?c=1', 'http://localhost:3000/x'],
  'uri-reference': ['https://shop.example/a', '/account', '/products/tee?x=1'],
  email: ['fuzz@example.com', 'a.b@example.org'],
  'date-time': ['2026-01-01T00:00:00.000Z', '2025-06-30T12:00:00Z', '2025-06-30T12:00:00+02:00'],
  date: ['2026-01-01', '2024-02-29'],
};

/** A fast-check arbitrary of the values a JSON schema describes (the subset the document uses). */
function arbitraryOf(schema: Json, doc: Json, depth = 0): fc.Arbitrary<unknown> {
  const arb = arbitraryOfShape(schema, doc, depth);
  // what generation does not construct (`not`, `if`/`then`, dependencies) is kept by filtering with the document's own validator
  if (schema && ['not', 'if', 'dependentSchemas', 'dependentRequired'].some((k) => k in schema)) {
    const validate = validatorOf(schema);
    return arb.filter((v) => validate(v));
  }
  return arb;
}

function arbitraryOfShape(schema: Json, doc: Json, depth: number): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.constant(null);
  if (schema.$ref) return arbitraryOf(resolve(doc, schema.$ref), doc, depth + 1);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && (schema.type || schema.properties)) {
    // variants beside the schema's own shape only constrain it (caption or draft, one of the two):
    // generate the shape and keep what the whole schema accepts
    const { anyOf: _a, oneOf: _o, ...shape } = schema;
    const validate = validatorOf(schema);
    return arbitraryOf(shape, doc, depth + 1).filter((v) => validate(v));
  }
  if (variants) return fc.oneof(...variants.map((v: Json) => arbitraryOf(v, doc, depth + 1)));
  if (schema.allOf) return arbitraryOf(Object.assign({}, ...schema.allOf), doc, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  switch (type) {
    case 'string': {
      const examples = FORMAT_EXAMPLES[schema.format]?.filter((e) => !schema.pattern || new RegExp(schema.pattern).test(e));
      if (examples?.length) return fc.constantFrom(...examples);
      if (schema.pattern)
        return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? 200) && s.length >= (schema.minLength ?? 0));
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

const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
let documentAdded = false;
/** an ajv validator of a schema of the document (its `$ref`s into the document's components) */
function validatorOf(schema: Json) {
  const rewritten = JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"doc#/components/'));
  return ajv.compile(rewritten);
}

/**
 * A number as the query string carries it: the document's query numbers are decimals (the REST door
 * refuses exponents and hex, as its parameter descriptions say).
 */
const decimal = (n: number): string => (Number.isInteger(n) ? String(n) : n.toFixed(12).replace(/0+$/, '').replace(/\.$/, ''));

function resolve(doc: Json, ref: string): Json {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce((o, k) => o?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc as any);
}

/**
 * A 400 the operation declares as depending on the store's state (`x-state-refusals` on its 400:
 * an unknown region, a spent link token), which no schema can rule out.
 */
function declaredStateRefusal(response: Json | undefined, body: Json): boolean {
  const refusals = (response?.['x-state-refusals'] ?? []) as Array<{ code: string; field?: string }>;
  const fields: string[] = Array.isArray(body.errors) ? body.errors.map((e: Json) => e.field) : [];
  return refusals.some((r) => r.code === body.code && (!r.field || fields.length === 0 || fields.every((f) => f === r.field)));
}

interface Op {
  method: string;
  path: string;
  op: Json;
}

describe('conformance: requests generated from /openapi.json', () => {
  let p: PlatformClient;
  let doc: Json;
  let shop: TenantCredentials;
  let adminToken: string;
  let customerToken: string;
  beforeAll(async () => {
    p = await sharedPlatform();
    shop = await p.createTenant();
    adminToken = await p.adminToken(shop);
    customerToken = (await p.registerCustomer(shop.publishable_key)).token;
    doc = (await (await fetch(`${p.url}/openapi.json`)).json()) as Json;
    if (!documentAdded) ajv.addSchema({ $id: 'doc', components: doc.components }, 'doc');
    documentAdded = true;
  }, 120_000);

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

  it('answers every generated request with a declared status and a valid body, never a 5xx, and accepts documented-valid input', async () => {
    const problems: string[] = [];
    const refused = new Set<string>();
    const refusals: string[] = [];
    let sent = 0;
    const ops = operations();
    expect(ops.length).toBeGreaterThan(50);
    for (const { method, path, op } of ops) {
      // the anti-spam routes need a solved challenge per request; they are exercised by their own tests
      if ((op.parameters ?? []).some((x: Json) => x.$ref === '#/components/parameters/AntispamToken')) continue;
      const params: Json[] = (op.parameters ?? []).map((x: Json) => (x.$ref ? resolve(doc, x.$ref) : x));
      const pathParams = params.filter((x) => x.in === 'path');
      // documented headers too (x-medusa-locale); the anti-spam routes are skipped above
      const headerParams = params.filter((x) => x.in === 'header');
      const queryParams = params.filter((x) => x.in === 'query');
      const bodySchema = op.requestBody?.content?.['application/json']?.schema;
      // rules that relate query parameters (a price range needs a currency) hold for the generated query too
      const queryRules = op['x-query-rules'] ? validatorOf(op['x-query-rules']) : () => true;
      const requestArb = fc.record({
        path: fc.record(Object.fromEntries(pathParams.map((x) => [x.name, arbitraryOf(x.schema ?? { type: 'string', pattern: '^[a-z0-9_]{1,30}$' }, doc)]))),
        query: fc
          .record(Object.fromEntries(queryParams.map((x) => [x.name, arbitraryOf(x.schema ?? {}, doc)])), {
            requiredKeys: queryParams.filter((x) => x.required).map((x) => x.name as string) as never[],
          })
          .filter((q) => queryRules(q)),
        body: bodySchema ? arbitraryOf(bodySchema, doc) : fc.constant(undefined),
        headers: fc.record(Object.fromEntries(headerParams.map((x) => [x.name, arbitraryOf(x.schema ?? { type: 'string' }, doc)])), {
          requiredKeys: headerParams.filter((x) => x.required).map((x) => x.name as string) as never[],
        }),
      });
      const samples = fc.sample(requestArb, { numRuns: RUNS_PER_OPERATION, seed: SEED });
      for (const s of samples) {
        const url = new URL(`${p.url}/api${path.replace(/\{(\w+)\}/g, (_m, n) => encodeURIComponent(String((s.path as Json)[n] ?? 'x')))}`);
        for (const [k, v] of Object.entries(s.query as Json)) {
          if (v === undefined || v === null) continue;
          const asText = (x: unknown) => (typeof x === 'number' ? decimal(x) : String(x));
          if (Array.isArray(v)) v.forEach((item) => url.searchParams.append(`${k}[]`, asText(item)));
          else if (typeof v !== 'object') url.searchParams.set(k, asText(v));
        }
        // a client address of its own on the shared platform: its refused sign-ins lock out no other suite
        const headers: Record<string, string> = { ...(s.headers as Record<string, string>), ...headersFor(op), 'x-forwarded-for': FUZZ_CLIENT };
        if (s.body !== undefined) headers['content-type'] = 'application/json';
        const res = await fetch(url, { method, headers, body: s.body !== undefined ? JSON.stringify(s.body) : undefined, redirect: 'manual' });
        sent++;
        // an event stream may wait for a decision (a plan): its first bytes show it opened, then the client leaves
        const text = (res.headers.get('content-type') ?? '').startsWith('text/event-stream') ? await firstChunk(res) : await res.text();
        const where = `${method} ${url.pathname}${url.search.slice(0, 200)} -> ${res.status} ${text.slice(0, 200)}`;
        if (res.status >= 500) {
          problems.push(`5xx: ${where}`);
          continue;
        }
        const declared = op.responses?.[String(res.status)];
        // the input was generated from the document's own schemas: refusing it as invalid means they disagree,
        // unless the refusal is one the operation declares as depending on the store's state
        if (res.status === 400 && !declaredStateRefusal(declared?.$ref ? resolve(doc, declared.$ref) : declared, JSON.parse(text))) {
          refused.add(`${method} ${path}`);
          refusals.push(where);
        }
        if (!declared) {
          problems.push(`undeclared status: ${where}`);
          continue;
        }
        const response = declared.$ref ? resolve(doc, declared.$ref) : declared;
        const type = (res.headers.get('content-type') ?? '').split(';')[0];
        const schema = response.content?.[type]?.schema;
        if (type === 'application/json' && schema) {
          const validate = validatorOf(schema);
          if (!validate(JSON.parse(text))) problems.push(`body does not match its schema (${ajv.errorsText(validate.errors)}): ${where}`);
        }
      }
    }
    if (process.env.FUZZ_REPORT) fs.writeFileSync(process.env.FUZZ_REPORT, JSON.stringify({ problems, refused: [...refused].sort(), refusals }, null, 1));
    expect(sent).toBeGreaterThan(100);
    expect(problems).toEqual([]);
    // documented-valid input is never refused: every rule a route checks is in the document
    expect(refusals).toEqual([]);
  }, 300_000);
});

/** The first bytes of a streamed answer; the stream is then cancelled (the client goes away). */
async function firstChunk(res: Response): Promise<string> {
  const reader = res.body!.getReader();
  const { value } = await reader.read();
  await reader.cancel();
  return new TextDecoder().decode(value ?? new Uint8Array());
}
