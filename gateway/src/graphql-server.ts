import express, { type RequestHandler, type Response } from 'express';
import { GraphQLError, Kind, type GraphQLFormattedError, type OperationDefinitionNode } from 'graphql';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import { Errors, contextFailure, graphqlRequestError, type RequestContext } from '@svc/kit';
import type { ContextBuilder } from './context';
import { AdmittingDocumentStore } from './document-store';
import { PUBLIC_READ, sendPublicRead } from './public-read';
import { createPersistedQueryStore, type PersistedQueryOptions } from './persisted-queries';
import type { LoadedGateway } from './gateway';
import {
  CTX_ERROR_LOCAL,
  CTX_LOCAL,
  DEFAULT_GRAPHQL_LIMITS,
  checkOperation,
  clientOf,
  graphqlGuard,
  limitsFor,
  type GraphQLLimits,
  type GraphQLRateLimits,
} from './limits';

export interface GraphQLServer {
  /** the `/graphql` handler: JSON body, context from the one context builder, the supergraph */
  handler: RequestHandler[];
  /** Apollo's store of parsed documents (admits only documents that passed the limits) */
  documentStore: AdmittingDocumentStore;
  stop(): Promise<void>;
}

/** largest `/graphql` body of an admin: a 10 MB media upload is ~13.4 MB of base64 in JSON */
const ADMIN_BODY_LIMIT = '16mb';

/** JSON size of the parsed documents Apollo Server keeps */
const DOCUMENT_STORE_BYTES = 2 * 2 ** 20;

export interface GraphQLServerOptions {
  /** schema introspection (and schema hints in errors); off in production */
  introspection: boolean;
  /** per-identity rate limits (absent: not limited); the store is the REST facade's, so windows are shared */
  rateLimits?: GraphQLRateLimits;
  /** cost, depth, aliases, directives and tokens per caller class (default DEFAULT_GRAPHQL_LIMITS) */
  limits?: GraphQLLimits;
  /** automatic persisted queries (absent: each instance keeps its own, for a day) */
  persistedQueries?: PersistedQueryOptions;
  /**
   * root Query fields whose answers are personal even without a token (the REST routes declared
   * `noStore` read them): a GET asking for one is never stored by a shared cache
   */
  personalFields?: ReadonlySet<string>;
}

/** the root fields an operation asks for (`__typename` aside) */
function rootFields(op: OperationDefinitionNode): string[] {
  return op.selectionSet.selections.flatMap((s) => (s.kind === Kind.FIELD ? (s.name.value === '__typename' ? [] : [s.name.value]) : ['…']));
}

/**
 * A GET's answer that the cache plugin marked public (`PUBLIC_READ`): sent with a weak ETag of its
 * bytes and the Vary of a public read, or as 304 when the client already has it. Every other GET
 * keeps the app's `no-store`.
 */
const publicReadResponse: RequestHandler = (req, res, next) => {
  if (req.method !== 'GET') return next();
  const send = res.send.bind(res) as Response['send'];
  res.send = (body?: unknown) => {
    if (res.getHeader('cache-control') !== PUBLIC_READ || res.statusCode !== 200 || typeof body !== 'string') return send(body);
    sendPublicRead(req, res, body, send);
    return res;
  };
  next();
};

/**
 * Every error `/graphql` answers, in the platform's vocabulary: `extensions: {type, code}` (with the
 * field `errors` and `retry_after` where they apply). GraphQL's own request errors are translated;
 * anything else without a type (a crash, a subgraph that could not be reached, a non-null field a
 * resolver left null) is an internal error whose message is not shown (`didEncounterErrors` logs it).
 */
