// @apollo/gateway ships a usage-telemetry exporter that phones home to Apollo; the platform
// never sends data to third parties, so it is switched off before the gateway is loaded.
process.env.APOLLO_TELEMETRY_DISABLED = 'true';

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { composeServices } from '@apollo/composition';
import { operationFromDocument } from '@apollo/federation-internals';
import { ApolloGateway, RemoteGraphQLDataSource, type GraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { execute, parse, validate, type DocumentNode, type ExecutionResult, type GraphQLSchema, type OperationDefinitionNode, GraphQLError } from 'graphql';
import { claimsOf, subgraphSdl, type Logger, type RequestContext, type DomainDefinition } from '@svc/kit';
import { CONTEXT_HEADER, SIGNATURE_HEADER, signClaims } from './context';

/**
 * In-process subgraph data source that parses and validates each distinct subgraph query once
 * (the stock LocalGraphQLDataSource does both on every fetch).
 */
/** Upper bound on `_entities` representations per subgraph request (federated fan-out). */
export const MAX_REPRESENTATIONS = 1_000;

/**
 * Parsed and validated subgraph documents, least recently used first out, bounded by entries and
 * by the total length of their sources (a parsed document takes roughly ten to twenty times its
 * source in memory); a document larger than `maxDocChars` is never kept. Subgraph queries follow
 * from client queries, so nothing a client sends can grow this without bound.
 */
export class DocumentLru {
  private readonly docs = new Map<string, DocumentNode>();
  private chars = 0;
  constructor(
    readonly maxEntries = 1000,
    readonly maxChars = 512 * 1024,
    readonly maxDocChars = 64 * 1024,
  ) {}

  get size(): number {
    return this.docs.size;
  }
  get totalChars(): number {
    return this.chars;
  }

  get(source: string): DocumentNode | undefined {
    const doc = this.docs.get(source);
    if (doc) {
      // most recently used last
      this.docs.delete(source);
      this.docs.set(source, doc);
    }
    return doc;
  }

  set(source: string, doc: DocumentNode): void {
    if (source.length > this.maxDocChars || this.docs.has(source)) return;
    this.docs.set(source, doc);
    this.chars += source.length;
    for (const oldest of this.docs.keys()) {
      if (this.docs.size <= this.maxEntries && this.chars <= this.maxChars) break;
      this.docs.delete(oldest);
      this.chars -= oldest.length;
    }
  }
}

export class CachedLocalDataSource implements GraphQLDataSource<RequestContext> {
  private readonly docs = new DocumentLru();
  constructor(private readonly schema: GraphQLSchema) {}

  async process({ request, context }: GraphQLDataSourceProcessOptions<RequestContext>) {
    const query = request.query!;
    const reps = (request.variables as { representations?: unknown } | undefined)?.representations;
    if (Array.isArray(reps) && reps.length > MAX_REPRESENTATIONS) {
      const message = `An _entities request may carry at most ${MAX_REPRESENTATIONS} representations; got ${reps.length}`;
      return { errors: [new GraphQLError(message, { extensions: { type: 'validation_error', code: 'query_too_complex' } })] } as never;
    }
    let doc = this.docs.get(query);
    if (!doc) {
      doc = parse(query);
      const errors = validate(this.schema, doc);
      if (errors.length) return { errors } as never;
      this.docs.set(query, doc);
    }
    return (await execute({
      schema: this.schema,
      document: doc,
      variableValues: request.variables,
      operationName: request.operationName,
      contextValue: context,
    })) as never;
  }
}

/** Connection failures to a peer process: the request never reached it (refused) or its answer was cut off. */
const REFUSED = new Set(['ECONNREFUSED']);
const CUT_OFF = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_SOCKET']);
function connectionErrorCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; errno?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    for (const c of [e.code, e.errno]) if (typeof c === 'string' && (REFUSED.has(c) || CUT_OFF.has(c))) return c;
  }
  if (/socket hang up/i.test((err as Error)?.message ?? '')) return 'ECONNRESET';
  return undefined;
}

