import { z } from 'zod';

/** The token of an export's download link. */
export const dataExportTokenSchema = z
  .string({ message: 'token must be a string' })
  .min(10)
  .max(200)
  .regex(/^dlx_[A-Za-z0-9_-]+$/, 'token is not a download token');
