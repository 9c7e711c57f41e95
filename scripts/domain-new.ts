/**
 * `npm run domain:new -- <name> [--dry-run] [--root <dir>] [--skip-install]`: scaffolds a working
 * domain in `subgraphs/<name>/` with one example aggregate, `<Name>Item` (entity, generated
 * migration, events, inputs, types, service, resolver, reference resolver, REST routes and their
 * operations, demo seed) and its e2e test `test/e2e/<name>.test.ts`; then links the workspace
 * (`npm install`), generates the migration (`npm run migration:create -- <name> init`) and
 * regenerates the committed schema files and docker-compose.yml. Nothing else is edited: the
 * platform discovers the domain from its package.json (platform/src/domains.ts).
 *
 * The files are rendered from scripts/domain-template/**.tpl (`{{token}}` placeholders).
 *   --dry-run       print the files it would write and the steps it would run; write nothing
 *   --root <dir>    operate on another checkout of this repository (default: this one)
 *   --skip-install  link `node_modules/@svc/<name>` itself instead of running `npm install`
 *                   (the lockfile is not updated; run `npm install` later)
 * On a failure after writing, everything it wrote is removed again and the regenerated files are
 * restored, so a half-made domain never breaks the registry.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const TEMPLATE_DIR = path.join(__dirname, 'domain-template');

/** A bad name or argument: printed with the usage, exit code 2. */
class UsageError extends Error {}
/** `order` of generated domains in the registry (identity 10, catalog 20): after the core domains. */
export const DEFAULT_ORDER = 100;

const NAME_RE = /^[a-z][a-z0-9-]{1,30}$/;
/** kebab-case words, each starting with a letter (so `<Name>` converts back to the same snake_case) */
const KEBAB_RE = /^[a-z][a-z0-9]*(-[a-z][a-z0-9]*)*$/;
/** other workspaces (`@svc/<name>`), the facade's route source for test routes, PostgreSQL's own schemas, repository folders */
const RESERVED = new Set([
  'kit',
  'gateway',
  'platform',
  'rest-facade',
  'extra',
  'svc',
  'public',
  'information-schema',
  'schema',
  'scripts',
  'test',
  'tests',
  'shared',
  'node-modules',
]);

/** The names a domain's code uses, all derived from its kebab-case name. */
export interface DomainNames {
  /** kebab-case: folder, domain name, package `@svc/<name>`, REST paths (`gift-cards`) */
  name: string;
  /** PascalCase: classes and GraphQL types (`GiftCards` -> `GiftCardsItem`) */
  Name: string;
  /** camelCase: GraphQL root fields and variables (`giftCardsItems`) */
  camel: string;
  /** snake_case: PostgreSQL schema, tables, events, REST JSON keys (`gift_cards_item`) */
  snake: string;
  /** words, for prose (`gift cards`, `Gift cards`) */
  human: string;
  Human: string;
  /** id prefix of `<Name>Item` (`gift_01J…`) */
  prefix: string;
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Prefixes `newId('…')` already uses anywhere in the domains (ids are unique across the graph). */
function takenPrefixes(root: string): Set<string> {
  const taken = new Set<string>();
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts')) for (const m of fs.readFileSync(p, 'utf8').matchAll(/newId\(\s*['"]([a-z]+)['"]\s*\)/g)) taken.add(m[1]);
    }
  };
  for (const d of fs.existsSync(path.join(root, 'subgraphs')) ? fs.readdirSync(path.join(root, 'subgraphs')) : []) walk(path.join(root, 'subgraphs', d, 'src'));
  return taken;
}

/** 2–10 lowercase letters (what `looksLikeId` accepts): the name's first 4 letters unless taken. */
export function idPrefix(name: string, taken: ReadonlySet<string>): string {
  const letters = name.replace(/[^a-z]/g, '');
  const base = letters.length >= 2 ? letters : `${letters}it`;
  const candidates = [4, 5, 6, 7, 8, 9, 10].map((n) => base.slice(0, n));
  for (const c of 'abcdefghijklmnopqrstuvwxyz') candidates.push(`${base.slice(0, 3)}${c}`);
  const free = candidates.find((c) => c.length >= 2 && !taken.has(c));
  if (!free) throw new Error(`no free id prefix for "${name}"`);
  return free;
}

export function domainNames(name: string, taken: ReadonlySet<string> = new Set()): DomainNames {
  const words = name.split('-');
  const Name = words.map(cap).join('');
  const human = words.join(' ');
  return { name, Name, camel: Name.charAt(0).toLowerCase() + Name.slice(1), snake: words.join('_'), human, Human: cap(human), prefix: idPrefix(name, taken) };
}