export function platformGraphQLError(formatted: GraphQLFormattedError): GraphQLFormattedError {
  const ext = formatted.extensions ?? {};
  // the APQ protocol: clients recognise a miss by this message and code, kept as Apollo sends them
  if (ext.code === 'PERSISTED_QUERY_NOT_FOUND') return { message: formatted.message, extensions: { type: 'not_found', code: ext.code } };
  if (!ext.type && /^(provided sha does not match query|Unsupported persisted query version)$/.test(formatted.message))
    return { message: formatted.message, extensions: { type: 'validation_error', code: 'invalid_persisted_query' } };
  if (ext.type) {
    const extensions = {
      type: ext.type,
      code: ext.code,
      ...(ext.errors ? { errors: ext.errors } : {}),
      ...(ext.retry_after ? { retry_after: ext.retry_after } : {}),
    };
    return { message: formatted.message, path: formatted.path, extensions };
  }
  // GraphQL's own request errors (syntax, validation, input coercion) in the platform's vocabulary
  const e = graphqlRequestError(formatted.message, ext.code);
  if (e)
    return {
      message: formatted.message,
      ...(formatted.locations ? { locations: formatted.locations } : {}),
      extensions: { type: e.type, code: e.code, ...(e.extensions.errors ? { errors: e.extensions.errors } : {}) },
    };
  const internal = Errors.internal();
  return { message: internal.message, ...(formatted.path ? { path: formatted.path } : {}), extensions: { type: internal.type, code: internal.code } };
}

