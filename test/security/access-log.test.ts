import pino from 'pino';
import { loadConfig } from '@svc/kit';
import { startPlatform, type Platform } from '@svc/platform';
import { freshDatabase } from '../support/db';
import { TEST_SETTINGS } from '../support/test-env';

/** Hardening #15: the access log names the real path, and the GraphQL operation name. */
describe('access log', () => {
  let db: { url: string; drop(): Promise<void> };
  let p: Platform;
  const lines: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    db = await freshDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: db.url,
      DB_POOL_SIZE: '4',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      ...TEST_SETTINGS,
      WORKERS_DISABLED: 'true',
    });
    const log = pino({ level: 'info' }, { write: (s: string) => void lines.push(JSON.parse(s)) });
    p = await startPlatform({ config, log });
  });
  afterAll(async () => {
    await p?.close();
    await db?.drop();
  });

  const requestLine = async (reqId: string) => {
    for (let i = 0; i < 50 && !lines.some((l) => l.reqId === reqId && l.msg === 'request'); i++) await new Promise((r) => setTimeout(r, 10));
    return lines.find((l) => l.reqId === reqId && l.msg === 'request');
  };

  it('logs /graphql with its path and operation name', async () => {
    await fetch(`${p.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'log-gql-1' },
      body: JSON.stringify({ query: 'query ShopRegions { __typename }', operationName: 'ShopRegions' }),
    });
    expect(await requestLine('log-gql-1')).toMatchObject({ method: 'POST', path: '/graphql', op: 'ShopRegions', status: 200 });
  });

  it('logs REST calls with their full path', async () => {
    await fetch(`${p.url}/api/store/products`, { headers: { 'x-request-id': 'log-rest-1' } });
    expect(await requestLine('log-rest-1')).toMatchObject({ method: 'GET', path: '/api/store/products', status: 401 });
  });

  it('logs the pattern, not the value, of a secret path parameter (a consent session id)', async () => {
    const secret = 'a-secret-session-id-0123456789abcdef';
    await fetch(`${p.url}/api/store/cookie-consent/${secret}`, { headers: { 'x-request-id': 'log-secret-1' } });
    const line = await requestLine('log-secret-1');
    expect(line).toMatchObject({ method: 'GET', path: '/api/store/cookie-consent/:sessionId', status: 401 });
    expect(JSON.stringify(lines)).not.toContain(secret);
  });
});
