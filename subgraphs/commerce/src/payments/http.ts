import { createHash } from 'node:crypto';
import { InvalidAmountError } from './money';
import { PaymentProviderUnavailable, type ProviderResult } from './provider';

/**
 * The one HTTP client of the provider adapters: global `fetch`, a per-attempt timeout through
 * `AbortController`, and a bounded retry of attempts that are safe to repeat.
 *
 * Retries: only requests that are idempotent at the provider (GET, or a POST carrying the
 * provider's idempotency key, which the caller re-sends unchanged) are retried, and only after a
 * network error (refused, reset, closed socket) or a retryable status (409, 429, 5xx, unless the
 * caller says otherwise). At most `RETRY_DELAYS_MS.length` retries with a short backoff. A timeout
 * is not retried: the provider is slow, and the shopper should get an answer within the
 * configured time, not a multiple of it.
 */
const RETRY_DELAYS_MS = [100, 300];

interface HttpRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** safe to send again (GET, or a POST with an idempotency key) */
  retryable: boolean;
  /** whether this response may be retried (default: 409, 429 and 5xx) */
  shouldRetry?: (res: HttpResponse) => boolean;
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  /** parsed JSON, or undefined for an empty body */
  json: unknown;
}

interface HttpClientOptions {
  providerId: string;
  /** provider name for messages ("Stripe") */
  name: string;
  timeoutMs: number;
  /** test hook: the delays between attempts */
  retryDelaysMs?: number[];
}

const defaultShouldRetry = (res: HttpResponse): boolean => res.status === 409 || res.status === 429 || res.status >= 500;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class ProviderHttp {
  constructor(readonly opts: HttpClientOptions) {}

  unavailable(message: string, cause?: unknown): PaymentProviderUnavailable {
    return new PaymentProviderUnavailable(this.opts.providerId, `${this.opts.name}: ${message}`, cause);
  }

  /**
   * Sends the request (retrying as described above) and returns the last response, whatever its
   * status; throws `PaymentProviderUnavailable` when no parsable response arrived.
   */
  async send(req: HttpRequest): Promise<HttpResponse> {
    const delays = req.retryable ? (this.opts.retryDelaysMs ?? RETRY_DELAYS_MS) : [];
    const shouldRetry = req.shouldRetry ?? defaultShouldRetry;
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= delays.length;
      let res: HttpResponse;
      try {
        res = await this.attempt(req);
      } catch (err) {
        if (err instanceof Timeout || last) throw this.unavailable(describe(err, this.opts.timeoutMs), err);
        await sleep(delays[attempt]);
        continue;
      }
      if (last || !shouldRetry(res)) return res;
      await sleep(delays[attempt]);
    }
  }

  private async attempt(req: HttpRequest): Promise<HttpResponse> {
    const ac = new AbortController();
    const timer = setTimeout(() => ac.abort(new Timeout()), this.opts.timeoutMs);
    try {
      const r = await fetch(req.url, { method: req.method, headers: req.headers, body: req.body, signal: ac.signal });
      const text = await r.text();
      let json: unknown;
      if (text.trim() !== '') {
        try {
          json = JSON.parse(text);
        } catch (err) {
          // a proxy's HTML error page and the like: not the provider's API answering
          throw new NotJson(r.status, err);
        }
      }
      return { status: r.status, headers: r.headers, json };
    } catch (err) {
      if (ac.signal.aborted) throw ac.signal.reason instanceof Timeout ? ac.signal.reason : new Timeout();
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }
}

class Timeout extends Error {
  constructor() {
    super('timed out');
  }
}

class NotJson extends Error {
  constructor(
    readonly status: number,
    cause: unknown,
  ) {
    super(`answered HTTP ${status} with a body that is not JSON`, { cause });
  }
}

function describe(err: unknown, timeoutMs: number): string {
  if (err instanceof Timeout) return `no answer within ${timeoutMs} ms`;
  if (err instanceof NotJson) return err.message;
  const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
  return `unreachable (${cause?.code ?? cause?.message ?? (err as Error)?.message ?? String(err)})`;
}

/**
 * The idempotency key of one operation, derived from the context's key: the same operation on the
 * same attempt gets the same key (a retry is replayed), another operation a different one (the
 * provider refuses a key reused for other parameters). Hashed when too long for the provider.
 */
export function operationKey(base: string, operation: string, maxLength: number): string {
  const key = `${base}:${operation}`;
  if (key.length <= maxLength) return key;
  return `h-${createHash('sha256').update(key).digest('base64url')}`.slice(0, maxLength);
}

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** An amount the currency (or the provider) cannot express is refused with a message, never rounded. */
export async function amountGuard(data: Record<string, unknown>, fn: () => Promise<ProviderResult>): Promise<ProviderResult> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof InvalidAmountError) return { status: 'error', data, message: `The amount cannot be charged: ${err.message}.` };
    throw err;
  }
}
