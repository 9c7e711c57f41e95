/**
 * `@svc/kit/db`: the database helpers alone (embedded PostgreSQL, connection checks), without the
 * ORM and GraphQL registries the package's main entry loads. For processes that must not load
 * entity or type metadata, such as jest's global setup.
 */
export { startEmbedded, openDatabase, waitForDatabase, ensureDatabase, freePort, urlFor, redact, type Database } from './src/db';
export { createLogger, type Logger } from './src/logger';
