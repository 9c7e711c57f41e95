import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../settings';
import { assertSafeKey, type MediaStorage } from './storage';

/**
 * Objects in an S3-compatible bucket (AWS S3, MinIO, R2, …), signed with Signature Version 4 by
 * the AWS SDK. Public URLs are `S3_PUBLIC_URL/<key>` (a CDN or the bucket's public address).
 * Checksums are sent only when an operation requires them: several S3-compatible stores refuse
 * the SDK's default trailing checksums.
 */
export class S3MediaStorage implements MediaStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly cfg: S3StorageConfig) {
    this.client = new S3Client({
      region: cfg.region,
      endpoint: cfg.endpoint,
      forcePathStyle: cfg.forcePathStyle,
      credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new PutObjectCommand({ Bucket: this.cfg.bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }));
  }

  async get(key: string): Promise<Buffer | null> {
    assertSafeKey(key);
    try {
      const r = await this.client.send(new GetObjectCommand({ Bucket: this.cfg.bucket, Key: key }));
      return Buffer.from(await r.Body!.transformToByteArray());
    } catch (err) {
      if (err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.cfg.bucket, Key: key }));
  }

  urlFor(key: string): string {
    return `${this.cfg.publicUrl}/${key}`;
  }

  close(): void {
    this.client.destroy();
  }
}
