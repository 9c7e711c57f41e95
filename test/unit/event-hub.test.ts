import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createLogger, DomainError, type DomainEvent, type RequestContext } from '@svc/kit';
import { EventHub, createEventStreamHandler, entityIdOf, parseTypeFilter, matchesType, toStreamEvent, type ContextBuilder } from '@svc/gateway';

const log = createLogger('silent');
let n = 0;
const ev = (tenant: string | null, type: string, data: Record<string, unknown> = {}): DomainEvent => ({
  id: `evt_${++n}`,
  type,
  tenant_id: tenant,
  created_at: new Date().toISOString(),
  request_id: null,
  data,
});
const hubOf = (o: Partial<ConstructorParameters<typeof EventHub>[0]> = {}) => new EventHub({ maxPerTenant: 5, maxConnections: 100, log, ...o });

describe('event hub (the in-process fan-out of /graphql/stream)', () => {
  it('parses type filters: names, prefixes and "*"; refuses anything else', () => {
    expect(parseTypeFilter(undefined)).toBeNull();
    expect(parseTypeFilter([])).toBeNull();
    expect(parseTypeFilter(['order.placed', '*'])).toBeNull();
    const f = parseTypeFilter(['order.*', 'customer.created']);
    expect(matchesType(f, 'order.placed')).toBe(true);
    expect(matchesType(f, 'order.transfer_requested')).toBe(true);
    expect(matchesType(f, 'customer.created')).toBe(true);
    expect(matchesType(f, 'customer.updated')).toBe(false);
    expect(matchesType(f, 'orders.placed')).toBe(false);
    for (const bad of ['Order.placed', 'order.', '*.placed', 'order.**', 'order placed', '']) {
      expect(() => parseTypeFilter([bad])).toThrow(DomainError);
    }
    expect(() => parseTypeFilter(Array.from({ length: 101 }, () => 'a.b'))).toThrow(/At most 100/);
  });

  it('delivers an event only to the streams of its tenant that want its type, once', async () => {
    const hub = hubOf();
    const a = hub.open('t_a');
    a.setFilter(parseTypeFilter(['customer.*']));
    const b = hub.open('t_b');
    const e = ev('t_a', 'customer.created', { id: 'cus_1' });
    expect(hub.dispatch(e)).toBe(1);
    expect(hub.dispatch(e)).toBe(0); // announced twice (a relay retry): delivered once
    expect(hub.dispatch(ev('t_a', 'product.updated'))).toBe(0);
    expect(hub.dispatch(ev(null, 'customer.created'))).toBe(0);
    expect(hub.dispatch(ev('t_b', 'product.updated', { id: 'prod_1' }))).toBe(1);
    await expect(a.next()).resolves.toMatchObject({ value: { id: e.id, entity_id: 'cus_1' }, done: false });
    await expect(b.next()).resolves.toMatchObject({ value: { type: 'product.updated', tenant_id: 't_b' } });
    a.close();
    b.close();
    expect(hub.count()).toBe(0);
  });

  it('gives a reconnected stream its missed events first, then the live ones less those the replay gave', async () => {
    const hub = hubOf();
    const s = hub.open('t_r');
    s.setFilter(parseTypeFilter(['order.*']));
    const [e1, e2, e3, skipped] = [ev('t_r', 'order.placed'), ev('t_r', 'order.canceled'), ev('t_r', 'order.placed'), ev('t_r', 'customer.created')];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    s.replayFrom(
      (async function* () {
        yield toStreamEvent({ ...e1, tenant_id: 't_r' });
        yield toStreamEvent({ ...skipped, tenant_id: 't_r' }); // not of a requested type
        await gate; // the replay's second page is still being read …
        yield toStreamEvent({ ...e2, tenant_id: 't_r' });
      })(),
    );
    const first = await s.next();
    expect(first.value?.id).toBe(e1.id);
    const pending = s.next();
    // … when e2 (also in the replay) and e3 arrive live: they wait behind the replay
    expect(hub.dispatch(e2)).toBe(1);
    expect(hub.dispatch(e3)).toBe(1);
    release();
    expect((await pending).value?.id).toBe(e2.id);
    expect((await s.next()).value?.id).toBe(e3.id);
    // every event handed out is labelled, in order, for the writer's `id:` lines
    expect(s.handed).toEqual([e1.id, e2.id, e3.id]);
    s.close();
    expect((await s.next()).done).toBe(true);
  });

  it('redacts secrets in payloads and derives the entity id', () => {
    const hub = hubOf();
    const s = hub.open('t');
    hub.dispatch(ev('t', 'order.transfer_requested', { id: 'order_1', token: 'secret-one-time', nested: { client_secret: 'x', ok: 1 } }));
    return s.next().then(({ value }) => {
      expect(value.data).toEqual({ id: 'order_1', token: '[redacted]', nested: { client_secret: '[redacted]', ok: 1 } });
      expect(entityIdOf('order.payment_captured', { order_id: 'order_2', amount: 1 })).toBe('order_2');
      expect(entityIdOf('theme.updated', { version: 3 })).toBeNull();
      s.close();
    });
  });

  it('limits streams per tenant and in all, and frees the slot on close', () => {
    const hub = hubOf({ maxPerTenant: 2, maxConnections: 3 });
    const one = hub.open('t_a');
    hub.open('t_a');
    expect(() => hub.open('t_a')).toThrow(expect.objectContaining({ type: 'rate_limit_error', code: 'too_many_streams' }));
    hub.open('t_b');
    expect(() => hub.open('t_c')).toThrow(expect.objectContaining({ code: 'too_many_streams' }));
    one.close();
    one.close();
    expect(hub.count('t_a')).toBe(1);
    expect(hub.open('t_a').tenantId).toBe('t_a');
  });

  it('ends a stream whose queue overflows (slow consumer) and removes it', () => {
    const hub = hubOf({ maxQueued: 3 });
    const s = hub.open('t');
    const ends: string[] = [];
    s.onEnd = (why) => ends.push(why);
    for (let i = 0; i < 4; i++) hub.dispatch(ev('t', 'a.b'));
    expect(ends).toEqual(['slow_consumer']);
    expect(hub.count()).toBe(0);
    return expect(s.next()).resolves.toEqual({ value: undefined, done: true });
  });

  it('reads NOTIFY payloads, loading the data of large events by reference', async () => {
    const loads: string[] = [];
    const hub = hubOf({ loadData: async (schema, id) => (loads.push(`${schema}/${id}`), { id: 'x_1', big: true }) });
    const s = hub.open('t');
    hub.receive('*'); // the listener reconnected: nothing to deliver
    hub.receive('{not json');
    hub.receive(JSON.stringify(ev('other', 'a.b')));
    hub.receive(JSON.stringify({ ...ev('t', 'a.b'), data: undefined, ref: 'catalog' }));
    await expect(s.next()).resolves.toMatchObject({ value: { type: 'a.b', data: { big: true }, entity_id: 'x_1' } });
    expect(loads).toHaveLength(1);
    expect(loads[0]).toMatch(/^catalog\/evt_/);
    s.close();
  });
});

