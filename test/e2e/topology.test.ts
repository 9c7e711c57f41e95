import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { Client } from 'pg';
import Medusa from '@medusajs/js-sdk';
import { loadDomains } from '@svc/platform';
import { freshDatabase } from '../support/db';
import { REDIS_URL, redisUp } from '../support/redis';
import { WebhookReceiver } from '../support/webhook-receiver';
import { waitFor } from '../support/wait';
import { PlatformProcess, freePort, waitHealthy } from '../support/topology';
import { TEST_SETTINGS } from '../support/test-env';

/**
 * The scale-out layout of docker-compose.yml, as OS processes on loopback: the harness's
 * PostgreSQL (a fresh database) or DATABASE_URL, Redis, one `npm run subgraph -- <name>` process
 * per domain (a second one for webhooks), and two gateways (`npm start` with every
 * SUBGRAPH_<NAME>_URL), all booted at once. The processes seed the demo store themselves.
 */
jest.setTimeout(600_000);

const KEY = 'pk_demo_storefront_key';

/** A fresh, empty database on the server of `serverUrl` (the processes migrate it themselves). */
async function freshDatabaseOn(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `topology_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = async (sql: string) => {
    const c = new Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`create database "${name}"`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => admin(`drop database if exists "${name}" with (force)`) };
}
const ADMIN = { email: 'admin@demo.store', password: 'demo-admin-password' };

describe('scale-out topology (one process per domain, two gateways)', () => {
  let skip = false;
  let db: { url: string; drop(): Promise<void> } | undefined;
  const procs: PlatformProcess[] = [];
  let gwA = '';
  let gwB = '';
  let dataDir = '';
  const rx = new WebhookReceiver();

  beforeAll(async () => {
    if (!(await redisUp())) {
      if (process.env.REQUIRE_REDIS === '1') throw new Error(`Redis is not reachable at ${REDIS_URL} and REQUIRE_REDIS=1`);
      skip = true;
      return;
    }
    await rx.start();
    db = process.env.DATABASE_URL ? await freshDatabaseOn(process.env.DATABASE_URL) : await freshDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-topology-'));
    const names = loadDomains().map((d) => d.name);
    const ports = Object.fromEntries(await Promise.all(names.map(async (n) => [n, await freePort()] as const)));
    const [portA, portB, portExtra] = [await freePort(), await freePort(), await freePort()];
    gwA = `http://127.0.0.1:${portA}`;
    gwB = `http://127.0.0.1:${portB}`;
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      DATABASE_URL: db.url,
      REDIS_URL,
      // its counters apart from another run's topology on the same Redis (the demo's publishable
      // key and the loopback address are the same in every run)
      REDIS_KEY_PREFIX: `topology-${randomBytes(4).toString('hex')}:`,
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      INTERNAL_SECRET: randomBytes(32).toString('hex'),
      OPERATOR_TOKEN: randomBytes(24).toString('hex'),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      ...TEST_SETTINGS,
      DEMO_IDP: 'false',
      PUBLIC_URL: gwA,
      SUBGRAPH_URLS: names.map((n) => `${n}=http://127.0.0.1:${ports[n]}/graphql`).join(','),
      OUTBOX_POLL_MS: '200',
      WEBHOOK_ALLOW_HOSTS: 'localhost',
      WEBHOOK_POLL_MS: '100',
      SEARCH_MEMORY_DOCS: '10000',
      TRUSTED_PROXIES: '127.0.0.1',
      // limits count in windows of a minute: the burst below is in one window however slowly the
      // busy machine serves it (separate processes: no test clock)
      RATE_LIMIT_WINDOW_MS: '60000',
    };
    for (const n of names) procs.push(new PlatformProcess(n, 'scripts/subgraph.ts', [n], { ...env, SUBGRAPH_PORT: String(ports[n]) }));
    // a second process of one domain: its subscriptions and jobs must still run once
    procs.push(new PlatformProcess('webhooks#2', 'scripts/subgraph.ts', ['webhooks'], { ...env, SUBGRAPH_PORT: String(portExtra) }));
    procs.push(new PlatformProcess('gateway A', 'scripts/start.ts', [], { ...env, PORT: String(portA) }));
    procs.push(new PlatformProcess('gateway B', 'scripts/start.ts', [], { ...env, PORT: String(portB) }));
    // booted in parallel: nothing waits for anything but the database and its own seed order
    for (const p of procs) p.start();
    await Promise.all(
      procs.map((p) => {
        if (p.name.startsWith('gateway')) return waitHealthy(p, `${p.name === 'gateway A' ? gwA : gwB}/health`);
        const port = p.name === 'webhooks#2' ? portExtra : ports[p.name];
        return waitHealthy(p, `http://127.0.0.1:${port}/health`);
      }),
    );
    // the demo store is complete when every domain (and the key's channels) has its seed record
    const c = new Client({ connectionString: db.url });
    await c.connect();
    try {
      await waitFor(
        'every domain to seed the demo store',
        async () => {
          const { rows } = await c.query<{ n: number }>(`select count(*)::int as n from platform_seed.demo_seed`).catch(() => ({ rows: [{ n: 0 }] }));
          return rows[0].n >= names.length + 1;
        },
        300_000,
        250,
      ).catch((err) => {
        throw new Error(`${(err as Error).message}\n${procs.map((p) => `--- ${p.name}\n${p.tail(8)}`).join('\n')}`);
      });
    } finally {
      await c.end();
    }
  });

  afterAll(async () => {
    // callers before the domains they call, as a rolling shutdown does: the gateways and the
    // assistant (which reads every other domain in the background) first, then the rest at once
    const first = (p: PlatformProcess) => p.name.startsWith('gateway') || p.name === 'assistant';
    const stopAll = (list: PlatformProcess[]) => Promise.all(list.map(async (p) => [p.name, await p.stop()] as const));
    const codes = [...(await stopAll(procs.filter(first))), ...(await stopAll(procs.filter((p) => !first(p))))];
    await rx.stop();
    await db?.drop().catch(() => undefined);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    // every process stopped cleanly (exit 0), in order: no "terminating connection" errors
    if (!skip) {
      expect(codes.filter(([, code]) => code !== 0)).toEqual([]);
      expect(procs.flatMap((p) => p.errors().map((e) => `${p.name}: ${e.slice(0, 300)}`))).toEqual([]);
    }
  });

  const json = async (url: string, init: { method?: string; body?: string; token?: string; key?: string } = {}) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (init.key) headers['x-publishable-api-key'] = init.key;
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    const r = await fetch(url, { method: init.method ?? 'GET', body: init.body, headers });
    return { status: r.status, body: (await r.json().catch(() => null)) as any };
  };
  const adminToken = async (gw: string) => (await json(`${gw}/api/auth/user/emailpass`, { method: 'POST', body: JSON.stringify(ADMIN) })).body.token as string;
  const gql = async (gw: string, token: string, query: string, variables: Record<string, unknown> = {}) => {
    const r = await json(`${gw}/graphql`, { method: 'POST', token, body: JSON.stringify({ query, variables }) });
    if (r.body?.errors) throw new Error(JSON.stringify(r.body.errors));
    return r.body.data;
  };

  it('runs the Medusa JS SDK storefront flow through checkout on gateway A, with the demo store the processes seeded', async () => {
    if (skip) return;
    const sdk = new Medusa({ baseUrl: `${gwA}/api`, publishableKey: KEY, auth: { type: 'jwt', jwtTokenStorageMethod: 'memory' } });
    const { regions } = await sdk.store.region.list();
    expect(regions.map((r: { currency_code: string }) => r.currency_code).sort()).toEqual(['eur', 'gbp', 'usd']);
    const eur = regions.find((r: { currency_code: string }) => r.currency_code === 'eur')!;
    const { products, count } = await sdk.store.product.list({ region_id: eur.id, fields: '*variants.calculated_price,+variants.inventory_quantity' });
    expect(count).toBeGreaterThan(0);
    const variant = products.flatMap((p: any) => p.variants ?? []).find((v: any) => (v.inventory_quantity ?? 0) > 2)!;
    expect(variant).toBeTruthy();

    const email = `topology-${Date.now()}@example.com`;
    await sdk.auth.register('customer', 'emailpass', { email, password: 'topology-pass-1' });
    await sdk.store.customer.create({ email, first_name: 'Ada' });
    await sdk.auth.login('customer', 'emailpass', { email, password: 'topology-pass-1' });
    let { cart } = await sdk.store.cart.create({ region_id: eur.id });
    ({ cart } = await sdk.store.cart.createLineItem(cart.id, { variant_id: variant.id, quantity: 2 }));
    ({ cart } = await sdk.store.cart.update(cart.id, {
      shipping_address: { first_name: 'Ada', last_name: 'Lovelace', address_1: 'Hauptstr. 1', city: 'Berlin', postal_code: '10115', country_code: 'de' },
    }));
    const { shipping_options } = await sdk.store.fulfillment.listCartOptions({ cart_id: cart.id });
    expect(shipping_options.length).toBeGreaterThan(0);
    ({ cart } = await sdk.store.cart.addShippingMethod(cart.id, { option_id: shipping_options[0].id }));
    const { payment_collection } = await sdk.store.payment.initiatePaymentSession(cart, { provider_id: 'pp_system_default' });
    expect(payment_collection.payment_sessions![0].provider_id).toBe('pp_system_default');
    // cart completion: commerce (its own process) reserves stock in the catalog (another process)
    const done = await sdk.store.cart.complete(cart.id);
    expect(done.type).toBe('order');
    const order = (done as { order: { id: string; total: number; items: Array<{ variant_id: string; quantity: number }> } }).order;
    expect(order.total).toBeCloseTo(cart.total, 4);
    expect(order.items[0]).toMatchObject({ variant_id: variant.id, quantity: 2 });
    const after = await sdk.store.product.retrieve(products.find((p: any) => p.variants.some((v: any) => v.id === variant.id))!.id, {
      region_id: eur.id,
      fields: '+variants.inventory_quantity',
    });
    expect(after.product.variants!.find((v: any) => v.id === variant.id)!.inventory_quantity).toBe(variant.inventory_quantity - 2);
  });

  it("keeps analytics rollups of the demo store's orders, tracking and campaign from its own process, read with an analyst key through gateway B", async () => {
    if (skip) return;
    const token = await adminToken(gwA);
    const analyst = (await gql(gwA, token, 'mutation { createAnalystApiKey(title: "Topology") { key } }')).createAnalystApiKey.key as string;
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const range = { from: day(-30), to: day(1) };
    // the demo's order, tracked funnel and campaign opens and clicks, as the relay delivers them
    const conversion = await waitFor('the demo store in the analytics rollups', async () => {
      const d = await gql(
        gwB,
        analyst,
        'query($from: String!, $to: String!) { analyticsConversion(from: $from, to: $to) { page_views add_to_carts orders carts_created } }',
        range,
      );
      const c = d.analyticsConversion;
      return c.page_views > 0 && c.add_to_carts > 0 && c.orders > 0 ? c : null;
    });
    expect(conversion.page_views).toBeGreaterThanOrEqual(conversion.add_to_carts);
    const opens = await waitFor('the demo campaign opens', async () => {
      const d = await gql(
        gwB,
        analyst,
        'query($from: String!, $to: String!) { analyticsBreakdown(metric: "campaign_opens", dim: "campaign", from: $from, to: $to) { value count } }',
        range,
      );
      return d.analyticsBreakdown.length ? d.analyticsBreakdown : null;
    });
    expect(opens[0].count).toBeGreaterThan(0);
    // the analyst key reads nothing else
    const r = await json(`${gwB}/graphql`, { method: 'POST', token: analyst, body: JSON.stringify({ query: '{ adminOrders { count } }' }) });
    expect(r.body.errors[0].extensions.code).toBe('scope_forbidden');
  });

  it('has the subscriptions and quotes demo (seeded through identity’s and commerce’s ports from their own processes) and changes a plan there', async () => {
    if (skip) return;
    const plans = await json(`${gwB}/api/store/subscription-plans`, { key: KEY });
    expect(plans.body.subscription_plans).toHaveLength(3);
    const login = await json(`${gwB}/api/auth/customer/emailpass`, {
      method: 'POST',
      key: KEY,
      body: JSON.stringify({ email: 'jane@demo.store', password: 'demo-customer-password' }),
    });
    const mine = await json(`${gwA}/api/store/subscriptions`, { key: KEY, token: login.body.token });
    expect(mine.body.subscriptions).toEqual([expect.objectContaining({ status: 'active', payment_mode: 'invoice' })]);
    const changed = await json(`${gwA}/api/store/subscriptions/${mine.body.subscriptions[0].id}/change-plan`, {
      method: 'POST',
      key: KEY,
      token: login.body.token,
      body: JSON.stringify({ plan_id: 'essentials-yearly' }),
    });
    expect(changed.body.proration).toMatchObject({ credit: 0, charge: 0, net: 0, effective_at: mine.body.subscriptions[0].current_period_end });
    // the demo quote is Jane's (quotes found her through identity's port): her token opens its PDF
    const pdf = await fetch(`${gwB}/api/store/quote-requests/Q-${new Date().getUTCFullYear()}-000001/pdf`, {
      headers: { 'x-publishable-api-key': KEY, authorization: `Bearer ${login.body.token}` },
    });
    expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('sells an event ticket and a tour seat from their own processes: held by the cart, completed by commerce, registered by events', async () => {
    if (skip) return;
    const api = (method: string, path: string, body?: unknown, token?: string) =>
      json(`${gwB}/api${path}`, { method, key: KEY, token, body: body === undefined ? undefined : JSON.stringify(body) });
    const eur = (await api('GET', '/store/regions')).body.regions.find((r: any) => r.currency_code === 'eur');
    const event = (await api('GET', '/store/events')).body.events[0];
    const ticket = (await api('GET', `/store/events/${event.slug}/tickets?currency_code=eur`)).body.tickets[0];
    const tour = (await api('GET', '/store/tours')).body.tours.find((t: any) => !t.requires_traveller_details);
    const departure = (await api('GET', `/store/tours/${tour.slug}?currency_code=eur`)).body.tour.departures[0];
    // the localization process translated the tours process's demo tours (its seed runs after tours'; ids read through the supergraph)
    const de = (await api('GET', '/store/tours/douro-valley-wine-trail?locale=de')).body.tour;
    expect([de.title, de.destination.name, de.itinerary[0].title]).toEqual(['Weinpfad im Douro-Tal', 'Portugal: Lissabon & Douro', 'Ankunft in Porto']);
    expect((await api('GET', '/store/tours?locale=de')).body.tours.map((t: any) => t.title)).toContain('Langes Wochenende in Lissabon');
    const customer = await json(`${gwB}/api/auth/customer/emailpass/register`, {
      method: 'POST',
      key: KEY,
      body: JSON.stringify({ email: `places-${Date.now()}@example.com`, password: 'topology-pass-2' }),
    });
    const token = customer.body.token as string;
    const cart = (await api('POST', '/store/carts', { region_id: eur.id, email: 'places@example.com' }, token)).body.cart;
    const tickets = await api(
      'POST',
      `/store/carts/${cart.id}/event-items`,
      {
        ticket_id: ticket.id,
        quantity: 1,
        attendees: [{ first_name: 'Grace', last_name: 'Hopper' }],
      },
      token,
    );
    expect(tickets.status).toBe(200);
    expect((await api('POST', `/store/carts/${cart.id}/tour-items`, { departure_id: departure.id, quantity: 1 }, token)).status).toBe(200);
    const left = (await api('GET', `/store/events/${event.slug}/tickets?currency_code=eur`)).body.tickets.find((t: any) => t.id === ticket.id).remaining;
    expect(left).toBe(ticket.remaining - 1);
    const pc = await api('POST', '/store/payment-collections', { cart_id: cart.id }, token);
    expect(
      (await api('POST', `/store/payment-collections/${pc.body.payment_collection.id}/payment-sessions`, { provider_id: 'pp_system_default' }, token)).status,
    ).toBe(200);
    const done = await api('POST', `/store/carts/${cart.id}/complete`, undefined, token);
    expect({ status: done.status, type: done.body.type }).toEqual({ status: 200, type: 'order' });
    const regs = await waitFor(
      'the registration (events hears order.placed from commerce, another process)',
      async () => {
        const r = await json(`${gwA}/api/store/events/my-registrations`, { key: KEY, token });
        return r.body.registrations?.length ? r.body.registrations : null;
      },
      60_000,
      100,
    );
    expect(regs).toHaveLength(1);
    expect(regs[0].code).toEqual(expect.any(String));
  });

  it('delivers a catalog event made through gateway B to a webhook receiver once, though two webhooks processes run', async () => {
    if (skip) return;
    const token = await adminToken(gwB);
    const endpoint = (
      await gql(gwB, token, `mutation($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { id } }`, {
        input: { url: rx.url('/topology'), event_types: ['collection.created'] },
      })
    ).createWebhookEndpoint;
    const created = (
      await gql(gwB, token, `mutation($input: CollectionInput!) { createCollection(input: $input) { id } }`, { input: { title: 'Topology Gear' } })
    ).createCollection;
    const got = await waitFor('the collection.created delivery', () => rx.at('/topology').find((r) => r.body.includes(created.id)), 60_000, 100);
    expect(JSON.parse(got.body)).toMatchObject({ type: 'collection.created' });
    const deliveries = await waitFor(
      'the delivery to be recorded as delivered',
      async () => {
        const d = (
          await gql(gwB, token, `query($id: String) { webhookDeliveries(endpoint_id: $id, limit: 100) { items { status attempts event_type } } }`, {
            id: endpoint.id,
          })
        ).webhookDeliveries.items;
        return d.length && d.every((x: { status: string }) => x.status === 'delivered') ? d : null;
      },
      30_000,
      100,
    );
    // one delivery, one attempt, one request: the subscription and the dispatcher ran once
    expect(deliveries).toEqual([{ status: 'delivered', attempts: 1, event_type: 'collection.created' }]);
    expect(rx.at('/topology').filter((r) => r.body.includes(created.id))).toHaveLength(1);
  });

  it('finds a product renamed through gateway B by search through gateway B; gateway A streams the event live', async () => {
    if (skip) return;
    const token = await adminToken(gwB);
    const list = await json(`${gwB}/api/store/products?limit=1`, { key: KEY });
    const id = list.body.products[0].id as string;
    const word = `zephyrine${randomBytes(3).toString('hex')}`;
    // a live stream on gateway A (which runs no domain and no relay): it hears the catalog relay's NOTIFY
    const abort = new AbortController();
    const stream = await fetch(`${gwA}/graphql/stream`, {
      method: 'POST',
      signal: abort.signal,
      headers: { accept: 'text/event-stream', 'content-type': 'application/json', authorization: `Bearer ${await adminToken(gwA)}` },
      body: JSON.stringify({
        query: 'subscription($types: [String!]) { domainEvents(types: $types) { type entity_id } }',
        variables: { types: ['product.updated'] },
      }),
    });
    expect(stream.status).toBe(200);
    let streamed = '';
    const reading = (async () => {
      const decoder = new TextDecoder();
      try {
        for await (const chunk of stream.body as unknown as AsyncIterable<Uint8Array>) streamed += decoder.decode(chunk, { stream: true });
      } catch {
        // aborted below
      }
    })();
    await gql(gwB, token, `mutation($id: String!, $input: UpdateProductInput!) { updateProduct(id: $id, input: $input) { id } }`, {
      id,
      input: { title: `The ${word} Tee` },
    });
    await waitFor("the product.updated event on gateway A's stream", () => streamed.includes(id) && streamed.includes('product.updated'), 30_000, 50);
    abort.abort();
    await reading;
    const found = await waitFor(
      'search to find the renamed product',
      async () => {
        const r = await json(`${gwB}/api/store/search?q=${word}`, { key: KEY });
        return r.status === 200 && JSON.stringify(r.body.hits).includes(id) ? r.body : null;
      },
      60_000,
      200,
    );
    expect(found.count).toBeGreaterThanOrEqual(1);
  });

  it('shares rate limits across the two gateways (Redis)', async () => {
    if (skip) return;
    // one shopper address (through the trusted proxy), 60 requests to each gateway at once: each
    // gateway alone stays within the storefront limit (60 per window), so a 429 from either one
    // means it counted the other gateway's requests too. Counts in Redis outlive the run and other
    // runs may share the server: the address is this run's own.
    const shopper = `10.${randomBytes(3).join('.')}`;
    const hit = (gw: string) =>
      fetch(`${gw}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-publishable-api-key': KEY, 'x-forwarded-for': shopper },
        body: JSON.stringify({ query: '{ __typename }' }),
      }).then((r) => ({ gw, status: r.status }));
    const answers = await Promise.all([...Array(60)].flatMap(() => [hit(gwA), hit(gwB)]));
    expect(answers.filter((a) => a.status !== 200 && a.status !== 429)).toEqual([]);
    expect(answers.some((a) => a.gw === gwA && a.status === 429)).toBe(true);
    expect(answers.some((a) => a.gw === gwB && a.status === 429)).toBe(true);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(0);
  });

  it('shares persisted queries across the two gateways (Redis): registered through A, a GET of the hash answers on B', async () => {
    if (skip) return;
    // a text of this run's own: Redis outlives the run
    const query = `query Topology_${randomBytes(4).toString('hex')} { products(limit: 2) { count items { handle } } }`;
    const persistedQuery = { version: 1, sha256Hash: createHash('sha256').update(query).digest('hex') };
    const headers = { 'x-publishable-api-key': KEY, 'x-forwarded-for': `10.${randomBytes(3).join('.')}` };
    const byHash = (gw: string) => fetch(`${gw}/graphql?${new URLSearchParams({ extensions: JSON.stringify({ persistedQuery }) })}`, { headers });
    expect(((await (await byHash(gwB)).json()) as any).errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    const registered = await fetch(`${gwA}/graphql`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ query, extensions: { persistedQuery } }),
    });
    const data = ((await registered.json()) as any).data;
    expect(data.products.items).toHaveLength(2);
    // Apollo registers after answering: B finds it once the write reached Redis
    const onB = await waitFor('the persisted query on gateway B', async () => {
      const r = await byHash(gwB);
      const body = (await r.json()) as any;
      return body.data ? { body, cacheControl: r.headers.get('cache-control') } : undefined;
    });
    expect(onB.body.data).toEqual(data);
    expect(onB.cacheControl).toBe('public, max-age=0, must-revalidate');
  });

  it('answers the assistant from its own process: entities through search, store context and a chat read through the other domains', async () => {
    if (skip) return;
    const x = await json(`${gwB}/api/v1/extract-actions`, {
      method: 'POST',
      token: 'sk_demo_agent_key',
      body: JSON.stringify({ message: 'set the price of the organic tee to 29 euros' }),
    });
    expect(x.status).toBe(200);
    expect(x.body.actions[0]).toMatchObject({ type: 'set_price', params: { amount: 29, currency_code: 'eur', product: { handle: 'classic-organic-tee' } } });
    const token = await adminToken(gwA);
    const context = await json(`${gwA}/api/admin/ai/store-context`, { token });
    expect(context.body.catalog.products).toBe(46);
    expect(context.body.modules.filter((m: { configured: boolean }) => m.configured).map((m: { id: string }) => m.id)).toEqual(
      expect.arrayContaining(['catalog', 'commerce', 'content', 'events', 'tours', 'bookings', 'quotes']),
    );
    const chat = await json(`${gwB}/api/admin/ai/chat`, {
      method: 'POST',
      token,
      body: JSON.stringify({ message: 'how many merino beanies do we have in stock', session_id: 'topology' }),
    });
    expect(chat.body).toMatchObject({ session_id: 'topology', plan: null, result: { title: 'Merino Beanie' } });
  });

  it("drafts a social post about a demo product and reads the marketing dashboard from the assistant's own process (catalog and analytics through its ports)", async () => {
    if (skip) return;
    const token = await adminToken(gwB);
    const tee = (await json(`${gwA}/api/store/products?handle=classic-organic-tee`, { key: KEY })).body.products[0];
    const draft = await json(`${gwB}/api/admin/ai/marketing/social/draft`, {
      method: 'POST',
      token,
      body: JSON.stringify({ brief: 'summer sale on organic cotton', product_id: tee.id, network: 'mastodon' }),
    });
    expect(draft.status).toBe(200);
    expect(draft.body.draft).toMatchObject({ network: 'mastodon', offline: true, product_id: tee.id });
    expect(draft.body.draft.caption).toContain(tee.title);
    // the store's own orders of the range, from the analytics process's rollups (the demo order and the SDK flow's)
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const dashboard = await waitFor('the demo orders on the marketing dashboard', async () => {
      const r = await json(`${gwA}/api/admin/ai/marketing/metrics/dashboard?from=${day(-30)}&to=${day(1)}`, { token });
      return r.status === 200 && r.body.platform.orders > 0 ? r.body : null;
    });
    expect(dashboard.platform.revenue.length).toBeGreaterThan(0);
  });

  it('authenticates through identity in its own process: agent keys, bad keys, revoked sessions', async () => {
    if (skip) return;
    const agent = await json(`${gwA}/graphql`, { method: 'POST', token: 'sk_demo_agent_key', body: JSON.stringify({ query: '{ __typename }' }) });
    expect(agent.status).toBe(200);
    const bad = await json(`${gwB}/api/store/regions`, { key: 'pk_not_a_key_anywhere' });
    expect(bad).toMatchObject({ status: 401, body: { code: 'invalid_publishable_key' } });
    const token = await adminToken(gwA);
    expect((await gql(gwB, token, '{ storeSettings { allowed_origins } }')).storeSettings).toBeTruthy();
    await json(`${gwA}/api/auth/session`, { method: 'DELETE', token });
    await gql(gwA, token, 'mutation { logout { success } }').catch(() => undefined);
    const after = await json(`${gwB}/graphql`, { method: 'POST', token, body: JSON.stringify({ query: '{ storeSettings { allowed_origins } }' }) });
    expect(JSON.stringify(after.body)).toContain('token_invalid');
    // the internal auth operations are refused to every outside caller, the operator included
    const internal = await json(`${gwA}/graphql`, {
      method: 'POST',
      token: 'sk_demo_agent_key',
      body: JSON.stringify({ query: '{ authSession(id: "x") { open } }' }),
    });
    expect(JSON.stringify(internal.body.errors)).toMatch(/forbidden|permission/);
  });
});