// ---- the files of a new domain ----

interface TemplateFile {
  template: string;
  /** path relative to the repository root */
  target: (n: DomainNames) => string;
}

const d = (n: DomainNames, rel: string) => `subgraphs/${n.name}/${rel}`;

/** Every file the generator renders (the migration and its index are generated afterwards). */
export const TEMPLATE_FILES: TemplateFile[] = [
  { template: 'package.json.tpl', target: (n) => d(n, 'package.json') },
  { template: 'README.md.tpl', target: (n) => d(n, 'README.md') },
  { template: 'src/index.ts.tpl', target: (n) => d(n, 'src/index.ts') },
  { template: 'src/entities/item.entity.ts.tpl', target: (n) => d(n, `src/entities/${n.name}-item.entity.ts`) },
  { template: 'src/events.ts.tpl', target: (n) => d(n, 'src/events.ts') },
  { template: 'src/inputs/item.input.ts.tpl', target: (n) => d(n, `src/inputs/${n.name}-item.input.ts`) },
  { template: 'src/types/item.type.ts.tpl', target: (n) => d(n, `src/types/${n.name}-item.type.ts`) },
  { template: 'src/services/views.ts.tpl', target: (n) => d(n, 'src/services/views.ts') },
  { template: 'src/services/item.service.ts.tpl', target: (n) => d(n, `src/services/${n.name}-item.service.ts`) },
  { template: 'src/services/index.ts.tpl', target: (n) => d(n, 'src/services/index.ts') },
  { template: 'src/resolvers/item.resolver.ts.tpl', target: (n) => d(n, `src/resolvers/${n.name}-item.resolver.ts`) },
  { template: 'src/resolvers/item.reference.ts.tpl', target: (n) => d(n, `src/resolvers/${n.name}-item.reference.ts`) },
  { template: 'src/rest/routes.ts.tpl', target: (n) => d(n, 'src/rest/routes.ts') },
  { template: 'src/rest/operations/_fragments.graphql.tpl', target: (n) => d(n, 'src/rest/operations/_fragments.graphql') },
  { template: 'src/rest/operations/StoreItems.graphql.tpl', target: (n) => d(n, `src/rest/operations/Store${n.Name}Items.graphql`) },
  { template: 'src/rest/operations/StoreItem.graphql.tpl', target: (n) => d(n, `src/rest/operations/Store${n.Name}Item.graphql`) },
  { template: 'src/seed/demo-seed.ts.tpl', target: (n) => d(n, 'src/seed/demo-seed.ts') },
  { template: 'src/ports/README.md.tpl', target: (n) => d(n, 'src/ports/README.md') },
  { template: 'test/e2e/domain.test.ts.tpl', target: (n) => `test/e2e/${n.name}.test.ts` },
];

/** Replaces every `{{token}}`; an unknown token is a bug in a template. */
export function render(text: string, tokens: Record<string, string>, what = 'template'): string {
  const out = text.replace(/\{\{(\w+)\}\}/g, (m, key: string) => {
    if (!(key in tokens)) throw new Error(`${what}: unknown placeholder ${m}`);
    return tokens[key];
  });
  return out;
}

function tokensFor(root: string, n: DomainNames): Record<string, string> {
  const kit = JSON.parse(fs.readFileSync(path.join(root, 'subgraphs', 'kit', 'package.json'), 'utf8')) as {
    version: string;
    dependencies: Record<string, string>;
  };
  return {
    name: n.name,
    Name: n.Name,
    camel: n.camel,
    snake: n.snake,
    human: n.human,
    Human: n.Human,
    prefix: n.prefix,
    order: String(DEFAULT_ORDER),
    kitVersion: kit.version,
    zodVersion: kit.dependencies.zod ?? '^4.1.12',
    mikroOrmVersion: kit.dependencies['@mikro-orm/core'],
    typeGraphqlVersion: kit.dependencies['type-graphql'],
  };
}

export interface Plan {
  root: string;
  names: DomainNames;
  /** relative path -> content */
  files: Map<string, string>;
}

