// `npm test`'s static checks, the type check and the linters, side by side: each runs mostly on one
// thread, so on two cores together they take about as long as the linters alone. Each one's output
// is printed whole once it ends; the exit code is 1 when either failed.
const { spawn } = require('node:child_process');

const run = (script) =>
  new Promise((resolve) => {
    let out = '';
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) {
      stream.setEncoding('utf8');
      stream.on('data', (d) => (out += d));
    }
    child.on('close', (code, signal) => resolve({ script, ok: code === 0, why: signal ?? `exit code ${code}`, out }));
  });

Promise.all(['typecheck', 'lint'].map(run)).then((results) => {
  for (const r of results) process.stdout.write(`> npm run ${r.script}: ${r.ok ? 'passed' : `FAILED (${r.why})`}\n${r.out}`);
  process.exit(results.every((r) => r.ok) ? 0 : 1);
});
