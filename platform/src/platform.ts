import http from 'node:http';
import type express from 'express';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import {
  checkDomainSettings,
  ChangeBus,
  DOMAIN_EVENT_CHANNEL,
  JobQueue,
  OutboxRelay,
  GraphLink,
  createLogger,
  createSignInThrottle,
  loadConfig,
  outboxReader,
  openDatabase,
  startSubgraph,
  subgraphSdl,
  type Database,
  type DomainDefinition,
  type GraphClient,
  type Logger,
  type PlatformConfig,
  type RouteDef,
  type SubgraphRuntime,
  type Subscription,
  type JobDefinition,
  type SignInThrottle,
  type Clock,
} from '@svc/kit';
import type { IdentityServices } from '@svc/identity';
import {
  ContextBuilder,
  DEFAULT_GRAPHQL_LIMITS,
  EventHub,
  supergraphFor,
  createEventStreamHandler,
  type StreamReplay,
  createGraphQLServer,
  loadGateway,
  type GraphQLServer,
  type Authority,
  type LoadedGateway,
} from '@svc/gateway';
import { startResponseCache } from './response-cache';
import { createRateLimitStore, createRestRouter, personalRootFields, type RouteSource } from '@svc/rest-facade';
import { createApp } from './app';
import { frontDoor } from './front-door';
import type { OriginAuthority } from './cors';
import { loadDomains } from './domains';
import { checkPorts } from './ports';
import { shutdownSteps } from './shutdown';
import { seedDemo, startDemoSignIn } from './seed';
import { startWorkers } from './workers';
import { RemoteAuthority } from './remote-authority';
import { bindSupergraph } from './participant';

export interface PlatformOptions {
  config?: PlatformConfig;
  log?: Logger;
  /** routes added to the table (tests); their operations are named `<domain>/<Name>` of an existing domain */
  extraRoutes?: RouteDef[];
  /** false: do not open an HTTP port (scripts that only need services) */
  listen?: boolean;
  /** subscriptions added to named in-process domains (tests), beside their manifests' own */
  extraSubscriptions?: Record<string, Subscription<any>[]>;
  /** jobs added to named in-process domains (tests) */
  extraJobs?: Record<string, JobDefinition<any>[]>;
  /**
   * the time of rate limits and sign-in throttles (tests pass a clock they move; default the system
   * clock); with one, the domains' cron jobs are not scheduled (the test runs them)
   */
  clock?: Clock;
}

export interface Platform {
  config: PlatformConfig;
  log: Logger;
  url: string;
  db: Database;
  gw: LoadedGateway;
  /** the /graphql door (Apollo Server over the gateway) */
  graphqlServer: GraphQLServer;
  /** the Express app behind the front door (front-door.ts), which takes everything but cache hits */
  app: express.Express;
  server?: http.Server;
  queue?: JobQueue;
  relay?: OutboxRelay;
  /** the fan-out of live domain events to /graphql/stream (absent when this instance runs no workers) */
  eventStreams?: EventHub;
  domains: DomainDefinition[];
  /** the supergraph as the platform's own code calls it (GraphClient) */
  graph: GraphClient;
  /** in-process subgraphs by domain name */
  subgraphs: Record<string, SubgraphRuntime<any>>;
  /** identity's services when identity runs in this process (undefined when it is remote) */
  identity: IdentityServices;
  /** the services of an in-process domain */
  services<S = unknown>(domain: string): S;
  /** the directory served at /static */
  staticDir: string;
  startupMs: number;
  /** the demo store's development OpenID provider, when it runs */
  demoIdpUrl?: string;
  close(): Promise<void>;
}

/** The route sources of the facade: every domain's routes and operations folder. */
export const routeSources = (domains: DomainDefinition[], extra: RouteDef[] = []): RouteSource[] => [
  ...domains.map((d) => ({ domain: d.name, routes: d.routes ?? [], operationsDir: d.operationsDir })),
  ...(extra.length ? [{ domain: 'extra', routes: extra }] : []),
];

/**
 * The whole platform in one process: database (embedded or DATABASE_URL), migrations, every
 * in-process domain, the gateway, the REST facade, background workers, the demo seed. Domains
 * named in SUBGRAPH_URLS are reached over HTTP instead; they run their own workers and seed
 * (`npm run subgraph`). With identity remote the gateway authenticates through identity's
 * internal operations (RemoteAuthority); with every domain remote it runs no subgraph, no job
 * queue and no relay, only the gateway, the facade and the live event streams.
 */
