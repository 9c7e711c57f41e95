import { safeEqual, standardSignature, svcSignature } from './services/signing';

/**
 * Verifies a webhook as a receiver: the signature over the raw body (either header scheme) with
 * the endpoint's secret, and a timestamp no older (or newer) than `toleranceSeconds` (default
 * 300), which stops replays of a captured request. Throws WebhookVerificationError when anything
 * is off; answers the parsed payload.
 *
 * ```ts
 * import { verifyWebhook } from '@svc/webhooks/verify';
 * app.post('/hooks', express.raw({ type: 'application/json' }), (req, res) => {
 *   const event = verifyWebhook(process.env.WEBHOOK_SECRET!, req.headers, req.body.toString('utf8'));
 *   …
 * });
 * ```
 */
export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

export interface VerifyOptions {
  toleranceSeconds?: number;
  /** the current time in unix seconds (tests) */
  now?: number;
}

type Headers = Record<string, string | string[] | undefined> | { get(name: string): string | null };

function header(headers: Headers, name: string): string | undefined {
  if (typeof (headers as { get?: unknown }).get === 'function') return (headers as { get(n: string): string | null }).get(name) ?? undefined;
  const h = headers as Record<string, string | string[] | undefined>;
  const v = h[name] ?? h[Object.keys(h).find((k) => k.toLowerCase() === name) ?? ''];
  return Array.isArray(v) ? v[0] : v;
}

export function verifyWebhook<T = unknown>(secret: string, headers: Headers, rawBody: string, o: VerifyOptions = {}): T {
  const tolerance = o.toleranceSeconds ?? 300;
  const now = o.now ?? Math.floor(Date.now() / 1000);
  const fresh = (t: number) => {
    if (!Number.isInteger(t)) throw new WebhookVerificationError('The timestamp is missing or not a number');
    if (Math.abs(now - t) > tolerance) throw new WebhookVerificationError(`The timestamp is more than ${tolerance} s away from now`);
  };
  const svc = header(headers, 'x-svc-signature');
  const id = header(headers, 'webhook-id');
  const ts = header(headers, 'webhook-timestamp');
  const sig = header(headers, 'webhook-signature');
  if (svc) {
    const parts = svc.split(',').map((p) => p.trim());
    const t = Number(parts.find((p) => p.startsWith('t='))?.slice(2));
    fresh(t);
    const want = svcSignature(secret, t, rawBody);
    if (!parts.some((p) => p.startsWith('v1=') && safeEqual(p.slice(3), want))) throw new WebhookVerificationError('No signature matches');
  } else if (id && ts && sig) {
    const t = Number(ts);
    fresh(t);
    const want = standardSignature(secret, id, t, rawBody);
    if (!sig.split(' ').some((p) => p.startsWith('v1,') && safeEqual(p.slice(3), want))) throw new WebhookVerificationError('No signature matches');
  } else {
    throw new WebhookVerificationError('The request carries no webhook signature');
  }
  try {
    return JSON.parse(rawBody) as T;
  } catch {
    throw new WebhookVerificationError('The body is not JSON');
  }
}
