import './telemetry-off';
import fs from 'node:fs';
import path from 'node:path';
import { ApolloGateway } from '@apollo/gateway';
import { Kind, parse, validate, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import type { RouteDef } from '@svc/kit';
import { composeSupergraph } from '@svc/gateway';
import { operationSource } from '@svc/rest-facade';
import { allRoutes, loadDomains, routeSources } from '@svc/platform';

const SUBGRAPHS = loadDomains();
const ROUTES = allRoutes();
import type { PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';

/**
 * Route contract: every endpoint documented in section 4 of the service description is either in
 * the facade's route table or explicitly PENDING; every route has a valid named operation; the
 * route table is well formed; unknown routes answer the documented 404 error body.
 */

/**
 * Documented endpoints not routed yet, as written in the spec ('METHOD /path', sorted). This list
 * may only shrink: routing an endpoint without removing it here fails the test.
 */
const PENDING: string[] = [];

const ROOT = path.join(__dirname, '..', '..');
const SPEC_FILE = 'service-description.md';

/**
 * The documented provider that answers with a POST (`response_mode=form_post`) is written
 * `<form_post_provider>` in the spec. Of the usual social providers only Sign in with Apple
 * requires form_post, so the endpoint is taken to be the literal `POST
 * /store/auth/social/apple/callback`. A route with a path parameter in that one position
 * (`POST /store/auth/social/:provider/callback`) also serves it and counts as routing it.
 */
const FORM_POST_PLACEHOLDER = '<form_post_provider>';
const FORM_POST_PROVIDER = 'apple';

/**
 * The spec sits beside the repository (`../shared/spec`, as on CI and the developers' machines).
 * A clone elsewhere has no spec: the endpoint list then comes from the committed snapshot, which
 * is compared with the spec whenever the spec is there (and on CI the spec is required).
 */
const SNAPSHOT = path.join(__dirname, 'documented-endpoints.json');

function findSpec(): string | undefined {
  const candidates = [path.join(__dirname, '..', '..', '..', 'shared', 'spec', SPEC_FILE)];
  if (process.env.SPEC_DIR) candidates.push(path.join(process.env.SPEC_DIR, SPEC_FILE));
  const found = candidates.find((f) => fs.existsSync(f));
  if (!found && process.env.CI) throw new Error(`${SPEC_FILE} not found (tried ${candidates.join(', ')}); set SPEC_DIR to the directory that holds it`);
  return found;
}

/** every `:param` -> `:_`, so `/store/products/:product_id/reviews` equals `/store/products/:id/reviews` */
const normalisePath = (p: string) =>
  p
    .split('/')
    .map((s) => (s.startsWith(':') ? ':_' : s))
    .join('/');
const normalise = (endpoint: string) => {
  const [method, p] = endpoint.split(' ');
  return `${method} ${normalisePath(p)}`;
};

interface Documented {
  /** 'METHOD /path' as written in the spec (placeholder resolved) */
  endpoint: string;
  /** normalised forms that count as routing it */
  matches: string[];
  section: string;
}

/** The `| METHOD | `path` | … |` rows of section 4 ("Endpoints") of the service description. */
function documentedEndpoints(markdown: string): Documented[] {
  const lines = markdown.split(/\r?\n/);
  const start = lines.findIndex((l) => /^##\s+4\.?\s/.test(l));
  if (start < 0) throw new Error('section "## 4." (Endpoints) not found in the service description');
  const endRel = lines.slice(start + 1).findIndex((l) => /^##\s/.test(l));
  const section = endRel < 0 ? lines.slice(start) : lines.slice(start, start + 1 + endRel);
  const out: Documented[] = [];
  let heading = '4';
  for (const line of section) {
    const h = /^###\s+(\S+)/.exec(line);
    if (h) heading = h[1];
    const m = /^\|\s*(GET|POST|PUT|PATCH|DELETE)\s*\|\s*`([^`]+)`\s*\|/.exec(line);
    if (!m) continue;
    const [, method, raw] = m;
    if (raw.includes(FORM_POST_PLACEHOLDER)) {
      const endpoint = `${method} ${raw.replace(FORM_POST_PLACEHOLDER, FORM_POST_PROVIDER)}`;
      out.push({ endpoint, matches: [normalise(endpoint), normalise(`${method} ${raw.replace(FORM_POST_PLACEHOLDER, ':provider')}`)], section: heading });
    } else {
      if (/[<>{}*]/.test(raw)) throw new Error(`unexpected placeholder in documented path ${raw}: teach the contract test how to read it`);
      const endpoint = `${method} ${raw}`;
      out.push({ endpoint, matches: [normalise(endpoint)], section: heading });
    }
  }
  return out;
}

const routeKey = (r: RouteDef) => `${r.method} ${r.path}`;

/** true when express would hand a request for `later` to `earlier` first (same method) */
function shadows(earlier: RouteDef, later: RouteDef): boolean {
  if (earlier.method !== later.method) return false;
  const a = earlier.path.split('/');
  const b = later.path.split('/');
  return a.length === b.length && a.every((s, i) => s === b[i] || s.startsWith(':'));
}

describe('route contract', () => {
  const specFile = findSpec();
  const snapshot = JSON.parse(fs.readFileSync(SNAPSHOT, 'utf8')) as Documented[];
  const documented = specFile ? documentedEndpoints(fs.readFileSync(specFile, 'utf8')) : snapshot;

  it('keeps the committed endpoint snapshot equal to the spec', () => {
    if (!specFile) {
      console.log(`${SPEC_FILE} is not beside this clone: the committed snapshot ${path.basename(SNAPSHOT)} is used`);
      return;
    }
    if (process.env.UPDATE_ENDPOINT_SNAPSHOT === '1') fs.writeFileSync(SNAPSHOT, `${JSON.stringify(documented, null, 2)}\n`);
    expect(snapshot).toEqual(documented); // on a difference: UPDATE_ENDPOINT_SNAPSHOT=1 npx jest test/contract/routes.test.ts
  });
  const routed = new Set(ROUTES.map((r) => normalise(routeKey(r))));
  const isRouted = (d: Documented) => d.matches.some((m) => routed.has(m));

  describe('documented endpoints (section 4 of the service description)', () => {
    it('reads the endpoint tables', () => {
      expect(documented.length).toBeGreaterThan(100);
      const keys = documented.map((d) => normalise(d.endpoint));
      const dups = keys.filter((k, i) => keys.indexOf(k) !== i);
      expect(dups).toEqual([]);
      expect(documented.map((d) => d.endpoint)).toEqual(
        expect.arrayContaining(['POST /auth/customer/emailpass', 'GET /store/products/:id', 'POST /store/auth/social/apple/callback', 'GET /v1/setup-status']),
      );
    });

    it('every documented endpoint is routed or PENDING, and PENDING only lists unrouted documented endpoints', () => {
      const pending = new Set(PENDING.map(normalise));
      const routedDocs = documented.filter(isRouted);
      const missing = documented.filter((d) => !isRouted(d) && !pending.has(normalise(d.endpoint)));
      const nowRouted = routedDocs.filter((d) => pending.has(normalise(d.endpoint)));
      const docKeys = new Set(documented.map((d) => normalise(d.endpoint)));
      const unknown = PENDING.filter((p) => !docKeys.has(normalise(p)));
      const bySection = new Map<string, [number, number]>();
      for (const d of documented) {
        const [r, t] = bySection.get(d.section) ?? [0, 0];
        bySection.set(d.section, [r + (isRouted(d) ? 1 : 0), t + 1]);
      }
      console.log(
        `REST coverage: routed ${routedDocs.length} of ${documented.length} documented endpoints, ${PENDING.length} pending ` +
          `(${[...bySection].map(([s, [r, t]]) => `${s}: ${r}/${t}`).join(', ')}); ` +
          `${ROUTES.filter((r) => !documented.some((d) => d.matches.includes(normalise(routeKey(r))))).length} routes beyond the spec`,
      );
      const problems = [
        ...missing.map((d) => `documented endpoint ${d.endpoint} (section ${d.section}) is neither routed nor listed in PENDING`),
        ...nowRouted.map((d) => `${d.endpoint} is routed now: remove it from PENDING in test/contract/routes.test.ts`),
        ...unknown.map((p) => `PENDING lists ${p}, which is not a documented endpoint in ${specFile}`),
      ];
      if (problems.length) {
        const suggested = documented
          .filter((d) => !isRouted(d))
          .map((d) => d.endpoint)
          .sort();
        throw new Error(`${problems.join('\n')}\n\nPENDING as it should be now:\n${suggested.map((s) => `  '${s}',`).join('\n')}`);
      }
    });

    it('PENDING is sorted and has no duplicates', () => {
      expect(PENDING).toEqual([...new Set(PENDING)].sort());
    });
  });

  describe('route table', () => {
    it('has no two routes with the same method and path', () => {
      const keys = ROUTES.map((r) => normalise(routeKey(r)));
      const dups = ROUTES.filter((_r, i) => keys.indexOf(keys[i]) !== i).map(routeKey);
      expect(dups).toEqual([]);
    });

    it('has no route that an earlier one shadows (express matches in table order)', () => {
      const shadowed: string[] = [];
      ROUTES.forEach((later, i) => {
        const earlier = ROUTES.slice(0, i).find((e) => shadows(e, later));
        if (earlier) shadowed.push(`${routeKey(later)} is unreachable behind ${routeKey(earlier)}: register the static path first`);
      });
      expect(shadowed).toEqual([]);
    });

    it('routes live under /store/, /auth/, /admin/ or /v1/ and have a summary and a well-formed operation reference', () => {
      const bad: string[] = [];
      for (const r of ROUTES) {
        if (!/^\/(store|auth|admin|v1)\//.test(r.path)) bad.push(`${routeKey(r)}: path must start with /store/, /auth/, /admin/ or /v1/`);
        if (typeof r.summary !== 'string' || !r.summary.trim()) bad.push(`${routeKey(r)}: empty summary`);
        if (!/^[a-z][a-z0-9-]*\/[A-Z][A-Za-z0-9]*$/.test(r.operation)) bad.push(`${routeKey(r)}: operation '${r.operation}' is not '<domain>/<OperationName>'`);
      }
      expect(bad).toEqual([]);
    });
  });

  describe('operations', () => {
    let apiSchema: GraphQLSchema;
    let gateway: ApolloGateway;

    beforeAll(async () => {
      // the supergraph the platform composes at start, from the code (no database needed)
      const { supergraphSdl } = composeSupergraph(SUBGRAPHS);
      gateway = new ApolloGateway({ supergraphSdl, logger: { debug() {}, info() {}, warn() {}, error() {} } });
      apiSchema = (await gateway.load()).schema;
    });
    afterAll(() => gateway?.stop());

    it.each(ROUTES.map((r) => [routeKey(r), r] as const))('%s: one named operation that validates against the API schema', (_key, r) => {
      const name = r.operation.split('/')[1];
      let file: string;
      let source: string;
      try {
        ({ file, source } = operationSource(routeSources(SUBGRAPHS), r.operation));
      } catch (err) {
        throw new Error(`operation '${r.operation}' cannot be read: ${(err as Error).message}`);
      }
      const rel = path.relative(ROOT, file);
      const own = parse(fs.readFileSync(file, 'utf8'));
      const ops = own.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
      const others = own.definitions.filter((d) => d.kind !== Kind.OPERATION_DEFINITION && d.kind !== Kind.FRAGMENT_DEFINITION);
      if (ops.length !== 1 || others.length)
        throw new Error(`${rel} must hold exactly one operation (and fragments); it has ${ops.length} operations and ${others.length} other definitions`);
      if (ops[0].name?.value !== name)
        throw new Error(`${rel}: the operation is named '${ops[0].name?.value ?? '(anonymous)'}', expected '${name}' (the file name)`);
      // the document the facade sends: the operation plus the shared fragments it uses
      const errors = validate(apiSchema, parse(source));
      if (errors.length) throw new Error(`${rel} does not validate against the supergraph API schema:\n  ${errors.map((e) => e.message).join('\n  ')}`);
    });
  });

  describe('unknown routes (running platform)', () => {
    let p: PlatformClient;
    beforeAll(async () => {
      p = await sharedPlatform();
    });

    const notFound = { type: 'not_found', code: 'route_not_found', message: expect.stringMatching(/\S/) };

    it('answers an unknown path under /api with 404 route_not_found', async () => {
      const r = await p.api('GET', '/store/does-not-exist');
      expect(r.status).toBe(404);
      expect(r.headers.get('content-type')).toMatch(/application\/json/);
      expect(r.body).toEqual(notFound);
    });

    it('answers an unknown top-level path with 404 route_not_found', async () => {
      const res = await fetch(`${p.url}/nope`);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(await res.json()).toEqual(notFound);
    });
  });
});
