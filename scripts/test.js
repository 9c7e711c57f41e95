// `npm test`: the static checks (scripts/checks.js) and jest side by side. The checks use about
// 1.7 of the 2 cores for a minute and jest's start (PostgreSQL, the template database) leaves cores
// idle, so running them together finishes sooner than one after the other. Jest's output streams as
// it runs; the checks' output is printed whole when both are done. Arguments go to jest
// (`npm test -- test/e2e/catalog.test.ts`). The exit code is 1 when either failed.
const { spawn } = require('node:child_process');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');

function run(args, { capture }) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let out = '';
    if (capture) for (const s of [child.stdout, child.stderr]) s.on('data', (d) => (out += d));
    child.on('close', (code, signal) => resolve({ ok: code === 0, why: signal ?? `exit code ${code}`, out }));
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
