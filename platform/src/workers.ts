import {
  ALL_EVENTS,
  TENANT_FILTER,
  pgArray,
  jobQueueName,
  subscriptionQueueName,
  systemContext,
  type DomainEvent,
  type JobDefinition,
  type JobQueue,
  type Logger,
  type Orm,
  type QueueJob,
  type RequestContext,
  type SubgraphRuntime,
  type Subscription,
} from '@svc/kit';

/**
 * Background workers of the in-process domains: every subscription of a domain manifest (and the
 * extra ones of tests) gets its own pg-boss queue bound to its event type, so each subscription
 * sees every event; every job gets a queue (and a cron schedule when it declares one).
 *
 * A subscription handler runs in ONE transaction of the subscribing domain's ORM, together with
 * an insert into that schema's `processed_event (subscription, event_id)`. When the row exists the
 * event was handled already and the handler is skipped (redelivery has no second effect); when
 * the handler throws, the transaction rolls back (no row, no partial writes) and pg-boss retries
 * the job. Handlers and jobs find the transaction's EntityManager in `ctx.tx.get(orm)`. A batch
 * subscription (`inBatches`) takes up to its batch size of jobs at once and handles each tenant's
 * events of them in one such transaction, with all their `processed_event` rows.
 */
interface WorkersOptions {
  queue: JobQueue;
  runtimes: SubgraphRuntime<any>[];
  log: Logger;
  /** poll interval of the workers (OUTBOX_POLL_MS); jobs sent by this process wake them at once */
  pollMs: number;
  /** subscriptions added to a named in-process domain (tests) */
  extraSubscriptions?: Record<string, Subscription<any>[]>;
  /** jobs added to a named in-process domain (tests) */
  extraJobs?: Record<string, JobDefinition<any>[]>;
  /**
   * false: the jobs' cron schedules are left as they are, neither set nor removed (a platform whose
   * time is an injected clock: a wall-clock schedule would run its jobs at moments the clock does not
   * know, beside the test that runs them when its clock says)
   */
  schedules?: boolean;
}

interface WorkerInfo {
  domain: string;
  name: string;
  queue: string;
  /** the event type (subscriptions) */
  event?: string;
  /** the cron schedule (jobs) */
  schedule?: string;
}

interface Workers {
  subscriptions: WorkerInfo[];
  jobs: WorkerInfo[];
  /** stops fetching and waits for the handlers running now */
  stop(): Promise<void>;
}

type TxEm = ReturnType<Orm['em']['fork']>;

/** Runs `fn` in a transaction of `orm` scoped to `tenantId`; the context carries it as `ctx.tx`. */
async function inTransaction<T>(
  orm: Orm,
  base: RequestContext,
  fn: (em: TxEm, ctx: RequestContext) => Promise<T>,
): Promise<{ result: T; afterCommit: Array<() => void | Promise<void>> }> {
  const em = orm.em.fork();
  if (base.tenantId) em.setFilterParams(TENANT_FILTER, { tenantId: base.tenantId });
  const afterCommit: Array<() => void | Promise<void>> = [];
  const result = await em.transactional((tx) => fn(tx, { ...base, tx: new Map<object, TxEm>([[orm, tx]]), afterCommit }));
  return { result, afterCommit };
}

async function runAfterCommit(callbacks: Array<() => void | Promise<void>>, log: Logger): Promise<void> {
  for (const cb of callbacks) {
    try {
      await cb();
    } catch (err) {
      log.error({ err }, 'after-commit callback failed');
    }
  }
}

/** Log order of two events: their domain's `position` when both have one, else their creation time. */
function compareLogOrder(a: DomainEvent, b: DomainEvent): number {
  if (a.position !== undefined && b.position !== undefined) {
    const d = BigInt(a.position) - BigInt(b.position);
    return d < 0n ? -1 : d > 0n ? 1 : 0;
  }
  return a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0;
}

const isKebab = (s: string) => /^[a-z][a-z0-9-]*$/.test(s);