/** Apollo Server over the loaded supergraph: the GraphQL door of the platform. */
export async function createGraphQLServer(gw: LoadedGateway, builder: ContextBuilder, opts: GraphQLServerOptions): Promise<GraphQLServer> {
  const limits = opts.limits ?? DEFAULT_GRAPHQL_LIMITS;
  // parsed client documents: the default store holds 30 MiB measured as JSON, several times that
  // in heap; distinct queries must not grow memory without bound (see test/security/memory.test.ts),
  // and a document refused by a limit is never kept
  const documentStore = new AdmittingDocumentStore(DOCUMENT_STORE_BYTES);
  const persisted = createPersistedQueryStore(opts.persistedQueries ?? { ttlSeconds: 86_400 });
  const personal = opts.personalFields ?? new Set<string>();
  // every operation is costed (and its shape checked) once it is parsed and validated, before it runs
  const costPlugin: ApolloServerPlugin<RequestContext> = {
    async requestDidStart() {
      let cost: { requested: number; limit: number } | undefined;
      return {
        async didResolveOperation({ document, request, contextValue, schema, operationName, operation }) {
          // the supergraph has no subscription root: live events stream from /graphql/stream
          if (operation?.operation === 'subscription')
            throw new GraphQLError('Subscriptions are not served on /graphql; live domain events stream from /graphql/stream', {
              extensions: { type: 'validation_error', code: 'invalid_query', http: { status: 400 } },
            });
          const l = limitsFor(contextValue, limits);
          try {
            cost = { requested: checkOperation(schema, document, request.variables, operationName, l), limit: l.maxCost };
            documentStore.admit(document);
          } catch (err) {
            const requested = (err as { cost?: number }).cost;
            if (requested !== undefined) cost = { requested, limit: l.maxCost };
            throw err;
          }
        },
        // what platformGraphQLError answers as a bare internal error is logged here, whole
        async didEncounterErrors({ errors, contextValue }) {
          const untyped = errors.filter(
            (e) => !e.extensions?.type && platformGraphQLError({ message: e.message, extensions: e.extensions }).extensions?.code === 'internal_error',
          );
          if (untyped.length)
            contextValue?.log?.error(
              { errors: untyped.map((e) => ({ message: e.message, path: e.path, code: e.extensions?.code, err: e.originalError })) },
              'GraphQL error without a type',
            );
        },
        async willSendResponse({ request, response, contextValue, operation }) {
          if (response.body.kind !== 'single') return;
          const result = response.body.singleResult;
          if (cost) result.extensions = { ...result.extensions, cost };
          // an anonymous GET of a query that read nothing personal and failed nowhere: cached like a
          // REST read (a persisted query's GET is a short URL a CDN can keep)
          const publicRead =
            request.http?.method === 'GET' &&
            operation?.operation === 'query' &&
            contextValue.actor.type === 'anonymous' &&
            !request.http.headers.get('authorization') &&
            !result.errors?.length &&
            rootFields(operation).every((f) => f !== '…' && !personal.has(f));
          if (publicRead && response.http) response.http.headers.set('cache-control', PUBLIC_READ);
          // a refused rate (sign-in throttle and the like) is a 429 over GraphQL too, with Retry-After
          const errors = result.errors ?? [];
          const limited = errors.length > 0 && !result.data && errors.every((e) => e.extensions?.type === 'rate_limit_error');
          if (limited && response.http) {
            response.http.status = 429;
            const after = Math.max(0, ...errors.map((e) => Number(e.extensions?.retry_after ?? 0)));
            if (after > 0) response.http.headers.set('retry-after', String(after));
          }
        },
      };
    },
  };
  const apollo = new ApolloServer<RequestContext>({
    gateway: {
      load: async () => ({ schema: gw.apiSchema, executor: gw.executor }),
      onSchemaLoadOrUpdate: (cb) => {
        cb({ apiSchema: gw.apiSchema, coreSupergraphSdl: gw.supergraphSdl });
        return () => undefined;
      },
      stop: async () => undefined,
    },
    includeStacktraceInErrorResponses: false,
    documentStore,
    persistedQueries: { cache: persisted.cache, ttl: persisted.ttlSeconds },
    // a request Apollo runs must have forced a CORS preflight: a JSON body, or one of these headers
    // (storefronts send their publishable key with every call, so their GETs pass)
    csrfPrevention: { requestHeaders: ['x-apollo-operation-name', 'apollo-require-preflight', 'x-publishable-api-key'] },
    introspection: opts.introspection,
    // without introspection, errors must not leak the schema either ("Did you mean …?")
    hideSchemaDetailsFromClientErrors: !opts.introspection,
    // the default landing page loads Apollo's sandbox from a CDN; the platform serves GraphiQL itself
    plugins: [ApolloServerPluginLandingPageDisabled(), costPlugin],
    // the platform owns SIGINT/SIGTERM and stops every part in order
    stopOnTerminationSignals: false,
    formatError: platformGraphQLError,
  });
  await apollo.start();
  // bodies up to 1 MB, admins' up to ADMIN_BODY_LIMIT (media uploads travel as base64 in variables):
  // the caller is authenticated from the headers first, so the larger limit never applies to anyone else
  const publicBody = express.json({ limit: '1mb' });
  const adminBody = express.json({ limit: ADMIN_BODY_LIMIT });
  const authenticate: RequestHandler = async (req, res, next) => {
    try {
      res.locals[CTX_LOCAL] = await builder.build(req.headers, { ip: clientOf(req, res).ip ?? undefined });
    } catch (err) {
      res.locals[CTX_ERROR_LOCAL] = err;
    }
    const ctx = res.locals[CTX_LOCAL] as RequestContext | undefined;
    (ctx?.actor.type === 'admin' ? adminBody : publicBody)(req, res, next);
  };
  const authenticated = async (_req: unknown, res: express.Response): Promise<RequestContext> => {
    if (res.locals[CTX_ERROR_LOCAL] !== undefined) throw res.locals[CTX_ERROR_LOCAL];
    return res.locals[CTX_LOCAL] as RequestContext;
  };
  const handler = [
    authenticate,
    // rate-limits the identity authenticated above and refuses too many tokens, before Apollo parses
    graphqlGuard(authenticated, opts.rateLimits, limits),
    publicReadResponse,
    expressMiddleware(apollo, {
      context: async ({ res }) => {
        if (res.locals[CTX_ERROR_LOCAL] !== undefined) throw contextFailure(res.locals[CTX_ERROR_LOCAL]);
        return res.locals[CTX_LOCAL] as RequestContext;
      },
    }),
  ];
  return {
    handler,
    documentStore,
    stop: async () => {
      await apollo.stop();
      await persisted.close();
    },
  };
}
