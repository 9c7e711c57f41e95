import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { freshDatabase } from '../support/db';
import { startStripeServer, type StripeServer } from '../support/providers/stripe-server';
import { waitFor } from '../support/wait';
import { TEST_SETTINGS } from '../support/test-env';

/**
 * Fault injection: a child platform (scripts/start.ts on a fresh database of the test server) is
 * SIGKILLed by its own fault hook (CHECKOUT_CRASH_AT) at every step boundary of a cart completion,
 * one cart per boundary, and restarted on the same database with the next boundary armed (N+1
 * starts for N boundaries). After each restart the shopper retries the interrupted completion.
 * Every cart holds a product, an event ticket and a tour seat (their places held by the cart).
 * Payments go through the local Stripe protocol server (real idempotency keys, capture at once:
 * `auto_capture`). At the end: at most one order per cart, every retry answered the same order,
 * stock conserved (stocked unchanged; reserved = units in orders; no hold left), and every
 * Stripe payment that was authorised or captured belongs to an order, or was voided.
 * A last start with the resume window at 0 shows the other recovery: an abandoned completion
 * (crashed after authorising) is compensated — payment voided, stock back, cart still a cart.
 */
const ROOT = path.join(__dirname, '..', '..');
const BOUNDARIES = [
  'before:promotions',
  'after:promotions',
  'before:reserve',
  'after:reserve',
  'before:authorize',
  'after:authorize',
  'before:confirm',
  'after:confirm',
  'before:order',
  'after:order',
  'before:capture',
  'after:capture',
];
const KEY = 'pk_demo_storefront_key';
const STOCK = 500;

jest.setTimeout(1_200_000);