export async function startPlatform(opts: PlatformOptions = {}): Promise<Platform> {
  const t0 = Date.now();
  const config = opts.config ?? loadConfig();
  const log = opts.log ?? createLogger(config.logLevel);
  const domains = loadDomains();
  // every in-process domain's own settings, before anything starts: a bad one stops the start naming it
  checkDomainSettings(
    domains.filter((d) => !config.subgraphUrls[d.name]),
    config,
  );
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    log,
    embeddedSettings: config.embeddedPgSettings,
    waitMs: config.dbWaitS * 1000,
  });
  const cleanup = shutdownSteps(log);
  cleanup.push('database', () => db.stop());
  const close = cleanup.close;
  try {
    const bus = new ChangeBus(db.url, log);
    await bus.start();
    cleanup.push('change bus', () => bus.close());
    // calls between domains go through the supergraph; bound below once the gateway is loaded
    const graph = new GraphLink();
    // the listener's address is known only once it listens (PUBLIC_URL wins when set)
    let listenerUrl = `http://localhost:${config.port}`;
    const deps = { config, dbUrl: db.url, log, bus, graph, publicUrl: () => config.publicUrl ?? listenerUrl, clock: opts.clock };
    const localDomains = domains.filter((d) => !config.subgraphUrls[d.name]);
    const subgraphs: Record<string, SubgraphRuntime<any>> = {};
    for (const def of localDomains) {
      const rt = await startSubgraph(def, deps, { migrate: true });
      subgraphs[def.name] = rt;
      cleanup.push(`subgraph ${def.name}`, () => rt.close());
    }
    // started after the subgraphs, so it stops before them (after the workers and the relay that
    // use it) and long before the database: shutdown runs these steps in reverse
    const queue = config.workersDisabled || !localDomains.length ? undefined : await JobQueue.start(db.url, log, { retryScale: config.jobRetryScale });
    if (queue) cleanup.push('job queue', () => queue.stop());
    let relay: OutboxRelay | undefined;
    if (queue) {
      // subscriptions are bound before the relay publishes anything
      const workers = await startWorkers({
        queue,
        runtimes: Object.values(subgraphs),
        log,
        pollMs: config.outboxPollMs,
        extraSubscriptions: opts.extraSubscriptions,
        extraJobs: opts.extraJobs,
        // with an injected clock (tests) the jobs run when that clock says, never on the wall clock's schedule
        schedules: !opts.clock,
      });
      cleanup.push('workers', () => workers.stop());
      relay = new OutboxRelay(
        Object.values(subgraphs).map((s) => s.orm),
        queue,
        log,
        config.outboxPollMs,
      );
      await relay.start(bus);
      const r = relay;
      cleanup.push('outbox relay', () => r.stop());
    }

    // live domain events: every instance hears every event the relays announce (NOTIFY) and hands
    // it to its open streams; streams need the relay, so an instance without workers serves none
    let eventStreams: EventHub | undefined;
    let streamReplay: StreamReplay | undefined;
    if (!config.workersDisabled) {
      // an event too large for a NOTIFY payload is read from its outbox row (any domain's schema)
      const reader = outboxReader(
        db.url,
        domains.map((d) => d.dbSchema),
      );
      cleanup.push('outbox reader', () => reader.close());
      const hub = new EventHub({
        maxPerTenant: config.eventStreams.maxPerTenant,
        maxConnections: config.eventStreams.maxConnections,
        log,
        loadData: reader.load,
      });
      await bus.on(DOMAIN_EVENT_CHANNEL, (payload) => hub.receive(payload));
      eventStreams = hub;
      if (config.eventStreams.replayMs > 0) {
        const clock = opts.clock;
        streamReplay = { reader, windowMs: config.eventStreams.replayMs, overlapMs: config.eventStreams.replayOverlapMs, now: clock && (() => clock.now()) };
      }
    }

    // a domain served elsewhere (SUBGRAPH_URLS) counts with its committed SDL, the contract it serves
    const supergraphSdl = supergraphFor(
      domains.map((d) => d.name),
      { built: subgraphs, fallback: (name) => subgraphSdl(domains.find((d) => d.name === name)!) },
    );
    const local = Object.fromEntries(
      Object.entries(subgraphs)
        .filter(([name]) => !config.subgraphUrls[name])
        .map(([name, rt]) => [name, rt.schema]),
    );
    const gw = await loadGateway({ supergraphSdl, local, remote: config.subgraphUrls, internalSecret: config.internalSecret, log });
    cleanup.push('gateway', () => gw.stop());
    checkPorts(domains, gw.apiSchema);
    bindSupergraph(graph, gw);
    const identity = subgraphs.identity?.services as IdentityServices;
    let authority: Authority & OriginAuthority;
    let throttle: SignInThrottle;
    if (identity) {
      authority = identity.authority;
      throttle = identity.throttle;
    } else {
      // identity runs elsewhere: its published API, cached here and dropped on its change notice
      const remote = new RemoteAuthority(graph, log);
      await remote.start(bus);
      authority = remote;
      throttle = createSignInThrottle(
        config.redisUrl,
        (err) => log.warn({ err }, 'sign-in throttle store unavailable'),
        undefined,
        opts.clock,
        config.redisKeyPrefix,
      );
      cleanup.push('bearer throttle', () => throttle.close());
    }
    const builder = new ContextBuilder(config, authority, log, throttle);

    let ready = false;
    const rateLimits = createRateLimitStore(config.redisUrl, {
      keyPrefix: `${config.redisKeyPrefix}ratelimit:`,
      onError: (err: unknown) => log.warn({ err }, 'rate limit store unavailable; allowing'),
      clock: opts.clock,
    });
    cleanup.push('rate limits', () => rateLimits.close());
    const graphqlLimits = {
      public: { ...DEFAULT_GRAPHQL_LIMITS.public, ...config.graphqlLimits.public },
      trusted: { ...DEFAULT_GRAPHQL_LIMITS.trusted, ...config.graphqlLimits.trusted },
    };
    const sources = routeSources(domains, opts.extraRoutes);
    const graphql = await createGraphQLServer(gw, builder, {
      introspection: config.env !== 'production',
      limits: graphqlLimits,
      // shared by every instance through Redis (a CDN's GET of a hash can land on any of them)
      persistedQueries: {
        redisUrl: config.redisUrl,
        keyPrefix: config.redisKeyPrefix,
        ttlSeconds: config.persistedQueryTtlS,
        onError: (err: unknown) => log.warn({ err }, 'persisted query store unavailable'),
      },
      personalFields: personalRootFields(sources),
      // same store as REST: an admin's REST and GraphQL calls share one window
      rateLimits: config.rateLimit.disabled
        ? undefined
        : {
            store: rateLimits,
            storeRps: config.rateLimit.storeRps,
            adminRps: config.rateLimit.adminRps,
            storefrontServerRps: config.rateLimit.storefrontServerRps,
            windowMs: config.rateLimit.windowMs,
          },
    });
    cleanup.push('graphql server', () => graphql.stop());
    const cached = await startResponseCache({ config, domains, bus, gw, dbUrl: db.url, log, clock: opts.clock });
    if (cached) cleanup.push('response cache', () => cached.close());
    const responseCache = cached?.cache;
    const api = createRestRouter({ config, gw, builder, sources, rateLimits, hub: eventStreams, responseCache });
    const staticDir = path.join(config.dataDir, 'static');
    const stream = createEventStreamHandler({
      builder,
      hub: eventStreams,
      bufferBytes: config.eventStreams.bufferBytes,
      replay: streamReplay,
      limits: graphqlLimits,
      rateLimits: config.rateLimit.disabled
        ? undefined
        : { store: rateLimits, storeRps: config.rateLimit.storeRps, adminRps: config.rateLimit.adminRps, windowMs: config.rateLimit.windowMs },
      log,
    });
    const app = createApp({ config, log, builder, graphql, stream, api, staticDir, sources, origins: authority, authority, isReady: () => ready });
    // cached storefront reads are answered before Express
    const listener = frontDoor({ app, config, log, builder, origins: authority, authority, rateLimits, cache: responseCache });

    const platform: Platform = {
      config,
      log,
      url: '',
      db,
      gw,
      graphqlServer: graphql,
      app,
      queue,
      relay,
      eventStreams,
      domains,
      graph,
      subgraphs,
      identity,
      services: <S>(name: string) => {
        const rt = subgraphs[name];
        if (!rt) throw new Error(`domain ${name} does not run in this process`);
        return rt.services as S;
      },
      staticDir,
      startupMs: 0,
      close,
    };
    if (opts.listen !== false) {
      const server = http.createServer(listener);
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
      // open streams end (with a notice) before the server closes their sockets
      if (eventStreams) {
        const hub = eventStreams;
        cleanup.push('event streams', async () => hub.close());
      }
      const { port } = server.address() as AddressInfo;
      platform.server = server;
      platform.url = `http://${config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host}:${port}`;
      listenerUrl = platform.url;
    }
    // domains in other processes seed themselves (waiting for the ones before them, see seed.ts)
    if (config.seedDemo && localDomains.length) await seedDemo(platform);
    if (config.seedDemo && config.demoIdp.enabled) {
      const idp = await startDemoSignIn(platform);
      if (idp) {
        cleanup.push('demo sign-in provider', () => idp.close());
        platform.demoIdpUrl = idp.issuer;
      }
    }
    ready = true;
    platform.startupMs = Date.now() - t0;
    return platform;
  } catch (err) {
    await close();
    throw err;
  }
}
