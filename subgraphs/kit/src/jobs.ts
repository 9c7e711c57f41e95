import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Orm } from './orm';
import type { DomainEvent } from './outbox';
import type { ChangeBus } from './change-bus';
import { pgArray } from './db';

export const OUTBOX_CHANNEL = 'outbox_event';

export const queueForEvent = (type: string) => `event-${type.replace(/[^a-zA-Z0-9_]+/g, '-')}`;

/** The PostgreSQL-backed job queue (pg-boss): background work needs nothing but PostgreSQL. */
export class JobQueue {
  private readonly known = new Set<string>();
  private constructor(readonly boss: PgBoss) {}

  static async start(url: string, log: Logger): Promise<JobQueue> {
    const boss = new PgBoss({ connectionString: url, schema: 'pgboss', max: 4, application_name: 'platform-jobs' });
    boss.on('error', (err) => log.error({ err }, 'job queue error'));
    await boss.start();
    return new JobQueue(boss);
  }

  async ensureQueue(name: string): Promise<void> {
    if (this.known.has(name)) return;
    if (!(await this.boss.getQueue(name))) {
      try {
        await this.boss.createQueue(name, { name, retryLimit: 10, retryBackoff: true, retryDelay: 5 } as never);
      } catch (err) {
        if (!(await this.boss.getQueue(name))) throw err;
      }
    }
    this.known.add(name);
  }

  async publish(event: DomainEvent): Promise<void> {
    const q = queueForEvent(event.type);
    await this.ensureQueue(q);
    await this.boss.send(q, event as unknown as object, { singletonKey: event.id } as never);
  }

  /** Runs `handler` for every event of `type` (at least once; handlers must be idempotent). */
  async subscribe(type: string, handler: (event: DomainEvent) => Promise<void>): Promise<string> {
    const q = queueForEvent(type);
    await this.ensureQueue(q);
    return this.boss.work<DomainEvent>(q, { batchSize: 10, pollingIntervalSeconds: 1 } as never, async (jobs) => {
      for (const job of jobs) await handler(job.data);
    });
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: 5000 });
  }
}

/**
 * Moves committed outbox rows of every subgraph to the job queue. Woken by NOTIFY from the outbox
 * insert trigger and by a poll timer as a safety net; rows are claimed with SKIP LOCKED so several
 * platform instances relay in parallel without publishing a row twice in the common case.
 */
export class OutboxRelay {
  private timer?: NodeJS.Timeout;
  private running = false;
  private again = false;
  private stopped = false;

  constructor(
    private readonly orms: Orm[],
    private readonly queue: JobQueue,
    private readonly log: Logger,
    private readonly pollMs: number,
  ) {}

  async start(bus?: ChangeBus): Promise<void> {
    await bus?.on(OUTBOX_CHANNEL, () => this.kick());
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
    this.kick();
  }

  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    void this.drain()
      .catch((err) => this.log.error({ err }, 'outbox relay failed'))
      .finally(() => {
        this.running = false;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  async drain(): Promise<number> {
    let total = 0;
    for (const orm of this.orms) {
      for (;;) {
        const n = await this.relayBatch(orm);
        total += n;
        if (n < 100 || this.stopped) break;
      }
    }
    return total;
  }

  private async relayBatch(orm: Orm): Promise<number> {
    const schema = orm.config.get('schema');
    const knex = orm.em.getKnex();
    return knex.transaction(async (trx) => {
      const { rows } = await trx.raw(
        `select id, tenant_id, type, data, request_id, created_at from "${schema}".outbox_event
          where published_at is null order by created_at limit 100 for update skip locked`,
      );
      for (const r of rows as Array<Record<string, unknown>>) {
        await this.queue.publish({
          id: String(r.id),
          type: String(r.type),
          tenant_id: (r.tenant_id as string) ?? null,
          request_id: (r.request_id as string) ?? null,
          created_at: new Date(r.created_at as string).toISOString(),
          data: r.data as Record<string, unknown>,
        });
      }
      if (rows.length) {
        await trx.raw(`update "${schema}".outbox_event set published_at = now(), attempts = attempts + 1 where id = any(?::text[])`, [
          pgArray(rows.map((r: { id: string }) => r.id)),
        ]);
      }
      return rows.length as number;
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    while (this.running) await new Promise((r) => setTimeout(r, 20));
  }
}

/** SQL for a subgraph migration: wake relays when an outbox row is committed. */
export function outboxTriggerSql(schema: string): string {
  return `create or replace function "${schema}".notify_outbox() returns trigger language plpgsql as $$
begin perform pg_notify('${OUTBOX_CHANNEL}', '${schema}'); return null; end $$;
create trigger outbox_event_notify after insert on "${schema}".outbox_event for each statement execute function "${schema}".notify_outbox();`;
}
