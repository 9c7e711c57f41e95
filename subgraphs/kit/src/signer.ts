import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-SHA256 signatures under a key derived (HKDF) from a platform secret for one purpose, so
 * a signature made for one use (an unsubscribe link) is worthless for another (a redirect). The
 * signed parts are length-prefixed: no two lists of parts sign the same bytes.
 */
export class Signer {
  private readonly key: Buffer;

  constructor(secret: string, purpose: string) {
    if (!secret) throw new Error('Signer needs a secret');
    this.key = Buffer.from(hkdfSync('sha256', secret, 'svc-signer', purpose, 32));
  }

  /** base64url signature (43 characters) of `parts` */
  sign(...parts: string[]): string {
    const h = createHmac('sha256', this.key);
    for (const p of parts) h.update(`${Buffer.byteLength(p)}:${p};`);
    return h.digest('base64url');
  }

  /** whether `signature` is the signature of `parts` (constant time) */
  verify(signature: string, ...parts: string[]): boolean {
    const want = Buffer.from(this.sign(...parts));
    const got = Buffer.from(signature ?? '');
    return got.length === want.length && timingSafeEqual(got, want);
  }

  /** a keyed hash (hex) of a value that must be comparable but not readable, such as an IP address */
  hashHex(value: string): string {
    return createHmac('sha256', this.key).update(value).digest('hex');
  }
}
