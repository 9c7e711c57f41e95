import { createClient, type Client, type ExecutionResult } from 'graphql-sse';
import type { EventHub } from '@svc/gateway';
import { startTwoStores, type TwoStores } from '../support/two-stores';
import { waitFor } from '../support/wait';

/**
 * /graphql/stream: live domain events for admins over graphql-sse, with the real client, on a real
 * platform with two stores.
 */

interface Received {
  id: string;
  type: string;
  created_at: string;
  entity_id: string | null;
  request_id: string | null;
  data: Record<string, any>;
}

const SUBSCRIPTION = `subscription Events($types: [String!]) {
  domainEvents(types: $types) { id type created_at entity_id request_id data }
}`;

/** Collects what a stream delivers until it is stopped. */
function listen(client: Client, types?: string[]) {
  const got: Received[] = [];
  const errors: unknown[] = [];
  const it = client.iterate<{ domainEvents: Received }>({ query: SUBSCRIPTION, variables: types ? { types } : {} });
  const done = (async () => {
    try {
      for await (const r of it as AsyncIterable<ExecutionResult<{ domainEvents: Received }>>) {
        if (r.errors) errors.push(...r.errors);
        if (r.data) got.push(r.data.domainEvents);
      }
    } catch (err) {
      errors.push(err);
    }
  })();
  return { got, errors, stop: async () => void (await it.return?.(undefined), await done) };
}

