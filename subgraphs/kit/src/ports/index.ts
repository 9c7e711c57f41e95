import fs from 'node:fs';
import path from 'node:path';
import { GraphQLError, Kind, parse, validate, type DocumentNode, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';

/**
 * Ports: the operations a domain runs against other domains, declared as files, not strings in
 * service code. A domain keeps them in `src/ports/<provider>.graphql` (one file per domain it
 * calls, any number of named operations each, every name starting with the consuming domain's
 * name in PascalCase: `SearchIndexProduct`) and names the folder in its manifest (`ports`).
 * `npm run ports:generate` types them from the supergraph (`src/ports/generated.ts`); the platform
 * refuses to start when one does not validate against the supergraph it composed
 * (`assertPortsValid`), and `test/contract/ports.test.ts` checks the same with the same function.
 * (The kit itself has no ports: this folder holds the mechanism.)
 */

/** The part of a manifest that ports need (a DomainDefinition fits). */
export interface PortsOwner {
  name: string;
  ports?: string;
}

export interface PortOperation {
  domain: string;
  /** the providing domain, as the file is named (`catalog` for `catalog.graphql`) */
  provider: string;
  /** absolute path of the .graphql file */
  file: string;
  /** operation name, or undefined for an anonymous one (refused by validation) */
  name: string | undefined;
  /** the whole file, parsed (undefined: a syntax error, in `problems`) */
  document: DocumentNode | undefined;
}

export interface PortProblem {
  domain: string;
  file: string;
  operation: string | undefined;
  message: string;
}

/** `site` -> `Site`, `my-domain` -> `MyDomain`: the prefix every port operation of a domain carries. */
export const portPrefix = (domain: string): string =>
  domain
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');

/** The `.graphql` files of a domain's ports folder (sorted; none when it declares no ports). */
export function portFiles(def: PortsOwner): string[] {
  if (!def.ports || !fs.existsSync(def.ports)) return [];
  return fs
    .readdirSync(def.ports)
    .filter((f) => f.endsWith('.graphql'))
    .sort()
    .map((f) => path.join(def.ports!, f));
}

/** Reads and parses every port of a domain; syntax errors come back as problems. */
export function readPorts(def: PortsOwner): { operations: PortOperation[]; problems: PortProblem[] } {
  const operations: PortOperation[] = [];
  const problems: PortProblem[] = [];
  for (const file of portFiles(def)) {
    const provider = path.basename(file, '.graphql');
    let document: DocumentNode;
    try {
      document = parse(fs.readFileSync(file, 'utf8'));
    } catch (err) {
      problems.push({ domain: def.name, file, operation: undefined, message: (err as Error).message });
      continue;
    }
    const ops = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
    if (ops.length === 0) problems.push({ domain: def.name, file, operation: undefined, message: 'the file declares no operation' });
    for (const op of ops) operations.push({ domain: def.name, provider, file, name: op.name?.value, document });
  }
  return { operations, problems };
}

/**
 * Validates every port of the given domains against a schema (the supergraph's API schema):
 * each operation named with its domain's prefix, names unique across the platform, and the file
 * valid GraphQL for that schema (fields, arguments, variable types, fragments). Answers the
 * problems; none means every port can run.
 */
export function validatePorts(defs: PortsOwner[], schema: GraphQLSchema): PortProblem[] {
  const problems: PortProblem[] = [];
  const seen = new Map<string, string>();
  for (const def of defs) {
    const read = readPorts(def);
    problems.push(...read.problems);
    const prefix = portPrefix(def.name);
    const checked = new Set<DocumentNode>();
    for (const op of read.operations) {
      const at = { domain: def.name, file: op.file, operation: op.name };
      if (!op.name) {
        problems.push({ ...at, message: 'every port operation must be named' });
        continue;
      }
      if (!op.name.startsWith(prefix)) problems.push({ ...at, message: `the operation's name must start with "${prefix}" (the consuming domain)` });
      const other = seen.get(op.name);
      if (other) problems.push({ ...at, message: `the operation name is also used by ${other}` });
      seen.set(op.name, `${def.name} (${path.basename(op.file)})`);
      if (op.document && !checked.has(op.document)) {
        checked.add(op.document);
        for (const err of validate(schema, op.document)) problems.push({ ...at, operation: operationAt(op.document, err) ?? op.name, message: err.message });
      }
    }
  }
  return problems;
}

/** the operation (or `fragment <name>`) a validation error points into, by source position */
function operationAt(document: DocumentNode, err: GraphQLError): string | undefined {
  const pos = err.nodes?.[0]?.loc?.start;
  if (pos === undefined) return undefined;
  for (const d of document.definitions) {
    if (!d.loc || d.loc.start > pos || pos > d.loc.end) continue;
    if (d.kind === Kind.OPERATION_DEFINITION) return d.name?.value;
    if (d.kind === Kind.FRAGMENT_DEFINITION) return `fragment ${d.name.value}`;
  }
  return undefined;
}

export const formatPortProblem = (p: PortProblem): string =>
  `domain ${p.domain}, operation ${p.operation ?? '(none)'} (${path.join('src', 'ports', path.basename(p.file))}): ${p.message}`;

/**
 * The start's check: throws one error naming every port that does not validate against the
 * supergraph (domain, operation, GraphQL's message), so a renamed field in a providing domain
 * stops the platform before a request finds it.
 */
export function assertPortsValid(defs: PortsOwner[], schema: GraphQLSchema): void {
  const problems = validatePorts(defs, schema);
  if (problems.length) {
    throw new Error(
      `Ports do not validate against the supergraph (run \`npm run ports:generate\` after fixing them):\n${problems.map((p) => `  - ${formatPortProblem(p)}`).join('\n')}`,
    );
  }
}
