import { Client } from 'pg';
import { Webhook } from 'standardwebhooks';
import type { TenantCredentials } from '@svc/identity';
import type { PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';
import { waitFor } from '../support/wait';
import { WebhookReceiver } from '../support/webhook-receiver';

/**
 * One cart, three kinds: event tickets and seats on tour departures beside products, end to end on
 * the shared platform with the demo events, tours, catalog and checkout setup. Places are held while
 * a line sits in the cart (added, changed, removed, raced for), the lines share totals, promotions
 * and the completion, a ticket-only cart needs no shipping, the selling domains turn a placed order
 * into registrations and bookings, and a cancelled order gives the places back. Bad input at the
 * new routes, another store's ids and another customer's cart answer 4xx with nothing written.
 */
describe('cart: event tickets and tour seats beside products', () => {
  let p: PlatformClient & { secrets: { operatorToken: string } };
  let sql: Client;
  let shop: TenantCredentials;
  let other: TenantCredentials;
  let region: any;
  let variantId: string;
  let event: any;
  let ticket: any;
  let otherTicket: any;
  let tour: any;
  let departure: any;

  const key = () => shop.publishable_key;
  const api = (method: string, path: string, body?: unknown, o: { token?: string; key?: string } = {}) =>
    p.api(method, path, { key: o.key ?? key(), token: o.token, body });
  const newCart = async (o: { token?: string; email?: string } = {}) => {
    const r = await api('POST', '/store/carts', { region_id: region.id, email: o.email ?? 'shopper@example.com' }, o);
    expect(r.status).toBe(200);
    return r.body.cart.id as string;
  };
  const people = (n: number, prefix = 'Guest') => Array.from({ length: n }, (_, i) => ({ first_name: `${prefix}${i + 1}`, last_name: 'Attendee' }));
  const travellers = (n: number, age = 34) => Array.from({ length: n }, (_, i) => ({ first_name: `Traveller${i + 1}`, last_name: 'Smith', age }));
  const addTickets = (cartId: string, quantity: number, extra: Record<string, unknown> = {}, o: { token?: string; key?: string } = {}) =>
    api('POST', `/store/carts/${cartId}/event-items`, { ticket_id: ticket.id, quantity, attendees: people(quantity), ...extra }, o);
  const addSeats = (cartId: string, n: number, extra: Record<string, unknown> = {}) =>
    api('POST', `/store/carts/${cartId}/tour-items`, { departure_id: departure.id, quantity: n, travellers: travellers(n), ...extra });
  const remaining = async () => {
    const r = await api('GET', `/store/events/${event.slug}/tickets?currency_code=eur`);
    return r.body.tickets.find((t: any) => t.id === ticket.id).remaining as number;
  };
  const seatsLeft = async () => {
    const r = await api('GET', `/store/tours/${tour.slug}?currency_code=eur`);
    return r.body.tour.departures.find((d: any) => d.id === departure.id).seats_remaining as number;
  };
  const lines = async (cartId: string) => (await api('GET', `/store/carts/${cartId}`)).body.cart.items as any[];
  /** payment with the manual provider (and shipping when a product line needs it), then complete */
  const checkout = async (cartId: string, o: { token?: string } = {}) => {
    const cart = (await api('GET', `/store/carts/${cartId}`, undefined, o)).body.cart;
    if (cart.items.some((i: any) => i.requires_shipping)) {
      await api(
        'POST',
        `/store/carts/${cartId}`,
        { shipping_address: { first_name: 'Ada', last_name: 'L', address_1: 'Main 1', city: 'Berlin', country_code: 'de', postal_code: '10115' } },
        o,
      );
      const options = await api('GET', `/store/shipping-options?cart_id=${cartId}`, undefined, o);
      expect((await api('POST', `/store/carts/${cartId}/shipping-methods`, { option_id: options.body.shipping_options[0].id }, o)).status).toBe(200);
    }
    const pc = await api('POST', '/store/payment-collections', { cart_id: cartId }, o);
    expect(pc.status).toBe(200);
    const s = await api('POST', `/store/payment-collections/${pc.body.payment_collection.id}/payment-sessions`, { provider_id: 'pp_system_default' }, o);
    expect(s.status).toBe(200);
    return api('POST', `/store/carts/${cartId}/complete`, undefined, o);
  };
  /** takes places of the ticket type (or departure) through the selling domain's own hold, as the operator, so `left` remain */
  const leaveOnly = async (what: 'ticket' | 'seat', left: number) => {
    const now = what === 'ticket' ? await remaining() : await seatsLeft();
    const take = now - left;
    if (take <= 0) return;
    const mutation =
      what === 'ticket'
        ? 'mutation($k: String!, $l: [EventTicketLineInput!]!) { holdEventTickets(key: $k, lines: $l, ttl_seconds: 600) }'
        : 'mutation($k: String!, $l: [TourSeatLineInput!]!) { holdTourSeats(key: $k, lines: $l, ttl_seconds: 600) }';
    const line = what === 'ticket' ? { ticket_id: ticket.id, quantity: take } : { departure_id: departure.id, quantity: take };
    const r = await p.graphql(mutation, { k: `test-fill-${what}-${Date.now()}`, l: [line] }, { token: p.secrets.operatorToken, key: key() });
    expect(r.body.errors).toBeUndefined();
  };

  beforeAll(async () => {
    p = (await sharedPlatform()) as typeof p;
    sql = new Client({ connectionString: (p as any).dbUrl });
    await sql.connect();
    shop = await p.createTenant();
    other = await p.createTenant();
    for (const t of [shop, other]) {
      await (p as any).seedCatalog(t.tenant_id);
      await (p as any).seedCommerce(t.tenant_id);
      await (p as any).seedDomain('events', t.tenant_id);
      await (p as any).seedDomain('tours', t.tenant_id);
    }
    region = (await api('GET', '/store/regions')).body.regions.find((r: any) => r.currency_code === 'eur');
    variantId = (await api('GET', `/store/products?limit=1&region_id=${region.id}`)).body.products[0].variants[0].id;
    event = (await api('GET', '/store/events')).body.events[0];
    const tickets = (await api('GET', `/store/events/${event.slug}/tickets?currency_code=eur`)).body.tickets;
    ticket = [...tickets].sort((a: any, b: any) => b.remaining - a.remaining)[0];
    const theirEvent = (await api('GET', '/store/events', undefined, { key: other.publishable_key })).body.events[0];
    otherTicket = (await api('GET', `/store/events/${theirEvent.slug}/tickets`, undefined, { key: other.publishable_key })).body.tickets[0];
    const tours = (await api('GET', '/store/tours?currency_code=eur')).body.tours;
    for (const t of tours) {
      const detail = (await api('GET', `/store/tours/${t.slug}?currency_code=eur`)).body.tour;
      const d = detail.departures.find((x: any) => x.seats_remaining >= 4);
      if (d && !detail.requires_traveller_details) {
        tour = detail;
        departure = d;
        break;
      }
    }
    expect(tour).toBeDefined();
  });
  afterAll(async () => {
    await sql?.end();
  });

  it('adds tickets as a line of kind event_ticket in the shape the starter reads, holding the places until the line goes', async () => {
    const before = await remaining();
    const cartId = await newCart();
    const r = await addTickets(cartId, 2);
    expect(r.status).toBe(200);
    const line = r.body.cart.items.find((i: any) => i.kind === 'event_ticket');
    expect(line).toMatchObject({
      reference_id: ticket.id,
      quantity: 2,
      title: ticket.name,
      product_title: event.title,
      product_handle: event.slug,
      requires_shipping: false,
      is_discountable: true,
      variant_id: null,
      metadata: { attendees: people(2) },
    });
    expect(line.unit_price).toBe(ticket.calculated_price.amount);
    expect(line.total).toBeGreaterThan(0);
    expect(r.body.cart.item_total).toBe(line.total);
    expect(await remaining()).toBe(before - 2);

    // a quantity change holds the new quantity instead (people re-sent through event-items: names are required here)
    const changed = await api('POST', `/store/carts/${cartId}/line-items/${line.id}`, { quantity: 3 });
    expect(changed.status).toBe(400);
    expect(changed.body.code).toBe('invalid_field');
    expect(await remaining()).toBe(before - 2);

    const gone = await api('DELETE', `/store/carts/${cartId}/event-items/${line.id}`);
    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({ id: line.id, object: 'line-item', deleted: true });
    expect(gone.body.parent.items).toEqual([]);
    expect(await remaining()).toBe(before);
  });

  it('books seats on a departure for N travellers and gives them back', async () => {
    const before = await seatsLeft();
    const cartId = await newCart();
    const r = await addSeats(cartId, 3);
    expect(r.status).toBe(200);
    const line = r.body.cart.items[0];
    expect(line).toMatchObject({
      kind: 'tour_booking',
      reference_id: departure.id,
      quantity: 3,
      product_title: tour.title,
      product_handle: tour.slug,
      requires_shipping: false,
    });
    expect(line.metadata.travellers).toHaveLength(3);
    expect(await seatsLeft()).toBe(before - 3);
    // the quantity goes down through Medusa's line route: the hold follows
    const down = await api('POST', `/store/carts/${cartId}/line-items/${line.id}`, { quantity: 2 });
    expect(down.status).toBe(400); // three travellers named for two seats
    const plain = await api('POST', `/store/carts/${cartId}/tour-items`, { departure_id: departure.id, quantity: 1 });
    expect(plain.status).toBe(200);
    const second = plain.body.cart.items.find((i: any) => i.id !== line.id);
    expect(await seatsLeft()).toBe(before - 4);
    const two = await api('POST', `/store/carts/${cartId}/line-items/${second.id}`, { quantity: 0 });
    expect(two.status).toBe(200);
    expect(await seatsLeft()).toBe(before - 3);
    // a product line is not a tour line
    const wrong = await api('DELETE', `/store/carts/${cartId}/event-items/${line.id}`);
    expect(wrong.status).toBe(404);
    expect((await api('DELETE', `/store/carts/${cartId}/tour-items/${line.id}`)).status).toBe(200);
    expect(await seatsLeft()).toBe(before);
  });

  it('refuses bad input at both routes with the documented 4xx and writes nothing', async () => {
    const cartId = await newCart();
    const before = await remaining();
    const cases: Array<[string, unknown, number, string]> = [
      ['/event-items', { ticket_id: ticket.id, quantity: 1 }, 400, 'attendees_required'],
      ['/event-items', { ticket_id: ticket.id, quantity: 2, attendees: people(1) }, 400, 'invalid_field'],
      ['/event-items', { ticket_id: ticket.id, quantity: 1, attendees: [{ first_name: '', last_name: 'X' }] }, 400, 'invalid_field'],
      ['/event-items', { ticket_id: ticket.id, quantity: 0, attendees: [] }, 400, 'invalid_field'],
      ['/event-items', { ticket_id: ticket.id, quantity: 'two' }, 400, 'invalid_field'],
      ['/event-items', { ticket_id: ticket.id, quantity: 1, attendees: people(1), extra: true }, 400, 'unknown_field'],
      ['/event-items', { quantity: 1 }, 400, 'missing_field'],
      ['/event-items', { ticket_id: 'etkt_nope', quantity: 1, attendees: people(1) }, 404, 'not_found'],
      ['/event-items', { ticket_id: otherTicket.id, quantity: 1, attendees: people(1) }, 404, 'not_found'],
      ['/tour-items', { departure_id: departure.id }, 400, 'invalid_field'], // quantity is required (the same rule as Medusa's line-items route)
      ['/tour-items', { departure_id: departure.id, quantity: 2, travellers: travellers(1) }, 400, 'invalid_field'],
      ['/tour-items', { departure_id: departure.id, quantity: 1, travellers: [] }, 400, 'invalid_field'],
      ['/tour-items', { departure_id: departure.id, quantity: 1, travellers: [{ first_name: 'A', last_name: 'B', age: -1 }] }, 400, 'invalid_field'],
      ['/tour-items', { departure_id: 'tdep_nope', quantity: 1 }, 404, 'not_found'],
    ];
    for (const [route, body, status, code] of cases) {
      const r = await api('POST', `/store/carts/${cartId}${route}`, body);
      expect({ route, body, status: r.status, code: r.body.code }).toEqual({ route, body, status, code });
      expect(Object.keys(r.body).sort()).toEqual(expect.arrayContaining(['code', 'message', 'type']));
    }
    expect(await lines(cartId)).toEqual([]);
    expect(await remaining()).toBe(before);
    // an unknown cart, another store's cart
    expect((await addTickets('cart_nope', 1)).status).toBe(404);
    const theirs = (await api('POST', '/store/carts', {}, { key: other.publishable_key })).body.cart.id;
    expect((await addTickets(theirs, 1)).status).toBe(404);
    expect((await api('DELETE', `/store/carts/${cartId}/event-items/li_nope`)).status).toBe(404);
  });

  it("keeps a customer's cart to that customer: another customer or a guest gets 404", async () => {
    const jane = await p.registerCustomer(key());
    const john = await p.registerCustomer(key());
    const cartId = await newCart({ token: jane.token, email: jane.email });
    expect((await addTickets(cartId, 1, {}, { token: john.token })).status).toBe(404);
    expect((await addTickets(cartId, 1)).status).toBe(404);
    const mine = await addTickets(cartId, 1, {}, { token: jane.token });
    expect(mine.status).toBe(200);
    const lineId = mine.body.cart.items[0].id;
    expect((await api('DELETE', `/store/carts/${cartId}/event-items/${lineId}`, undefined, { token: john.token })).status).toBe(404);
  });

  it('never oversells: 30 shoppers race for the last 3 tickets and the last 3 seats', async () => {
    for (const what of ['ticket', 'seat'] as const) {
      await leaveOnly(what, 3);
      const carts = await Promise.all(Array.from({ length: 30 }, () => newCart()));
      const answers = await Promise.all(carts.map((c) => (what === 'ticket' ? addTickets(c, 1) : addSeats(c, 1))));
      const statuses = answers.map((a) => a.status).sort();
      expect({ what, ok: statuses.filter((s) => s === 200).length, conflict: statuses.filter((s) => s === 409).length }).toEqual({ what, ok: 3, conflict: 27 });
      for (const a of answers.filter((x) => x.status === 409)) expect(a.body).toMatchObject({ type: 'conflict', code: 'insufficient_inventory' });
      expect(what === 'ticket' ? await remaining() : await seatsLeft()).toBe(0);
      // the losers' carts hold nothing; the winners give theirs back
      for (const [i, c] of carts.entries()) {
        const items = await lines(c);
        expect(items).toHaveLength(answers[i].status === 200 ? 1 : 0);
        if (items.length) expect((await api('DELETE', `/store/carts/${c}/${what === 'ticket' ? 'event' : 'tour'}-items/${items[0].id}`)).status).toBe(200);
      }
      expect(what === 'ticket' ? await remaining() : await seatsLeft()).toBe(3);
    }
  });

  it('completes a cart of products, tickets and seats as one order; registrations and a booking follow; cancelling gives the places back', async () => {
    const customer = await p.registerCustomer(key());
    const cartId = await newCart({ token: customer.token, email: customer.email });
    const o = { token: customer.token };
    expect((await api('POST', `/store/carts/${cartId}/line-items`, { variant_id: variantId, quantity: 1 }, o)).status).toBe(200);
    expect((await addTickets(cartId, 2, {}, o)).status).toBe(200);
    const seats = await api('POST', `/store/carts/${cartId}/tour-items`, { departure_id: departure.id, quantity: 2, travellers: travellers(2) }, o);
    expect(seats.status).toBe(200);
    const promo = await api('POST', `/store/carts/${cartId}/promotions`, { promo_codes: ['WELCOME10'] }, o);
    expect(promo.status).toBe(200);
    const cart = promo.body.cart;
    expect(cart.items.map((i: any) => i.kind).sort()).toEqual(['event_ticket', 'product', 'tour_booking']);
    // the promotion applies to every line, and the cart sums them
    for (const i of cart.items) expect(i.discount_total).toBeGreaterThan(0);
    const itemTotal = cart.items.reduce((s: number, i: any) => s + i.total, 0);
    expect(cart.item_total).toBeCloseTo(itemTotal, 2);
    const ticketsLeft = await remaining();
    const seatsBefore = await seatsLeft();

    const done = await checkout(cartId, o);
    expect(done.status).toBe(200);
    expect(done.body.type).toBe('order');
    const order = done.body.order;
    expect(order.items.map((i: any) => i.kind ?? i.product_title).length).toBe(3);
    // the places were held by the cart: completing takes none more
    expect(await remaining()).toBe(ticketsLeft);
    expect(await seatsLeft()).toBe(seatsBefore);

    const regs = await waitFor('the registrations', async () => {
      const r = await api('GET', '/store/events/my-registrations', undefined, o);
      return r.body.registrations?.length === 2 ? r.body.registrations : null;
    });
    const codes = regs.map((r: any) => r.code);
    expect(new Set(codes).size).toBe(2);
    expect(regs.map((r: any) => `${r.attendee?.first_name ?? r.first_name}`).sort()).toEqual(['Guest1', 'Guest2']);
    const booked = await waitFor('the tour booking', async () => {
      const r = await sql.query(`select data from tours.outbox_event where tenant_id = $1 and type = 'tour_booking.created' and data->>'order_id' = $2`, [
        shop.tenant_id,
        order.id,
      ]);
      return r.rows[0]?.data;
    });
    expect(booked).toMatchObject({ order_id: order.id, departure_id: departure.id });
    // the confirmation mail with its calendar invitation
    const mail = await waitFor('the ticket mail', async () => (await p.mailsTo(customer.email)).find((m) => codes.every((c: string) => m.text.includes(c))));
    expect(mail).toBeDefined();

    // another customer sees none of it
    const stranger = await p.registerCustomer(key());
    expect((await api('GET', '/store/events/my-registrations', undefined, { token: stranger.token })).body.registrations).toEqual([]);

    const cancel = await api('POST', `/store/orders/${order.id}/cancel`, {}, o);
    expect(cancel.status).toBe(200);
    expect(await remaining()).toBe(ticketsLeft + 2);
    expect(await seatsLeft()).toBe(seatsBefore + 2);
    await waitFor('the registrations cancelled', async () => {
      const r = await api('GET', '/store/events/my-registrations', undefined, o);
      return r.body.registrations.every((x: any) => x.status === 'canceled');
    });
  });

  it("delivers the registration's and the booking's domain events to a subscribed endpoint, verifiable with standardwebhooks", async () => {
    const rx = await new WebhookReceiver().start();
    try {
      const created = await p.graphql(
        'mutation($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { id secret } }',
        { input: { url: 'https://hooks.example.com/places', event_types: ['event_registration.*', 'tour_booking.*'] } },
        { token: await p.adminToken(shop), key: key() },
      );
      expect(created.body.errors).toBeUndefined();
      // the receiver on this machine is a private target: the shared platform has no WEBHOOK_ALLOW_HOSTS, so the
      // endpoint gets the operator's exemption (allow_private_network, webhooks.test.ts covers who may set it) in its row
      await sql.query(`update webhooks.webhook_endpoint set url = $1, allow_private_network = true where id = $2`, [
        rx.url('/places'),
        created.body.data.createWebhookEndpoint.id,
      ]);
      const hook = new Webhook(created.body.data.createWebhookEndpoint.secret);
      const customer = await p.registerCustomer(key());
      const o = { token: customer.token };
      const cartId = await newCart({ token: customer.token, email: customer.email });
      expect((await addTickets(cartId, 1, {}, o)).status).toBe(200);
      expect((await api('POST', `/store/carts/${cartId}/tour-items`, { departure_id: departure.id, quantity: 1, travellers: travellers(1) }, o)).status).toBe(
        200,
      );
      const done = await checkout(cartId, o);
      expect(done.body.type).toBe('order');
      const orderId = done.body.order.id as string;
      // every delivery verifies with the endpoint's secret (the library throws otherwise)
      const delivered = () => rx.at('/places').map((r) => hook.verify(r.body, r.headers as Record<string, string>) as { type: string; data: any });
      const of = (type: string) => delivered().find((b) => b.type === type && b.data.order_id === orderId);
      const registration = await waitFor('event_registration.created delivered', async () => of('event_registration.created') ?? null);
      const booking = await waitFor('tour_booking.created delivered', async () => of('tour_booking.created') ?? null);
      expect(registration.data).toMatchObject({ order_id: orderId, ticket_type_id: ticket.id, event_id: event.id, customer_id: expect.any(String) });
      expect(registration.data.code).toEqual(expect.any(String));
      expect(booking.data).toMatchObject({ order_id: orderId, departure_id: departure.id, tour_id: tour.id, seats: 1 });
      // cancelling the order cancels both: their events follow
      expect((await api('POST', `/store/orders/${orderId}/cancel`, {}, o)).status).toBe(200);
      await waitFor('event_registration.canceled delivered', async () => of('event_registration.canceled') ?? null);
      const canceled = await waitFor('tour_booking.canceled delivered', async () => of('tour_booking.canceled') ?? null);
      expect(canceled.data).toMatchObject({ id: booking.data.id, order_id: orderId });
      // only the subscribed types came
      expect(delivered().every((b) => /^(event_registration|tour_booking)\./.test(b.type))).toBe(true);
    } finally {
      await rx.stop();
    }
  });

  it('completes a cart of tickets only without a shipping method', async () => {
    const cartId = await newCart({ email: 'tickets-only@example.com' });
    expect((await addTickets(cartId, 1)).status).toBe(200);
    const done = await checkout(cartId);
    expect(done.status).toBe(200);
    expect(done.body.type).toBe('order');
    expect(done.body.order.shipping_methods).toEqual([]);
    expect(done.body.order.items[0]).toMatchObject({ title: ticket.name, product_title: event.title, requires_shipping: false });
  });

  it('takes the places again at completion when the cart hold expired and they are still free; 409 when they are gone', async () => {
    const cartId = await newCart();
    const added = await addTickets(cartId, 1);
    expect(added.status).toBe(200);
    const holdKey = added.body.cart.items[0].data.hold_key as string;
    // the cart's hold runs out and is given back (as the expiry would do it)
    const released = await p.graphql(
      'mutation($k: String!) { releaseEventTicketHold(key: $k) }',
      { k: holdKey },
      { token: p.secrets.operatorToken, key: key() },
    );
    expect(released.body.errors).toBeUndefined();
    const done = await checkout(cartId);
    expect({ status: done.status, type: done.body.type }).toEqual({ status: 200, type: 'order' });

    // gone: another cart took the last places meanwhile
    const late = await newCart();
    const lateLine = await addTickets(late, 1);
    expect(lateLine.status).toBe(200);
    await p.graphql(
      'mutation($k: String!) { releaseEventTicketHold(key: $k) }',
      { k: lateLine.body.cart.items[0].data.hold_key },
      { token: p.secrets.operatorToken, key: key() },
    );
    await leaveOnly('ticket', 0);
    const refused = await checkout(late);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('insufficient_inventory');
    expect((await api('GET', `/store/carts/${late}`)).body.cart.completed_at).toBeNull();
  });
});
