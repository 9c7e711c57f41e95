import { Client } from 'pg';
import type { TenantCredentials } from '@svc/identity';
import type { PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';
import { openStream, type SseStream } from '../support/sse';
import { waitFor } from '../support/wait';
import { WebhookReceiver } from '../support/webhook-receiver';

/**
 * The assistant's chat streams and plan decisions on the shared platform: the SSE events of a turn,
 * approve (the actions run in order as the caller, each result streamed, a failure stops the rest
 * and says what ran), reject (nothing runs), a second decision, a client that disconnected, both
 * doors (an agent key acting with its store's admin rights), tenant isolation, refusals before the
 * stream opens, and the credits each call spends.
 */
describe('assistant plans and streams', () => {
  let p: PlatformClient;
  let sql: Client;
  let shop: TenantCredentials;
  let other: TenantCredentials;
  let admin: string;
  let otherAdmin: string;

  const stream = (body: unknown, o: { token?: string; door?: 'admin' | 'agent'; headers?: Record<string, string> } = {}): Promise<SseStream> =>
    openStream(`${p.url}/api${o.door === 'agent' ? '/v1/chat/stream' : '/admin/ai/chat/stream'}`, {
      token: o.token ?? (o.door === 'agent' ? shop.agent_api_key : admin),
      body,
      headers: o.headers,
    });
  const decide = (streamId: string, what: 'approve' | 'reject', o: { token?: string; door?: 'admin' | 'agent' } = {}) =>
    p.api('POST', `${o.door === 'agent' ? '/v1/chat/stream' : '/admin/ai/chat/stream'}/${streamId}/${what}`, {
      token: o.token ?? (o.door === 'agent' ? shop.agent_api_key : admin),
      body: {},
    });
  const product = async (handle: string) => {
    const id = (await p.api('GET', `/store/products/${handle}`, { key: shop.publishable_key })).body.product.id;
    const q = `query($id: String!) { adminProduct(id: $id) { variants { inventory_quantity prices { amount currency_code } } } }`;
    return (await p.graphql(q, { id }, { token: admin })).body.data.adminProduct;
  };
  const eurPrices = (prod: any) => prod.variants.map((v: any) => v.prices.find((x: any) => x.currency_code === 'eur')?.amount);
  const outbox = async (type: string, tenantId = shop.tenant_id) =>
    (await sql.query(`select data from assistant.outbox_event where tenant_id = $1 and type = $2 order by position`, [tenantId, type])).rows.map((r) => r.data);

  beforeAll(async () => {
    p = await sharedPlatform();
    sql = new Client({ connectionString: p.dbUrl });
    await sql.connect();
    shop = await p.createTenant();
    other = await p.createTenant();
    admin = await p.adminToken(shop);
    otherAdmin = await p.adminToken(other);
    await p.seedCatalog(shop.tenant_id);
    await p.seedCatalog(other.tenant_id);
    for (const token of [admin, otherAdmin])
      expect((await p.graphql(`mutation { rebuildSearchIndex { products } }`, {}, { token })).body.errors).toBeUndefined();
    // enough credits for the suite (the starter allowance is 500 a month)
    const plan = await p.graphql(
      `mutation { setAssistantCreditPlan(plan: "growth") { allowance } }`,
      {},
      { token: p.secrets.operatorToken, key: shop.publishable_key },
    );
    expect(plan.body.data.setAssistantCreditPlan.allowance).toBe(2000);
  });
  afterAll(async () => {
    await sql?.end();
  });

  it('streams session, tokens and the plan; approval runs it as the caller and streams each result, then done', async () => {
    const before = await product('classic-organic-tee');
    const s = await stream({ message: 'set the price of the organic tee to 29 euros', session_id: 'stream-1' });
    expect(s.status).toBe(200);
    expect(s.contentType).toBe('text/event-stream');
    const first = await s.until('plan');
    expect(first[0]).toEqual({
      event: 'session',
      data: {
        stream_id: expect.stringMatching(/^strm_/),
        session_id: 'stream-1',
        skill: expect.objectContaining({ id: 'pricing-strategist' }),
        suggestions: expect.any(Array),
        offline: true,
        tier: 'fast',
        credits: 1,
      },
    });
    const streamId = first[0].data.stream_id;
    const tokens = first.filter((e) => e.event === 'token').map((e) => e.data.text);
    expect(tokens.length).toBeGreaterThan(5);
    expect(tokens.join('')).toContain('Set price “Classic Organic Tee” to 29.00 EUR');
    const plan = first[first.length - 1].data;
    expect(plan).toMatchObject({ stream_id: streamId, status: 'pending', actions: [{ type: 'set_price', operation: 'setVariantPrices' }] });
    // nothing ran yet
    expect(eurPrices(await product('classic-organic-tee'))).toEqual(eurPrices(before));

    const approved = await decide(streamId, 'approve');
    expect(approved.status).toBe(200);
    expect(approved.body.plan).toMatchObject({
      id: plan.id,
      status: 'executed',
      decided_at: expect.any(String),
      results: [
        { index: 0, type: 'set_price', status: 'succeeded', error: null, result: { amount: 29, currency_code: 'eur', variants: before.variants.length } },
      ],
    });
    const after = await product('classic-organic-tee');
    expect(eurPrices(after).every((x: number) => x === 29)).toBe(true);
    // other currencies kept their prices
    const usd = (prod: any) => prod.variants.map((v: any) => v.prices.find((x: any) => x.currency_code === 'usd')?.amount);
    expect(usd(after)).toEqual(usd(before));

    // the open stream reports what ran, from the store's events, then ends
    const rest = await s.rest();
    expect(rest).toEqual([
      { event: 'action_result', data: expect.objectContaining({ index: 0, type: 'set_price', status: 'succeeded' }) },
      { event: 'done', data: { status: 'executed', plan_id: plan.id, ran: ['set_price'], not_run: [] } },
    ]);
    // typed events, in the unit of work of each change
    expect(await outbox('assistant.plan_approved')).toContainEqual({
      id: plan.id,
      stream_id: streamId,
      session_id: 'stream-1',
      skill: 'pricing-strategist',
      actions: 1,
    });
    expect(await outbox('assistant.action_executed')).toContainEqual(
      expect.objectContaining({ plan_id: plan.id, stream_id: streamId, index: 0, count: 1, status: 'succeeded', plan_status: 'executed', error: null }),
    );

    // a second decision, either way
    for (const what of ['approve', 'reject'] as const) {
      const again = await decide(streamId, what);
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ type: 'conflict', code: 'plan_already_decided' });
    }
  });

  it('reject runs nothing and ends the stream; the plan stays rejected', async () => {
    const before = await product('stoneware-mug');
    const s = await stream({ message: 'add 20 units of the stoneware mug to stock' });
    const first = await s.until('plan');
    const streamId = first[0].data.stream_id;
    const rejected = await decide(streamId, 'reject');
    expect(rejected.status).toBe(200);
    expect(rejected.body.plan).toMatchObject({ status: 'rejected', results: [] });
    expect(await s.rest()).toEqual([
      { event: 'done', data: { status: 'rejected', plan_id: first[first.length - 1].data.id, ran: [], not_run: ['adjust_inventory'] } },
    ]);
    const after = await product('stoneware-mug');
    expect(after.variants.map((v: any) => v.inventory_quantity)).toEqual(before.variants.map((v: any) => v.inventory_quantity));
    expect(await outbox('assistant.plan_rejected')).toContainEqual(expect.objectContaining({ stream_id: streamId }));
    expect((await decide(streamId, 'approve')).body.code).toBe('plan_already_decided');
  });

  it('a client that disconnects loses nothing: the plan stays decidable, and one-turn plans are decided the same way', async () => {
    const s = await stream({ message: 'add 5 units of the stoneware mug to stock' }, { door: 'agent' });
    const first = await s.until('plan');
    const before = await product('stoneware-mug');
    s.abort();
    // the agent key approves its own plan at its door; it acts with its store's admin rights
    const approved = await decide(first[0].data.stream_id, 'approve', { door: 'agent' });
    expect(approved.status).toBe(200);
    expect(approved.body.plan.status).toBe('executed');
    const after = await product('stoneware-mug');
    expect(after.variants.map((v: any) => v.inventory_quantity)).toEqual(before.variants.map((v: any) => v.inventory_quantity + 5));

    const turn = await p.api('POST', '/admin/ai/chat', { token: admin, body: { message: 'create a collection called Rainy Day Picks' } });
    expect(turn.body.plan).toMatchObject({ stream_id: turn.body.stream_id, status: 'pending' });
    const made = await decide(turn.body.stream_id, 'approve');
    expect(made.body.plan).toMatchObject({
      status: 'executed',
      results: [{ type: 'create_collection', status: 'succeeded', result: { handle: 'rainy-day-picks' } }],
    });
    const collections = await p.api('GET', '/store/collections?limit=100', { key: shop.publishable_key });
    expect(collections.body.collections.map((c: any) => c.handle)).toContain('rainy-day-picks');
  });

  it('a failing action stops the rest and says what ran', async () => {
    const before = await product('classic-organic-tee');
    // the collection exists already (previous test): the first action fails, the price change never runs
    const s = await stream({ message: 'create a collection called Rainy Day Picks, then set the price of the organic tee to 31 euros' });
    const first = await s.until('plan');
    const plan = first[first.length - 1].data;
    expect(plan.actions.map((a: any) => a.type)).toEqual(['create_collection', 'set_price']);
    const r = await decide(first[0].data.stream_id, 'approve');
    expect(r.status).toBe(200);
    expect(r.body.plan).toMatchObject({
      status: 'failed',
      results: [{ index: 0, type: 'create_collection', status: 'failed', result: null, error: { type: 'conflict' } }],
    });
    expect(r.body.plan.results).toHaveLength(1);
    expect(await s.rest()).toEqual([
      { event: 'action_result', data: expect.objectContaining({ index: 0, status: 'failed', error: expect.objectContaining({ type: 'conflict' }) }) },
      { event: 'done', data: { status: 'failed', plan_id: plan.id, ran: [], not_run: ['create_collection', 'set_price'] } },
    ]);
    expect(eurPrices(await product('classic-organic-tee'))).toEqual(eurPrices(before));
  });

  it('answers without a plan in one stream; refuses before the stream opens (door, input, disabled skill)', async () => {
    const s = await stream({ message: 'list all unfulfilled orders' });
    const events = await s.rest();
    expect(events[0].event).toBe('session');
    expect(events[events.length - 1]).toEqual({
      event: 'done',
      data: { status: 'answered', reply: expect.stringContaining('order'), result: expect.objectContaining({ count: expect.any(Number) }), plan_id: null },
    });

    // doors: an agent key at the admin stream, an admin token at the agent stream, a browser at /v1
    expect((await stream({ message: 'list orders' }, { token: shop.agent_api_key })).status).toBe(401);
    expect((await stream({ message: 'list orders' }, { door: 'agent', token: admin })).status).toBe(401);
    const browser = await stream({ message: 'list orders' }, { door: 'agent', headers: { origin: 'https://shop.example.com' } });
    expect([browser.status, browser.error.code]).toEqual([403, 'origin_not_allowed']);
    for (const body of [{}, { message: '' }, { message: 'hi', extra: 1 }]) {
      const bad = await stream(body);
      expect([bad.status, bad.contentType, bad.error.type]).toEqual([400, 'application/json', 'validation_error']);
    }
    await p.graphql(
      `mutation { configureAssistantSkills(skills: [{id: "inventory-manager", enabled: false}]) { enabled_count } }`,
      {},
      {
        token: p.secrets.operatorToken,
        key: shop.publishable_key,
      },
    );
    const plans = (await sql.query(`select count(*)::int as n from assistant.plan where tenant_id = $1`, [shop.tenant_id])).rows[0].n;
    const disabled = await stream({ message: 'add 20 units of the stoneware mug to stock' });
    expect([disabled.status, disabled.error.code]).toEqual([403, 'skill_disabled']);
    expect((await sql.query(`select count(*)::int as n from assistant.plan where tenant_id = $1`, [shop.tenant_id])).rows[0].n).toBe(plans);
    await p.graphql(
      `mutation { configureAssistantSkills(skills: [{id: "inventory-manager", enabled: true}]) { enabled_count } }`,
      {},
      {
        token: p.secrets.operatorToken,
        key: shop.publishable_key,
      },
    );
  });

  it('a plan is decided only by its caller in its store: anyone else gets 404 and nothing runs', async () => {
    const turn = await p.api('POST', '/admin/ai/chat', { token: admin, body: { message: 'add 7 units of the stoneware mug to stock' } });
    const id = turn.body.stream_id;
    expect((await decide(id, 'approve', { token: otherAdmin })).status).toBe(404);
    expect((await decide(id, 'reject', { door: 'agent' })).status).toBe(404);
    expect((await decide(id, 'approve', { door: 'agent', token: other.agent_api_key })).status).toBe(404);
    expect((await decide('strm_0000000000000000000000000', 'approve')).status).toBe(404);
    expect((await decide('not a stream id', 'approve')).status).toBe(400);
    expect((await p.api('POST', `/admin/ai/chat/stream/${id}/approve`, { token: shop.agent_api_key, body: {} })).status).toBe(401);
    const view = await p.graphql(`query($s: String!) { assistantPlan(stream_id: $s) { status } }`, { s: id }, { token: admin });
    expect(view.body.data.assistantPlan.status).toBe('pending');
    expect((await decide(id, 'reject')).body.plan.status).toBe('rejected');
  });

  it('every call spends credits by tier (offline: fast), shown per skill and day in admin GraphQL', async () => {
    const q = `query($d: String!) { assistantCredits { plan allowance allowance_used balance } assistantCreditUsage(from: $d, to: $d) { day skill tier calls credits } }`;
    const day = new Date().toISOString().slice(0, 10);
    const before = (await p.graphql(q, { d: day }, { token: admin })).body.data;
    await p.api('POST', '/v1/extract-actions', { token: shop.agent_api_key, body: { message: 'how many merino beanies do we have in stock' } });
    await p.api('POST', '/admin/ai/chat', { token: admin, body: { message: 'how many merino beanies do we have in stock' } });
    const after = (await p.graphql(q, { d: day }, { token: admin })).body.data;
    expect(after.assistantCredits.plan).toBe('growth');
    expect(after.assistantCredits.allowance_used - before.assistantCredits.allowance_used).toBe(2);
    const inv = (d: any) => d.assistantCreditUsage.find((u: any) => u.skill === 'inventory-manager') ?? { calls: 0, credits: 0 };
    expect(inv(after)).toMatchObject({ day, tier: 'fast', calls: inv(before).calls + 2, credits: inv(before).credits + 2 });
    // another store's usage is its own
    const theirs = (await p.graphql(q, { d: day }, { token: otherAdmin })).body.data;
    expect(theirs.assistantCreditUsage).toEqual([]);
    // the ledger is append-only
    await expect(sql.query(`delete from assistant.credit_entry where tenant_id = $1`, [shop.tenant_id])).rejects.toThrow(/append-only/);
  });

  it('plan_created, plan_approved, plan_rejected and action_executed reach a subscribed webhook endpoint', async () => {
    const rx = await new WebhookReceiver().start();
    try {
      const created = await p.graphql(
        'mutation($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { id secret } }',
        { input: { url: 'https://hooks.example.com/assistant', event_types: ['assistant.*'] } },
        { token: admin },
      );
      expect(created.body.errors).toBeUndefined();
      // the receiver on this machine is a private target: the endpoint gets the operator's exemption in its row
      await sql.query(`update webhooks.webhook_endpoint set url = $1, allow_private_network = true where id = $2`, [
        rx.url('/assistant'),
        created.body.data.createWebhookEndpoint.id,
      ]);
      const approvedTurn = await p.api('POST', '/admin/ai/chat', { token: admin, body: { message: 'create a collection called Hook Picks' } });
      await decide(approvedTurn.body.stream_id, 'approve');
      const rejectedTurn = await p.api('POST', '/admin/ai/chat', { token: admin, body: { message: 'create a collection called Hook Rejects' } });
      await decide(rejectedTurn.body.stream_id, 'reject');
      const delivered = () => rx.at('/assistant').map((r) => JSON.parse(r.body) as { type: string; data: any });
      const of = (type: string, streamId: string) => delivered().find((b) => b.type === type && b.data.stream_id === streamId);
      const want: Array<[string, string]> = [
        ['assistant.plan_created', approvedTurn.body.stream_id],
        ['assistant.plan_approved', approvedTurn.body.stream_id],
        ['assistant.action_executed', approvedTurn.body.stream_id],
        ['assistant.plan_created', rejectedTurn.body.stream_id],
        ['assistant.plan_rejected', rejectedTurn.body.stream_id],
      ];
      for (const [type, id] of want) await waitFor(`${type} delivered`, async () => of(type, id) ?? null);
      expect(of('assistant.action_executed', approvedTurn.body.stream_id)!.data).toMatchObject({
        type: 'create_collection',
        status: 'succeeded',
        result: { handle: 'hook-picks' },
        plan_status: 'executed',
      });
      expect(of('assistant.action_executed', rejectedTurn.body.stream_id)).toBeUndefined();
    } finally {
      await rx.stop();
    }
  });
});
