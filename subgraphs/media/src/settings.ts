import { z } from 'zod';
import { ConfigError, defineSettings, envFlag } from '@svc/kit';

/** S3-compatible storage of media (MEDIA_STORAGE=s3). */
export interface S3StorageConfig {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  publicUrl: string;
  forcePathStyle: boolean;
}

/** Where uploaded media is stored: local disk (default) or an S3-compatible bucket. */
export type MediaSettings = { storage: 'local' } | { storage: 's3'; s3: S3StorageConfig };

/** S3 settings MEDIA_STORAGE=s3 cannot do without (S3_ENDPOINT is optional: AWS itself when absent) */
const S3_REQUIRED = ['S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const;

/** media's settings (the manifest's `settings`): the storage of uploaded files. */
export const mediaSettings = defineSettings(
  {
    MEDIA_STORAGE: z
      .enum(['local', 's3'])
      .default('local')
      .describe('where uploaded media is stored: `local` (under `<DATA_DIR>/static/media`) or `s3` (any S3-compatible store; the `S3_*` settings)'),
    S3_ENDPOINT: z.string().url().optional().describe('S3 endpoint (MinIO, R2, …); unset: AWS itself'),
    S3_REGION: z.string().min(1).optional().describe('S3 region (required with `MEDIA_STORAGE=s3`)'),
    S3_BUCKET: z.string().min(1).optional().describe('S3 bucket (required with `MEDIA_STORAGE=s3`)'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional().describe('S3 access key id (required with `MEDIA_STORAGE=s3`)'),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional().describe('S3 secret access key (required with `MEDIA_STORAGE=s3`)'),
    S3_PUBLIC_URL: z
      .string()
      .url()
      .optional()
      .describe("base of the public URLs of stored objects: a CDN or the bucket's public address (required with `MEDIA_STORAGE=s3`)"),
    S3_FORCE_PATH_STYLE: envFlag.default(false).describe('path-style bucket URLs (MinIO and most self-hosted stores)'),
  },
  (e): MediaSettings => {
    if (e.MEDIA_STORAGE === 'local') return { storage: 'local' };
    const lacking = S3_REQUIRED.filter((n) => !e[n]);
    if (lacking.length) throw new ConfigError(`MEDIA_STORAGE=s3 needs ${lacking.join(', ')}`);
    return {
      storage: 's3',
      s3: {
        endpoint: e.S3_ENDPOINT,
        region: e.S3_REGION!,
        bucket: e.S3_BUCKET!,
        accessKeyId: e.S3_ACCESS_KEY_ID!,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
        publicUrl: e.S3_PUBLIC_URL!.replace(/\/+$/, ''),
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
      },
    };
  },
);
