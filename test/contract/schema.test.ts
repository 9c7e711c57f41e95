import './telemetry-off';
import fs from 'node:fs';
import path from 'node:path';
import { ApolloGateway } from '@apollo/gateway';
import {
  Kind,
  buildASTSchema,
  isObjectType,
  parse,
  type GraphQLObjectType,
  type GraphQLSchema,
  type ConstDirectiveNode,
  type DocumentNode,
  type EnumTypeDefinitionNode,
  type GraphQLNamedType,
  type ObjectTypeDefinitionNode,
} from 'graphql';
import { buildSubgraphSchemaFor, restrictedFields } from '@svc/kit';
import { composeSupergraph } from '@svc/gateway';
import { loadDomains } from '@svc/platform';

const SUBGRAPHS = loadDomains();
import { GENERATED_HEADER, SCHEMA_DIR, generateSchemaFiles } from '../../scripts/generate-schema';

/**
 * Schema contract: the committed SDL files are exactly what the code composes (drift), every
 * federation entity is resolvable, and the committed supergraph loads in @apollo/gateway (which
 * is what a deployment with Apollo Router or the gateway reads).
 */

const REGENERATE = 'run `npm run schema:generate` and commit the files under schema/';

const committed = (rel: string): string | undefined => {
  const file = path.join(SCHEMA_DIR, rel);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
};

function firstDifference(a: string, b: string): string {
  const la = a.split('\n');
  const lb = b.split('\n');
  for (let i = 0; i < Math.max(la.length, lb.length); i++) {
    if (la[i] !== lb[i]) return `line ${i + 1}: committed ${JSON.stringify(la[i] ?? '<end of file>')}, generated ${JSON.stringify(lb[i] ?? '<end of file>')}`;
  }
  return 'identical lines';
}

const objectTypes = (doc: DocumentNode): ObjectTypeDefinitionNode[] =>
  doc.definitions.filter((d): d is ObjectTypeDefinitionNode => d.kind === Kind.OBJECT_TYPE_DEFINITION);

function arg(d: ConstDirectiveNode, name: string): string | boolean | undefined {
  const v = d.arguments?.find((a) => a.name.value === name)?.value;
  if (!v) return undefined;
  if (v.kind === Kind.STRING || v.kind === Kind.ENUM) return v.value;
  if (v.kind === Kind.BOOLEAN) return v.value;
  return undefined;
}

/** `@key(fields: …)` values of a subgraph type */
/** A type's resolvable keys: `@key(…, resolvable: false)` names another subgraph's entity (commerce's Region), which this one never resolves. */
const keysOf = (t: ObjectTypeDefinitionNode): string[] =>
  (t.directives ?? []).filter((d) => d.name.value === 'key' && arg(d, 'resolvable') !== false).map((d) => String(arg(d, 'fields')));

