import { Client } from 'pg';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  createLogger,
  createOrm,
  eventJobId,
  inBatches,
  jobQueueName,
  migrate,
  migrationsCurrent,
  readTriggerStamp,
  subscriptionQueueName,
  type DomainEvent,
  type RequestContext,
  type TypedEvent,
} from '@svc/kit';
import { domain as identityDomain, identityEvents, type TenantCredentials } from '@svc/identity';
import { freshDatabase } from '../support/db';
import { startTestPlatform, type TestPlatform } from '../support/platform';
import { waitFor as waitUntil } from '../support/wait';

/** the events suite waits at most 20 s */
const waitFor = <T>(what: string, fn: () => Promise<T | undefined | null | false> | T | undefined | null | false) => waitUntil(what, fn, 20_000);

async function withDb<T>(url: string, fn: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

type CustomerCreated = TypedEvent<{ id: string; email: string }>;

describe('domain events: fan-out, idempotent subscribers, retries', () => {
  let p: TestPlatform;
  let t: TenantCredentials;
  let t2: TenantCredentials;
  /** the batch subscription's calls: its events' ids and the context's tenant */
  const batches: Array<{ ids: string[]; tenantId: string | null }> = [];
  const seenA: CustomerCreated[] = [];
  const seenB: CustomerCreated[] = [];
  const contexts: RequestContext[] = [];
  /** handler invocations that got past the idempotency check, per subscription and event */
  const ran = new Map<string, number>();
  const bump = (key: string) => {
    const n = (ran.get(key) ?? 0) + 1;
    ran.set(key, n);
    return n;
  };

  /** writes a probe row through the transaction the worker opened */
  const probe = async (ctx: RequestContext, subscription: string, eventId: string, note: string) => {
    const em = ctx.tx?.get(p.subgraphs.identity.orm) as EntityManager | undefined;
    if (!em) throw new Error('no transaction on the context');
    await em.execute('insert into identity.event_probe (subscription, event_id, note) values (?, ?, ?)', [subscription, eventId, note]);
  };

  beforeAll(async () => {
    p = await startTestPlatform({
      extraSubscriptions: {
        identity: [
          identityEvents.on('customer.created', 'test-audit-a', async (e) => void seenA.push(e)),
          identityEvents.on('customer.created', 'test-audit-b', async (e, ctx) => {
            seenB.push(e);
            contexts.push(ctx);
          }),
          identityEvents.on('customer.created', 'test-probe-writer', async (e, ctx) => {
            bump(`test-probe-writer:${e.id}`);
            await probe(ctx, 'test-probe-writer', e.id, 'written');
          }),
          {
            ...identityEvents.on('customer.created', 'test-flaky', async (e, ctx) => {
              const attempt = bump(`test-flaky:${e.id}`);
              await probe(ctx, 'test-flaky', e.id, `attempt-${attempt}`);
              if (attempt === 1) throw new Error('first attempt fails on purpose');
            }),
            retry: { limit: 3, delaySeconds: 1, backoff: false },
          },
          {
            // a batch subscription: a batch holding the provider `poison` fails as a whole
            ...inBatches(
              identityEvents.on('customer.social_unlinked', 'test-batch', async () => undefined),
              50,
              async (events, ctx) => {
                batches.push({ ids: events.map((e) => e.id), tenantId: ctx.tenantId });
                for (const e of events) {
                  bump(`test-batch:${e.id}`);
                  await probe(ctx, 'test-batch', e.id, `batch-of-${events.length}`);
                }
                if (events.some((e) => e.data.provider === 'poison')) throw new Error('a bad event in the batch');
              },
            ),
            retry: { limit: 1, delaySeconds: 0, backoff: false },
          },
        ],
      },
      extraJobs: {
        identity: [
          {
            name: 'test-probe-job',
            handler: async (data, ctx) => {
              bump(`test-probe-job:${String(data.n)}`);
              await probe(ctx, 'test-probe-job', String(data.n), `tenant-${ctx.tenantId}`);
            },
          },
          { name: 'test-nightly', schedule: '17 3 * * *', handler: async () => undefined },
        ],
      },
    });
    await withDb(p.dbUrl, (c) =>
      c.query(
        'create table identity.event_probe (subscription text not null, event_id text not null, note text not null, created_at timestamptz not null default clock_timestamp())',
      ),
    );
    t = await p.createTenant();
    t2 = await p.createTenant();
  });
  afterAll(() => p?.stop());

  const probes = (subscription: string, eventId: string) =>
    withDb(p.dbUrl, async (c) =>
      (await c.query('select note from identity.event_probe where subscription = $1 and event_id = $2 order by created_at', [subscription, eventId])).rows.map(
        (r) => r.note as string,
      ),
    );
  const processed = (subscription: string, eventId: string) =>
    withDb(
      p.dbUrl,
      async (c) =>
        (await c.query('select count(*)::int as n from identity.processed_event where subscription = $1 and event_id = $2', [subscription, eventId])).rows[0]
          .n as number,
    );
  const customerEvent = async (email: string) =>
    waitFor(`customer.created of ${email} in the first subscription`, () => seenA.find((e) => e.data.email === email));

  it('delivers every event to every subscription of its type (fan-out), in a system context of the tenant', async () => {
    const c = await p.registerCustomer(t.publishable_key);
    const a = await customerEvent(c.email);
    const b = await waitFor('the same event in the second subscription', () => seenB.find((e) => e.data.email === c.email));
    expect(b.id).toBe(a.id);
    expect(a).toMatchObject({ type: 'customer.created', tenant_id: t.tenant_id, data: { email: c.email } });
    expect(a.data.id).toMatch(/^cus_/);
    // the event names the customer the shopper's account reads
    const me = await p.api('GET', '/store/customers/me', { key: t.publishable_key, token: c.token });
    expect(a.data.id).toBe(me.body.customer.id);
    const ctx = contexts[seenB.indexOf(b)];
    expect(ctx).toMatchObject({ tenantId: t.tenant_id, actor: { type: 'operator' }, roles: ['operator'] });
    expect(ctx.tx?.get(p.subgraphs.identity.orm)).toBeDefined();
    // both subscriptions recorded their handling, each once
    expect(await processed('test-audit-a', a.id)).toBe(1);
    expect(await processed('test-audit-b', a.id)).toBe(1);
  });

  it('has no second effect when the same event is delivered again', async () => {
    const c = await p.registerCustomer(t.publishable_key);
    const ev = await customerEvent(c.email);
    const q = subscriptionQueueName('identity', 'test-probe-writer');
    await waitFor('the probe row', async () => (await probes('test-probe-writer', ev.id)).length > 0);
    const boss = p.queue!.boss;

    // the relay publishing the row again maps to the same job: nothing new is queued
    const domainEvent: DomainEvent = { ...ev, data: { ...ev.data } };
    await p.queue!.publish(domainEvent);
    const jobs = await withDb(p.dbUrl, async (db) => (await db.query(`select id from pgboss.job where name = $1 and data->>'id' = $2`, [q, ev.id])).rows);
    expect(jobs).toEqual([{ id: eventJobId(ev.id) }]);

    // a second job carrying the same event (a redelivery) is worked, and skipped by the handler
    const again = await boss.send(q, domainEvent);
    expect(again).toBeTruthy();
    await waitFor('the redelivered job to complete', async () => (await boss.getJobById(q, again!))?.state === 'completed');
    expect(ran.get(`test-probe-writer:${ev.id}`)).toBe(1);
    expect(await probes('test-probe-writer', ev.id)).toEqual(['written']);
    expect(await processed('test-probe-writer', ev.id)).toBe(1);
  });

  it('retries a failed handler and rolls back what its failed attempt wrote', async () => {
    const c = await p.registerCustomer(t.publishable_key);
    const ev = await customerEvent(c.email);
    await waitFor('the retried attempt', async () => (await probes('test-flaky', ev.id)).length > 0);
    const job = await waitFor('the job to complete', async () => {
      const j = await p.queue!.boss.getJobById<DomainEvent>(subscriptionQueueName('identity', 'test-flaky'), eventJobId(ev.id));
      return j?.state === 'completed' ? j : undefined;
    });
    expect(job.retryCount).toBe(1);
    expect(ran.get(`test-flaky:${ev.id}`)).toBe(2);
    expect(await probes('test-flaky', ev.id)).toEqual(['attempt-2']);
    expect(await processed('test-flaky', ev.id)).toBe(1);
  });

  /** outbox rows of `customer.social_unlinked` written in one statement (relayed together): [tenant, provider] each */
  const unlinkEvents = (rows: Array<[string, string]>) =>
    withDb(p.dbUrl, async (db) =>
      (
        await db.query(
          `insert into identity.outbox_event (id, tenant_id, type, data, request_id, created_at, attempts)
           select 'evt_batch_' || left(md5(random()::text), 24), r.tenant, 'customer.social_unlinked', jsonb_build_object('id', 'cus_batch', 'link_id', 'link_' || r.n, 'provider', r.provider), 'test', now(), 0
             from unnest($1::text[], $2::text[]) with ordinality as r(tenant, provider, n) order by r.n
           returning id`,
          [rows.map((r) => r[0]), rows.map((r) => r[1])],
        )
      ).rows.map((r) => r.id as string),
    );

  it('hands a batch subscription its queued events at once: those of each tenant in one transaction, in log order, with their idempotency records', async () => {
    const ids = await unlinkEvents([
      [t.tenant_id, 'a'],
      [t2.tenant_id, 'b'],
      [t.tenant_id, 'c'],
      [t.tenant_id, 'd'],
      [t2.tenant_id, 'e'],
    ]);
    await waitFor('every event handled', async () => (await Promise.all(ids.map((id) => processed('test-batch', id)))).every((n) => n === 1));
    const mine = batches.filter((b) => b.ids.some((id) => ids.includes(id)));
    // one call per tenant, the events in the order they were written
    expect(mine).toEqual([
      { ids: [ids[0], ids[2], ids[3]], tenantId: t.tenant_id },
      { ids: [ids[1], ids[4]], tenantId: t2.tenant_id },
    ]);
    for (const id of ids) expect(await probes('test-batch', id)).toEqual([`batch-of-${id === ids[1] || id === ids[4] ? 2 : 3}`]);

    // a redelivered event is left out of the batch (the handler is not called for it again)
    const q = subscriptionQueueName('identity', 'test-batch');
    const job = await p.queue!.boss.getJobById<DomainEvent>(q, eventJobId(ids[0]));
    const again = await p.queue!.boss.send(q, job!.data);
    await waitFor('the redelivered job to complete', async () => (await p.queue!.boss.getJobById(q, again!))?.state === 'completed');
    expect(ran.get(`test-batch:${ids[0]}`)).toBe(1);
    expect(await processed('test-batch', ids[0])).toBe(1);
  });

  it('rolls a failed batch back as a whole and handles its events one at a time, so only the bad one fails', async () => {
    const ids = await unlinkEvents([
      [t.tenant_id, 'good-1'],
      [t.tenant_id, 'poison'],
      [t.tenant_id, 'good-2'],
    ]);
    const q = subscriptionQueueName('identity', 'test-batch');
    // two runs of the bad event's job (a retry after the failure), so a longer wait than the others
    const poison = await waitUntil(
      'the bad event to fail for good',
      async () => {
        const j = await p.queue!.boss.getJobById(q, eventJobId(ids[1]));
        return j?.state === 'failed' ? j : undefined;
      },
      60_000,
    );
    expect(poison.retryCount).toBe(1);
    // the batch of three was rolled back (none of its probe rows stayed); the good events were handled alone
    expect(await probes('test-batch', ids[0])).toEqual(['batch-of-1']);
    expect(await probes('test-batch', ids[2])).toEqual(['batch-of-1']);
    expect(await probes('test-batch', ids[1])).toEqual([]);
    expect(await processed('test-batch', ids[0])).toBe(1);
    expect(await processed('test-batch', ids[2])).toBe(1);
    expect(await processed('test-batch', ids[1])).toBe(0);
    expect(batches.find((b) => b.ids.length === 3 && b.ids.includes(ids[1]))).toBeDefined();
  });

  it('stores no job for an event no domain subscribes to but analytics, which records every event (the webhooks fan-out takes only tenants with an active endpoint)', async () => {
    const c = await p.registerCustomer(t.publishable_key);
    await customerEvent(c.email);
    const upd = await p.api('POST', '/store/customers', { key: t.publishable_key, token: c.token, body: { email: c.email, first_name: 'Grace' } });
    expect(upd.status).toBe(200);
    const row = await waitFor('customer.updated to be relayed', () =>
      withDb(
        p.dbUrl,
        async (db) =>
          (
            await db.query(`select id from identity.outbox_event where type = 'customer.updated' and published_at is not null and data->>'id' = $1`, [
              upd.body.customer.id,
            ])
          ).rows[0],
      ),
    );
    // no queue but analytics's (it hears every event: rollups and the warehouse export) is bound to
    // customer.updated, and the webhooks fan-out is bound per tenant: this tenant has no active
    // endpoint (webhooks.test.ts binds one)
    const jobs = await withDb(p.dbUrl, async (db) =>
      (await db.query(`select name from pgboss.job where data->>'id' = $1 order by name`, [row.id])).rows.map((r) => r.name),
    );
    expect(jobs).toEqual(['sub_analytics_rollups']);
    const bindings = await withDb(p.dbUrl, async (db) =>
      (await db.query(`select event from pgboss.subscription where name = $1`, [subscriptionQueueName('webhooks', 'fan-out')])).rows.map((r) => r.event),
    );
    expect(bindings).not.toContain('*');
    expect(bindings).not.toContain(`*@${t.tenant_id}`);
  });

  it('deletes the per-event-type queues of the previous delivery scheme', async () => {
    await p.queue!.boss.createQueue('event-customer-created');
    await p.queue!.boss.send('event-customer-created', { id: 'evt_old' });
    expect(await p.queue!.dropLegacyEventQueues()).toEqual(['event-customer-created']);
    expect(await p.queue!.boss.getQueue('event-customer-created')).toBeNull();
  });

  it('runs domain jobs in a transaction of the tenant, and schedules the cron ones', async () => {
    await p.queue!.send(jobQueueName('identity', 'test-probe-job'), { tenant_id: t.tenant_id, n: 7 });
    await waitFor('the job to run', async () => (await probes('test-probe-job', '7')).length > 0);
    expect(await probes('test-probe-job', '7')).toEqual([`tenant-${t.tenant_id}`]);
    expect(ran.get('test-probe-job:7')).toBe(1);
    const schedules = await withDb(p.dbUrl, async (db) => (await db.query(`select name, cron, timezone from pgboss.schedule order by name`)).rows);
    // the test's cron job is scheduled (next to the domains' own, e.g. identity's state purge)
    expect(schedules).toContainEqual({ name: jobQueueName('identity', 'test-nightly'), cron: '17 3 * * *', timezone: 'UTC' });
    expect(schedules.filter((r: { name: string }) => r.name.includes('test-'))).toHaveLength(1);
  });
});

describe('kit migrations', () => {
  const log = createLogger('silent');
  let db: { url: string; drop(): Promise<void> };
  beforeAll(async () => {
    db = await freshDatabase();
  });
  afterAll(() => db?.drop());

  const ormFor = (dbSchema: string) => createOrm({ dbSchema, entities: [], migrations: [], url: db.url, poolSize: 2, log });
  const inspect = (schema: string) =>
    withDb(db.url, async (c) => {
      const tables = await c.query(`select table_name from information_schema.tables where table_schema = $1 order by table_name`, [schema]);
      const triggers = await c.query(
        `select t.tgname from pg_trigger t join pg_class r on r.oid = t.tgrelid join pg_namespace n on n.oid = r.relnamespace where n.nspname = $1 and r.relname = 'outbox_event' and not t.tgisinternal`,
        [schema],
      );
      const kit = await c.query(`select name from "${schema}".kit_migration order by name`);
      return { tables: tables.rows.map((r) => r.table_name), triggers: triggers.rows.map((r) => r.tgname), kit: kit.rows.map((r) => r.name) };
    });
  const KIT = ['0001_outbox_event', '0002_outbox_notify_trigger', '0003_processed_event', '0004_outbox_position'];
  // besides the kit's migrations, kit_migration records the read-change triggers' sync (kit read-changes.ts)
  const KIT_RECORDS = [...KIT, readTriggerStamp([], [])];

  it('give a fresh schema the outbox (with its NOTIFY trigger) and processed_event; a second run does nothing', async () => {
    const orm = await ormFor('kit_fresh');
    try {
      expect(await migrate(orm)).toEqual(KIT.map((n) => `kit/${n}`));
      expect(await inspect('kit_fresh')).toEqual({
        tables: ['kit_migration', 'mikro_orm_migrations', 'outbox_event', 'processed_event'],
        triggers: ['outbox_event_notify'],
        kit: KIT_RECORDS,
      });
      expect(await migrate(orm)).toEqual([]);
      expect(await inspect('kit_fresh')).toEqual({
        tables: ['kit_migration', 'mikro_orm_migrations', 'outbox_event', 'processed_event'],
        triggers: ['outbox_event_notify'],
        kit: KIT_RECORDS,
      });
      // the trigger wakes the relays with the schema name
      const payload = await withDb(db.url, async (c) => {
        await c.query('listen outbox_event');
        const got = new Promise<string | undefined>((resolve) => c.on('notification', (n) => resolve(n.payload)));
        await withDb(db.url, (w) => w.query(`insert into kit_fresh.outbox_event (id, type, data) values ('evt_1', 'thing.happened', '{}')`));
        return got;
      });
      expect(payload).toBe('kit_fresh');
    } finally {
      await orm.close(true);
    }
  });

  it('tell a schema with every kit and domain migration applied (a start skips the lock and the migrator) from one that lacks any', async () => {
    const own = identityDomain.migrations;
    const orm = await createOrm({ dbSchema: 'identity', entities: [], migrations: own, url: db.url, poolSize: 2, log });
    const absent = await ormFor('kit_never_made');
    try {
      expect(own.length).toBeGreaterThan(0);
      expect(await migrationsCurrent(orm, own, identityDomain.readCacheIgnores)).toBe(true);
      expect(await migrationsCurrent(orm, [...own, { name: 'Migration29990101000000_next' }], identityDomain.readCacheIgnores)).toBe(false);
      await withDb(db.url, (c) => c.query(`delete from identity.kit_migration where name = $1`, [KIT[KIT.length - 1]]));
      expect(await migrationsCurrent(orm, own, identityDomain.readCacheIgnores)).toBe(false);
      expect(await migrationsCurrent(absent, [])).toBe(false);
      // the full path puts the missing one back, and the check agrees again
      expect(await migrate(orm, identityDomain.readCacheIgnores)).toEqual([`kit/${KIT[KIT.length - 1]}`]);
      expect(await migrationsCurrent(orm, own, identityDomain.readCacheIgnores)).toBe(true);
    } finally {
      await orm.close(true);
      await absent.close(true);
    }
  });

  it('upgrade a schema whose outbox table and trigger were made by the old subgraph migrations', async () => {
    // exactly what the previous Migration…_init and Migration…_triggers ran
    await withDb(db.url, async (c) => {
      await c.query(`create schema "legacy"`);
      await c.query(
        `create table "legacy"."outbox_event" ("id" varchar(40) not null, "tenant_id" varchar(40) null, "type" varchar(100) not null, "data" jsonb not null, "request_id" varchar(80) null, "created_at" timestamptz not null default now(), "published_at" timestamptz null, "attempts" int not null default 0, constraint "outbox_event_pkey" primary key ("id"));`,
      );
      await c.query(`create index "outbox_event_published_at_created_at_index" on "legacy"."outbox_event" ("published_at", "created_at");`);
      await c.query(`create or replace function "legacy".notify_outbox() returns trigger language plpgsql as $$
begin perform pg_notify('outbox_event', 'legacy'); return null; end $$;
create trigger outbox_event_notify after insert on "legacy".outbox_event for each statement execute function "legacy".notify_outbox();`);
      await c.query(`insert into legacy.outbox_event (id, type, data) values ('evt_old', 'thing.happened', '{"a":1}')`);
    });
    const orm = await ormFor('legacy');
    try {
      expect(await migrate(orm)).toEqual(KIT.map((n) => `kit/${n}`));
      expect(await inspect('legacy')).toEqual({
        tables: ['kit_migration', 'mikro_orm_migrations', 'outbox_event', 'processed_event'],
        triggers: ['outbox_event_notify'],
        kit: KIT_RECORDS,
      });
      const rows = await withDb(db.url, async (c) => (await c.query('select id, data from legacy.outbox_event')).rows);
      expect(rows).toEqual([{ id: 'evt_old', data: { a: 1 } }]);
      expect(await migrate(orm)).toEqual([]);
    } finally {
      await orm.close(true);
    }
  });

  it('upgrade a domain schema migrated by the previous version (no kit tables recorded yet)', async () => {
    // the identity schema as the previous version left it: outbox and trigger, no kit records
    await withDb(db.url, (c) => c.query('drop table identity.kit_migration; drop table identity.processed_event'));
    const orm = await createOrm({
      dbSchema: identityDomain.dbSchema,
      entities: identityDomain.entities,
      migrations: identityDomain.migrations,
      url: db.url,
      poolSize: 2,
      log,
    });
    try {
      expect(await migrate(orm)).toEqual(KIT.map((n) => `kit/${n}`));
      const after = await inspect('identity');
      expect(after.triggers).toEqual(['outbox_event_notify']);
      expect(after.tables).toEqual(expect.arrayContaining(['kit_migration', 'outbox_event', 'processed_event', 'customer']));
      expect(await migrate(orm)).toEqual([]);
    } finally {
      await orm.close(true);
    }
  });
});
