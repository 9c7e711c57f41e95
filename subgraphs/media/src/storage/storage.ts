/**
 * Where media files are kept. One interface, two adapters: local disk (default, served by the
 * platform at `/static`) and any S3-compatible object store (`MEDIA_STORAGE=s3`).
 * Keys look like `media/<tenant_id>/<file>`; they never come from clients.
 */
export interface MediaStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** the stored bytes, or null when there is no such object */
  get(key: string): Promise<Buffer | null>;
  /** removes the object (no error when it is already gone) */
  delete(key: string): Promise<void>;
  /** absolute public URL of the object */
  urlFor(key: string): string;
}

/** A key is ours when it is made only of safe path segments (no `..`, no absolute paths). */
export function assertSafeKey(key: string): void {
  if (!/^media\/[A-Za-z0-9_-]+\/[A-Za-z0-9_.-]+$/.test(key) || key.includes('..')) throw new Error(`unsafe media key ${key}`);
}
