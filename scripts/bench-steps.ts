/**
 * `npm run bench:steps`: the platform's CPU time for each request of a checkout, one kind of
 * request at a time. Where `npm run bench:checkout` measures whole orders (every step and the
 * background work they cause mixed together), this places BENCH_STEPS_CARTS carts (default 300)
 * through the checkout in phases — all carts created, then all their shipping options read, then
 * all shipping methods set, … — with BENCH_STEPS_CONCURRENCY requests in flight (default 4), and
 * reads the platform process's CPU time (/proc) around each phase:
 *   - `cpuMs`: platform CPU a request during the phase (the request and whatever background work
 *     it set off that ran meanwhile: the relay, jobs, mails);
 *   - `afterMs`: platform CPU a request in the 2 s after the phase, less the idle platform's own
 *     (background work still queued when the phase ended);
 *   - `wallMs`: wall time a request.
 * Two rounds; the second (warm: JIT, caches, prepared statements) is the one to read.
 * `/health` and GET of a cart are measured too, as the floor a request costs. With
 * BENCH_CPU_PROF_WINDOW=<dir> the phase named by BENCH_STEPS_PROFILE (e.g. `complete`) of the
 * second round is profiled (a V8 CPU profile of the platform for that phase only).
 */
import { cpuTicks, spawnBenchPlatform, storefrontClient } from './bench-checkout';

interface StepFigure {
  step: string;
  cpuMs: number;
  afterMs: number;
  wallMs: number;
}

async function main(): Promise<void> {
  const carts = Number(process.env.BENCH_STEPS_CARTS ?? 300);
  const concurrency = Number(process.env.BENCH_STEPS_CONCURRENCY ?? 4);
  const profiled = process.env.BENCH_STEPS_PROFILE;
  const { child, ready: starting, exited } = await spawnBenchPlatform();
  try {
    const ready = await starting;
    const pid = child.pid!;
    const client = storefrontClient(ready.url, ready.publishableKey, concurrency);
    const call = async (method: string, path: string, body?: unknown) => {
      const r = await client.request(method, path, body);
      if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${r.text.slice(0, 200)}`);
      return JSON.parse(r.text);
    };
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const idle0 = cpuTicks(pid);
    await sleep(2000);
    const idlePerS = (cpuTicks(pid) - idle0) / 2;
    const rounds: StepFigure[][] = [];
    for (let round = 0; round < 2; round++) {
      const figures: StepFigure[] = [];
      const phase = async (step: string, fn: (i: number) => Promise<void>) => {
        await sleep(500);
        const profile = round === 1 && profiled === step && process.env.BENCH_CPU_PROF_WINDOW;
        if (profile) child.kill('SIGUSR2');
        const c0 = cpuTicks(pid);
        const t0 = performance.now();
        let next = 0;
        await Promise.all(
          Array.from({ length: concurrency }, async () => {
            while (next < carts) await fn(next++);
          }),
        );
        const wall = performance.now() - t0;
        const c1 = cpuTicks(pid);
        if (profile) child.kill('SIGUSR2');
        await sleep(2000);
        const c2 = cpuTicks(pid);
        const ms = (ticks: number) => Math.round(((ticks * 10) / carts) * 100) / 100;
        figures.push({ step, cpuMs: ms(c1 - c0), afterMs: ms(Math.max(0, c2 - c1 - idlePerS * 2)), wallMs: Math.round((wall / carts) * 100) / 100 });
      };
      const ids: string[] = [];
      const options: string[] = [];
      const collections: string[] = [];
      await phase('create cart', async (i) => {
        const variant = ready.checkoutVariantIds[(round * carts + i) % ready.checkoutVariantIds.length];
        const body = { region_id: ready.regionId, email: `steps-${round}-${i}@example.com`, items: [{ variant_id: variant, quantity: 1 }] };
        ids[i] = (await call('POST', '/store/carts', body)).cart.id;
      });
      await phase('shipping options', async (i) => {
        options[i] = (await call('GET', `/store/shipping-options?cart_id=${ids[i]}`)).shipping_options[0].id;
      });
      await phase('shipping method', async (i) => void (await call('POST', `/store/carts/${ids[i]}/shipping-methods`, { option_id: options[i] })));
      await phase('payment collection', async (i) => {
        collections[i] = (await call('POST', '/store/payment-collections', { cart_id: ids[i] })).payment_collection.id;
      });
      await phase('payment session', async (i) => {
        await call('POST', `/store/payment-collections/${collections[i]}/payment-sessions`, { provider_id: 'pp_system_default' });
      });
      await phase('complete', async (i) => {
        const done = await call('POST', `/store/carts/${ids[i]}/complete`);
        if (done.type !== 'order') throw new Error(`complete: ${JSON.stringify(done.error)}`);
      });
      await phase('get cart', async (i) => void (await call('GET', `/store/carts/${ids[i]}`)));
      await phase('health', async () => void (await call('GET', '/health')));
      rounds.push(figures);
    }
    client.close();
    const warm = rounds[1];
    const order = warm.filter((f) => !['get cart', 'health'].includes(f.step));
    const sum = (k: 'cpuMs' | 'afterMs') => Math.round(order.reduce((a, f) => a + f[k], 0) * 100) / 100;
    process.stdout.write(
      `${JSON.stringify({ carts, concurrency, idleMsPerS: idlePerS * 10, warm, order: { cpuMs: sum('cpuMs'), afterMs: sum('afterMs') }, cold: rounds[0] })}\n`,
    );
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${(err as Error).stack}\n`);
    process.exit(1);
  },
);
