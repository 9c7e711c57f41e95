import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Credentials a tenant hands the platform (an identity provider's client secret, a signing key)
 * are kept encrypted in the database: AES-256-GCM under a key derived (HKDF-SHA256) from the
 * platform's `secretsKey`. A sealed value reads `v1.<iv>.<tag>.<ciphertext>` (base64url), and the
 * purpose is bound as associated data, so a value sealed for one column cannot be replayed into
 * another.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secret: string) {
    if (!secret) throw new Error('SecretBox needs a key');
    this.key = Buffer.from(hkdfSync('sha256', secret, 'svc-secret-box', 'aes-256-gcm v1', 32));
  }

  seal(plain: string, purpose: string): string {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: 16 });
    c.setAAD(Buffer.from(purpose));
    const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
    return ['v1', iv.toString('base64url'), c.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }

  /** The plain value; throws when the value was sealed under another key or purpose, or was altered. */
  open(sealed: string, purpose: string): string {
    const [v, iv, tag, body] = sealed.split('.');
    if (v !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed value');
    const tagBytes = Buffer.from(tag, 'base64url');
    if (tagBytes.length !== 16) throw new Error('not a sealed value');
    const d = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'), { authTagLength: 16 });
    d.setAAD(Buffer.from(purpose));
    d.setAuthTag(tagBytes);
    return Buffer.concat([d.update(Buffer.from(body, 'base64url')), d.final()]).toString('utf8');
  }
}
