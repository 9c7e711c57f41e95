import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { TargetCheck } from './guard';

/** What one POST answered (or why it did not). */
export interface SendResult {
  status: number | null;
  durationMs: number;
  /** the first bytes of the answer, as text */
  snippet: string | null;
  retryAfter: string | null;
  error: string | null;
}

const SNIPPET_BYTES = 1024;

/** How long an idle kept-alive connection stays open (below the 5 s most servers keep one). */
const IDLE_MS = 4000;
/** Connection pools kept at once (one per checked address; the least recently used one goes). */
const MAX_POOLS = 256;

/**
 * Kept-alive connections for webhook requests, pooled per checked address: a connection is only
 * reused for a request whose target check pinned the same address (or, unpinned, for allow-listed
 * names and exempted endpoints), so a pooled connection never carries a request past its check.
 * Idle connections close after 4 s (or the receiver's `Keep-Alive: timeout`, when shorter).
 */
export class SenderPool {
  private readonly agents = new Map<string, http.Agent>();

  agentFor(url: URL, target: TargetCheck): http.Agent {
    const key = `${url.protocol}|${target.pinned ? `${target.pinned.family}/${target.pinned.address}` : '-'}`;
    let agent = this.agents.get(key);
    if (agent) {
      this.agents.delete(key); // most recently used last
    } else {
      const o = { keepAlive: true, keepAliveMsecs: 1000, maxSockets: Infinity, maxFreeSockets: 64, timeout: IDLE_MS, scheduling: 'lifo' as const };
      agent = url.protocol === 'https:' ? new https.Agent(o) : new http.Agent(o);
      if (this.agents.size >= MAX_POOLS) {
        const [oldest, old] = this.agents.entries().next().value as [string, http.Agent];
        this.agents.delete(oldest);
        old.destroy();
      }
    }
    this.agents.set(key, agent);
    return agent;
  }

  /** Closes every pooled connection (requests in flight are aborted by their own signal). */
  close(): void {
    for (const a of this.agents.values()) a.destroy();
    this.agents.clear();
  }
}

/**
 * POSTs a body with node's http/https, connecting to the address the guard checked (a `lookup`
 * that answers only that address: the name is not resolved a second time, so DNS rebinding cannot
 * swap in another address; TLS still verifies the certificate against the host name). Redirects
 * are not followed. The whole exchange is limited to `timeoutMs`; at most 1 KiB of the answer is
 * kept. With a `pool` the connection is kept alive for the next request to the same checked
 * address; a kept connection the receiver closed before answering is retried once on a new one.
 */
export function send(
  url: URL,
  headers: Record<string, string>,
  body: string,
  target: TargetCheck,
  timeoutMs: number,
  signal?: AbortSignal,
  pool?: SenderPool,
): Promise<SendResult> {
  const started = Date.now();
  const pinned = target.pinned;
  const lookup: LookupFunction | undefined = pinned
    ? (_host, opts, cb) => {
        if ((opts as { all?: boolean }).all) (cb as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [pinned]);
        else cb(null, pinned.address, pinned.family);
      }
    : undefined;
  const mod = url.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    let done = false;
    let req: http.ClientRequest | undefined;
    const finish = (r: Omit<SendResult, 'durationMs'>) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve({ ...r, durationMs: Date.now() - started });
    };
    const attempt = (mayRetry: boolean) => {
      let answered = false;
      const r = (req = mod.request(
        url,
        {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'svc-webhooks/1' },
          lookup,
          agent: pool ? pool.agentFor(url, target) : false,
        },
        (res) => {
          answered = true;
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (c: Buffer) => {
            if (size < SNIPPET_BYTES) chunks.push(c);
            size += c.length;
            if (size > 64 * 1024) res.destroy(); // enough: the rest is not read
          });
          const end = () =>
            finish({
              status: res.statusCode ?? null,
              snippet: Buffer.concat(chunks).subarray(0, SNIPPET_BYTES).toString('utf8'),
              retryAfter: (res.headers['retry-after'] as string | undefined) ?? null,
              error: null,
            });
          res.on('end', end);
          res.on('close', end);
          res.on('error', end);
        },
      ));
      r.on('error', (err: NodeJS.ErrnoException) => {
        // a kept connection the receiver closed while it was idle (the race every keep-alive client
        // has): once more on a new connection; delivery is at least once anyway
        if (mayRetry && !answered && !done && r.reusedSocket && (err.code === 'ECONNRESET' || err.code === 'EPIPE')) return attempt(false);
        finish({ status: null, snippet: null, retryAfter: null, error: err.code ? `${err.code}: ${err.message}` : err.message });
      });
      r.end(body);
    };
    const timer = setTimeout(() => {
      req?.destroy();
      finish({ status: null, snippet: null, retryAfter: null, error: `timed out after ${timeoutMs} ms` });
    }, timeoutMs);
    const onAbort = () => {
      req?.destroy();
      finish({ status: null, snippet: null, retryAfter: null, error: 'aborted: the worker stopped' });
    };
    signal?.addEventListener('abort', onAbort);
    attempt(true);
  });
}
