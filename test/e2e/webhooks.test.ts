import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { loadConfig, systemContext } from '@svc/kit';
import { startPlatform, type Platform } from '@svc/platform';
import { demoWebhookEndpoints, verifyWebhook, type WebhooksServices } from '@svc/webhooks';
import type { SiteServices } from '@svc/site';
import type { TestPlatform } from '../support/platform';
import { startTwoStores, type TwoStores } from '../support/two-stores';
import { graphqlHelpers } from '../support/site';
import { waitFor } from '../support/wait';
import { WebhookReceiver, type Received } from '../support/webhook-receiver';
import { TEST_SETTINGS } from '../support/test-env';

/**
 * Outbound webhooks end to end, against a real receiver on this machine (allow-listed by name:
 * WEBHOOK_ALLOW_HOSTS=localhost) with the retry schedule scaled down (WEBHOOK_RETRY_SCALE): admin
 * GraphQL, signatures (standardwebhooks and the x-svc recipe), retries, Retry-After, 410, 3xx,
 * dead letters and replays, rotation, SSRF refusals, tenant isolation, payload selections, and a
 * worker stopped mid-delivery whose delivery the next platform makes.
 */
describe('webhooks', () => {
  const E = 'id url description event_types active disabled_reason allow_private_network selection previous_secret_expires_at secret created_at updated_at';
  const D =
    'id endpoint_id event_id event_type ordering_key sequence status attempts last_status last_error delivered_at attempt_log { number success status_code duration_ms response_snippet error }';
  const CREATE = `mutation($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { ${E} } }`;
  const UPDATE = `mutation($id: String!, $input: UpdateWebhookEndpointInput!) { updateWebhookEndpoint(id: $id, input: $input) { ${E} } }`;
  const DELETE = `mutation($id: String!) { deleteWebhookEndpoint(id: $id) { id } }`;
  const ROTATE = `mutation($id: String!, $input: RotateWebhookSecretInput) { rotateWebhookSecret(id: $id, input: $input) { ${E} } }`;
  const PING = `mutation($id: String!) { pingWebhookEndpoint(id: $id) { ${D} } }`;
  const GET = `query($id: String!) { webhookEndpoint(id: $id) { ${E} } }`;
  const LIST = `query { webhookEndpoints { count items { id url } } }`;
  const DELIVERIES = `query($endpoint_id: String, $status: String) { webhookDeliveries(endpoint_id: $endpoint_id, status: $status, limit: 100) { count items { ${D} } } }`;
  const DELIVERY = `query($id: String!) { webhookDelivery(id: $id) { ${D} } }`;
  const REPLAY = `mutation($id: String!) { replayWebhookDelivery(id: $id) { ${D} } }`;
  const REPLAY_FAILED = `mutation($input: ReplayWebhookDeliveriesInput!) { replayFailedWebhookDeliveries(input: $input) { replayed } }`;
  /** endpoints that get only test pings (no event type matches `webhook.ping`: pings bypass matching), so counts stay exact */
  const PING_ONLY = ['webhook.ping'];
  const REDIRECT = `mutation($input: CreateRedirectInput!) { createRedirect(input: $input) { id } }`;
  const UPDATE_REDIRECT = `mutation($id: String!, $input: UpdateRedirectInput!) { updateRedirect(id: $id, input: $input) { id } }`;

  let s: TwoStores;
  let p: TestPlatform;
  const rx = new WebhookReceiver();
  const { run, refused } = graphqlHelpers(
    () => p,
    () => s.admin,
  );
  const svc = () => p.services<WebhooksServices>('webhooks');

  const create = (input: Record<string, unknown>, token = s.admin) => run(CREATE, { input }, token);
  const delivery = (id: string) => run(DELIVERY, { id });
  const settled = (id: string, status = 'delivered', timeout = 60_000) =>
    waitFor(
      `delivery ${id} ${status}`,
      async () => {
        const d = await delivery(id);
        return d.status === status ? d : null;
      },
      timeout,
      50,
    );
  const deliveriesOf = async (endpointId: string, token = s.admin) => (await run(DELIVERIES, { endpoint_id: endpointId }, token)).items as any[];
  const deliveriesCount = async (tenantId: string) =>
    Number((await s.sql.query(`select count(*)::int n from webhooks.webhook_delivery where tenant_id = $1`, [tenantId])).rows[0].n);
  const countEndpoints = async (tenantId: string) =>
    Number((await s.sql.query(`select count(*)::int n from webhooks.webhook_endpoint where tenant_id = $1`, [tenantId])).rows[0].n);

  beforeAll(async () => {
    await rx.start();
    s = await startTwoStores({
      env: {
        WEBHOOK_ALLOW_HOSTS: 'localhost',
        WEBHOOK_RETRY_SCALE: '0.000002',
        WEBHOOK_POLL_MS: '100',
        WEBHOOK_LEASE_SECONDS: '2',
        OUTBOX_POLL_MS: '100',
        WEBHOOK_ENDPOINT_CONCURRENCY: '2',
      },
    });
    p = s.p;
  });
  afterAll(async () => {
    await s?.sql.end();
    await p?.stop();
    await rx.stop();
  });

  it('creates, reads, lists, updates and deletes endpoints; the secret is answered once', async () => {
    const e = await create({ url: rx.url('/crud'), event_types: ['order.placed', 'order.*'], description: '  Orders  ' });
    expect(e).toMatchObject({
      url: rx.url('/crud'),
      event_types: ['order.placed', 'order.*'],
      description: 'Orders',
      active: true,
      allow_private_network: false,
      selection: null,
    });
    expect(e.id).toMatch(/^whep_[0-9A-Z]{26}$/);
    expect(e.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const got = await run(GET, { id: e.id });
    expect(got.secret).toBeNull();
    expect((await run(LIST, {})).items.map((i: any) => i.id)).toContain(e.id);
    const u = await run(UPDATE, { id: e.id, input: { event_types: ['*'], description: null, active: false } });
    expect(u).toMatchObject({ event_types: [], description: null, active: false });
    const ev = await s.sql.query(`select type, data from webhooks.outbox_event where tenant_id = $1 and data->>'id' = $2 order by created_at`, [
      s.shop.tenant_id,
      e.id,
    ]);
    expect(ev.rows.map((r) => r.type)).toEqual(['webhook_endpoint.created', 'webhook_endpoint.updated']);
    expect(ev.rows[1].data.fields.sort()).toEqual(['active', 'description', 'event_types']);
    await run(DELETE, { id: e.id });
    expect((await p.graphql(GET, { id: e.id }, { token: s.admin })).body.errors[0].extensions.code).toBe('not_found');
  });

  it('keeps at most WEBHOOK_ENDPOINT_CONCURRENCY (2) requests in flight to one endpoint; the others wait without an attempt', async () => {
    const e = await create({ url: rx.url('/limited'), event_types: PING_ONLY });
    rx.script('/limited', ['hang']);
    const pings = await Promise.all([1, 2, 3, 4, 5, 6].map(() => run(PING, { id: e.id })));
    let answered = 0;
    while (answered < pings.length) {
      const want = Math.min(2, pings.length - answered);
      await waitFor(`${want} requests held open`, () => (rx.openAt('/limited') >= want ? true : null));
      answered += rx.answerOpen('/limited', 204);
    }
    expect(rx.mostOpenAt('/limited')).toBe(2);
    for (const d of pings) expect(await settled(d.id)).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(rx.at('/limited')).toHaveLength(6);
  });

  it('signs every delivery: the standardwebhooks library and the x-svc-signature recipe verify it; verifyWebhook refuses stale ones', async () => {
    const e = await create({ url: rx.url('/signed'), event_types: PING_ONLY });
    const d = await run(PING, { id: e.id });
    expect(d).toMatchObject({ event_type: 'webhook.ping', status: 'pending', ordering_key: e.id });
    await settled(d.id);
    const [r] = rx.at('/signed');
    const body = JSON.parse(r.body);
    // the first number of an entity is its event's time in microseconds
    expect(body).toEqual({
      id: d.event_id,
      type: 'webhook.ping',
      created_at: expect.any(String),
      ordering_key: e.id,
      sequence: Date.parse(body.created_at) * 1000,
      data: { endpoint_id: e.id, message: expect.any(String) },
    });
    expect(d.sequence).toBe(String(body.sequence));
    // Standard Webhooks, the library unchanged
    const payload = new Webhook(e.secret).verify(r.body, r.headers as Record<string, string>);
    expect(payload).toEqual(body);
    expect(r.headers['webhook-id']).toBe(d.event_id);
    expect(() =>
      new Webhook(`whsec_${Buffer.from('another key of 24 bytes!').toString('base64')}`).verify(r.body, r.headers as Record<string, string>),
    ).toThrow();
    // the documented recipe: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>
    const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(r.headers['x-svc-signature']));
    expect(m).not.toBeNull();
    expect(createHmac('sha256', e.secret).update(`${m![1]}.${r.body}`).digest('hex')).toBe(m![2]);
    expect(Math.abs(Number(m![1]) - Date.now() / 1000)).toBeLessThan(60);
    // the receiver helper: both schemes, tampering and stale timestamps refused
    expect(verifyWebhook(e.secret, r.headers, r.body)).toEqual(body);
    const { 'x-svc-signature': _svc, ...standardOnly } = r.headers;
    expect(verifyWebhook(e.secret, standardOnly, r.body)).toEqual(body);
    expect(() => verifyWebhook(e.secret, r.headers, r.body.replace('ping', 'pong'))).toThrow('No signature matches');
    expect(() => verifyWebhook(e.secret, r.headers, r.body, { now: Number(m![1]) + 301 })).toThrow(/timestamp/);
    expect(() => verifyWebhook(e.secret, standardOnly, r.body, { now: Number(m![1]) - 400, toleranceSeconds: 60 })).toThrow(/timestamp/);
    expect(() => verifyWebhook(e.secret, {}, r.body)).toThrow('no webhook signature');
  });

  it('retries a failing receiver: two failures then success, acknowledged once, three attempts logged', async () => {
    rx.script('/flaky', [{ status: 500, body: 'boom' }, { status: 502 }, { status: 200, body: 'thanks' }]);
    const e = await create({ url: rx.url('/flaky'), event_types: PING_ONLY });
    const d = await settled((await run(PING, { id: e.id })).id);
    expect(d.attempts).toBe(3);
    expect(d.attempt_log.map((a: any) => [a.number, a.success, a.status_code])).toEqual([
      [1, false, 500],
      [2, false, 502],
      [3, true, 200],
    ]);
    expect(d.attempt_log[0]).toMatchObject({ response_snippet: 'boom', error: 'HTTP 500' });
    expect(d.attempt_log[2].response_snippet).toBe('thanks');
    // no real wait for a fourth request that must not come: a later delivery through the same
    // dispatcher is the barrier (it is claimed after the acknowledged one was written delivered)
    const barrier = await create({ url: rx.url('/flaky-barrier'), event_types: PING_ONLY });
    await settled((await run(PING, { id: barrier.id })).id);
    expect(rx.at('/flaky-barrier')).toHaveLength(1);
    expect((await delivery(d.id)).attempts).toBe(3);
    const got = rx.at('/flaky');
    expect(got).toHaveLength(3);
    expect(new Set(got.map((g) => g.headers['webhook-id'])).size).toBe(1);
  });

  it('honours Retry-After on 429, counts 3xx as a failure, disables the endpoint on 410', async () => {
    // Retry-After is scaled like the schedule: a day (the longest honoured) is ~173 ms at this test's
    // scale, where the schedule alone would retry after microseconds
    rx.script('/busy', [{ status: 429, headers: { 'retry-after': String(24 * 3600) } }, { status: 200 }]);
    const busy = await create({ url: rx.url('/busy'), event_types: PING_ONLY });
    rx.script('/moved', [{ status: 302, headers: { location: rx.url('/elsewhere') } }, { status: 204 }]);
    const moved = await create({ url: rx.url('/moved'), event_types: PING_ONLY });
    rx.script('/gone', [{ status: 410 }]);
    const gone = await create({ url: rx.url('/gone'), event_types: PING_ONLY });
    const [b, m, g] = await Promise.all([busy, moved, gone].map((e) => run(PING, { id: e.id })));

    const bd = await settled(b.id);
    const [first, second] = rx.at('/busy');
    expect(second.at - first.at).toBeGreaterThanOrEqual(0.9 * 24 * 3600 * 0.000002 * 1000 - 5);
    expect(bd.attempt_log.map((a: any) => a.status_code)).toEqual([429, 200]);

    const md = await settled(m.id);
    expect(md.attempt_log.map((a: any) => [a.status_code, a.success])).toEqual([
      [302, false],
      [204, true],
    ]);
    expect(md.attempt_log[0].error).toMatch(/redirect/);
    expect(rx.at('/elsewhere')).toHaveLength(0);

    const gd = await settled(g.id, 'failed');
    expect(gd.attempts).toBe(1);
    const ge = await run(GET, { id: gone.id });
    expect(ge).toMatchObject({ active: false, disabled_reason: expect.stringMatching(/410/) });
    const ev = await s.sql.query(`select data from webhooks.outbox_event where type = 'webhook_endpoint.disabled' and data->>'id' = $1`, [gone.id]);
    expect(ev.rows).toHaveLength(1);
    expect(rx.at('/gone')).toHaveLength(1);
    expect((await refused(PING, { id: gone.id })).code).toBe('endpoint_inactive');
  });

  it('dead-letters after the (scaled) schedule; replays one, then the failures of a time range', async () => {
    rx.script('/down', [{ status: 500 }]);
    const e = await create({ url: rx.url('/down'), event_types: PING_ONLY });
    const from = new Date(Date.now() - 1000).toISOString();
    const pings = await Promise.all([1, 2, 3].map(() => run(PING, { id: e.id })));
    const dead = await Promise.all(pings.map((d) => settled(d.id, 'failed', 120_000)));
    for (const d of dead) {
      expect(d.attempts).toBe(10);
      expect(d.last_error).toBe('HTTP 500');
    }
    const ev = await s.sql.query(`select data from webhooks.outbox_event where type = 'webhook_delivery.dead_lettered' and data->>'endpoint_id' = $1`, [e.id]);
    expect(ev.rows).toHaveLength(3);
    expect(rx.at('/down')).toHaveLength(30);

    rx.script('/down', [{ status: 200 }]);
    const replayed = await run(REPLAY, { id: dead[0].id });
    expect(replayed.status).toBe('pending');
    const one = await settled(dead[0].id);
    expect(one.attempts).toBe(11);
    expect(one.attempt_log.at(-1)).toMatchObject({ number: 11, success: true });

    const to = new Date(Date.now() + 1000).toISOString();
    expect(
      (await run(REPLAY_FAILED, { input: { from: new Date(Date.now() + 60_000).toISOString(), to: new Date(Date.now() + 120_000).toISOString() } })).replayed,
    ).toBe(0);
    expect((await run(REPLAY_FAILED, { input: { from, to, endpoint_id: e.id } })).replayed).toBe(2);
    await Promise.all(dead.slice(1).map((d) => settled(d.id)));
    expect(rx.at('/down')).toHaveLength(33);
  });

  it('rotates the secret: during the overlap both signatures are sent and either secret verifies', async () => {
    const e = await create({ url: rx.url('/rotating'), event_types: PING_ONLY });
    const r = await run(ROTATE, { id: e.id, input: { overlap_hours: 1 } });
    expect(r.secret).toMatch(/^whsec_/);
    expect(r.secret).not.toBe(e.secret);
    expect(Date.parse(r.previous_secret_expires_at) - Date.now()).toBeGreaterThan(3_500_000);
    await settled((await run(PING, { id: e.id })).id);
    const [got] = rx.at('/rotating');
    expect(String(got.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(String(got.headers['x-svc-signature']).match(/v1=/g)).toHaveLength(2);
    for (const secret of [e.secret, r.secret]) {
      expect(new Webhook(secret).verify(got.body, got.headers as Record<string, string>)).toMatchObject({ type: 'webhook.ping' });
      expect(verifyWebhook(secret, got.headers, got.body)).toMatchObject({ type: 'webhook.ping' });
    }
    // without overlap the old secret stops at once
    const r2 = await run(ROTATE, { id: e.id, input: { overlap_hours: 0 } });
    expect(r2.previous_secret_expires_at).toBeNull();
    await settled((await run(PING, { id: e.id })).id);
    const last = rx.at('/rotating')[1];
    expect(String(last.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(() => verifyWebhook(r.secret, last.headers, last.body)).toThrow();
    expect(verifyWebhook(r2.secret, last.headers, last.body)).toMatchObject({ type: 'webhook.ping' });
  });

  it('refuses private targets at save time unless allow-listed, and at delivery time after resolving', async () => {
    const before = await countEndpoints(s.shop.tenant_id);
    for (const url of [
      'http://127.0.0.1:9/x',
      'http://127.1.2.3/x',
      'http://10.0.0.7/x',
      'http://169.254.169.254/latest/meta-data',
      'http://192.168.1.1/',
      'http://100.64.0.1/',
      'http://[::1]:8080/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:a9fe:a9fe]/',
      'http://[fd00::1]/',
      'http://[fe80::1]/',
      'http://0.0.0.0/',
      'http://224.0.0.1/',
      'http://metadata.internal/',
      'http://printer.local/',
      'http://intranet/',
      'http://foo.localhost/',
    ]) {
      const err = await refused(CREATE, { input: { url } });
      expect({ url, code: err.code, type: err.type }).toEqual({ url, code: 'invalid_field', type: 'validation_error' });
    }
    expect(await countEndpoints(s.shop.tenant_id)).toBe(before);

    // a public-looking name that resolves to loopback is refused when delivering (the resolver is this test's)
    const guard = svc().guard;
    const lookup = guard.lookup;
    guard.lookup = async (host) => (host === 'rebind.example.com' ? [{ address: '127.0.0.1', family: 4 }] : lookup(host));
    try {
      const e = await create({ url: `http://rebind.example.com:${rx.port}/rebind` });
      const d = await settled((await run(PING, { id: e.id })).id, 'pending');
      const failed = await waitFor('a refused attempt', async () => ((await delivery(d.id)).attempts > 0 ? delivery(d.id) : null));
      expect(failed.attempt_log[0]).toMatchObject({
        success: false,
        status_code: null,
        error: expect.stringMatching(/^refused: rebind\.example\.com resolves to 127\.0\.0\.1/),
      });
      await run(DELETE, { id: e.id });
    } finally {
      guard.lookup = lookup;
    }
    expect(rx.at('/rebind')).toHaveLength(0);

    // the operator's exception: an endpoint the operator exempted reaches a loopback address
    const err = await refused(CREATE, { input: { url: rx.url('/exempt', '127.0.0.1'), allow_private_network: true } });
    expect(err).toMatchObject({ type: 'permission_error', code: 'operator_only' });
    const ctx = systemContext(p.log, s.shop.tenant_id, 'test');
    const ex = await svc().endpoints.create(ctx, { url: rx.url('/exempt', '127.0.0.1'), allow_private_network: true, event_types: PING_ONLY });
    await settled((await run(PING, { id: ex.id })).id);
    expect(rx.at('/exempt')).toHaveLength(1);
    // an admin may change other fields, but a new URL loses the exemption (and is checked again)
    expect(await run(UPDATE, { id: ex.id, input: { description: 'kept' } })).toMatchObject({ allow_private_network: true });
    expect((await refused(UPDATE, { id: ex.id, input: { url: 'http://169.254.169.254/latest/meta-data' } })).code).toBe('invalid_field');
    expect(await run(UPDATE, { id: ex.id, input: { url: 'https://hooks.example.com/moved' } })).toMatchObject({
      allow_private_network: false,
      url: 'https://hooks.example.com/moved',
    });
  });

  it('numbers events about one entity in the order their domain wrote them, however late one is handed over', async () => {
    const e = await create({ url: rx.url('/late'), event_types: ['zz.*'] });
    const ctx = systemContext(p.log, s.shop.tenant_id, 'test');
    const key = 'zz_late_entity';
    const at = (ms: number) => new Date(Date.parse('2026-01-01T00:00:00.000Z') + ms).toISOString();
    const ev = (id: string, type: string, ms: number, position: string) => ({
      id,
      type,
      tenant_id: s.shop.tenant_id,
      request_id: null,
      created_at: at(ms),
      data: { id: key },
      position,
    });
    // the queue hands over the third event first, then the first (late), then the second (late), then a fourth
    const fan = async (x: ReturnType<typeof ev>) => {
      expect(await svc().deliveries.fanOut(ctx, [x])).toBe(1);
      const [row] = (await s.sql.query(`select sequence::text s from webhooks.webhook_delivery where event_id = $1`, [x.id])).rows;
      return BigInt(row.s);
    };
    const third = await fan(ev('evt_late_3', 'zz.updated', 20, '30'));
    const first = await fan(ev('evt_late_1', 'zz.created', 0, '10'));
    const second = await fan(ev('evt_late_2', 'zz.updated', 10, '20'));
    const fourth = await fan(ev('evt_late_4', 'zz.updated', 20, '40'));
    // the newest-written event keeps the highest number: a receiver keeping the highest applied ends on it
    expect(third).toBe(BigInt(Date.parse(at(20))) * 1000n);
    expect(first < third && second < third).toBe(true);
    // written later in the same millisecond: one more than the last number, never equal
    expect(fourth).toBe(third + 1n);
    await run(DELETE, { id: e.id });
  });

  it("delivers every domain's events to the endpoints of their tenant only, ordered per entity", async () => {
    const mine = await create({ url: rx.url('/shop-events'), event_types: ['redirect.*', 'customer.created'] });
    const theirs = await create({ url: rx.url('/other-events'), event_types: [] }, s.otherAdmin);
    const red = await run(REDIRECT, { input: { source: '/wh-old', target: '/wh-new' } });
    await run(UPDATE_REDIRECT, { id: red.id, input: { target: '/wh-newer' } });
    await p.registerCustomer(s.shop.publishable_key, 'wh-customer@example.com');
    const got = await waitFor('three shop events', () => (rx.at('/shop-events').length >= 3 ? rx.at('/shop-events') : null));
    const bodies = got.map((g: Received) => JSON.parse(g.body));
    const redirects = bodies.filter((b) => b.type.startsWith('redirect.')).sort((a, b) => a.sequence - b.sequence);
    expect(redirects.map((b) => [b.type, b.ordering_key])).toEqual([
      ['redirect.created', red.id],
      ['redirect.updated', red.id],
    ]);
    expect(redirects[1].sequence).toBeGreaterThan(redirects[0].sequence);
    expect(bodies.find((b) => b.type === 'customer.created')).toMatchObject({ data: { email: 'wh-customer@example.com' } });
    for (const g of got) expect(verifyWebhook(mine.secret, g.headers, g.body)).toBeTruthy();
    // the other store's catch-all endpoint saw none of it, nor this domain's own events: an event's
    // fan-out writes the deliveries of every endpoint it matches in one transaction, so once the
    // shop's three arrived, a delivery to the other store would exist already (no waiting needed)
    const leaked = await s.sql.query(`select count(*)::int n from webhooks.webhook_delivery where endpoint_id = $1`, [theirs.id]);
    expect(leaked.rows[0].n).toBe(0);
    expect(rx.at('/other-events')).toHaveLength(0);
    expect(await deliveriesOf(theirs.id, s.otherAdmin)).toHaveLength(0);
    // and the other store's admin sees nothing of this store's
    const shopDeliveries = await deliveriesOf(mine.id);
    expect(shopDeliveries.length).toBe(3);
    const theirView = await run(DELIVERIES, { endpoint_id: mine.id }, s.otherAdmin);
    expect(theirView.count).toBe(0);
    for (const [q, vars] of [
      [GET, { id: mine.id }],
      [UPDATE, { id: mine.id, input: { active: false } }],
      [DELETE, { id: mine.id }],
      [ROTATE, { id: mine.id }],
      [PING, { id: mine.id }],
      [DELIVERY, { id: shopDeliveries[0].id }],
      [REPLAY, { id: shopDeliveries[0].id }],
    ] as const) {
      expect((await refused(q, vars, s.otherAdmin)).code).toBe('not_found');
    }
    expect(
      (await run(REPLAY_FAILED, { input: { from: new Date(Date.now() - 3_600_000).toISOString(), to: new Date().toISOString() } }, s.otherAdmin)).replayed,
    ).toBe(0);
    expect(
      (
        await refused(
          REPLAY_FAILED,
          { input: { from: new Date(Date.now() - 3_600_000).toISOString(), to: new Date().toISOString(), endpoint_id: mine.id } },
          s.otherAdmin,
        )
      ).code,
    ).toBe('not_found');
    expect(await run(GET, { id: mine.id })).toMatchObject({ active: true });
    // customers and anonymous callers are refused
    const customer = await p.registerCustomer(s.shop.publishable_key);
    expect((await p.graphql(LIST, {}, { token: customer.token, key: s.shop.publishable_key })).body.errors[0].extensions.type).toBe('permission_error');
    expect((await p.graphql(LIST, {}, { key: s.shop.publishable_key })).body.errors[0].extensions.type).toBe('authentication_error');
  });

  it('shapes payloads with a GraphQL selection, validated against the supergraph when saved', async () => {
    const selection = 'query($id: String!) { redirect(id: $id) { id source target status_code } }';
    const e = await create({ url: rx.url('/shaped'), event_types: ['redirect.created'], selection });
    expect(e.selection).toBe(selection);
    const red = await run(REDIRECT, { input: { source: '/shaped-old', target: '/shaped-new' } });
    const [got] = await waitFor('a shaped delivery', () => (rx.at('/shaped').length ? rx.at('/shaped') : null));
    expect(JSON.parse(got.body)).toMatchObject({
      type: 'redirect.created',
      ordering_key: red.id,
      data: { redirect: { id: red.id, source: '/shaped-old', target: '/shaped-new', status_code: 301 } },
    });

    const before = await countEndpoints(s.shop.tenant_id);
    const bad: Array<[string, RegExp]> = [
      ['query { nope }', /does not validate against the graph: Cannot query field "nope"/],
      ['query($id: String!) { redirect(id: $id) { id colour } }', /Cannot query field "colour"/],
      ['mutation { deleteRedirect(id: "x") { id } }', /must be a query/],
      ['query($id: String!, $other: Int) { redirect(id: $id) { id } }', /only \$id/],
      ['query { redirect(id: "x") { id } } query B { brand { logo { url } } }', /exactly one query/],
      ['query {', /not a GraphQL document/],
    ];
    for (const [sel, message] of bad) {
      const r = await p.graphql(CREATE, { input: { url: rx.url('/never'), selection: sel } }, { token: s.admin });
      expect(r.body.errors[0].extensions).toMatchObject({ type: 'validation_error', code: 'invalid_field' });
      expect(r.body.errors[0].message).toMatch(message);
      const u = await p.graphql(UPDATE, { id: e.id, input: { selection: sel } }, { token: s.admin });
      expect(u.body.errors[0].extensions.code).toBe('invalid_field');
    }
    expect(await countEndpoints(s.shop.tenant_id)).toBe(before);
    expect((await run(GET, { id: e.id })).selection).toBe(selection);
  });

  it('refuses bad input on every mutation with a clear error and writes nothing', async () => {
    const e = await create({ url: rx.url('/valid') });
    const before = await countEndpoints(s.shop.tenant_id);
    const cases: Array<[string, Record<string, unknown>, string]> = [
      [CREATE, { input: { url: 'not a url' } }, 'invalid_field'],
      [CREATE, { input: { url: 'ftp://example.com/x' } }, 'invalid_field'],
      [CREATE, { input: { url: 'https://user:pw@example.com/x' } }, 'invalid_field'],
      [CREATE, { input: { url: `https://example.com/${'x'.repeat(2001)}` } }, 'invalid_field'],
      [CREATE, { input: { url: 'https://example.com/x', event_types: ['Order Placed'] } }, 'invalid_field'],
      [CREATE, { input: { url: 'https://example.com/x', description: 'd'.repeat(501) } }, 'invalid_field'],
      [UPDATE, { id: e.id, input: { url: 'http://10.1.1.1/' } }, 'invalid_field'],
      [UPDATE, { id: e.id, input: { event_types: ['nope'] } }, 'invalid_field'],
      [UPDATE, { id: 'whep_missing', input: { active: false } }, 'not_found'],
      [DELETE, { id: 'whep_missing' }, 'not_found'],
      [ROTATE, { id: e.id, input: { overlap_hours: 500 } }, 'invalid_field'],
      [ROTATE, { id: 'whep_missing' }, 'not_found'],
      [PING, { id: 'whep_missing' }, 'not_found'],
      [REPLAY, { id: 'whdl_missing' }, 'not_found'],
      [REPLAY_FAILED, { input: { from: 'yesterday', to: new Date().toISOString() } }, 'invalid_field'],
      [REPLAY_FAILED, { input: { from: new Date().toISOString(), to: new Date(Date.now() - 1000).toISOString() } }, 'invalid_field'],
      [REPLAY_FAILED, { input: { from: new Date(Date.now() - 40 * 86_400_000).toISOString(), to: new Date().toISOString() } }, 'invalid_field'],
    ];
    for (const [q, vars, code] of cases) {
      const err = await refused(q, vars);
      expect({ vars, code: err.code }).toEqual({ vars, code });
    }
    expect(await countEndpoints(s.shop.tenant_id)).toBe(before);
    expect(await run(GET, { id: e.id })).toMatchObject({ url: rx.url('/valid'), event_types: [], active: true });
    const rotations = await s.sql.query(
      `select count(*)::int n from webhooks.outbox_event where type = 'webhook_endpoint.secret_rotated' and data->>'id' = $1`,
      [e.id],
    );
    expect(rotations.rows[0].n).toBe(0);
  });

  it("binds the fan-out to the types the active endpoints of a tenant take: other tenants' and types' events make no job", async () => {
    const t = await p.createTenant();
    const ctx = systemContext(p.log, t.tenant_id, 'test');
    const site = p.services<SiteServices>('site');
    const QUEUE = 'sub_webhooks_fan-out';
    /** the tenant's binding keys, without the `@<tenant>` */
    const bound = async () =>
      (await s.sql.query(`select event from pgboss.subscription where name = $1 and event like $2 order by event`, [QUEUE, `%@${t.tenant_id}`])).rows.map(
        (r) => String(r.event).split('@')[0],
      );
    const published = (id: string, type = 'redirect.created') =>
      waitFor(`${type} ${id} relayed`, async () => {
        const r = await s.sql.query(`select published_at from site.outbox_event where data->>'id' = $1 and type = $2`, [id, type]);
        return r.rows[0]?.published_at ? r.rows[0] : null;
      });
    const jobsFor = async (id: string) =>
      Number((await s.sql.query(`select count(*)::int n from pgboss.job where name = $1 and data->'data'->>'id' = $2`, [QUEUE, id])).rows[0].n);
    /** an event of another type of the site domain, as its outbox would hold it */
    const themeEvent = async () => {
      const id = `theme_${Math.random().toString(36).slice(2)}`;
      await s.sql.query(
        `insert into site.outbox_event (id, tenant_id, type, data, request_id, created_at, attempts) values ($1, $2, 'theme.updated', $3, 'test', now(), 0)`,
        [`evt_${id}`, t.tenant_id, JSON.stringify({ id })],
      );
      await published(id, 'theme.updated');
      return id;
    };
    // a binding to every tenant's events is gone (the queue is bound per tenant)
    expect((await s.sql.query(`select 1 from pgboss.subscription where name = $1 and event = '*'`, [QUEUE])).rows).toHaveLength(0);

    // no endpoint, then an inactive one: not bound, and its event is relayed without a fan-out job
    expect(await bound()).toEqual([]);
    const off = await svc().endpoints.create(ctx, { url: rx.url('/bound'), event_types: ['redirect.*'], active: false });
    expect(await bound()).toEqual([]);
    const quiet = await site.redirects.create(ctx, { source: '/bind-1', target: '/a' });
    await published(quiet.id);
    expect(await jobsFor(quiet.id)).toBe(0);

    // activated: bound to its family, and the next event of it is delivered; an event of another type makes no job
    await svc().endpoints.update(ctx, off.id, { active: true });
    expect(await bound()).toEqual(['redirect.*']);
    const heard = await site.redirects.create(ctx, { source: '/bind-2', target: '/b' });
    await waitFor('delivered to the activated endpoint', () => rx.at('/bound').find((r) => JSON.parse(r.body).data.id === heard.id) ?? null);
    expect(await jobsFor(heard.id)).toBe(1);
    expect(await jobsFor(await themeEvent())).toBe(0);

    // a second active endpoint adds its types; the first deleted takes its family away; every event (`*`) is one key
    const second = await svc().endpoints.create(ctx, { url: rx.url('/bound-2'), event_types: ['redirect.created', 'theme.updated'] });
    expect(await bound()).toEqual(['redirect.*', 'redirect.created', 'theme.updated']);
    await svc().endpoints.remove(ctx, off.id);
    expect(await bound()).toEqual(['redirect.created', 'theme.updated']);
    expect(await jobsFor(await themeEvent())).toBe(1);
    await svc().endpoints.update(ctx, second.id, { event_types: ['*'] });
    expect(await bound()).toEqual(['*']);
    await svc().endpoints.update(ctx, second.id, { event_types: ['redirect.created'] });
    expect(await bound()).toEqual(['redirect.created']);
    // the last one deactivated: unbound
    await svc().endpoints.update(ctx, second.id, { active: false });
    expect(await bound()).toEqual([]);

    // an endpoint the dispatcher disabled (410) leaves the tenant bound until its next event, which
    // finds no active endpoint and unbinds it
    await svc().endpoints.update(ctx, second.id, { active: true });
    await s.sql.query(`update webhooks.webhook_endpoint set active = false where id = $1`, [second.id]);
    expect(await bound()).toEqual(['redirect.created']);
    const last = await site.redirects.create(ctx, { source: '/bind-3', target: '/c' });
    await waitFor('unbound by the idle fan-out', async () => ((await bound()).length ? null : true));
    expect(await jobsFor(last.id)).toBe(1);
    // fanned out to nobody but the theme event's endpoint (the delivery of the first event went with its endpoint)
    expect(await deliveriesCount(t.tenant_id)).toBe(1);
  });

  it('the demo seed adds one inactive endpoint', async () => {
    const [demo] = demoWebhookEndpoints();
    expect(demo.active).toBe(false);
    const t = await p.createTenant();
    const ctx = systemContext(p.log, t.tenant_id, 'test');
    await p.domains.find((d) => d.name === 'webhooks')!.seed!(svc(), { ctx, tenantId: t.tenant_id, publicUrl: p.url, staticDir: p.staticDir, log: p.log });
    const list = await svc().endpoints.list(ctx);
    expect(list.items).toEqual([expect.objectContaining({ url: demo.url, active: false })]);
  });

  it('a request slower than its lease is not sent again by the worker still waiting for it', async () => {
    rx.script('/outlived', ['hang', { status: 200 }]);
    const slow = await create({ url: rx.url('/outlived'), event_types: PING_ONLY });
    const d = await run(PING, { id: slow.id });
    await waitFor('the request to hang', () => rx.at('/outlived').length === 1);
    // its lease runs out while the receiver still holds the request
    await s.sql.query(`update webhooks.webhook_delivery set lease_until = now() - interval '1 second' where id = $1`, [d.id]);
    // the loop has claimed again since: a delivery made after the lease ran out is delivered
    const other = await create({ url: rx.url('/after-lease'), event_types: PING_ONLY });
    const later = await run(PING, { id: other.id });
    await waitFor(
      'the later delivery',
      async () => (await s.sql.query(`select status from webhooks.webhook_delivery where id = $1`, [later.id])).rows[0].status === 'delivered',
    );
    expect(rx.at('/outlived')).toHaveLength(1);
    // the answer, when it comes, is recorded: the lease is still this worker's
    expect(rx.answerOpen('/outlived', 200)).toBe(1);
    await waitFor(
      'the slow delivery recorded',
      async () => (await s.sql.query(`select status from webhooks.webhook_delivery where id = $1`, [d.id])).rows[0].status === 'delivered',
    );
    expect(rx.at('/outlived')).toHaveLength(1);
  });

  // last: it stops the shared platform
  it('a delivery whose worker stopped mid-request is delivered by the next platform', async () => {
    rx.script('/slow', ['hang', { status: 200 }]);
    const e = await create({ url: rx.url('/slow'), event_types: PING_ONLY });
    const d = await run(PING, { id: e.id });
    await waitFor('the first request to hang', () => rx.at('/slow').length === 1);
    await p.close(); // the worker dies mid-delivery: nothing is recorded, the lease stays
    const row = (await s.sql.query(`select status, attempts, lease_until from webhooks.webhook_delivery where id = $1`, [d.id])).rows[0];
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    expect(row.lease_until).not.toBeNull();

    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: p.dbUrl,
      // the same installation: the generated secrets in its data directory unseal the endpoints' signing secrets
      DATA_DIR: p.config.dataDir,
      DB_POOL_SIZE: '4',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      ...TEST_SETTINGS,
      RATE_LIMIT_DISABLED: 'true',
      WEBHOOK_ALLOW_HOSTS: 'localhost',
      WEBHOOK_POLL_MS: '100',
      WEBHOOK_LEASE_SECONDS: '2',
    });
    let next: Platform | undefined;
    try {
      next = await startPlatform({ config });
      await waitFor(
        'the delivery by the next platform',
        async () => {
          const r = await s.sql.query(`select status from webhooks.webhook_delivery where id = $1`, [d.id]);
          return r.rows[0].status === 'delivered';
        },
        60_000,
      );
      const got = rx.at('/slow');
      expect(got).toHaveLength(2);
      expect(got[1].headers['webhook-id']).toBe(got[0].headers['webhook-id']);
      const attempts = await s.sql.query(`select number, success from webhooks.webhook_attempt where delivery_id = $1`, [d.id]);
      expect(attempts.rows).toEqual([{ number: 1, success: true }]);
    } finally {
      await next?.close();
    }
  });
});
