/**
 * The shell of an operator command (`tenant:create`, `tenant:social`): identity's services on the
 * platform's database (DATABASE_URL, or the DATA_DIR of a running or stopped platform), no demo
 * seeding, no HTTP; a ConfigError exits 2 with its message, a DomainError 1 with its message.
 */
import { ConfigError, ChangeBus, DomainError, createLogger, loadConfig, openDatabase, startSubgraph } from '@svc/kit';
import { domain as identity, type IdentityServices } from '@svc/identity';
import type { Logger } from 'pino';

export async function withIdentity(name: string, fn: (s: IdentityServices, log: Logger) => Promise<void>): Promise<void> {
  const config = loadConfig({ ...process.env, SEED_DEMO: 'false' });
  const log = createLogger(process.env.LOG_LEVEL ?? 'warn', name);
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log, reuseRunning: true });
  const bus = new ChangeBus(db.url, log);
  await bus.start();
  try {
    const rt = await startSubgraph(identity, { config, dbUrl: db.url, log, bus }, { migrate: true });
    try {
      await fn(rt.services as IdentityServices, log);
    } finally {
      await rt.close();
    }
  } finally {
    await bus.close();
    await db.stop();
  }
}

export function runCommand(main: () => Promise<void>): void {
  main().catch((err) => {
    if (err instanceof ConfigError || err instanceof DomainError) console.error(err.message);
    else console.error(err);
    process.exit(err instanceof ConfigError ? 2 : 1);
  });
}