export async function startWorkers(o: WorkersOptions): Promise<Workers> {
  const { queue, log } = o;
  const pollingIntervalSeconds = Math.min(2, Math.max(0.5, o.pollMs / 1000));
  const byName = new Map(o.runtimes.map((rt) => [rt.name, rt]));
  for (const domain of [...Object.keys(o.extraSubscriptions ?? {}), ...Object.keys(o.extraJobs ?? {})]) {
    if (!byName.has(domain)) throw new Error(`extra subscriptions/jobs name domain "${domain}", which does not run in this process`);
  }
  const subscriptions: WorkerInfo[] = [];
  const jobs: WorkerInfo[] = [];

  for (const rt of o.runtimes) {
    const domain = rt.name;
    const schema = rt.orm.config.get('schema');

    const subs = [...(rt.def.subscriptions ?? []), ...(o.extraSubscriptions?.[domain] ?? [])];
    const keep = new Set<string>();
    for (const sub of subs) {
      const q = subscriptionQueueName(domain, sub.name);
      if (keep.has(q)) throw new Error(`domain ${domain} has two subscriptions named "${sub.name}"`);
      keep.add(q);
      const slog = log.child({ subscription: `${domain}/${sub.name}`, event: sub.event });
      /** the job's event, checked against the subscription (throws for a job that is not one of its events) */
      const eventOf = (job: QueueJob<DomainEvent>): DomainEvent => {
        const event = job.data;
        if (!event || typeof event.id !== 'string' || (event.type !== sub.event && sub.event !== ALL_EVENTS)) {
          throw new Error(`job ${job.id} in ${q} is not a "${sub.event}" event`);
        }
        const parsed = sub.schema.safeParse(event.data);
        if (!parsed.success) throw new Error(`event ${event.id} (${event.type}) does not match the schema of ${domain}/${sub.name}: ${parsed.error.message}`);
        return { ...event, data: parsed.data as Record<string, unknown> };
      };
      /**
       * Handles events of one tenant in ONE transaction with their idempotency records: the events
       * handled before are left out; the handler gets the others (one event: `handler`, several:
       * the batch handler). What `skip` says has nothing to do opens no transaction.
       */
      const handleEvents = async (all: DomainEvent[]): Promise<void> => {
        const first = all[0];
        const glog = all.length === 1 ? slog.child({ eventId: first.id }) : slog.child({ events: all.length, firstEventId: first.id });
        const base = systemContext(glog, first.tenant_id, all.length === 1 ? (first.request_id ?? 'event') : 'event-batch');
        try {
          const events: DomainEvent[] = [];
          for (const e of all) if (!(sub.skip && (await sub.skip(e, base, rt.services)))) events.push(e);
          if (!events.length) {
            glog.debug('nothing to do for these events: skipped');
            return;
          }
          const { result: ran, afterCommit } = await inTransaction(rt.orm, base, async (em, ctx) => {
            const rows = (await em.execute(
              `insert into "${schema}".processed_event (subscription, event_id, processed_at) select ?, unnest(?::text[]), now() on conflict do nothing returning event_id`,
              [sub.name, pgArray(events.map((e) => e.id))],
            )) as Array<{ event_id: string }>;
            const fresh = new Set(rows.map((r) => r.event_id));
            const todo = events.filter((e) => fresh.has(e.id));
            if (!todo.length) return false;
            if (todo.length === 1 && !sub.batch) await sub.handler(todo[0], ctx, rt.services);
            else await sub.batch!.handler(todo, ctx, rt.services);
            return true;
          });
          if (ran) await runAfterCommit(afterCommit, glog);
          else glog.debug('handled before: skipped');
        } catch (err) {
          glog.warn({ err }, 'event handler failed; rolled back, the queue retries it');
          throw err;
        }
      };
      const handle = (job: QueueJob<DomainEvent>) => handleEvents([eventOf(job)]);
      /**
       * A batch: its events in log order (position, else creation), one transaction per tenant in
       * the order of each tenant's first event; a group that fails is handled again one event at a
       * time, so only the events that fail on their own are failed (and retried by the queue).
       */
      const handleBatch = async (jobs: Array<QueueJob<DomainEvent>>) => {
        const failed: Array<{ job: QueueJob<DomainEvent>; error: Error }> = [];
        const ok: Array<{ job: QueueJob<DomainEvent>; event: DomainEvent }> = [];
        for (const job of jobs) {
          try {
            ok.push({ job, event: eventOf(job) });
          } catch (err) {
            failed.push({ job, error: err as Error });
          }
        }
        ok.sort((a, b) => compareLogOrder(a.event, b.event));
        const groups = new Map<string, typeof ok>();
        for (const item of ok) {
          const key = item.event.tenant_id ?? '';
          groups.set(key, [...(groups.get(key) ?? []), item]);
        }
        for (const group of groups.values()) {
          try {
            await handleEvents(group.map((g) => g.event));
          } catch (err) {
            if (group.length === 1) {
              failed.push({ job: group[0].job, error: err as Error });
              continue;
            }
            for (const g of group) {
              try {
                await handleEvents([g.event]);
              } catch (err) {
                failed.push({ job: g.job, error: err as Error });
              }
            }
          }
        }
        return failed;
      };
      // the declared retry policy (or the default one) is enforced on every start
      if (sub.tenants) {
        // tenant-scoped: bound to the events of the tenants that need them, not to every event
        // (a binding to every event left by an earlier version is removed once the tenants are bound)
        if (sub.event !== ALL_EVENTS) throw new Error(`${domain}/${sub.name}: only a subscription to every event can be tenant-scoped`);
        await queue.ensureQueue(q, sub.retry ?? {});
        await queue.bindTenants(q, () => sub.tenants!(rt.services));
        await queue.unbind(sub.event, q);
      } else await queue.bind(sub.event, q, sub.retry ?? {});
      if (sub.batch) await queue.workBatch<DomainEvent>(q, handleBatch, { pollingIntervalSeconds, batchSize: sub.batch.size });
      else await queue.work<DomainEvent>(q, handle, { pollingIntervalSeconds });
      subscriptions.push({ domain, name: sub.name, queue: q, event: sub.event });
    }
    // subscriptions removed from the manifest stop receiving events (names are kebab-case, so a
    // longer domain name with this one as prefix never matches)
    const prefix = subscriptionQueueName(domain, '');
    const stale = await queue.unbindStale(prefix, keep, (name) => isKebab(name.slice(prefix.length)));
    if (stale.length) log.info({ domain, queues: stale }, 'unbound subscriptions no longer declared');

    const defs = [...(rt.def.jobs ?? []), ...(o.extraJobs?.[domain] ?? [])];
    const seen = new Set<string>();
    for (const def of defs) {
      const q = jobQueueName(domain, def.name);
      if (seen.has(q)) throw new Error(`domain ${domain} has two jobs named "${def.name}"`);
      seen.add(q);
      const jlog = log.child({ job: `${domain}/${def.name}` });
      const run = async (job: QueueJob<Record<string, unknown>>) => {
        const data = (job.data ?? {}) as Record<string, unknown>;
        const tenantId = typeof data.tenant_id === 'string' ? data.tenant_id : null;
        const rlog = jlog.child({ jobId: job.id });
        try {
          const { afterCommit } = await inTransaction(rt.orm, systemContext(rlog, tenantId, `job:${job.id}`), (_em, ctx) =>
            def.handler(data, ctx, rt.services),
          );
          await runAfterCommit(afterCommit, rlog);
        } catch (err) {
          rlog.warn({ err }, 'job failed; rolled back, the queue retries it');
          throw err;
        }
      };
      await queue.ensureQueue(q, {});
      await queue.work<Record<string, unknown>>(q, run, { pollingIntervalSeconds });
      if (o.schedules !== false) await queue.schedule(q, def.schedule ?? null);
      jobs.push({ domain, name: def.name, queue: q, schedule: def.schedule });
    }
  }

  const legacy = await queue.dropLegacyEventQueues();
  if (legacy.length) log.info({ queues: legacy }, 'deleted the per-event-type queues of the previous delivery scheme');

  return { subscriptions, jobs, stop: () => queue.stopWorkers() };
}
