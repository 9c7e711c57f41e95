import { filterSchema, printSchemaWithDirectives, pruneSchema } from '@graphql-tools/utils';
import {
  GraphQLError,
  GraphQLSchema,
  Kind,
  type ConstDirectiveNode,
  type ObjectTypeDefinitionNode,
  defaultFieldResolver,
  isObjectType,
  lexicographicSortSchema,
  parse,
  type GraphQLFieldResolver,
} from 'graphql';
import { buildSchemaSync, createResolversMap, getMetadataStorage, type ContainerType } from 'type-graphql';
import { analystMayRun, analystOnly, authChecker } from './auth-checker';
import { validateInput } from './validation';
import type { RequestContext } from './context';
import { DomainError, STATUS_BY_TYPE, assertNoNul, toDomainError } from './errors';
import { buildSubgraphSchemaCached } from './subgraph-schema';

export const FEDERATION_LINK =
  'extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key", "@shareable", "@external", "@requires", "@provides", "@inaccessible", "@tag", "@override"])';

/** A class handed to type-graphql (resolver or object type); the constructor arguments do not matter here. */
export type ClassRef = abstract new (...args: never[]) => unknown;

export type ReferenceResolver = (ref: Record<string, unknown>, ctx: RequestContext) => unknown;

export interface FederatedSchema {
  schema: GraphQLSchema;
  /** the subgraph SDL as composed (federation link + type-graphql output), sorted and stable */
  sdl: string;
}

function onError(err: unknown, ctx: RequestContext | undefined, where: string): never {
  if (err instanceof DomainError) throw err;
  const domain = toDomainError(err);
  if (domain.type === 'api_error') ctx?.log?.error({ err, where }, 'resolver failed');
  throw domain;
}

/** Runs a resolver body: domain errors pass through, database errors are translated, anything else is logged and masked. */
function guarded(run: () => unknown, ctx: RequestContext | undefined, where: string): unknown {
  try {
    const out = run();
    if (out && typeof (out as Promise<unknown>).then === 'function') return (out as Promise<unknown>).catch((err) => onError(err, ctx, where));
    return out;
  } catch (err) {
    return onError(err, ctx, where);
  }
}

/** Every field resolver that is not a plain property read is wrapped once (arguments checked for NUL first). */
function guard(resolve: GraphQLFieldResolver<unknown, RequestContext>, where: string): GraphQLFieldResolver<unknown, RequestContext> {
  return (root, args, ctx, info) =>
    guarded(
      () => {
        assertNoNul(args);
        return resolve(root, args, ctx, info);
      },
      ctx,
      where,
    );
}

/**
 * `__resolveReference(reference, context, info)`: Apollo's subgraph library calls it with the
 * context as the SECOND argument (unlike field resolvers).
 */
function guardReference(resolveRef: ReferenceResolver, typeName: string) {
  return (ref: Record<string, unknown>, ctx: RequestContext) =>
    guarded(
      () => {
        assertNoNul(ref);
        return resolveRef(ref, ctx);
      },
      ctx,
      `${typeName}.__resolveReference`,
    );
}

/** `@key(…, resolvable: false)`: a reference to another subgraph's entity, which this one never resolves. */
const notResolvable = (d: ConstDirectiveNode): boolean =>
  (d.arguments ?? []).some((a) => a.name.value === 'resolvable' && a.value.kind === Kind.BOOLEAN && !a.value.value);

/** Names of the object types that carry a resolvable `@key` in a subgraph SDL. */
export function keyedTypes(sdl: string): string[] {
  return parse(sdl)
    .definitions.filter((d): d is ObjectTypeDefinitionNode => d.kind === Kind.OBJECT_TYPE_DEFINITION)
    .filter((t) => (t.directives ?? []).some((d) => d.name.value === 'key' && !notResolvable(d)))
    .map((t) => t.name.value);
}

/**
 * type-graphql resolvers -> federated subgraph schema: build with skipCheck, print with directives,
 * prepend the federation link, build with buildSubgraphSchema (its validation remembered:
 * subgraph-schema.ts) and merge the reference resolvers.
 */
export function buildFederatedSchema(opts: {
  resolvers: ClassRef[];
  orphanedTypes?: ClassRef[];
  container: ContainerType;
  references?: Record<string, ReferenceResolver>;
}): FederatedSchema {
  const tgSchema = buildSchemaSync({
    resolvers: opts.resolvers as [ClassRef, ...ClassRef[]],
    orphanedTypes: opts.orphanedTypes,
    container: opts.container,
    authChecker,
    validateFn: validateInput,
    skipCheck: true,
  });
  const sdl = `${FEDERATION_LINK}\n\n${printSchemaWithDirectives(lexicographicSortSchema(tgSchema))}\n`;
  const resolverMap = createResolversMap(tgSchema) as Record<string, Record<string, unknown>>;
  const references = opts.references ?? {};
  const missing = keyedTypes(sdl).filter((t) => typeof references[t] !== 'function');
  if (missing.length) {
    throw new Error(`every @key type needs a reference resolver (the manifest's \`references\`); missing: ${missing.join(', ')}`);
  }
  for (const [typeName, resolveRef] of Object.entries(references)) {
    resolverMap[typeName] = { ...(resolverMap[typeName] ?? {}), __resolveReference: guardReference(resolveRef, typeName) };
  }
  const schema = buildSubgraphSchemaCached(sdl, resolverMap);
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      if (field.resolve && field.resolve !== defaultFieldResolver && !(type.name === 'Query' && field.name.startsWith('_'))) {
        const own = field.resolve as GraphQLFieldResolver<unknown, RequestContext>;
        const scoped = type.name === 'Query' || type.name === 'Mutation' || type.name === 'Subscription' ? analystScoped(own, type.name, field.name) : own;
        field.resolve = guard(scoped, `${type.name}.${field.name}`);
      }
    }
  }
  return { schema, sdl };
}

