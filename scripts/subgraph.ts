/**
 * `npm run subgraph -- <name>`: runs one subgraph as its own GraphQL service (scale-out).
 * Port: SUBGRAPH_PORT (default 4001). Database: DATABASE_URL (required: several processes share
 * one PostgreSQL). Point the gateway at it with SUBGRAPH_<NAME>_URL=http://host:port/graphql.
 */
import { ChangeBus, createLogger, loadConfigOrExit, openDatabase, startSubgraph } from '@svc/kit';
import { serveSubgraph } from '@svc/gateway';
import { domainByName, loadDomains } from '@svc/platform';

async function main() {
  const name = process.argv[2];
  const def = name ? domainByName(name) : undefined;
  if (!def) {
    console.error(`usage: npm run subgraph -- <${loadDomains().map((s) => s.name).join('|')}>`);
    process.exit(2);
  }
  const config = loadConfigOrExit();
  const log = createLogger(config.logLevel, `subgraph-${def.name}`);
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log, reuseRunning: true });
  const bus = new ChangeBus(db.url, log);
  await bus.start();
  const rt = await startSubgraph(def, { config, dbUrl: db.url, log, bus }, { migrate: true });
  const server = await serveSubgraph(rt, { port: Number(process.env.SUBGRAPH_PORT ?? 4001), host: config.host, internalSecret: config.internalSecret, log });
  log.info({ url: server.url }, `subgraph ${def.name} ready`);
  const stop = async () => {
    await server.close();
    await rt.close();
    await bus.close();
    await db.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
