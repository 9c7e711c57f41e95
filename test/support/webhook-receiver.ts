import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the receiver got: path, headers, raw body, when. */
export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

/** How the receiver answers one request: a status (headers, body), or `hang` (never answers). */
type Answer = { status: number; headers?: Record<string, string>; body?: string } | 'hang';

/**
 * A local HTTP server receiving webhooks: every request is recorded; each path answers from its
 * script (the first entry each time, the last one repeats), or 200 when it has none.
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  private readonly scripts = new Map<string, Answer[]>();
  private readonly hanging = new Set<http.ServerResponse>();
  /** per path: requests answered `hang` and not answered yet, and the most there ever were at once */
  private readonly open = new Map<string, Set<http.ServerResponse>>();
  private readonly mostOpen = new Map<string, number>();
  private server?: http.Server;
  port = 0;

  async start(host = '127.0.0.1'): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = (req.url ?? '/').split('?')[0];
        this.received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
        const script = this.scripts.get(path);
        const answer: Answer = script?.length ? (script.length > 1 ? script.shift()! : script[0]) : { status: 200, body: 'ok' };
        if (answer === 'hang') {
          this.hanging.add(res);
          const open = this.open.get(path) ?? new Set<http.ServerResponse>();
          this.open.set(path, open);
          open.add(res);
          this.mostOpen.set(path, Math.max(this.mostOpen.get(path) ?? 0, open.size));
          res.on('close', () => {
            this.hanging.delete(res);
            open.delete(res);
          });
          return;
        }
        res.writeHead(answer.status, answer.headers ?? {});
        res.end(answer.body ?? '');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, host, resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  /** `http://localhost:<port><path>` */
  url(path: string, host = 'localhost'): string {
    return `http://${host}:${this.port}${path}`;
  }

  script(path: string, answers: Answer[]): void {
    this.scripts.set(path, [...answers]);
  }

  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  /** Requests to `path` held open (answered `hang`) right now. */
  openAt(path: string): number {
    return this.open.get(path)?.size ?? 0;
  }

  /** The most requests to `path` held open at once so far. */
  mostOpenAt(path: string): number {
    return this.mostOpen.get(path) ?? 0;
  }

  /** Answers every request to `path` held open with `status`; how many there were. */
  answerOpen(path: string, status: number): number {
    const open = [...(this.open.get(path) ?? [])];
    for (const res of open) {
      this.open.get(path)!.delete(res);
      this.hanging.delete(res);
      res.writeHead(status);
      res.end();
    }
    return open.length;
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    await new Promise<void>((resolve) => {
      this.server?.close(() => resolve());
      this.server?.closeAllConnections();
    });
  }
}
