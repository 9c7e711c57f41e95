import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import type { TenantCredentials } from '@svc/identity';
import type { PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';

/**
 * The assistant end to end on the shared platform: the 24 skills at both doors, the operator's
 * per-store enablement (GraphQL, tenant-scoped, admins and agents may only read it), the store context
 * and setup status from live data, action extraction with entities resolved in the store's own
 * catalog, a disabled skill refused with 403 skill_disabled; the admin JWT at /admin/ai/*, the agent
 * key at /v1/* (server to server: a browser Origin is refused), tenant isolation and bad input.
 */
describe('assistant', () => {
  const CONFIGURE = `mutation($skills: [AssistantSkillToggleInput!]!) { configureAssistantSkills(skills: $skills) { enabled_count skills { id enabled updated_at } } }`;

  let p: PlatformClient;
  let sql: Client;
  let shop: TenantCredentials;
  let other: TenantCredentials;
  let admin: string;
  let otherAdmin: string;

  const asOperator = (query: string, variables: Record<string, unknown>, key: string | null = shop.publishable_key) =>
    p.graphql(query, variables, { token: p.secrets.operatorToken, key: key ?? undefined });
  const agent = (method: string, path: string, body?: unknown, o: { key?: string; headers?: Record<string, string> } = {}) =>
    p.api(method, path, { token: o.key ?? shop.agent_api_key, body, headers: o.headers });
  const extract = (message: unknown, key?: string) => agent('POST', '/v1/extract-actions', { message }, { key });
  const settingRows = async (tenantId: string) =>
    Number((await sql.query(`select count(*)::int as n from assistant.skill_setting where tenant_id = $1`, [tenantId])).rows[0].n);
  const events = async (tenantId: string) =>
    (
      await sql.query(`select data from assistant.outbox_event where tenant_id = $1 and type = 'assistant.skills_configured' order by position`, [tenantId])
    ).rows.map((r) => r.data);

  beforeAll(async () => {
    p = await sharedPlatform();
    sql = new Client({ connectionString: p.dbUrl });
    await sql.connect();
    shop = await p.createTenant();
    other = await p.createTenant();
    admin = await p.adminToken(shop);
    otherAdmin = await p.adminToken(other);
    await p.seedCatalog(shop.tenant_id);
    // the search index of the shop's catalog, at once (entity resolution reads it)
    const rebuilt = await p.graphql(`mutation { rebuildSearchIndex { products } }`, {}, { token: admin });
    expect(rebuilt.body.errors).toBeUndefined();
  });
  afterAll(async () => {
    await sql?.end();
  });

  describe('skills', () => {
    it('lists the 24 skills with id, name, category, description, examples, icon and model_tier at both doors', async () => {
      const a = await p.api('GET', '/admin/ai/skills', { token: admin });
      expect(a.status).toBe(200);
      expect(a.body.count).toBe(24);
      expect(a.body.skills.map((s: any) => s.id)).toEqual([
        'store-setup',
        'ecommerce-editor',
        'theme-editor',
        'marketing-manager',
        'seo-auditor',
        'image-creator',
        'blog-writer',
        'page-builder',
        'translator',
        'voice-producer',
        'social-media-manager',
        'email-campaigner',
        'analytics-reporter',
        'customer-support',
        'order-manager',
        'inventory-manager',
        'pricing-strategist',
        'subscription-manager',
        'quote-assistant',
        'event-planner',
        'travel-curator',
        'booking-manager',
        'forms-builder',
        'brand-designer',
      ]);
      for (const s of a.body.skills) {
        expect(Object.keys(s).sort()).toEqual(['category', 'description', 'enabled', 'examples', 'icon', 'id', 'model_tier', 'name']);
        expect(s.examples.length).toBeGreaterThanOrEqual(18);
        expect(['fast', 'standard', 'advanced']).toContain(s.model_tier);
        expect(s.enabled).toBe(true);
      }
      const v = await agent('GET', '/v1/skills');
      expect(v.status).toBe(200);
      expect(v.body).toEqual(a.body);
    });

    it('the operator enables and disables skills per store; admins read it at /admin/ai/skills-config; other stores keep theirs', async () => {
      const before = await p.api('GET', '/admin/ai/skills-config', { token: admin });
      expect(before.status).toBe(200);
      expect(before.body.enabled_count).toBe(24);
      expect(before.body.skills.every((s: any) => s.enabled && s.updated_at === null)).toBe(true);

      const r = await asOperator(CONFIGURE, {
        skills: [
          { id: 'voice-producer', enabled: false },
          { id: 'image-creator', enabled: false },
        ],
      });
      expect(r.body.errors).toBeUndefined();
      expect(r.body.data.configureAssistantSkills.enabled_count).toBe(22);
      expect(await events(shop.tenant_id)).toEqual([
        {
          skills: [
            { id: 'voice-producer', enabled: false },
            { id: 'image-creator', enabled: false },
          ],
          by: 'operator',
        },
      ]);
      // enabling one again updates its row
      await asOperator(CONFIGURE, { skills: [{ id: 'image-creator', enabled: true }] });
      const after = await p.api('GET', '/admin/ai/skills-config', { token: admin });
      expect(after.body.enabled_count).toBe(23);
      const byId = Object.fromEntries(after.body.skills.map((s: any) => [s.id, s]));
      expect(byId['voice-producer']).toMatchObject({ enabled: false, updated_at: expect.stringMatching(/^\d{4}-/) });
      expect(byId['image-creator']).toMatchObject({ enabled: true, updated_at: expect.stringMatching(/^\d{4}-/) });
      expect(await settingRows(shop.tenant_id)).toBe(2);
      expect((await agent('GET', '/v1/skills')).body.skills.find((s: any) => s.id === 'voice-producer').enabled).toBe(false);

      // the other store is untouched
      const theirs = await p.api('GET', '/admin/ai/skills-config', { token: otherAdmin });
      expect(theirs.body.enabled_count).toBe(24);
      expect(await settingRows(other.tenant_id)).toBe(0);
      expect((await agent('GET', '/v1/skills', undefined, { key: other.agent_api_key })).body.skills.every((s: any) => s.enabled)).toBe(true);
    });

    it('only the operator configures, for the store its key names; bad input is 400 with nothing written', async () => {
      const rows = await settingRows(shop.tenant_id);
      const asAdmin = await p.graphql(CONFIGURE, { skills: [{ id: 'translator', enabled: false }] }, { token: admin });
      expect(asAdmin.body.errors[0].extensions).toMatchObject({ type: 'permission_error', code: 'forbidden' });
      const asAgent = await p.graphql(CONFIGURE, { skills: [{ id: 'translator', enabled: false }] }, { token: shop.agent_api_key });
      expect(asAgent.body.errors[0].extensions).toMatchObject({ type: 'permission_error', code: 'forbidden' });
      const noStore = await asOperator(CONFIGURE, { skills: [{ id: 'translator', enabled: false }] }, null);
      expect(noStore.body.errors[0].extensions).toMatchObject({ type: 'authentication_error', code: 'publishable_key_required' });
      for (const skills of [
        [{ id: 'mind-reader', enabled: false }],
        [],
        [
          { id: 'translator', enabled: false },
          { id: 'translator', enabled: true },
        ],
      ]) {
        const bad = await asOperator(CONFIGURE, { skills });
        expect(bad.body.errors[0].extensions).toMatchObject({ type: 'validation_error' });
      }
      expect(await settingRows(shop.tenant_id)).toBe(rows);
      expect((await p.api('GET', '/admin/ai/skills-config', { token: admin })).body.skills.find((s: any) => s.id === 'translator').enabled).toBe(true);
    });

    it("a store's admin turns skills on and off for their own store within what the operator allows", async () => {
      const SET = `mutation($skills: [AssistantSkillToggleInput!]!) { setAssistantSkillsEnabled(skills: $skills) { enabled_count skills { id enabled allowed store_enabled } } }`;
      const READ = '{ assistantSkillsConfig { enabled_count skills { id enabled allowed store_enabled } } }';
      const t = await p.createTenant();
      const ta = await p.adminToken(t);
      const byId = (config: any) => Object.fromEntries(config.skills.map((s: any) => [s.id, s]));
      // the admin turns one off: disabled in the store, still allowed by the operator
      const off = await p.graphql(SET, { skills: [{ id: 'social-media-manager', enabled: false }] }, { token: ta });
      expect(off.body.errors).toBeUndefined();
      expect(off.body.data.setAssistantSkillsEnabled.enabled_count).toBe(23);
      expect(byId(off.body.data.setAssistantSkillsEnabled)['social-media-manager']).toEqual({
        id: 'social-media-manager',
        enabled: false,
        allowed: true,
        store_enabled: false,
      });
      expect(
        (await agent('GET', '/v1/skills', undefined, { key: t.agent_api_key })).body.skills.find((s: any) => s.id === 'social-media-manager').enabled,
      ).toBe(false);
      expect(
        (await sql.query(`select data from assistant.outbox_event where tenant_id = $1 and type = 'assistant.skills_configured'`, [t.tenant_id])).rows,
      ).toEqual([{ data: { skills: [{ id: 'social-media-manager', enabled: false }], by: 'store' } }]);
      // the operator's bound: a skill it disabled cannot be turned on by the admin (403, nothing written), only off
      await asOperator(CONFIGURE, { skills: [{ id: 'voice-producer', enabled: false }] }, t.publishable_key);
      const barred = await p.graphql(
        SET,
        {
          skills: [
            { id: 'social-media-manager', enabled: true },
            { id: 'voice-producer', enabled: true },
          ],
        },
        { token: ta },
      );
      expect(barred.body.errors[0].extensions).toMatchObject({ type: 'permission_error', code: 'skill_not_allowed' });
      expect(barred.body.errors[0].message).toContain('voice-producer');
      let config = byId((await p.graphql(READ, {}, { token: ta })).body.data.assistantSkillsConfig);
      expect(config['social-media-manager']).toMatchObject({ enabled: false, store_enabled: false });
      expect(config['voice-producer']).toMatchObject({ enabled: false, allowed: false, store_enabled: true });
      // the admin's own choice survives the operator's: allowed again, the store still has it off until it turns it on
      await p.graphql(SET, { skills: [{ id: 'voice-producer', enabled: false }] }, { token: ta });
      await asOperator(CONFIGURE, { skills: [{ id: 'voice-producer', enabled: true }] }, t.publishable_key);
      config = byId((await p.graphql(READ, {}, { token: ta })).body.data.assistantSkillsConfig);
      expect(config['voice-producer']).toMatchObject({ enabled: false, allowed: true, store_enabled: false });
      const on = await p.graphql(
        SET,
        {
          skills: [
            { id: 'voice-producer', enabled: true },
            { id: 'social-media-manager', enabled: true },
          ],
        },
        { token: ta },
      );
      expect(on.body.data.setAssistantSkillsEnabled.enabled_count).toBe(24);
      // agents, customers and other stores' admins change nothing here; bad input is 400
      const asAgent = await p.graphql(SET, { skills: [{ id: 'translator', enabled: false }] }, { token: t.agent_api_key });
      expect(asAgent.body.errors[0].extensions).toMatchObject({ type: 'permission_error', code: 'forbidden' });
      await p.graphql(SET, { skills: [{ id: 'translator', enabled: false }] }, { token: otherAdmin });
      expect(byId((await p.graphql(READ, {}, { token: ta })).body.data.assistantSkillsConfig).translator.enabled).toBe(true);
      await p.graphql(SET, { skills: [{ id: 'translator', enabled: true }] }, { token: otherAdmin });
      const bad = await p.graphql(SET, { skills: [] }, { token: ta });
      expect(bad.body.errors[0].extensions).toMatchObject({ type: 'validation_error' });
    });
  });

  it('the operator sets skills from the command line (npm run tenant:assistant)', async () => {
    const run = promisify(execFile);
    const command = (...a: string[]) =>
      run(process.execPath, ['-r', './scripts/register.js', 'scripts/tenant-assistant.ts', ...a], {
        cwd: path.resolve(__dirname, '../..'),
        env: { ...process.env, DATABASE_URL: p.dbUrl, NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), OPERATOR_TOKEN: 'o'.repeat(20), LOG_LEVEL: 'silent' },
      });
    const { stdout } = await command('--tenant', other.publishable_key, '--disable', 'order-manager,booking-manager');
    const printed = JSON.parse(stdout.trim());
    expect(printed.enabled_count).toBe(22);
    expect(printed.skills.filter((s: any) => !s.enabled).map((s: any) => s.id)).toEqual(['order-manager', 'booking-manager']);
    const read = await command('--tenant', other.tenant_id, '--all-on');
    expect(JSON.parse(read.stdout.trim()).enabled_count).toBe(24);
    expect((await p.api('GET', '/admin/ai/skills-config', { token: otherAdmin })).body.enabled_count).toBe(24);
    await expect(command('--tenant', other.tenant_id, '--enable', 'mind-reader')).rejects.toMatchObject({ code: 2 });
    await expect(command('--tenant', 'nobody', '--all-on')).rejects.toMatchObject({ code: 2 });
    // the shop is untouched
    expect((await p.api('GET', '/admin/ai/skills-config', { token: admin })).body.enabled_count).toBe(23);
  });

  describe('store context and setup status', () => {
    it('reports catalog size, currencies, locales and configured modules from live data', async () => {
      const r = await p.api('GET', '/admin/ai/store-context', { token: admin });
      expect(r.status).toBe(200);
      const products = await p.api('GET', '/store/products?limit=0', { key: shop.publishable_key });
      expect(r.body.catalog).toEqual({ products: products.body.count, collections: 7, regions: 3 });
      expect(r.body.catalog.products).toBe(46);
      expect(r.body.currencies).toEqual(['eur', 'gbp', 'usd']);
      const modules = Object.fromEntries(r.body.modules.map((m: any) => [m.id, m]));
      expect(modules.catalog).toEqual({ id: 'catalog', available: true, configured: true, count: 46 });
      expect(modules.events).toEqual({ id: 'events', available: true, configured: false, count: 0 });
      // subscriptions through its port: on the platform, no plans in this store yet
      expect(modules.subscriptions).toEqual({ id: 'subscriptions', available: true, configured: false, count: 0 });
      // nothing set up but speech, which eSpeak NG does offline
      expect(r.body.providers.filter((x: any) => x.configured).map((x: any) => x.id)).toEqual(['speech']);

      // the other store: an empty catalog, its own context
      const theirs = await p.api('GET', '/admin/ai/store-context', { token: otherAdmin });
      expect(theirs.body.catalog).toEqual({ products: 0, collections: 0, regions: 0 });
      expect(theirs.body.currencies).toEqual([]);
    });

    it('/v1/setup-status says per skill whether it is ready, disabled or which modules and providers it awaits', async () => {
      const r = await agent('GET', '/v1/setup-status');
      expect(r.status).toBe(200);
      const byId = Object.fromEntries(r.body.skills.map((s: any) => [s.id, s]));
      expect(r.body.skills).toHaveLength(24);
      expect(byId['voice-producer']).toMatchObject({ enabled: false, status: 'disabled' });
      expect(byId['inventory-manager']).toMatchObject({ enabled: true, status: 'ready', awaiting_modules: [], awaiting_providers: [], works_offline: true });
      expect(byId['event-planner']).toMatchObject({ status: 'awaiting_setup', awaiting_modules: ['events'], works_offline: false });
      expect(byId['translator']).toMatchObject({ status: 'awaiting_setup', awaiting_providers: ['translation'] });
      expect(byId['subscription-manager'].awaiting_modules).toEqual(['subscriptions']);
      expect(r.body.enabled_count).toBe(23);
      expect(r.body.ready_count).toBe(r.body.skills.filter((s: any) => s.status === 'ready').length);
      expect(r.body.providers.map((x: any) => x.id)).toContain('language_model');
      // the other store: nothing set up, nothing disabled
      const theirs = await agent('GET', '/v1/setup-status', undefined, { key: other.agent_api_key });
      expect(theirs.body.enabled_count).toBe(24);
      expect(theirs.body.skills.find((s: any) => s.id === 'inventory-manager')).toMatchObject({ status: 'awaiting_setup', awaiting_modules: ['catalog'] });
    });
  });

  describe('extract-actions', () => {
    it('plans a price change on the product the request names, found through search; nothing runs', async () => {
      const before = await p.api('GET', '/store/products/classic-organic-tee', { key: shop.publishable_key });
      const r = await extract('set the price of the organic tee to 29 euros');
      expect(r.status).toBe(200);
      expect(r.body.skill).toMatchObject({ id: 'pricing-strategist', name: 'Pricing strategist' });
      expect(r.body.skill.confidence).toBeGreaterThan(0.5);
      expect(r.body.actions).toHaveLength(1);
      const [a] = r.body.actions;
      expect(a).toMatchObject({
        type: 'set_price',
        skill: 'pricing-strategist',
        operation: 'setVariantPrices',
        writes: true,
        missing: [],
        params: {
          amount: 29,
          currency_code: 'eur',
          direction: 'set',
          product: { type: 'product', handle: 'classic-organic-tee', title: 'Classic Organic Tee' },
        },
      });
      expect(a.params.product.id).toBe(before.body.product.id);
      expect(a.confidence).toBeGreaterThan(0);
      // nothing changed
      const after = await p.api('GET', '/store/products/classic-organic-tee', { key: shop.publishable_key });
      expect(after.body.product.variants.map((v: any) => v.prices)).toEqual(before.body.product.variants.map((v: any) => v.prices));
    });

    it('reads quantities, dates, locales and percentages, and splits a request of several steps', async () => {
      const stock = await extract('add 20 units of the stoneware mug to stock');
      expect(stock.body.actions[0]).toMatchObject({
        type: 'adjust_inventory',
        skill: 'inventory-manager',
        params: { quantity: 20, direction: 'up', product: { handle: 'stoneware-mug' } },
      });
      const translate = await extract('translate the chelsea boot into German');
      expect(translate.body.actions[0]).toMatchObject({
        type: 'translate_resource',
        params: { locales: ['de'], resource: { handle: 'chelsea-boot' } },
      });
      const german = await extract('Setze den Preis der Chelsea Boot auf 199 Euro');
      expect(german.body.skill.id).toBe('pricing-strategist');
      expect(german.body.actions[0].params).toMatchObject({ amount: 199, currency_code: 'eur', product: { handle: 'chelsea-boot' } });
      const percent = await extract('raise all hoodie prices by 10 percent');
      expect(percent.body.actions[0]).toMatchObject({ type: 'change_prices_by_percentage', params: { percentage: 10, direction: 'up' } });
      const event = await extract('create an event called Denim Workshop on 12 March 2027');
      expect(event.body.actions[0]).toMatchObject({ type: 'create_event', params: { title: 'Denim Workshop', dates: ['2027-03-12'] } });
      const two = await extract('set the price of the merino beanie to 25 GBP, then add 15 units of the merino beanie to stock');
      expect(two.body.actions.map((x: any) => [x.skill, x.type])).toEqual([
        ['pricing-strategist', 'set_price'],
        ['inventory-manager', 'adjust_inventory'],
      ]);
      expect(two.body.actions[1].params).toMatchObject({ quantity: 15, product: { handle: 'merino-beanie' } });
    });

    it('says what is missing, and answers skill null with suggestions when no skill is confident', async () => {
      const missing = await extract('set the price of the unicorn saddle to 10 euros');
      expect(missing.body.actions[0]).toMatchObject({ type: 'set_price', missing: ['product'], params: { amount: 10, product: null } });
      const none = await extract('what is the weather like in Lisbon tomorrow');
      expect(none.status).toBe(200);
      expect(none.body.skill).toBeNull();
      expect(none.body.actions).toEqual([]);
      expect(none.body.suggestions).toHaveLength(3);
      for (const s of none.body.suggestions) expect(Object.keys(s).sort()).toEqual(['confidence', 'id', 'name']);
    });

    it('refuses a detected skill the store may not use with 403 skill_disabled; another store may', async () => {
      await asOperator(CONFIGURE, { skills: [{ id: 'pricing-strategist', enabled: false }] });
      const r = await extract('set the price of the organic tee to 29 euros');
      expect(r.status).toBe(403);
      expect(r.body).toEqual({ type: 'permission_error', code: 'skill_disabled', message: expect.stringContaining('pricing-strategist') });
      // a later step of a request asking for a disabled skill refuses the whole request
      const step = await extract('add 5 units of the stoneware mug to stock, then set the price of the stoneware mug to 20 euros');
      expect(step.status).toBe(403);
      expect(step.body.code).toBe('skill_disabled');
      const theirs = await extract('set the price of the organic tee to 29 euros', other.agent_api_key);
      expect(theirs.status).toBe(200);
      // the other store has no such product: nothing of the shop's catalog leaks into its answer
      expect(theirs.body.actions[0].params.product).toBeNull();
      await asOperator(CONFIGURE, { skills: [{ id: 'pricing-strategist', enabled: true }] });
      expect((await extract('set the price of the organic tee to 29 euros')).status).toBe(200);
    });

    it('refuses bad input with 400 and an unknown query parameter on the reads', async () => {
      for (const body of [{}, { message: '' }, { message: '   ' }, { message: 42 }, { message: 'x'.repeat(4001) }, { message: 'hi', extra: true }]) {
        const r = await agent('POST', '/v1/extract-actions', body);
        expect(r.status).toBe(400);
        expect(r.body.type).toBe('validation_error');
      }
      const raw = await p.api('POST', '/v1/extract-actions', {
        token: shop.agent_api_key,
        raw: '{"message":',
        headers: { 'content-type': 'application/json' },
      });
      expect(raw.status).toBe(400);
      for (const path of ['/v1/skills?x=1', '/v1/setup-status?limit=5']) expect((await agent('GET', path)).status).toBe(400);
      for (const path of ['/admin/ai/skills?x=1', '/admin/ai/skills-config?x=1', '/admin/ai/store-context?x=1']) {
        expect((await p.api('GET', path, { token: admin })).status).toBe(400);
      }
    });
  });

  describe('chat', () => {
    const chat = (body: Record<string, unknown>, o: { token?: string; door?: 'admin' | 'agent'; headers?: Record<string, string> } = {}) =>
      o.door === 'agent'
        ? p.api('POST', '/v1/chat', { token: o.token ?? shop.agent_api_key, body, headers: o.headers })
        : p.api('POST', '/admin/ai/chat', { token: o.token ?? admin, body, headers: o.headers });
    const rows = async (table: string, tenantId = shop.tenant_id) =>
      Number((await sql.query(`select count(*)::int as n from assistant.${table} where tenant_id = $1`, [tenantId])).rows[0].n);

    it('turns a writing request into a pending plan, persisted with its event, and keeps the history per session', async () => {
      const before = await p.api('GET', '/store/products/classic-organic-tee', { key: shop.publishable_key });
      const r = await chat({ message: 'set the price of the organic tee to 29 euros', session_id: 'pricing-1' });
      expect(r.status).toBe(200);
      expect(Object.keys(r.body).sort()).toEqual(['credits', 'offline', 'plan', 'reply', 'result', 'session_id', 'skill', 'stream_id', 'suggestions', 'tier']);
      expect(r.body).toMatchObject({
        session_id: 'pricing-1',
        skill: { id: 'pricing-strategist', name: 'Pricing strategist' },
        result: null,
        offline: true,
        tier: 'fast',
        credits: 1,
      });
      expect(r.body.plan).toMatchObject({
        id: expect.stringMatching(/^plan_/),
        stream_id: r.body.stream_id,
        status: 'pending',
        actions: [{ type: 'set_price', params: { amount: 29 } }],
        results: [],
      });
      expect(Date.parse(r.body.plan.expires_at) - Date.parse(r.body.plan.created_at)).toBe(15 * 60_000);
      expect(r.body.reply).toContain('Classic Organic Tee');
      expect(r.body.reply).toContain('29.00 EUR');
      // a plan runs nothing
      const after = await p.api('GET', '/store/products/classic-organic-tee', { key: shop.publishable_key });
      expect(after.body.product.variants.map((v: any) => v.prices)).toEqual(before.body.product.variants.map((v: any) => v.prices));
      const stored = await sql.query(`select status, actions from assistant.plan where id = $1 and tenant_id = $2`, [r.body.plan.id, shop.tenant_id]);
      expect(stored.rows[0]).toMatchObject({ status: 'pending', actions: [{ type: 'set_price' }] });
      const created = await sql.query(`select data from assistant.outbox_event where tenant_id = $1 and type = 'assistant.plan_created'`, [shop.tenant_id]);
      expect(created.rows.map((x) => x.data)).toContainEqual(
        expect.objectContaining({
          id: r.body.plan.id,
          stream_id: r.body.stream_id,
          session_id: 'pricing-1',
          skill: 'pricing-strategist',
          actions: [{ type: 'set_price', skill: 'pricing-strategist', operation: 'setVariantPrices' }],
        }),
      );

      // the second spelling continues the same conversation
      const again = await chat({ message: 'show today’s orders', sessionId: 'pricing-1' });
      expect(again.status).toBe(200);
      expect(again.body.session_id).toBe('pricing-1');
      const history = await p.graphql(
        `query($s: String!) { assistantChatSession(session_id: $s) { session_id messages { role content skill plan_id } } }`,
        { s: 'pricing-1' },
        { token: admin },
      );
      expect(history.body.data.assistantChatSession.messages.map((m: any) => [m.role, m.skill, !!m.plan_id])).toEqual([
        ['user', 'pricing-strategist', false],
        ['assistant', 'pricing-strategist', true],
        ['user', 'order-manager', false],
        ['assistant', 'order-manager', false],
      ]);
      // another caller (the agent key) or another store does not see it
      const agentView = await p.graphql(`query { assistantChatSession(session_id: "pricing-1") { session_id } }`, {}, { token: shop.agent_api_key });
      expect(agentView.body.errors[0].extensions.code).toBe('not_found');
      const otherView = await p.graphql(`query { assistantChatSession(session_id: "pricing-1") { session_id } }`, {}, { token: otherAdmin });
      expect(otherView.body.errors[0].extensions.code).toBe('not_found');
    });

    it('runs a single read-only action at once and answers with its result', async () => {
      const stock = await chat({ message: 'how many merino beanies do we have in stock' });
      expect(stock.status).toBe(200);
      expect(stock.body.session_id).toMatch(/^sess_/);
      expect(stock.body.plan).toBeNull();
      expect(stock.body.skill.id).toBe('inventory-manager');
      expect(stock.body.result).toMatchObject({ title: 'Merino Beanie' });
      const total = stock.body.result.variants.reduce((n: number, v: any) => n + v.inventory_quantity, 0);
      expect(stock.body.reply).toContain(`Merino Beanie: ${total} in stock`);
      const orders = await chat({ message: 'list all unfulfilled orders' });
      expect(orders.body).toMatchObject({ plan: null, skill: { id: 'order-manager' }, result: { count: expect.any(Number) } });
      // the agent key acts with its store's admin rights (its declared scope), in its store only
      const asAgent = await chat({ message: 'list all unfulfilled orders' }, { door: 'agent' });
      expect(asAgent.status).toBe(200);
      expect(asAgent.body).toMatchObject({ plan: null, result: { count: orders.body.result.count } });
      // on its own, outside the assistant, the key still may not run admin-only queries
      const direct = await p.graphql(`query { adminOrders(limit: 1) { count } }`, {}, { token: shop.agent_api_key });
      expect(direct.body.errors[0].extensions.code).toBe('forbidden');
    });

    it('asks for what is missing and suggests skills when unsure, writing no plan', async () => {
      const plans = await rows('plan');
      const missing = await chat({ message: 'set the price of the unicorn saddle to 10 euros' });
      expect(missing.body).toMatchObject({ plan: null, skill: { id: 'pricing-strategist' } });
      expect(missing.body.reply).toContain('I still need: product');
      const unsure = await chat({ message: 'what is the weather like in Lisbon tomorrow' });
      expect(unsure.body).toMatchObject({ skill: null, plan: null });
      expect(unsure.body.suggestions).toHaveLength(3);
      expect(unsure.body.reply).toContain('Did you mean');
      expect(await rows('plan')).toBe(plans);
    });

    it('the agent door plans too; a disabled skill is 403 with nothing written; bad input is 400', async () => {
      const viaAgent = await chat({ message: 'add 20 units of the stoneware mug to stock', session_id: 'agent-1' }, { door: 'agent' });
      expect(viaAgent.status).toBe(200);
      expect(viaAgent.body.plan.actions[0]).toMatchObject({ type: 'adjust_inventory', params: { quantity: 20, product: { handle: 'stoneware-mug' } } });

      await asOperator(CONFIGURE, { skills: [{ id: 'inventory-manager', enabled: false }] });
      const [messages, plans, sessions] = [await rows('chat_message'), await rows('plan'), await rows('chat_session')];
      for (const door of ['admin', 'agent'] as const) {
        const r = await chat({ message: 'add 20 units of the stoneware mug to stock', session_id: 'disabled-1' }, { door });
        expect(r.status).toBe(403);
        expect(r.body.code).toBe('skill_disabled');
      }
      expect([await rows('chat_message'), await rows('plan'), await rows('chat_session')]).toEqual([messages, plans, sessions]);
      await asOperator(CONFIGURE, { skills: [{ id: 'inventory-manager', enabled: true }] });

      for (const body of [
        {},
        { message: '' },
        { message: 'hi', session_id: '' },
        { message: 'hi', session_id: 'has spaces' },
        { message: 'hi', session_id: 'a', sessionId: 'b' },
        { message: 'hi', session: 'x' },
      ]) {
        expect((await chat(body)).status).toBe(400);
        expect((await chat(body, { door: 'agent' })).status).toBe(400);
      }
      expect(await rows('chat_message')).toBe(messages);
    });

    it('keeps a session per caller and store, and numbers turns without gaps under concurrency', async () => {
      const turns = await Promise.all(Array.from({ length: 8 }, (_, i) => chat({ message: `show the last ${i + 1} orders`, session_id: 'busy' })));
      expect(turns.map((t) => t.status)).toEqual(Array(8).fill(200));
      const positions = await sql.query(
        `select m.position from assistant.chat_message m join assistant.chat_session s on s.id = m.session_id where s.tenant_id = $1 and s.key = 'busy' order by m.position`,
        [shop.tenant_id],
      );
      expect(positions.rows.map((r) => r.position)).toEqual(Array.from({ length: 16 }, (_, i) => i));
      // the same name in another store is another conversation
      await chat({ message: 'show the last orders', session_id: 'busy' }, { token: otherAdmin });
      const sessions = await sql.query(`select tenant_id, turns from assistant.chat_session where key = 'busy' order by turns`, []);
      expect(sessions.rows).toEqual([
        { tenant_id: other.tenant_id, turns: 1 },
        { tenant_id: shop.tenant_id, turns: 8 },
      ]);
    });
  });

  describe('doors', () => {
    /** a client address of its own for each refused key: failed keys are throttled per client IP */
    let n = 0;
    const fresh = () => ({ 'x-forwarded-for': `10.25.${Math.floor(++n / 250)}.${n % 250}` });
    const ADMIN = ['/admin/ai/skills', '/admin/ai/skills-config', '/admin/ai/store-context'];
    const chatAsAdmin = { message: 'show today’s orders' };
    const AGENT: Array<[string, string, unknown?]> = [
      ['POST', '/v1/chat', { message: 'show today’s orders' }],
      ['GET', '/v1/skills'],
      ['GET', '/v1/setup-status'],
      ['POST', '/v1/extract-actions', { message: 'show today’s orders' }],
    ];

    it('/admin/ai/* takes the admin JWT only', async () => {
      const customer = await p.registerCustomer(shop.publishable_key);
      for (const path of ADMIN) {
        expect((await p.api('GET', path)).status).toBe(401);
        expect((await p.api('GET', path, { token: shop.agent_api_key })).status).toBe(401);
        expect((await p.api('GET', path, { token: customer.token, key: shop.publishable_key })).status).toBe(401);
        expect((await p.api('GET', path, { token: 'not-a-key', headers: fresh() })).status).toBe(401);
        expect((await p.api('GET', path, { token: admin })).status).toBe(200);
      }
      expect((await p.api('POST', '/admin/ai/chat', { body: chatAsAdmin })).status).toBe(401);
      expect((await p.api('POST', '/admin/ai/chat', { body: chatAsAdmin, token: shop.agent_api_key })).status).toBe(401);
      expect((await p.api('POST', '/admin/ai/chat', { body: chatAsAdmin, token: customer.token, key: shop.publishable_key })).status).toBe(401);
      expect((await p.api('POST', '/admin/ai/chat', { body: chatAsAdmin, token: admin })).status).toBe(200);
    });

    it('/v1/* takes the agent API key only, server to server: any browser Origin is refused', async () => {
      for (const [method, path, body] of AGENT) {
        expect((await p.api(method, path, { body })).status).toBe(401);
        expect((await p.api(method, path, { body, token: admin })).status).toBe(401);
        expect((await p.api(method, path, { body, token: 'sk_not_a_key_of_anyone', headers: fresh() })).status).toBe(401);
        expect((await p.api(method, path, { body, token: p.secrets.operatorToken })).status).toBe(401);
        expect((await agent(method, path, body)).status).toBe(200);
        for (const origin of ['https://shop.example.com', 'http://localhost:3000', 'null']) {
          const r = await agent(method, path, body, { headers: { origin } });
          expect(r.status).toBe(403);
          expect(r.body).toMatchObject({ type: 'permission_error', code: 'origin_not_allowed' });
          expect(r.headers.get('access-control-allow-origin')).toBeNull();
        }
      }
      const preflight = await p.api('OPTIONS', '/v1/extract-actions', {
        headers: { origin: 'https://shop.example.com', 'access-control-request-method': 'POST' },
      });
      expect(preflight.status).toBe(403);
    });

    it('the GraphQL doors: agents and admins read, customers and anonymous callers do not', async () => {
      const q = `query { assistantSkillsConfig { enabled_count } }`;
      expect((await p.graphql(q, {}, { token: shop.agent_api_key })).body.data.assistantSkillsConfig.enabled_count).toBe(23);
      expect((await p.graphql(q, {}, { token: admin })).body.data.assistantSkillsConfig.enabled_count).toBe(23);
      const customer = await p.registerCustomer(shop.publishable_key);
      expect((await p.graphql(q, {}, { token: customer.token, key: shop.publishable_key })).body.errors[0].extensions.type).toBe('permission_error');
      expect((await p.graphql(q, {}, { key: shop.publishable_key })).body.errors[0].extensions.type).toBe('authentication_error');
    });
  });
});
