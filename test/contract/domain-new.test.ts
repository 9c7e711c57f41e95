import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshDatabase } from '../support/db';
import { planDomain } from '../../scripts/domain-new';

/**
 * `npm run domain:new` scaffolds a working domain. In a copy of this repository (never the
 * repository itself), the generator creates one domain end to end (files, migration, link, schema,
 * compose service), checked file by file. A dashed name's files are planned in process (the same
 * templates and steps; its name conversions are checked in the rendered files, and nothing is
 * written). Then one child jest on this run's PostgreSQL runs the generated domain's e2e test (its
 * REST and GraphQL doors, tenant isolation, events, the seed hook, and its keyed type resolved by
 * reference as the gateway asks). That the new domain composes is the generation's own check
 * (schema:generate composes the supergraph or fails); the committed files it writes are checked
 * below; the repository-wide contract suites (schema, compose, entities) run on the repository
 * itself, not again in the copy. The generated files type-check under the repository's compiler options, and
 * generating changed no other TypeScript file (the rest is the repository's own, which
 * `npm run typecheck` checks). The route table's own rules are checked on the repository by
 * routes.test.ts; the new domain's routes are called by its e2e test. The generation's migration
 * diff runs against an empty database of this run's PostgreSQL.
 *
 * The copy has no .git, node_modules, .data or .test-data. Its node_modules is a real directory of
 * symlinks to this repository's entries, except `@svc`: a real directory whose relative links
 * (`../../subgraphs/<x>`) resolve inside the copy, so the generator links the new domain there
 * (`--skip-install`) and not in this repository's node_modules.
 */
const ROOT = path.resolve(__dirname, '..', '..');
/** unlikely names for real domains: the test needs them free in this repository */
const NAME = 'gadgets';
const DASHED = 'gizmo-kits';

interface Result {
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
}

/** The environment of the children: none of this run's npm, SWC, jest or test-database settings (they name this checkout). */
function childEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  const drop = (k: string) =>
    k.startsWith('npm_') ||
    k.startsWith('JEST_') ||
    ['INIT_CWD', 'SWC_NODE_PROJECT', 'TEST_PG_SERVER_URL', 'TEST_TEMPLATE_DB', 'UPDATE_ENDPOINT_SNAPSHOT'].includes(k);
  for (const [k, v] of Object.entries(process.env)) if (!drop(k)) env[k] = v;
  // the service description beside this clone, for the route contract (TEST_DATABASE_URL passes through)
  const spec = path.resolve(ROOT, '..', 'shared', 'spec');
  if (fs.existsSync(spec)) env.SPEC_DIR = spec;
  // this checkout's code cache (scripts/compile-cache.js): the copy's packages are links to this
  // checkout's, so their modules are the same files (the copy's own sources get entries of their own)
  env.SVC_COMPILE_CACHE ??= path.join(ROOT, 'node_modules', '.cache', 'svc-compile');
  return { ...env, ...extra };
}

function run(cwd: string, command: string, args: string[], timeoutMs: number, env: NodeJS.ProcessEnv = {}): Promise<Result> {
  const t0 = Date.now();
  return new Promise((resolve) => {
    execFile(command, args, { cwd, env: childEnv(env), timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      resolve({ code, stdout: String(stdout), stderr: String(stderr), ms: Date.now() - t0 });
    });
  });
}

const tail = (r: Result, lines = 80) => `${r.stdout}\n${r.stderr}`.split('\n').slice(-lines).join('\n');
/** fails with the end of the output */
function expectOk(what: string, r: Result): void {
  if (r.code !== 0) throw new Error(`${what} failed (exit code ${r.code}):\n${tail(r)}`);
}

/** Every file under `dir` (node_modules and .test-data left out), relative and sorted. */
function listing(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name === '.test-data') continue;
      const p = path.join(rel, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(p);
    }
  };
  walk('');
  return out.sort();
}

/** The repository without .git, node_modules, runtime data and ignored output. */
function copyRepository(to: string): void {
  const top = new Set(['.git', 'node_modules', '.data', '.test-data', 'coverage']);
  fs.cpSync(ROOT, to, {
    recursive: true,
    verbatimSymlinks: true,
    filter: (src) => {
      const rel = path.relative(ROOT, src);
      if (!rel) return true;
      const parts = rel.split(path.sep);
      return !top.has(parts[0]) && !parts.includes('node_modules') && rel !== path.join('bench', 'results') && !rel.endsWith('.log');
    },
  });
}

