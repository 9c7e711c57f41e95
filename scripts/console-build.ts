/**
 * Builds the admin console (`admin/dist`, Vite) when the build is missing or older than its
 * sources: `npm start` calls it before the platform starts (about 3 s on the 2-core machine, none
 * when up to date), and so does the browser suite. `node -r ./scripts/register.js scripts/console-build.ts --force` rebuilds.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ADMIN = path.join(__dirname, '..', 'admin');
const BUILT = path.join(ADMIN, 'dist', 'index.html');

/** newest modification time of the console's sources (src/, index.html, the build's configuration) */
function newestSource(p = ADMIN): number {
  let newest = 0;
  for (const entry of fs.readdirSync(p, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === '.build-lock') continue;
    const full = path.join(p, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Whether the console needs a build. */
export function consoleStale(): boolean {
  return !fs.existsSync(BUILT) || fs.statSync(BUILT).mtimeMs < newestSource();
}

/** held while a process builds: two processes started at once (two gateways) build once, one after the other */
const LOCK = path.join(ADMIN, '.build-lock');
/** longest wait for another process's build */
const LOCK_WAIT_MS = 5 * 60_000;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
/** blocks this thread for `ms` (a build is a synchronous step of the start anyway) */
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Runs `fn` holding the build lock; a lock left by a process that is gone is taken over. */
function withBuildLock<T>(fn: () => T): T {
  const until = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      fs.writeFileSync(LOCK, String(process.pid), { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(fs.readFileSync(LOCK, { encoding: 'utf8', flag: 'a+' }));
      // an empty file is a holder between creating and writing it: still alive
      if (holder > 0 && !alive(holder)) fs.rmSync(LOCK, { force: true });
      else if (Date.now() > until) throw new Error(`another process (${holder}) has been building the admin console for ${LOCK_WAIT_MS / 1000} s`);
      else pause(200);
    }
  }
  try {
    return fn();
  } finally {
    fs.rmSync(LOCK, { force: true });
  }
}

/** Builds the console if it is stale (or `force`); answers the milliseconds spent (0: up to date). */
export function ensureConsoleBuilt(force = false, log: (line: string) => void = () => {}): number {
  if (!force && !consoleStale()) return 0;
  // another process may have built it while this one waited for the lock
  return withBuildLock(() => (force || consoleStale() ? build(log) : 0));
}

function build(log: (line: string) => void): number {
  const start = Date.now();
  log('Building the admin console (admin/dist)…');
  // the package's own command (its exports hide bin/): next to its package.json
  const vite = path.join(path.dirname(require.resolve('vite/package.json', { paths: [ADMIN] })), 'bin', 'vite.js');
  // always React's production build: under Jest NODE_ENV is `test`, and Vite would bundle React's
  // development build (about 65 KB more gzipped) into a dist that `npm start` then serves as up to date
  execFileSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: ADMIN,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return Date.now() - start;
}

if (require.main === module) {
  const ms = ensureConsoleBuilt(process.argv.includes('--force'), console.log);
  console.log(ms ? `built admin/dist in ${ms} ms` : 'admin/dist is up to date');
}
