/** The gateway's public API: composition, the loaded supergraph, authentication, the GraphQL door, remote subgraphs. */
export {
  composeSupergraph,
  supergraphFor,
  SCHEMA_DIR,
  loadGateway,
  CachedLocalDataSource,
  DocumentLru,
  SignedRemoteDataSource,
  type LoadedGateway,
  type PreparedOperation,
} from './gateway';
export { ContextBuilder, LOCALE_TAG, signClaims, verifyClaims, CONTEXT_HEADER, SIGNATURE_HEADER, type ContextOptions, type Authority } from './context';
export { createGraphQLServer, type GraphQLServer, type GraphQLServerOptions } from './graphql-server';
export { serveSubgraph, type SubgraphServer } from './subgraph-server';
export {
  DEFAULT_GRAPHQL_LIMITS,
  RATE_LIMITED_BODY,
  checkOperation,
  clientOf,
  storefrontRateKey,
  applyRateDecision,
  setRateLimitHeaders,
  type GraphQLLimits,
  type QueryLimits,
} from './limits';
export { AdmittingDocumentStore } from './document-store';
export { sendPublicRead, publicReadEtag, PUBLIC_READ } from './public-read';
export { ResponseCache, type ResponseCacheOptions, type CacheSnapshot, type CachedResponse } from './response-cache';
export { resolveClient, CLIENT_LOCAL, type ClientAddress } from './client';
export {
  EventHub,
  StreamSubscriber,
  parseTypeFilter,
  matchesType,
  entityIdOf,
  toStreamEvent,
  type EventHubOptions,
  type StreamEvent,
  type TypeFilter,
} from './event-hub';
export { createEventStreamHandler, eventStreamSchema, type EventStreamOptions, type StreamReplay } from './event-stream';