/** Why `name` cannot become a domain in `root` (empty when it can). */
export function problemsWith(root: string, name: string): string[] {
  if (!NAME_RE.test(name))
    return [`"${name}" is not a domain name: 2–31 characters, lowercase letters, digits and dashes, starting with a letter (${NAME_RE})`];
  if (!KEBAB_RE.test(name)) return [`"${name}" is not kebab-case: words of lowercase letters and digits, each starting with a letter, joined by single dashes`];
  const problems: string[] = [];
  if (RESERVED.has(name) || name.startsWith('pg-')) problems.push(`"${name}" is reserved`);
  const n = domainNames(name);
  if (fs.existsSync(path.join(root, 'subgraphs', name))) problems.push(`subgraphs/${name} already exists`);
  if (fs.existsSync(path.join(root, 'node_modules', '@svc', name))) problems.push(`node_modules/@svc/${name} already exists (a workspace of that name)`);
  if (fs.existsSync(path.join(root, 'test', 'e2e', `${name}.test.ts`))) problems.push(`test/e2e/${name}.test.ts already exists`);
  for (const folder of fs.existsSync(path.join(root, 'subgraphs')) ? fs.readdirSync(path.join(root, 'subgraphs')) : []) {
    const index = path.join(root, 'subgraphs', folder, 'src', 'index.ts');
    if (fs.existsSync(index) && new RegExp(`dbSchema:\\s*['"]${n.snake}['"]`).test(fs.readFileSync(index, 'utf8'))) {
      problems.push(`the PostgreSQL schema "${n.snake}" belongs to subgraphs/${folder}`);
    }
    const routes = path.join(root, 'subgraphs', folder, 'src', 'rest', 'routes.ts');
    if (fs.existsSync(routes) && fs.readFileSync(routes, 'utf8').includes(`'/store/${name}-items`))
      problems.push(`subgraphs/${folder} already routes /store/${name}-items`);
  }
  const supergraph = path.join(root, 'schema', 'supergraph.graphql');
  if (fs.existsSync(supergraph)) {
    const sdl = fs.readFileSync(supergraph, 'utf8');
    for (const graphqlName of [
      `${n.Name}Item`,
      `${n.Name}ItemList`,
      `Create${n.Name}ItemInput`,
      `Update${n.Name}ItemInput`,
      `${n.camel}Items`,
      `${n.camel}Item`,
      `create${n.Name}Item`,
      `update${n.Name}Item`,
    ]) {
      if (new RegExp(`\\b${graphqlName}\\b`).test(sdl)) problems.push(`the supergraph already has a type or field named ${graphqlName}`);
    }
  }
  return problems;
}

/** The files of domain `name` in `root`, rendered (throws with every problem when it cannot be made). */
export function planDomain(root: string, name: string): Plan {
  const problems = problemsWith(root, name);
  if (problems.length) throw new UsageError(problems.join('\n'));
  const names = domainNames(name, takenPrefixes(root));
  const tokens = tokensFor(root, names);
  const files = new Map<string, string>();
  for (const f of TEMPLATE_FILES) {
    files.set(f.target(names), render(fs.readFileSync(path.join(TEMPLATE_DIR, f.template), 'utf8'), tokens, f.template));
  }
  return { root, names, files };
}

// ---- running the steps ----

/** The environment for npm and scripts in `root`: without this process's npm and SWC settings (they name this checkout). */
function childEnv(): NodeJS.ProcessEnv {
  const keep = new Set(['npm_config_cache', 'npm_config_userconfig', 'npm_config_globalconfig', 'npm_config_registry']);
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (k === 'SWC_NODE_PROJECT' || k === 'INIT_CWD' || (k.startsWith('npm_') && !keep.has(k))) continue;
    env[k] = v;
  }
  return env;
}

function run(root: string, command: string, args: string[]): void {
  console.log(`\n$ ${[command, ...args].join(' ')}`);
  const r = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: childEnv() });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`${[command, ...args].join(' ')} failed (exit code ${r.status ?? r.signal})`);
}

const isInside = (child: string, parent: string) => child === parent || child.startsWith(parent + path.sep);

/** Refuses to write a node_modules that resolves into another checkout (a symlinked node_modules). */
function assertOwnNodeModules(root: string): void {
  const realRoot = fs.realpathSync(root);
  for (const rel of ['node_modules', path.join('node_modules', '@svc')]) {
    const p = path.join(root, rel);
    if (!fs.existsSync(p)) continue;
    const real = fs.realpathSync(p);
    if (!isInside(real, realRoot)) {
      throw new Error(
        `${p} resolves to ${real}, outside ${realRoot}: linking the new domain there would change another checkout. Make ${rel} a real directory of ${root}.`,
      );
    }
  }
}

