import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signatures. A secret is `whsec_<base64 of 24 random bytes>` (the Standard Webhooks
 * format). Every delivery carries two signatures of the same raw body:
 * - `x-svc-signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`, keyed with
 *   the whole secret string as UTF-8 (Stripe's recipe);
 * - Standard Webhooks: `webhook-id`, `webhook-timestamp`, `webhook-signature:
 *   v1,<base64 HMAC-SHA256(base64-decoded secret, "<id>.<t>.<body>")>`, so the `standardwebhooks`
 *   libraries verify it unchanged.
 * While a rotated secret is still valid, both carry one signature per secret (`v1=` twice in
 * x-svc-signature, space-separated `v1,` entries in webhook-signature), the new one first.
 */
const SECRET_PREFIX = 'whsec_';

export function newSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

/** The key bytes of a secret for Standard Webhooks (the base64 after `whsec_`). */
export function standardKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
}

export const svcSignature = (secret: string, t: number, body: string) => createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

export const standardSignature = (secret: string, id: string, t: number, body: string) =>
  createHmac('sha256', standardKey(secret)).update(`${id}.${t}.${body}`).digest('base64');

/** The signature headers of one delivery attempt, signed with every current secret. */
export function signatureHeaders(secrets: string[], id: string, t: number, body: string): Record<string, string> {
  return {
    'x-svc-signature': [`t=${t}`, ...secrets.map((s) => `v1=${svcSignature(s, t, body)}`)].join(','),
    'webhook-id': id,
    'webhook-timestamp': String(t),
    'webhook-signature': secrets.map((s) => `v1,${standardSignature(s, id, t, body)}`).join(' '),
  };
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
