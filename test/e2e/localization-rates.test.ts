import type { Client } from 'pg';
import { systemContext } from '@svc/kit';
import type { TenantCredentials } from '@svc/identity';
import { domain, type LocalizationServices } from '@svc/localization';
import type { TestPlatform } from '../support/platform';
import { startTwoStores } from '../support/two-stores';
import { FeedServer, ecbDocument, jsonDocument, today } from '../support/rate-feeds';
import { waitFor } from '../support/wait';

/**
 * Currency rates end to end: the two feeds are local HTTP servers serving real-format documents;
 * each fails in turn (error, timeout, garbage) and the next source answers; with both down the
 * last known rates are served stale; manual overrides win; pairs and overrides are the tenant's.
 */
describe('localization: currency rates', () => {
  const PAIR = 'id base quote manual_rate manual_set_at';
  const ADD = `mutation($input: AddCurrencyPairInput!) { addCurrencyPair(input: $input) { ${PAIR} } }`;
  const OVERRIDE = `mutation($id: String!, $rate: Float!) { setCurrencyRateOverride(id: $id, rate: $rate) { ${PAIR} } }`;
  const CLEAR = `mutation($id: String!) { clearCurrencyRateOverride(id: $id) { ${PAIR} } }`;
  const REMOVE = `mutation($id: String!) { removeCurrencyPair(id: $id) { id } }`;
  const REFRESH = `mutation { refreshCurrencyRates { source ok last_error currencies rate_date stale } }`;
  const SOURCES = `query { currencyRateSources { source url ok last_error currencies stale fetched_at } }`;

  const ECB_RATES = { USD: '1.0823', JPY: '162.45', GBP: '0.8412', CHF: '0.9391' };
  const JSON_RATES = { USD: 1.08, GBP: 0.84, JPY: 162.1, CHF: 0.94, KRW: 1520.5 };

  let ecb: FeedServer;
  let json: FeedServer;
  let p: TestPlatform;
  let sql: Client;
  let shop: TenantCredentials;
  let other: TenantCredentials;
  let admin: string;
  let otherAdmin: string;
  const pairs: Record<string, any> = {};

  const run = async (query: string, variables: Record<string, unknown> = {}, token = admin): Promise<any> => {
    const r = await p.graphql(query, variables, { token });
    if (r.body?.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(r.body.errors)}`);
    return r.body.data;
  };
  /** GET /store/currency-rates as `{ 'EUR/USD': {rate, source, stale, …} }` */
  const rates = async (key = shop.publishable_key): Promise<Record<string, any>> => {
    const r = await p.api('GET', '/store/currency-rates', { key });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['currency_rates']);
    return Object.fromEntries(r.body.currency_rates.map((x: any) => [`${x.base}/${x.quote}`, x]));
  };
  const brief = (all: Record<string, any>) => Object.fromEntries(Object.entries(all).map(([k, v]) => [k, [v.rate, v.source, v.stale]]));
  const refresh = async () => (await run(REFRESH)).refreshCurrencyRates as any[];
  const serveGood = () => {
    ecb.mode = 'ok';
    json.mode = 'ok';
  };

  beforeAll(async () => {
    ecb = await new FeedServer().start();
    ecb.body = ecbDocument(today(), ECB_RATES);
    json = await new FeedServer().start();
    json.contentType = 'application/json';
    json.body = jsonDocument(today(), JSON_RATES);
    ({ p, sql, shop, other, admin, otherAdmin } = await startTwoStores({
      env: {
        WORKERS_DISABLED: 'true',
        CURRENCY_RATES_ECB_URL: ecb.url('/stats/eurofxref/eurofxref-daily.xml'),
        CURRENCY_RATES_JSON_URL: json.url('/v1/latest?base=EUR'),
        CURRENCY_RATES_TIMEOUT_MS: '400',
      },
    }));
  });
  afterAll(async () => {
    await sql?.end();
    await p?.stop();
    await ecb?.stop();
    await json?.stop();
  });

  it('seeds the demo pairs, an override and a last known snapshot that is stale until a refresh succeeds', async () => {
    const tenant = await p.createTenant();
    const ctx = systemContext(p.log, tenant.tenant_id, 'seed');
    await domain.seed!(p.services<LocalizationServices>('localization'), {
      ctx,
      tenantId: tenant.tenant_id,
      publicUrl: p.url,
      staticDir: p.staticDir,
      log: p.log,
    });
    expect(ecb.requests + json.requests).toBe(0);
    expect(brief(await rates(tenant.publishable_key))).toEqual({
      'EUR/GBP': [0.8412, 'ecb', true],
      'EUR/USD': [1.0823, 'ecb', true],
      'USD/GBP': [0.79, 'manual', false],
    });
    const snapshot = await p.api('GET', '/store/exchange-rates', { key: tenant.publishable_key });
    expect(snapshot.body).toMatchObject({ base: 'EUR', source: 'ecb', stale: true, date: today() });
  });

  it('lets the demo seed and a refresh run at the same moment (separate processes in the scale-out layout): neither fails', async () => {
    const currencies = p.services<LocalizationServices>('localization').currencies;
    const ctx = systemContext(p.log, null, 'seed');
    for (const feedsUp of [false, true]) {
      ecb.mode = feedsUp ? 'ok' : 'error';
      json.mode = feedsUp ? 'ok' : 'error';
      await sql.query('delete from localization.rate_source');
      const snapshot = { base: 'EUR', date: today(), rates: { EUR: '1', USD: '1.0823' } };
      // two processes seeding (two localization instances) beside a refresh
      const [, , status] = await Promise.all([
        currencies.seedSnapshot(ctx, 'ecb', snapshot, new Date()),
        currencies.seedSnapshot(ctx, 'ecb', snapshot, new Date()),
        refresh(),
      ]);
      const ecbRow = status.find((s) => s.source === 'ecb');
      // feeds down: the snapshot's rates, the failure recorded; feeds up: the feed's document, whichever wrote first
      const { rows } = await sql.query(`select rates, ok, last_error from localization.rate_source where source = 'ecb'`);
      expect(rows).toHaveLength(1);
      expect(rows[0].rates).toBeTruthy();
      expect(rows[0].ok).toBe(feedsUp);
      expect(ecbRow).toBeTruthy();
    }
    serveGood();
  });

  it('manages pairs through admin GraphQL and refuses bad input', async () => {
    pairs['EUR/USD'] = (await run(ADD, { input: { base: 'EUR', quote: 'USD' } })).addCurrencyPair;
    pairs['EUR/GBP'] = (await run(ADD, { input: { base: 'eur', quote: 'gbp' } })).addCurrencyPair;
    pairs['USD/GBP'] = (await run(ADD, { input: { base: 'USD', quote: 'GBP' } })).addCurrencyPair;
    pairs['GBP/JPY'] = (await run(ADD, { input: { base: 'GBP', quote: 'JPY', manual_rate: 190.5 } })).addCurrencyPair;
    expect(pairs['EUR/GBP']).toMatchObject({ base: 'EUR', quote: 'GBP', manual_rate: null });
    expect(pairs['GBP/JPY']).toMatchObject({ manual_rate: 190.5 });
    expect(pairs['EUR/USD'].id).toMatch(/^cpair_/);
    for (const input of [
      { base: 'EURO', quote: 'USD' },
      { base: 'EU1', quote: 'USD' },
      { base: 'EUR', quote: 'eur' },
      { base: 'ZZZ', quote: 'USD' },
      { base: 'EUR', quote: 'CHF', manual_rate: 0 },
      { base: 'EUR', quote: 'CHF', manual_rate: -1.5 },
    ]) {
      const r = await p.graphql(ADD, { input }, { token: admin });
      expect(`${JSON.stringify(input)} ${r.body.errors?.[0]?.extensions?.type}`).toBe(`${JSON.stringify(input)} validation_error`);
    }
    const dup = await p.graphql(ADD, { input: { base: 'EUR', quote: 'USD' } }, { token: admin });
    expect(dup.body.errors[0].extensions).toMatchObject({ type: 'conflict', code: 'duplicate' });
    const badRate = await p.graphql(OVERRIDE, { id: pairs['EUR/USD'].id, rate: 0 }, { token: admin });
    expect(badRate.body.errors[0].extensions).toMatchObject({ type: 'validation_error' });
    const count = await sql.query(`select count(*)::int as n from "localization".currency_pair where tenant_id = $1`, [shop.tenant_id]);
    expect(count.rows[0].n).toBe(4);
    const customer = await p.registerCustomer(shop.publishable_key);
    expect(
      (await p.graphql(ADD, { input: { base: 'EUR', quote: 'CHF' } }, { token: customer.token, key: shop.publishable_key })).body.errors[0].extensions,
    ).toMatchObject({ type: 'permission_error' });
    expect((await p.graphql(REFRESH, {}, { key: shop.publishable_key })).body.errors[0].extensions).toMatchObject({ type: 'authentication_error' });
    expect((await p.graphql(SOURCES, {}, { key: shop.publishable_key })).body.errors[0].extensions).toMatchObject({ type: 'authentication_error' });
  });

  it('takes rates from the ECB feed when it answers, crossing through EUR', async () => {
    serveGood();
    const status = await refresh();
    expect(status.map((s) => [s.source, s.ok, s.last_error, s.currencies, s.stale])).toEqual([
      ['ecb', true, null, 5, false],
      ['json', true, null, 6, false],
    ]);
    const all = await rates();
    expect(brief(all)).toEqual({
      'EUR/GBP': [0.8412, 'ecb', false],
      'EUR/USD': [1.0823, 'ecb', false],
      'GBP/JPY': [190.5, 'manual', false],
      'USD/GBP': [Number((0.8412 / 1.0823).toPrecision(10)), 'ecb', false],
    });
    expect(all['EUR/USD']).toEqual({
      base: 'EUR',
      quote: 'USD',
      rate: 1.0823,
      source: 'ecb',
      fetched_at: expect.any(String),
      rate_date: today(),
      stale: false,
    });
    expect(Date.parse(all['EUR/USD'].fetched_at)).not.toBeNaN();
  });

  it('fails over to the JSON service when the ECB answers an error, times out or sends garbage', async () => {
    const garbage = [
      'Service temporarily unavailable',
      ecbDocument(today(), ECB_RATES).slice(0, 300),
      ecbDocument(today(), { ...ECB_RATES, USD: '-1.0823' }),
      ecbDocument(today(), { ...ECB_RATES, USD: 'N/A' }),
      ecbDocument('1999-01-04', ECB_RATES),
      ecbDocument('2099-12-31', ECB_RATES),
    ];
    const cases: Array<[string, () => void]> = [
      ['error', () => void (ecb.mode = 'error')],
      ['timeout', () => void (ecb.mode = 'timeout')],
      ...garbage.map((g, i): [string, () => void] => [`garbage ${i}`, () => ((ecb.mode = 'garbage'), (ecb.garbageBody = g))]),
    ];
    for (const [what, fail] of cases) {
      serveGood();
      fail();
      const status = await refresh();
      expect(`${what}: ${status[0].ok} ${status[1].ok}`).toBe(`${what}: false true`);
      expect(status[0].last_error).toEqual(expect.any(String));
      expect(`${what}: ${JSON.stringify(brief(await rates()))}`).toBe(
        `${what}: ${JSON.stringify({ 'EUR/GBP': [0.84, 'json', false], 'EUR/USD': [1.08, 'json', false], 'GBP/JPY': [190.5, 'manual', false], 'USD/GBP': [Number((0.84 / 1.08).toPrecision(10)), 'json', false] })}`,
      );
    }
    serveGood();
    ecb.mode = 'error';
    expect((await refresh())[0].last_error).toBe('HTTP 503');
    ecb.mode = 'timeout';
    expect((await refresh())[0].last_error).toMatch(/no answer within 400 ms/);
  });

  it('takes a currency the ECB lacks from the next source, pair by pair', async () => {
    serveGood();
    ecb.body = ecbDocument(today(), { USD: '1.0823', JPY: '162.45' });
    await refresh();
    expect(brief(await rates())).toMatchObject({
      'EUR/USD': [1.0823, 'ecb', false],
      'EUR/GBP': [0.84, 'json', false],
      'USD/GBP': [Number((0.84 / 1.08).toPrecision(10)), 'json', false],
    });
    ecb.body = ecbDocument(today(), ECB_RATES);
  });

  it('uses the ECB when the JSON service is the one down', async () => {
    serveGood();
    json.mode = 'garbage';
    json.garbageBody = '{"base":"EUR","date":';
    const status = await refresh();
    expect(status.map((s) => s.ok)).toEqual([true, false]);
    expect(brief(await rates())['EUR/USD']).toEqual([1.0823, 'ecb', false]);
  });

  it('serves the last known rates marked stale when every source is down', async () => {
    ecb.mode = 'error';
    json.mode = 'timeout';
    const status = await refresh();
    expect(status.map((s) => [s.ok, s.stale])).toEqual([
      [false, true],
      [false, true],
    ]);
    const all = await rates();
    // the newest snapshot that knows the pair: the ECB's from the refresh before
    expect(brief(all)).toEqual({
      'EUR/GBP': [0.8412, 'ecb', true],
      'EUR/USD': [1.0823, 'ecb', true],
      'GBP/JPY': [190.5, 'manual', false],
      'USD/GBP': [Number((0.8412 / 1.0823).toPrecision(10)), 'ecb', true],
    });
    const snapshot = await p.api('GET', '/store/exchange-rates?base=USD', { key: shop.publishable_key });
    expect(snapshot.body).toMatchObject({ base: 'USD', source: 'ecb', stale: true });
    const sources = (await run(SOURCES)).currencyRateSources;
    expect(sources.map((s: any) => [s.source, s.ok, s.stale, s.currencies])).toEqual([
      ['ecb', false, true, 5],
      ['json', false, true, 6],
    ]);
  });

  it('lets a manual override win over every feed, and clearing it gives the feed back', async () => {
    serveGood();
    await refresh();
    const set = (await run(OVERRIDE, { id: pairs['EUR/USD'].id, rate: 1.1111 })).setCurrencyRateOverride;
    expect(set).toMatchObject({ manual_rate: 1.1111, manual_set_at: expect.any(String) });
    expect((await rates())['EUR/USD']).toMatchObject({ rate: 1.1111, source: 'manual', stale: false, fetched_at: set.manual_set_at });
    const event = await sql.query(`select data from "localization".outbox_event where tenant_id = $1 and type = 'currency_pair.override_changed' order by id`, [
      shop.tenant_id,
    ]);
    expect(event.rows.map((r) => r.data.manual_rate)).toEqual([1.1111]);
    const cleared = (await run(CLEAR, { id: pairs['EUR/USD'].id })).clearCurrencyRateOverride;
    expect(cleared).toMatchObject({ manual_rate: null, manual_set_at: null });
    expect((await rates())['EUR/USD']).toMatchObject({ rate: 1.0823, source: 'ecb', stale: false });
  });

  it('answers the raw snapshot for a base, with every quote, and 400 for a malformed or unknown base', async () => {
    serveGood();
    await refresh();
    const eur = await p.api('GET', '/store/exchange-rates', { key: shop.publishable_key });
    expect(eur.status).toBe(200);
    expect(eur.body).toEqual({
      base: 'EUR',
      date: today(),
      source: 'ecb',
      fetched_at: expect.any(String),
      stale: false,
      rates: { CHF: 0.9391, GBP: 0.8412, JPY: 162.45, USD: 1.0823 },
    });
    // GraphQL answers one typed entry per currency, the same rates as REST's map
    const typed = await p.graphql('{ exchangeRates { base rates { currency rate } } }', {}, { key: shop.publishable_key });
    expect(typed.body.errors).toBeUndefined();
    expect(typed.body.data.exchangeRates.base).toBe('EUR');
    expect(Object.fromEntries(typed.body.data.exchangeRates.rates.map((r: { currency: string; rate: number }) => [r.currency, r.rate]))).toEqual(
      eur.body.rates,
    );
    const usd = await p.api('GET', '/store/exchange-rates?base=usd', { key: shop.publishable_key });
    expect(usd.body.base).toBe('USD');
    expect(usd.body.rates.EUR).toBe(Number((1 / 1.0823).toPrecision(10)));
    expect(usd.body.rates.GBP).toBe(Number((0.8412 / 1.0823).toPrecision(10)));
    expect(Object.keys(usd.body.rates).sort()).toEqual(['CHF', 'EUR', 'GBP', 'JPY']);
    // a currency only the JSON service knows: its snapshot answers
    const krw = await p.api('GET', '/store/exchange-rates?base=KRW', { key: shop.publishable_key });
    expect(krw.body).toMatchObject({ base: 'KRW', source: 'json', stale: false });
    for (const [q, code] of [
      ['?base=US', 'invalid_field'],
      ['?base=1234', 'invalid_field'],
      ['?base=ZZZ', 'invalid_field'],
      ['?base=', 'invalid_field'],
      ['?base=MNT', 'unknown_currency'],
      ['?base[0]=EUR', undefined],
      ['?currency=EUR', undefined],
    ] as const) {
      const r = await p.api('GET', `/store/exchange-rates${q}`, { key: shop.publishable_key });
      expect(`${q} ${r.status}`).toBe(`${q} 400`);
      expect(r.body).toMatchObject({ type: 'validation_error', ...(code ? { code } : {}) });
    }
    const rq = await p.api('GET', '/store/currency-rates?base=EUR', { key: shop.publishable_key });
    expect(rq.status).toBe(400);
    for (const path of ['/store/currency-rates', '/store/exchange-rates']) expect((await p.api('GET', path)).status).toBe(401);
  });

  it('keeps pairs and overrides per tenant', async () => {
    expect(await rates(other.publishable_key)).toEqual({});
    await run(ADD, { input: { base: 'EUR', quote: 'USD', manual_rate: 2 } }, otherAdmin);
    expect(brief(await rates(other.publishable_key))).toEqual({ 'EUR/USD': [2, 'manual', false] });
    expect((await rates())['EUR/USD']).toMatchObject({ rate: 1.0823, source: 'ecb' });
    const theirs = (await run(`query { currencyPairs { base quote manual_rate } }`, {}, otherAdmin)).currencyPairs;
    expect(theirs).toEqual([{ base: 'EUR', quote: 'USD', manual_rate: 2 }]);
    for (const [q, v] of [
      [OVERRIDE, { id: pairs['EUR/GBP'].id, rate: 9 }],
      [CLEAR, { id: pairs['GBP/JPY'].id }],
      [REMOVE, { id: pairs['USD/GBP'].id }],
    ] as const) {
      const r = await p.graphql(q, v, { token: otherAdmin });
      expect(r.body.errors[0].extensions).toMatchObject({ type: 'not_found' });
    }
    expect(brief(await rates())).toMatchObject({ 'EUR/GBP': [0.8412, 'ecb', false], 'GBP/JPY': [190.5, 'manual', false] });
    expect((await run(REMOVE, { id: pairs['USD/GBP'].id })).removeCurrencyPair.id).toBe(pairs['USD/GBP'].id);
    expect(Object.keys(await rates()).sort()).toEqual(['EUR/GBP', 'EUR/USD', 'GBP/JPY']);
  });

  it('refreshes from the background job only when the interval has passed', async () => {
    const job = domain.jobs!.find((j) => j.name === 'refresh-currency-rates')!;
    const s = p.services<LocalizationServices>('localization');
    const ctx = systemContext(p.log, null, 'job');
    serveGood();
    const before = ecb.requests;
    await job.handler({}, ctx, s);
    expect(ecb.requests).toBe(before); // refreshed a moment ago
    await sql.query(`update "localization".rate_source set last_attempt_at = now() - interval '2 hours'`);
    ecb.body = ecbDocument(today(), { ...ECB_RATES, USD: '1.0900' });
    await job.handler({}, ctx, s);
    expect(ecb.requests).toBe(before + 1);
    // the feed's rates are every store's: their write reaches the response cache as a notice
    // (`localization|*`), which may land just after the job returns
    await waitFor('the refreshed rate', async () => (await rates())['EUR/USD'].rate === 1.09);
    expect((await rates())['EUR/USD']).toMatchObject({ rate: 1.09, source: 'ecb', stale: false });
  });
});
