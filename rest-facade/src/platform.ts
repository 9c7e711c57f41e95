import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ChangeBus,
  JobQueue,
  OutboxRelay,
  createLogger,
  loadConfig,
  openDatabase,
  startSubgraph,
  systemContext,
  type Database,
  type Logger,
  type PlatformConfig,
  type SubgraphRuntime,
} from '@svc/kit';
import type { IdentityServices } from '@svc/identity';
import type { CatalogServices } from '@svc/catalog';
import { demoCatalog } from '@svc/catalog';
import { SUBGRAPHS } from '@svc/gateway/src/subgraphs';
import { composeSupergraph, loadGateway, type LoadedGateway } from '@svc/gateway/src/gateway';
import { ContextBuilder } from '@svc/gateway/src/context';
import { createApp } from './app';
import { ROUTES } from './routes';
import type { RouteDef } from './engine';
import { createRateLimitStore } from './middleware/rate-limit';

export interface PlatformOptions {
  config?: PlatformConfig;
  log?: Logger;
  /** routes added to the table (tests) */
  extraRoutes?: RouteDef[];
  /** false: do not open an HTTP port (scripts that only need services) */
  listen?: boolean;
}

export interface Platform {
  config: PlatformConfig;
  log: Logger;
  url: string;
  db: Database;
  gw: LoadedGateway;
  server?: http.Server;
  queue?: JobQueue;
  relay?: OutboxRelay;
  subgraphs: Record<string, SubgraphRuntime<any>>;
  identity: IdentityServices;
  catalog?: CatalogServices;
  startupMs: number;
  close(): Promise<void>;
}

export const DEMO_TENANT_HANDLE = 'demo';

/** Seeds the demo store once (tenant `demo`): credentials from DEMO_* settings, the demo catalog. */
export async function seedDemo(p: Platform): Promise<boolean> {
  if (!p.catalog) return false;
  if (await p.identity.tenants.findByHandle(DEMO_TENANT_HANDLE)) return false;
  const ctx = systemContext(p.log, null, 'seed');
  const creds = await p.identity.tenants.create(ctx, {
    name: 'Demo Store',
    handle: DEMO_TENANT_HANDLE,
    adminEmail: p.config.demo.adminEmail,
    adminPassword: p.config.demo.adminPassword,
    publishableKey: p.config.demo.publishableKey,
    agentApiKey: p.config.demo.agentApiKey,
  });
  await p.catalog.seed.load(creds.tenant_id, demoCatalog(), imageBase(p.config, p.url));
  p.log.info({ tenantId: creds.tenant_id }, 'demo store seeded');
  return true;
}

export const imageBase = (config: PlatformConfig, url: string) => `${config.publicUrl ?? url}/static/images`;

/**
 * The whole platform in one process: database (embedded or DATABASE_URL), migrations, every
 * in-process subgraph, the gateway, the REST facade, background workers. Subgraphs named in
 * SUBGRAPH_URLS are reached over HTTP instead (identity also stays local for authentication).
 */
export async function startPlatform(opts: PlatformOptions = {}): Promise<Platform> {
  const t0 = Date.now();
  const config = opts.config ?? loadConfig();
  const log = opts.log ?? createLogger(config.logLevel);
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log });
  const steps: Array<[string, () => Promise<void>]> = [];
  const cleanup = { push: (name: string, fn: () => Promise<void>) => steps.push([name, fn]) };
  cleanup.push('database', () => db.stop());
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      for (const [name, fn] of steps.reverse()) {
        log.debug({ step: name }, 'stopping');
        await fn().catch((err) => log.warn({ err, step: name }, 'shutdown step failed'));
      }
    })());
  try {
    const bus = new ChangeBus(db.url, log);
    await bus.start();
    cleanup.push('change bus', () => bus.close());
    const deps = { config, dbUrl: db.url, log, bus };
    const queue = config.workersDisabled ? undefined : await JobQueue.start(db.url, log);
    if (queue) cleanup.push('job queue', () => queue.stop());

    const subgraphs: Record<string, SubgraphRuntime<any>> = {};
    for (const def of SUBGRAPHS) {
      if (config.subgraphUrls[def.name] && def.name !== 'identity') continue;
      const rt = await startSubgraph(def, deps, { migrate: true, queue });
      subgraphs[def.name] = rt;
      cleanup.push(`subgraph ${def.name}`, () => rt.close());
    }
    let relay: OutboxRelay | undefined;
    if (queue) {
      relay = new OutboxRelay(Object.values(subgraphs).map((s) => s.orm), queue, log, config.outboxPollMs);
      await relay.start(bus);
      const r = relay;
      cleanup.push('outbox relay', () => r.stop());
    }

    const { supergraphSdl } = composeSupergraph(SUBGRAPHS, config.subgraphUrls);
    const local = Object.fromEntries(
      Object.entries(subgraphs).filter(([name]) => !config.subgraphUrls[name]).map(([name, rt]) => [name, rt.schema]),
    );
    const gw = await loadGateway({ supergraphSdl, local, remote: config.subgraphUrls, internalSecret: config.internalSecret, log });
    cleanup.push('gateway', () => gw.stop());
    const identity = subgraphs.identity.services as IdentityServices;
    const builder = new ContextBuilder(config, identity.authority, log);

    let ready = false;
    const rateLimits = createRateLimitStore(config.redisUrl, { onError: (err: unknown) => log.warn({ err }, 'rate limit store unavailable; allowing') });
    cleanup.push('rate limits', () => rateLimits.close());
    const { app, apollo } = await createApp({ config, log, gw, builder, routes: [...ROUTES, ...(opts.extraRoutes ?? [])], rateLimits, isReady: () => ready });
    cleanup.push('graphql server', () => apollo.stop());

    const platform: Platform = {
      config,
      log,
      url: '',
      db,
      gw,
      queue,
      relay,
      subgraphs,
      identity,
      catalog: subgraphs.catalog?.services as CatalogServices | undefined,
      startupMs: 0,
      close,
    };
    if (opts.listen !== false) {
      const server = http.createServer(app);
      server.keepAliveTimeout = 65_000;
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(config.port, config.host, () => resolve());
      });
      cleanup.push(
        'http server',
        () =>
          new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeAllConnections();
          }),
      );
      const { port } = server.address() as AddressInfo;
      platform.server = server;
      platform.url = `http://${config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host}:${port}`;
    }
    if (config.seedDemo) await seedDemo(platform);
    ready = true;
    platform.startupMs = Date.now() - t0;
    return platform;
  } catch (err) {
    await close();
    throw err;
  }
}
