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
