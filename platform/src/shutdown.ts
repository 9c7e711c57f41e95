import type { Logger } from '@svc/kit';

/**
 * The steps that stop what a process started, run in the reverse order of their registration
 * (the HTTP server before the workers, the job queue before the database), each once; a failing
 * step is logged and the next one runs. `close()` may be called many times and stops once.
 */
export function shutdownSteps(log: Logger) {
  const steps: Array<[string, () => Promise<void>]> = [];
  let closing: Promise<void> | undefined;
  return {
    push(name: string, fn: () => Promise<void>): void {
      steps.push([name, fn]);
    },
    close(): Promise<void> {
      return (closing ??= (async () => {
        for (const [name, fn] of steps.reverse()) {
          log.debug({ step: name }, 'stopping');
          await fn().catch((err) => log.warn({ err, step: name }, 'shutdown step failed'));
        }
      })());
    },
  };
}

/**
 * Stops the process on SIGINT or SIGTERM: `close` runs once, then the process exits 0 (1 when
 * closing took longer than 15 s). Shared by `npm start` and `npm run subgraph`.
 */
export function exitOnSignals(log: Logger, close: () => Promise<void>): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    const timer = setTimeout(() => {
      log.error('shutdown took longer than 15 s; exiting');
      process.exit(1);
    }, 15_000);
    timer.unref();
    await close();
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