/** `--skip-install`: the workspace link npm would make, `node_modules/@svc/<name> -> ../../subgraphs/<name>`. */
function linkWorkspace(root: string, name: string): string {
  const svc = path.join(root, 'node_modules', '@svc');
  if (!fs.existsSync(svc)) throw new Error(`${svc} does not exist: run npm install in ${root} once first`);
  const link = path.join(svc, name);
  fs.symlinkSync(path.relative(svc, path.join(root, 'subgraphs', name)), link, 'dir');
  return link;
}

interface Options {
  name?: string;
  root: string;
  dryRun: boolean;
  skipInstall: boolean;
  help: boolean;
}

const USAGE = `usage: npm run domain:new -- <name> [--dry-run] [--root <dir>] [--skip-install]
  <name>          kebab-case domain name, e.g. loyalty or gift-cards
  --dry-run       print the files it would write; write nothing
  --root <dir>    operate on another checkout of this repository
  --skip-install  link node_modules/@svc/<name> instead of running npm install`;

function parseArgs(argv: string[]): Options {
  const o: Options = { root: path.resolve(__dirname, '..'), dryRun: false, skipInstall: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--dry-run') o.dryRun = true;
    else if (a === '--skip-install' || a === '--no-install') o.skipInstall = true;
    else if (a === '-h' || a === '--help') o.help = true;
    else if (a === '--root' || a.startsWith('--root=')) {
      const v = a === '--root' ? argv[++i] : a.slice('--root='.length);
      if (!v) throw new UsageError('--root needs a directory');
      o.root = path.resolve(v);
    } else if (a.startsWith('-')) throw new UsageError(`unknown option ${a}`);
    else if (o.name) throw new UsageError(`one name only (got "${o.name}" and "${a}")`);
    else o.name = a;
  }
  return o;
}

function checkRoot(root: string): void {
  const pkgFile = path.join(root, 'package.json');
  const pkg = fs.existsSync(pkgFile) ? (JSON.parse(fs.readFileSync(pkgFile, 'utf8')) as { workspaces?: string[] }) : undefined;
  if (
    !pkg?.workspaces?.includes('subgraphs/*') ||
    !fs.existsSync(path.join(root, 'subgraphs', 'kit', 'package.json')) ||
    !fs.existsSync(path.join(root, 'scripts', 'migration-create.ts'))
  ) {
    throw new UsageError(
      `${root} is not a checkout of this repository (package.json with the subgraphs/* workspaces, subgraphs/kit, scripts/migration-create.ts)`,
    );
  }
}

const readIfExists = (file: string): string | undefined => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined);

/** Files the steps regenerate (every schema file): their content before (undefined: absent), restored on a failure. */
function snapshot(root: string, name: string): Map<string, string | undefined> {
  const sdl = (dir: string) =>
    fs.existsSync(path.join(root, dir))
      ? fs
          .readdirSync(path.join(root, dir))
          .filter((f) => f.endsWith('.graphql'))
          .map((f) => `${dir}/${f}`)
      : [];
  const files = new Set(['package-lock.json', 'docker-compose.yml', ...sdl('schema'), ...sdl('schema/subgraphs'), `schema/subgraphs/${name}.graphql`]);
  return new Map([...files].sort().map((f) => [f, readIfExists(path.join(root, f))]));
}

