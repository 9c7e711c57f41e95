import { createHash, randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import { Pool, type QueryResult } from 'pg';
import type { Logger } from 'pino';
import type { Orm } from './orm';
import type { DomainEvent } from './outbox';
import type { ChangeBus } from './change-bus';
import type { RetryPolicy } from './events';
import { OUTBOX_CHANNEL } from './kit-migrations';

/** pg-boss's schema (its queues, jobs and bindings) */
export const BOSS_SCHEMA = 'pgboss';

/** The event type a queue binds to in order to receive every event (`bind(ALL_EVENTS, queue)`). */
export const ALL_EVENTS = '*';

/**
 * The binding key of one tenant's events (`<events>@<tenant id>`): every event (`*@<tenant id>`,
 * the default), the events of one type (`order.placed@<tenant id>`) or of a family, the types
 * whose first part is the family's (`order.*@<tenant id>`). The queue of a tenant-scoped
 * subscription is bound to such keys for each tenant whose events its domain needs, and gets
 * nothing else (no job is stored, fetched and skipped for the other tenants or types).
 */
export const tenantEventsKey = (tenantId: string, events: string = ALL_EVENTS) => `${events}@${tenantId}`;

/** What a tenant-scoped subscription needs of one tenant: every event (`*`), types (`order.placed`) or families (`order.*`). */
export interface TenantEvents {
  tenantId: string;
  events: readonly string[];
}

/**
 * The binding keys of a tenant's events `patterns` (`*`, `order.placed`, `order.*`), deduplicated;
 * `*` makes the others redundant. A pattern of another shape is refused (it would never match).
 */
export function tenantEventsKeys(tenantId: string, patterns: readonly string[]): string[] {
  for (const p of patterns)
    if (!/^(\*|[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+|[a-z][a-z0-9_]*\.\*)$/.test(p)) throw new Error(`"${p}" is not an event type, a family (order.*) or *`);
  const wanted = patterns.includes(ALL_EVENTS) ? [ALL_EVENTS] : [...new Set(patterns)].sort();
  return wanted.map((p) => tenantEventsKey(tenantId, p));
}

/**
 * The binding keys an event matches, as SQL over its type and tenant (text expressions): its type,
 * every event, and the tenant's keys for every event, for its type and for its family (the part of
 * its type before the first dot). The relay's statement and `publish` match with it.
 */
const matchingKeys = (type: string, tenant: string, all: string) =>
  `array[${type}, ${all}, ${all} || '@' || ${tenant}, ${type} || '@' || ${tenant}, split_part(${type}, '.', 1) || '.*@' || ${tenant}]`;

/** The advisory lock of a tenant-scoped subscription's bindings: shared by the units of work that change one tenant's, exclusive while the workers' start binds them all. */
export const bindingLockKey = (queue: string): string => `tenant-binding:${queue}`;

/**
 * PostgreSQL channel on which the relay announces every event it publishes, in the statement
 * that marks the outbox rows published (so listeners hear of it once, on commit, on every
 * instance). Payload: the event as JSON, or, when that is larger than NOTIFY allows, the event
 * without `data` plus `{ ref: <schema> }` (the row stays in `<schema>.outbox_event`). Live event
 * streams listen here; nothing is stored for them.
 */
export const DOMAIN_EVENT_CHANNEL = 'domain_event';

/** Outbox rows a relay statement takes at most (a full batch means more may be waiting) */
const RELAY_BATCH = 100;

/** NOTIFY payloads must stay below 8000 bytes */
const MAX_NOTIFY_BYTES = 7800;

/** pg-boss queue names allow letters, digits, `_` and `-`; `_` is kept for the separators of our names. */
const queuePart = (s: string) => s.replace(/[^A-Za-z0-9-]+/g, '-');

/**
 * The queue of one subscription: `sub_<domain>_<subscription>`. Each subscription has its own
 * queue bound to its event type, so every subscription gets every event (fan-out); instances of
 * the platform running the same domain share the queue (competing consumers).
 */
export const subscriptionQueueName = (domain: string, subscription: string) => `sub_${queuePart(domain)}_${queuePart(subscription)}`;

/** The queue of a domain's background job: `job_<domain>_<job>`. */
export const jobQueueName = (domain: string, job: string) => `job_${queuePart(domain)}_${queuePart(job)}`;

/**
 * The pg-boss job id of an event in every subscription queue: derived from the event id, so an
 * outbox row relayed twice inserts the same job again, which pg-boss ignores (`on conflict do
 * nothing` on the queue's primary key) while the first job is still in the queue table.
 */
export function eventJobId(eventId: string): string {
  const h = createHash('sha256').update(`event:${eventId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((parseInt(h[16], 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A domain schema's outbox table, quoted. */
const outboxTable = (schema: string) => `"${schema.replace(/"/g, '""')}".outbox_event`;

/**
 * The relay's statement for one domain schema (see `JobQueue.relayOutbox`); parameters: $1 the
 * batch size, $2 the notice channel, $3 the schema (a large event's notice refers to it), $4
 * `ALL_EVENTS`, $5 the largest notice sent whole. `eventJobId` and `DomainEvent` in SQL: the job
 * id is the same UUID, `created_at` the same ISO form (milliseconds, UTC).
 */
function relayStatement(schema: string): string {
  const outbox = outboxTable(schema);
  const h = `encode(sha256(convert_to('event:' || e.id, 'UTF8')), 'hex')`;
  const jobId = `(substr(${h}, 1, 8) || '-' || substr(${h}, 9, 4) || '-8' || substr(${h}, 14, 3) || '-' || to_hex((('x' || substr(${h}, 17, 1))::bit(4)::int & 3) | 8) || substr(${h}, 18, 3) || '-' || substr(${h}, 21, 12))::uuid`;
  return `with batch as (
      select id, tenant_id, type, data, request_id, created_at, position from ${outbox}
       where published_at is null order by position limit $1 for update skip locked
    ), ev as (
      select b.id, b.type, b.tenant_id, b.position,
             jsonb_build_object('id', b.id, 'type', b.type, 'tenant_id', b.tenant_id,
               'created_at', to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
               'request_id', b.request_id, 'data', b.data, 'position', b.position::text) as j
        from batch b
    ), jobs as (
      insert into ${BOSS_SCHEMA}.job (id, name, data, singleton_key, dead_letter, expire_in, keep_until, retry_limit, retry_delay, retry_backoff, policy)
      select ${jobId}, q.name, e.j, e.id, q.dead_letter,
             coalesce(q.expire_seconds * interval '1 second', interval '15 minutes'),
             now() + coalesce(q.retention_minutes * interval '1 minute', interval '14 days'),
             coalesce(q.retry_limit, 2),
             case when coalesce(q.retry_backoff, false) then greatest(coalesce(q.retry_delay, 0), 1) else coalesce(q.retry_delay, 0) end,
             coalesce(q.retry_backoff, false), q.policy
        from ev e
        join ${BOSS_SCHEMA}.queue q on q.name in (
          select s.name from ${BOSS_SCHEMA}.subscription s where s.event = any(${matchingKeys('e.type::text', 'e.tenant_id::text', '$4::text')}))
      on conflict do nothing
      returning name
    ), published as (
      update ${outbox} o set published_at = now(), attempts = o.attempts + 1 from batch b where o.id = b.id
    )
    select pg_notify($2, case when octet_length(e.j::text) <= $5 then e.j::text else (e.j - 'data' || jsonb_build_object('ref', $3::text))::text end),
           (select array_agg(distinct name) from jobs) as queues
      from (select j from ev order by position) e`;
}

/** A job as a worker receives it. */
export type QueueJob<T = object> = PgBoss.Job<T>;

const DEFAULT_RETRY: Required<RetryPolicy> = { limit: 10, delaySeconds: 5, backoff: true };

export interface WorkOptions {
  /** jobs fetched per poll (handled one after the other, each completed or failed on its own) */
  batchSize?: number;
  /** poll interval of the worker (pg-boss minimum 0.5 s); jobs sent by this process wake it at once */
  pollingIntervalSeconds?: number;
}

/** The PostgreSQL-backed job queue (pg-boss): background work needs nothing but PostgreSQL. */
export class JobQueue {
  /** pg-boss's own poll of each worker, in seconds: only a safety net behind the due-job poll (`pollDue`) */
  static safetyPollSeconds = 30;
  /** queue name -> retry policy it was ensured with */
  private readonly known = new Map<string, string>();
  /** queue name -> ids of this process's workers (woken when this process sends to the queue) */
  private readonly local = new Map<string, string[]>();
  /** queues of `subscribe` without a name: unbound and deleted when this queue stops */
  private readonly ephemeral = new Map<string, string>();
  private inFlight = 0;
  private stopping = false;
  /** the due-job poll (`pollDue`): its timer, its interval and whether a look is running */
  private poller?: NodeJS.Timeout;
  private pollMs = Infinity;
  private polling = false;

  private constructor(
    readonly boss: PgBoss,
    private readonly db: BossDb,
    private readonly log: Logger,
    private readonly retryScale: number,
  ) {}

  /** `retryScale` multiplies every queue's retry delay (JOB_RETRY_SCALE; tests: 0 retries at once) */
  static async start(url: string, log: Logger, opts: { retryScale?: number } = {}): Promise<JobQueue> {
    watchBossWorkers();
    const db = new BossDb(url, log);
    const boss = new PgBoss({ db, schema: BOSS_SCHEMA });
    boss.on('error', (err) => log.error({ err }, 'job queue error'));
    try {
      await boss.start();
    } catch (err) {
      await db.close();
      throw err;
    }
    return new JobQueue(boss, db, log, opts.retryScale ?? 1);
  }

  /** pg-boss's workers of this queue (its own cron worker included), as far as pg-boss still knows them. */
  private bossWorkers(): PgBossWorker[] {
    return bossManagers.get(this.boss.getDb())?.getWorkers() ?? [];
  }

  private sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
    return this.boss
      .getDb()
      .executeSql(text, values)
      .then((r) => r.rows as T[]);
  }

  /**
   * Creates the queue when missing (with `retry`, else the default policy). With `retry`, an
   * existing queue whose policy differs is updated; without, an existing queue is left as it is.
   */
  async ensureQueue(name: string, retry?: RetryPolicy): Promise<void> {
    const want = {
      retryLimit: retry?.limit ?? DEFAULT_RETRY.limit,
      retryDelay: Math.round((retry?.delaySeconds ?? DEFAULT_RETRY.delaySeconds) * this.retryScale),
      retryBackoff: retry?.backoff ?? DEFAULT_RETRY.backoff,
    };
    const sig = JSON.stringify(want);
    const known = this.known.get(name);
    if (known !== undefined && (!retry || known === sig)) return;
    const q = await this.boss.getQueue(name);
    if (!q) {
      // processes starting together create their queues at once. pg-boss's create_queue inserts the
      // queue's row, then adds a foreign key to the queue table, which waits for every other open
      // insert into it: two creations at once deadlock (40P01, seen in the scale-out topology). So
      // creations are serialised across processes by a transaction-scoped advisory lock, taken in
      // the same statement that calls pg-boss's function (same arguments as its createQueue). A
      // creation racing one that does not take the lock (pg-boss's own cron queue at its start) can
      // still be the victim: it was rolled back, so it tries again after a growing random pause.
      const options = { policy: 'standard', ...want };
      for (let attempt = 0; ; attempt++) {
        try {
          await this.sql(`select ${BOSS_SCHEMA}.create_queue($1, $2::json) from (select pg_advisory_xact_lock($3::bigint)) l`, [
            name,
            JSON.stringify(options),
            CREATE_QUEUE_LOCK,
          ]);
          break;
        } catch (err) {
          if (await this.boss.getQueue(name)) break;
          if ((err as { code?: string }).code !== '40P01' || attempt >= 8) throw err;
          await new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** attempt) * (0.5 + Math.random())));
        }
      }
      this.known.set(name, sig);
      return;
    }
    if (retry && (q.retryLimit !== want.retryLimit || q.retryDelay !== want.retryDelay || q.retryBackoff !== want.retryBackoff)) {
      await this.boss.updateQueue(name, { name, policy: q.policy, ...want });
      this.known.set(name, sig);
    } else {
      this.known.set(name, JSON.stringify({ retryLimit: q.retryLimit, retryDelay: q.retryDelay, retryBackoff: q.retryBackoff }));
    }
  }

  /** Binds a queue to an event type (pg-boss `subscribe`): the queue gets a job per event. */
  async bind(eventType: string, queue: string, retry?: RetryPolicy): Promise<void> {
    await this.ensureQueue(queue, retry);
    await this.boss.subscribe(eventType, queue);
  }

  /**
   * Unbinds the queues named `<prefix>…` that are not in `keep` (subscriptions removed from a
   * domain): their events stop being stored. Returns the queues unbound.
   */
  async unbindStale(prefix: string, keep: Set<string>, isOwn: (queue: string) => boolean = () => true): Promise<string[]> {
    const rows = await this.sql<{ event: string; name: string }>(`select event, name from ${BOSS_SCHEMA}.subscription where starts_with(name, $1)`, [prefix]);
    const stale = rows.filter((r) => !keep.has(r.name) && isOwn(r.name));
    for (const r of stale) await this.boss.unsubscribe(r.event, r.name);
    return [...new Set(stale.map((r) => r.name))];
  }

  /**
   * Deletes the per-event-type queues (`event-<type>`) of the previous delivery scheme: nothing
   * works them, so their jobs would only pile up.
   */
  async dropLegacyEventQueues(): Promise<string[]> {
    const rows = await this.sql<{ name: string }>(
      `select q.name from ${BOSS_SCHEMA}.queue q where starts_with(q.name, 'event-') and not exists (select 1 from ${BOSS_SCHEMA}.subscription s where s.name = q.name)`,
    );
    const dropped: string[] = [];
    for (const r of rows) {
      try {
        await this.dropQueue(r.name);
        dropped.push(r.name);
      } catch (err) {
        // e.g. an instance of the previous version still sends to it: the next start tries again
        this.log.warn({ err, queue: r.name }, 'could not delete a legacy event queue');
      }
    }
    return dropped;
  }

  /** Deletes a queue and its jobs (pg-boss refuses to delete a queue that still holds jobs). */
  async dropQueue(name: string): Promise<void> {
    await this.sql(`delete from ${BOSS_SCHEMA}.job where name = $1`, [name]);
    await this.boss.deleteQueue(name);
    this.known.delete(name);
  }

  /**
   * Sends the event to every queue bound to it — to its type, to every event (`ALL_EVENTS`), or to
   * every event, its type or its family of its tenant (`tenantEventsKey`), the bindings the relay's
   * statement matches —
   * with pg-boss's `insert`, which applies each queue's policy (pg-boss's own `publish` ignores
   * failed sends). An event nobody subscribes to is not stored. Each job's id derives from the event
   * id, so publishing the same event again is a no-op while its jobs are queued. Returns the number
   * of queues it was sent to; throws when a send fails. (Tools and tests: domain events travel
   * through the outbox and `relayOutbox`.)
   */
  async publish(event: DomainEvent): Promise<number> {
    const rows = await this.sql<{ name: string }>(
      `select distinct name from ${BOSS_SCHEMA}.subscription where event = any(${matchingKeys('$1::text', '$3::text', '$2::text')})`,
      [event.type, ALL_EVENTS, event.tenant_id],
    );
    if (!rows.length) return 0;
    await this.boss.insert(rows.map((r) => ({ name: r.name, id: eventJobId(event.id), data: event as unknown as object, singletonKey: event.id })));
    for (const r of rows) this.wake(r.name);
    return rows.length;
  }

  /**
   * Relays up to `limit` unpublished rows of `<schema>.outbox_event`, oldest position first, in
   * ONE statement (atomic by itself: no BEGIN/COMMIT around it): claims them (`for update skip
   * locked`, so instances relay side by side), inserts a job per row and bound queue (the queues
   * bound to its type, to every event, or to every event, its type or its family of its tenant),
   * marks them published and
   * announces each on `DOMAIN_EVENT_CHANNEL`, in position order. Returns the number of rows.
   *
   * The job rows are what pg-boss's own `insert` makes of `{ name, id: eventJobId(event id), data:
   * event, singletonKey: event id }` (the queue's policy, retries, expiry and retention; the job
   * queue's contract test compares the two), and the event and its notice are what `DomainEvent`
   * and `DOMAIN_EVENT_CHANNEL` describe.
   */
  async relayOutbox(schema: string, limit = RELAY_BATCH): Promise<number> {
    const rows = await this.sql<{ queues: string[] | null }>(relayStatement(schema), [limit, DOMAIN_EVENT_CHANNEL, schema, ALL_EVENTS, MAX_NOTIFY_BYTES]);
    for (const q of rows[0]?.queues ?? []) this.wake(q);
    return rows.length;
  }

  /**
   * Which of `schemas` have outbox rows not yet relayed: one statement (a probe of each outbox's
   * index of unpublished rows), so that the relay's safety-net sweep runs the relay statement only
   * where there is something to relay.
   */
  async outboxesWithRows(schemas: string[]): Promise<string[]> {
    if (!schemas.length) return [];
    const probes = schemas.map((s, i) => `select $${i + 1}::text as schema where exists (select 1 from ${outboxTable(s)} where published_at is null)`);
    const rows = await this.sql<{ schema: string }>(probes.join(' union all '), schemas);
    return rows.map((r) => r.schema);
  }

  /**
   * Binds a tenant-scoped subscription's queue to the events each tenant `tenants` answers needs:
   * a tenant id alone, every event of it; `{tenantId, events}`, those types and families (the
   * tenants its domain needs events of when its workers start; see `TenantBinding` for the
   * changes after that). Bindings of other tenants are left as they are. It holds the binding's
   * lock exclusively meanwhile (`bindingLockKey`): a unit of work that is changing a tenant's
   * binding (it holds the lock shared) has committed before `tenants` reads, and one that starts
   * later finds the queue and its bindings written. So a change made while the first workers of a
   * database start (no queue yet to bind to) is never lost between the two.
   */
  async bindTenants(queue: string, tenants: () => Promise<ReadonlyArray<string | TenantEvents>>): Promise<void> {
    await this.db.exclusively(bindingLockKey(queue), async () => {
      const keys = (await tenants()).flatMap((t) => (typeof t === 'string' ? [tenantEventsKey(t)] : tenantEventsKeys(t.tenantId, t.events)));
      if (!keys.length) return;
      await this.sql(`insert into ${BOSS_SCHEMA}.subscription (event, name) select unnest($1::text[]), $2 on conflict do nothing`, [keys, queue]);
    });
  }

  /** Removes the binding of `queue` to `eventType` (nothing when there is none). */
  async unbind(eventType: string, queue: string): Promise<void> {
    await this.boss.unsubscribe(eventType, queue);
  }

  /** Adds a job to a queue (created with the default retry policy when missing). */
  async send(queue: string, data: object, options: PgBoss.SendOptions = {}): Promise<string | null> {
    await this.ensureQueue(queue);
    const id = await this.boss.send(queue, data, options);
    this.wake(queue);
    return id;
  }

  /** Runs `data` through `queue` on a cron schedule (UTC); `null` removes the schedule. */
  async schedule(queue: string, cron: string | null, data: object = {}): Promise<void> {
    await this.ensureQueue(queue);
    if (cron) await this.boss.schedule(queue, cron, data, { tz: 'UTC' });
    else await this.boss.unschedule(queue);
  }

  /**
   * Works a queue: each job is handled on its own; a handler that throws fails that job only
   * (pg-boss retries it with the queue's policy), the others complete.
   */
  async work<T extends object>(queue: string, handler: (job: PgBoss.Job<T>) => Promise<void>, o: WorkOptions = {}): Promise<string> {
    const opts = await this.prepareWork(queue, o, 10);
    let id = '';
    id = await this.boss.work<T>(queue, opts, async (jobs) => {
      for (const job of jobs) {
        if (this.stopping) {
          // fetched while stopping: hand it back to the queue (another instance or the next start)
          await this.boss.fail(queue, job.id, { message: 'job queue stopping' });
          continue;
        }
        this.inFlight++;
        try {
          await handler(job);
        } catch (err) {
          const e = err instanceof Error ? err : new Error(String(err));
          await this.boss
            .fail(queue, job.id, { message: e.message, stack: e.stack })
            .catch((failErr) => this.log.error({ err: failErr, queue }, 'could not fail job'));
        } finally {
          this.inFlight--;
        }
      }
      // pg-boss completes the batch's jobs that are still active (the failed ones no longer are)
      // a full batch: more are probably waiting, so the worker fetches again at once instead of
      // sleeping its polling interval (a backlog drains at the handlers' pace, not 10 per poll)
      if (jobs.length >= (opts.batchSize ?? 1) && !this.stopping && id) this.boss.notifyWorker(id);
    });
    this.local.set(queue, [...(this.local.get(queue) ?? []), id]);
    return id;
  }

  /**
   * Works a queue a batch at a time: `handler` gets every job of one fetch (up to
   * `batchSize`, default 100) at once and answers the jobs that failed; a handler that throws
   * fails them all (pg-boss retries each with the queue's policy). The other jobs complete
   * together. One batch of a worker at a time, the next fetched when it is done.
   */
  async workBatch<T extends object>(
    queue: string,
    handler: (jobs: Array<PgBoss.Job<T>>) => Promise<Array<{ job: PgBoss.Job<T>; error: Error }>>,
    o: WorkOptions = {},
  ): Promise<string> {
    const opts = await this.prepareWork(queue, o, 100);
    let id = '';
    id = await this.boss.work<T>(queue, opts, async (jobs) => {
      let failed: Array<{ job: PgBoss.Job<T>; error: Error }>;
      if (this.stopping) failed = jobs.map((job) => ({ job, error: new Error('job queue stopping') }));
      else {
        this.inFlight++;
        try {
          failed = await handler(jobs);
        } catch (err) {
          const error = err instanceof Error ? err : new Error(String(err));
          failed = jobs.map((job) => ({ job, error }));
        } finally {
          this.inFlight--;
        }
      }
      for (const { job, error } of failed)
        await this.boss
          .fail(queue, job.id, { message: error.message, stack: error.stack })
          .catch((failErr) => this.log.error({ err: failErr, queue }, 'could not fail job'));
      if (jobs.length >= (opts.batchSize ?? 1) && !this.stopping && id) this.boss.notifyWorker(id);
    });
    this.local.set(queue, [...(this.local.get(queue) ?? []), id]);
    return id;
  }

  /**
   * Runs `handler` for every event of `type` published from now on, through a queue of its own
   * (every subscriber gets every event). With a `name` the queue is durable (`sub_<name>`, shared
   * by the processes that use the same name); without one it belongs to this process and is
   * deleted when the queue stops (tools and tests). Domains declare `subscriptions` instead.
   */
  async subscribe(type: string, handler: (event: DomainEvent) => Promise<void>, o: { name?: string } & WorkOptions = {}): Promise<string> {
    const q = o.name ? `sub_${queuePart(o.name)}` : `tmp_${randomUUID()}`;
    await this.bind(type, q);
    if (!o.name) this.ephemeral.set(q, type);
    return this.work<DomainEvent>(q, (job) => handler(job.data), o);
  }

  /** Ensures the queue and the due-job poll at the interval asked for; pg-boss's own poll of the worker is only the safety net. */
  private async prepareWork(queue: string, o: WorkOptions, batchSize: number): Promise<PgBoss.WorkOptions> {
    await this.ensureQueue(queue);
    this.pollEvery(Math.max(0.5, o.pollingIntervalSeconds ?? 2) * 1000);
    return { batchSize: o.batchSize ?? batchSize, pollingIntervalSeconds: JobQueue.safetyPollSeconds };
  }

  private wake(queue: string): void {
    for (const id of this.local.get(queue) ?? []) this.boss.notifyWorker(id);
  }

  /**
   * One poll for every worker of this process: pg-boss polls each queue with a fetch of its own,
   * about a hundred statements a second per instance with nothing to do. Instead its workers poll
   * only as a safety net (`safetyPollSeconds`), and every `pollMs` (the shortest interval a
   * `work` asked for) one statement finds which of this process's queues hold a job ready to run
   * (sent by another instance, or a retry whose delay is over) and wakes their workers. Jobs sent
   * or relayed by this process wake them at once, as before.
   */
  private pollEvery(ms: number): void {
    if (ms >= this.pollMs) return;
    this.pollMs = ms;
    if (this.poller) clearInterval(this.poller);
    this.poller = setInterval(() => void this.pollDue(), ms);
    this.poller.unref();
  }

  private async pollDue(): Promise<void> {
    if (this.polling || this.stopping || !this.local.size) return;
    this.polling = true;
    try {
      const rows = await this.sql<{ name: string }>(
        `select q.name from unnest($1::text[]) q(name)
          where exists (select 1 from ${BOSS_SCHEMA}.job j where j.name = q.name and j.state < 'active' and j.start_after < now())`,
        [[...this.local.keys()]],
      );
      for (const r of rows) this.wake(r.name);
    } catch (err) {
      this.log.warn({ err }, 'job queue: looking for due jobs failed (the workers poll on their own meanwhile)');
    } finally {
      this.polling = false;
    }
  }

  /** Stops this process's workers and waits (bounded) for the handlers running now. */
  async stopWorkers(timeoutMs = 10_000): Promise<void> {
    this.stopping = true;
    if (this.poller) clearInterval(this.poller);
    this.poller = undefined;
    for (const ids of this.local.values()) for (const id of ids) await this.boss.offWork({ id });
    this.local.clear();
    const until = Date.now() + timeoutMs;
    while (this.inFlight > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    for (const [q, type] of this.ephemeral) {
      await this.boss.unsubscribe(type, q).catch((err) => this.log.warn({ err, queue: q }, 'could not unbind queue'));
      await this.dropQueue(q).catch((err) => this.log.warn({ err, queue: q }, 'could not delete queue'));
    }
    this.ephemeral.clear();
  }

  async stop(): Promise<void> {
    await this.stopWorkers(5000);
    await this.boss.stop({ graceful: true, wait: true, timeout: 5000 });
    // pg-boss stops each worker (its cron worker too) in a loop of its own that sleeps a second
    // between looks and forgets the worker only when that loop ends; a worker marked stopped may
    // still have one more sleep ahead, after `boss.stop` returned. The queue has stopped only once
    // pg-boss forgot every worker, so no timer of it runs on after its owner closed (a test runner
    // tearing down between two sleeps fails the next suite with "require after teardown").
    const drained = async (ms: number) => {
      const until = Date.now() + ms;
      while (Date.now() < until && this.bossWorkers().length > 0) await new Promise((r) => setTimeout(r, 20));
      return this.bossWorkers().length === 0;
    };
    if (await drained(8000)) return this.db.close();
    // a handler still running after the grace period (a call that hangs) keeps its worker from
    // stopping, and pg-boss's loop would go on sleeping a second at a time after we return: mark
    // those workers stopped, so the loop's next look ends it (the handler's worker does not loop
    // again once stopping), and give it that one look
    const stuck = this.bossWorkers();
    this.log.warn({ queues: [...new Set(stuck.map((w) => w.name))] }, 'job queue stopped with handlers still running');
    for (const w of stuck) w.stopped = true;
    await drained(1500);
    await this.db.close();
  }
}

