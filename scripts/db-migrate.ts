/**
 * `npm run db:migrate`: applies every subgraph's migrations (and the job queue schema) to
 * DATABASE_URL, without starting the platform. Used by deployments and the test setup.
 */
import { JobQueue, createLogger, createOrm, migrate } from '@svc/kit';
import { loadDomains } from '@svc/platform';

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('DATABASE_URL is required');
    process.exit(2);
  }
  const log = createLogger(process.env.LOG_LEVEL ?? 'warn');
  for (const def of loadDomains()) {
    const orm = await createOrm({
      dbSchema: def.dbSchema,
      entities: def.entities,
      migrations: def.migrations,
      migrationsDir: def.migrationsDir,
      url,
      poolSize: 2,
      log,
    });
    const applied = await migrate(orm, def.readCacheIgnores);
    await orm.close(true);
    console.log(`${def.name}: ${applied.length ? applied.join(', ') : 'up to date'}`);
  }
  const queue = await JobQueue.start(url, log);
  await queue.stop();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