async function main(): Promise<void> {
  const o = parseArgs(process.argv.slice(2));
  if (o.help) {
    console.log(USAGE);
    return;
  }
  if (!o.name) throw new UsageError('a domain name is required');
  checkRoot(o.root);
  const plan = planDomain(o.root, o.name);
  const { names: n, root } = plan;
  const rel = (p: string) => path.relative(root, p) || '.';
  const migrationsDir = path.join(root, 'subgraphs', n.name, 'src', 'migrations');
  const steps = [
    o.skipInstall ? `link node_modules/@svc/${n.name} -> ../../subgraphs/${n.name}` : 'npm install --no-audit --no-fund',
    `npm run migration:create -- ${n.name} init`,
    'npm run schema:generate',
    'npm run compose:generate',
  ];

  if (o.dryRun) {
    console.log(`domain:new ${n.name} (dry run, nothing written) in ${root}`);
    console.log(
      `  names: ${n.Name}Item (GraphQL type, entity), ${n.camel}Items / ${n.camel}Item (queries), create${n.Name}Item / update${n.Name}Item (mutations),`,
    );
    console.log(
      `         schema "${n.snake}", table ${n.snake}.${n.snake}_item, ids ${n.prefix}_…, events ${n.snake}_item.created / .updated, GET /store/${n.name}-items[/:id]`,
    );
    console.log('  would write:');
    for (const [file, content] of plan.files) console.log(`    ${file} (${content.split('\n').length} lines)`);
    console.log(`    subgraphs/${n.name}/src/migrations/index.ts and Migration<timestamp>_init.ts (generated by migration:create)`);
    console.log('  would run:');
    for (const s of steps) console.log(`    ${s}`);
    return;
  }

  assertOwnNodeModules(root);
  const before = snapshot(root, n.name);
  const domainDir = path.join(root, 'subgraphs', n.name);
  const testFile = path.join(root, 'test', 'e2e', `${n.name}.test.ts`);
  const link = path.join(root, 'node_modules', '@svc', n.name);
  try {
    for (const [file, content] of plan.files) {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), content);
    }
    // an empty migration list, so the manifest loads before the first migration exists
    fs.mkdirSync(migrationsDir, { recursive: true });
    const { writeIndex } = await import('./migration-create');
    writeIndex(migrationsDir);
    console.log(`wrote ${plan.files.size + 1} files for domain ${n.name}`);

    if (o.skipInstall) console.log(`\nlinked ${rel(linkWorkspace(root, n.name))}`);
    else run(root, 'npm', ['install', '--no-audit', '--no-fund']);
    // the outbox table and its trigger come from the kit migrations: the diff holds the domain's own tables
    run(root, 'npm', ['run', 'migration:create', '--', n.name, 'init']);
    run(root, 'npm', ['run', 'schema:generate']);
    run(root, 'npm', ['run', 'compose:generate']);
    // the generated code in the project's style, so `npm run lint` passes on a new domain
    run(root, 'npx', ['prettier', '--write', '--log-level', 'warn', rel(domainDir), rel(testFile)]);
  } catch (err) {
    console.error(`\ndomain:new ${n.name} failed; removing what it wrote`);
    fs.rmSync(domainDir, { recursive: true, force: true });
    fs.rmSync(testFile, { force: true });
    if (fs.lstatSync(link, { throwIfNoEntry: false })) fs.unlinkSync(link);
    for (const [file, content] of before) {
      const p = path.join(root, file);
      if (content === undefined) fs.rmSync(p, { force: true });
      else if (readIfExists(p) !== content) fs.writeFileSync(p, content);
    }
    throw err;
  }

  const created = [...plan.files.keys(), ...fs.readdirSync(migrationsDir).map((f) => rel(path.join(migrationsDir, f)))].sort();
  const regenerated = [...before].filter(([f, was]) => readIfExists(path.join(root, f)) !== was).map(([f, was]) => `  ${was === undefined ? '+' : '~'} ${f}`);
  console.log(`
Domain ${n.name} created in ${root}:
${created.map((f) => `  + ${f}`).join('\n')}
${regenerated.join('\n')}
  + node_modules/@svc/${n.name} -> ../../subgraphs/${n.name}${o.skipInstall ? ' (linked; run npm install to add the workspace to package-lock.json)' : ''}

It serves ${n.Name}Item in the graph (queries ${n.camel}Items, ${n.camel}Item; admin mutations create${n.Name}Item,
update${n.Name}Item), GET /api/store/${n.name}-items[/:id] with a publishable key, events ${n.snake}_item.created/.updated,
table ${n.snake}.${n.snake}_item (ids ${n.prefix}_…), and 3 demo items in the demo store.

Next steps:
  1. npx jest test/e2e/${n.name}.test.ts            the scaffold's own test
  2. Make ${n.Name}Item this domain's real aggregate (entity, inputs, types, service, resolver,
     routes, operations, seed, test), then:
       npm run migration:create -- ${n.name} <label>   (a migration from the entity changes)
       npm run schema:generate                         (the committed SDL files and every domain's ports)
     What it uses of other domains goes in src/ports/<provider>.graphql (see its README.md),
     typed by npm run ports:generate (src/ports/generated.ts, committed).
  3. npm test                                         (typecheck and the contract tests)
  4. Commit subgraphs/${n.name}, test/e2e/${n.name}.test.ts and the regenerated files above.`);
}

if (require.main === module) {
  main().catch((err) => {
    if (err instanceof UsageError) {
      console.error(`domain:new: ${err.message}\n\n${USAGE}`);
      process.exit(2);
    }
    console.error(err);
    process.exit(1);
  });
}