/**
 * pg-boss's database (its `db` option; pg-boss then leaves opening and closing it to us). Its
 * statements with parameters run as named prepared statements, planned once per connection
 * (`plan_cache_mode=force_generic_plan`, like the ORM's connections): fetching, inserting and
 * completing jobs were planned again on every call, about a third of PostgreSQL's planning time
 * an order. Statements without parameters (its migrations, texts of several commands) run as they are.
 */
class BossDb {
  private readonly pool: Pool;
  private readonly names = new Map<string, string>();
  private closed = false;

  constructor(url: string, log: Logger) {
    this.pool = new Pool({ connectionString: url, max: 4, application_name: 'platform-jobs', options: '-c plan_cache_mode=force_generic_plan' });
    this.pool.on('error', (err) => log.error({ err }, 'job queue connection error'));
  }

  executeSql(text: string, values?: unknown[]): Promise<QueryResult> {
    if (!values?.length) return this.pool.query(text, values);
    let name = this.names.get(text);
    // texts are a few dozen fixed ones; a bound keeps an unexpected variety from filling the connections
    if (!name && this.names.size < 200) this.names.set(text, (name = `boss_${this.names.size + 1}`));
    return name ? this.pool.query({ name, text, values }) : this.pool.query(text, values);
  }

  /** Runs `fn` holding the advisory lock `key` exclusively (a session lock on a connection of its own). */
  async exclusively<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let lost: Error | undefined;
    try {
      await client.query('select pg_advisory_lock(hashtext($1))', [key]);
      try {
        return await fn();
      } finally {
        await client.query('select pg_advisory_unlock(hashtext($1))', [key]).catch((err: Error) => (lost = err));
      }
    } finally {
      // a connection whose unlock failed is closed, not handed back still holding the lock
      client.release(lost);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pool.end();
  }
}

