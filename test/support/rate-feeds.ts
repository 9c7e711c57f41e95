import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Today as the feeds write it (YYYY-MM-DD, UTC). */
export const today = () => new Date().toISOString().slice(0, 10);

/** An ECB daily reference rates document (`eurofxref-daily.xml`) as the ECB serves it. */
export function ecbDocument(date: string, rates: Record<string, string>): string {
  const cubes = Object.entries(rates)
    .map(([c, r]) => `\t\t\t<Cube currency='${c}' rate='${r}'/>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
\t\t<Cube time='${date}'>
${cubes}
\t\t</Cube>
\t</Cube>
</gesmes:Envelope>
`;
}

/** The JSON rate service's answer (Frankfurter's shape). */
export const jsonDocument = (date: string, rates: Record<string, number>, base = 'EUR') => JSON.stringify({ amount: 1.0, base, date, rates });

type FeedMode = 'ok' | 'error' | 'timeout' | 'garbage';

/**
 * A rate feed on a local port: `mode` says how it answers the next requests (a good document, a
 * 503, no answer at all, or `garbage`: the body set in `garbageBody`).
 */
export class FeedServer {
  mode: FeedMode = 'ok';
  body = '';
  contentType = 'application/xml';
  garbageBody = '';
  requests = 0;
  private readonly server: http.Server;
  private readonly hanging = new Set<http.ServerResponse>();

  constructor() {
    this.server = http.createServer((_req, res) => {
      this.requests++;
      if (this.mode === 'timeout') {
        this.hanging.add(res);
        return;
      }
      if (this.mode === 'error') {
        res.writeHead(503, { 'content-type': 'text/html' }).end('<html><body>Service Unavailable</body></html>');
        return;
      }
      res.writeHead(200, { 'content-type': this.contentType }).end(this.mode === 'garbage' ? this.garbageBody : this.body);
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  url(path: string): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
