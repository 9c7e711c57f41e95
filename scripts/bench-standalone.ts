/**
 * The shell of a bench run on its own (`npm run bench:search`, `npm run bench:marketing`): starts
 * scripts/bench-platform.ts (a platform on a fresh database with a small catalog), waits for its
 * ready line, runs the bench against it, prints the bench's lines and problems, stops the platform
 * and exits (1 when there were problems). `npm run bench` runs the same benches in its own
 * orchestration (scripts/bench.ts).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import type { BenchPlatformReady } from './bench-platform';

/** what a bench run gives back; null: nothing to report (a development mode that ended by itself) */
export type StandaloneResult = { lines: string[]; problems: string[] } | null;

async function run(bench: (ready: BenchPlatformReady, platformPid: number) => Promise<StandaloneResult>): Promise<number> {
  const root = path.resolve(__dirname, '..');
  const child = spawn(process.execPath, ['-r', path.join(root, 'scripts', 'register.js'), path.join(root, 'scripts', 'bench-platform.ts')], {
    cwd: root,
    env: { ...process.env, BENCH_PRODUCTS: process.env.BENCH_PRODUCTS ?? '200' },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  try {
    const ready = await new Promise<BenchPlatformReady>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`bench-platform exited (${code}) before it was ready`)));
      readline.createInterface({ input: child.stdout! }).on('line', (line) => {
        if (line.startsWith('{"ready":true')) resolve(JSON.parse(line));
      });
    });
    const report = await bench(ready, child.pid!);
    if (!report) return 0;
    process.stdout.write(`\n${report.lines.join('\n')}\n`);
    if (report.problems.length) {
      process.stderr.write(`\nPROBLEMS:\n${report.problems.map((p) => `  - ${p}`).join('\n')}\n`);
      return 1;
    }
    return 0;
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r(null)));
  }
}

/** Runs `bench` against a bench platform of its own (its process id second) and exits the process with its outcome. */
export function runStandalone(name: string, bench: (ready: BenchPlatformReady, platformPid: number) => Promise<StandaloneResult>): void {
  run(bench).then(
    (code) => process.exit(code),
    (err) => {
      console.error(`${name} failed:`, err);
      process.exit(1);
    },
  );
}
