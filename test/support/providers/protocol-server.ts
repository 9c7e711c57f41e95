import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * The HTTP shell of the local provider servers (Stripe, PayPal): real HTTP on 127.0.0.1 and a
 * random port, every request recorded, and fault injection for the next requests:
 *   - `500`: an infrastructure error before the API runs (nothing happens at the provider);
 *   - `hang`: no answer at all (the socket stays open until the server closes);
 *   - `close`: the socket is destroyed before the API runs;
 *   - `close-after`: the API runs (state changes, idempotent result stored), then the socket is
 *     destroyed before the answer: the case an idempotency key exists for;
 *   - `hang-after`: the API runs, then no answer at all (a worker that dies waiting for it);
 *     `releaseHanging()` drops those sockets;
 *   - `html`: a proxy's HTML page with status 200 instead of the API's JSON.
 * `setDown(true)` drops every connection until `setDown(false)` (a provider that is down).
 */
type Fault = '500' | 'hang' | 'close' | 'close-after' | 'hang-after' | 'html';

export interface Incoming {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

type Handler = (req: Incoming) => Reply | Promise<Reply>;

interface PendingFault {
  kind: Fault;
  remaining: number;
  match?: (req: Incoming) => boolean;
}

export class ProtocolServer {
  readonly requests: Incoming[] = [];
  private readonly faults: PendingFault[] = [];
  private readonly sockets = new Set<Socket>();
  private readonly hanging = new Set<Socket>();
  private server!: http.Server;
  private down = false;
  url = '';

  constructor(
    private readonly handler: Handler,
    /** the body of an injected 500, in the provider's error shape */
    private readonly errorBody: unknown,
  ) {}

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => void this.serve(req, res));
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** The next `times` requests (that `match`, if given) meet `kind`. */
  fail(kind: Fault, times = 1, match?: (req: Incoming) => boolean): void {
    this.faults.push({ kind, remaining: times, match });
  }

  /** Takes the server down (every request's connection is dropped before the API runs) or brings it back up. */
  setDown(down: boolean): void {
    this.down = down;
  }

  /** Requests recorded so far whose method and path match. */
  count(method: string, path: string | RegExp): number {
    return this.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path))).length;
  }

  /** Destroys the sockets of requests that met `hang-after` (their callers see the connection drop). */
  releaseHanging(): void {
    for (const s of this.hanging) s.destroy();
    this.hanging.clear();
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private takeFault(req: Incoming): Fault | undefined {
    const f = this.faults.find((x) => x.remaining > 0 && (!x.match || x.match(req)));
    if (!f) return undefined;
    f.remaining--;
    if (f.remaining === 0) this.faults.splice(this.faults.indexOf(f), 1);
    return f.kind;
  }

  private async serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', this.url);
    const incoming: Incoming = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    this.requests.push(incoming);
    if (this.down) return void req.socket.destroy();
    const fault = this.takeFault(incoming);
    if (fault === 'hang') return;
    if (fault === 'close') return void req.socket.destroy();
    if (fault === '500') return send(res, { status: 500, body: this.errorBody });
    if (fault === 'html') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Service temporarily unavailable</body></html>');
    let reply: Reply;
    try {
      reply = await this.handler(incoming);
    } catch (err) {
      reply = { status: 500, body: this.errorBody };
      console.error('protocol server handler failed', err);
    }
    if (fault === 'close-after') return void req.socket.destroy();
    if (fault === 'hang-after') return void this.hanging.add(req.socket);
    send(res, reply);
  }
}

function send(res: http.ServerResponse, reply: Reply): void {
  const headers: Record<string, string> = { ...reply.headers };
  if (reply.body === undefined) {
    res.writeHead(reply.status, headers).end();
    return;
  }
  // a string body with its own content-type is sent as is (e.g. a form-encoded answer)
  if (typeof reply.body === 'string' && Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
    res.writeHead(reply.status, headers).end(reply.body);
    return;
  }
  headers['content-type'] = 'application/json';
  res.writeHead(reply.status, headers).end(JSON.stringify(reply.body));
}

/** A random id part: `rid(14)` → "3fk29dk20vmq1x". */
export function rid(length: number, alphabet = '0123456789abcdefghijklmnopqrstuvwxyz'): string {
  let s = '';
  for (let i = 0; i < length; i++) s += alphabet[Math.floor(Math.random() * alphabet.length)];
  return s;
}