/** node_modules of the copy: links to this repository's entries; `@svc` a real directory of relative links into the copy. */
function linkNodeModules(copy: string): void {
  const from = path.join(ROOT, 'node_modules');
  const to = path.join(copy, 'node_modules');
  fs.mkdirSync(path.join(to, '@svc'), { recursive: true });
  for (const e of fs.readdirSync(from)) {
    if (e === '@svc' || e === '.cache') continue; // .cache: tools writing caches would write here
    fs.symlinkSync(path.join(from, e), path.join(to, e));
  }
  for (const e of fs.readdirSync(path.join(from, '@svc'))) {
    const target = fs.readlinkSync(path.join(from, '@svc', e));
    const resolved = path.resolve(to, '@svc', target);
    if (path.isAbsolute(target) || !resolved.startsWith(copy + path.sep))
      throw new Error(`node_modules/@svc/${e} -> ${target} would not resolve inside the copy`);
    fs.symlinkSync(target, path.join(to, '@svc', e));
  }
}

/** Stops an embedded PostgreSQL a killed child jest left running under the copy. */
function stopLeftoverPostgres(copy: string): void {
  const dir = path.join(copy, '.test-data');
  if (!fs.existsSync(dir)) return;
  for (const run of fs.readdirSync(dir)) {
    const pidFile = path.join(dir, run, 'pg', 'postmaster.pid');
    if (!fs.existsSync(pidFile)) continue;
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    try {
      if (pid > 0) process.kill(pid, 'SIGINT');
    } catch {
      /* already gone */
    }
  }
}

/** What the real repository must never gain from this test. */
const artefacts = (name: string) => [`subgraphs/${name}`, `test/e2e/${name}.test.ts`, `node_modules/@svc/${name}`, `schema/subgraphs/${name}.graphql`];
const existsIn = (root: string, rel: string) => !!fs.lstatSync(path.join(root, rel), { throwIfNoEntry: false });

