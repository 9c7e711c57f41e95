import { Client } from 'pg';
import { loadConfig, systemContext, type PlatformConfig } from '@svc/kit';
import { demoCatalog, imageBaseUrl, type CatalogServices } from '@svc/catalog';
import type { TenantCredentials } from '@svc/identity';
import { publicUrlOf, startPlatform, type Platform } from '@svc/platform';
import { TestClock } from '../support/clock';
import { freshDatabase } from '../support/db';
import { OpenAiServer } from '../support/providers/openai-server';
import { openStream } from '../support/sse';
import { TEST_SETTINGS } from '../support/test-env';

/**
 * The assistant across platform instances on one database, with a clock the test moves: a plan
 * streamed from one instance is approved on another (its results reach the first instance's
 * stream) and after a restart; plans expire after 15 minutes; the language-model provider (a
 * local server speaking the OpenAI chat completions protocol, streamed tool calls included) with
 * its key sealed, retries, 502 provider_unavailable with nothing written, and the circuit breaker
 * sending calls to the offline path; credits exhausted (403) and parallel calls never overspending.
 */
describe('assistant across instances, with a language model and credits', () => {
  let db: { url: string; drop(): Promise<void> };
  let a: Platform;
  let b: Platform;
  let sql: Client;
  let llm: OpenAiServer;
  let shop: TenantCredentials;
  let admin: string;
  const clock = new TestClock();
  const config = (): PlatformConfig =>
    loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: db.url,
      DB_POOL_SIZE: '4',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      ...TEST_SETTINGS,
      OUTBOX_POLL_MS: '250',
      RATE_LIMIT_DISABLED: 'true',
      ASSISTANT_CREDITS_STARTER: '5',
      ASSISTANT_LLM_RETRY_MS: '0',
      ASSISTANT_LLM_RETRIES: '1',
      ASSISTANT_LLM_BREAKER_FAILURES: '2',
      ASSISTANT_LLM_BREAKER_COOLDOWN_MS: '60000',
    });

  const call = async (p: Platform, method: string, path: string, token: string, body?: unknown) => {
    const r = await fetch(`${p.url}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    return { status: r.status, body: (await r.json()) as any };
  };
  const gql = async (p: Platform, query: string, variables: Record<string, unknown>, token: string, key?: string) => {
    const r = await fetch(`${p.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(key ? { 'x-publishable-api-key': key } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return (await r.json()) as any;
  };
  const newShop = async (plan: 'starter' | 'growth' = 'growth') => {
    const creds = await a.identity.tenants.create(systemContext(a.log, null, 't'), {
      name: 'Assistant',
      adminEmail: `a-${Math.random().toString(36).slice(2)}@example.com`,
    });
    await a.services<CatalogServices>('catalog').seed.load(creds.tenant_id, demoCatalog(), imageBaseUrl(publicUrlOf(a)));
    const login = await fetch(`${a.url}/api/auth/user/emailpass`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: creds.admin_email, password: creds.admin_password }),
    });
    const token = ((await login.json()) as { token: string }).token;
    expect((await gql(a, 'mutation { rebuildSearchIndex { products } }', {}, token)).errors).toBeUndefined();
    if (plan !== 'starter') await gql(a, `mutation { setAssistantCreditPlan(plan: "${plan}") { plan } }`, {}, a.config.operatorToken, creds.publishable_key);
    return { creds, token };
  };
  const count = async (table: string, tenantId: string) =>
    Number((await sql.query(`select count(*)::int as n from assistant.${table} where tenant_id = $1`, [tenantId])).rows[0].n);

  beforeAll(async () => {
    db = await freshDatabase();
    a = await startPlatform({ config: config(), clock });
    b = await startPlatform({ config: config(), clock });
    sql = new Client({ connectionString: db.url });
    await sql.connect();
    llm = await new OpenAiServer().start();
    ({ creds: shop, token: admin } = await newShop());
  });
  afterAll(async () => {
    await llm?.stop();
    await sql?.end();
    await b?.close();
    await a?.close();
    await db?.drop();
  });

  it('a plan streamed from one instance is approved on another; its results reach the stream; after a restart it is still decidable', async () => {
    const s = await openStream(`${a.url}/api/admin/ai/chat/stream`, { token: admin, body: { message: 'add 3 units of the stoneware mug to stock' } });
    const first = await s.until('plan');
    const streamId = first[0].data.stream_id;
    const approved = await call(b, 'POST', `/admin/ai/chat/stream/${streamId}/approve`, admin, {});
    expect(approved.status).toBe(200);
    expect(approved.body.plan.status).toBe('executed');
    expect(await s.rest()).toEqual([
      { event: 'action_result', data: expect.objectContaining({ type: 'adjust_inventory', status: 'succeeded' }) },
      { event: 'done', data: expect.objectContaining({ status: 'executed', ran: ['adjust_inventory'] }) },
    ]);

    // a plan made before a restart of the instance that decides it
    const turn = await call(a, 'POST', '/admin/ai/chat', admin, { message: 'create a collection called After Restart' });
    await b.close();
    b = await startPlatform({ config: config(), clock });
    const later = await call(b, 'POST', `/admin/ai/chat/stream/${turn.body.stream_id}/approve`, admin, {});
    expect(later.body.plan).toMatchObject({ status: 'executed', results: [{ type: 'create_collection', status: 'succeeded' }] });
    // the decision was taken once: the other instance refuses a second one
    expect((await call(a, 'POST', `/admin/ai/chat/stream/${turn.body.stream_id}/reject`, admin, {})).body.code).toBe('plan_already_decided');
  });

  it('concurrent approvals on two instances run the plan once', async () => {
    const turn = await call(a, 'POST', '/admin/ai/chat', admin, { message: 'create a collection called Only Once' });
    const both = await Promise.all([a, b].map((p) => call(p, 'POST', `/admin/ai/chat/stream/${turn.body.stream_id}/approve`, admin, {})));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const n = await sql.query(`select count(*)::int as n from catalog.product_collection where tenant_id = $1 and handle = 'only-once'`, [shop.tenant_id]);
    expect(n.rows[0].n).toBe(1);
  });

  it('a plan expires after 15 minutes (the clock, not a wait): 409 plan_expired and nothing runs', async () => {
    const turn = await call(a, 'POST', '/admin/ai/chat', admin, { message: 'create a collection called Too Late' });
    expect(Date.parse(turn.body.plan.expires_at) - clock.now()).toBe(15 * 60_000);
    clock.advance(15 * 60_000 - 1000);
    const stillOpen = await call(a, 'POST', '/admin/ai/chat', admin, { message: 'create a collection called In Time' });
    clock.advance(2000);
    for (const p of [b, a]) {
      const r = await call(p, 'POST', `/admin/ai/chat/stream/${turn.body.stream_id}/approve`, admin, {});
      expect([r.status, r.body.code]).toEqual([409, 'plan_expired']);
    }
    expect((await sql.query(`select status from assistant.plan where stream_id = $1`, [turn.body.stream_id])).rows[0].status).toBe('expired');
    const n = await sql.query(`select count(*)::int as n from catalog.product_collection where tenant_id = $1 and handle = 'too-late'`, [shop.tenant_id]);
    expect(n.rows[0].n).toBe(0);
    // the younger plan is still decidable
    expect((await call(b, 'POST', `/admin/ai/chat/stream/${stillOpen.body.stream_id}/reject`, admin, {})).body.plan.status).toBe('rejected');
  });

  describe('language model provider', () => {
    const configure = (p: Platform, input: Record<string, unknown>, token = admin) =>
      gql(
        p,
        'mutation($input: AssistantProviderInput!) { configureAssistantProvider(input: $input) { kind base_url models { fast standard advanced } api_key_hint enabled breaker } }',
        { input },
        token,
      );
    const models = { fast: 'gpt-fast-test', standard: 'gpt-standard-test', advanced: 'gpt-advanced-test' };

    it('is configured by the admin with the key sealed; bad settings are 400', async () => {
      const r = await configure(a, { base_url: llm.url, api_key: 'sk-test-secret-4242', models });
      expect(r.errors).toBeUndefined();
      expect(r.data.configureAssistantProvider).toEqual({
        kind: 'language_model',
        base_url: llm.url,
        models,
        api_key_hint: '…4242',
        enabled: true,
        breaker: 'closed',
      });
      const stored = (await sql.query(`select key_sealed from assistant.provider_setting where tenant_id = $1`, [shop.tenant_id])).rows[0].key_sealed;
      expect(stored).not.toContain('sk-test-secret-4242');
      expect(stored).toMatch(/^v1\./);
      for (const bad of [
        { base_url: 'ftp://example.com', api_key: 'k', models },
        { base_url: 'http://example.com/v1', api_key: 'k', models },
        { base_url: llm.url, api_key: 'has space', models },
        { base_url: llm.url, api_key: 'k', models: { fast: 'x', standard: 'y' } },
      ]) {
        const refused = await configure(a, bad);
        expect(refused.errors[0].extensions.type).toBe('validation_error');
      }
      // only admins configure it; the store context reports it
      expect((await configure(a, { base_url: llm.url, api_key: 'k', models }, shop.agent_api_key)).errors[0].extensions.code).toBe('forbidden');
      const context = await call(a, 'GET', '/admin/ai/store-context', admin);
      expect(context.body.providers.find((x: any) => x.id === 'language_model').configured).toBe(true);
    });

    it('answers with the model: its streamed text as tokens, its streamed tool calls as the plan, at the skill’s tier', async () => {
      llm.answers = [
        {
          text: ['Sure', ' — I will', ' set the', ' new price.'],
          toolCalls: [{ name: 'set_price', arguments: { target: 'organic tee', amount: 27.5, currency_code: 'eur' } }],
        },
      ];
      const seen = llm.requests.length;
      const s = await openStream(`${a.url}/api/admin/ai/chat/stream`, {
        token: admin,
        body: { message: 'please make the organic tee a bit cheaper, 27.50 euros' },
      });
      const events = await s.until('plan');
      s.abort();
      expect(events[0].data).toMatchObject({ offline: false, tier: 'standard', credits: 3, skill: { id: 'pricing-strategist' } });
      const tokens = events.filter((e) => e.event === 'token').map((e) => e.data.text);
      expect(tokens.slice(0, 4)).toEqual(['Sure', ' — I will', ' set the', ' new price.']);
      const plan = events[events.length - 1].data;
      expect(plan.actions).toEqual([
        expect.objectContaining({
          type: 'set_price',
          params: expect.objectContaining({ amount: 27.5, currency_code: 'eur', product: expect.objectContaining({ handle: 'classic-organic-tee' }) }),
        }),
      ]);
      // what the provider was sent
      expect(llm.requests.length).toBe(seen + 1);
      const sent = llm.requests[seen];
      expect(sent.headers.authorization).toBe('Bearer sk-test-secret-4242');
      expect(sent.body).toMatchObject({
        model: 'gpt-standard-test',
        stream: true,
        messages: [{ role: 'system' }, { role: 'user', content: 'please make the organic tee a bit cheaper, 27.50 euros' }],
      });
      expect(sent.body.tools.map((t: any) => t.function.name)).toContain('set_price');
      // approved, it runs what the model planned
      const approved = await call(b, 'POST', `/admin/ai/chat/stream/${events[0].data.stream_id}/approve`, admin, {});
      expect(approved.body.plan.results[0]).toMatchObject({ status: 'succeeded', result: { amount: 27.5, currency_code: 'eur' } });
    });

    it('a provider failure is 502 provider_unavailable with nothing written; the open breaker sends calls to the offline path', async () => {
      llm.answers = [{ text: ['Here', ' you', ' go.'] }];
      const before = {
        messages: await count('chat_message', shop.tenant_id),
        plans: await count('plan', shop.tenant_id),
        credits: await count('credit_entry', shop.tenant_id),
      };
      const message = { message: 'create a collection called Provider Down' };
      // 500 twice: the call and its retry
      llm.fail('500', 2);
      let seen = llm.requests.length;
      const down = await call(a, 'POST', '/admin/ai/chat', admin, message);
      expect([down.status, down.body]).toEqual([
        502,
        { type: 'provider_error', code: 'provider_unavailable', message: expect.stringContaining('nothing was changed') },
      ]);
      expect(llm.requests.length).toBe(seen + 2);
      // an answer that breaks off is not retried (text had arrived)
      llm.fail('break');
      seen = llm.requests.length;
      const broken = await openStream(`${a.url}/api/admin/ai/chat/stream`, { token: admin, body: message });
      expect([broken.status, broken.error.code]).toEqual([502, 'provider_unavailable']);
      expect(llm.requests.length).toBe(seen + 1);
      expect({
        messages: await count('chat_message', shop.tenant_id),
        plans: await count('plan', shop.tenant_id),
        credits: await count('credit_entry', shop.tenant_id),
      }).toEqual(before);
      // two failures in a row opened the breaker: the offline path answers, the provider is not asked
      seen = llm.requests.length;
      const offline = await call(a, 'POST', '/admin/ai/chat', admin, message);
      expect(offline.status).toBe(200);
      expect(offline.body).toMatchObject({ offline: true, tier: 'fast', credits: 1, plan: { status: 'pending' } });
      expect(llm.requests.length).toBe(seen);
      expect((await gql(a, '{ assistantProvider { breaker } }', {}, admin)).data.assistantProvider.breaker).toBe('open');
      // after the cooldown one call tries the provider again, and its success closes the breaker
      clock.advance(60_000);
      const back = await call(a, 'POST', '/admin/ai/chat', admin, message);
      expect(back.body).toMatchObject({ offline: false, reply: expect.stringContaining('Here you go.') });
      expect(llm.requests.length).toBe(seen + 1);
    });
  });

  describe('credits', () => {
    it('an exhausted allowance is 403 insufficient_credits with nothing written; a top-up lets calls through again', async () => {
      const { creds, token } = await newShop('starter');
      const turn = (message = 'list all unfulfilled orders') => call(a, 'POST', '/admin/ai/chat', token, { message });
      for (let i = 0; i < 5; i++) expect((await turn()).status).toBe(200);
      const messages = await count('chat_message', creds.tenant_id);
      const out = await turn();
      expect([out.status, out.body.type, out.body.code]).toEqual([403, 'permission_error', 'insufficient_credits']);
      expect((await call(a, 'POST', '/v1/extract-actions', creds.agent_api_key, { message: 'list orders' })).body.code).toBe('insufficient_credits');
      expect((await openStream(`${b.url}/api/admin/ai/chat/stream`, { token, body: { message: 'list orders' } })).error.code).toBe('insufficient_credits');
      expect(await count('chat_message', creds.tenant_id)).toBe(messages);
      const topped = await gql(
        a,
        'mutation { topUpAssistantCredits(credits: 2, note: "pay as you go") { balance top_up_balance allowance_left } }',
        {},
        a.config.operatorToken,
        creds.publishable_key,
      );
      expect(topped.data.topUpAssistantCredits).toEqual({ balance: 2, top_up_balance: 2, allowance_left: 0 });
      expect((await turn()).status).toBe(200);
      const credits = await gql(a, '{ assistantCredits { plan allowance allowance_used top_up_balance balance } }', {}, token);
      expect(credits.data.assistantCredits).toEqual({ plan: 'starter', allowance: 5, allowance_used: 5, top_up_balance: 1, balance: 1 });
      // only the operator tops up
      expect((await gql(a, 'mutation { topUpAssistantCredits(credits: 100) { balance } }', {}, token)).errors[0].extensions.code).toBe('forbidden');
    });

    it('parallel calls on two instances never spend more than there is', async () => {
      const { creds } = await newShop('starter');
      const calls = await Promise.all(
        Array.from({ length: 14 }, (_, i) =>
          call(i % 2 ? a : b, 'POST', '/v1/extract-actions', creds.agent_api_key, { message: 'how many stoneware mugs are left' }),
        ),
      );
      expect(calls.filter((r) => r.status === 200)).toHaveLength(5);
      expect(calls.filter((r) => r.status === 403).every((r) => r.body.code === 'insufficient_credits')).toBe(true);
      expect(calls.filter((r) => r.status === 403)).toHaveLength(9);
      const spent = await sql.query(`select -sum(amount)::int as n from assistant.credit_entry where tenant_id = $1 and kind = 'spend'`, [creds.tenant_id]);
      expect(spent.rows[0].n).toBe(5);
    });

    it('the allowance renews with the month; unused credits do not carry over', async () => {
      const { creds, token } = await newShop('starter');
      await call(a, 'POST', '/v1/extract-actions', creds.agent_api_key, { message: 'list orders' });
      const now = new Date(clock.now());
      clock.advance(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - clock.now() + 1000);
      const credits = await gql(a, '{ assistantCredits { allowance_used allowance_left balance } }', {}, token);
      expect(credits.data.assistantCredits).toEqual({ allowance_used: 0, allowance_left: 5, balance: 5 });
    });
  });
});