describe('/graphql/stream handler', () => {
  const serve = async (app: express.Express) => {
    const server = http.createServer(app);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
    };
  };
  const adminBuilder = {
    build: async () =>
      ({ requestId: 'req_1', tenantId: 't', actor: { type: 'admin', id: 'user_1' }, roles: ['admin'], log, memo: new Map() }) as unknown as RequestContext,
  } as unknown as ContextBuilder;

  it('answers 503 with the JSON error shape when the instance has no event source (workers disabled)', async () => {
    const app = express();
    app.use('/graphql/stream', ...createEventStreamHandler({ builder: adminBuilder, hub: undefined, bufferBytes: 65536, log }));
    const s = await serve(app);
    try {
      const res = await fetch(`${s.url}/graphql/stream`, { headers: { accept: 'text/event-stream' } });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ type: 'api_error', code: 'streams_unavailable', message: expect.stringMatching(/WORKERS_DISABLED/) });
    } finally {
      await s.close();
    }
  });

  it('disconnects a client that does not read, with a slow_consumer notice, and removes its subscriber', async () => {
    const hub = hubOf({ maxQueued: 100_000 });
    const app = express();
    app.use('/graphql/stream', ...createEventStreamHandler({ builder: adminBuilder, hub, bufferBytes: 16_384, log }));
    const s = await serve(app);
    try {
      const query = encodeURIComponent('subscription { domainEvents { id data } }');
      const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
        http.get(`${s.url}/graphql/stream?query=${query}`, { headers: { accept: 'text/event-stream' }, agent: false }, resolve).on('error', reject),
      );
      expect(res.statusCode).toBe(200);
      res.pause(); // the client stops reading
      const big = 'x'.repeat(7000);
      for (let i = 0; i < 5000 && hub.count() > 0; i++) {
        for (let j = 0; j < 20; j++) hub.dispatch(ev('t', 'a.b', { id: `x_${i}_${j}`, big }));
        await new Promise((r) => setImmediate(r));
      }
      expect(hub.count()).toBe(0);
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.resume();
      await new Promise((r) => res.once('end', r).once('close', r));
      expect(text).toContain('"code":"slow_consumer"');
      expect(text.trimEnd().endsWith('event: complete\ndata:')).toBe(true);
    } finally {
      await s.close();
    }
  });
});
