/**
 * `npm run subgraph -- <name>`: runs one domain as a whole participant of a scaled-out platform
 * (platform/src/participant.ts): its subgraph as a GraphQL service on SUBGRAPH_PORT (default
 * 4001), a graph client to every other domain (SUBGRAPH_<NAME>_URL / SUBGRAPH_URLS), its outbox
 * relay, the workers of its subscriptions and jobs, and its part of the demo store (SEED_DEMO).
 * Database: DATABASE_URL (several processes share one PostgreSQL). Point the gateways at it with
 * SUBGRAPH_<NAME>_URL=http://host:port/graphql. SIGTERM/SIGINT stop it in order.
 */
import { ConfigError, createLogger, loadConfigOrExit } from '@svc/kit';
import { domainByName, domainPackages, exitOnSignals, startParticipant } from '@svc/platform';

async function main() {
  const name = process.argv[2];
  const def = name ? domainByName(name) : undefined;
  if (!def) {
    console.error(
      `usage: npm run subgraph -- <${domainPackages()
        .map((p) => p.folder)
        .join('|')}>`,
    );
    process.exit(2);
  }
  const config = loadConfigOrExit();
  const log = createLogger(config.logLevel, `subgraph-${def.name}`);
  const p = await startParticipant({ names: [def.name], config, log, port: Number(process.env.SUBGRAPH_PORT ?? 4001) });
  log.info({ url: p.url }, `subgraph ${def.name} ready`);
  // HTTP, relay, workers, job queue, subgraph, change bus, then the database
  exitOnSignals(log, () => p.close());
  void p.seeded.then(() => log.info(`subgraph ${def.name}: demo seed done`));
}

main().catch((err) => {
  // a bad setting is named in the message; a stack would only hide it
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
