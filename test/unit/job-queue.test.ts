import { JobQueue } from '@svc/kit';
import { createLogger } from '@svc/kit/db';
import { freshDatabase } from '../support/db';

/**
 * The job queue on a real database: queues created by many processes at once, and a stop that
 * leaves no pg-boss timer behind (a loop sleeping after its owner closed fails the next suite).
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
});
