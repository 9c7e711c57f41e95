/**
 * The shared test platform: a default `startTestPlatform()` in a process of its own, started once
 * per jest worker by `sharedPlatform()` (shared.ts) and used by every suite of that worker that
 * needs nothing but a default platform. Beside the platform it listens on a control port (loopback,
 * a secret header) for what a suite otherwise does in process: create a tenant, seed the demo
 * catalog and checkout setup into one.
 *
 * It prints one JSON line (`{ url, controlUrl, dbUrl, secrets }`) once ready, and stops (dropping its
 * database) on SIGTERM/SIGINT, or by itself once the jest worker that started it is gone.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestPlatform } from './platform';

async function main(): Promise<void> {
  const secret = process.env.SHARED_PLATFORM_SECRET;
  const parent = Number(process.env.SHARED_PLATFORM_PARENT);
  if (!secret || !parent) throw new Error('SHARED_PLATFORM_SECRET and SHARED_PLATFORM_PARENT are set by test/support/shared.ts');
  // X-Forwarded-For from loopback names the client: each suite has an address of its own (shared.ts)
  const p = await startTestPlatform({ env: { TRUSTED_PROXIES: 'loopback' } });
  const actions: Record<string, (a: Record<string, string | undefined>) => Promise<unknown>> = {
    '/tenant': (a) => p.createTenant(a.name),
    '/seed-catalog': async (a) => p.seedCatalog(String(a.tenantId)),
    '/seed-commerce': async (a) => p.seedCommerce(String(a.tenantId)),
    '/seed-domain': async (a) => p.seedDomain(String(a.domain), String(a.tenantId)),
    '/mails': async (a) => p.mailsTo(String(a.to)),
  };
  const control = http.createServer((req, res) => {
    const action = actions[req.url ?? ''];
    if (req.method !== 'POST' || !action || req.headers['x-shared-platform-secret'] !== secret) {
      res.writeHead(404).end();
      return;
    }
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      action(body ? (JSON.parse(body) as Record<string, string>) : {}).then(
        (out) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ out: out ?? null })),
        (err: unknown) => res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: String((err as Error)?.stack ?? err) })),
      );
    });
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      control.closeAllConnections();
      control.close();
      await p.stop().catch(() => undefined);
      process.exit(0);
    })());
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  // the jest worker that started it is gone (ended, crashed or killed): stop too
  setInterval(() => {
    try {
      process.kill(parent, 0);
    } catch {
      void stop();
    }
  }, 1000).unref();
  const { port } = control.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ url: p.url, controlUrl: `http://127.0.0.1:${port}`, dbUrl: p.dbUrl, secrets: p.secrets })}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`shared test platform failed to start: ${String((err as Error)?.stack ?? err)}\n`);
  process.exit(1);
});
