import { Client } from 'pg';
import type { TenantCredentials } from '@svc/identity';
import { startTestPlatform, type TestPlatform } from '../support/platform';
import { DeeplServer } from '../support/providers/deepl-server';
import { OpenAiServer } from '../support/providers/openai-server';
import { waitFor } from '../support/wait';

/**
 * The assistant's translation against local servers speaking DeepL's API v2 and the OpenAI chat
 * completions API: offline it is 503 provider_required (never a made-up translation); the store's
 * DeepL key (sealed) or its language model translate one text (credits spent per translation, none
 * for a failure); the pipeline translates a product, post and page into the store's locales as a
 * job on the job queue whose progress admin GraphQL shows, and stores translation overrides with
 * HTML, Markdown and placeholders intact; a provider outage in the middle fails the job with
 * nothing written; another store's ids are 404; bad input is 400.
 */
describe('assistant translation', () => {
  let p: TestPlatform;
  let sql: Client;
  let deepl: DeeplServer;
  let llm: OpenAiServer;
  let shop: TenantCredentials;
  let admin: string;
  let other: TenantCredentials;
  let otherAdmin: string;
  let tee: { id: string; title: string };
  let postId: string;
  let pageId: string;

  const gql = async (query: string, variables: Record<string, unknown>, token: string, key?: string) =>
    (await p.graphql(query, variables, { token, key })).body;
  const translate = (body: unknown, token = admin) => p.api('POST', '/admin/ai/translate', { token, body });
  const spent = async (tenantId: string) =>
    Number((await sql.query(`select count(*)::int as n from assistant.credit_entry where tenant_id = $1 and kind = 'spend'`, [tenantId])).rows[0].n);
  const overrides = async (tenantId: string, resourceId: string) =>
    (await sql.query(`select locale, fields from localization.translation where tenant_id = $1 and resource_id = $2 order by locale`, [tenantId, resourceId]))
      .rows;

  const JOB = 'id kind status input progress total result error { type code message } finished_at';
  const REQUEST = `mutation($input: AssistantTranslateResourceInput!) { translateAssistantResource(input: $input) { ${JOB} } }`;
  const job = async (id: string, token = admin) => gql(`query($id: String!) { assistantJob(id: $id) { ${JOB} } }`, { id }, token);
  const finished = (id: string) =>
    waitFor(`job ${id} to finish`, async () => {
      const j = (await job(id)).data.assistantJob;
      return (j.status === 'succeeded' || j.status === 'failed') && j;
    });
  const configureDeepl = (input: Record<string, unknown>, token = admin) =>
    gql(
      'mutation($input: AssistantTranslationProviderInput!) { configureAssistantTranslationProvider(input: $input) { kind provider base_url api_key_hint enabled } }',
      { input },
      token,
    );

  const newStore = async (locales: string[]) => {
    const creds = await p.createTenant();
    await p.seedCatalog(creds.tenant_id);
    const token = await p.adminToken(creds);
    for (const [i, code] of locales.entries()) {
      const r = await gql('mutation($input: AddLocaleInput!) { addLocale(input: $input) { code } }', { input: { code, is_default: i === 0 } }, token);
      expect(r.errors).toBeUndefined();
    }
    return { creds, token };
  };

  beforeAll(async () => {
    p = await startTestPlatform({ env: { ASSISTANT_CREDITS_STARTER: '3', ASSISTANT_LLM_RETRIES: '0', ASSISTANT_LLM_RETRY_MS: '0' } });
    sql = new Client({ connectionString: p.dbUrl });
    await sql.connect();
    deepl = await new DeeplServer().start();
    llm = await new OpenAiServer().start();
    ({ creds: shop, token: admin } = await newStore(['en', 'de', 'fr', 'ar']));
    ({ creds: other, token: otherAdmin } = await newStore(['en', 'de']));
    await gql('mutation { setAssistantCreditPlan(plan: "growth") { plan } }', {}, p.secrets.operatorToken, shop.publishable_key);
    const product = await p.api('GET', '/store/products/classic-organic-tee', { key: shop.publishable_key });
    tee = { id: product.body.product.id, title: product.body.product.title };
    const post = await gql(
      'mutation($input: CreateBlogPostInput!) { createBlogPost(input: $input) { id } }',
      {
        input: {
          variants: [
            {
              locale: 'en',
              title: 'Care guide',
              excerpt: 'How to wash {name}',
              body: '# Care guide\n\nHello {name}, wash your **{{product}}** at 30 degrees.\n\n- [Shop now](/shop)\n- Dry flat',
            },
          ],
        },
      },
      admin,
    );
    postId = post.data.createBlogPost.id;
    const page = await gql(
      'mutation($input: CreatePageInput!) { createPage(input: $input) { id } }',
      {
        input: {
          variants: [{ locale: 'en', title: 'Returns', body_format: 'html', body: '<h2>Returns</h2><p>Send it back within <strong>30 days</strong>, %s.</p>' }],
        },
      },
      admin,
    );
    pageId = page.data.createPage.id;
  });

  afterAll(async () => {
    await llm?.stop();
    await deepl?.close();
    await sql?.end();
    await p?.stop();
  });

  it('offline: 503 provider_required with a clear message, nothing translated, queued or spent', async () => {
    const r = await translate({ text: 'Hello', target_locale: 'de' });
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ type: 'service_unavailable', code: 'provider_required' });
    expect(r.body.message).toMatch(/DeepL|language model/);
    const q = await gql(REQUEST, { input: { resource_type: 'product', resource_id: tee.id } }, admin);
    expect(q.errors[0].extensions.code).toBe('provider_required');
    expect((await sql.query(`select count(*)::int as n from assistant.ai_job where tenant_id = $1`, [shop.tenant_id])).rows[0].n).toBe(0);
    expect(await spent(shop.tenant_id)).toBe(0);
  });

  it('refuses bad input with 400 and other credentials with 401, before anything runs', async () => {
    for (const body of [
      { text: 'Hi', target_locale: 'xx' },
      { text: 'Hi', target_locale: 'ja' },
      { text: 'Hi', target_locale: 'DE-de' },
      { text: '   ', target_locale: 'de' },
      { target_locale: 'de' },
      { text: 'Hi' },
      { text: 'Hi', target_locale: 'de', extra: 1 },
      { text: 'x'.repeat(20_001), target_locale: 'de' },
      { text: 'Hi', target_locale: 'de', source_locale: 'klingon' },
    ]) {
      const r = await translate(body);
      expect([r.status, r.body.type]).toEqual([400, 'validation_error']);
    }
    expect((await p.api('POST', '/admin/ai/translate', { body: { text: 'Hi', target_locale: 'de' } })).status).toBe(401);
    expect((await translate({ text: 'Hi', target_locale: 'de' }, shop.agent_api_key)).status).toBe(401);
    for (const input of [
      { resource_type: 'customer', resource_id: tee.id },
      { resource_type: 'product', resource_id: 'has space' },
      { resource_type: 'product', resource_id: tee.id, locales: ['de', 'de'] },
      { resource_type: 'product', resource_id: tee.id, locales: ['ja'] },
      { resource_type: 'product', resource_id: tee.id, locales: [] },
    ])
      expect((await gql(REQUEST, { input }, admin)).errors[0].extensions.type).toBe('validation_error');
  });

  const providerConfigured = async (id: string) =>
    ((await p.api('GET', '/admin/ai/store-context', { token: admin })).body.providers as Array<{ id: string; configured: boolean }>).find((x) => x.id === id)
      ?.configured;

  it('the DeepL key is the admin’s to set and stored sealed; the store context then counts translation as set up', async () => {
    expect(await providerConfigured('translation')).toBe(false);
    expect(await providerConfigured('speech')).toBe(true); // offline eSpeak NG
    const r = await configureDeepl({ api_key: deepl.apiKey, base_url: deepl.url });
    expect(r.errors).toBeUndefined();
    expect(await providerConfigured('translation')).toBe(true);
    expect(r.data.configureAssistantTranslationProvider).toEqual({
      kind: 'translation',
      provider: 'deepl',
      base_url: deepl.url,
      api_key_hint: `…${deepl.apiKey.slice(-4)}`,
      enabled: true,
    });
    const stored = (await sql.query(`select key_sealed from assistant.provider_setting where tenant_id = $1 and kind = 'translation'`, [shop.tenant_id]))
      .rows[0];
    expect(stored.key_sealed).not.toContain(deepl.apiKey);
    for (const bad of [{ api_key: 'has space' }, { base_url: 'ftp://example.com' }, { base_url: 'http://example.com' }])
      expect((await configureDeepl(bad)).errors[0].extensions.type).toBe('validation_error');
    // the first configuration needs a key; the agent key may not configure
    expect((await configureDeepl({ base_url: deepl.url }, otherAdmin)).errors[0].extensions.code).toBe('missing_field');
    expect((await configureDeepl({ api_key: 'k' }, shop.agent_api_key)).errors[0].extensions.code).toBe('forbidden');
    // turned off, its key kept: translation is not set up in the store context until it is on again
    const off = await configureDeepl({ enabled: false });
    expect(off.data.configureAssistantTranslationProvider).toMatchObject({ enabled: false, api_key_hint: `…${deepl.apiKey.slice(-4)}` });
    expect(await providerConfigured('translation')).toBe(false);
    expect((await configureDeepl({ enabled: true })).data.configureAssistantTranslationProvider.enabled).toBe(true);
    expect(await providerConfigured('translation')).toBe(true);
  });

  it('translates one text with DeepL, placeholders and markup kept, one credit per translation', async () => {
    const before = await spent(shop.tenant_id);
    const r = await translate({ text: 'Hello {name}, your <b>order</b> of %s shipped', target_locale: 'de' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      text: '[DE] HELLO {name}, YOUR <b>ORDER</b> OF %s SHIPPED',
      target_locale: 'de',
      source_locale: null,
      provider: 'deepl',
      credits: 1,
    });
    expect(deepl.calls.at(-1)).toMatchObject({ target_lang: 'DE', tag_handling: 'html', ignore_tags: ['x'] });
    const pt = await translate({ text: 'Summer sale', target_locale: 'pt', source_locale: 'en' });
    expect(pt.body).toMatchObject({ text: '[PT-PT] SUMMER SALE', source_locale: 'en' });
    expect(await spent(shop.tenant_id)).toBe(before + 2);
    const ledger = await sql.query(
      `select skill, tier, amount from assistant.credit_entry where tenant_id = $1 and kind = 'spend' order by created_at desc limit 1`,
      [shop.tenant_id],
    );
    expect(ledger.rows[0]).toEqual({ skill: 'translator', tier: 'fast', amount: -1 });
  });

  it('a DeepL outage is 502 provider_unavailable, a refused key 502 provider_refused; nothing is spent', async () => {
    const before = await spent(shop.tenant_id);
    deepl.http.fail('500');
    const down = await translate({ text: 'Hello', target_locale: 'fr' });
    expect([down.status, down.body.code]).toEqual([502, 'provider_unavailable']);
    deepl.http.fail('html');
    expect((await translate({ text: 'Hello', target_locale: 'fr' })).body.code).toBe('provider_unavailable');
    expect((await configureDeepl({ api_key: 'quota' })).errors).toBeUndefined();
    const refused = await translate({ text: 'Hello', target_locale: 'fr' });
    expect([refused.status, refused.body.code]).toEqual([502, 'provider_refused']);
    expect((await configureDeepl({ api_key: deepl.apiKey })).data.configureAssistantTranslationProvider.base_url).toBe(deepl.url);
    expect(await spent(shop.tenant_id)).toBe(before);
  });

  it('translates a product into every enabled locale as a job, progress visible, stored as overrides the storefront serves', async () => {
    const before = await spent(shop.tenant_id);
    const queued = await gql(REQUEST, { input: { resource_type: 'product', resource_id: tee.id } }, admin);
    expect(queued.errors).toBeUndefined();
    const j = queued.data.translateAssistantResource;
    expect(j).toMatchObject({
      kind: 'translate',
      status: 'queued',
      progress: 0,
      total: 3,
      input: { resource_type: 'product', locales: ['de', 'fr', 'ar'], source_locale: 'en' },
    });
    const done = await finished(j.id);
    expect(done).toMatchObject({
      status: 'succeeded',
      progress: 3,
      total: 3,
      error: null,
      result: { provider: 'deepl', locales: ['de', 'fr', 'ar'], credits: 3 },
    });
    expect(done.result.fields).toContain('title');
    const rows = await overrides(shop.tenant_id, tee.id);
    expect(rows.map((r) => r.locale)).toEqual(['ar', 'de', 'fr']);
    expect(rows.find((r) => r.locale === 'ar').fields.title).toBe(`[AR] ${tee.title.toUpperCase()}`);
    const served = await p.api('GET', '/store/products/classic-organic-tee?locale=fr', { key: shop.publishable_key });
    expect(served.body.product.title).toBe(`[FR] ${tee.title.toUpperCase()}`);
    expect(await spent(shop.tenant_id)).toBe(before + 3);
    // the jobs of the store, newest first; the agent key reads them too
    const list = await gql('{ assistantJobs(limit: 5) { id status } }', {}, shop.agent_api_key);
    expect(list.data.assistantJobs[0]).toEqual({ id: j.id, status: 'succeeded' });
  });

  it('keeps Markdown and HTML structure and placeholders of a post and a page', async () => {
    const post = await finished(
      (await gql(REQUEST, { input: { resource_type: 'post', resource_id: postId, locales: ['de'] } }, admin)).data.translateAssistantResource.id,
    );
    expect(post.status).toBe('succeeded');
    const [de] = await overrides(shop.tenant_id, postId);
    expect(de.fields).toEqual({
      title: '[DE] CARE GUIDE',
      excerpt: '[DE] HOW TO WASH {name}',
      body: '[DE] # CARE GUIDE\n\nHELLO {name}, WASH YOUR **{{product}}** AT 30 DEGREES.\n\n- [SHOP NOW](/SHOP)\n- DRY FLAT',
    });
    const page = await finished(
      (await gql(REQUEST, { input: { resource_type: 'page', resource_id: pageId, locales: ['fr'] } }, admin)).data.translateAssistantResource.id,
    );
    expect(page.status).toBe('succeeded');
    const [fr] = await overrides(shop.tenant_id, pageId);
    expect(fr.fields).toEqual({ title: '[FR] RETURNS', body: '[FR] <h2>RETURNS</h2><p>SEND IT BACK WITHIN <strong>30 DAYS</strong>, %s.</p>' });
  });

  it('a provider outage in the middle fails the job with nothing written and nothing spent', async () => {
    const collection = (await p.api('GET', '/store/collections?limit=1', { key: shop.publishable_key })).body.collections[0];
    const before = await spent(shop.tenant_id);
    // the French call reaches DeepL, which never answers until the test drops the connection
    deepl.http.fail('hang-after', 1, (req) => (JSON.parse(req.body) as { target_lang?: string }).target_lang === 'FR');
    const j = (await gql(REQUEST, { input: { resource_type: 'collection', resource_id: collection.id, locales: ['de', 'fr', 'ar'] } }, admin)).data
      .translateAssistantResource;
    const midway = await waitFor('the job to stand at one of three', async () => {
      const now = (await job(j.id)).data.assistantJob;
      return now.status === 'running' && now.progress === 1 && now;
    });
    expect(midway.total).toBe(3);
    deepl.http.releaseHanging();
    const failed = await finished(j.id);
    expect(failed).toMatchObject({ status: 'failed', progress: 1, result: null, error: { type: 'provider_error', code: 'provider_unavailable' } });
    expect(await overrides(shop.tenant_id, collection.id)).toEqual([]);
    expect(await spent(shop.tenant_id)).toBe(before);
  });

  it('another store’s resource and jobs are 404; locales the store has not enabled (or its default) are 400', async () => {
    const theirs = (await p.api('GET', '/store/products/classic-organic-tee', { key: other.publishable_key })).body.product.id;
    const r = await gql(REQUEST, { input: { resource_type: 'product', resource_id: theirs } }, admin);
    expect(r.errors[0].extensions.code).toBe('not_found');
    expect((await gql(REQUEST, { input: { resource_type: 'post', resource_id: 'post_unknown' } }, admin)).errors[0].extensions.code).toBe('not_found');
    const mine = (await gql(REQUEST, { input: { resource_type: 'product', resource_id: tee.id, locales: ['de'] } }, admin)).data.translateAssistantResource;
    expect((await job(mine.id, otherAdmin)).errors[0].extensions.code).toBe('not_found');
    await finished(mine.id);
    for (const locales of [['es'], ['en'], ['de', 'sv']]) {
      const refused = await gql(REQUEST, { input: { resource_type: 'product', resource_id: tee.id, locales } }, admin);
      expect(refused.errors[0].extensions.code).toBe('locale_not_enabled');
    }
  });

  it('credits: a store on a plan of 3 credits translates three times, then 403 insufficient_credits', async () => {
    expect((await configureDeepl({ api_key: deepl.apiKey, base_url: deepl.url }, otherAdmin)).errors).toBeUndefined();
    // the pipeline checks the whole job's cost before it queues anything
    const theirs = (await p.api('GET', '/store/products/classic-organic-tee', { key: other.publishable_key })).body.product.id;
    for (let i = 0; i < 3; i++) expect((await translate({ text: `Hello ${i}`, target_locale: 'de' }, otherAdmin)).status).toBe(200);
    const out = await translate({ text: 'One more', target_locale: 'de' }, otherAdmin);
    expect([out.status, out.body.code]).toEqual([403, 'insufficient_credits']);
    const job4 = await gql(REQUEST, { input: { resource_type: 'product', resource_id: theirs } }, otherAdmin);
    expect(job4.errors[0].extensions.code).toBe('insufficient_credits');
    expect(await spent(other.tenant_id)).toBe(3);
  });

  it('without DeepL the language model translates, placeholders guarded; a model that drops one is 502', async () => {
    const { creds, token } = await newStore(['en', 'de']);
    const models = { fast: 'gpt-fast-test', standard: 'gpt-standard-test', advanced: 'gpt-advanced-test' };
    const configured = await gql(
      'mutation($input: AssistantProviderInput!) { configureAssistantProvider(input: $input) { kind } }',
      { input: { base_url: llm.url, api_key: 'sk-test-llm', models } },
      token,
    );
    expect(configured.errors).toBeUndefined();
    llm.answers = [{ text: ['Hallo ', '⟦0⟧', ', willkommen!'] }];
    const r = await translate({ text: 'Hello {name}, welcome!', target_locale: 'de' }, token);
    expect(r.body).toEqual({ text: 'Hallo {name}, willkommen!', target_locale: 'de', source_locale: null, provider: 'language_model', credits: 1 });
    const asked = llm.requests.at(-1)!.body;
    expect(asked.model).toBe('gpt-fast-test');
    expect(asked.messages[0].content).toContain('German');
    expect(asked.messages[1].content).toBe('Hello ⟦0⟧, welcome!');
    llm.answers = [{ text: ['Hallo zusammen!'] }];
    const lost = await translate({ text: 'Hello {name}!', target_locale: 'de' }, token);
    expect([lost.status, lost.body.code]).toEqual([502, 'provider_unavailable']);
    expect(await spent(creds.tenant_id)).toBe(1);
  });
});