/** What `JobQueue.stop` reads and sets of pg-boss's workers (not in its typings). */
interface PgBossWorker {
  name: string;
  stopped: boolean;
}

/** pg-boss's internal manager, which keeps the workers (pg-boss 10 does not expose `getWorkers`). */
interface PgBossManager {
  db: unknown;
  getWorkers(): PgBossWorker[];
  addWorker(worker: PgBossWorker): void;
}

/** Any bigint: the key of the advisory lock that serialises queue creation across processes. */
const CREATE_QUEUE_LOCK = '7310591802250601';

/** pg-boss's managers by their database (`boss.getDb()`), learnt when they add a worker. */
const bossManagers = new WeakMap<object, PgBossManager>();

/**
 * Lets `JobQueue.stop` see pg-boss's workers: pg-boss keeps them in its manager, which it does not
 * expose, so the manager's `addWorker` (called for every worker, at `boss.start` for the cron
 * worker) records which manager serves which database. pg-boss is pinned; the contract test of
 * the job queue fails if this stops seeing workers.
 */
function watchBossWorkers(): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const Manager = require('pg-boss/src/manager') as { prototype: PgBossManager & { __watched?: boolean } };
  const proto = Manager.prototype;
  if (proto.__watched) return;
  const add = proto.addWorker;
  proto.addWorker = function (this: PgBossManager, worker: PgBossWorker) {
    if (this.db && typeof this.db === 'object') bossManagers.set(this.db, this);
    return add.call(this, worker);
  };
  proto.__watched = true;
}

