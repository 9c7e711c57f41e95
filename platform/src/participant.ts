import path from 'node:path';
import { parse, validate } from 'graphql';
import {
  checkDomainSettings,
  ChangeBus,
  GraphLink,
  JobQueue,
  OutboxRelay,
  openDatabase,
  startSubgraph,
  subgraphSdl,
  type Database,
  type JobDefinition,
  type Logger,
  type PlatformConfig,
  type SubgraphRuntime,
  type Subscription,
} from '@svc/kit';
import { supergraphFor, loadGateway, serveSubgraph, type LoadedGateway, type PreparedOperation } from '@svc/gateway';
import { domainByName, domainPackages } from './domains';
import { checkPorts } from './ports';
import { shutdownSteps } from './shutdown';
import { seedDemoDomains } from './seed';
import { startWorkers } from './workers';

/** Binds the kit's GraphClient to a loaded gateway: operations prepared once per source, validated against its API schema. */
export function bindSupergraph(graph: GraphLink, gw: LoadedGateway): void {
  const prepared = new Map<string, PreparedOperation>();
  graph.bind(
    (ctx, source, variables) => {
      let op = prepared.get(source);
      if (!op) prepared.set(source, (op = gw.prepare(source)));
      return gw.run(op, variables, ctx);
    },
    (source) => validate(gw.apiSchema, parse(source)).map((e) => e.message),
  );
}

export interface ParticipantOptions {
  /** the domains this process runs (usually one) */
  names: string[];
  config: PlatformConfig;
  log: Logger;
  /** port of the subgraph's GraphQL service (0: any free port) */
  port: number;
  /** subscriptions and jobs added to named domains of this process (tests) */
  extraSubscriptions?: Record<string, Subscription<any>[]>;
  extraJobs?: Record<string, JobDefinition<any>[]>;
}

export interface Participant {
  /** the subgraph service (`…/graphql`) */
  url: string;
  db: Database;
  runtimes: Record<string, SubgraphRuntime<any>>;
  graph: GraphLink;
  queue?: JobQueue;
  /** settles when this process's part of the demo store is seeded (or seeding gave up) */
  seeded: Promise<void>;
  close(): Promise<void>;
}

/**
 * One domain as a whole participant of a scaled-out platform (`npm run subgraph -- <name>`):
 *
 * - its subgraph, served over HTTP to gateways that sign the context with INTERNAL_SECRET;
 * - a graph client: the supergraph of its own subgraph and the other domains' committed SDL
 *   (schema/subgraphs: the committed supergraph when its own code matches), with this domain in
 *   process and every other domain reached at its SUBGRAPH_<NAME>_URL with the signed internal
 *   context (no hop through a gateway, no gateway needed at start). It loads no other domain's
 *   code;
 * - the outbox relay of its own schema and the workers of its own subscriptions and jobs
 *   (several processes of one domain share them through the job queue: each job runs once);
 * - its part of the demo store in development, after the domains before it (seed.ts).
 *
 * Shutdown runs in reverse: HTTP, relay, workers, job queue, subgraph, change bus, database, so
 * nothing still uses a connection when PostgreSQL goes away.
 */
export async function startParticipant(o: ParticipantOptions): Promise<Participant> {
  const { config, log } = o;
  // only this process's domains are loaded: the others are known by name and committed SDL
  const all = domainPackages().map((p) => p.folder);
  const defs = o.names.map((n) => {
    const d = domainByName(n);
    if (!d) throw new Error(`no domain named "${n}" (${all.join(', ')})`);
    return d;
  });
  checkDomainSettings(defs, config);
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log, reuseRunning: true, waitMs: config.dbWaitS * 1000 });
  const steps = shutdownSteps(log);
  steps.push('database', () => db.stop());
  const close = steps.close;
  try {
    const bus = new ChangeBus(db.url, log);
    await bus.start();
    steps.push('change bus', () => bus.close());
    const graph = new GraphLink();
    const publicUrl = () => config.publicUrl ?? `http://localhost:${config.port}`;
    const deps = { config, dbUrl: db.url, log, bus, graph, publicUrl };
    const runtimes: Record<string, SubgraphRuntime<any>> = {};
    for (const def of defs) {
      const rt = await startSubgraph(def, deps, { migrate: true });
      runtimes[def.name] = rt;
      steps.push(`subgraph ${def.name}`, () => rt.close());
    }
    const queue = config.workersDisabled ? undefined : await JobQueue.start(db.url, log, { retryScale: config.jobRetryScale });
    if (queue) steps.push('job queue', () => queue.stop());

    // the supergraph, from this process: its own domains in process, the others over HTTP
    const remote = Object.fromEntries(Object.entries(config.subgraphUrls).filter(([name]) => !runtimes[name]));
    const supergraphSdl = supergraphFor(all, {
      built: runtimes,
      fallback: (name) => subgraphSdl(domainByName(name)!),
      onStale: (names) =>
        log.warn(
          { subgraphs: names },
          'the code of this process differs from its committed schema/subgraphs files (npm run schema:generate): the other processes of the platform use the committed schema',
        ),
    });
    const local = Object.fromEntries(Object.entries(runtimes).map(([name, rt]) => [name, rt.schema]));
    const gw = await loadGateway({ supergraphSdl, local, remote, internalSecret: config.internalSecret, log, missing: 'error' });
    steps.push('supergraph', () => gw.stop());
    // this process's domains' ports against the supergraph it loaded (a renamed field stops the start)
    checkPorts(defs, gw.apiSchema);
    bindSupergraph(graph, gw);

    if (queue) {
      const workers = await startWorkers({
        queue,
        runtimes: Object.values(runtimes),
        log,
        pollMs: config.outboxPollMs,
        extraSubscriptions: o.extraSubscriptions,
        extraJobs: o.extraJobs,
      });
      steps.push('workers', () => workers.stop());
      const relay = new OutboxRelay(
        Object.values(runtimes).map((r) => r.orm),
        queue,
        log,
        config.outboxPollMs,
      );
      await relay.start(bus);
      steps.push('outbox relay', () => relay.stop());
    }

    const [first] = Object.values(runtimes);
    if (Object.keys(runtimes).length !== 1) throw new Error('a participant serves exactly one domain over HTTP');
    const server = await serveSubgraph(first, { port: o.port, host: config.host, internalSecret: config.internalSecret, log });
    steps.push('http server', () => server.close());

    let stopping = false;
    const seeded = config.seedDemo
      ? seedDemoDomains({
          domains: all.map((name) => defs.find((d) => d.name === name) ?? { name }),
          runtimes,
          graph,
          config,
          log,
          publicUrl: publicUrl(),
          staticDir: path.join(config.dataDir, 'static'),
          dbUrl: db.url,
          stopping: () => stopping,
        }).then(
          () => undefined,
          (err) => log.error({ err }, 'demo seed failed'),
        )
      : Promise.resolve();
    // shutdown ends a wait for earlier domains, and waits for a seed in flight (it uses the ORM and the database)
    steps.push('demo seed', () => {
      stopping = true;
      return seeded;
    });
    return { url: server.url, db, runtimes, graph, queue, seeded, close };
  } catch (err) {
    await close();
    throw err;
  }
}
