import './telemetry-off';
import fs from 'node:fs';
import os from 'node:os';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { composeServices } from '@apollo/composition';
import { parse, visit, type DocumentNode } from 'graphql';
import { assertPortsValid, portFiles, portPrefix, validatePorts, type DomainDefinition } from '@svc/kit';
import { composeSupergraph } from '@svc/gateway';
import { GATEWAY_PORTS, SUBGRAPHS_DIR, loadDomains } from '@svc/platform';
import { startTestPlatform } from '../support/platform';
import { GENERATED_FILE, PORTS_HEADER, apiSchemaOf, codeApiSchema } from '../../scripts/generate-ports';

/**
 * Ports contract: every operation a domain runs against another domain is declared in its
 * `src/ports/*.graphql`, validates against the supergraph composed from the code (with the same
 * function the start runs), is typed by a committed generated module that is not stale, and no
 * domain reaches into another one's package root or writes operations inline in service code.
 */

const DOMAINS = loadDomains();

/** computed once for the suite: building every subgraph's schema and composing them takes seconds, and is deterministic (schema.test.ts) */
function once<T>(make: () => T): () => T {
  let value: { v: T } | undefined;
  return () => (value ??= { v: make() }).v;
}
/** the API schema of the supergraph composed from the code */
const codeSchema = once(() => codeApiSchema(DOMAINS));
/** every domain's subgraph SDL, built from the code */
const codeSubgraphs = once(() => composeSupergraph(DOMAINS).subgraphs);

/** the domains' own source files (kit excluded: it is the shared library, not a domain) */
function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && e.name !== 'migrations') out.push(...sourceFiles(p));
    } else if (e.name.endsWith('.ts') && e.name !== GENERATED_FILE) out.push(p);
  }
  return out;
}
const rel = (f: string) => path.relative(path.join(SUBGRAPHS_DIR, '..'), f);

/** The subgraph SDL of `domain` with `type.field` renamed (what a provider's refactoring does). */
function renamedField(sdl: string, type: string, field: string, to: string): DocumentNode {
  let renamed = 0;
  const doc = visit(parse(sdl), {
    ObjectTypeDefinition(node) {
      if (node.name.value !== type) return undefined;
      return {
        ...node,
        fields: node.fields?.map((f) => (f.name.value === field ? (renamed++, { ...f, name: { ...f.name, value: to } }) : f)),
      };
    },
  });
  if (!renamed) throw new Error(`${type}.${field} is not in the subgraph`);
  return doc;
}