describe('checkout survives a SIGKILL at every step boundary', () => {
  let db: { url: string; drop(): Promise<void> };
  let dir: string;
  let stripe: StripeServer;
  let child: ChildProcess | null = null;
  let url = '';

  const sql = async <T = any>(text: string, params: unknown[] = []): Promise<T[]> => {
    const c = new Client({ connectionString: db.url });
    await c.connect();
    try {
      return (await c.query(text, params)).rows as T[];
    } finally {
      await c.end();
    }
  };

  /** starts the platform; resolves with its URL once it logs `platform ready` */
  const start = async (env: Record<string, string>) => {
    const proc = spawn(process.execPath, ['-r', path.join(ROOT, 'scripts/register.js'), path.join(ROOT, 'scripts/start.ts')], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'development',
        ...TEST_SETTINGS,
        DATA_DIR: dir,
        DATABASE_URL: db.url,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        DB_POOL_SIZE: '4',
        DEMO_IDP: 'false',
        RATE_LIMIT_DISABLED: 'true',
        OUTBOX_POLL_MS: '250',
        // a crashed holder's lease has run out by the time the next process is up (a start takes
        // longer), so the shopper's retry does not wait for it; a live holder renews its lease every
        // 500 ms, so a slow step on a loaded machine keeps it; recovery every 200 ms
        CHECKOUT_LEASE_MS: '1500',
        CHECKOUT_RECOVERY_INTERVAL_MS: '200',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    let errText = '';
    proc.stderr!.on('data', (d: Buffer) => (errText = (errText + d.toString()).slice(-4000)));
    url = await new Promise<string>((resolve, reject) => {
      let buf = '';
      const timer = setTimeout(() => reject(new Error(`platform did not start: ${buf.slice(-2000)} ${errText}`)), 300_000);
      proc.stdout!.on('data', (d: Buffer) => {
        buf += d.toString();
        const lines = buf.split('\n');
        buf = lines.pop() ?? '';
        for (const line of lines) {
          if (!line.startsWith('{')) continue;
          const rec = JSON.parse(line);
          if (rec.msg === 'platform ready') {
            clearTimeout(timer);
            resolve(rec.url);
          }
        }
      });
      proc.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`platform exited (${signal ?? code}) before it was ready: ${errText}`));
      });
    });
    return proc;
  };

  const api = async (method: string, p: string, body?: unknown, token?: string) => {
    const headers: Record<string, string> = { 'x-publishable-api-key': KEY, 'content-type': 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    const r = await fetch(`${url}/api${p}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await r.text();
    return { status: r.status, body: text ? JSON.parse(text) : undefined };
  };
  const graphql = async (query: string, variables: Record<string, unknown>, token: string) => {
    const r = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-publishable-api-key': KEY, authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables }),
    });
    return r.json() as Promise<any>;
  };

  let region: any;
  let variantId: string;
  let ticketId: string;
  let departureId: string;
  /** places of the ticket type and the departure: sold, and held by holds not expired */
  const places = async () => {
    const [t] = await sql<{ sold: number; held: number }>('select sold, held from events.event_ticket_type where id = $1', [ticketId]);
    const [d] = await sql<{ sold: number; held: number }>('select seats_sold as sold, seats_held as held from tours.tour_departure where id = $1', [
      departureId,
    ]);
    return { tickets: t, seats: d };
  };

  /**
   * a cart with one unit of the variant, one event ticket and one seat on a tour departure (both
   * held by the cart), WELCOME10, shipping, and a Stripe session the shopper confirmed
   */
  const readyCart = async (email: string) => {
    const c = await api('POST', '/store/carts', { region_id: region.id, email, items: [{ variant_id: variantId, quantity: 1 }], promo_codes: ['WELCOME10'] });
    expect(c.status).toBe(200);
    const id = c.body.cart.id as string;
    const ticket = await api('POST', `/store/carts/${id}/event-items`, {
      ticket_id: ticketId,
      quantity: 1,
      attendees: [{ first_name: 'Crash', last_name: 'Test' }],
    });
    expect(ticket.status).toBe(200);
    expect((await api('POST', `/store/carts/${id}/tour-items`, { departure_id: departureId, quantity: 1 })).status).toBe(200);
    const options = await api('GET', `/store/shipping-options?cart_id=${id}`);
    expect((await api('POST', `/store/carts/${id}/shipping-methods`, { option_id: options.body.shipping_options[0].id })).status).toBe(200);
    const pc = await api('POST', '/store/payment-collections', { cart_id: id });
    const s = await api('POST', `/store/payment-collections/${pc.body.payment_collection.id}/payment-sessions`, { provider_id: 'pp_stripe_stripe' });
    expect(s.status).toBe(200);
    const session = s.body.payment_collection.payment_sessions.find((x: any) => x.provider_id === 'pp_stripe_stripe');
    stripe.confirm(session.data.id as string, 'pm_card_visa');
    return id;
  };

  /** the completion request the crash interrupts: the connection drops and the process dies by SIGKILL */
  const completeAndCrash = async (cartId: string, proc: ChildProcess) => {
    const exited = new Promise<NodeJS.Signals | null>((resolve) => proc.once('exit', (_c, signal) => resolve(signal)));
    const answer = await api('POST', `/store/carts/${cartId}/complete`).then(
      (r) => r,
      (err: Error) => err,
    );
    expect({ answered: (answer as { status?: number }).status }).toEqual({ answered: undefined }); // the connection dropped
    expect(await exited).toBe('SIGKILL');
  };

  beforeAll(async () => {
    db = await freshDatabase();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkout-crash-'));
    stripe = await startStripeServer();
  });
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child!.once('exit', r));
    }
    await stripe?.close();
    await db?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps one order per cart, the stock and the payments right through 13 starts', async () => {
    let proc = await start({ CHECKOUT_CRASH_AT: BOUNDARIES[0] });
    // the demo store: Stripe with capture at once, one variant with a known stock
    const login = await fetch(`${url}/api/auth/user/emailpass`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.store', password: 'demo-admin-password' }),
    });
    const { token } = (await login.json()) as { token: string };
    const saved = await graphql(
      'mutation($i: PaymentProviderSettingInput!) { savePaymentProvider(input: $i) { provider_id } }',
      {
        i: {
          provider_id: 'pp_stripe_stripe',
          enabled: true,
          settings: { api_key: stripe.apiKey, base_url: stripe.url, publishable_key: 'pk_test_shop', timeout_ms: 3000, auto_capture: true },
        },
      },
      token,
    );
    expect(saved.errors).toBeUndefined();
    region = (await api('GET', '/store/regions')).body.regions.find((r: any) => r.currency_code === 'eur');
    variantId = (await api('GET', `/store/products?limit=1&region_id=${region.id}`)).body.products[0].variants[0].id;
    const set = await graphql('mutation($id: String!) { setInventoryLevel(variant_id: $id, stocked_quantity: 500) { id } }', { id: variantId }, token);
    expect(set.errors).toBeUndefined();
    // a ticket type and a departure with room for every cart (the demo's; the departure made larger)
    const event = (await api('GET', '/store/events')).body.events[0];
    const tickets = (await api('GET', `/store/events/${event.slug}/tickets?currency_code=eur`)).body.tickets;
    ticketId = [...tickets].sort((a: any, b: any) => b.remaining - a.remaining)[0].id;
    const tours = (await api('GET', '/store/tours')).body.tours;
    const tour = (await api('GET', `/store/tours/${tours.find((t: any) => !t.requires_traveller_details).slug}`)).body.tour;
    departureId = tour.departures[0].id;
    const grown = await graphql('mutation($id: String!) { updateTourDeparture(id: $id, input: { capacity: 100 }) { id } }', { id: departureId }, token);
    expect(grown.errors).toBeUndefined();
    const placesBefore = await places();
    const [{ reserved: reservedBefore }] = await sql<{ reserved: number }>(
      'select reserved_quantity as reserved from catalog.inventory_level where variant_id = $1',
      [variantId],
    );
    const ordersBefore = Number((await sql<{ n: string }>(`select count(*) as n from commerce."order"`))[0].n);

    const carts: string[] = [];
    const answered = new Map<string, string>();
    for (let k = 0; k < BOUNDARIES.length; k++) {
      const cartId = await readyCart(`crash${k}@example.com`);
      carts.push(cartId);
      await completeAndCrash(cartId, proc);
      const rec = (
        await sql<{ steps: Array<{ name: string; started_at?: string; done_at?: string }> }>(`select steps from commerce.durable_process where key = $1`, [
          cartId,
        ])
      )[0];
      expect(rec).toBeDefined(); // the record was written before the first boundary
      // restart on the same database, the next boundary armed for the next cart; the last start is
      // armed after authorising for the abandoned completion below (a retry runs through: the hook
      // fires on a record's first attempt only), so that needs no start of its own
      proc = await start({ CHECKOUT_CRASH_AT: k + 1 < BOUNDARIES.length ? BOUNDARIES[k + 1] : 'after:authorize' });
      const retry = await api('POST', `/store/carts/${cartId}/complete`);
      expect({ boundary: BOUNDARIES[k], status: retry.status, type: retry.body?.type }).toEqual({ boundary: BOUNDARIES[k], status: 200, type: 'order' });
      answered.set(cartId, retry.body.order.id);
      const again = await api('POST', `/store/carts/${cartId}/complete`);
      expect(again.body.order.id).toBe(retry.body.order.id);
      // the capture step follows the order step: whoever resumes the record (the shopper's retry or
      // the recovery pass at start, which may hold the record's lease just then) captures it
      await waitFor(
        `the capture of ${retry.body.order.id}`,
        async () => (await api('GET', `/store/orders/${retry.body.order.id}`)).body.order?.payment_status === 'captured',
      );
    }

    // at most one order per cart, and it is the one the shopper got
    const orders = await sql<{ id: string; cart_id: string; total: string }>(
      `select id, cart_id, totals->>'total' as total from commerce."order" where cart_id = any($1)`,
      [carts],
    );
    expect(orders).toHaveLength(carts.length);
    for (const o of orders) expect(answered.get(o.cart_id)).toBe(o.id);
    expect(Number((await sql<{ n: string }>(`select count(*) as n from commerce."order"`))[0].n)).toBe(ordersBefore + carts.length);
    // stock conserved: nothing shipped, so available + reserved = stocked = the stock before, and reserved = sold
    const [level] = await sql<{ stocked: number; reserved: number }>(
      'select stocked_quantity as stocked, reserved_quantity as reserved from catalog.inventory_level where variant_id = $1',
      [variantId],
    );
    expect(level.stocked).toBe(STOCK);
    expect(level.reserved - reservedBefore).toBe(carts.length);
    expect(await sql(`select key from catalog.inventory_reservation where status = 'held'`)).toEqual([]);
    // tickets and seats: one sold per cart, none held any more (every cart's hold was confirmed), one
    // registration per order, and no completion hold of its own left held
    const placesAfter = await places();
    expect(placesAfter.tickets.sold - placesBefore.tickets.sold).toBe(carts.length);
    expect(placesAfter.seats.sold - placesBefore.seats.sold).toBe(carts.length);
    expect({ tickets: placesAfter.tickets.held, seats: placesAfter.seats.held }).toEqual({
      tickets: placesBefore.tickets.held,
      seats: placesBefore.seats.held,
    });
    expect(await sql(`select key from events.event_ticket_hold where status = 'held' and key not like 'cart:%'`)).toEqual([]);
    expect(await sql(`select key from tours.tour_seat_hold where status = 'held' and key not like 'cart:%'`)).toEqual([]);
    // every order gets its registration from order.placed; an order whose event job a killed process
    // had taken is redelivered once that job's lease runs out (the queue's expiry), after this test
    await waitFor('a registration per order (or its job taken by a killed process)', async () => {
      const pending = await sql<{ id: string }>(
        `select o.id from commerce."order" o
          where o.id = any($1)
            and not exists (select 1 from events.event_registration r where r.order_id = o.id)
            and not exists (select 1 from pgboss.job j where j.name = 'sub_events_event-registrations' and j.state = 'active' and j.data::text like '%' || o.id || '%')`,
        [[...answered.values()]],
      );
      return pending.length === 0;
    });
    const [{ n: registered }] = await sql<{ n: string }>('select count(distinct order_id) as n from events.event_registration where order_id = any($1)', [
      [...answered.values()],
    ]);
    expect(Number(registered)).toBeGreaterThanOrEqual(carts.length - 2);
    // every payment that was authorised or captured at Stripe belongs to an order; no completion left running
    const orderIntents = new Set(
      (
        await sql<{ data: any }>(
          `select s.data from commerce.payment_session s join commerce.payment_collection pc on pc.id = s.collection_id where pc.order_id is not null`,
        )
      ).map((r) => r.data?.id),
    );
    for (const pi of stripe.intents.values()) {
      if (pi.status === 'requires_capture' || pi.status === 'succeeded') expect(orderIntents.has(pi.id)).toBe(true);
    }
    expect(await sql(`select key from commerce.durable_process where status not in ('done', 'failed')`)).toEqual([]);

    // an abandoned completion (crashed after authorising, older than the resume window) is undone
    const lost = await readyCart('abandoned@example.com');
    await completeAndCrash(lost, proc);
    proc = await start({ CHECKOUT_RESUME_WINDOW_MS: '0' });
    let row: { status: string } | undefined;
    for (let i = 0; i < 200 && row?.status !== 'failed'; i++) {
      [row] = await sql<{ status: string }>(`select status from commerce.durable_process where key = $1`, [lost]);
      if (row?.status !== 'failed') await new Promise((r) => setTimeout(r, 100));
    }
    expect(row?.status).toBe('failed');
    const intent = [...stripe.intents.values()].find((pi) => pi.metadata?.cart_id === lost || pi.receipt_email === 'abandoned@example.com');
    expect(intent?.status).toBe('canceled');
    const [after] = await sql<{ reserved: number }>('select reserved_quantity as reserved from catalog.inventory_level where variant_id = $1', [variantId]);
    expect(after.reserved - reservedBefore).toBe(carts.length);
    // nothing more was sold, and the abandoned completion gave its cart's ticket and seat back (it had
    // started the confirm step: its compensation releases the cart's holds; the open cart takes them
    // again at its next completion when they are still free)
    const lostPlaces = await places();
    expect(lostPlaces.tickets.sold - placesBefore.tickets.sold).toBe(carts.length);
    expect(lostPlaces.seats.sold - placesBefore.seats.sold).toBe(carts.length);
    expect({ tickets: lostPlaces.tickets.held, seats: lostPlaces.seats.held }).toEqual({ tickets: placesBefore.tickets.held, seats: placesBefore.seats.held });
    const cart = await api('GET', `/store/carts/${lost}`);
    expect(cart.body.cart.completed_at).toBeNull();
    expect(await sql(`select id from commerce."order" where cart_id = $1`, [lost])).toEqual([]);
    proc.kill('SIGTERM');
    await new Promise((r) => proc.once('exit', r));
  });
});
