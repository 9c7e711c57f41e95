/**
 * The static ceiling of `npm run bench`: a bare Node HTTP server that answers each path with bytes
 * held in memory (the very bytes and headers the platform answered for it), nothing else. What the
 * platform's cached reads are compared with: the machine's limit for sending those bytes over HTTP.
 *
 * Reads `BENCH_CEILING_FILE`: `{ "<path and query>": { "body": "<base64>", "headers": {…} } }`;
 * prints `{"ready":true,"url":...}` on stdout, serves on 127.0.0.1 until SIGTERM/SIGINT/parent gone.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface Answer {
  body: Buffer;
  headers: Record<string, string>;
}

function main(): void {
  const file = process.env.BENCH_CEILING_FILE;
  if (!file) throw new Error('BENCH_CEILING_FILE is not set');
  const given = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, { body: string; headers: Record<string, string> }>;
  const answers = new Map<string, Answer>();
  for (const [p, a] of Object.entries(given)) {
    const body = Buffer.from(a.body, 'base64');
    answers.set(p, { body, headers: { ...a.headers, 'content-length': String(body.length) } });
  }
  const server = http.createServer((req, res) => {
    const a = answers.get(req.url ?? '');
    if (!a) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, a.headers).end(a.body);
  });
  server.keepAliveTimeout = 65_000;
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    process.stdout.write(`${JSON.stringify({ ready: true, url: `http://127.0.0.1:${port}` })}\n`);
  });
  const stop = () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.on('disconnect', stop);
}

main();
