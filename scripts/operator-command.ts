/**
 * The shell of an operator command (`tenant:create`, `tenant:social`, `tenant:assistant`): identity's services on the
 * platform's database (DATABASE_URL, or the DATA_DIR of a running or stopped platform), no demo
 * seeding, no HTTP; a ConfigError exits 2 with its message, a DomainError 1 with its message.
 */
import { ConfigError, ChangeBus, DomainError, createLogger, loadConfig, openDatabase, startSubgraph, type DomainDefinition } from '@svc/kit';
import { domain as identity, type IdentityServices } from '@svc/identity';
import type { Logger } from 'pino';

export async function withIdentity(name: string, fn: (s: IdentityServices, log: Logger) => Promise<void>): Promise<void> {
  return withDomain(name, undefined, (s) => fn(s.identity, s.log));
}

/**
 * Identity (to find the tenant) and one more domain's services, `other`, on the platform's database
 * (`tenant:assistant` configures the assistant's skills this way).
 */
export async function withDomain<S>(
  name: string,
  other: DomainDefinition<S> | undefined,
  fn: (s: { identity: IdentityServices; other: S; log: Logger }) => Promise<void>,
): Promise<void> {
  const config = loadConfig({ ...process.env, SEED_DEMO: 'false' });
  const log = createLogger(process.env.LOG_LEVEL ?? 'warn', name);
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log, reuseRunning: true });
  const bus = new ChangeBus(db.url, log);
  await bus.start();
  try {
    const rt = await startSubgraph(identity, { config, dbUrl: db.url, log, bus }, { migrate: true });
    const more = other
      ? await startSubgraph(other, { config, dbUrl: db.url, log, bus }, { migrate: true }).catch(async (err) => {
          await rt.close();
          throw err;
        })
      : undefined;
    try {
      await fn({ identity: rt.services as IdentityServices, other: more?.services as S, log });
    } finally {
      await more?.close();
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

/**
 * The `--name value`, `--name=value` and bare `--flag` arguments of an operator command (a flag is
 * "true"); anything else is a ConfigError with the usage.
 */
export function parseArgs(argv: string[], flags: ReadonlySet<string>, usage: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(argv[i]);
    if (!m) throw new ConfigError(`unexpected argument "${argv[i]}"\n${usage}`);
    if (flags.has(m[1])) {
      out[m[1]] = 'true';
      continue;
    }
    const value = m[2] ?? argv[++i];
    if (value === undefined) throw new ConfigError(`--${m[1]} needs a value`);
    out[m[1]] = value;
  }
  return out;
}
