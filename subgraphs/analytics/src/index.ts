import path from 'node:path';
import { defineDomain, inBatches, onAllEvents } from '@svc/kit';
import { RecordedEvent, RollupCell, RollupDay } from './entities/analytics.entity';
import { AnalyticsResolver } from './resolvers/analytics.resolver';
import { createAnalyticsServices, type AnalyticsServices } from './services';
import { analyticsEvents } from './events';
import { analyticsRoutes } from './rest/routes';
import { seedDemoAnalytics } from './seed/demo-seed';
import { migrations } from './migrations';
import { analyticsPrivacy } from './privacy';

/** Events the ingest takes from its queue at once (one transaction per store among them). */
const INGEST_BATCH = 200;

/**
 * analytics: the domain manifest, everything this domain contributes to the platform. The platform
 * finds it through `"svc": { "domain": … }` in package.json; nothing else lists domains.
 * It hears every event of every domain (one subscription), records it and keeps the rollups.
 */
export const domain = defineDomain<AnalyticsServices>({
  name: 'analytics',
  privacy: analyticsPrivacy,
  dbSchema: 'analytics',
  entities: [RecordedEvent, RollupCell, RollupDay],
  migrations,
  migrationsDir: path.join(__dirname, 'migrations'),
  // writes that never change a public read (kit read-changes.ts): its log and rollups: no public read shows them
  readCacheIgnores: ['event_log', 'rollup', 'rollup_day'],
  resolvers: [AnalyticsResolver],
  createServices: createAnalyticsServices,
  events: analyticsEvents,
  // in batches: up to 200 events a fetch, each store's recorded and rolled up in one transaction
  // (one lock, one statement) instead of a transaction per event
  subscriptions: [
    inBatches(
      onAllEvents<AnalyticsServices>('rollups', async (event, ctx, s) => void (await s.analytics.ingest(ctx, event))),
      INGEST_BATCH,
      async (events, ctx, s) => void (await s.analytics.ingestMany(ctx, events)),
    ),
  ],
  routes: analyticsRoutes,
  operationsDir: path.join(__dirname, 'rest', 'operations'),
  // what it uses of other domains: src/ports/<provider>.graphql (see src/ports/README.md)
  ports: path.join(__dirname, 'ports'),
  seed: seedDemoAnalytics,
});

export type { AnalyticsServices };
export { analyticsEvents };
export { METRICS } from './services/rollups';
