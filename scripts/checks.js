// `npm test`'s static checks: what `npm run typecheck` and `npm run lint` check, in about half the
// CPU time. The type check and ESLint's type-aware rules share one TypeScript program (built and
// checked once in this process, then handed to ESLint: its rules then read types the check already
// computed, where `npm run lint` has typescript-eslint build a program of its own), while Prettier
// and knip run in a child process beside it. Each part's output is printed whole once it ends; the
// exit code is 1 when any failed. `npm run typecheck` and `npm run lint` stay the ways to run one part.
const { spawn } = require('node:child_process');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');

/** Prettier, the console's type check (its own project: admin/tsconfig.json), then knip, in one child process chain. */
const formatAndUnused = () =>
  new Promise((resolve) => {
    let out = '';
    const child = spawn('npx prettier --check "**/*.{ts,tsx,js,mjs}" && npx tsc -p admin && npx knip --no-progress', {
      cwd: ROOT,
      shell: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr]) {
      stream.setEncoding('utf8');
      stream.on('data', (d) => (out += d));
    }
    child.on('close', (code, signal) => resolve({ name: 'prettier --check, tsc -p admin, knip', ok: code === 0, why: signal ?? `exit code ${code}`, out }));
  });

/** tsc --noEmit over tsconfig.json; answers the program for ESLint. */
function typecheck() {
  const ts = require('typescript');
  const file = path.join(ROOT, 'tsconfig.json');
  const read = ts.readConfigFile(file, ts.sys.readFile);
  const config = ts.parseJsonConfigFileContent(read.config, ts.sys, ROOT, undefined, file);
  const program = ts.createProgram({ rootNames: config.fileNames, options: { ...config.options, noEmit: true }, projectReferences: config.projectReferences });
  const diagnostics = [...(read.error ? [read.error] : []), ...config.errors, ...ts.getPreEmitDiagnostics(program)];
  const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => ROOT, getNewLine: () => '\n' };
  const out = diagnostics.length ? `${ts.formatDiagnosticsWithColorAndContext(diagnostics, host)}\nFound ${diagnostics.length} error(s).\n` : '';
  return { result: { name: 'tsc --noEmit', ok: diagnostics.length === 0, why: `${diagnostics.length} error(s)`, out }, program };
}

/** ESLint over the repository (eslint.config.mjs), TypeScript files with `program`'s types. */
async function lint(program) {
  const { ESLint } = require('eslint');
  const eslint = new ESLint({
    cwd: ROOT,
    overrideConfig: { files: ['**/*.ts'], ignores: ['admin/**'], languageOptions: { parserOptions: { projectService: false, programs: [program] } } },
  });
  const results = await eslint.lintFiles(['.']);
  const errors = results.reduce((n, r) => n + r.errorCount, 0);
  const out = await (await eslint.loadFormatter('stylish')).format(results);
  return { name: 'eslint', ok: errors === 0, why: `${errors} error(s)`, out };
}

async function main() {
  const others = formatAndUnused();
  const { result: types, program } = typecheck();
  const lintResult = await lint(program).catch((err) => ({ name: 'eslint', ok: false, why: 'crashed', out: `${err.stack ?? err}\n` }));
  const results = [types, lintResult, await others];
  for (const r of results) process.stdout.write(`> ${r.name}: ${r.ok ? 'passed' : `FAILED (${r.why})`}\n${r.out}`);
  process.exit(results.every((r) => r.ok) ? 0 : 1);
}

void main();