describe('live domain events over graphql-sse (/graphql/stream)', () => {
  let s: TwoStores;
  let hub: EventHub;
  let streamUrl: string;
  const clientFor = (token?: string, headers: Record<string, string> = {}) =>
    createClient({ url: streamUrl, retryAttempts: 0, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(streamUrl, { method: 'POST', headers: { accept: 'text/event-stream', 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  /** a refused request: its status and the platform's JSON error body, never a stack */
  const refused = async (res: Response) => {
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(expect.arrayContaining(['code', 'message', 'type']));
    expect(JSON.stringify(body)).not.toMatch(/stack|at .+\.(ts|js):\d+/);
    return { status: res.status, body };
  };

  beforeAll(async () => {
    // no replay overlap: a resumed stream gets exactly the events after the last one it saw
    s = await startTwoStores({ env: { STREAM_MAX_PER_TENANT: '2', STREAM_REPLAY_OVERLAP_MS: '0' } });
    hub = s.p.eventStreams!;
    streamUrl = `${s.p.url}/graphql/stream`;
  });
  afterAll(async () => {
    await s?.sql.end();
    await s?.p.stop();
  });

  it("delivers the admin's own store's events of the requested types, and nothing of another store", async () => {
    const shopStream = listen(clientFor(s.admin), ['customer.*', 'product.updated']);
    const otherStream = listen(clientFor(s.otherAdmin));
    await waitFor('both streams open', () => hub.count(s.shop.tenant_id) === 1 && hub.count(s.other.tenant_id) === 1, 10_000);

    // a type the shop's stream did not ask for, then one it did
    const col = await s.p.graphql(
      'mutation($input: CollectionInput!) { createCollection(input: $input) { id } }',
      { input: { title: 'Live' } },
      { token: s.admin },
    );
    expect(col.status).toBe(200);
    const shopCustomer = await s.p.registerCustomer(s.shop.publishable_key);
    // the other store's change comes last: once its stream has it, the shop's events reached it before
    const otherCustomer = await s.p.registerCustomer(s.other.publishable_key);

    const first = await waitFor('the shop customer event', () => shopStream.got[0], 15_000);
    expect(first).toMatchObject({ type: 'customer.created', data: { email: shopCustomer.email } });
    expect(first.id).toMatch(/^evt_/);
    expect(first.entity_id).toBe(first.data.id);
    expect(new Date(first.created_at).toISOString()).toBe(first.created_at);
    await waitFor("the other store's customer event", () => otherStream.got.find((e) => e.type === 'customer.created'), 15_000);

    // the collection is not of a requested type; the other store's customer is not the shop's
    expect(shopStream.got.map((e) => e.type)).toEqual(['customer.created']);
    expect(JSON.stringify(shopStream.got)).not.toContain(otherCustomer.email);
    // the other admin saw its own store's events only
    expect(JSON.stringify(otherStream.got)).not.toContain(shopCustomer.email);
    expect(otherStream.got.some((e) => e.data.id === col.body.data.createCollection.id)).toBe(false);
    expect(shopStream.errors).toEqual([]);

    // disconnecting removes the subscribers
    await shopStream.stop();
    await otherStream.stop();
    await waitFor('no stream left', () => hub.count() === 0, 10_000);
  });

  it('refuses callers who are not admins before the stream opens', async () => {
    const anonymous = await refused(await post({ query: SUBSCRIPTION }));
    expect(anonymous).toMatchObject({ status: 401, body: { type: 'authentication_error', code: 'authentication_required' } });

    const keyOnly = await refused(await post({ query: SUBSCRIPTION }, { 'x-publishable-api-key': s.shop.publishable_key }));
    expect(keyOnly).toMatchObject({ status: 401, body: { type: 'authentication_error' } });

    const customer = await s.p.registerCustomer(s.shop.publishable_key);
    const asCustomer = await refused(
      await post({ query: SUBSCRIPTION }, { 'x-publishable-api-key': s.shop.publishable_key, authorization: `Bearer ${customer.token}` }),
    );
    expect(asCustomer).toMatchObject({ status: 403, body: { type: 'permission_error', code: 'forbidden' } });

    const badToken = await refused(await post({ query: SUBSCRIPTION }, { authorization: 'Bearer not-a-token' }));
    expect(badToken).toMatchObject({ status: 401, body: { type: 'authentication_error', code: 'token_invalid' } });

    // the real client surfaces the refusal as an error (no retries here)
    const it = clientFor(customer.token, { 'x-publishable-api-key': s.shop.publishable_key }).iterate({ query: SUBSCRIPTION });
    await expect(it.next()).rejects.toMatchObject({ response: { status: 403 } });
    expect(hub.count()).toBe(0);
  });

  it('serves subscriptions only, and refuses bad documents with a JSON 400', async () => {
    const auth = { authorization: `Bearer ${s.admin}` };
    const query = await refused(await post({ query: '{ _unused }' }, auth));
    expect(query).toMatchObject({ status: 400, body: { type: 'validation_error', code: 'subscription_required' } });
    expect(query.body.message).toMatch(/\/graphql/);

    const mutation = await refused(await post({ query: 'mutation { createCollection(input: {title: "x"}) { id } }' }, auth));
    expect(mutation).toMatchObject({ status: 400, body: { code: 'subscription_required' } });

    const syntax = await refused(await post({ query: 'subscription { domainEvents( }' }, auth));
    expect(syntax).toMatchObject({ status: 400, body: { type: 'validation_error', code: 'invalid_query' } });

    const unknownField = await refused(await post({ query: 'subscription { domainEvents { nope } }' }, auth));
    expect(unknownField).toMatchObject({ status: 400, body: { code: 'invalid_query' } });

    const badType = await refused(await post({ query: SUBSCRIPTION, variables: { types: ['Order Placed'] } }, auth));
    expect(badType).toMatchObject({ status: 400, body: { type: 'validation_error', code: 'invalid_field' } });

    const notStream = await refused(
      await fetch(streamUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body: JSON.stringify({ query: SUBSCRIPTION }) }),
    );
    expect(notStream).toMatchObject({ status: 406, body: { code: 'event_stream_required' } });
    expect(hub.count()).toBe(0);
  });

  it('limits the open streams of a store (STREAM_MAX_PER_TENANT) and frees a slot on disconnect', async () => {
    const a = listen(clientFor(s.admin));
    const b = listen(clientFor(s.admin));
    await waitFor('two streams open', () => hub.count(s.shop.tenant_id) === 2, 10_000);
    const third = await refused(await post({ query: SUBSCRIPTION }, { authorization: `Bearer ${s.admin}` }));
    expect(third).toMatchObject({ status: 429, body: { type: 'rate_limit_error', code: 'too_many_streams' } });
    // another store is not affected by this store's streams
    const other = listen(clientFor(s.otherAdmin));
    await waitFor("the other store's stream open", () => hub.count(s.other.tenant_id) === 1, 10_000);
    await a.stop();
    await waitFor('a slot free', () => hub.count(s.shop.tenant_id) === 1, 10_000);
    const again = listen(clientFor(s.admin));
    await waitFor('the slot taken again', () => hub.count(s.shop.tenant_id) === 2, 10_000);
    await Promise.all([b.stop(), again.stop(), other.stop()]);
    await waitFor('no stream left', () => hub.count() === 0, 10_000);
  });

  it('delivers an event too large for a NOTIFY payload, loaded from its outbox row', async () => {
    const stream = listen(clientFor(s.admin), ['test_stream.*']);
    await waitFor('the stream open', () => hub.count(s.shop.tenant_id) === 1, 10_000);
    const big = 'y'.repeat(20_000);
    // a type nobody subscribes to: the relay stores no job for it, yet announces it to the streams
    await s.sql.query(
      `insert into identity.outbox_event (id, tenant_id, type, data, request_id, created_at) values ($1, $2, 'test_stream.big', $3, null, now()), ($4, $5, 'test_stream.big', '{}', null, now())`,
      ['evt_streambig1', s.shop.tenant_id, JSON.stringify({ id: 'x_big', big }), 'evt_streambig2', s.other.tenant_id],
    );
    const got = await waitFor('the large event', () => stream.got[0], 15_000);
    expect(got).toMatchObject({ id: 'evt_streambig1', entity_id: 'x_big', data: { big } });
    await stream.stop();
    expect(stream.got.map((e) => e.id)).toEqual(['evt_streambig1']);
    await waitFor('no stream left', () => hub.count() === 0, 10_000);
  });

  it('streams over plain HTTP (GET, curl-style) with keep-alive comments', async () => {
    const ac = new AbortController();
    const url = `${streamUrl}?query=${encodeURIComponent(SUBSCRIPTION)}&variables=${encodeURIComponent(JSON.stringify({ types: ['collection.created'] }))}`;
    const res = await fetch(url, { headers: { accept: 'text/event-stream', authorization: `Bearer ${s.admin}` }, signal: ac.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    await waitFor('the stream open', () => hub.count(s.shop.tenant_id) === 1, 10_000);
    const col = await s.p.graphql(
      'mutation($input: CollectionInput!) { createCollection(input: $input) { id } }',
      { input: { title: 'Curl' } },
      { token: s.admin },
    );
    const id = col.body.data.createCollection.id as string;
    const reader = res.body!.getReader();
    let text = '';
    const decoder = new TextDecoder();
    while (!text.includes('event: next')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    expect(text.startsWith(':')).toBe(true); // the first comment flushes the headers
    const line = text.split('\n').find((l) => l.startsWith('data: '))!;
    expect(JSON.parse(line.slice(6))).toMatchObject({ data: { domainEvents: { type: 'collection.created', entity_id: id, data: { id } } } });
    ac.abort();
    await waitFor('no stream left', () => hub.count() === 0, 10_000);
  });
  it('labels each event with its id, and a stream that reconnects with Last-Event-ID gets what it missed, then live events', async () => {
    const auth = { authorization: `Bearer ${s.admin}` };
    const createCollection = async (title: string) => {
      const r = await s.p.graphql('mutation($input: CollectionInput!) { createCollection(input: $input) { id } }', { input: { title } }, { token: s.admin });
      expect(r.status).toBe(200);
      return r.body.data.createCollection.id as string;
    };
    /** the `id:` and the event of each SSE message, read until `count` have come */
    const readMessages = async (res: Response, count: number) => {
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      const messages = () =>
        text
          .split('\n\n')
          .filter((m) => m.includes('event: next'))
          .map((m) => ({ id: /^id: (.*)$/m.exec(m)?.[1], event: JSON.parse(/^data: (.*)$/m.exec(m)![1]).data.domainEvents as Received }));
      while (messages().length < count) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
      return messages();
    };
    const open = (lastEventId?: string, signal?: AbortSignal) =>
      fetch(`${streamUrl}?query=${encodeURIComponent(SUBSCRIPTION)}&variables=${encodeURIComponent(JSON.stringify({ types: ['collection.created'] }))}`, {
        headers: { accept: 'text/event-stream', ...auth, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
        signal,
      });

    const first = new AbortController();
    const res = await open(undefined, first.signal);
    expect(res.status).toBe(200);
    await waitFor('the stream open', () => hub.count(s.shop.tenant_id) === 1);
    const a = await createCollection('Replay A');
    const [seen] = await readMessages(res, 1);
    expect(seen.event.entity_id).toBe(a);
    expect(seen.id).toBe(seen.event.id);
    first.abort();
    await waitFor('the stream closed', () => hub.count() === 0);

    // while no stream is open: two of the shop's collections, one of another store
    const b = await createCollection('Replay B');
    const c = await createCollection('Replay C');
    await s.p.graphql(
      'mutation($input: CollectionInput!) { createCollection(input: $input) { id } }',
      { input: { title: 'Elsewhere' } },
      { token: s.otherAdmin },
    );

    const again = new AbortController();
    const resumed = await open(seen.id, again.signal);
    expect(resumed.status).toBe(200);
    await waitFor('the stream open again', () => hub.count(s.shop.tenant_id) === 1);
    const d = await createCollection('Replay D (live)');
    const got = await readMessages(resumed, 3);
    // what it missed in order, then the live one; never the last one seen, nor another store's
    expect(got.map((m) => m.event.entity_id)).toEqual([b, c, d]);
    expect(got.every((m) => m.id === m.event.id)).toBe(true);
    again.abort();
    await waitFor('no stream left', () => hub.count() === 0);

    // refusals, before the stream opens: a malformed id, another store's event, one older than the window
    const malformed = await refused(await open('not-an-id'));
    expect(malformed).toMatchObject({ status: 400, body: { type: 'validation_error', code: 'invalid_field' } });
    const [foreign] = await s.sql
      .query<{ id: string }>(`select id from catalog.outbox_event where tenant_id = $1 limit 1`, [s.other.tenant_id])
      .then((r) => r.rows);
    expect(await refused(await open(foreign.id))).toMatchObject({ status: 409, body: { type: 'conflict', code: 'replay_unavailable' } });
    await s.sql.query(`update catalog.outbox_event set published_at = now() - interval '25 hours' where id = $1`, [seen.id]);
    const old = await refused(await open(seen.id));
    expect(old).toMatchObject({ status: 409, body: { code: 'replay_unavailable' } });
    expect(old.body.message).toMatch(/24 hours/);
    expect(hub.count()).toBe(0);
  });
});
