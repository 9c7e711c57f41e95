/** The REST facade's public API: a router that turns HTTP requests into graph operations. */
export { createRestRouter, type RestRouterDeps } from './router';
export { operationSource, parseMultipartFields, personalRootFields, FRAGMENTS_FILE, type RouteSource } from './engine';
export { sendError, fromGraphQLErrors, fromZod } from './errors';
export { parseFields, applyFields, type FieldSpec } from './fields';
export {
  createRateLimitStore,
  rateLimitMiddleware,
  MemoryRateLimitStore,
  RedisRateLimitStore,
  type RateLimitStore,
  type RateLimitRule,
  type RateDecision,
} from './middleware/rate-limit';
export { openApiDocument } from './openapi';
