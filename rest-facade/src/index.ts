/** The REST facade's public API: a router that turns HTTP requests into graph operations. */
export { createRestRouter, rateLimited, storefrontRateRule, type RestRouterDeps } from './router';
export { operationSource, parseMultipartFields, personalRootFields, responseCacheKey, sendCacheHit, FRAGMENTS_FILE, type RouteSource } from './engine';
export { sendError, fromGraphQLErrors, fromZod } from './errors';
export { parseFields, applyFields, type FieldSpec } from './fields';
export {
  createRateLimitStore,
  rateLimitMiddleware,
  hitRule,
  MemoryRateLimitStore,
  RedisRateLimitStore,
  type RateLimitStore,
  type RateLimitRule,
  type RateDecision,
} from './middleware/rate-limit';
export { openApiDocument } from './openapi';
