import './telemetry-off';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { z } from 'zod';
import { idParam, route, type AuthLevel, type RouteDef } from '@svc/kit';
import { allRoutes, loadDomains } from '@svc/platform';
import { startTestPlatform, type TestPlatform } from '../support/platform';

/**
 * The API describes itself: `/openapi.json` (OpenAPI 3.1, generated from the route table and its
 * zod schemas, checked with a real OpenAPI validator), `/docs` (Swagger UI) and the GraphQL
 * explorer at `/graphql`, both loading only assets the platform serves itself.
 */

const ROOT = path.resolve(__dirname, '..', '..');

/**
 * @seriousme/openapi-schema-validator is an ES module; Jest's CommonJS sandbox cannot load it, so
 * it runs in a child node process (the document on stdin, the verdict on stdout).
 */
const VALIDATE = `
import { Validator } from '@seriousme/openapi-schema-validator';
let input = '';
for await (const chunk of process.stdin) input += chunk;
const v = new Validator();
const r = await v.validate(JSON.parse(input));
process.stdout.write(JSON.stringify({ valid: r.valid, version: r.valid ? v.version : null, errors: r.errors ?? null }));
`;
function validateOpenApi(doc: unknown): Promise<{ valid: boolean; version: string | null; errors: unknown }> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, ['--input-type=module', '-e', VALIDATE], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`validator failed: ${stderr || err.message}`));
      resolve(JSON.parse(stdout));
    });
    child.stdin!.end(JSON.stringify(doc));
  });
}

// ---- routes added for this test only: every auth level, anti-spam, recursive and odd schemas ----

type TreeNode = { name: string; children: TreeNode[] };
const TreeNode: z.ZodType<TreeNode> = z.object({
  name: z.string(),
  get children() {
    return z.array(TreeNode);
  },
});
const op = 'identity/AntispamChallenge';
const respond = (d: unknown) => d;
const EXTRA: RouteDef[] = [
  route({
    method: 'POST',
    path: '/store/docs-test/:id/messages',
    auth: 'customer',
    antispam: true,
    params: idParam,
    query: z.strictObject({
      n: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1)).optional(),
      flag: z
        .enum(['true', 'false'])
        .transform((v) => v === 'true')
        .optional(),
      created_at: z.strictObject({ gt: z.string().optional(), lt: z.string().optional() }).optional(),
    }),
    body: z.strictObject({ message: z.string().min(1).max(500), check: z.custom<string>((v) => typeof v === 'string').optional() }),
    response: z.object({ tree: TreeNode, at: z.date(), anything: z.custom<string>(() => true) }),
    operation: op,
    summary: 'Test: anti-spam customer POST',
    respond,
  }),
  route({ method: 'GET', path: '/admin/docs-test', auth: 'admin', operation: op, summary: 'Test: admin', tag: 'docs-test', respond }),
  route({ method: 'GET', path: '/v1/docs-test', auth: 'agent', operation: op, summary: 'Test: agent', respond }),
  route({ method: 'POST', path: '/operator/docs-test', auth: 'operator', operation: op, summary: 'Test: operator', respond }),
];

const SECURITY: Record<AuthLevel, unknown[]> = {
  none: [],
  publishable: [{ publishableKey: [] }],
  customer: [{ publishableKey: [], bearer: [] }],
  token: [{ bearer: [] }],
  admin: [{ bearer: [] }],
  agent: [{ agentKey: [] }],
  analyst: [{ bearer: [] }, { analystKey: [] }],
  operator: [{ operator: [] }],
};

const oaPath = (p: string) => p.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const pathParamsOf = (p: string) => [...p.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);

/** `#/a/b` in the document (JSON pointer) */
function pointer(doc: any, ref: string): any {
  expect(ref.startsWith('#/')).toBe(true);
  return ref
    .slice(2)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((node, key) => (node == null ? undefined : node[key]), doc);
}
const deref = (doc: any, node: any): any => (node && typeof node.$ref === 'string' ? deref(doc, pointer(doc, node.$ref)) : node);

