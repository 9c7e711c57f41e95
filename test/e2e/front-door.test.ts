import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { systemContext } from '@svc/kit';
import { startTestPlatform, type TestPlatform } from '../support/platform';
import { TestClock } from '../support/clock';

/**
 * The front door (platform/src/front-door.ts) answers response cache hits before Express. Every
 * answer must be the one Express gives: the same requests go to the platform's own listener (the
 * front door) and to a second server running only its Express app (same cache, same rate-limit
 * counters, same CORS rules), and status, headers and bytes are compared.
 */
describe('the front door answers cached reads as Express does', () => {
  const SHOP = 'https://shop.example.com';
  const WINDOW_MS = 10;
  const LIMIT = 3;
  const clock = new TestClock();
  let p: TestPlatform;
  let bare: http.Server;
  let bareUrl: string;
  let key: string;
  let otherKey: string;
  /** requests the Express app handled (its handle: the front door's fall-through and the bare server) */
  let throughExpress = 0;

  beforeAll(async () => {
    p = await startTestPlatform({
      clock,
      env: {
        RATE_LIMIT_DISABLED: 'false',
        RATE_LIMIT_STORE_RPS: String(LIMIT),
        RATE_LIMIT_WINDOW_MS: String(WINDOW_MS),
        RESPONSE_CACHE_TTL_S: '3600',
      },
    });
    const t = await p.identity.tenants.create(systemContext(p.log, null, 't'), { name: 'Door', adminEmail: 'door@example.com', allowedOrigins: [SHOP] });
    key = t.publishable_key;
    otherKey = (await p.createTenant()).publishable_key;
    await p.seedCatalog(t.tenant_id);
    // Express's own entry (what the app function calls for every request), counted
    const app = p.app as unknown as { handle: (...args: unknown[]) => unknown };
    const handle = app.handle.bind(app);
    app.handle = (...args: unknown[]) => {
      throughExpress++;
      return handle(...args);
    };
    bare = http.createServer(p.app);
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => {
      bare?.close(() => resolve());
      bare?.closeAllConnections();
    });
    await p?.stop();
  });

  interface Answer {
    status: number;
    headers: Record<string, string | string[]>;
    body: Buffer;
  }
  const send = (base: string, path: string, headers: Record<string, string>, method = 'GET') =>
    new Promise<Answer>((resolve, reject) => {
      const req = http.request(`${base}${path}`, { method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const { date: _date, ...rest } = res.headers;
          resolve({ status: res.statusCode!, headers: rest as Answer['headers'], body: Buffer.concat(chunks) });
        });
      });
      req.on('error', reject);
      req.end();
    });

  /**
   * The same request through the front door and through Express alone, each in a fresh rate-limit
   * window after `before` requests of its own; answers the front door's answer, the number of its
   * requests Express handled, and checks the two answers are the same (a request id the client did
   * not give differs).
   */
  const both = async (path: string, headers: Record<string, string>, o: { method?: string; before?: number } = {}) => {
    const one = async (base: string) => {
      clock.freshWindow(WINDOW_MS);
      for (let i = 0; i < (o.before ?? 0); i++) await send(base, path, headers, o.method);
      const seen = throughExpress;
      const a = await send(base, path, headers, o.method);
      if (!headers['x-request-id']) delete a.headers['x-request-id'];
      return { a, express: throughExpress - seen };
    };
    const door = await one(p.url);
    const alone = await one(bareUrl);
    expect(alone.express).toBe(1);
    expect(door.a.status).toBe(alone.a.status);
    expect(door.a.headers).toEqual(alone.a.headers);
    expect(door.a.body.equals(alone.a.body)).toBe(true);
    return { ...door.a, express: door.express };
  };

  const K = () => ({ 'x-publishable-api-key': key });
  const DETAIL = '/api/store/products/classic-organic-tee';
  const LIST = '/api/store/products?limit=5&offset=0';

  it('fills the cache through Express, then answers hits before it', async () => {
    const first = await send(p.url, `${DETAIL}?fields=id,title`, K());
    expect(first.headers['x-response-cache']).toBe('miss');
    const hit = await both(`${DETAIL}?fields=id,title`, { ...K(), 'x-request-id': 'req_given_by_client' });
    expect(hit).toMatchObject({ status: 200, express: 0 });
    expect(hit.headers).toMatchObject({
      'x-response-cache': 'hit',
      'x-request-id': 'req_given_by_client',
      'cache-control': 'public, max-age=0, must-revalidate',
      'content-type': 'application/json; charset=utf-8',
      'x-ratelimit-remaining': String(LIMIT - 1),
      'x-content-type-options': 'nosniff',
    });
    expect(JSON.parse(hit.body.toString())).toEqual({ product: { id: expect.any(String), title: 'Classic Organic Tee' } });
  });

  it('answers the same read with its parameters in another order, and HEAD', async () => {
    await send(p.url, LIST, K());
    expect(await both('/api/store/products?offset=0&limit=5', K())).toMatchObject({ status: 200, express: 0 });
    const head = await both(LIST, K(), { method: 'HEAD' });
    expect(head).toMatchObject({ status: 200, express: 0 });
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(1000);
  });

  it('answers 304 for a matching If-None-Match (strong or weak), 200 for another', async () => {
    const etag = (await send(p.url, LIST, K())).headers.etag as string;
    expect(etag).toMatch(/^W\//);
    expect(await both(LIST, { ...K(), 'if-none-match': etag })).toMatchObject({ status: 304, express: 0 });
    expect(await both(LIST, { ...K(), 'if-none-match': etag.slice(2) })).toMatchObject({ status: 304, express: 0 });
    expect(await both(LIST, { ...K(), 'if-none-match': 'W/"other"' })).toMatchObject({ status: 200, express: 0 });
  });

  it('keeps CORS: the store’s origin is allowed, another one gets no CORS headers, a preflight stays with Express', async () => {
    const allowed = await both(LIST, { ...K(), origin: SHOP });
    expect(allowed).toMatchObject({ status: 200, express: 0 });
    expect(allowed.headers).toMatchObject({ 'access-control-allow-origin': SHOP, vary: expect.stringMatching(/^Origin, x-publishable-api-key/) });
    const denied = await both(LIST, { ...K(), origin: 'https://evil.example.net' });
    expect(denied).toMatchObject({ status: 200, express: 0 });
    expect(denied.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await both(LIST, { origin: SHOP, 'access-control-request-method': 'GET' }, { method: 'OPTIONS' });
    expect(preflight).toMatchObject({ status: 204, express: 1 });
  });

  it('keeps the rate limit, in the same windows', async () => {
    const limited = await both(LIST, K(), { before: LIMIT });
    expect(limited).toMatchObject({ status: 429, express: 0 });
    expect(limited.headers['retry-after']).toBeDefined();
    expect(JSON.parse(limited.body.toString())).toMatchObject({ type: 'rate_limit_error', code: 'rate_limited' });
  });

  it('leaves everything that is not a hit to Express: a wrong key, another store’s key, a locale not kept yet', async () => {
    expect(await both(LIST, { 'x-publishable-api-key': 'pk_not_a_key' })).toMatchObject({ status: 401, express: 1 });
    expect(await both(DETAIL, { 'x-publishable-api-key': otherKey })).toMatchObject({ status: 404, express: 1 });
    // another store's own kept answer is its own
    await send(p.url, '/api/store/collections', { 'x-publishable-api-key': otherKey });
    const other = await both('/api/store/collections', { 'x-publishable-api-key': otherKey });
    expect(other).toMatchObject({ status: 200, express: 0 });
    expect(JSON.parse(other.body.toString())).toMatchObject({ collections: [], count: 0 });
    const fresh = await send(p.url, LIST, { ...K(), 'x-medusa-locale': 'de' });
    expect(fresh.headers['x-response-cache']).toBe('miss');
    expect(await both(LIST, { ...K(), 'x-medusa-locale': 'de' })).toMatchObject({ status: 200, express: 0 });
  });
});
