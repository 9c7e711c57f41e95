import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const REPO = path.resolve(__dirname, '..', '..');

/** Whether nothing listens on `port` of loopback now (listened on once, then released). */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

/** The low end of the kernel's ephemeral range (ports it hands out for `listen(0)` and `connect`). */
function ephemeralLow(): number {
  try {
    return Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32768;
  } catch {
    return 32768;
  }
}

const taken = new Set<number>();

/**
 * A free TCP port on loopback for a process that binds it only seconds later (after its boot). It
 * is chosen below the kernel's ephemeral range, so no other test's server on port 0 (nor an
 * outgoing connection) can be given it in the meantime: with an ephemeral port, a gateway that
 * took long to boot once found its port used by another suite's platform.
 */
export async function freePort(): Promise<number> {
  const high = Math.min(ephemeralLow(), 65536) - 1;
  const low = Math.max(10_000, high - 20_000);
  for (let i = 0; i < 200; i++) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (taken.has(port) || !(await canListen(port))) continue;
    taken.add(port);
    return port;
  }
  throw new Error(`no free port between ${low} and ${high}`);
}

/** One platform process (a subgraph or a gateway) started as `node -r scripts/register.js <script>`. */
export class PlatformProcess {
  readonly output: string[] = [];
  private proc?: ChildProcess;
  private exited?: Promise<number | null>;

  constructor(
    readonly name: string,
    private readonly script: string,
    private readonly args: string[],
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  start(): this {
    const proc = spawn(process.execPath, ['-r', './scripts/register.js', this.script, ...this.args], {
      cwd: REPO,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      this.output.push(chunk.toString('utf8'));
      if (this.output.length > 400) this.output.splice(0, this.output.length - 400);
    };
    proc.stdout!.on('data', keep);
    proc.stderr!.on('data', keep);
    this.exited = new Promise((resolve) => proc.once('exit', (code) => resolve(code)));
    this.proc = proc;
    return this;
  }

  get running(): boolean {
    return !!this.proc && this.proc.exitCode === null && this.proc.signalCode === null;
  }

  /** The last lines it wrote (for failure messages). */
  tail(lines = 30): string {
    return this.output.join('').split('\n').slice(-lines).join('\n');
  }

  /** Log lines at level 50 (error) or above. */
  errors(): string[] {
    return this.output
      .join('')
      .split('\n')
      .filter((l) => /"level":(5\d|6\d)/.test(l));
  }

  /** SIGTERM, then (after `graceMs`) SIGKILL; resolves with the exit code. */
  async stop(graceMs = 15_000): Promise<number | null> {
    if (!this.proc || !this.exited) return null;
    if (this.running) this.proc.kill('SIGTERM');
    const timer = setTimeout(() => this.proc?.kill('SIGKILL'), graceMs);
    const code = await this.exited;
    clearTimeout(timer);
    return code;
  }
}

/** Polls `url` until it answers 200 (or the process exits / `timeoutMs` passes). */
export async function waitHealthy(p: PlatformProcess, url: string, timeoutMs = 300_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  let delay = 100;
  while (Date.now() < until) {
    if (!p.running) throw new Error(`${p.name} exited before it was ready:\n${p.tail()}`);
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, delay));
    delay = Math.min(1000, delay * 2);
  }
  throw new Error(`${p.name} was not ready within ${timeoutMs} ms:\n${p.tail()}`);
}