/**
 * Remote subgraph: the verified context travels as a signed header. A peer that is not listening
 * (it is starting, or stopping in a rolling restart) refuses the connection before anything is
 * sent, so that is retried twice after a short pause; when it still refuses, or a connection is cut
 * off after the request went out (never retried: a mutation may have run), the fetch answers a
 * typed `service_unavailable`/`domain_unavailable` error (503) instead of an untyped internal error.
 */
export class SignedRemoteDataSource extends RemoteGraphQLDataSource<RequestContext> {
  /** pauses before the retries of a refused connection */
  static refusedRetryMs: readonly number[] = [100, 400];
  /** waits before a retry (a test replaces it to act at that moment instead of waiting) */
  static pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
  constructor(
    url: string,
    private readonly secret: string,
    private readonly domain = 'remote',
  ) {
    super({ url });
  }
  override async process(options: GraphQLDataSourceProcessOptions<RequestContext>) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await super.process(options);
      } catch (err) {
        const code = connectionErrorCode(err);
        if (!code) throw err;
        const pause = SignedRemoteDataSource.refusedRetryMs[attempt];
        if (REFUSED.has(code) && pause !== undefined) {
          await SignedRemoteDataSource.pause(pause);
          continue;
        }
        const message = `The ${this.domain} domain is not reachable right now (${code}); retry shortly`;
        (options.context as RequestContext | undefined)?.log?.warn({ domain: this.domain, code, url: this.url }, 'peer domain unavailable');
        return { errors: [new GraphQLError(message, { extensions: { type: 'service_unavailable', code: 'domain_unavailable' } })] } as never;
      }
    }
  }
  override willSendRequest(options: GraphQLDataSourceProcessOptions<RequestContext>) {
    const { request } = options;
    const context = options.context as RequestContext;
    if (!context?.requestId) return;
    const { context: c, signature } = signClaims(claimsOf(context), this.secret);
    request.http?.headers.set(CONTEXT_HEADER, c);
    request.http?.headers.set(SIGNATURE_HEADER, signature);
    request.http?.headers.set('x-request-id', context.requestId);
  }
}

/** A subgraph this process has no URL for: every fetch answers an error saying which setting is missing. */
class UnreachableDataSource implements GraphQLDataSource<RequestContext> {
  constructor(private readonly name: string) {}
  async process() {
    const message = `The ${this.name} domain is not reachable from this process (set SUBGRAPH_${this.name.toUpperCase().replace(/-/g, '_')}_URL)`;
    return { errors: [new GraphQLError(message, { extensions: { type: 'api_error', code: 'domain_unreachable' } })] } as never;
  }
}

/** Composes the supergraph SDL from the subgraphs' code (no database needed). */
export function composeSupergraph(defs: DomainDefinition[], urls: Record<string, string> = {}): { supergraphSdl: string; subgraphs: Record<string, string> } {
  const subgraphs: Record<string, string> = {};
  for (const d of defs) subgraphs[d.name] = subgraphSdl(d);
  const result = composeServices(
    defs.map((d) => ({ name: d.name, url: urls[d.name] ?? `http://${d.name}.local/graphql`, typeDefs: parse(subgraphs[d.name]) })),
  );
  if (result.errors?.length) throw new Error(`Supergraph composition failed:\n${result.errors.map((e) => e.message).join('\n')}`);
  return { supergraphSdl: result.supergraphSdl!, subgraphs };
}

/** The committed schema files (`npm run schema:generate`), beside the packages. */
export const SCHEMA_DIR = path.resolve(__dirname, '..', '..', 'schema');

