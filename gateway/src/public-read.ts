import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';

/** The cache headers of a public read, REST or GraphQL: anyone may keep it, revalidated by ETag. */
export const PUBLIC_READ = 'public, max-age=0, must-revalidate';

/** What a public read's answer depends on besides the URL (CORS adds Origin). */
const PUBLIC_READ_VARY = ['x-publishable-api-key', 'x-medusa-locale', 'accept-language', 'accept-encoding'];

/** The weak ETag of a public read's bytes, as they are sent (REST and `/graphql` alike). */
export const publicReadEtag = (bytes: Buffer | string): string => `W/"${createHash('sha1').update(bytes).digest('base64url')}"`;

/**
 * Marks the answer as a public read and sends its bytes with their weak ETag (`etag`, when the
 * caller has it already), or 304 when the client's `If-None-Match` already names that ETag.
 */
export function sendPublicRead(
  req: Request,
  res: Response,
  bytes: Buffer | string,
  send: (b: Buffer | string) => unknown,
  etag: string = publicReadEtag(bytes),
): void {
  res.setHeader('cache-control', PUBLIC_READ);
  // appended to what is there: the answer depends on the store and the locale asked for
  for (const h of PUBLIC_READ_VARY) res.vary(h);
  res.setHeader('etag', etag);
  const match = req.headers['if-none-match'];
  if (match && match.split(',').some((t) => t.trim() === etag || t.trim() === '*')) {
    res.status(304).end();
    return;
  }
  send(bytes);
}
