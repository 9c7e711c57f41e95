import fs from 'node:fs';
import path from 'node:path';
import express, { type Express, type Response } from 'express';
import { Errors } from '@svc/kit';

/** Where the admin console's build lands (`admin/dist`, built by `npm start` when missing or stale). */
const CONSOLE_DIR = path.join(__dirname, '..', '..', 'admin', 'dist');

/**
 * The console's policy: its own scripts only (no inline script, nothing from elsewhere); styles
 * inline too (the component library sets CSS variables in a style element and in style attributes);
 * images from this origin, data and blob URLs (previews) and http(s) (product images elsewhere, or at the PUBLIC_URL host); audio
 * (voiceovers) from wherever media is stored, like images; API calls to this origin only.
 */
const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: http: https:",
  "media-src 'self' blob: http: https:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Serves the console at /app: hashed assets (`/app/assets/…`) for a year, immutable; every other
 * path under /app answers index.html (the single-page app routes itself), never cached, so a new
 * build is picked up on the next visit. Without a build: 503 naming the command.
 */
export function mountConsole(app: Express, dir = CONSOLE_DIR): void {
  const headers = (res: Response) => {
    res.setHeader('content-security-policy', CONSOLE_CSP);
    res.setHeader('x-frame-options', 'DENY');
  };
  app.use(
    '/app/assets',
    express.static(path.join(dir, 'assets'), {
      index: false,
      dotfiles: 'deny',
      immutable: true,
      maxAge: '365d',
      setHeaders: (res) => headers(res as Response),
    }),
  );
  // a missing asset is a 404, never the page
  app.use('/app/assets', (_req, res) => void res.status(404).json(Errors.notFound('File').toBody()));
  app.get(['/app', '/app/{*rest}'], (_req, res) => {
    const index = path.join(dir, 'index.html');
    if (!fs.existsSync(index)) {
      res
        .status(503)
        .json({ type: 'api_error', code: 'console_not_built', message: 'The console is not built: npm start builds it, or run npm run build -w admin' });
      return;
    }
    headers(res);
    res.setHeader('cache-control', 'no-cache');
    res.sendFile(index);
  });
}
