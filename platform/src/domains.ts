import fs from 'node:fs';
import path from 'node:path';
import type { DomainDefinition } from '@svc/kit';

/**
 * The domain registry: every `subgraphs/<name>` package whose package.json carries
 * `"svc": { "domain": { "order": N } }` is a domain; its `src/index.ts` exports the manifest as
 * `domain`. Adding a domain is creating its folder (`npm run domain:new -- <name>`); nothing lists
 * domains by hand. `order` sets migration, start and seed order (identity first: it owns tenants).
 */
export const SUBGRAPHS_DIR = path.resolve(__dirname, '..', '..', 'subgraphs');

export interface DomainPackage {
  /** folder name under subgraphs/ (equals the domain name) */
  folder: string;
  /** npm package name (`@svc/<name>`) */
  packageName: string;
  order: number;
}

export function domainPackages(dir = SUBGRAPHS_DIR): DomainPackage[] {
  const out: DomainPackage[] = [];
  for (const folder of fs.readdirSync(dir).sort()) {
    const file = path.join(dir, folder, 'package.json');
    if (!fs.existsSync(file)) continue;
    const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name: string; svc?: { domain?: { order?: number } } };
    if (!pkg.svc?.domain) continue;
    out.push({ folder, packageName: pkg.name, order: pkg.svc.domain.order ?? 100 });
  }
  return out.sort((a, b) => a.order - b.order || a.folder.localeCompare(b.folder));
}

let loaded: DomainDefinition[] | undefined;

/** The manifest of one domain package (Node caches the module: loading it again is free). */
function loadPackage(p: DomainPackage): DomainDefinition {
  let mod: { domain?: DomainDefinition };
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the package name is known only at run time (one per folder under subgraphs/), and loading stays synchronous
    mod = require(p.packageName);
  } catch (err) {
    throw new Error(`domain ${p.folder}: cannot load ${p.packageName} (${(err as Error).message}); run npm install after adding a domain`);
  }
  const def = mod.domain;
  if (!def) throw new Error(`domain ${p.folder}: ${p.packageName} must export its manifest as \`domain\` (defineDomain)`);
  if (def.name !== p.folder) throw new Error(`domain ${p.folder}: the manifest is named "${def.name}"; it must equal the folder name`);
  return def;
}

/** The manifests of every domain, in order (loaded once per process). */
export function loadDomains(): DomainDefinition[] {
  if (loaded) return loaded;
  loaded = domainPackages().map(loadPackage);
  const schemas = loaded.map((d) => d.dbSchema);
  const dup = schemas.find((s, i) => schemas.indexOf(s) !== i);
  if (dup) throw new Error(`two domains use the PostgreSQL schema "${dup}"`);
  return loaded;
}

/**
 * One domain's manifest, loading that domain's code only (a scale-out process of one domain does
 * not load the others: `npm run subgraph`).
 */
export function domainByName(name: string): DomainDefinition | undefined {
  const p = domainPackages().find((x) => x.folder === name);
  return p ? loadPackage(p) : undefined;
}

/** Every domain's REST routes, in domain order (the route table the facade serves). */
export const allRoutes = () => loadDomains().flatMap((d) => d.routes ?? []);
