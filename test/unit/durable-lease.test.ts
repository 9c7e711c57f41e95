import { DurableProcessRecord, DurableProcesses, Store, createOrm, systemContext, type Orm } from '@svc/kit';
import { createLogger } from '@svc/kit/db';
import { freshDatabase } from '../support/db';
import { waitFor } from '../support/wait';

/**
 * A durable process's lease on a real database (commerce's `durable_process` table): the holder
 * renews it while a step runs longer than the lease, so no other claimer takes the record over;
 * the process that works a record never claims it a second time, even once its lease ran out (a
 * stalled event loop); once the work ends the record has no holder. The lease's time is an
 * injected clock: a step "takes" three leases by moving it, and the renewal is seen in the row (no
 * test waits for a lease to run out in real time).
 */
describe('durable process lease', () => {
  const log = createLogger('silent');
  let db: { url: string; drop(): Promise<void> };
  let orm: Orm;
  let store: Store;
  let now = Date.parse('2026-11-28T10:00:00Z');
  const ctx = () => systemContext(log, 'ten_lease_test', 'test');

  beforeAll(async () => {
    db = await freshDatabase();
    orm = await createOrm({ dbSchema: 'commerce', entities: [DurableProcessRecord], migrations: [], url: db.url, poolSize: 3, log });
    store = new Store(orm);
  });
  afterAll(async () => {
    await orm?.close(true);
    await db?.drop();
  });

  /** two instances (a holder and another claimer of this process) of one kind whose one step waits for `finish` */
  function slowProcess(leaseMs: number) {
    let started!: () => void;
    const stepStarted = new Promise<void>((r) => (started = r));
    let finish!: () => void;
    const stepMayEnd = new Promise<void>((r) => (finish = r));
    const counter = { runs: 0 };
    const make = () =>
      new DurableProcesses<{ n: number }>({
        store,
        kind: 'lease_test',
        log,
        leaseMs,
        now: () => now,
        steps: [
          {
            name: 'slow',
            run: async () => {
              counter.runs++;
              started();
              await stepMayEnd;
              return { n: 1 };
            },
          },
        ],
      });
    return { holder: make(), other: make(), stepStarted, finish, counter };
  }
  const recordOf = async (key: string) =>
    (
      await store.sql<{ lease_until: Date | string | null; lease_owner: string | null; status: string }>(
        null,
        `select lease_until, lease_owner, status from ${store.table('durable_process')} where kind = 'lease_test' and key = ?`,
        [key],
      )
    )[0];

  it('is renewed while a step outlasts it, so neither the recovery nor a retry takes the record over', async () => {
    const LEASE = 300;
    const { holder, other, stepStarted, finish, counter } = slowProcess(LEASE);
    const done = holder.run(ctx(), 'k1', async () => ({ n: 0 }));
    await stepStarted;
    // the step has now taken three leases: without renewal the record would be free to claim
    now += 3 * LEASE;
    await waitFor('the holder to renew its lease', async () => {
      const row = await recordOf('k1');
      return row.lease_until !== null && new Date(row.lease_until).getTime() > now;
    });
    expect(await other.recover(log)).toEqual({ resumed: 0, compensated: 0, failed: 0 });
    // the shopper's retry waits for the holder (here: until its wait ends with 409 in_progress)
    await expect(other.run(ctx(), 'k1', async () => ({ n: 0 }), { waitMs: -1 })).rejects.toMatchObject({ code: 'in_progress' });
    finish();
    const row = await done;
    expect({ status: row.status, n: row.state.n, runs: counter.runs }).toEqual({ status: 'done', n: 1, runs: 1 });
    // a finished record has no holder (a renewal only ever extends a lease its holder still has)
    expect(await recordOf('k1')).toMatchObject({ status: 'done', lease_owner: null, lease_until: null });
  });

  it('is never claimed again by the process working it, even once its lease ran out (a stalled event loop)', async () => {
    // a 30 s lease: no renewal happens during this test; the lease is made to run out in the row
    const { holder, other, stepStarted, finish, counter } = slowProcess(30_000);
    const done = holder.run(ctx(), 'k2', async () => ({ n: 0 }));
    await stepStarted;
    await store.sql(null, `update ${store.table('durable_process')} set lease_until = ? where kind = 'lease_test' and key = 'k2'`, [new Date(now - 60_000)]);
    expect(await other.recover(log)).toEqual({ resumed: 0, compensated: 0, failed: 0 });
    await expect(other.run(ctx(), 'k2', async () => ({ n: 0 }), { waitMs: -1 })).rejects.toMatchObject({ code: 'in_progress' });
    finish();
    expect((await done).status).toBe('done');
    expect(counter.runs).toBe(1);
  });
});
