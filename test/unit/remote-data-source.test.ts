import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { SignedRemoteDataSource } from '@svc/gateway';

/**
 * The scale-out layout's calls between processes: a peer that is not listening (starting, or
 * stopping in a rolling restart) is retried while it refuses, and a peer that stays away answers a
 * typed 503 error (`service_unavailable`/`domain_unavailable`), not an untyped internal error.
 */
describe('a remote domain that is not listening', () => {
  const original = { pause: SignedRemoteDataSource.pause, retries: SignedRemoteDataSource.refusedRetryMs };
  afterEach(() => {
    SignedRemoteDataSource.pause = original.pause;
    SignedRemoteDataSource.refusedRetryMs = original.retries;
  });

  const freePort = async (): Promise<number> => {
    const s = http.createServer();
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    const { port } = s.address() as AddressInfo;
    await new Promise((r) => s.close(r));
    return port;
  };
  const answering = (port: number, seen: string[]) => {
    const s = http.createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        seen.push(body);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ data: { ping: 'pong' } }));
      });
    });
    return new Promise<http.Server>((r) => s.listen(port, '127.0.0.1', () => r(s)));
  };
  const logged: { level: number; msg: string }[] = [];
  const log = pino({ level: 'debug' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
  const call = (ds: SignedRemoteDataSource) =>
    ds.process({
      kind: 'incoming operation',
      incomingRequestContext: {},
      request: { query: '{ ping }', http: { method: 'POST', url: '', headers: new Map() } },
      context: { requestId: 'r1', log, actor: { type: 'anonymous' }, roles: [], tenantId: null },
    } as never);

  it('retries a refused connection and answers once the peer listens', async () => {
    const port = await freePort();
    const seen: string[] = [];
    let server: http.Server | undefined;
    const pauses: number[] = [];
    // the peer comes up during the first pause, as a starting process does
    SignedRemoteDataSource.pause = async (ms) => {
      pauses.push(ms);
      server ??= await answering(port, seen);
    };
    try {
      const result = await call(new SignedRemoteDataSource(`http://127.0.0.1:${port}/graphql`, 'secret', 'catalog'));
      expect(result.errors).toBeUndefined();
      expect(result.data).toEqual({ ping: 'pong' });
      expect(pauses).toEqual([100]);
      expect(seen).toHaveLength(1);
    } finally {
      await new Promise((r) => server?.close(r));
    }
  });

  it('answers a typed service_unavailable error when the peer keeps refusing, logged as a warning', async () => {
    const port = await freePort();
    const pauses: number[] = [];
    SignedRemoteDataSource.pause = async (ms) => void pauses.push(ms);
    logged.length = 0;
    const result = await call(new SignedRemoteDataSource(`http://127.0.0.1:${port}/graphql`, 'secret', 'catalog'));
    expect(pauses).toEqual([100, 400]);
    expect(result.errors).toHaveLength(1);
    const [err] = result.errors!;
    expect(err.extensions).toMatchObject({ type: 'service_unavailable', code: 'domain_unavailable' });
    expect(err.message).toContain('catalog');
    expect(logged.filter((l) => l.level >= 50)).toEqual([]);
    expect(logged.some((l) => l.level === 40 && l.msg === 'peer domain unavailable')).toBe(true);
  });

  it('does not retry a connection cut off after the request went out (a mutation may have run)', async () => {
    const port = await freePort();
    let requests = 0;
    const server = http.createServer((req) => {
      requests += 1;
      req.socket.destroy();
    });
    await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
    const pauses: number[] = [];
    SignedRemoteDataSource.pause = async (ms) => void pauses.push(ms);
    try {
      const result = await call(new SignedRemoteDataSource(`http://127.0.0.1:${port}/graphql`, 'secret', 'orders'));
      expect(requests).toBe(1);
      expect(pauses).toEqual([]);
      expect(result.errors?.[0].extensions).toMatchObject({ type: 'service_unavailable', code: 'domain_unavailable' });
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('passes other failures on unchanged (an HTTP error answer is not a connection failure)', async () => {
    const port = await freePort();
    const server = http.createServer((_req, res) => {
      res.statusCode = 500;
      res.end('boom');
    });
    await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
    try {
      await expect(call(new SignedRemoteDataSource(`http://127.0.0.1:${port}/graphql`, 'secret', 'orders'))).rejects.toThrow();
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
