import { randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { z, type ZodType } from 'zod';
import type { TenantCredentials } from '@svc/identity';
import type { RouteDef } from '@svc/kit';
import { allRoutes } from '@svc/platform';

const ROUTES = allRoutes();
import type { ApiResponse, PlatformClient, RequestOptions } from '../support/http';
import { sharedPlatform } from '../support/shared';

let clients = 0;
/** documentation-range addresses (RFC 5737), one per simulated client */
const nextClientIp = () => `203.0.113.${(clients++ % 250) + 1}`;

/**
 * Malformed requests against EVERY route of the REST route table (new routes are covered
 * automatically): each must answer a 4xx with a JSON `{type, code, message}` body, never a 5xx.
 * Each request carries the credentials its route needs, so it gets as far as validation.
 */

interface Case {
  name: string;
  method: string;
  path: string;
  o: RequestOptions;
  /** exact status when known; otherwise any 4xx */
  status?: number;
  code?: string;
  /** the request may legitimately succeed (e.g. a search for odd characters): only "never 5xx" is checked */
  maySucceed?: boolean;
  /** the status of the route's declared empty answer (`reply: {kind: 'empty'}`), which has no body */
  emptyReply?: number;
  /** the content type of the route's declared binary answer (`reply: {kind: 'binary'}`: a PDF, audio, a pixel) */
  binaryType?: string;
}

const LONG = 'x'.repeat(5000);
const SPECIAL_RAW = [
  `'%20OR%201%3D1%20--`, // ' OR 1=1 --
  `%27%3B%20drop%20table%20catalog.product%3B%20--`, // '; drop table catalog.product; --
  '%00',
  'abc%00def',
  '%C3%BC%F0%9F%99%82%E6%BC%A2%E5%AD%97', // ü🙂漢字
  '%E2%80%AE', // right-to-left override
  '..%2F..%2Fetc%2Fpasswd',
  '%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  '%5C%5C%5C',
  '%F0%28%8C%28', // not UTF-8
  '%25',
  '%5Bobject%20Object%5D',
];
const SPECIAL_STRINGS = ["' OR 1=1 --", '\u0000', 'nul\u0000inside', 'ü🙂漢字', '\u202e', '"><script>', '\\', '%00'];

const shapeOf = (schema: ZodType | undefined): Record<string, ZodType> => (schema instanceof z.ZodObject ? (schema.shape as Record<string, ZodType>) : {});
const fill = (path: string, id: string) => path.replace(/:(\w+)/g, () => id);
const accepts = (schema: ZodType | undefined, value: unknown) => !!schema && schema.safeParse(value).success;
const isStore = (def: RouteDef) => def.path.startsWith('/store/') || def.path.startsWith('/auth/customer/');

describe('malformed requests on every route', () => {
  let p: PlatformClient;
  let t: TenantCredentials;
  let customerToken: string;
  let adminToken: string;

  /** the credentials that get a request for this route past authentication */
  const creds = (def: RouteDef): RequestOptions => {
    const o: RequestOptions = {};
    if (isStore(def) || def.auth === 'publishable') o.key = t.publishable_key;
    if (def.auth === 'customer' || def.auth === 'token') o.token = customerToken;
    if (def.auth === 'admin') o.token = adminToken;
    if (def.auth === 'agent') o.token = t.agent_api_key;
    if (def.auth === 'operator') o.token = p.secrets.operatorToken;
    return o;
  };

  /** POST routes read a body, and a DELETE route that declares one (DELETE /store/carts/:id/promotions) */
  const readsBody = (def: RouteDef) => def.method === 'POST' || (def.method === 'DELETE' && !!def.body);

  /** a body the route's schema accepts (so auth is what fails), or undefined */
  const sampleBody = (def: RouteDef): Record<string, unknown> | undefined => {
    if (!readsBody(def)) return undefined;
    const candidates = [{}, { email: `m-${randomBytes(4).toString('hex')}@example.com`, password: 'correct-horse-battery' }, { promo_codes: ['CODE'] }];
    return candidates.find((c) => accepts(def.body, c)) ?? (def.body ? undefined : {});
  };

  function casesFor(def: RouteDef): Case[] {
    const cases: Case[] = [];
    const base = creds(def);
    const path = fill(def.path, 'abc');
    const body = sampleBody(def);
    const hasBody = readsBody(def);
    const withBody = (o: RequestOptions): RequestOptions => (hasBody && body !== undefined && o.raw === undefined && o.body === undefined ? { ...o, body } : o);
    const emptyReply = def.reply?.kind === 'empty' ? def.reply.status : undefined;
    const binaryType = def.reply?.kind === 'binary' ? def.reply.contentType : undefined;
    const add = (c: Omit<Case, 'method'>) => cases.push({ method: def.method, emptyReply, binaryType, ...c, o: withBody(c.o) });

    // ---- query string ----
    const badQueries: Array<[string, string]> = [
      ['huge limit', 'limit=99999999999999999999'],
      ['negative limit', 'limit=-1'],
      ['non-integer limit', 'limit=1.5'],
      ['non-numeric limit', 'limit=ten'],
      ['limit as an array', 'limit[0]=1&limit[1]=2'],
      ['limit as an object', 'limit[$gt]=1'],
      ['negative offset', 'offset=-3'],
      ['non-integer offset', 'offset=0.5'],
      ['huge offset', 'offset=99999999999999999999'],
      ['unknown query field', 'zz_unknown=1'],
      // qs drops these keys; the invalid limit keeps the request from running the operation
      ['prototype pollution', '__proto__[polluted]=1&constructor[prototype][polluted]=1&limit=-1'],
      ['5,000-char id in the query', `id=${LONG}`],
      ['5,000-char handle in the query', `handle=${LONG}`],
      ['5,000-char fields', `fields=${LONG}`],
    ];
    for (const [name, qs] of badQueries) add({ name: `query: ${name}`, path: `${path}?${qs}`, o: { ...base } });
    // Medusa: a `fields` token outside the route's field set is a 400, not silently ignored (on
    // routes with a path id the placeholder resource does not exist, so a 404 may come first)
    if ('fields' in shapeOf(def.query)) {
      const exact = !/:\w+/.test(def.path);
      for (const fields of ['zz_nonsense', 'id,zz_nonsense', '%2Bzz_nonsense', '*zz_nonsense']) {
        add({
          name: `query: fields=${fields}`,
          path: `${path}?fields=${fields}`,
          o: { ...base },
          status: exact ? 400 : undefined,
          code: exact ? 'invalid_field' : undefined,
        });
      }
    }
    // every declared query field, given an array or an object where the schema wants something else
    for (const [field] of Object.entries(shapeOf(def.query))) {
      const variants: Array<[string, string, unknown]> = [
        ['array', `${field}[0]=a&${field}[1]=b`, ['a', 'b']],
        ['object', `${field}[a]=b`, { a: 'b' }],
        ['nested arrays', `${field}[0][0]=a`, [['a']]],
      ];
      for (const [kind, qs, value] of variants) {
        const rejected = !accepts(def.query, { [field]: value });
        add({ name: `query: ${field} as ${kind}`, path: `${path}?${qs}`, o: { ...base }, maySucceed: !rejected });
      }
      for (const raw of SPECIAL_RAW) add({ name: `query: ${field}=${raw}`, path: `${path}?${field}=${raw}`, o: { ...base }, maySucceed: true });
    }

    // ---- path parameters ----
    if (/:\w+/.test(def.path)) {
      // the email open pixel answers its GIF for any ids (issue 20 #8): only "never 5xx" is checked there
      const pixel = def.reply?.kind === 'binary' && def.path.startsWith('/store/track/open/');
      add({ name: 'param: 5,000-char id', path: fill(def.path, LONG), o: { ...base }, maySucceed: pixel });
      add({ name: 'param: 201-char id', path: fill(def.path, 'p'.repeat(201)), o: { ...base }, maySucceed: pixel });
      for (const raw of SPECIAL_RAW) add({ name: `param: ${raw}`, path: fill(def.path, raw), o: { ...base }, maySucceed: pixel });
      add({ name: 'param: id of the wrong kind', path: fill(def.path, 'cus_01JAAAAAAAAAAAAAAAAAAAAAAA'), o: { ...base }, maySucceed: pixel });
    }

    // ---- bodies ----
    if (def.method !== 'GET') {
      for (const raw of ['{bad', '{"a":', '{"email": "x"', "{'single': 'quotes'}", '\u0000', 'NaN', '{"a":1}{"b":2}']) {
        add({ name: `body: invalid JSON ${JSON.stringify(raw)}`, path, o: { ...base, raw }, status: 400 });
      }
    }
    if (hasBody) {
      for (const raw of ['[]', '"a string"', '123', 'null', 'true', '[{"email":"a@b.co"}]']) {
        add({ name: `body: JSON ${raw} instead of an object`, path, o: { ...base, raw }, status: 400 });
      }
      add({ name: 'body: unknown field', path, o: { ...base, body: { ...(body ?? {}), zz_unknown: 1 } }, status: 400 });
      add({
        name: 'body: __proto__ key',
        path,
        o: {
          ...base,
          raw: JSON.stringify(body ?? {})
            .replace(/^\{/, '{"__proto__":{"admin":true},')
            .replace(',}', '}'),
        },
      });
      for (const [field] of Object.entries(shapeOf(def.body))) {
        const wrong: Array<[string, unknown]> = [
          ['a number', 12345],
          ['a boolean', true],
          ['an array of strings', ['a@b.co', 'c@d.co']],
          ['an object', { $ne: null }],
          ['a 5,000-char string', LONG],
          ['an empty string', ''],
        ];
        for (const [kind, value] of wrong) {
          const candidate = { ...(body ?? {}), [field]: value };
          if (accepts(def.body, candidate)) continue; // only values the route refuses
          add({ name: `body: ${field} as ${kind}`, path, o: { ...base, body: candidate }, status: 400 });
        }
        for (const s of SPECIAL_STRINGS) {
          const candidate = { ...(body ?? {}), [field]: s };
          add({ name: `body: ${field}=${JSON.stringify(s)}`, path, o: { ...base, body: candidate }, maySucceed: accepts(def.body, candidate) });
        }
      }
    }

    // ---- authentication ----
    const authStatus = (bodyOk: boolean) => (bodyOk ? 401 : undefined);
    // a query the route accepts (so auth is what fails): none, or the required parameters a route has
    const sampleQueries: Array<Record<string, string>> = [{}, { resource_type: 'product' }, { from: '2026-01-01', to: '2026-01-31' }];
    const query = def.query ? sampleQueries.find((q) => accepts(def.query, q)) : {};
    const authPath = query && Object.keys(query).length ? `${path}?${new URLSearchParams(query)}` : path;
    const bodyOk = !hasBody || body !== undefined;
    if (isStore(def)) {
      const { key: _k, ...noKey } = base;
      // the social callback is the one store route a provider's redirect reaches without a key (auth 'none')
      if (def.auth !== 'none')
        add({
          name: 'auth: missing publishable key',
          path: authPath,
          o: noKey,
          status: authStatus(bodyOk),
          code: bodyOk ? 'publishable_key_required' : undefined,
        });
      add({
        name: 'auth: unknown publishable key',
        path: authPath,
        o: { ...base, key: 'pk_not_a_real_key' },
        status: authStatus(bodyOk),
        code: bodyOk ? 'invalid_publishable_key' : undefined,
      });
      add({ name: 'auth: 5,000-char publishable key', path: authPath, o: { ...base, key: LONG }, status: authStatus(bodyOk) });
    }
    const secret = p.secrets.jwtSecret;
    const claims = {
      actor_id: 'cus_01JAAAAAAAAAAAAAAAAAAAAAAA',
      actor_type: 'customer',
      auth_identity_id: 'authid_x',
      tenant_id: t.tenant_id,
      sid: 'sess_01JAAAAAAAAAAAAAAAAAAAAAAA',
    };
    const tokens: Array<[string, string, string | undefined]> = [
      ['garbage bearer', 'Bearer garbage', 'token_invalid'],
      ['three-part garbage', 'Bearer a.b.c', 'token_invalid'],
      ['JWT signed with another secret', `Bearer ${jwt.sign(claims, 'another-secret-another-secret-another-secret')}`, 'token_invalid'],
      ['JWT with alg none', `Bearer ${jwt.sign(claims, '', { algorithm: 'none' })}`, 'token_invalid'],
      ['JWT for an unknown session', `Bearer ${jwt.sign(claims, secret, { algorithm: 'HS256', expiresIn: 3600 })}`, 'token_invalid'],
      ['expired JWT', `Bearer ${jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }, secret, { algorithm: 'HS256' })}`, 'token_expired'],
      [
        'JWT with a foreign tenant',
        `Bearer ${jwt.sign({ ...claims, tenant_id: 'ten_01JAAAAAAAAAAAAAAAAAAAAAAA' }, secret, { algorithm: 'HS256', expiresIn: 3600 })}`,
        'token_invalid',
      ],
      ['5,000-char bearer', `Bearer ${LONG}`, 'token_invalid'],
      ['Basic scheme', `Basic ${Buffer.from('user:pass').toString('base64')}`, 'token_invalid'],
      ['empty bearer', 'Bearer ', 'token_invalid'],
    ];
    for (const [name, header, code] of tokens) {
      const { token: _t, ...rest } = base;
      // each bad credential from its own client: one client sending many is throttled (login-throttle.test.ts)
      add({
        name: `auth: ${name}`,
        path: authPath,
        o: { ...rest, headers: { authorization: header, 'x-forwarded-for': nextClientIp() } },
        status: authStatus(bodyOk),
        // a mailed one-time credential is no session: whatever is wrong with it, it is not valid
        code: bodyOk ? (def.bearerCredential ? 'token_invalid' : code) : undefined,
      });
    }
    // a large body is refused before anything else
    if (hasBody) {
      add({
        name: 'body: over 1 MB',
        path,
        o: { ...base, raw: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1024 * 1024 + 10) }) },
        status: 413,
        code: 'payload_too_large',
      });
    }
    return cases;
  }

  /** every check of one response; returns the problems (empty when fine) */
  function check(c: Case, r: ApiResponse): string[] {
    const problems: string[] = [];
    const where = `${c.method} ${c.path.slice(0, 120)} [${c.name}] -> ${r.status} ${JSON.stringify(r.body)?.slice(0, 200)}`;
    if (r.status >= 500) return [`5xx: ${where}`];
    if (c.maySucceed && r.status < 300) {
      // a route that declares a binary answer (the open pixel, a quote's PDF, synthesized speech) answers it
      if (c.binaryType && r.headers.get('content-type')?.split(';')[0] === c.binaryType) return problems;
      // an event stream (the assistant's chat streams) answers server-sent events, starting with its first event
      if (/^text\/event-stream/.test(r.headers.get('content-type') ?? '')) {
        if (typeof r.body !== 'string' || !r.body.startsWith('event: ')) problems.push(`event stream without an event: ${where}`);
        return problems;
      }
      // a route that declares an empty answer (Medusa's 201 of reset-password) has no body
      if (c.emptyReply && r.status === c.emptyReply && r.body === undefined) return problems;
      if (!r.body || typeof r.body !== 'object') problems.push(`2xx without a JSON body: ${where}`);
      return problems;
    }
    if (r.status < 400) return [`expected a 4xx: ${where}`];
    if (c.status !== undefined && r.status !== c.status) problems.push(`expected ${c.status}: ${where}`);
    const b = r.body as Record<string, unknown> | undefined;
    if (!b || typeof b !== 'object' || typeof b.type !== 'string' || typeof b.code !== 'string' || typeof b.message !== 'string') {
      problems.push(`error body is not {type, code, message}: ${where}`);
    } else if (c.code !== undefined && b.code !== c.code) {
      problems.push(`expected code ${c.code}: ${where}`);
    }
    if (!/application\/json/.test(r.headers.get('content-type') ?? '')) problems.push(`not JSON: ${where}`);
    return problems;
  }

  beforeAll(async () => {
    // the shared platform trusts X-Forwarded-For from loopback: the bad credentials below each come from a client of their own
    p = await sharedPlatform();
    t = await p.createTenant();
    await p.seedCatalog(t.tenant_id);
    customerToken = (await p.registerCustomer(t.publishable_key)).token;
    adminToken = await p.adminToken(t);
  });

  it('the route table is not empty', () => {
    expect(ROUTES.length).toBeGreaterThan(10);
  });

  describe.each(ROUTES.map((def) => [`${def.method} ${def.path}`, def] as const))('%s', (_name, def) => {
    it('answers every malformed request with a 4xx {type, code, message}, never a 5xx', async () => {
      const problems: string[] = [];
      const cases = casesFor(def);
      expect(cases.length).toBeGreaterThan(10);
      for (const c of cases) {
        const r = await p.api(c.method, c.path, c.o);
        problems.push(...check(c, r));
      }
      // the credentials used above still work (no malformed request revoked or broke them)
      if (def.auth === 'customer' || def.auth === 'token') {
        expect((await p.api('GET', '/store/customers/me', { key: t.publishable_key, token: customerToken })).status).toBe(200);
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(({} as Record<string, unknown>).admin).toBeUndefined();
      expect(problems).toEqual([]);
    });
  });

  it('answers unknown routes with 404 route_not_found, unsupported methods on known paths with 405 and Allow', async () => {
    for (const [method, path] of [
      ['POST', '/store/products'],
      ['DELETE', '/store/products/abc'],
      ['PUT', '/store/products'],
    ]) {
      const r = await p.api(method, path, { key: t.publishable_key });
      expect({ method, path, status: r.status, body: r.body, allow: r.headers.get('allow') }).toEqual({
        method,
        path,
        status: 405,
        body: { type: 'method_not_allowed', code: 'method_not_allowed', message: expect.any(String) },
        allow: 'GET, HEAD',
      });
    }
    for (const [method, path] of [
      ['GET', '/store/nope'],
      ['GET', '/'],
    ]) {
      const r = await p.api(method, path, { key: t.publishable_key });
      expect({ method, path, status: r.status, body: r.body }).toEqual({
        method,
        path,
        status: 404,
        body: { type: 'not_found', code: 'route_not_found', message: expect.any(String) },
      });
    }
  });

  it('refuses a GraphQL body over 1 MB with 413 and the error body', async () => {
    const r = await p.graphql(`query { products(q: "${'x'.repeat(1024 * 1024 + 10)}") { count } }`, {}, { key: t.publishable_key });
    expect(r.status).toBe(413);
    expect(r.body).toEqual({ type: 'validation_error', code: 'payload_too_large', message: expect.any(String) });
  });
});