/** A generated schema file without its leading `#` comment lines. */
const sdlOf = (text: string) => text.replace(/^(#[^\n]*\n)+/, '').trim();

/**
 * The supergraph for a process of the platform, over the domains `names`. A domain's SDL is the one
 * this process built (`built`: the subgraphs it runs) or, for a domain it does not run (another
 * process serves it), its committed `schema/subgraphs/<name>.graphql`, the contract that process
 * serves (built from its code by `fallback` only when there is no such file). When every SDL equals
 * its committed file the committed `schema/supergraph.graphql` is answered (the composition would
 * be the same, and skipping it saves about a second at each start); else the SDLs are composed, and
 * `onStale` hears which of this process's subgraphs differ from their committed files. URLs in the
 * SDL are placeholders either way: data sources are chosen by subgraph name (loadGateway).
 */
export function supergraphFor(
  names: readonly string[],
  opts: {
    schemaDir?: string;
    built?: Record<string, { sdl: string }>;
    fallback?: (name: string) => string;
    onStale?: (names: string[]) => void;
  } = {},
): string {
  const schemaDir = opts.schemaDir ?? SCHEMA_DIR;
  const committed = (name: string): string | undefined => {
    const file = path.join(schemaDir, 'subgraphs', `${name}.graphql`);
    return fs.existsSync(file) ? sdlOf(fs.readFileSync(file, 'utf8')) : undefined;
  };
  const sdls = names.map((name) => {
    const own = opts.built?.[name]?.sdl.trim();
    const file = committed(name);
    if (own !== undefined) return { name, sdl: own, same: own === file };
    if (file !== undefined) return { name, sdl: file, same: true };
    if (!opts.fallback) throw new Error(`no SDL for the subgraph ${name}: schema/subgraphs/${name}.graphql is missing (npm run schema:generate)`);
    return { name, sdl: opts.fallback(name).trim(), same: false };
  });
  const supergraphFile = path.join(schemaDir, 'supergraph.graphql');
  const onlyThese = () => {
    const dir = path.join(schemaDir, 'subgraphs');
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.graphql')) : [];
    return files.length === names.length && names.every((n) => files.includes(`${n}.graphql`));
  };
  if (sdls.every((x) => x.same) && fs.existsSync(supergraphFile) && onlyThese()) return sdlOf(fs.readFileSync(supergraphFile, 'utf8'));
  const stale = sdls.filter((x) => !x.same && opts.built?.[x.name]).map((x) => x.name);
  if (stale.length) opts.onStale?.(stale);
  return composeServicesOf(sdls.map((x) => [x.name, x.sdl] as const)).supergraphSdl;
}

function composeServicesOf(built: ReadonlyArray<readonly [string, string]>, urls: Record<string, string> = {}) {
  const result = composeServices(built.map(([name, sdl]) => ({ name, url: urls[name] ?? `http://${name}.local/graphql`, typeDefs: parse(sdl) })));
  if (result.errors?.length) throw new Error(`Supergraph composition failed:\n${result.errors.map((e) => e.message).join('\n')}`);
  return { supergraphSdl: result.supergraphSdl! };
}

export interface PreparedOperation {
  name: string;
  document: DocumentNode;
  source: string;
  queryHash: string;
  operation: OperationDefinitionNode;
  /**
   * The operation's query plan when it is one fetch from one subgraph that answers exactly what was
   * asked (most REST operations): `run` sends that fetch to the subgraph itself, without the
   * gateway's per-request planning lookup, variable check and result shaping. Absent otherwise.
   * Worked out when first read.
   */
  readonly direct?: DirectFetch;
  /**
   * The subgraphs whose data the answer is made of (the services of its query plan), sorted; what a
   * response cache's entry depends on. Worked out when first read; empty when the planner refused it.
   */
  readonly subgraphs: readonly string[];
}

/** One subgraph fetch that is a whole operation (see PreparedOperation.direct). */
export interface DirectFetch {
  subgraph: string;
  query: string;
  operationName?: string;
  /** the operation's variables the fetch uses */
  variables: string[];
}

/** What the gateway's query planner answers, as far as `directFetchOf` reads it. */
interface PlannedFetch {
  kind: string;
  serviceName: string;
  operation: string;
  operationName?: string;
  variableUsages?: string[];
  requires?: unknown;
  inputRewrites?: unknown[];
  outputRewrites?: unknown[];
  contextRewrites?: unknown[];
}

export interface LoadedGateway {
  gateway: ApolloGateway;
  apiSchema: GraphQLSchema;
  /** `/graphql`'s executor: the gateway's, with the direct fetch of operations one subgraph answers */
  executor: ApolloGateway['executor'];
  supergraphSdl: string;
  /** parses and validates a named operation once, against the API schema */
  prepare(source: string, operationName?: string): PreparedOperation;
  run(op: PreparedOperation, variables: Record<string, unknown>, ctx: RequestContext): Promise<ExecutionResult>;
  /**
   * Told of every mutation this gateway ran (REST's, `/graphql`'s and the ports' alike), once it is
   * done, with the store it ran for (null: the operator's, any store) and the subgraphs its plan
   * wrote to: the response cache drops what they answered here at once.
   */
  afterMutation?: (tenantId: string | null, subgraphs: readonly string[]) => void;
  /**
   * Sends one query straight to a subgraph through the gateway's own data source for it (in-process
   * or HTTP with the signed context), as the query planner does for `_entities` fetches.
   */
  fetchSubgraph(subgraph: string, query: string, variables: Record<string, unknown>, ctx: RequestContext): Promise<ExecutionResult>;
  stop(): Promise<void>;
}

/** client operations whose direct fetch (or its absence) is remembered (`/graphql`'s executor) */
const DIRECT_PLANS = 2_000;

/** A thrown error as an execution result. */
const failed = (err: unknown): ExecutionResult => ({
  errors: [err instanceof GraphQLError ? err : new GraphQLError((err as Error).message, { originalError: err as Error })],
});

export async function loadGateway(opts: {
  supergraphSdl: string;
  local: Record<string, GraphQLSchema>;
  remote: Record<string, string>;
  internalSecret: string;
  log: Logger;
  /**
   * Subgraphs neither local nor given a URL: refused at load (default), or answered with an
   * error naming the missing SUBGRAPH_<NAME>_URL when a query reaches them (a subgraph process
   * started without every peer's URL still serves the rest).
   */
  missing?: 'throw' | 'error';
}): Promise<LoadedGateway> {
  const sources = new Map<string, GraphQLDataSource<RequestContext>>();
  const gateway = new ApolloGateway({
    supergraphSdl: opts.supergraphSdl,
    // query plans, keyed by client query: the default 30 MiB (measured as JSON) is several times
    // that in heap; bounded tighter so that distinct queries cannot grow memory
    experimental_approximateQueryPlanStoreMiB: 2,
    logger: {
      debug: (m: unknown) => opts.log.debug({ gateway: m }),
      info: (m: unknown) => opts.log.debug({ gateway: m }),
      warn: (m: unknown) => opts.log.warn({ gateway: m }),
      error: (m: unknown) => opts.log.error({ gateway: m }),
    },
    buildService: ({ name, url }) => {
      const ds = opts.remote[name] ? new SignedRemoteDataSource(opts.remote[name], opts.internalSecret, name) : undefined;
      const schema = opts.local[name];
      if (!ds && !schema && opts.missing !== 'error') throw new Error(`subgraph ${name} is neither in-process nor given a URL (${url})`);
      const source: GraphQLDataSource<RequestContext> = ds ?? (schema ? new CachedLocalDataSource(schema) : new UnreachableDataSource(name));
      sources.set(name, source);
      return source;
    },
  });
  const { schema: apiSchema, executor } = await gateway.load();
  const quietLogger = { debug() {}, info() {}, warn: (m: unknown) => opts.log.warn({ gateway: m }), error: (m: unknown) => opts.log.error({ gateway: m }) };

  // the gateway's planner and API schema (not in its typings; @apollo/gateway is pinned): a prepared
  // operation's plan is worked out once, to find the ones a single subgraph fetch answers
  const internals = gateway as unknown as { queryPlanner?: { buildQueryPlan(op: unknown): { node?: PlannedFetch } }; apiSchema?: unknown };
  const directFetchOf = (document: DocumentNode, operationName: string, source: string): DirectFetch | undefined => {
    if (!internals.queryPlanner || !internals.apiSchema) return undefined;
    const op = operationFromDocument(internals.apiSchema as never, document, { operationName });
    const node = internals.queryPlanner.buildQueryPlan(op).node;
    if (!node || node.kind !== 'Fetch' || node.requires || node.inputRewrites?.length || node.outputRewrites?.length || node.contextRewrites?.length)
      return undefined;
    // the planner asks for `__typename` of abstract types, which the gateway removes again when
    // the operation did not ask for it: such an operation keeps going through the gateway
    if (node.operation.includes('__typename') && !source.includes('__typename')) return undefined;
    return { subgraph: node.serviceName, query: node.operation, operationName: node.operationName, variables: node.variableUsages ?? [] };
  };

  // every service a query plan fetches from (Fetch nodes anywhere in Sequence, Parallel, Flatten,
  // Condition and Defer nodes)
  const servicesOf = (document: DocumentNode, operationName: string): string[] => {
    if (!internals.queryPlanner || !internals.apiSchema) return [];
    const op = operationFromDocument(internals.apiSchema as never, document, { operationName });
    const found = new Set<string>();
    const walk = (n: unknown): void => {
      if (!n || typeof n !== 'object') return;
      if (Array.isArray(n)) return n.forEach(walk);
      const node = n as Record<string, unknown>;
      if (node.kind === 'Fetch' && typeof node.serviceName === 'string') found.add(node.serviceName);
      for (const [k, v] of Object.entries(node)) if (k !== 'operation' && k !== 'operationDocumentNode' && typeof v === 'object') walk(v);
    };
    walk(internals.queryPlanner.buildQueryPlan(op).node);
    return [...found].sort();
  };

  const prepare = (source: string, operationName?: string): PreparedOperation => {
    const document = parse(source);
    const errors = validate(apiSchema, document);
    if (errors.length) throw new Error(`operation ${operationName ?? ''} does not validate: ${errors.map((e) => e.message).join('; ')}`);
    const ops = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition');
    const operation = operationName ? ops.find((o) => o.name?.value === operationName) : ops[0];
    if (!operation) throw new Error(`operation ${operationName} not found`);
    const name = operation.name?.value;
    if (!name) throw new Error('operations must be named');
    // the plan is worked out on the operation's first run, not at start (a process runs few of the
    // route table's operations; the gateway planned each on its first request before, too)
    let direct: DirectFetch | null | undefined;
    let services: string[] | undefined;
    return {
      name,
      document,
      source,
      operation,
      queryHash: createHash('sha256').update(source).digest('hex'),
      get direct() {
        if (direct === undefined) {
          try {
            direct = directFetchOf(document, name, source) ?? null;
          } catch {
            // an operation the planner refuses goes through the gateway, which answers the error
            direct = null;
          }
        }
        return direct ?? undefined;
      },
      get subgraphs() {
        if (services === undefined) {
          try {
            services = servicesOf(document, name);
          } catch {
            services = [];
          }
        }
        return services;
      },
    };
  };

  const run = async (op: PreparedOperation, variables: Record<string, unknown>, ctx: RequestContext) => {
    if (op.operation.operation !== 'mutation') return runOperation(op, variables, ctx);
    try {
      return await runOperation(op, variables, ctx);
    } finally {
      loaded.afterMutation?.(ctx.tenantId, op.subgraphs);
    }
  };

  const runOperation = async (op: PreparedOperation, variables: Record<string, unknown>, ctx: RequestContext) => {
    if (op.direct) {
      const d = op.direct;
      try {
        return await fetchSubgraph(d.subgraph, d.query, variablesOf(d, variables), ctx, d.operationName);
      } catch (err) {
        return failed(err);
      }
    }
    const requestContext = {
      request: { query: op.source, operationName: op.name, variables },
      document: op.document,
      operation: op.operation,
      operationName: op.name,
      queryHash: op.queryHash,
      source: op.source,
      schema: apiSchema,
      context: ctx,
      logger: quietLogger,
      metrics: { captureTraces: false },
      overallCachePolicy: {},
      cache: undefined,
    };
    try {
      return (await executor(requestContext as never)) as ExecutionResult;
    } catch (err) {
      return failed(err);
    }
  };

  // the variables a direct fetch's subgraph query declares, of those the caller gave
  const variablesOf = (d: DirectFetch, given: Record<string, unknown>) => {
    const used: Record<string, unknown> = {};
    for (const v of d.variables) if (given[v] !== undefined) used[v] = given[v];
    return used;
  };

  const fetchSubgraph = async (subgraph: string, query: string, variables: Record<string, unknown>, ctx: RequestContext, operationName?: string) => {
    const source = sources.get(subgraph);
    if (!source) throw new Error(`no subgraph named ${subgraph}`);
    const request = { query, variables, ...(operationName ? { operationName } : {}) };
    const incomingRequestContext = { request, context: ctx, logger: quietLogger, overallCachePolicy: { restrict() {} }, metrics: {} };
    return (await source.process(<GraphQLDataSourceProcessOptions<RequestContext>>{
      kind: 'incoming operation' as GraphQLDataSourceProcessOptions['kind'],
      request,
      context: ctx,
      incomingRequestContext: incomingRequestContext as never,
    })) as ExecutionResult;
  };

  // `/graphql`'s executor: a client operation that one subgraph fetch answers goes straight to that
  // subgraph, as a prepared one does (its plan is worked out once per distinct document); the rest
  // through the gateway
  const plans = new Map<string, DirectFetch | null>();
  // the subgraphs a client mutation writes to, per distinct document
  const written = new Map<string, readonly string[]>();
  const mutationServices = (key: string, document: DocumentNode, operationName: string | undefined): readonly string[] => {
    let found = written.get(key);
    if (!found) {
      try {
        found = servicesOf(document, operationName as string);
      } catch {
        found = [];
      }
      written.set(key, found);
      if (written.size > DIRECT_PLANS) written.delete(written.keys().next().value!);
    }
    return found;
  };
  const clientExecutor: ApolloGateway['executor'] = async (requestContext) => {
    const { document, queryHash, source } = requestContext;
    const operationName = requestContext.operationName ?? undefined;
    // no operation to run (several without an operationName, or none of that name): Apollo Server
    // answers 400 with the first error of this result, as it does for a schema it executes itself
    if (!requestContext.operation) {
      const named = requestContext.request.operationName;
      return {
        errors: [new GraphQLError(named ? `Unknown operation named "${named}".` : 'Must provide operation name if query contains multiple operations.')],
      };
    }
    const key = `${queryHash}\0${operationName ?? ''}`;
    let direct = plans.get(key);
    if (direct === undefined) {
      try {
        direct = directFetchOf(document, operationName as string, source) ?? null;
      } catch {
        direct = null;
      }
      plans.set(key, direct);
      if (plans.size > DIRECT_PLANS) plans.delete(plans.keys().next().value!);
    }
    if (requestContext.operation.operation === 'mutation') {
      try {
        return await executor(requestContext);
      } finally {
        if (loaded.afterMutation) loaded.afterMutation((requestContext.context as RequestContext).tenantId, mutationServices(key, document, operationName));
      }
    }
    if (!direct || requestContext.operation.operation !== 'query') return executor(requestContext);
    const used = variablesOf(direct, requestContext.request.variables ?? {});
    const result = await fetchSubgraph(direct.subgraph, direct.query, used, requestContext.context as RequestContext, direct.operationName);
    if (!result.errors?.length) return result;
    // as the gateway hands them on: GraphQL errors (a remote subgraph's are JSON) with their path and
    // extensions, without locations (those point into the subgraph's query, not the client's)
    const errors = result.errors.map(
      (e) =>
        new GraphQLError(e.message, {
          path: e.path,
          extensions: e.extensions,
          originalError: e instanceof GraphQLError ? (e.originalError ?? undefined) : undefined,
        }),
    );
    return { ...result, errors };
  };

  const loaded: LoadedGateway = {
    gateway,
    apiSchema,
    executor: clientExecutor,
    supergraphSdl: opts.supergraphSdl,
    prepare,
    run,
    fetchSubgraph,
    stop: () => gateway.stop(),
  };
  return loaded;
}