function allRefs(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => allRefs(n, out));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else allRefs(v, out);
    }
  }
  return out;
}

/** URLs the page loads: script src, stylesheet and icon href */
const assetUrls = (html: string) => [...html.matchAll(/<(?:script|link|img)\b[^>]*?\b(?:src|href)="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));

describe('the API describes itself', () => {
  let p: TestPlatform;
  let doc: any;
  let docResponse: Response;

  beforeAll(async () => {
    p = await startTestPlatform({ extraRoutes: EXTRA });
    docResponse = await fetch(`${p.url}/openapi.json`);
    doc = await docResponse.json();
  });
  afterAll(async () => {
    await p?.stop();
  });

  const operation = (def: RouteDef) => doc.paths[oaPath(def.path)]?.[def.method.toLowerCase()];

  describe('GET /openapi.json', () => {
    it('is public JSON, not cached, OpenAPI 3.1 served under /api', () => {
      expect(docResponse.status).toBe(200);
      expect(docResponse.headers.get('content-type')).toMatch(/^application\/json/);
      expect(docResponse.headers.get('cache-control')).toBe('no-cache');
      expect(doc.openapi).toBe('3.1.0');
      expect(doc.info).toEqual(expect.objectContaining({ title: expect.any(String), version: expect.any(String) }));
      expect(doc.servers).toEqual([{ url: '/api' }]);
    });

    it('is valid OpenAPI 3.1 according to @seriousme/openapi-schema-validator', async () => {
      const r = await validateOpenApi(doc);
      expect(r.errors).toBeNull();
      expect(r).toEqual({ valid: true, version: '3.1', errors: null });
      // the validator does reject a broken document (a response without its description)
      const broken = structuredClone(doc);
      delete broken.paths['/store/products'].get.responses['200'].description;
      expect((await validateOpenApi(broken)).valid).toBe(false);
    });

    it('resolves every $ref inside the document', () => {
      const refs = allRefs(doc);
      expect(refs.length).toBeGreaterThan(0);
      for (const ref of refs) expect([ref, pointer(doc, ref)]).toEqual([ref, expect.anything()]);
    });

    it('defines the security schemes, the Error schema and the shared error responses', () => {
      const c = doc.components;
      expect(c.securitySchemes).toEqual({
        publishableKey: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'x-publishable-api-key' }),
        bearer: expect.objectContaining({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }),
        agentKey: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
        analystKey: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
        operator: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
        mailToken: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      });
      expect(c.schemas.Error.required).toEqual(['type', 'code', 'message']);
      expect(Object.keys(c.schemas.Error.properties)).toEqual(['type', 'code', 'message', 'errors']);
      expect(c.schemas.Error.properties.errors.items.required).toEqual(['field', 'code', 'message']);
      // every shared error response carries the Error body, except 431 (answered by the HTTP server itself)
      for (const r of Object.values<any>(c.responses))
        if (r !== c.responses.HeadersTooLarge) expect(r.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    });

    it('lists every route of every domain with method, path, parameters, security, body and responses', () => {
      const routes = loadDomains().flatMap((d) => (d.routes ?? []).map((def) => ({ domain: d.name, def })));
      expect(routes.map((r) => r.def)).toEqual(allRoutes());
      expect(routes.length).toBeGreaterThan(10);
      const all = [...routes, ...EXTRA.map((def) => ({ domain: 'extra', def }))];

      for (const { domain, def } of all) {
        const where = `${def.method} ${def.path}`;
        const o = operation(def);
        expect([where, o !== undefined]).toEqual([where, true]);
        expect(o.operationId.startsWith(`${domain}_${def.operation.split('/')[1]}`)).toBe(true);
        expect(o.summary).toBe(def.summary);
        expect(o.tags).toEqual([def.tag ?? domain]);
        // a mailed one-time token replaces the session bearer (beside the key where the route needs one)
        const security = def.bearerCredential ? [{ ...(def.auth === 'publishable' ? { publishableKey: [] } : {}), mailToken: [] }] : SECURITY[def.auth];
        expect([where, o.security]).toEqual([where, security]);

        const params = (o.parameters ?? []).map((x: any) => deref(doc, x));
        // path parameters: one per `:name`, required
        const inPath = params.filter((x: any) => x.in === 'path');
        expect([where, inPath.map((x: any) => x.name)]).toEqual([where, pathParamsOf(def.path)]);
        for (const x of inPath) expect(x.required).toBe(true);
        // query parameters: one per property of the query schema
        const inQuery = params
          .filter((x: any) => x.in === 'query')
          .map((x: any) => x.name)
          .sort();
        const declared = def.query ? Object.keys((z.toJSONSchema(def.query, { io: 'input', unrepresentable: 'any' }) as any).properties ?? {}) : [];
        // every read documents ?locale= (the language it answers in)
        const expected = [...new Set([...declared, ...(def.method === 'GET' ? ['locale'] : [])])].sort();
        expect([where, inQuery]).toEqual([where, expected]);
        // the anti-spam header
        const antispam = params.filter((x: any) => x.in === 'header' && x.name === 'x-antispam-token');
        expect([where, antispam.length]).toEqual([where, def.antispam ? 1 : 0]);
        // request body (a DELETE reads one when it declares one: Medusa's DELETE /store/carts/:id/promotions)
        if (def.body && def.method !== 'GET') {
          expect([where, Object.keys(o.requestBody?.content ?? {})]).toEqual([where, ['application/json', ...(def.accepts ?? [])]]);
          expect(o.requestBody.content['application/json'].schema.type).toBe('object');
        } else expect([where, o.requestBody]).toEqual([where, undefined]);
        // responses
        const statuses = Object.keys(o.responses).sort();
        // a redirect answers 302, an empty reply its status (201), a JSON route its declared status (202), everything else 200 (JSON, or the declared binary media type)
        // the statuses the engine answers (issue 20 #10): 400 everywhere (locale, unknown parameters),
        // 401 with credentials or on sign-in routes, 404 everywhere (ids, store settings),
        // 409 on writes, 415 where a body is read, 431 with a query string, plus what the route declares (502)
        const success = def.reply?.kind === 'redirect' ? '302' : def.reply?.kind === 'empty' ? String(def.reply.status) : String(def.status ?? 200);
        const want = new Set([success, '400', '429', '500']);
        if (def.auth !== 'none' || def.path.startsWith('/auth/')) want.add('401');
        if (def.antispam) want.add('403');
        want.add('404'); // every route resolves the store's resources (ids, settings such as an enabled provider)
        if (def.method !== 'GET') want.add('409');
        if (def.method === 'POST' || (def.method === 'DELETE' && def.body)) want.add('415');
        if (def.query) want.add('431');
        for (const e of def.errors ?? []) want.add(String(e));
        expect([where, statuses]).toEqual([where, [...want].sort()]);
        for (const s of [...want].filter((s) => s !== success && s !== '431')) {
          expect(deref(doc, o.responses[s]).content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
        }
        if (def.reply?.kind === 'redirect') expect(o.responses['302'].headers.Location).toBeDefined();
        else if (def.reply?.kind === 'empty') expect(o.responses[success].content).toBeUndefined();
        else {
          const type = def.reply?.kind === 'binary' ? def.reply.contentType : def.reply?.kind === 'event-stream' ? 'text/event-stream' : 'application/json';
          expect(o.responses[success].content[type].schema).toBeDefined();
        }
      }
      const count = Object.values<any>(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);
      expect(count).toBe(all.length);
    });

    it('gives every operation a unique id, also routes that share one operation', () => {
      const ids = Object.values<any>(doc.paths).flatMap((item) => Object.values<any>(item).map((o) => o.operationId));
      expect(new Set(ids).size).toBe(ids.length);
      const byOperation = new Map<string, RouteDef[]>();
      for (const def of allRoutes()) byOperation.set(def.operation, [...(byOperation.get(def.operation) ?? []), def]);
      const shared = [...byOperation.values()].filter((defs) => defs.length > 1);
      expect(shared.length).toBeGreaterThan(0); // /store/product-categories and /store/categories
      for (const defs of shared) {
        const [first, ...rest] = defs.map((d) => operation(d).operationId);
        expect(first).toBe(defs[0].operation.replace('/', '_'));
        for (const id of rest) expect(id).not.toBe(first);
      }
    });

    it('derives parameters and schemas from zod input (coercion, preprocess, transforms) without crashing on unrepresentable parts', () => {
      const o = operation(EXTRA[0]);
      const param = (name: string) => o.parameters.map((x: any) => deref(doc, x)).find((x: any) => x.name === name);
      expect(param('id')).toEqual(expect.objectContaining({ in: 'path', required: true, schema: expect.objectContaining({ type: 'string', minLength: 1 }) }));
      expect(param('n')).toEqual(expect.objectContaining({ in: 'query', required: false, schema: expect.objectContaining({ type: 'integer', minimum: 1 }) }));
      expect(param('flag').schema).toEqual(expect.objectContaining({ enum: ['true', 'false'] }));
      expect(param('created_at')).toEqual(expect.objectContaining({ style: 'deepObject', explode: true }));
      expect(param('x-antispam-token')).toEqual(expect.objectContaining({ in: 'header', schema: { type: 'string' } }));

      const body = o.requestBody.content['application/json'].schema;
      expect(o.requestBody.required).toBe(true);
      expect(body.required).toEqual(['message']);
      expect(body.properties.message).toEqual(expect.objectContaining({ type: 'string', minLength: 1, maxLength: 500 }));
      expect(body.properties.check).toEqual({});
      expect(body.additionalProperties).toBe(false);

      // the declared response: dates as date-time strings, recursion through components
      const res = deref(doc, o.responses['200'].content['application/json'].schema);
      expect(res.properties.at).toEqual({ type: 'string', format: 'date-time' });
      expect(res.properties.anything).toEqual({});
      const tree = deref(doc, res.properties.tree);
      expect(tree.properties.name).toEqual({ type: 'string' });
      expect(deref(doc, tree.properties.children.items)).toEqual(tree);
      // a route without a response schema answers a described generic object
      const plain = operation(allRoutes().find((r) => !r.response)!);
      expect(plain.responses['200']).toEqual(
        expect.objectContaining({ description: expect.any(String), content: { 'application/json': { schema: expect.objectContaining({ type: 'object' }) } } }),
      );
    });

    it('describes `fields` with the allowed field names', () => {
      const def = allRoutes().find((r) => r.fields && r.query)!;
      const fields = operation(def).parameters.find((x: any) => x.name === 'fields');
      expect(fields.description).toContain([...def.fields!.allowed][0]);
    });
  });

  describe('GET /docs', () => {
    it('serves Swagger UI from local assets only, each answering with its type and long caching', async () => {
      const res = await fetch(`${p.url}/docs`, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = await res.text();
      expect(html).not.toMatch(/https?:\/\//);
      expect(html).toContain('data-spec-url="/openapi.json"');
      const urls = assetUrls(html);
      expect(urls.some((u) => u.startsWith('/docs/assets/swagger-ui-bundle.js'))).toBe(true);
      expect(urls.some((u) => u.startsWith('/docs/assets/swagger-ui.css'))).toBe(true);
      for (const u of urls) {
        expect(u).toMatch(/^\/[^/]/);
        const a = await fetch(`${p.url}${u}`);
        expect([u, a.status]).toEqual([u, 200]);
        const type = a.headers.get('content-type') ?? '';
        if (/\.js(\?|$)/.test(u)) expect([u, type]).toEqual([u, expect.stringMatching(/javascript/)]);
        else if (/\.css(\?|$)/.test(u)) expect([u, type]).toEqual([u, expect.stringMatching(/^text\/css/)]);
        else expect([u, type]).toEqual([u, expect.stringMatching(/^image\//)]);
        if (u.startsWith('/docs/assets/')) expect(a.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable/);
        else expect(a.headers.get('cache-control')).toBe('no-cache');
        expect((await a.arrayBuffer()).byteLength).toBeGreaterThan(0);
      }
      const init = await (await fetch(`${p.url}${urls.find((u) => u.startsWith('/docs/init.js'))}`)).text();
      expect(init).toContain('SwaggerUIBundle(');
    });

    it('serves only the files the page needs from the package', async () => {
      for (const u of ['/docs/assets/package.json', '/docs/assets/index.html', '/docs/assets/..%2Fpackage.json', '/graphql/explorer/assets/package.json']) {
        const r = await fetch(`${p.url}${u}`);
        expect([u, r.status]).toEqual([u, 404]);
      }
    });
  });

  describe('GraphQL explorer', () => {
    it('answers a browser GET /graphql with GraphiQL, loaded from local assets only', async () => {
      const res = await fetch(`${p.url}/graphql`, { headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await res.text();
      expect(html).not.toMatch(/https?:\/\//);
      expect(html).toContain('id="graphiql"');
      // the headers editor starts with the publishable key header
      const headers = /data-default-headers="([^"]*)"/.exec(html)![1].replace(/&#(\d+);/g, (_m, c) => String.fromCharCode(Number(c)));
      expect(JSON.parse(headers)).toEqual({ 'x-publishable-api-key': 'pk_demo_storefront_key' });
      const urls = assetUrls(html);
      for (const lib of ['react.production.min.js', 'react-dom.production.min.js', 'graphiql.min.js', 'graphiql.min.css']) {
        expect([lib, urls.some((u) => u.startsWith(`/graphql/explorer/assets/${lib}?`))]).toEqual([lib, true]);
      }
      for (const u of urls) {
        expect(u).toMatch(/^\/[^/]/);
        const a = await fetch(`${p.url}${u}`);
        expect([u, a.status]).toEqual([u, 200]);
        const type = a.headers.get('content-type') ?? '';
        expect([u, type]).toEqual([u, /\.css(\?|$)/.test(u) ? expect.stringMatching(/^text\/css/) : expect.stringMatching(/javascript/)]);
        expect((await a.arrayBuffer()).byteLength).toBeGreaterThan(0);
      }
      const init = await (await fetch(`${p.url}${urls.find((u) => u.startsWith('/graphql/explorer/init.js'))}`)).text();
      expect(init).toContain('GraphiQL.createFetcher');
    });

    it('leaves GraphQL requests to Apollo: POST, GET with a query, GET that does not ask for HTML', async () => {
      const post = await p.graphql('{ __typename }');
      expect(post.status).toBe(200);
      expect(post.headers.get('content-type')).toMatch(/^application\/(graphql-response\+)?json/);
      expect(post.body).toEqual({ data: { __typename: 'Query' }, extensions: { cost: { requested: 0, limit: expect.any(Number) } } });

      const get = await fetch(`${p.url}/graphql?query=${encodeURIComponent('{ __typename }')}`, {
        headers: { accept: 'text/html,application/json;q=0.9', 'apollo-require-preflight': 'true' },
      });
      expect(get.status).toBe(200);
      expect(await get.json()).toEqual({ data: { __typename: 'Query' }, extensions: { cost: { requested: 0, limit: expect.any(Number) } } });

      const json = await fetch(`${p.url}/graphql`, { headers: { accept: 'application/json' } });
      expect(json.headers.get('content-type')).not.toMatch(/text\/html/);
      expect(json.status).toBe(400);
    });
  });
});