/** A root field an analyst API key may not run answers 403 `scope_forbidden` (through the guard's translation). */
function analystScoped(resolve: GraphQLFieldResolver<unknown, RequestContext>, parent: string, field: string): GraphQLFieldResolver<unknown, RequestContext> {
  if (analystMayRun(parent, field)) return resolve;
  return (source, args, ctx, info) => {
    if (ctx?.actor?.type === 'analyst') throw analystOnly();
    return resolve(source, args, ctx, info);
  };
}

/**
 * An error raised while building a GraphQL request's context (bad key, bad token, missing gateway
 * signature) as the GraphQLError Apollo Server answers with: our `type`/`code` and the HTTP status.
 */
export function contextFailure(err: unknown): GraphQLError {
  const e = toDomainError(err);
  return new GraphQLError(e.message, { extensions: { type: e.type, code: e.code, http: { status: STATUS_BY_TYPE[e.type] } } });
}

/**
 * A read model answered in the graph: its typed fields are the document's own, and `document`
 * is the whole JSON (what the REST routes select).
 */
export const withDocument = <T extends object>(doc: T): T & { document: T } => ({ ...doc, document: doc });

/** A class as type-graphql's metadata names it (a resolver, an object or interface type). */
type AnyClass = { prototype: object };

/** Roles of the storefront's callers: a field open to one of them (or to anyone signed in) is public. */
const PUBLIC_ROLES = new Set(['customer']);

/**
 * The fields no storefront or customer may run, as `Type.field` (`Query.adminOrders`,
 * `Customer.orders`…): every field of the loaded domains whose `@Authorized` roles (on the field or
 * its resolver class) leave customers out — admin, agent, analyst, operator and internal ones.
 * Read from type-graphql's metadata, so it knows what the schemas built in this process declare
 * (`npm run schema:generate` loads every domain): the public SDL (`schema/public.graphql`) is the
 * supergraph without them.
 */
export function restrictedFields(): Set<string> {
  const storage = getMetadataStorage();
  const restricted = (roles: unknown[] | undefined) => !!roles && roles.length > 0 && !roles.some((r) => PUBLIC_ROLES.has(String(r)));
  const sameOrSub = (cls: AnyClass, base: AnyClass) => cls === base || Object.prototype.isPrototypeOf.call(base.prototype, cls.prototype);
  const typeNames = (cls: AnyClass) => [...storage.objectTypes, ...storage.interfaceTypes].filter((t) => sameOrSub(t.target, cls)).map((t) => t.name);
  const out = new Set<string>();
  const roots: Array<[string, typeof storage.queries]> = [
    ['Query', storage.queries],
    ['Mutation', storage.mutations],
    ['Subscription', storage.subscriptions],
  ];
  const classRoles = (target: AnyClass) => storage.authorizedResolver.find((a) => sameOrSub(target, a.target))?.roles;
  for (const [root, handlers] of roots) {
    for (const h of handlers) {
      const own = storage.authorizedFields.find((a) => a.target === h.target && a.fieldName === h.methodName)?.roles;
      if (restricted(own ?? classRoles(h.target))) out.add(`${root}.${h.schemaName}`);
    }
  }
  for (const f of storage.fieldResolvers) {
    const own = storage.authorizedFields.find((a) => a.target === f.target && a.fieldName === f.methodName)?.roles;
    if (!restricted(own ?? classRoles(f.target))) continue;
    const objectClass = (f.getObjectType ?? f.resolverClassMetadata?.getObjectType)?.();
    if (typeof objectClass === 'function') for (const t of typeNames(objectClass)) out.add(`${t}.${f.schemaName}`);
  }
  for (const a of storage.authorizedFields) {
    if (!restricted(a.roles)) continue;
    for (const field of storage.fields.filter((fm) => sameOrSub(fm.target, a.target) && fm.name === a.fieldName)) {
      for (const t of typeNames(field.target)) out.add(`${t}.${field.schemaName}`);
    }
  }
  return out;
}

/**
 * The public view of an API schema: without the `restricted` fields (`Type.field`, see
 * `restrictedFields`), and without the types only they reached, sorted. What a storefront or a
 * signed-in customer may query.
 */
export function publicSchemaOf(api: GraphQLSchema, restricted: ReadonlySet<string>): GraphQLSchema {
  const filtered = filterSchema({
    schema: api,
    rootFieldFilter: (operation, field) => !restricted.has(`${operation}.${field}`),
    objectFieldFilter: (type, field) => !restricted.has(`${type}.${field}`),
    interfaceFieldFilter: (type, field) => !restricted.has(`${type}.${field}`),
  });
  return lexicographicSortSchema(pruneSchema(filtered));
}
