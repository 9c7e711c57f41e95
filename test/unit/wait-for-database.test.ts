import net from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { waitForDatabase } from '@svc/kit/db';

/**
 * A process of the scale-out layout waits for an external DATABASE_URL that refuses, drops or is
 * full (it starts beside the database, while other processes hold connections), and fails at once,
 * with PostgreSQL's reason, when waiting cannot help (wrong password, missing database).
 */
describe('waitForDatabase', () => {
  const server = new URL(process.env.TEST_PG_SERVER_URL!);
  const socketDir = decodeURIComponent(server.hostname);
  const pgSocket = `${socketDir}/.s.PGSQL.${server.port}`;
  const withDb = (db: string, user = server.username, password = server.password) => {
    const u = new URL(server.toString());
    u.username = user;
    u.password = password;
    u.pathname = `/${db}`;
    return u.toString();
  };
  /** a logger whose records are kept */
  const recording = () => {
    const records: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        records.push(JSON.parse(chunk.toString()));
        done();
      },
    });
    return { log: pino({ level: 'warn' }, sink), records };
  };
  /** a TCP front of the test server that drops its first `drops` connections, then forwards */
  const flakyFront = async (drops: number) => {
    let seen = 0;
    const srv = net.createServer((client) => {
      if (seen++ < drops) return client.destroy();
      const upstream = net.connect({ path: pgSocket });
      client.pipe(upstream).pipe(client);
      const close = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on('error', close).on('close', close);
      upstream.on('error', close).on('close', close);
    });
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    const port = (srv.address() as net.AddressInfo).port;
    const url = new URL(withDb('postgres'));
    url.hostname = '127.0.0.1';
    url.port = String(port);
    return { url: url.toString(), attempts: () => seen, close: () => new Promise<void>((r) => srv.close(() => r())) };
  };

  it('answers once the server takes connections, after logging each refused attempt with its reason', async () => {
    const front = await flakyFront(2);
    const { log, records } = recording();
    try {
      await waitForDatabase(front.url, log, 30_000);
      expect(front.attempts()).toBeGreaterThanOrEqual(3);
      const warnings = records.filter((r) => r.msg === 'database not reachable yet; retrying');
      expect(warnings.map((w) => w.attempt)).toEqual([1, 2]);
      for (const w of warnings) expect(typeof w.reason).toBe('string');
    } finally {
      await front.close();
    }
  });

  it('gives up after the wait with the last reason, the password left out', async () => {
    const front = await flakyFront(Number.MAX_SAFE_INTEGER);
    const { log } = recording();
    try {
      const err = await waitForDatabase(front.url, log, 400).catch((e: Error) => e);
      expect(err).toBeInstanceOf(Error);
      expect((err as Error).message).toMatch(/^Cannot connect to DATABASE_URL \(postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/postgres\): .+/);
      expect((err as Error).message).not.toContain(`:${server.password}@`);
    } finally {
      await front.close();
    }
  });

  it.each([
    ['a wrong password', () => withDb('postgres', server.username, 'not-the-password'), /password authentication failed.*\(28P01\)/],
    ['a database that does not exist', () => withDb('no_such_database_here'), /does not exist.*\(3D000\)/],
  ])('fails at once on %s, without retrying', async (_what, url, reason) => {
    const { log, records } = recording();
    const err = await waitForDatabase(url(), log, 60_000).catch((e: Error) => e);
    expect((err as Error).message).toMatch(reason);
    expect(records).toEqual([]);
  });
});
