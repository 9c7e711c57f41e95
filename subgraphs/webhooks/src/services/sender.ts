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

/**
 * POSTs a body with node's http/https, connecting to the address the guard checked (a `lookup`
 * that answers only that address: the name is not resolved a second time, so DNS rebinding cannot
 * swap in another address; TLS still verifies the certificate against the host name). Redirects
 * are not followed. The whole exchange is limited to `timeoutMs`; at most 1 KiB of the answer is
 * kept.
 */
export function send(
  url: URL,
  headers: Record<string, string>,
  body: string,
  target: TargetCheck,
  timeoutMs: number,
  signal?: AbortSignal,
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
    const finish = (r: Omit<SendResult, 'durationMs'>) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve({ ...r, durationMs: Date.now() - started });
    };
    const req = mod.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'svc-webhooks/1' },
        lookup,
        agent: false,
      },
      (res) => {
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
    );
    const timer = setTimeout(() => {
      req.destroy();
      finish({ status: null, snippet: null, retryAfter: null, error: `timed out after ${timeoutMs} ms` });
    }, timeoutMs);
    const onAbort = () => {
      req.destroy();
      finish({ status: null, snippet: null, retryAfter: null, error: 'aborted: the worker stopped' });
    };
    signal?.addEventListener('abort', onAbort);
    req.on('error', (err: NodeJS.ErrnoException) =>
      finish({ status: null, snippet: null, retryAfter: null, error: err.code ? `${err.code}: ${err.message}` : err.message }),
    );
    req.end(body);
  });
}
