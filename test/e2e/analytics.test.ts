import { Client } from 'pg';
import { systemContext, type RequestContext, type TypedEvent } from '@svc/kit';
import type { TenantCredentials } from '@svc/identity';
import type { AnalyticsServices } from '@svc/analytics';
import { startTestPlatform, type TestPlatform } from '../support/platform';
import { waitFor } from '../support/wait';

/**
 * The analytics domain end to end: real checkouts, cancellations, carts and searches reach it as
 * events and its rollups equal a direct SQL computation over commerce's tables (before and after a
 * rebuild); an event counts once by its id (redelivered, replayed, or handled by two instances at
 * once); days follow the asked IANA time zone; the analyst API key reads analytics and nothing
 * else, of its own store only; the NDJSON export pages by event id and resumes.
 */
describe('analytics: rollups from the outbox, reports, the analyst key, the export', () => {
  let p: TestPlatform;
  let sql: Client;
  let shop: TenantCredentials;
  let other: TenantCredentials;
  let admin: string;
  let otherAdmin: string;
  let analyst: string;
  let s: AnalyticsServices;
  const today = new Date().toISOString().slice(0, 10);
  const SERIES = `query($metric: String!, $dim: String, $from: String!, $to: String!, $tz: String) {
    analyticsSeries(metric: $metric, dim: $dim, from: $from, to: $to, time_zone: $tz) { day value currency_code count amount } }`;
  const BREAKDOWN = `query($metric: String!, $dim: String!, $from: String!, $to: String!) {
    analyticsBreakdown(metric: $metric, dim: $dim, from: $from, to: $to, limit: 1000) { value currency_code count amount } }`;
  const CONVERSION = `query($from: String!, $to: String!) { analyticsConversion(from: $from, to: $to) { page_views add_to_carts orders carts_created carts_completed } }`;

  const run = async (query: string, variables: Record<string, unknown>, token = admin): Promise<any> => {
    const r = await p.graphql(query, variables, { token });
    if (r.body?.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(r.body.errors)}`);
    return r.body.data;
  };
  const ctxOf = (tenantId: string): RequestContext => systemContext(p.log, tenantId, 'test');
  /** handles an event as the subscription does: in its own transaction */
  const deliver = (e: TypedEvent<Record<string, unknown>>) => s.store.transaction(ctxOf(e.tenant_id!), (_em, tx) => s.analytics.ingest(tx, e));
  const orderEvent = (tenantId: string, id: string, at: string, total = 10.5): TypedEvent<Record<string, unknown>> => ({
    id,
    type: 'order.placed',
    tenant_id: tenantId,
    created_at: at,
    request_id: null,
    data: { id: `order_${id}`, currency_code: 'eur', total, region_id: 'reg_x', sales_channel_id: null, items: [] },
  });

  let regions: Record<string, string>;
  let n = 0;
  const placeOrder = async (currency: string, quantity: number) => {
    const key = shop.publishable_key;
    const regionId = regions[currency];
    const products = await p.api('GET', `/store/products?limit=50&region_id=${regionId}&fields=%2Bvariants.inventory_quantity`, { key });
    const inStock = products.body.products.flatMap((x: any) => x.variants).filter((v: any) => v.inventory_quantity > 5);
    const a = inStock[n++ % inStock.length];
    const b = inStock[(n * 7) % inStock.length];
    const c = await p.api('POST', '/store/carts', {
      key,
      body: {
        region_id: regionId,
        email: `g${n}@example.com`,
        items: [
          { variant_id: a.id, quantity },
          { variant_id: b.id, quantity: 1 },
        ],
      },
    });
    expect(c.status).toBe(200);
    const id = c.body.cart.id;
    const options = await p.api('GET', `/store/shipping-options?cart_id=${id}`, { key });
    await p.api('POST', `/store/carts/${id}/shipping-methods`, { key, body: { option_id: options.body.shipping_options[0].id } });
    const pc = await p.api('POST', '/store/payment-collections', { key, body: { cart_id: id } });
    await p.api('POST', `/store/payment-collections/${pc.body.payment_collection.id}/payment-sessions`, { key, body: { provider_id: 'pp_system_default' } });
    const done = await p.api('POST', `/store/carts/${id}/complete`, { key });
    expect(done.body.type).toBe('order');
    return done.body.order as { id: string };
  };
  /** every event of the tenant in the outboxes of commerce and search has been recorded by analytics */
  const settled = async (tenantId: string) =>
    waitFor('analytics to record every event', async () => {
      const { rows } = await sql.query(
        `select (select count(*) from commerce.outbox_event where tenant_id = $1) + (select count(*) from search.outbox_event where tenant_id = $1)
              - (select count(*) from analytics.event_log where tenant_id = $1 and (type like 'order.%' or type like 'cart.%' or type like 'search.%')) as missing`,
        [tenantId],
      );
      return Number(rows[0].missing) === 0;
    });

  beforeAll(async () => {
    p = await startTestPlatform();
    s = p.services<AnalyticsServices>('analytics');
    sql = new Client({ connectionString: p.dbUrl });
    await sql.connect();
    shop = await p.createTenant();
    other = await p.createTenant();
    for (const t of [shop, other]) {
      await p.seedCatalog(t.tenant_id);
      await p.seedCommerce(t.tenant_id);
    }
    admin = await p.adminToken(shop);
    otherAdmin = await p.adminToken(other);
    regions = Object.fromEntries((await p.api('GET', '/store/regions', { key: shop.publishable_key })).body.regions.map((r: any) => [r.currency_code, r.id]));
    const created = await run('mutation { createAnalystApiKey(title: "Warehouse") { key scope redacted } }', {});
    expect(created.createAnalystApiKey.scope).toBe('analyst');
    analyst = created.createAnalystApiKey.key;
  });
  afterAll(async () => {
    await sql?.end();
    await p?.stop();
  });

  it('keeps rollups equal to a direct SQL computation over the source tables, and a rebuild gives the same', async () => {
    const orders = [];
    for (const [currency, quantity] of [
      ['eur', 1],
      ['eur', 3],
      ['usd', 2],
      ['gbp', 1],
      ['usd', 1],
      ['eur', 2],
    ] as const)
      orders.push(await placeOrder(currency, quantity));
    const CANCEL = 'mutation($id: String!) { cancelOrder(id: $id) { id status } }';
    for (const o of [orders[1], orders[4]]) expect((await run(CANCEL, { id: o.id })).cancelOrder.status).toBe('canceled');
    // a cart that is never completed, and searches with and without results
    await p.api('POST', '/store/carts', { key: shop.publishable_key, body: { region_id: regions.eur } });
    for (const q of ['organic tee', 'qwxzvy', 'qwxzvy'])
      expect((await p.api('GET', `/store/search?q=${encodeURIComponent(q)}`, { key: shop.publishable_key })).status).toBe(200);
    await settled(shop.tenant_id);

    const check = async () => {
      const range = { from: today, to: today };
      // orders by region: count and total
      const { rows: byRegion } = await sql.query(
        `select region_id as value, currency_code, count(*)::int as count, sum((totals->>'total')::numeric)::float8 as amount
           from commerce."order" where tenant_id = $1 group by 1, 2 order by 1, 2`,
        [shop.tenant_id],
      );
      const series = (await run(SERIES, { metric: 'orders', dim: 'region', ...range })).analyticsSeries;
      expect(series.map((r: any) => ({ value: r.value, currency_code: r.currency_code, count: r.count, amount: r.amount }))).toEqual(
        byRegion.map((r) => ({ ...r, amount: Math.round(r.amount * 10_000) / 10_000 })),
      );
      expect(series.every((r: any) => r.day === today)).toBe(true);
      // cancellations by currency
      const { rows: canceled } = await sql.query(
        `select currency_code as value, count(*)::int as count from commerce."order" where tenant_id = $1 and status = 'canceled' group by 1 order by 1`,
        [shop.tenant_id],
      );
      expect(
        (await run(BREAKDOWN, { metric: 'cancellations', dim: 'currency', ...range })).analyticsBreakdown
          .map((r: any) => ({ value: r.value, count: r.count }))
          .sort((a: any, b: any) => a.value.localeCompare(b.value)),
      ).toEqual(canceled);
      // units and line revenue by product, from the orders' lines
      const { rows: products } = await sql.query(
        `select i->>'product_id' as value, o.currency_code, sum((i->>'quantity')::int)::int as count, sum((i->>'unit_price')::numeric * (i->>'quantity')::int)::float8 as amount
           from commerce."order" o, jsonb_array_elements(o.items::jsonb) i where o.tenant_id = $1 group by 1, 2`,
        [shop.tenant_id],
      );
      const lines = (await run(BREAKDOWN, { metric: 'order_lines', dim: 'product', ...range })).analyticsBreakdown;
      const key = (r: any) => `${r.value}/${r.currency_code}`;
      expect(lines.map((r: any) => [key(r), r.count, Math.round(r.amount * 100)]).sort()).toEqual(
        products.map((r) => [key(r), r.count, Math.round(r.amount * 100)]).sort(),
      );
      // carts created vs completed, and the funnel
      const { rows: carts } = await sql.query(
        `select count(*)::int as created, count(completed_at)::int as completed from commerce.cart where tenant_id = $1`,
        [shop.tenant_id],
      );
      const conversion = (await run(CONVERSION, range)).analyticsConversion;
      expect(conversion).toMatchObject({
        carts_created: carts[0].created,
        carts_completed: carts[0].completed,
        orders: byRegion.reduce((a, r) => a + r.count, 0),
      });
      expect(carts[0].created).toBeGreaterThan(carts[0].completed);
      // search terms with and without results, against the search domain's own record of them
      const { rows: searched } = await sql.query(
        `select data->>'term' as value, count(*)::int as count, count(*) filter (where (data->>'results')::int = 0)::int as misses
           from search.outbox_event where tenant_id = $1 and type = 'search.performed' group by 1 order by 1`,
        [shop.tenant_id],
      );
      expect(searched.find((r) => r.value === 'qwxzvy')).toEqual({ value: 'qwxzvy', count: 2, misses: 2 });
      const terms = (await run(BREAKDOWN, { metric: 'searches', dim: 'term', ...range })).analyticsBreakdown;
      expect(terms.map((t: any) => ({ value: t.value, count: t.count })).sort((a: any, b: any) => a.value.localeCompare(b.value))).toEqual(
        searched.map((r) => ({ value: r.value, count: r.count })),
      );
      const misses = (await run(BREAKDOWN, { metric: 'searches_without_results', dim: 'term', ...range })).analyticsBreakdown;
      expect(misses.map((t: any) => ({ value: t.value, count: t.count })).sort((a: any, b: any) => a.value.localeCompare(b.value))).toEqual(
        searched.filter((r) => r.misses > 0).map((r) => ({ value: r.value, count: r.misses })),
      );
    };
    await check();
    const { rows: before } = await sql.query(
      `select metric, dim, value, currency, bucket, count, amount from analytics.rollup where tenant_id = $1 order by 1, 2, 3, 4, 5`,
      [shop.tenant_id],
    );
    const rebuilt = (await run('mutation { rebuildAnalytics { events cells } }', {})).rebuildAnalytics;
    const { rows: logged } = await sql.query(`select count(*)::int as n from analytics.event_log where tenant_id = $1`, [shop.tenant_id]);
    expect(rebuilt.events).toBe(logged[0].n);
    expect(rebuilt.cells).toBe(before.length);
    const { rows: after } = await sql.query(
      `select metric, dim, value, currency, bucket, count, amount from analytics.rollup where tenant_id = $1 order by 1, 2, 3, 4, 5`,
      [shop.tenant_id],
    );
    expect(after).toEqual(before);
    await check();
    // the other store's orders are not in this store's reports, nor the reverse
    const mine = (await run(SERIES, { metric: 'orders', from: today, to: today })).analyticsSeries;
    const theirs = (await run(SERIES, { metric: 'orders', from: today, to: today }, otherAdmin)).analyticsSeries;
    const { rows: counts } = await sql.query(`select tenant_id, count(*)::int as n from commerce."order" where tenant_id = any($1) group by 1`, [
      [shop.tenant_id, other.tenant_id],
    ]);
    await settled(other.tenant_id);
    const total = (rows: any[]) => rows.reduce((a, r) => a + r.count, 0);
    expect(total(mine)).toBe(counts.find((r) => r.tenant_id === shop.tenant_id).n);
    expect(total(theirs)).toBe(counts.find((r) => r.tenant_id === other.tenant_id).n);
    expect(total(theirs)).toBeLessThan(total(mine));
  });

  it('counts an event once by its id: redelivered, replayed, or handled by two instances at the same time', async () => {
    const t = await p.createTenant();
    const at = '2026-02-10T12:00:00.000Z';
    const once = orderEvent(t.tenant_id, 'evt_TESTONCE0000000000000000001', at, 19.99);
    expect(await deliver(once)).toBe(true);
    expect(await deliver(once)).toBe(false);
    // two instances at once: the same event twice, and 30 distinct events, all concurrently
    const distinct = Array.from({ length: 30 }, (_v, i) => orderEvent(t.tenant_id, `evt_TESTMANY${String(i).padStart(20, '0')}`, at, 1.25));
    const same = orderEvent(t.tenant_id, 'evt_TESTSAME0000000000000000001', at, 5);
    const results = await Promise.all([deliver(same), deliver(same), ...distinct.map(deliver), ...distinct.slice(0, 10).map(deliver)]);
    expect(results.slice(0, 2).filter(Boolean)).toHaveLength(1);
    const token = await p.adminToken(t);
    const series = (await run(SERIES, { metric: 'orders', from: '2026-02-10', to: '2026-02-10' }, token)).analyticsSeries;
    // 19.99 + 5 + 30 × 1.25, summed exactly
    expect(series).toEqual([{ day: '2026-02-10', value: '', currency_code: 'eur', count: 32, amount: 62.49 }]);
    // a rebuild from the recorded events gives the same
    await run('mutation { rebuildAnalytics { events cells } }', {}, token);
    expect((await run(SERIES, { metric: 'orders', from: '2026-02-10', to: '2026-02-10' }, token)).analyticsSeries).toEqual(series);
  });

  it('counts days in the asked IANA time zone, half-hour zones included', async () => {
    const t = await p.createTenant();
    const token = await p.adminToken(t);
    await deliver(orderEvent(t.tenant_id, 'evt_TESTZONE0000000000000000001', '2026-03-01T18:45:00.000Z'));
    await deliver(orderEvent(t.tenant_id, 'evt_TESTZONE0000000000000000002', '2026-03-01T23:30:00.000Z'));
    const days = async (tz: string) =>
      (await run(SERIES, { metric: 'orders', from: '2026-02-28', to: '2026-03-03', tz }, token)).analyticsSeries.map((r: any) => [r.day, r.count]);
    expect(await days('UTC')).toEqual([['2026-03-01', 2]]);
    expect(await days('Europe/Berlin')).toEqual([
      ['2026-03-01', 1],
      ['2026-03-02', 1],
    ]);
    // 18:45 UTC is 00:15 the next day in Kolkata (UTC+05:30)
    expect(await days('Asia/Kolkata')).toEqual([['2026-03-02', 2]]);
    expect(await days('America/New_York')).toEqual([['2026-03-01', 2]]);
    // a range of one day in a zone covers exactly that day
    expect((await run(SERIES, { metric: 'orders', from: '2026-03-02', to: '2026-03-02', tz: 'Asia/Kolkata' }, token)).analyticsSeries).toHaveLength(1);
    for (const [vars, field] of [
      [{ tz: 'Mars/Olympus' }, 'time_zone'],
      [{ from: '2026-03-05', to: '2026-03-01' }, 'from'],
      [{ from: '2026-02-30' }, 'from'],
      [{ metric: 'nope' }, 'metric'],
      [{ dim: 'term' }, 'dim'],
    ] as const) {
      const r = await p.graphql(SERIES, { metric: 'orders', from: '2026-03-01', to: '2026-03-02', ...vars }, { token });
      expect(r.body.errors[0].extensions).toMatchObject({ type: 'validation_error' });
      expect(JSON.stringify(r.body.errors[0].extensions)).toContain(field);
    }
  });

  it('reads days from the daily pre-aggregate, exact in zones of any offset (half and three-quarter hours, daylight saving, +14)', async () => {
    const t = await p.createTenant();
    const token = await p.adminToken(t);
    // 300 orders every 37 minutes from 2026-03-05 00:05 UTC (over New York's switch to daylight saving time on 03-08), in
    // every quarter hour of the day; 3 products, 2 currencies
    const events = Array.from({ length: 300 }, (_v, k) => {
      const e = orderEvent(
        t.tenant_id,
        `evt_TESTDAYS${String(k).padStart(20, '0')}`,
        new Date(Date.UTC(2026, 2, 5, 0, 5) + k * 37 * 60_000).toISOString(),
        1.25 + (k % 7),
      );
      e.data.currency_code = k % 3 ? 'eur' : 'usd';
      e.data.items = [{ product_id: `prod_${k % 3}`, quantity: 1 + (k % 2), unit_price: 2.5 }];
      return e;
    });
    for (let i = 0; i < events.length; i += 10) await Promise.all(events.slice(i, i + 10).map(deliver));
    // the pre-aggregate is its cells summed per UTC day
    const days = async () =>
      (
        await sql.query(
          `select metric, dim, value, currency, day::text, count::text, amount::text from analytics.rollup_day where tenant_id = $1 order by 1, 2, 3, 4, 5`,
          [t.tenant_id],
        )
      ).rows;
    const { rows: summed } = await sql.query(
      `select metric, dim, value, currency, (bucket at time zone 'UTC')::date::text as day, sum(count)::text as count, sum(amount)::text as amount
         from analytics.rollup where tenant_id = $1 group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`,
      [t.tenant_id],
    );
    expect(summed.length).toBeGreaterThan(20);
    expect(await days()).toEqual(summed);
    // each zone's days, and a range's breakdown, equal a direct computation over the recorded events
    const check = async (tz: string, from: string, to: string) => {
      const { rows: direct } = await sql.query(
        `select to_char(occurred_at at time zone $2, 'YYYY-MM-DD') as day, data->>'currency_code' as currency_code, count(*)::int as count, sum((data->>'total')::numeric)::float8 as amount
           from analytics.event_log where tenant_id = $1 and (occurred_at at time zone $2)::date between $3::date and $4::date group by 1, 2 order by 1, 2`,
        [t.tenant_id, tz, from, to],
      );
      expect(direct.length).toBeGreaterThan(0);
      const series = (await run(SERIES, { metric: 'orders', dim: 'currency', from, to, tz }, token)).analyticsSeries;
      expect(series.map((r: any) => ({ day: r.day, currency_code: r.currency_code, count: r.count, amount: r.amount }))).toEqual(direct);
      const { rows: lines } = await sql.query(
        `select i->>'product_id' as value, data->>'currency_code' as currency_code, sum((i->>'quantity')::int)::int as count, sum((i->>'quantity')::int * (i->>'unit_price')::numeric)::float8 as amount
           from analytics.event_log, jsonb_array_elements(data->'items') i
          where tenant_id = $1 and (occurred_at at time zone $2)::date between $3::date and $4::date group by 1, 2 order by 1, 2`,
        [t.tenant_id, tz, from, to],
      );
      const BY_ZONE = `query($from: String!, $to: String!, $tz: String) {
        analyticsBreakdown(metric: "order_lines", dim: "product", from: $from, to: $to, time_zone: $tz) { value currency_code count amount } }`;
      const breakdown = (await run(BY_ZONE, { from, to, tz }, token)).analyticsBreakdown;
      expect(breakdown.sort((a: any, b: any) => `${a.value}/${a.currency_code}`.localeCompare(`${b.value}/${b.currency_code}`))).toEqual(lines);
      const orders = direct.reduce((a, r) => a + r.count, 0);
      expect(
        (
          await run(
            `query($from: String!, $to: String!, $tz: String) { analyticsConversion(from: $from, to: $to, time_zone: $tz) { orders } }`,
            { from, to, tz },
            token,
          )
        ).analyticsConversion.orders,
      ).toBe(orders);
    };
    const zones = ['UTC', 'Asia/Kolkata', 'Asia/Kathmandu', 'America/New_York', 'Europe/Berlin', 'Pacific/Chatham', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'];
    for (const tz of zones) {
      await check(tz, '2026-03-06', '2026-03-10');
      await check(tz, '2026-03-07', '2026-03-07');
    }
    // a rebuild writes the same days
    const before = await days();
    await run('mutation { rebuildAnalytics { events cells } }', {}, token);
    expect(await days()).toEqual(before);
    await check('Asia/Kolkata', '2026-03-04', '2026-03-12');
  });

  it('the analyst key reads analytics and nothing else, of its own store only', async () => {
    const ok = await p.graphql(SERIES, { metric: 'orders', from: today, to: today }, { token: analyst });
    expect(ok.body.errors).toBeUndefined();
    expect(ok.body.data.analyticsSeries.length).toBeGreaterThan(0);
    for (const q of [
      '{ products(limit: 1) { count } }',
      '{ storeSettings { allowed_origins } }',
      '{ adminOrders { count } }',
      'mutation { rebuildAnalytics { events } }',
      '{ analyticsEventCounts(from: "2026-01-01", to: "2026-01-02") { day } }',
    ]) {
      const r = await p.graphql(q, {}, { token: analyst });
      expect(r.body.errors?.[0]?.extensions).toMatchObject({ type: 'permission_error' });
      expect(r.body.data?.[Object.keys(r.body.data ?? {})[0]] ?? null).toBeNull();
    }
    const create = await p.graphql('mutation { createAnalystApiKey { key } }', {}, { token: analyst });
    expect(create.body.errors[0].extensions).toMatchObject({ type: 'permission_error' });
    // REST: every door but the analytics export is 403
    for (const [method, path, key] of [
      ['GET', '/store/products', shop.publishable_key],
      ['GET', '/store/regions', shop.publishable_key],
      ['GET', '/admin/ai/skills', undefined],
      ['GET', '/v1/setup-status', undefined],
    ] as const) {
      const r = await p.api(method, path, { token: analyst, key });
      expect([r.status, r.body.code]).toEqual([403, 'scope_forbidden']);
    }
    // another store's publishable key with this key: refused; another store's event id: 404
    expect((await p.api('GET', '/admin/analytics/events', { token: analyst, key: other.publishable_key })).status).toBe(401);
    const foreign = await sql.query(`select id from analytics.event_log where tenant_id = $1 limit 1`, [other.tenant_id]);
    const r = await p.api('GET', `/admin/analytics/events?after=${foreign.rows[0].id}`, { token: analyst });
    expect([r.status, r.body.code]).toEqual([404, 'not_found']);
    expect((await p.api('GET', '/admin/analytics/events')).status).toBe(401);
  });

  it('exports raw events as NDJSON, paged by event id and resumable', async () => {
    const get = async (query: string, token = analyst) => {
      const res = await fetch(`${p.url}/api/admin/analytics/events${query}`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
      const text = await res.text();
      return text
        ? text
            .trimEnd()
            .split('\n')
            .map((l) => JSON.parse(l))
        : [];
    };
    const all = await get('?limit=10000');
    const { rows } = await sql.query(`select id from analytics.event_log where tenant_id = $1 order by seq`, [shop.tenant_id]);
    expect(all.map((e) => e.id)).toEqual(rows.map((r) => r.id));
    expect(all.some((e) => e.type === 'order.placed' && Array.isArray(e.data.items))).toBe(true);
    // pages of 7, each resumed after the last id of the one before, give the same events in the same order
    const paged: any[] = [];
    let after = '';
    for (;;) {
      const page = await get(`?limit=7${after ? `&after=${after}` : ''}`);
      paged.push(...page);
      if (page.length < 7) break;
      after = page[page.length - 1].id;
    }
    expect(paged).toEqual(all);
    expect(await get(`?after=${all[all.length - 1].id}`)).toEqual([]);
    // the admin token reads it too; another store's admin sees only its own events
    expect((await get('?limit=3', admin)).map((e) => e.id)).toEqual(all.slice(0, 3).map((e) => e.id));
    const theirs = await get('?limit=10000', otherAdmin);
    expect(theirs.some((e) => all.some((m) => m.id === e.id))).toBe(false);
    const bad = await p.api('GET', '/admin/analytics/events?limit=0', { token: analyst });
    expect(bad.status).toBe(400);
  });
});
