import { Client } from 'pg';
import { jobQueueName, loadConfig, systemContext, type PlatformConfig } from '@svc/kit';
import { demoCatalog, imageBaseUrl, type CatalogServices } from '@svc/catalog';
import type { TenantCredentials } from '@svc/identity';
import type { AssistantServices } from '@svc/assistant';
import { publicUrlOf, startPlatform, type Platform } from '@svc/platform';
import { TestClock } from '../support/clock';
import { freshDatabase } from '../support/db';
import { MastodonServer } from '../support/providers/mastodon-server';
import { MetaServer } from '../support/providers/meta-server';
import { OpenAiServer } from '../support/providers/openai-server';
import { TEST_SETTINGS } from '../support/test-env';

/**
 * The assistant's social posts: drafts (offline from templates and the store's data, by the
 * language model when the store has one; credits), the Meta connection (OAuth code and state,
 * tokens sealed, the long-lived token refreshed), publishing to a Facebook Page and an Instagram
 * business account through a local server speaking the Graph API (results per account, outages:
 * 502 and nothing stored), scheduled posts published once by the job across a restart, failures
 * per post in admin GraphQL, and tenant isolation.
 */
describe('assistant social posts', () => {
  let db: { url: string; drop(): Promise<void> };
  let p: Platform;
  let sql: Client;
  let meta: MetaServer;
  let llm: OpenAiServer;
  let masto: MastodonServer;
  let shop: TenantCredentials;
  let admin: string;
  let other: { creds: TenantCredentials; token: string };
  const clock = new TestClock();
  const REDIRECT = 'https://admin.example.com/oauth/meta';
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
      ASSISTANT_LLM_RETRIES: '0',
      ASSISTANT_LLM_RETRY_MS: '0',
      ASSISTANT_META_GRAPH_URL: meta.graphUrl,
      ASSISTANT_META_APP_ID: meta.appId,
      ASSISTANT_META_APP_SECRET: meta.appSecret,
    });

  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const r = await fetch(`${p.url}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    return { status: r.status, body: (await r.json()) as any };
  };
  const gql = async (query: string, variables: Record<string, unknown>, token = admin) => {
    const r = await fetch(`${p.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    return (await r.json()) as any;
  };
  const newShop = async () => {
    const creds = await p.identity.tenants.create(systemContext(p.log, null, 't'), {
      name: 'Social',
      adminEmail: `s-${Math.random().toString(36).slice(2)}@example.com`,
    });
    await p.services<CatalogServices>('catalog').seed.load(creds.tenant_id, demoCatalog(), imageBaseUrl(publicUrlOf(p)));
    const login = await fetch(`${p.url}/api/auth/user/emailpass`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: creds.admin_email, password: creds.admin_password }),
    });
    return { creds, token: ((await login.json()) as { token: string }).token };
  };
  const spent = async (tenantId: string) =>
    Number(
      (await sql.query(`select coalesce(-sum(amount), 0)::int as n from assistant.credit_entry where tenant_id = $1 and kind = 'spend'`, [tenantId])).rows[0].n,
    );
  const postRows = async (tenantId: string) =>
    Number((await sql.query(`select count(*)::int as n from assistant.social_post where tenant_id = $1`, [tenantId])).rows[0].n);
  const connect = async (token = admin) => {
    const auth = (await gql('query($r: String!) { assistantSocialAuthorizeUrl(redirect_uri: $r) { url state expires_at } }', { r: REDIRECT }, token)).data
      .assistantSocialAuthorizeUrl;
    const code = meta.issueCode(REDIRECT);
    return { auth, code };
  };
  const CONNECT =
    'mutation($c: String!, $s: String!, $r: String!) { connectAssistantSocial(code: $c, state: $s, redirect_uri: $r) { id network external_id name parent_id token_expires_at } }';
  let product: { id: string; title: string; thumbnail: string };
  let accounts: Array<{ id: string; network: string; external_id: string; name: string; parent_id: string | null; token_expires_at: string | null }>;

  beforeAll(async () => {
    db = await freshDatabase();
    meta = await new MetaServer().start();
    llm = await new OpenAiServer().start();
    masto = await new MastodonServer().start();
    p = await startPlatform({ config: config(), clock });
    sql = new Client({ connectionString: db.url });
    await sql.connect();
    ({ creds: shop, token: admin } = await newShop());
    other = await newShop();
    const r = await sql.query(`select id, title, thumbnail from catalog.product where tenant_id = $1 and thumbnail is not null order by handle limit 1`, [
      shop.tenant_id,
    ]);
    product = r.rows[0];
  });
  afterAll(async () => {
    await llm?.stop();
    await masto?.close();
    await meta?.close();
    await sql?.end();
    await p?.close();
    await db?.drop();
  });

  describe('drafts', () => {
    it('writes a caption, hashtags and the product image offline, in the locale asked, for one credit', async () => {
      const before = await spent(shop.tenant_id);
      const r = await call('POST', '/admin/ai/marketing/social/draft', admin, {
        brief: 'summer sale on organic cotton',
        product_id: product.id,
        network: 'instagram',
      });
      expect(r.status).toBe(200);
      const d = r.body.draft;
      expect(d).toMatchObject({ network: 'instagram', locale: 'en', offline: true, tier: 'fast', credits: 1, product_id: product.id });
      expect(d.caption).toContain('Summer sale on organic cotton.');
      expect(d.caption).toContain(product.title);
      expect(d.hashtags.length).toBeGreaterThan(0);
      expect(d.hashtags.length).toBeLessThanOrEqual(10);
      for (const h of d.hashtags) expect(h).toMatch(/^#[\p{L}\p{N}]+$/u);
      expect(d.hashtags).toContain('#Summer');
      expect(d.text).toBe(`${d.caption}\n\n${d.hashtags.join(' ')}`);
      expect(d.image).toEqual({ url: product.thumbnail, source: 'product', id: product.id, alt: product.title });
      expect(await spent(shop.tenant_id)).toBe(before + 1);

      const de = (
        await call('POST', '/admin/ai/marketing/social/draft', admin, {
          brief: 'Sommerschlussverkauf',
          product_id: product.id,
          locale: 'de',
          network: 'mastodon',
        })
      ).body.draft;
      expect(de.caption).toContain(`Entdecken Sie ${product.title}`);
      expect(de.text.length).toBeLessThanOrEqual(500);
      expect(de.hashtags.length).toBeLessThanOrEqual(4);
    });

    it('without a product suggests no image when the store has no media', async () => {
      const r = await call('POST', '/admin/ai/marketing/social/draft', admin, { brief: 'We are open on Sunday' });
      expect(r.status).toBe(200);
      expect(r.body.draft).toMatchObject({ network: 'instagram', image: null, product_id: null });
      expect(r.body.draft.caption).toMatch(/^New in our shop!\n\nWe are open on Sunday\./);
    });

    it('refuses bad input (400) and another store’s product (404) without spending', async () => {
      const before = await spent(shop.tenant_id);
      for (const body of [
        { brief: '' },
        { brief: '   ' },
        { brief: 'x', network: 'myspace' },
        { brief: 'x', locale: 'xx' },
        { brief: 'x', extra: 1 },
        { brief: 'x'.repeat(2001) },
        {},
      ]) {
        const r = await call('POST', '/admin/ai/marketing/social/draft', admin, body);
        expect([r.status, r.body.type]).toEqual([400, 'validation_error']);
      }
      const foreign = (await sql.query(`select id from catalog.product where tenant_id = $1 limit 1`, [other.creds.tenant_id])).rows[0].id;
      const r = await call('POST', '/admin/ai/marketing/social/draft', admin, { brief: 'about this', product_id: foreign });
      expect(r.status).toBe(404);
      expect((await call('POST', '/admin/ai/marketing/social/draft', shop.publishable_key, { brief: 'x' })).status).toBe(401);
      expect(await spent(shop.tenant_id)).toBe(before);
    });

    it('is written by the store’s language model when it has one (standard tier); a failing model is 502 with nothing spent', async () => {
      const cfg = await gql(
        'mutation($input: AssistantProviderInput!) { configureAssistantProvider(input: $input) { kind } }',
        { input: { base_url: llm.url, api_key: 'sk-social-1234', models: { fast: 'f', standard: 's', advanced: 'a' } } },
        other.token,
      );
      expect(cfg.errors).toBeUndefined();
      llm.answers = [{ text: ['{"caption": "Sunny days call for', ' our softest tee.", "hashtags": ["#SummerStyle", "OrganicCotton"]}'] }];
      const before = await spent(other.creds.tenant_id);
      const r = await call('POST', '/admin/ai/marketing/social/draft', other.token, { brief: 'summer sale', network: 'facebook' });
      expect(r.status).toBe(200);
      expect(r.body.draft).toMatchObject({
        offline: false,
        tier: 'standard',
        credits: 3,
        caption: 'Sunny days call for our softest tee.',
        hashtags: ['#SummerStyle', '#OrganicCotton'],
      });
      expect(llm.requests.at(-1)!.body.model).toBe('s');
      expect(llm.requests.at(-1)!.body.messages[1].content).toContain('summer sale');
      expect(await spent(other.creds.tenant_id)).toBe(before + 3);

      llm.fail('500');
      const failed = await call('POST', '/admin/ai/marketing/social/draft', other.token, { brief: 'summer sale' });
      expect([failed.status, failed.body.code]).toEqual([502, 'provider_unavailable']);
      expect(await spent(other.creds.tenant_id)).toBe(before + 3);
    });
  });

  describe('connections', () => {
    it('connects the store’s Pages and Instagram account through Meta’s OAuth, tokens sealed', async () => {
      const { auth, code } = await connect();
      const url = new URL(auth.url);
      expect(url.origin + url.pathname).toBe('https://www.facebook.com/v21.0/dialog/oauth');
      expect(url.searchParams.get('client_id')).toBe(meta.appId);
      expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT);
      expect(url.searchParams.get('state')).toBe(auth.state);
      expect(url.searchParams.get('scope')).toContain('instagram_content_publish');

      const r = await gql(CONNECT, { c: code, s: auth.state, r: REDIRECT });
      expect(r.errors).toBeUndefined();
      accounts = r.data.connectAssistantSocial;
      const [page, outlet] = meta.pages;
      expect(accounts.map((a) => [a.network, a.external_id])).toEqual([
        ['facebook', page.id],
        ['instagram', page.ig!.id],
        ['facebook', outlet.id],
      ]);
      expect(accounts[1]).toMatchObject({ name: '@demoshop', parent_id: accounts[0].id });
      // the short-lived token was exchanged for a long-lived one (60 days)
      expect(Date.parse(accounts[0].token_expires_at!) - clock.now()).toBe(5_184_000_000);
      expect(meta.server.requests.filter((q) => q.path === '/v21.0/oauth/access_token').map((q) => (q.query.get('grant_type') ? 'exchange' : 'code'))).toEqual([
        'code',
        'exchange',
      ]);
      const stored = (await sql.query(`select token_sealed, user_token_sealed from assistant.social_account where tenant_id = $1`, [shop.tenant_id])).rows;
      expect(stored).toHaveLength(3);
      for (const s of stored) {
        expect(s.token_sealed).toMatch(/^v1\./);
        expect(JSON.stringify(s)).not.toContain(page.token);
      }
      expect((await gql('{ assistantSocialAccounts { id } }', {})).data.assistantSocialAccounts).toHaveLength(3);
      expect((await gql('{ assistantSocialAccounts { id } }', {}, other.token)).data.assistantSocialAccounts).toEqual([]);
    });

    it('refuses another store’s state, another redirect URI, an expired state and a used code', async () => {
      const mine = await connect();
      const theirs = await connect(other.token);
      const codeOf = (r: any) => r.errors?.[0]?.extensions?.code;
      expect(codeOf(await gql(CONNECT, { c: mine.code, s: theirs.auth.state, r: REDIRECT }))).toBe('invalid_state');
      expect(codeOf(await gql(CONNECT, { c: mine.code, s: mine.auth.state, r: 'https://evil.example.com/cb' }))).toBe('invalid_state');
      expect(codeOf(await gql(CONNECT, { c: mine.code, s: 'v1.forged.state.x', r: REDIRECT }))).toBe('invalid_state');
      clock.advance(16 * 60_000);
      expect(codeOf(await gql(CONNECT, { c: mine.code, s: mine.auth.state, r: REDIRECT }))).toBe('invalid_state');
      const fresh = await connect();
      const used = await gql(CONNECT, { c: 'AQ-never-issued', s: fresh.auth.state, r: REDIRECT });
      expect(used.errors[0].extensions).toMatchObject({ type: 'provider_error', code: 'provider_unavailable' });
      expect((await gql('{ assistantSocialAccounts { id } }', {}, other.token)).data.assistantSocialAccounts).toEqual([]);
    });
  });

  describe('publishing', () => {
    const IMAGE = 'https://cdn.example.com/tee.jpg';

    it('publishes to a Page (photo) and Instagram (container, then publish); results per account', async () => {
      const [fb, ig] = accounts;
      const n = meta.posts.length;
      const r = await call('POST', '/admin/ai/marketing/social/publish', admin, {
        draft: { caption: 'Summer is here.', hashtags: ['#Summer', '#Tee'], image: { url: IMAGE, source: 'product', id: product.id, alt: null } },
        accounts: [fb.id, ig.id],
      });
      expect(r.status).toBe(200);
      expect(r.body.post).toMatchObject({ status: 'published', caption: 'Summer is here.\n\n#Summer #Tee', image_url: IMAGE, accounts: [fb.id, ig.id] });
      expect(r.body.post.results.map((x: any) => [x.network, x.status, x.error])).toEqual([
        ['facebook', 'published', null],
        ['instagram', 'published', null],
      ]);
      const posted = meta.posts.slice(n);
      expect(posted.map((x) => [x.kind, x.target, x.message, x.image])).toEqual([
        ['photo', fb.external_id, 'Summer is here.\n\n#Summer #Tee', IMAGE],
        ['instagram', ig.external_id, 'Summer is here.\n\n#Summer #Tee', IMAGE],
      ]);
      expect(r.body.post.results[0].external_id).toBe(`${fb.external_id}_${posted[0].id}`);
      expect(r.body.post.results[1].external_id).toBe(posted[1].id);

      // text only: a feed post with the link
      const feed = await call('POST', '/admin/ai/marketing/social/publish', admin, {
        caption: 'Open on Sunday',
        link: 'https://shop.example.com/',
        accounts: [accounts[2].id],
      });
      expect(feed.body.post.status).toBe('published');
      expect(meta.posts.at(-1)).toMatchObject({ kind: 'feed', target: accounts[2].external_id, message: 'Open on Sunday' });
    });

    it('refuses bad input and another store’s account without calling Meta', async () => {
      const before = meta.server.requests.length;
      const rows = await postRows(shop.tenant_id);
      const bad = [
        { caption: 'x', accounts: [] },
        { caption: 'x' },
        { accounts: [accounts[0].id] },
        { caption: 'x', draft: { caption: 'y' }, accounts: [accounts[0].id] },
        { caption: 'x', image_url: 'ftp://x/y.jpg', accounts: [accounts[0].id] },
        { caption: 'x', hashtags: ['no hash'], accounts: [accounts[0].id] },
        { caption: 'x', accounts: [accounts[0].id, accounts[0].id] },
        { caption: 'x', accounts: [accounts[1].id] }, // Instagram without an image
      ];
      for (const body of bad) {
        const r = await call('POST', '/admin/ai/marketing/social/publish', admin, body);
        expect([JSON.stringify(body), r.status, r.body.type]).toEqual([JSON.stringify(body), 400, 'validation_error']);
      }
      const foreign = await call('POST', '/admin/ai/marketing/social/publish', other.token, { caption: 'x', accounts: [accounts[0].id] });
      expect(foreign.status).toBe(404);
      const unknown = await call('POST', '/admin/ai/marketing/social/schedule', admin, {
        caption: 'x',
        accounts: ['soca_nothere'],
        at: new Date(clock.now() + 3_600_000).toISOString(),
      });
      expect(unknown.status).toBe(404);
      const past = await call('POST', '/admin/ai/marketing/social/schedule', admin, {
        caption: 'x',
        accounts: [accounts[0].id],
        at: new Date(clock.now() - 1000).toISOString(),
      });
      expect([past.status, past.body.type]).toEqual([400, 'validation_error']);
      expect(meta.server.requests.length).toBe(before);
      expect(await postRows(shop.tenant_id)).toBe(rows);
    });

    it('an outage of every account is 502 with nothing stored; a partial one is reported per account', async () => {
      const rows = await postRows(shop.tenant_id);
      meta.server.fail('500', 2);
      const r = await call('POST', '/admin/ai/marketing/social/publish', admin, {
        caption: 'Down',
        image_url: IMAGE,
        accounts: [accounts[0].id, accounts[2].id],
      });
      expect([r.status, r.body.type, r.body.code]).toEqual([502, 'provider_error', 'provider_unavailable']);
      expect(await postRows(shop.tenant_id)).toBe(rows);

      meta.server.fail('close', 1, (q) => q.path.endsWith('/media'));
      const partial = await call('POST', '/admin/ai/marketing/social/publish', admin, {
        caption: 'Half',
        image_url: IMAGE,
        accounts: [accounts[0].id, accounts[1].id],
      });
      expect(partial.status).toBe(200);
      expect(partial.body.post.status).toBe('partial');
      expect(partial.body.post.results.map((x: any) => x.status)).toEqual(['published', 'failed']);
      expect(partial.body.post.results[1].error).toMatch(/^instagram could not be reached/);
      expect(await postRows(shop.tenant_id)).toBe(rows + 1);
    });
  });

  describe('mastodon', () => {
    let account: { id: string; network: string; name: string; external_id: string };

    it('connects an account of any instance: the platform registers an app, then exchanges the code', async () => {
      const AUTH = 'query($r: String!, $i: String) { assistantSocialAuthorizeUrl(redirect_uri: $r, network: "mastodon", instance: $i) { url state } }';
      const r = (await gql(AUTH, { r: REDIRECT, i: `${masto.url}/about` })).data.assistantSocialAuthorizeUrl;
      const [clientId, app] = [...masto.apps.entries()].at(-1)!;
      expect(app.redirect).toBe(REDIRECT);
      expect(app.scopes).toBe('read:accounts write:statuses write:media');
      const url = new URL(r.url);
      expect(url.origin + url.pathname).toBe(`${masto.url}/oauth/authorize`);
      expect(Object.fromEntries(url.searchParams)).toEqual({
        client_id: clientId,
        redirect_uri: REDIRECT,
        response_type: 'code',
        scope: app.scopes,
        state: r.state,
      });
      // the app's secret travels sealed in the state, never in clear
      expect(r.state).not.toContain(app.secret);

      const connected = await gql(CONNECT, { c: masto.issueCode(clientId, REDIRECT), s: r.state, r: REDIRECT });
      expect(connected.errors).toBeUndefined();
      [account] = connected.data.connectAssistantSocial;
      const host = new URL(masto.url).host;
      expect(account).toMatchObject({ network: 'mastodon', name: `@demoshop@${host}`, external_id: `${host}/${masto.account.id}`, token_expires_at: null });
      const row = (await sql.query(`select token_sealed, base_url from assistant.social_account where id = $1`, [account.id])).rows[0];
      expect(row).toMatchObject({ token_sealed: expect.stringMatching(/^v1\./), base_url: masto.url });

      // a code is one use; an instance that does not answer is 502
      const again = await gql(CONNECT, { c: 'never-issued', s: r.state, r: REDIRECT });
      expect(again.errors[0].extensions.code).toBe('provider_unavailable');
      masto.server.fail('500', 1);
      const down = await gql(AUTH, { r: REDIRECT, i: masto.url });
      expect(down.errors[0].extensions).toMatchObject({ type: 'provider_error', code: 'provider_unavailable' });
      expect((await gql(AUTH, { r: REDIRECT, i: null })).errors[0].extensions.code).toBe('missing_field');
    });

    it('publishes the image (uploaded) and the text with an idempotency key; Mastodon’s 500 characters hold', async () => {
      const image = `${masto.url}/files/tee.png`;
      const r = await call('POST', '/admin/ai/marketing/social/publish', admin, {
        caption: 'Toot toot',
        hashtags: ['#Tee'],
        image_url: image,
        accounts: [account.id, accounts[0].id],
      });
      expect(r.status).toBe(200);
      expect(r.body.post.results.map((x: any) => [x.network, x.status])).toEqual([
        ['mastodon', 'published'],
        ['facebook', 'published'],
      ]);
      const status = masto.statuses.at(-1)!;
      expect(status).toMatchObject({ text: 'Toot toot\n\n#Tee', key: `${r.body.post.id}:${account.id}` });
      expect(status.media).toHaveLength(1);
      expect(r.body.post.results[0].external_id).toBe(status.id);
      expect(masto.server.requests.filter((q) => q.path === '/api/v2/media').at(-1)!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(meta.posts.at(-1)).toMatchObject({ kind: 'photo', image });

      const long = await call('POST', '/admin/ai/marketing/social/publish', admin, { caption: 'x'.repeat(501), accounts: [account.id] });
      expect([long.status, long.body.type]).toEqual([400, 'validation_error']);
      // an image the network cannot fetch fails that account only
      const broken = await call('POST', '/admin/ai/marketing/social/publish', admin, {
        caption: 'Broken',
        image_url: `${masto.url}/files/missing.png`,
        accounts: [account.id],
      });
      expect([broken.status, broken.body.code]).toEqual([502, 'provider_unavailable']);
    });
  });

  describe('scheduled posts', () => {
    it('are published once at their time, across a restart, by the job; failures are reported per post', async () => {
      const at = new Date(clock.now() + 3_600_000).toISOString();
      const ok = await call('POST', '/admin/ai/marketing/social/schedule', admin, {
        caption: 'Later',
        image_url: 'https://cdn.example.com/later.jpg',
        accounts: [accounts[0].id],
        at,
      });
      expect(ok.status).toBe(200);
      expect(ok.body.post).toMatchObject({ status: 'scheduled', scheduled_at: at, results: [] });
      const doomed = await call('POST', '/admin/ai/marketing/social/schedule', admin, { caption: 'Doomed', accounts: [accounts[2].id], at });
      const cancelled = await call('POST', '/admin/ai/marketing/social/schedule', admin, { caption: 'Never', accounts: [accounts[2].id], at });
      const c = await gql('mutation($id: String!) { cancelAssistantSocialPost(id: $id) { status } }', { id: cancelled.body.post.id });
      expect(c.data.cancelAssistantSocialPost.status).toBe('cancelled');

      // before its time nothing happens
      const s0 = p.services<AssistantServices>('assistant');
      expect(await s0.social.runDue(p.log)).toEqual([]);

      // the platform restarts; then the time comes
      await p.close();
      p = await startPlatform({ config: config(), clock });
      clock.advance(3_600_000);
      const n = meta.posts.length;
      meta.server.fail('500', 1, (q) => q.path.endsWith(`/${accounts[2].external_id}/feed`));
      const s = p.services<AssistantServices>('assistant');
      const q = jobQueueName('assistant', 'publish-social');
      await p.queue!.send(q, {});
      await p.queue!.send(q, { tenant_id: shop.tenant_id });
      const direct = await Promise.all([1, 2, 3].map(() => s.social.runDue(p.log)));
      const settled = async () =>
        (await sql.query(`select count(*)::int as n from pgboss.job where name = $1 and state in ('created', 'active', 'retry')`, [q])).rows[0].n === 0;
      await until(settled);
      const claimedByDirect = direct.flat();
      expect(new Set(claimedByDirect).size).toBe(claimedByDirect.length);

      const laters = meta.posts.slice(n).filter((x) => x.message === 'Later');
      expect(laters).toHaveLength(1);
      expect(meta.posts.slice(n).filter((x) => x.message === 'Never')).toEqual([]);
      const list = (await gql('{ assistantSocialPosts { id status results { account_id network status error } } }', {})).data.assistantSocialPosts;
      expect(list.find((x: any) => x.id === ok.body.post.id)).toMatchObject({
        status: 'published',
        results: [{ account_id: accounts[0].id, status: 'published', error: null }],
      });
      const failed = list.find((x: any) => x.id === doomed.body.post.id);
      expect(failed).toMatchObject({ status: 'failed', results: [{ account_id: accounts[2].id, network: 'facebook', status: 'failed' }] });
      expect(failed.results[0].error).toMatch(/^facebook answered 500/);
      expect(list.find((x: any) => x.id === cancelled.body.post.id).status).toBe('cancelled');
      const failedOnly = (await gql('{ assistantSocialPosts(status: "failed") { id } }', {})).data.assistantSocialPosts.map((x: any) => x.id);
      expect(failedOnly).toContain(doomed.body.post.id);
      expect(failedOnly).not.toContain(ok.body.post.id);
      // another store sees none of it
      expect((await gql('{ assistantSocialPosts { id } }', {}, other.token)).data.assistantSocialPosts).toEqual([]);
      const foreign = await gql('query($id: String!) { assistantSocialPost(id: $id) { id } }', { id: ok.body.post.id }, other.token);
      expect(foreign.errors[0].extensions.type).toBe('not_found');
    }, 180_000);

    it('a post whose publisher stopped mid-way is reported failed (outcome unknown), never published again', async () => {
      const at = new Date(clock.now() + 60_000).toISOString();
      const r = await call('POST', '/admin/ai/marketing/social/schedule', admin, { caption: 'Crashed', accounts: [accounts[2].id], at });
      // a publisher claimed it and died
      await sql.query(`update assistant.social_post set status = 'publishing', claimed_at = $2 where id = $1`, [r.body.post.id, new Date(clock.now())]);
      clock.advance(11 * 60_000);
      await p.services<AssistantServices>('assistant').social.runDue(p.log);
      const post = (await gql('query($id: String!) { assistantSocialPost(id: $id) { status results { status error } } }', { id: r.body.post.id })).data
        .assistantSocialPost;
      expect(post.status).toBe('failed');
      expect(post.results[0].error).toMatch(/^outcome unknown/);
      expect(meta.posts.filter((x) => x.message === 'Crashed')).toEqual([]);
    });
  });

  it('refreshes the long-lived user token when it has less than 7 days left', async () => {
    const exchanges = () => meta.server.requests.filter((q) => q.query.get('grant_type') === 'fb_exchange_token').length;
    const before = exchanges();
    const expires = (await gql('{ assistantSocialAccounts { token_expires_at } }', {})).data.assistantSocialAccounts[0].token_expires_at;
    clock.advance(Date.parse(expires) - clock.now() - 6 * 86_400_000);
    const r = await call('POST', '/admin/ai/marketing/social/publish', admin, { caption: 'Fresh token', accounts: [accounts[2].id] });
    expect(r.body.post.status).toBe('published');
    expect(exchanges()).toBe(before + 1);
    const after = (await gql('{ assistantSocialAccounts { network token_expires_at } }', {})).data.assistantSocialAccounts;
    // Meta's accounts share the refreshed token; a Mastodon token does not expire
    for (const a of after.filter((x: any) => x.network !== 'mastodon')) expect(Date.parse(a.token_expires_at) - clock.now()).toBe(5_184_000_000);
    // the next post needs no refresh
    await call('POST', '/admin/ai/marketing/social/publish', admin, { caption: 'Again', accounts: [accounts[2].id] });
    expect(exchanges()).toBe(before + 1);
  });
});

async function until(ok: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 2000; i++) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('condition not reached');
}