describe('ports contract', () => {
  it('every domain with a src/ports folder names it in its manifest, and every port file is a provider domain', () => {
    const names = new Set(DOMAINS.map((d) => d.name));
    for (const def of DOMAINS) {
      const dir = path.join(SUBGRAPHS_DIR, def.name, 'src', 'ports');
      const graphqlFiles = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.graphql')) : [];
      if (graphqlFiles.length) expect(`${def.name}: ${def.ports}`).toBe(`${def.name}: ${dir}`);
      for (const f of graphqlFiles) {
        const provider = path.basename(f, '.graphql');
        expect(`${def.name}/src/ports/${f}: ${names.has(provider) && provider !== def.name}`).toBe(`${def.name}/src/ports/${f}: true`);
      }
    }
    // the platform's own domains declare ports today (commerce adopts them after its checkout rewrite)
    const withPorts = DOMAINS.filter((d) => portFiles(d).length).map((d) => d.name);
    expect(withPorts).toEqual(expect.arrayContaining(['catalog', 'content', 'forms', 'localization', 'search', 'site']));
  });

  it('every port of every domain validates against the supergraph composed from the code', () => {
    const problems = validatePorts(DOMAINS, codeSchema());
    expect(problems).toEqual([]);
    // the start's check is the same function, and passes
    expect(() => assertPortsValid(DOMAINS, codeSchema())).not.toThrow();
  });

  it("the gateway's own port (identity's auth API, for a gateway without identity) validates, and a renamed auth field fails it", () => {
    expect(portFiles(GATEWAY_PORTS).map((f) => path.basename(f))).toEqual(['catalog.graphql', 'identity.graphql']);
    expect(validatePorts([GATEWAY_PORTS], codeSchema())).toEqual([]);
    const subgraphs = codeSubgraphs();
    const composed = composeServices(
      DOMAINS.map((d) => ({
        name: d.name,
        url: `http://${d.name}.local/graphql`,
        typeDefs: d.name === 'identity' ? renamedField(subgraphs.identity, 'Query', 'authSession', 'authSessionFacts') : parse(subgraphs[d.name]),
      })),
    );
    expect(composed.errors ?? []).toEqual([]);
    const problems = validatePorts([GATEWAY_PORTS], apiSchemaOf(composed.supergraphSdl!));
    expect(problems.map((p) => `${p.domain} ${p.operation}`)).toEqual(['gateway GatewaySession']);
  });

  it("a field renamed in the providing domain makes the consumers' ports fail, naming domain, operation and error", () => {
    const subgraphs = codeSubgraphs();
    // catalog renames Product.handle: search (a fragment), site (menus), localization (its seed) and the
    // assistant (products it acts on) read it
    const composed = composeServices(
      DOMAINS.map((d) => ({
        name: d.name,
        url: `http://${d.name}.local/graphql`,
        typeDefs: d.name === 'catalog' ? renamedField(subgraphs.catalog, 'Product', 'handle', 'url_handle') : parse(subgraphs[d.name]),
      })),
    );
    expect(composed.errors ?? []).toEqual([]);
    const schema = apiSchemaOf(composed.supergraphSdl!);
    const problems = validatePorts(DOMAINS, schema);
    const seen = problems.map((p) => `${p.domain} ${p.operation}: ${p.message}`);
    expect(seen).toEqual(
      expect.arrayContaining([
        'site SiteMenuProducts: Cannot query field "handle" on type "Product".',
        'search fragment SearchIndexProductFields: Cannot query field "handle" on type "Product".',
        'localization LocalizationDemoCatalogIds: Cannot query field "handle" on type "Product".',
      ]),
    );
    // nothing else fails: only the ports that read the renamed field
    expect(new Set(problems.map((p) => p.domain))).toEqual(new Set(['search', 'site', 'localization', 'assistant']));
    // and the start refuses with one message that names each of them
    expect(() => assertPortsValid(DOMAINS, schema)).toThrow(
      /domain site, operation SiteMenuProducts \(src\/ports\/catalog\.graphql\): Cannot query field "handle" on type "Product"/,
    );
  });

  it('the platform refuses to start when a port does not validate, naming domain, operation and error', async () => {
    const forms = DOMAINS.find((d) => d.name === 'forms')!;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ports-start-'));
    const declared = forms.ports;
    fs.writeFileSync(path.join(dir, 'media.graphql'), 'query FormsFileAsset($id: String!) {\n  media(id: $id) { id file_name }\n}\n');
    forms.ports = dir;
    try {
      await expect(startTestPlatform({ env: { WORKERS_DISABLED: 'true' } })).rejects.toThrow(
        /domain forms, operation FormsFileAsset \(src\/ports\/media\.graphql\): Cannot query field "file_name" on type "Media"/,
      );
    } finally {
      forms.ports = declared;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it("refuses anonymous operations, names without the consuming domain's prefix, duplicates and syntax errors", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ports-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'media.graphql'),
        'query { media(id: "x") { id } }\nquery OtherName($id: String!) { media(id: $id) { id } }\nquery ProbeTwin { __typename }\n',
      );
      fs.writeFileSync(path.join(dir, 'catalog.graphql'), 'query ProbeTwin { __typename }\nquery ProbeBroken { products( }\n');
      const probe = { name: 'probe', ports: dir } as DomainDefinition;
      const problems = validatePorts([probe], codeSchema()).map((p) => `${path.basename(p.file)} ${p.operation}: ${p.message}`);
      expect(problems).toEqual(
        expect.arrayContaining([
          'media.graphql undefined: every port operation must be named',
          'media.graphql OtherName: the operation\'s name must start with "Probe" (the consuming domain)',
          expect.stringMatching(/^catalog\.graphql undefined: Syntax Error/),
        ]),
      );
      expect(portPrefix('my-domain')).toBe('MyDomain');
      fs.writeFileSync(path.join(dir, 'catalog.graphql'), 'query ProbeTwin { __typename }\n');
      expect(validatePorts([probe], codeSchema()).map((p) => p.message)).toContain('the operation name is also used by probe (catalog.graphql)');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the committed src/ports/generated.ts of every domain equals what `npm run ports:generate` writes (no drift)', () => {
    // the generator runs as its own process (GraphQL Code Generator is partly ESM-only)
    const root = path.join(SUBGRAPHS_DIR, '..');
    const r = spawnSync(process.execPath, ['-r', './scripts/register.js', 'scripts/generate-ports.ts', '--check'], { cwd: root, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${r.stderr || r.stdout}`);
    expect(r.status).toBe(0);
    for (const def of DOMAINS.filter((d) => portFiles(d).length)) {
      const file = path.join(def.ports!, GENERATED_FILE);
      expect(`${rel(file)}: ${fs.existsSync(file) && fs.readFileSync(file, 'utf8').startsWith(PORTS_HEADER)}`).toBe(`${rel(file)}: true`);
    }
  }, 120_000);

  it("no domain imports another domain's package root: only its event contract (@svc/<domain>/events)", () => {
    const domains = new Set(DOMAINS.map((d) => d.name));
    const problems: string[] = [];
    for (const def of DOMAINS) {
      for (const file of sourceFiles(path.join(SUBGRAPHS_DIR, def.name, 'src'))) {
        const text = fs.readFileSync(file, 'utf8');
        for (const m of text.matchAll(/(?:from\s+|require\(\s*|import\(\s*)['"]@svc\/([a-z0-9-]+)(\/[^'"]*)?['"]/g)) {
          const [, pkg, sub] = m;
          if (pkg === def.name || !domains.has(pkg)) continue;
          if (sub !== '/events') problems.push(`${rel(file)} imports @svc/${pkg}${sub ?? ''}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("each publisher's event contract module imports only zod and the kit", async () => {
    for (const def of DOMAINS) {
      const file = path.join(SUBGRAPHS_DIR, def.name, 'src', 'events.ts');
      if (!fs.existsSync(file)) continue;
      const imports = [...fs.readFileSync(file, 'utf8').matchAll(/from\s+['"]([^'"]+)['"]/g)].map((m) => m[1]);
      expect(`${def.name}: ${imports.filter((i) => i !== 'zod' && i !== '@svc/kit').join(', ')}`).toBe(`${def.name}: `);
      const pkg = JSON.parse(fs.readFileSync(path.join(SUBGRAPHS_DIR, def.name, 'package.json'), 'utf8')) as { exports?: Record<string, string> };
      if (pkg.exports) expect(`${def.name}: ${pkg.exports['./events']}`).toBe(`${def.name}: ./src/events.ts`);
    }
    // the consumed ones resolve through their subpath
    expect(Object.keys((await import('@svc/catalog/events')).catalogEvents.schemas)).toContain('product.updated');
    expect(Object.keys((await import('@svc/content/events')).contentEvents.schemas)).toContain('blog_post.published');
  });

  it('service and seed code carries no GraphQL operation strings: operations live in src/ports/', () => {
    // webhook payload selections are documents tenants store, not the platform's own operations
    const problems: string[] = [];
    // the domains' code, and the platform's (the gateway asks identity through its own port)
    const dirs = [...DOMAINS.map((def) => path.join(SUBGRAPHS_DIR, def.name, 'src')), path.join(SUBGRAPHS_DIR, '..', 'platform', 'src')];
    for (const dir of dirs) {
      for (const file of sourceFiles(dir)) {
        if (/\/(rest|resolvers|types|inputs)\//.test(file)) continue;
        const text = fs.readFileSync(file, 'utf8');
        for (const m of text.matchAll(/['"`]\s*(query|mutation)\s+[A-Z][A-Za-z0-9_]*\s*[({]/g)) problems.push(`${rel(file)}: ${m[0]}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