/**
 * Moves committed outbox rows of every subgraph to the job queue. Woken by NOTIFY from the outbox
 * insert trigger and by a poll timer as a safety net; rows are claimed with SKIP LOCKED so several
 * platform instances relay in parallel without publishing a row twice in the common case (and a
 * row published twice, e.g. after a crash between send and commit, maps to the same job ids).
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
    // the trigger's payload names the schema whose outbox grew: only that one is swept
    await bus?.on(OUTBOX_CHANNEL, (schema) => this.kick(schema || undefined));
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** What the next drain sweeps: every schema (the poll, a start), or only the named ones (NOTIFY). */
  private sweepAll = false;
  private readonly dirty = new Set<string>();

  /** Wakes the relay for `schema` (one of its domains; another's is ignored), or for every schema. */
  kick(schema?: string): void {
    if (this.stopped) return;
    if (schema === undefined) this.sweepAll = true;
    else if (this.orms.some((o) => o.config.get('schema') === schema)) this.dirty.add(schema);
    else return;
    this.wake();
  }

  private wake(): void {
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
          this.wake();
        }
      });
  }

  /** Relays what the wakes since the last drain asked for (every schema when nothing named one). */
  async drain(): Promise<number> {
    const all = this.sweepAll || this.dirty.size === 0;
    const only = new Set(this.dirty);
    this.sweepAll = false;
    this.dirty.clear();
    // a sweep (the poll, a start) first asks which outboxes hold unpublished rows: one statement
    // instead of the relay statement in every schema, every poll, with nothing to relay
    if (all) for (const schema of await this.queue.outboxesWithRows(this.orms.map((o) => String(o.config.get('schema'))))) only.add(schema);
    let total = 0;
    for (const orm of this.orms) {
      if (!only.has(String(orm.config.get('schema')))) continue;
      for (;;) {
        const n = await this.relayBatch(orm);
        total += n;
        if (n < RELAY_BATCH || this.stopped) break;
      }
    }
    return total;
  }

  private relayBatch(orm: Orm): Promise<number> {
    return this.queue.relayOutbox(String(orm.config.get('schema')));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    while (this.running) await new Promise((r) => setTimeout(r, 20));
  }
}
