import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { execute, isObjectType, parse, printSchema, type GraphQLSchema } from 'graphql';

/**
 * The subgraph schema build with its validation remembered (subgraphs/kit/src/subgraph-schema.ts)
 * answers what Apollo's buildSubgraphSchema answers, for every domain's SDL: the same schema, the
 * same resolvers on the same fields, the same `_service` SDL, and `_entities` dispatching to the same
 * reference resolvers. The second build reads the entry the first wrote; an SDL federation refuses
 * throws as before and leaves no entry.
 */
const SCHEMA_DIR = path.join(__dirname, '..', '..', 'schema', 'subgraphs');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'subgraph-schema-'));
process.env.SVC_COMPILE_CACHE = dir;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after the cache directory is set
const { buildSubgraphSchemaCached } = require('../../subgraphs/kit/src/subgraph-schema') as typeof import('../../subgraphs/kit/src/subgraph-schema');

const cacheDir = path.join(dir, 'svc-subgraph-schema');
const sdlOf = (file: string) => fs.readFileSync(path.join(SCHEMA_DIR, file), 'utf8').replace(/^(#[^\n]*\n)+/, '');
const domains = fs.readdirSync(SCHEMA_DIR).filter((f) => f.endsWith('.graphql'));

/** a resolver map with a distinct function on every field of every object type, and a reference resolver per keyed type */
function resolversFor(sdl: string) {
  const plain = buildSubgraphSchema({ typeDefs: parse(sdl) });
  const map: Record<string, Record<string, unknown>> = {};
  const keyed = (parse(sdl).definitions as any[]).filter((d) => d.directives?.some((x: any) => x.name.value === 'key')).map((d) => d.name.value as string);
  for (const type of Object.values(plain.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('_')) continue;
    map[type.name] = {};
    for (const field of Object.keys(type.getFields())) if (!field.startsWith('_')) map[type.name][field] = () => `${type.name}.${field}`;
    if (keyed.includes(type.name)) map[type.name].__resolveReference = (ref: { id: string }) => ({ ...ref, resolvedBy: type.name });
  }
  return { map, keyed };
}

/** the fields whose resolver is one of the map's (by identity), and the types with a reference resolver */
function wiring(schema: GraphQLSchema, map: Record<string, Record<string, unknown>>) {
  const fields: string[] = [];
  const references: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type)) continue;
    for (const [name, field] of Object.entries(type.getFields()))
      if (field.resolve && field.resolve === map[type.name]?.[name]) fields.push(`${type.name}.${name}`);
    const ref = (type.extensions as any)?.apollo?.subgraph?.resolveReference;
    if (ref) references.push(`${type.name}:${ref === map[type.name]?.__resolveReference}`);
  }
  return { fields: fields.sort(), references: references.sort() };
}

describe('subgraph schemas built with the validation remembered', () => {
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it.each(domains)('%s: the same schema, resolvers, _service SDL and _entities as buildSubgraphSchema', async (file) => {
    const sdl = sdlOf(file);
    const { map, keyed } = resolversFor(sdl);
    const apollo = buildSubgraphSchema({ typeDefs: parse(sdl), resolvers: map as never });
    const ours = buildSubgraphSchemaCached(sdl, map);
    expect(printSchema(ours)).toBe(printSchema(apollo));
    const w = wiring(ours, map);
    expect(w).toEqual(wiring(apollo, map));
    expect(w.fields.length).toBeGreaterThan(0);
    const service = '{ _service { sdl } }';
    const [a, b] = await Promise.all([apollo, ours].map(async (schema) => execute({ schema, document: parse(service) })));
    expect(b).toEqual(a);
    expect((b.data as any)._service.sdl).toContain('type Query');
    if (keyed.length) {
      const query = `query($r: [_Any!]!) { _entities(representations: $r) { __typename ... on ${keyed[0]} { id } } }`;
      const variableValues = { r: [{ __typename: keyed[0], id: 'x_1' }] };
      const [ea, eb] = await Promise.all([apollo, ours].map(async (schema) => execute({ schema, document: parse(query), variableValues, contextValue: {} })));
      expect(eb).toEqual(ea);
      expect(eb.errors).toBeUndefined();
    }
  });

  it('reads the entry the first build wrote (one per SDL), and writes none for an SDL federation refuses', () => {
    const entries = fs.readdirSync(cacheDir);
    expect(entries).toHaveLength(domains.length);
    // a second build of the same SDL reads the entry: a marker put into it comes back through _service
    const sdl = sdlOf(domains[0]);
    const byService = entries
      .map((e) => path.join(cacheDir, e))
      .find((f) => (JSON.parse(fs.readFileSync(f, 'utf8')) as { service: string }).service === printSchemaOfService(sdl));
    expect(byService).toBeDefined();
    const entry = JSON.parse(fs.readFileSync(byService!, 'utf8'));
    fs.writeFileSync(byService!, JSON.stringify({ ...entry, service: `${entry.service}\n# read from the entry` }));
    const again = buildSubgraphSchemaCached(sdl, resolversFor(sdl).map);
    expect((again.getQueryType()!.getFields()._service.resolve as any)().sdl).toMatch(/# read from the entry$/);

    const bad = `${sdl}\ntype Broken @key(fields: "missing") { id: ID! }`;
    expect(() => buildSubgraphSchema({ typeDefs: parse(bad) })).toThrow();
    expect(() => buildSubgraphSchemaCached(bad, {})).toThrow();
    expect(fs.readdirSync(cacheDir).filter((e) => e.endsWith('.json'))).toHaveLength(domains.length);
  });
});

/** what _service answers for an SDL through Apollo's own build */
function printSchemaOfService(sdl: string): string {
  const schema = buildSubgraphSchema({ typeDefs: parse(sdl) });
  return (schema.getQueryType()!.getFields()._service.resolve as any)().sdl;
}
