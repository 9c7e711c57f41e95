import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { FEDERATION_UNNAMED_SUBGRAPH_NAME, buildSubgraph, printSchema as printFederatedSchema } from '@apollo/federation-internals';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { addResolversToSchema } from '@apollo/subgraph/dist/schema-helper';
import { entitiesResolver } from '@apollo/subgraph/dist/types';
import { buildASTSchema, parse, print, printSchema, type GraphQLResolveInfo, type GraphQLSchema } from 'graphql';

/**
 * Apollo's `buildSubgraphSchema`, with its validation remembered between processes.
 *
 * A platform builds 21 subgraph schemas at every start, and most of that work is federation's
 * validation of each SDL (`buildSubgraph`: about 1.5 s of CPU for the 21 in a new process), although
 * the SDL is the same from one start to the next. The result of a validation is a pure function of
 * the SDL and the federation library's version, so it is kept in a file named by a hash of both: the
 * printed subgraph (what `_service { sdl }` answers) and the executable SDL federation derived
 * (the federation types, directives and `_entities`/`_service` fields added). A later build of the
 * same SDL reads it and builds the executable schema with graphql-js alone (`assumeValidSDL`: it was
 * validated when the entry was written), then attaches the resolvers exactly as `buildSubgraphSchema`
 * does. The first build writes the entry and uses it too, so the cached path is the one every start
 * takes; an SDL federation refuses throws as before and writes nothing.
 *
 * The entries live in `node_modules/.cache/svc-subgraph-schema` (beside the compile cache; the same
 * `SVC_COMPILE_CACHE` setting moves it or, with `off`, turns it off). A directory that cannot be
 * written (a read-only image) only costs the validation at each start.
 */

type ResolverMap = Record<string, Record<string, unknown>>;

interface Entry {
  /** the subgraph as federation prints it: `_service { sdl }` */
  service: string;
  /** the executable schema's SDL (federation's `toGraphQLJSSchema` input) */
  executable: string;
}

const VERSIONS = ['@apollo/federation-internals', '@apollo/subgraph', 'graphql']
  .map((pkg) => `${pkg}@${(JSON.parse(fs.readFileSync(require.resolve(`${pkg}/package.json`), 'utf8')) as { version: string }).version}`)
  .join(',');

const setting = process.env.SVC_COMPILE_CACHE;
const CACHE_DIR = setting === 'off' ? undefined : path.join(setting || path.join(__dirname, '..', '..', '..', 'node_modules', '.cache'), 'svc-subgraph-schema');

function entryFor(sdl: string): Entry | undefined {
  const file = CACHE_DIR && path.join(CACHE_DIR, `${crypto.createHash('sha256').update(VERSIONS).update('\0').update(sdl).digest('hex').slice(0, 40)}.json`);
  if (file) {
    try {
      return JSON.parse(fs.readFileSync(file, 'utf8')) as Entry;
    } catch {
      // not there yet (or half-written by a process that died): validate and write it
    }
  }
  // the validation buildSubgraphSchema runs; an invalid SDL throws here
  const subgraph = buildSubgraph(FEDERATION_UNNAMED_SUBGRAPH_NAME, '', parse(sdl), false);
  const entry: Entry = { service: printFederatedSchema(subgraph.schema), executable: print(subgraph.schema.toAST()) };
  // federation's own executable schema must be what the entry builds (it adds definitions for
  // extensions that have none, for instance): a schema where it is not keeps Apollo's build
  if (printSchema(subgraph.schema.toGraphQLJSSchema()) !== printSchema(executableOf(entry))) return undefined;
  if (file) {
    try {
      fs.mkdirSync(CACHE_DIR, { recursive: true, mode: 0o700 });
      const tmp = `${file}.${process.pid}`;
      fs.writeFileSync(tmp, JSON.stringify(entry));
      fs.renameSync(tmp, file); // a reader never sees half a file
    } catch {
      /* not writable: the next start validates again */
    }
  }
  return entry;
}

/** the executable schema of an entry, without validating again (it was validated when the entry was made) */
const executableOf = (entry: Entry) => buildASTSchema(parse(entry.executable), { assumeValidSDL: true });

/** `buildSubgraphSchema({ typeDefs: parse(sdl), resolvers })`, validating an SDL only the first time it is seen. */
export function buildSubgraphSchemaCached(sdl: string, resolvers: ResolverMap): GraphQLSchema {
  const entry = entryFor(sdl);
  if (!entry) return buildSubgraphSchema({ typeDefs: parse(sdl), resolvers: resolvers as never });
  const schema = executableOf(entry);
  // what buildSubgraphSchema attaches, in its order
  const query = schema.getQueryType()!.name;
  addResolversToSchema(schema, { [query]: { _service: () => ({ sdl: entry.service }) } });
  if (schema.getType('_Entity')) {
    addResolversToSchema(schema, {
      [query]: {
        _entities: (_source: unknown, { representations }: { representations: unknown[] }, context: unknown, info: GraphQLResolveInfo) =>
          entitiesResolver({ representations, context, info }),
      },
      _Entity: { __resolveType: (parent: { __typename: string }) => parent.__typename },
    } as never);
  }
  addResolversToSchema(schema, resolvers as never);
  return schema;
}
