import { Client } from 'pg';
import { systemContext, type TypedEvent } from '@svc/kit';
import type { TenantCredentials } from '@svc/identity';
import type { AnalyticsServices } from '@svc/analytics';
import { TestClock } from '../support/clock';
import { startTestPlatform, type TestPlatform } from '../support/platform';
import { adPlatformsEnv } from '../support/providers/ad-platforms';
import { GoogleAdsServer } from '../support/providers/google-ads-server';
import { MetaServer } from '../support/providers/meta-server';
import { waitFor } from '../support/wait';

/**
 * The marketing dashboard: spend, impressions and clicks per channel and day from local servers
 * speaking the Meta Marketing API insights and the Google Ads API (searchStream, OAuth refresh),
 * joined with the store's own orders and tracked purchases attributed by utm_source (analytics'
 * rollups); cached per store and range and dropped when the ad accounts change; a channel outage
 * reported per channel (502 when every connected channel fails, nothing cached); bad ranges 400;
 * another store sees none of it.
 */
describe('assistant marketing dashboard', () => {
  let p: TestPlatform;
  let sql: Client;
  let meta: MetaServer;
  let google: GoogleAdsServer;
  let shop: TenantCredentials;
  let other: TenantCredentials;
  let admin: string;
  let otherAdmin: string;
  let metaToken: string;
  const clock = new TestClock();
  const ACT = '1234567890';
  const CUSTOMER = '1112223333';
  const MANAGER = '9998887777';
  const today = new Date().toISOString().slice(0, 10);

  const dashboard = (from: string, to: string, token = admin) => p.api('GET', `/admin/ai/marketing/metrics/dashboard?from=${from}&to=${to}`, { token });
  const gql = async (query: string, variables: Record<string, unknown>, token = admin) => (await p.graphql(query, variables, { token })).body;
  const CONFIGURE = 'mutation($i: AssistantAdChannelInput!) { configureAssistantAdChannel(input: $i) { channel account_id login_customer_id has_token } }';
  let n = 0;
  const event = (tenantId: string, type: string, day: string, data: Record<string, unknown>): TypedEvent<Record<string, unknown>> => ({
    id: `evt_metrics_${n++}_${Math.random().toString(36).slice(2)}`,
    type,
    tenant_id: tenantId,
    created_at: `${day}T12:00:00.000Z`,
    request_id: null,
    data,
  });

  beforeAll(async () => {
    meta = await new MetaServer().start();
    meta.pageSize = 2;
    google = await new GoogleAdsServer().start();
    p = await startTestPlatform({
      clock,
      env: { ...adPlatformsEnv(meta, google), ASSISTANT_METRICS_CACHE_MS: '600000' },
    });
    sql = new Client({ connectionString: p.dbUrl });
    await sql.connect();
    shop = await p.createTenant();
    other = await p.createTenant();
    admin = await p.adminToken(shop);
    otherAdmin = await p.adminToken(other);
    metaToken = meta.issueUserToken();
    meta.insights.set(ACT, [
      { date: '2026-06-01', spend: '12.50', impressions: '1000', clicks: '40' },
      { date: '2026-06-02', spend: '7.25', impressions: '600', clicks: '21' },
      { date: '2026-06-04', spend: '3.00', impressions: '100', clicks: '2' },
    ]);
    google.customers.set(CUSTOMER, {
      manager: MANAGER,
      currency: 'EUR',
      rows: [
        { date: '2026-06-01', costMicros: 4_500_000, impressions: 800, clicks: 12 },
        { date: '2026-06-02', costMicros: 1_250_000, impressions: 300, clicks: 5 },
        { date: '2026-06-03', costMicros: 990_000, impressions: 150, clicks: 3 },
      ],
    });
    // the store's own facts, delivered to analytics as its subscription does (days chosen by the event's time)
    const s = p.services<AnalyticsServices>('analytics');
    const deliver = (e: TypedEvent<Record<string, unknown>>) =>
      s.store.transaction(systemContext(p.log, e.tenant_id, 'test'), (_em, tx) => s.analytics.ingest(tx, e));
    const purchase = (day: string, utm_source: string | null, value: number, tenant = shop.tenant_id) =>
      deliver(
        event(tenant, 'analytics_event.tracked', day, {
          id: `aev_${n}`,
          type: 'purchase',
          name: null,
          utm_campaign: 'june',
          utm_source,
          value,
          currency_code: 'eur',
        }),
      );
    const order = (day: string, total: number) =>
      deliver(
        event(shop.tenant_id, 'order.placed', day, { id: `order_${n}`, currency_code: 'eur', total, region_id: 'reg_x', sales_channel_id: null, items: [] }),
      );
    await purchase('2026-06-01', 'facebook', 30);
    await purchase('2026-06-01', 'Instagram', 20);
    await purchase('2026-06-02', 'google', 55.5);
    await purchase('2026-06-03', null, 10);
    await purchase('2026-06-03', 'newsletter', 5);
    await purchase('2026-06-02', 'facebook', 999, other.tenant_id);
    for (const [day, total] of [
      ['2026-06-01', 30],
      ['2026-06-01', 20],
      ['2026-06-02', 55.5],
      ['2026-06-03', 15],
      ['2026-06-03', 40],
    ] as const)
      await order(day, total);
  });
  afterAll(async () => {
    await sql?.end();
    await p?.stop();
    await meta?.close();
    await google?.close();
  });

  it('without ad accounts shows the store’s conversions by channel and its orders', async () => {
    const r = await dashboard('2026-06-01', '2026-06-03');
    expect(r.status).toBe(200);
    expect(r.body.channels.map((c: any) => [c.channel, c.status, c.totals.spend, c.totals.conversions])).toEqual([
      ['meta', 'not_connected', null, 2],
      ['google_ads', 'not_connected', null, 1],
      ['other', 'ok', null, 2],
    ]);
    expect(r.body.channels[2].sources).toEqual(['direct', 'newsletter']);
    expect(r.body.platform).toMatchObject({ orders: 5, revenue: [{ currency_code: 'eur', amount: 160.5 }] });
  });

  it('joins Meta insights and Google Ads spend with the conversions, per channel and day', async () => {
    expect((await gql(CONFIGURE, { i: { channel: 'meta', account_id: `act_${ACT}`, access_token: metaToken } })).data.configureAssistantAdChannel).toEqual({
      channel: 'meta',
      account_id: ACT,
      login_customer_id: null,
      has_token: true,
    });
    const g = await gql(CONFIGURE, {
      i: { channel: 'google_ads', account_id: '111-222-3333', login_customer_id: '999-888-7777', refresh_token: google.refreshToken },
    });
    expect(g.data.configureAssistantAdChannel).toEqual({ channel: 'google_ads', account_id: CUSTOMER, login_customer_id: MANAGER, has_token: true });
    const stored = (await sql.query(`select token_sealed from assistant.ad_channel where tenant_id = $1`, [shop.tenant_id])).rows.map((r) => r.token_sealed);
    for (const t of stored) expect(t).toMatch(/^v1\./);
    expect(JSON.stringify(stored)).not.toContain(google.refreshToken);

    const r = await dashboard('2026-06-01', '2026-06-04');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ from: '2026-06-01', to: '2026-06-04', cached: false });
    const [m, ga, rest] = r.body.channels;
    expect(m).toMatchObject({ channel: 'meta', status: 'ok', error: null, account_id: ACT, currency_code: 'eur', sources: ['facebook', 'instagram'] });
    expect(m.days).toEqual([
      { day: '2026-06-01', spend: 12.5, impressions: 1000, clicks: 40, conversions: 2, revenue: [{ currency_code: 'eur', amount: 50 }] },
      { day: '2026-06-02', spend: 7.25, impressions: 600, clicks: 21, conversions: 0, revenue: [] },
      { day: '2026-06-03', spend: 0, impressions: 0, clicks: 0, conversions: 0, revenue: [] },
      { day: '2026-06-04', spend: 3, impressions: 100, clicks: 2, conversions: 0, revenue: [] },
    ]);
    expect(m.totals).toEqual({ spend: 22.75, impressions: 1700, clicks: 63, conversions: 2, revenue: [{ currency_code: 'eur', amount: 50 }] });
    expect(ga).toMatchObject({ channel: 'google_ads', status: 'ok', currency_code: 'eur', sources: ['google'] });
    expect(ga.days.map((d: any) => [d.day, d.spend, d.impressions, d.clicks, d.conversions])).toEqual([
      ['2026-06-01', 4.5, 800, 12, 0],
      ['2026-06-02', 1.25, 300, 5, 1],
      ['2026-06-03', 0.99, 150, 3, 0],
      ['2026-06-04', 0, 0, 0, 0],
    ]);
    expect(ga.totals).toMatchObject({ spend: 6.74, conversions: 1, revenue: [{ currency_code: 'eur', amount: 55.5 }] });
    expect(rest).toMatchObject({ channel: 'other', totals: { conversions: 2, revenue: [{ currency_code: 'eur', amount: 15 }] } });
    expect(r.body.platform.days.map((d: any) => [d.day, d.orders])).toEqual([
      ['2026-06-01', 2],
      ['2026-06-02', 1],
      ['2026-06-03', 2],
      ['2026-06-04', 0],
    ]);

    // what went over the wire: insights per day for the range; GAQL for the range with the manager's header
    const insights = meta.server.requests.filter((q) => q.path === `/v21.0/act_${ACT}/insights`);
    // the local server pages by two rows (Meta caps a page's size): the adapter follows paging.next
    expect(insights).toHaveLength(2);
    expect(insights[1].query.get('after')).toBe('2');
    expect(insights[0].query.get('time_increment')).toBe('1');
    expect(JSON.parse(insights[0].query.get('time_range')!)).toEqual({ since: '2026-06-01', until: '2026-06-04' });
    const stream = google.server.requests.filter((q) => q.path.endsWith('googleAds:searchStream'));
    expect(stream).toHaveLength(1);
    expect(stream[0].headers['login-customer-id']).toBe(MANAGER);
    expect(JSON.parse(stream[0].body).query).toContain("segments.date BETWEEN '2026-06-01' AND '2026-06-04'");
  });

  it('is cached per store and range until the ad accounts change or the time runs out', async () => {
    const calls = () => meta.server.requests.length + google.server.requests.length;
    const before = calls();
    const again = await dashboard('2026-06-01', '2026-06-04');
    expect(again.body.cached).toBe(true);
    expect(calls()).toBe(before);
    // another range is computed anew
    expect((await dashboard('2026-06-01', '2026-06-02')).body.cached).toBe(false);
    expect(calls()).toBeGreaterThan(before);
    // a change of the accounts drops the store's cache
    await gql(CONFIGURE, { i: { channel: 'meta', account_id: ACT } });
    expect((await dashboard('2026-06-01', '2026-06-04')).body.cached).toBe(false);
    expect((await dashboard('2026-06-01', '2026-06-04')).body.cached).toBe(true);
    clock.advance(600_001);
    expect((await dashboard('2026-06-01', '2026-06-04')).body.cached).toBe(false);
    // another store's dashboard of the same range is its own (and sees none of the shop's)
    const theirs = await dashboard('2026-06-01', '2026-06-04', otherAdmin);
    expect(theirs.body.cached).toBe(false);
    expect(theirs.body.channels.map((c: any) => [c.channel, c.status, c.totals.conversions])).toEqual([
      ['meta', 'not_connected', 1],
      ['google_ads', 'not_connected', 0],
      ['other', 'ok', 0],
    ]);
    expect(theirs.body.platform.orders).toBe(0);
    expect((await gql('{ assistantAdChannels { channel } }', {}, otherAdmin)).data.assistantAdChannels).toEqual([]);
  });

  it('reports a failing channel as unavailable (not cached); 502 when every connected channel fails', async () => {
    clock.advance(600_001);
    google.server.fail('500', 1);
    const one = await dashboard('2026-06-01', '2026-06-04');
    expect(one.status).toBe(200);
    expect(one.body.channels[0].status).toBe('ok');
    expect(one.body.channels[1]).toMatchObject({ channel: 'google_ads', status: 'unavailable', totals: { spend: null, conversions: 1 } });
    expect(one.body.channels[1].error).toMatch(/^google_ads answered 500/);
    const cached = (
      await sql.query(
        `select count(*)::int as n from assistant.metrics_cache where tenant_id = $1 and range_from = '2026-06-01' and range_to = '2026-06-04' and expires_at > $2`,
        [shop.tenant_id, new Date(clock.now())],
      )
    ).rows[0].n;
    expect(cached).toBe(0);

    meta.server.fail('close', 1);
    google.server.fail('500', 1);
    const all = await dashboard('2026-06-01', '2026-06-04');
    expect([all.status, all.body.type, all.body.code]).toEqual([502, 'provider_error', 'provider_unavailable']);
    // a revoked Google refresh token is that channel's failure too
    const revoked = await gql(CONFIGURE, { i: { channel: 'google_ads', account_id: CUSTOMER, login_customer_id: MANAGER, refresh_token: '1//revoked' } });
    expect(revoked.errors).toBeUndefined();
    const r = await dashboard('2026-06-01', '2026-06-04');
    expect(r.body.channels[1]).toMatchObject({ status: 'unavailable' });
    expect(r.body.channels[1].error).toContain('Token has been expired or revoked');
    await gql(CONFIGURE, { i: { channel: 'google_ads', account_id: CUSTOMER, login_customer_id: MANAGER, refresh_token: google.refreshToken } });
  });

  it('refuses bad ranges and input with 400, and other doors with 401', async () => {
    for (const q of [
      'from=2026-06-04&to=2026-06-01',
      'from=2025-01-01&to=2026-06-01',
      'from=2026-13-01&to=2026-06-01',
      'from=yesterday&to=2026-06-01',
      'from=2026-06-01',
      'from=2026-06-01&to=2026-06-02&x=1',
    ]) {
      const r = await p.api('GET', `/admin/ai/marketing/metrics/dashboard?${q}`, { token: admin });
      expect([q, r.status, r.body.type]).toEqual([q, 400, 'validation_error']);
    }
    expect((await dashboard('2026-06-04', '2026-06-01')).body.code).toBe('invalid_range');
    expect((await p.api('GET', '/admin/ai/marketing/metrics/dashboard?from=2026-06-01&to=2026-06-02', { key: shop.publishable_key })).status).toBe(401);
    for (const i of [
      { channel: 'tiktok', account_id: '1' },
      { channel: 'meta', account_id: 'abc' },
      { channel: 'google_ads', account_id: '12345' },
      { channel: 'google_ads', account_id: CUSTOMER, access_token: 'x' },
      { channel: 'meta', account_id: ACT, refresh_token: 'x' },
    ])
      expect((await gql(CONFIGURE, { i })).errors[0].extensions.type).toBe('validation_error');
    // Meta without a token of its own needs the store's Meta connection
    expect((await gql(CONFIGURE, { i: { channel: 'meta', account_id: ACT } }, otherAdmin)).errors[0].extensions.code).toBe('missing_field');
    expect((await gql('mutation { removeAssistantAdChannel(channel: "meta") }', {}, otherAdmin)).errors[0].extensions.type).toBe('not_found');
  });

  it('attributes a purchase the storefront tracked with utm_source and value to its channel', async () => {
    const session = `sess-${Math.random().toString(36).slice(2)}-metrics-1234`;
    await p.api('POST', '/store/cookie-consent', { key: shop.publishable_key, body: { session_id: session, categories: { analytics: true } } });
    const tracked = await p.api('POST', '/store/track/events', {
      key: shop.publishable_key,
      body: {
        session_id: session,
        type: 'purchase',
        url: 'https://shop.example/thanks?utm_source=Facebook&utm_campaign=june',
        properties: { value: 42.5, currency: 'EUR' },
      },
    });
    expect(tracked.body.stored).toBe(true);
    await waitFor('analytics to record the purchase', async () => {
      const r = await sql.query(
        `select count(*)::int as n from analytics.event_log where tenant_id = $1 and type = 'analytics_event.tracked' and data->>'id' = $2`,
        [shop.tenant_id, tracked.body.id],
      );
      return r.rows[0].n > 0;
    });
    const r = await dashboard(today, today);
    expect(r.body.channels[0]).toMatchObject({
      channel: 'meta',
      sources: ['facebook'],
      totals: { conversions: 1, revenue: [{ currency_code: 'eur', amount: 42.5 }] },
    });
  });
});