describe('schema contract', () => {
  let generated: Record<string, string>;

  beforeAll(() => {
    generated = generateSchemaFiles();
  });

  it('composes the supergraph from every registered subgraph', () => {
    const { supergraphSdl, subgraphs } = composeSupergraph(SUBGRAPHS);
    expect(Object.keys(subgraphs).sort()).toEqual(SUBGRAPHS.map((s) => s.name).sort());
    const graphs = parse(supergraphSdl).definitions.find(
      (d): d is EnumTypeDefinitionNode => d.kind === Kind.ENUM_TYPE_DEFINITION && d.name.value === 'join__Graph',
    );
    const names = (graphs?.values ?? []).map((v) =>
      arg(
        v.directives!.find((d) => d.name.value === 'join__graph')!,
        'name',
      ),
    );
    expect(names.sort()).toEqual(SUBGRAPHS.map((s) => s.name).sort());
  });

  it('generates deterministically', () => {
    expect(generateSchemaFiles()).toEqual(generated);
  });

  it('committed SDL files equal the generated SDL byte for byte', () => {
    const problems: string[] = [];
    for (const [rel, content] of Object.entries(generated)) {
      const onDisk = committed(rel);
      if (onDisk === undefined) problems.push(`schema/${rel} is missing`);
      else if (onDisk !== content) problems.push(`schema/${rel} is out of date (${firstDifference(onDisk, content)})`);
    }
    const subgraphDir = path.join(SCHEMA_DIR, 'subgraphs');
    const stale = fs.existsSync(subgraphDir) ? fs.readdirSync(subgraphDir).filter((f) => f.endsWith('.graphql') && !(`subgraphs/${f}` in generated)) : [];
    for (const f of stale) problems.push(`schema/subgraphs/${f} belongs to no registered subgraph`);
    if (problems.length) throw new Error(`Schema drift: ${REGENERATE}.\n  ${problems.join('\n  ')}`);
  });

  it('every generated file starts with the do-not-edit header and parses as SDL', () => {
    expect(GENERATED_HEADER).toMatch(/^# .*npm run schema:generate.*do not edit by hand/i);
    expect(GENERATED_HEADER).not.toContain('\n');
    for (const [rel, content] of Object.entries(generated)) {
      expect(`${rel}: ${content.split('\n')[0]}`).toBe(`${rel}: ${GENERATED_HEADER}`);
      expect(() => parse(content)).not.toThrow();
    }
  });

  it('the public view keeps every storefront and customer field and none that needs an admin, agent, analyst or operator', () => {
    const api = buildASTSchema(parse(committed('supergraph.graphql')!), { assumeValidSDL: true });
    const pub = buildASTSchema(parse(generated['public.graphql']), { assumeValidSDL: true });
    const restricted = restrictedFields();
    // the resolvers' own roles, read from type-graphql: known admin-only and operator-only fields among them
    for (const f of ['Query.adminOrders', 'Query.adminQuotes', 'Mutation.createProduct', 'Query.commerceCustomerData', 'Mutation.setAssistantCreditPlan']) {
      expect(`${f}: ${restricted.has(f)}`).toBe(`${f}: true`);
    }
    for (const f of ['Query.products', 'Query.cart', 'Query.me', 'Query.myOrders', 'Mutation.completeCart', 'Mutation.updateMe']) {
      expect(`${f}: ${restricted.has(f)}`).toBe(`${f}: false`);
    }
    const rootFields = (s: GraphQLSchema) =>
      [s.getQueryType(), s.getMutationType()].flatMap((root) => (root ? Object.keys(root.getFields()).map((f) => `${root.name}.${f}`) : [])).sort();
    const publicRoots = rootFields(pub);
    // exactly the supergraph's root fields that are not restricted (Apollo's own `_entities`/`_service` are not in the API schema)
    expect(publicRoots).toEqual(rootFields(api).filter((f) => !restricted.has(f)));
    // and no object type keeps a restricted field
    const leaked = Object.values(pub.getTypeMap())
      .filter((t): t is GraphQLObjectType => isObjectType(t) && !t.name.startsWith('__'))
      .flatMap((t) => Object.keys(t.getFields()).map((f) => `${t.name}.${f}`))
      .filter((f) => restricted.has(f));
    expect(leaked).toEqual([]);
  });

  describe('entities', () => {
    const supergraph = () => {
      const sdl = committed('supergraph.graphql');
      if (sdl === undefined) throw new Error(`schema/supergraph.graphql is missing: ${REGENERATE}`);
      return parse(sdl);
    };
    /** join__Graph enum value -> subgraph name */
    const graphNames = (doc: DocumentNode): Map<string, string> => {
      const e = doc.definitions.find((d): d is EnumTypeDefinitionNode => d.kind === Kind.ENUM_TYPE_DEFINITION && d.name.value === 'join__Graph');
      const out = new Map<string, string>();
      for (const v of e?.values ?? []) {
        const g = v.directives?.find((d) => d.name.value === 'join__graph');
        if (g) out.set(v.name.value, String(arg(g, 'name')));
      }
      return out;
    };
    /** `<subgraph>:<type>` -> key field sets declared by the supergraph (resolvable keys only) */
    const supergraphKeys = (doc: DocumentNode): Map<string, string[]> => {
      const names = graphNames(doc);
      const out = new Map<string, string[]>();
      for (const t of objectTypes(doc)) {
        for (const d of t.directives ?? []) {
          if (d.name.value !== 'join__type') continue;
          const key = arg(d, 'key');
          if (typeof key !== 'string' || arg(d, 'resolvable') === false) continue;
          const id = `${names.get(String(arg(d, 'graph')))}:${t.name.value}`;
          out.set(id, [...(out.get(id) ?? []), key]);
        }
      }
      return out;
    };

    it('Customer and Product are entities keyed by id in the subgraphs and in the supergraph', () => {
      const keys = supergraphKeys(supergraph());
      expect(keys.get('identity:Customer')).toEqual(['id']);
      expect(keys.get('catalog:Product')).toEqual(['id']);
      const identity = objectTypes(parse(generated['subgraphs/identity.graphql'])).find((t) => t.name.value === 'Customer');
      const catalog = objectTypes(parse(generated['subgraphs/catalog.graphql'])).find((t) => t.name.value === 'Product');
      expect(identity && keysOf(identity)).toEqual(['id']);
      expect(catalog && keysOf(catalog)).toEqual(['id']);
    });

    it('every @key of every subgraph is a resolvable key of the supergraph', () => {
      const keys = supergraphKeys(supergraph());
      const missing: string[] = [];
      let entities = 0;
      for (const def of SUBGRAPHS) {
        for (const t of objectTypes(parse(generated[`subgraphs/${def.name}.graphql`]))) {
          for (const fields of keysOf(t)) {
            entities++;
            if (!(keys.get(`${def.name}:${t.name.value}`) ?? []).includes(fields)) missing.push(`${def.name}: ${t.name.value} @key(fields: "${fields}")`);
          }
        }
      }
      expect(entities).toBeGreaterThan(0);
      expect(missing).toEqual([]);
    });

    it('every @key type of every domain has a reference resolver', () => {
      const without: string[] = [];
      let keyed = 0;
      for (const def of SUBGRAPHS) {
        // no services are touched while building: reference resolvers close over them lazily
        const { schema, sdl } = buildSubgraphSchemaFor(def, {} as never);
        for (const t of objectTypes(parse(sdl))) {
          if (!keysOf(t).length) continue;
          keyed++;
          const type = schema.getType(t.name.value) as GraphQLNamedType & { resolveReference?: unknown };
          const ext = type.extensions as { apollo?: { subgraph?: { resolveReference?: unknown } } };
          if (typeof (ext.apollo?.subgraph?.resolveReference ?? type.resolveReference) !== 'function') without.push(`${def.name}: ${t.name.value}`);
        }
      }
      expect(keyed).toBeGreaterThanOrEqual(6);
      expect(without).toEqual([]);
    });

    it('refuses to build a subgraph whose @key type has no reference resolver', () => {
      const catalog = SUBGRAPHS.find((d) => d.name === 'catalog')!;
      const { Region: _omitted, ...others } = catalog.references!({} as never);
      expect(() => buildSubgraphSchemaFor({ ...catalog, references: () => others }, {} as never)).toThrow(/reference resolver.*missing: Region/);
    });
  });

  it('the committed supergraph (with its header) loads in @apollo/gateway', async () => {
    const supergraphSdl = committed('supergraph.graphql');
    if (supergraphSdl === undefined) throw new Error(`schema/supergraph.graphql is missing: ${REGENERATE}`);
    expect(process.env.APOLLO_TELEMETRY_DISABLED).toBe('true');
    const quiet = { debug() {}, info() {}, warn() {}, error() {} };
    const gateway = new ApolloGateway({ supergraphSdl, logger: quiet });
    try {
      const { schema } = await gateway.load();
      expect(schema.getQueryType()?.getFields()).toHaveProperty('products');
      expect(schema.getType('Customer')).toBeDefined();
      expect(schema.getType('Product')).toBeDefined();
      // the API schema hides the federation machinery
      expect(schema.getType('join__Graph')).toBeUndefined();
    } finally {
      await gateway.stop();
    }
  });
});
