import { Client } from 'pg';
import type { Logger } from 'pino';

/**
 * The durable "seeded" record of the demo store: one row per domain whose demo seed has run
 * (`platform_seed.demo_seed`), with the demo tenant's id. Every process that runs a domain seeds
 * that domain once, after the domains before it in registry order have seeded (their rows
 * exist), so a seed that reads another domain through the supergraph finds its data, whether the
 * domains run in one process or each in its own. Identity's row (written when it created the
 * demo tenant) names the tenant the others seed.
 */
const SCHEMA = 'platform_seed';
const TABLE = `${SCHEMA}.demo_seed`;
/** advisory lock key space of the seed (an arbitrary constant, then a hash of the domain) */
const LOCK_SPACE = 0x5eed;
/** NOTIFY channel of a new row: waiting processes wake at once instead of at their next poll */
const CHANNEL = 'platform_demo_seed';

export class SeedRecord {
  private wake?: () => void;
  private constructor(private readonly client: Client) {
    client.on('notification', () => this.wake?.());
  }

  static async open(url: string): Promise<SeedRecord> {
    const client = new Client({ connectionString: url, application_name: 'platform-seed' });
    await client.connect();
    const rec = new SeedRecord(client);
    try {
      // several processes start at once: the DDL runs under one lock
      await client.query('begin');
      await client.query('select pg_advisory_xact_lock($1, 0)', [LOCK_SPACE]);
      await client.query(`create schema if not exists ${SCHEMA}`);
      await client.query(
        `create table if not exists ${TABLE} (domain text primary key, tenant_id text not null, seeded_at timestamptz not null default now())`,
      );
      await client.query('commit');
      await client.query(`listen ${CHANNEL}`);
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      await client.end().catch(() => undefined);
      throw err;
    }
    return rec;
  }

  /** The demo tenant's id when `domain` has seeded, else null. */
  async seeded(domain: string): Promise<string | null> {
    const { rows } = await this.client.query<{ tenant_id: string }>(`select tenant_id from ${TABLE} where domain = $1`, [domain]);
    return rows[0]?.tenant_id ?? null;
  }

  async mark(domain: string, tenantId: string): Promise<void> {
    await this.client.query(`insert into ${TABLE} (domain, tenant_id) values ($1, $2) on conflict (domain) do nothing`, [domain, tenantId]);
    await this.client.query(`select pg_notify('${CHANNEL}', $1)`, [domain]);
  }

  /**
   * Runs `fn` holding the seed lock of `domain` (a session advisory lock), so that two processes
   * of one domain do not both seed it.
   */
  async exclusive<T>(domain: string, fn: () => Promise<T>): Promise<T> {
    await this.client.query('select pg_advisory_lock($1, hashtext($2))', [LOCK_SPACE, domain]);
    try {
      return await fn();
    } finally {
      await this.client.query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_SPACE, domain]);
    }
  }

  /**
   * Waits until every domain in `domains` has seeded, woken by each new row's NOTIFY and polling
   * with backoff (50 ms doubling up to 1 s) as a safety net, for at most `timeoutMs` (or until
   * `stopping()` says the process shuts down). Returns the domains still missing then (empty: all seeded).
   */
  async waitFor(domains: string[], timeoutMs: number, log: Logger, stopping: () => boolean = () => false): Promise<string[]> {
    const until = Date.now() + timeoutMs;
    let delay = 50;
    let missing = domains;
    for (;;) {
      const { rows } = await this.client.query<{ domain: string }>(`select domain from ${TABLE} where domain = any($1::text[])`, [missing]);
      const done = new Set(rows.map((r) => r.domain));
      missing = missing.filter((d) => !done.has(d));
      if (!missing.length || Date.now() >= until || stopping()) return missing;
      log.debug({ waitingFor: missing }, 'demo seed: waiting for earlier domains');
      // woken by a new row (NOTIFY), else after the backoff delay
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.min(delay, Math.max(0, until - Date.now())));
        function done() {
          clearTimeout(timer);
          resolve();
        }
        this.wake = done;
      });
      this.wake = undefined;
      delay = Math.min(1000, delay * 2);
    }
  }

  async close(): Promise<void> {
    await this.client.end().catch(() => undefined);
  }
}
