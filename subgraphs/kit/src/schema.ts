import { buildSubgraphSchema } from '@apollo/subgraph';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import {
  GraphQLError,
  GraphQLSchema,
  defaultFieldResolver,
  isObjectType,
  lexicographicSortSchema,
  parse,
  type GraphQLFieldResolver,
} from 'graphql';
import { buildSchemaSync, createResolversMap, type ContainerType } from 'type-graphql';
import { authChecker } from './auth-checker';
import type { RequestContext } from './context';
import { DomainError, STATUS_BY_TYPE, assertNoNul, toDomainError, type FieldError } from './errors';

export const FEDERATION_LINK =
  'extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key", "@shareable", "@external", "@requires", "@provides", "@inaccessible", "@tag", "@override"])';

export type ReferenceResolver = (ref: Record<string, unknown>, ctx: RequestContext) => unknown;

export interface FederatedSchema {
  schema: GraphQLSchema;
  /** the subgraph SDL as composed (federation link + type-graphql output), sorted and stable */
  sdl: string;
}

function validationToDomain(err: unknown): DomainError | undefined {
  const e = err as { extensions?: { code?: string; validationErrors?: Array<{ property: string; constraints?: Record<string, string> }> } };
  if (e?.extensions?.code !== 'BAD_USER_INPUT' || !Array.isArray(e.extensions.validationErrors)) return undefined;
  const errors: FieldError[] = e.extensions.validationErrors.map((v) => ({
    field: v.property,
    code: 'invalid_field',
    message: Object.values(v.constraints ?? {})[0] ?? `${v.property} is invalid`,
  }));
  return new DomainError('validation_error', 'invalid_field', errors[0]?.message ?? 'Invalid input', errors);
}

/**
 * Every resolver that is not a plain property read is wrapped once: domain errors pass through,
 * database errors are translated, anything else is logged with the request id and masked.
 */
function guard(resolve: GraphQLFieldResolver<unknown, RequestContext>, where: string): GraphQLFieldResolver<unknown, RequestContext> {
  const onError = (err: unknown, ctx: RequestContext): never => {
    if (err instanceof DomainError) throw err;
    const domain = validationToDomain(err) ?? toDomainError(err);
    if (domain.type === 'api_error') ctx?.log?.error({ err, where }, 'resolver failed');
    throw domain;
  };
  return (root, args, ctx, info) => {
    try {
      assertNoNul(args);
      const out = resolve(root, args, ctx, info) as unknown;
      if (out && typeof (out as Promise<unknown>).then === 'function') {
        return (out as Promise<unknown>).catch((err) => onError(err, ctx));
      }
      return out;
    } catch (err) {
      return onError(err, ctx);
    }
  };
}

/**
 * type-graphql resolvers -> federated subgraph schema: build with skipCheck, print with directives,
 * prepend the federation link, build with buildSubgraphSchema and merge the reference resolvers.
 */
export function buildFederatedSchema(opts: {
  resolvers: Function[];
  orphanedTypes?: Function[];
  container: ContainerType;
  references?: Record<string, ReferenceResolver>;
}): FederatedSchema {
  const tgSchema = buildSchemaSync({
    resolvers: opts.resolvers as [Function, ...Function[]],
    orphanedTypes: opts.orphanedTypes,
    container: opts.container,
    authChecker,
    validate: { forbidUnknownValues: false },
    skipCheck: true,
  });
  const sdl = `${FEDERATION_LINK}\n\n${printSchemaWithDirectives(lexicographicSortSchema(tgSchema))}\n`;
  const resolverMap = createResolversMap(tgSchema) as Record<string, Record<string, unknown>>;
  for (const [typeName, resolveRef] of Object.entries(opts.references ?? {})) {
    resolverMap[typeName] = {
      ...(resolverMap[typeName] ?? {}),
      __resolveReference: guard((ref, _a, ctx) => {
        assertNoNul(ref);
        return resolveRef(ref as Record<string, unknown>, ctx);
      }, `${typeName}.__resolveReference`),
    };
  }
  const schema = buildSubgraphSchema({ typeDefs: parse(sdl), resolvers: resolverMap as never });
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      if (field.resolve && field.resolve !== defaultFieldResolver && !(type.name === 'Query' && field.name.startsWith('_'))) {
        field.resolve = guard(field.resolve as GraphQLFieldResolver<unknown, RequestContext>, `${type.name}.${field.name}`);
      }
    }
  }
  return { schema, sdl };
}


/**
 * An error raised while building a GraphQL request's context (bad key, bad token, missing gateway
 * signature) as the GraphQLError Apollo Server answers with: our `type`/`code` and the HTTP status.
 */
export function contextFailure(err: unknown): GraphQLError {
  const e = toDomainError(err);
  return new GraphQLError(e.message, { extensions: { type: e.type, code: e.code, http: { status: STATUS_BY_TYPE[e.type] } } });
}
