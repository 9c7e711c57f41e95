import { Client } from 'pg';
import { DOMAIN_EVENT_CHANNEL, JobQueue, KIT_MIGRATIONS, Store, TenantBinding, createOrm, eventJobId, systemContext, tenantEventsKey } from '@svc/kit';
import { createLogger } from '@svc/kit/db';
import { freshDatabase } from '../support/db';
import { waitFor } from '../support/wait';

/**
 * The job queue on a real database: queues created by many processes at once, a stop that leaves
 * no pg-boss timer behind (a loop sleeping after its owner closed fails the next suite), and the
 * relay's one statement against pg-boss's own insert (the contract with the pinned pg-boss).
 */
describe('job queue', () => {
  let db: { url: string; drop(): Promise<void> };
  const log = createLogger('silent');

  beforeAll(async () => {
    db = await freshDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('creates the same and different queues from several instances at once without a deadlock', async () => {
    const queues = await Promise.all([1, 2, 3, 4].map(() => JobQueue.start(db.url, log)));
    try {
      const names = Array.from({ length: 6 }, (_, i) => `job_test_concurrent-${i}`);
      // every instance creates every queue, all at once (as processes of the scale-out layout do at start)
      await Promise.all(queues.flatMap((q) => names.map((n) => q.ensureQueue(n, { limit: 3, delaySeconds: 1, backoff: false }))));
      for (const n of names) {
        const q = await queues[0].boss.getQueue(n);
        expect(q).toMatchObject({ name: n, retryLimit: 3, retryDelay: 1, retryBackoff: false, policy: 'standard' });
      }
    } finally {
      await Promise.all(queues.map((q) => q.stop()));
    }
  });

  it('stops only once pg-boss has forgotten every worker, its busy ones and its cron worker included', async () => {
    const queue = await JobQueue.start(db.url, log);
    const workersOf = () => (queue as unknown as { bossWorkers(): { name: string }[] }).bossWorkers();
    // pg-boss's cron worker exists from the start: the queue sees pg-boss's workers at all
    expect(workersOf().length).toBeGreaterThan(0);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    await queue.work('job_test_busy', async () => {
      started();
      await held;
    });
    expect(workersOf().map((w) => w.name)).toContain('job_test_busy');
    await queue.send('job_test_busy', { n: 1 });
    await running;
    // the handler is still running when the stop begins: pg-boss's worker cannot stop at once
    const stopping = queue.stop();
    setImmediate(release);
    await stopping;
    expect(workersOf()).toEqual([]);
  });
  it("wakes its workers through one due-job poll: a job another instance sent, then the job's retry", async () => {
    // pg-boss's own poll of each worker is pushed out of reach: only the queue's poll can wake it
    const safety = JobQueue.safetyPollSeconds;
    JobQueue.safetyPollSeconds = 3600;
    const worker = await JobQueue.start(db.url, log, { retryScale: 0 });
    const sender = await JobQueue.start(db.url, log);
    try {
      const handled: number[] = [];
      let failOnce = true;
      await worker.ensureQueue('job_test_due', { limit: 2, delaySeconds: 1, backoff: false });
      await worker.work<{ n: number }>(
        'job_test_due',
        async (job) => {
          // a worker's first fetch happens as it starts: this job is sent afterwards, by another instance
          handled.push(job.data.n);
          if (failOnce) {
            failOnce = false;
            throw new Error('fails once');
          }
        },
        { pollingIntervalSeconds: 0.5 },
      );
      await sender.send('job_test_due', { n: 7 });
      await waitFor('the retry to succeed', async () => {
        const [row] = (await sender.boss.getDb().executeSql(`select state from pgboss.job where name = 'job_test_due'`, [])).rows as { state: string }[];
        return row?.state === 'completed';
      });
      expect(handled).toEqual([7, 7]);
    } finally {
      JobQueue.safetyPollSeconds = safety;
      await Promise.all([worker.stop(), sender.stop()]);
    }
  });

  it("relays an outbox batch in one statement: pg-boss's own job rows for the bound queues, events and notices in order", async () => {
    const queue = await JobQueue.start(db.url, log);
    const sql = new Client({ connectionString: db.url });
    const listener = new Client({ connectionString: db.url });
    await sql.connect();
    await listener.connect();
    try {
      const schema = 'relay_test';
      await sql.query(`create schema if not exists ${schema}`);
      for (const m of KIT_MIGRATIONS) for (const statement of m.up(schema)) await sql.query(statement);
      await queue.ensureQueue('sub_relay_typed', { limit: 3, delaySeconds: 2, backoff: true });
      await queue.bind('thing.happened', 'sub_relay_typed');
      await queue.ensureQueue('sub_relay_tenant', { limit: 0, delaySeconds: 0, backoff: false });
      await queue.bindTenants('sub_relay_tenant', async () => ['t1']);
      // bound to one family of t1 and one type of t2
      await queue.ensureQueue('sub_relay_types', { limit: 0, delaySeconds: 0, backoff: false });
      await queue.bindTenants('sub_relay_types', async () => [
        { tenantId: 't1', events: ['thing.*'] },
        { tenantId: 't2', events: ['other.thing'] },
      ]);
      const notices: string[] = [];
      listener.on('notification', (n) => notices.push(n.payload ?? ''));
      await listener.query(`listen ${DOMAIN_EVENT_CHANNEL}`);
      const add = async (id: string, type: string, tenant: string, data: object) =>
        (
          await sql.query(
            `insert into ${schema}.outbox_event (id, tenant_id, type, data, request_id) values ($1, $2, $3, $4, 'req-1') returning created_at, position`,
            [id, tenant, type, JSON.stringify(data)],
          )
        ).rows[0];
      const e1 = await add('evt_r1', 'thing.happened', 't1', { id: 'x1', n: 1 });
      await add('evt_r2', 'other.thing', 't2', { id: 'x2' });
      await add('evt_r3', 'other.thing', 't1', { id: 'x3', text: 'é'.repeat(5000) });

      expect(await queue.relayOutbox(schema)).toBe(3);
      expect(await queue.relayOutbox(schema)).toBe(0);
      const published = await sql.query(`select count(*)::int n from ${schema}.outbox_event where published_at is not null and attempts = 1`);
      expect(published.rows[0].n).toBe(3);

      const jobs = (await sql.query(`select * from pgboss.job where name like 'sub_relay_%' order by name, singleton_key`)).rows;
      // typed: the event of its type; tenant-scoped: every event of t1, none of t2; by type: t1's of
      // the family `thing.*`, t2's of the type `other.thing`
      expect(jobs.map((j) => [j.name, j.singleton_key])).toEqual([
        ['sub_relay_tenant', 'evt_r1'],
        ['sub_relay_tenant', 'evt_r3'],
        ['sub_relay_typed', 'evt_r1'],
        ['sub_relay_types', 'evt_r1'],
        ['sub_relay_types', 'evt_r2'],
      ]);
      const event1 = {
        id: 'evt_r1',
        type: 'thing.happened',
        tenant_id: 't1',
        created_at: new Date(e1.created_at).toISOString(),
        request_id: 'req-1',
        data: { id: 'x1', n: 1 },
        position: String(e1.position),
      };
      const typed = jobs[2];
      expect(typed).toMatchObject({ id: eventJobId('evt_r1'), data: event1, state: 'created' });

      // the same job made by pg-boss's own insert agrees in every column the queue's policy decides
      await queue.boss.insert([{ name: 'sub_relay_typed', id: eventJobId('evt_boss'), data: event1, singletonKey: 'evt_boss' }]);
      const [own] = (await sql.query(`select * from pgboss.job where id = $1`, [eventJobId('evt_boss')])).rows;
      const policyOf = (j: Record<string, any>) => ({
        priority: j.priority,
        state: j.state,
        retry_limit: j.retry_limit,
        retry_delay: j.retry_delay,
        retry_backoff: j.retry_backoff,
        expire_in: j.expire_in,
        singleton_on: j.singleton_on,
        dead_letter: j.dead_letter,
        policy: j.policy,
        data: j.data,
        kept: Math.round((j.keep_until.getTime() - j.start_after.getTime()) / 60_000),
      });
      expect(policyOf(typed)).toEqual(policyOf(own));
      expect(policyOf(jobs[0])).toMatchObject({ retry_limit: 0, retry_delay: 0, retry_backoff: false });

      // every event announced once, in position order; the large one without its data, by reference
      await waitFor('three notices', () => (notices.length >= 3 ? notices : null));
      const heard = notices.map((n) => JSON.parse(n));
      expect(heard.map((n) => n.id)).toEqual(['evt_r1', 'evt_r2', 'evt_r3']);
      expect(heard[0]).toEqual(event1);
      expect(heard[2]).toMatchObject({ id: 'evt_r3', ref: schema, tenant_id: 't1' });
      expect(heard[2].data).toBeUndefined();
    } finally {
      await listener.end();
      await sql.end();
      await queue.stop();
    }
  });
  it('binds a tenant whose binding a unit of work was changing while the workers started (no queue yet to bind to): the start waits for it', async () => {
    const queue = await JobQueue.start(db.url, log);
    const orm = await createOrm({ dbSchema: 'binding_race', entities: [], migrations: [], url: db.url, poolSize: 2, log });
    const sql = new Client({ connectionString: db.url });
    await sql.connect();
    let commit = () => {};
    let change: Promise<void> | undefined;
    try {
      const store = new Store(orm);
      const q = 'sub_binding_race';
      const binding = new TenantBinding(store, q);
      await sql.query('create table public.binding_race_active (tenant_id text)');
      const advisory = async (granted: boolean, mode: string) =>
        Number(
          (
            await sql.query(
              `select count(*) from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database()) and granted = $1 and mode = $2`,
              [granted, mode],
            )
          ).rows[0].count,
        );
      const gate = new Promise<void>((r) => (commit = r));
      // a unit of work activates the tenant's first endpoint while the queue does not exist yet
      change = store.transaction(systemContext(log, 'ten_race', 'race'), async (_em, tx) => {
        await store.sql(tx, 'insert into public.binding_race_active (tenant_id) values (?)', ['ten_race']);
        await binding.hold(tx);
        await binding.set(tx, true); // no queue: nothing to write yet
        await gate;
      });
      await waitFor('the unit of work holding the binding lock', async () => (await advisory(true, 'ShareLock')) > 0);
      // the workers' start: the queue, then the tenants with an active endpoint, read after that unit of work
      await queue.ensureQueue(q);
      const start = queue.bindTenants(q, async () =>
        (await sql.query('select tenant_id from public.binding_race_active')).rows.map((r) => r.tenant_id as string),
      );
      await waitFor('the start waiting for the lock', async () => (await advisory(false, 'ExclusiveLock')) > 0);
      commit();
      await change;
      await start;
      const rows = await sql.query(`select event from pgboss.subscription where name = $1`, [q]);
      expect(rows.rows.map((r) => r.event)).toEqual([tenantEventsKey('ten_race')]);
    } finally {
      // a failing run lets the unit of work end too
      commit();
      await change?.catch(() => undefined);
      await sql.end();
      await orm.close(true);
      await queue.stop();
    }
  });
});
