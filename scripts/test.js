// `npm test`: the static checks (scripts/checks.js) and jest side by side. The checks use about
// 1.7 of the 2 cores for a minute and jest's start (PostgreSQL, the template database) leaves cores
// idle, so running them together finishes sooner than one after the other. Jest's output streams as
// it runs; the checks' output is printed whole when both are done. Arguments go to jest
// (`npm test -- test/e2e/catalog.test.ts`). The exit code is 1 when either failed.
//
// A run longer than TEST_TIME_LIMIT_MIN (default 75, inside CI's 90 with the install; a full run takes about 13 on an idle 2-core machine) is
// stopped with its process group and fails with a message: a test stuck in synchronous code (a
// generator that never finds a value) blocks Jest's own timeouts, and CI would otherwise wait for
// its own limit and print nothing of why.
const { spawn } = require('node:child_process');
const path = require('node:path');
const { setTimeout, clearTimeout } = require('node:timers');

const ROOT = path.join(__dirname, '..');

const LIMIT_MS = Number(process.env.TEST_TIME_LIMIT_MIN ?? 75) * 60_000;
const groups = new Set();
// the children have process groups of their own: Ctrl-C (or CI's stop) reaches them through here
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    for (const pid of groups) {
      try {
        process.kill(-pid, sig);
      } catch {
        // already gone
      }
    }
    process.exit(130);
  });
}

function run(args, { capture }) {
  return new Promise((resolve) => {
    // its own process group, so that the time limit stops its workers and the processes they started
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit', detached: true });
    groups.add(child.pid);
    let out = '';
    let overTime = false;
    const timer = setTimeout(() => {
      overTime = true;
      process.stdout.write(`\n> ${args.map((a) => path.basename(a)).join(' ')}: still running after ${LIMIT_MS / 60_000} min (TEST_TIME_LIMIT_MIN); stopped\n`);
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, LIMIT_MS);
    if (capture) for (const s of [child.stdout, child.stderr]) s.on('data', (d) => (out += d));
    child.on('close', (code, signal) => {
      groups.delete(child.pid);
      clearTimeout(timer);
      resolve({ ok: code === 0 && !overTime, why: overTime ? 'over the time limit' : (signal ?? `exit code ${code}`), out });
    });
  });
}

async function main() {
  const checks = run([path.join(__dirname, 'checks.js')], { capture: true });
  const jest = await run([require.resolve('jest/bin/jest'), ...process.argv.slice(2)], { capture: false });
  const c = await checks;
  process.stdout.write(`\n> npm run checks (beside jest): ${c.ok ? 'passed' : `FAILED (${c.why})`}\n${c.out}`);
  if (!jest.ok) process.stdout.write(`> jest: FAILED (${jest.why})\n`);
  process.exit(c.ok && jest.ok ? 0 : 1);
}

void main();