describe('npm run domain:new (in a copy of the repository)', () => {
  let tmp: string;
  let copy: string;
  const timings: string[] = [];
  const domainNew = (args: string[], script = path.join(copy, 'scripts', 'domain-new.ts'), env: NodeJS.ProcessEnv = {}) =>
    // a generation runs four generators in child processes: minutes on a busy 2-core machine
    run(copy, process.execPath, ['-r', path.join(path.dirname(script), 'register.js'), script, ...args, '--root', copy], 300_000, env);
  /** a generation; its migration:create diffs against an empty database of this run's PostgreSQL (MIGRATION_DATABASE_URL), not a PostgreSQL of its own */
  const generate = async (name: string) => {
    const db = await freshDatabase({ empty: true });
    try {
      return await timed(`domain:new ${name}`, domainNew([name, '--skip-install'], undefined, { MIGRATION_DATABASE_URL: db.url }));
    } finally {
      await db.drop();
    }
  };
  const timed = async (what: string, r: Promise<Result>) => {
    const res = await r;
    timings.push(`${what}: ${(res.ms / 1000).toFixed(1)} s`);
    return res;
  };

  beforeAll(() => {
    for (const name of [NAME, DASHED]) {
      for (const rel of artefacts(name)) if (existsIn(ROOT, rel)) throw new Error(`${rel} exists in the repository: this test needs the name "${name}" free`);
    }
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'domain-new-'));
    copy = path.join(tmp, 'repo');
    const t0 = Date.now();
    copyRepository(copy);
    linkNodeModules(copy);
    timings.push(`copy: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }, 120_000);

  afterAll(() => {
    if (copy) stopLeftoverPostgres(copy);
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
    console.log(`domain:new test timings: ${timings.join(', ')}`);
    // nothing reached the real repository
    for (const name of [NAME, DASHED]) for (const rel of artefacts(name)) expect(`${rel}: ${existsIn(ROOT, rel)}`).toBe(`${rel}: false`);
  });

  it('refuses bad, reserved and taken names; --dry-run prints the plan and writes nothing', async () => {
    for (const [name, message] of [
      ['Bad_Name', /not a domain name/],
      ['x', /not a domain name/],
      ['a--b', /not kebab-case/],
      ['web-2go', /not kebab-case/],
      ['kit', /reserved/],
      ['catalog', /subgraphs\/catalog already exists/],
    ] as const) {
      const r = await domainNew([name, '--dry-run']);
      expect(`${name}: ${r.code}`).toBe(`${name}: 2`);
      expect(r.stderr).toMatch(message);
    }
    const before = listing(copy);
    // the repository's own script, pointed at the copy: --root decides where, not the script's location
    const dry = await domainNew([DASHED, '--dry-run'], path.join(ROOT, 'scripts', 'domain-new.ts'));
    expectOk('domain:new --dry-run', dry);
    expect(dry.stdout).toContain(`in ${copy}`);
    for (const expected of [
      'GizmoKitsItem (GraphQL type, entity), gizmoKitsItems / gizmoKitsItem (queries), createGizmoKitsItem / updateGizmoKitsItem (mutations)',
      'schema "gizmo_kits", table gizmo_kits.gizmo_kits_item, ids gizm_…, events gizmo_kits_item.created / .updated, GET /store/gizmo-kits-items[/:id]',
      'subgraphs/gizmo-kits/src/entities/gizmo-kits-item.entity.ts',
      'subgraphs/gizmo-kits/src/rest/operations/StoreGizmoKitsItems.graphql',
      'test/e2e/gizmo-kits.test.ts',
    ]) {
      expect(dry.stdout).toContain(expected);
    }
    expect(listing(copy)).toEqual(before);
  }, 120_000);

  it(
    `scaffolds "${NAME}": the domain's files, its migration, package, link, schema and compose service`,
    async () => {
      const gen = await generate(NAME);
      expectOk(`domain:new ${NAME}`, gen);
      const dir = path.join(copy, 'subgraphs', NAME);
      for (const rel of [
        'package.json',
        'src/index.ts',
        'src/entities/gadgets-item.entity.ts',
        'src/events.ts',
        'src/inputs/gadgets-item.input.ts',
        'src/types/gadgets-item.type.ts',
        'src/services/index.ts',
        'src/services/views.ts',
        'src/services/gadgets-item.service.ts',
        'src/resolvers/gadgets-item.resolver.ts',
        'src/resolvers/gadgets-item.reference.ts',
        'src/rest/routes.ts',
        'src/rest/operations/_fragments.graphql',
        'src/rest/operations/StoreGadgetsItems.graphql',
        'src/rest/operations/StoreGadgetsItem.graphql',
        'src/seed/demo-seed.ts',
        'src/migrations/index.ts',
      ]) {
        expect(`${rel}: ${fs.existsSync(path.join(dir, rel))}`).toBe(`${rel}: true`);
      }
      const migrations = fs.readdirSync(path.join(dir, 'src', 'migrations')).filter((f) => /^Migration\d{14}_init\.ts$/.test(f));
      expect(migrations).toHaveLength(1);
      expect(fs.readFileSync(path.join(dir, 'src', 'migrations', migrations[0]), 'utf8')).toContain('create table "gadgets"."gadgets_item"');
      expect(fs.readFileSync(path.join(dir, 'src', 'migrations', 'index.ts'), 'utf8')).toContain(migrations[0].replace(/\.ts$/, ''));
      expect(JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'))).toMatchObject({
        name: '@svc/gadgets',
        main: 'src/index.ts',
        svc: { domain: { order: 100 } },
      });
      expect(fs.readlinkSync(path.join(copy, 'node_modules', '@svc', NAME))).toBe(path.join('..', '..', 'subgraphs', NAME));
      expect(fs.existsSync(path.join(copy, 'test', 'e2e', `${NAME}.test.ts`))).toBe(true);
      expect(fs.readFileSync(path.join(copy, 'schema', 'subgraphs', `${NAME}.graphql`), 'utf8')).toContain('type GadgetsItem @key(fields: "id")');
      expect(fs.readFileSync(path.join(copy, 'schema', 'supergraph.graphql'), 'utf8')).toContain('GADGETS @join__graph(name: "gadgets"');
      expect(fs.readFileSync(path.join(copy, 'docker-compose.yml'), 'utf8')).toContain('command: npm run subgraph -- gadgets\n');
    },
    6 * 60_000,
  );

  it(`renders a dashed name ("${DASHED}") with every name conversion in its files (planned in process: one generation runs end to end)`, () => {
    const plan = planDomain(copy, DASHED);
    const file = (rel: string) => {
      const text = plan.files.get(rel);
      if (text === undefined) throw new Error(`${rel} is not in the plan: ${[...plan.files.keys()].join(', ')}`);
      return text;
    };
    expect(file(`subgraphs/${DASHED}/src/index.ts`)).toContain("name: 'gizmo-kits',\n  dbSchema: 'gizmo_kits',");
    expect(JSON.parse(file(`subgraphs/${DASHED}/package.json`))).toMatchObject({ name: '@svc/gizmo-kits', svc: { domain: { order: 100 } } });
    expect(file(`subgraphs/${DASHED}/src/entities/gizmo-kits-item.entity.ts`)).toMatch(/class GizmoKitsItem\b/);
    expect(file(`subgraphs/${DASHED}/src/rest/operations/StoreGizmoKitsItems.graphql`)).toContain('gizmoKitsItems');
    expect(file(`subgraphs/${DASHED}/src/rest/routes.ts`)).toContain('/store/gizmo-kits-items');
    const test = file(`test/e2e/${DASHED}.test.ts`);
    for (const expected of [
      "from '@svc/gizmo-kits'",
      'demoGizmoKitsItems',
      'GizmoKitsServices',
      '/store/gizmo-kits-items',
      '"gizmo_kits".outbox_event',
      '"gizmo_kits".gizmo_kits_item',
      'gizmo_kits_item.created',
      'createGizmoKitsItem(input: $input)',
      'gizmoKitsItems(order: "title")',
      '/^gizm_[0-9A-Z]{26}$/',
    ]) {
      expect(test).toContain(expected);
    }
    // no placeholder is left in any file, and planning wrote nothing
    for (const [rel, text] of plan.files) expect(`${rel}: ${/\{\{\w+\}\}/.test(text)}`).toBe(`${rel}: false`);
    expect(existsIn(copy, `subgraphs/${DASHED}`)).toBe(false);
  });

  it(
    "the generated domain's e2e test passes (one child jest)",
    async () => {
      const suites = [`test/e2e/${NAME}.test.ts`];
      // on this run's PostgreSQL (a template database of its own), not a second embedded one
      const server = process.env.TEST_DATABASE_URL ?? process.env.TEST_PG_SERVER_URL;
      const jest = await timed('jest (generated e2e)', run(copy, 'npx', ['jest', ...suites], 600_000, server ? { TEST_DATABASE_URL: server } : {}));
      for (const m of jest.stderr.matchAll(/^(?:PASS|FAIL) (\S+) \(([\d.]+) s\)/gm)) timings.push(`  ${m[1]}: ${m[2]} s`);
      expectOk(`jest ${suites.join(' ')}`, jest);
      expect(jest.stderr).toMatch(new RegExp(`Test Suites: ${suites.length} passed, ${suites.length} total`));
    },
    15 * 60_000,
  );

  it(
    "the generated domain type-checks under the repository's compiler options, and no other TypeScript file changed",
    async () => {
      expect(fs.existsSync(path.join(copy, 'subgraphs', NAME, 'src', 'index.ts'))).toBe(true);
      const generated = [NAME].flatMap((n) => [`subgraphs/${n}/src`, `test/e2e/${n}.test.ts`]);
      const isGenerated = (rel: string) => generated.some((g) => rel === g || rel.startsWith(`${g}/`));
      // every other TypeScript file of the copy is the repository's own, which `npm run typecheck` checks:
      // the program of the generated files (and what they import) is all that can fail
      const changed = listing(copy).filter(
        (rel) =>
          rel.endsWith('.ts') &&
          !isGenerated(rel) &&
          (!existsIn(ROOT, rel) || fs.readFileSync(path.join(copy, rel), 'utf8') !== fs.readFileSync(path.join(ROOT, rel), 'utf8')),
      );
      expect(changed).toEqual([]);
      const config = { extends: './tsconfig.json', include: generated.map((g) => (g.endsWith('.ts') ? g : `${g}/**/*.ts`)) };
      fs.writeFileSync(path.join(copy, 'tsconfig.generated.json'), JSON.stringify(config));
      const tsc = await timed('tsc', run(copy, 'npx', ['tsc', '-p', 'tsconfig.generated.json', '--noEmit'], 300_000));
      expectOk('tsc -p tsconfig.generated.json --noEmit', tsc);
    },
    6 * 60_000,
  );
});
