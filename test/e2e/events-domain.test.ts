import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import * as nodeIcal from 'node-ical';
import { systemContext } from '@svc/kit';
import type { TenantCredentials } from '@svc/identity';
import { commerceEvents } from '@svc/commerce/events';
import type { CommerceServices } from '@svc/commerce';
import { startTestPlatform, type TestPlatform } from '../support/platform';
import { TestClock } from '../support/clock';
import { graphqlHelpers } from '../support/site';
import { waitFor } from '../support/wait';

/**
 * The events domain end to end on a platform of its own (a clock the test moves, the workers that
 * run its subscriptions, the file mailer): the storefront's four routes with their refusals, tenant
 * and customer isolation, the keyed holds commerce takes (30 concurrent holds for 3 places, expiry
 * by the clock, confirm and release), registrations from an `order.placed` written through
 * commerce's outbox, the confirmation mail with its iCalendar invitation, cancellation, the seed.
 * Event dates are in 2027 (the future); a past event ended in 2026-01.
 */
describe('events: events, tickets, holds and registrations', () => {
  const clock = new TestClock();
  let p: TestPlatform;
  let sql: Client;
  let shop: TenantCredentials;
  let other: TenantCredentials;
  let admin: string;
  let otherAdmin: string;
  let summit: any;
  let tickets: Record<string, any>;
  let speakers: any[];
  let draft: any;
  let past: any;
  let otherEvent: any;

  const { run, refused } = graphqlHelpers(
    () => p,
    () => admin,
  );
  const op = () => ({ token: p.config.operatorToken!, key: shop.publishable_key });
  /** an operation commerce calls, as the operator of the shop's store */
  const asOperator = async (query: string, variables: Record<string, unknown>) => p.graphql(query, variables, op());
  const get = (url: string, o: { key?: string; token?: string; headers?: Record<string, string> } = {}) =>
    p.api('GET', url, { key: o.key ?? shop.publishable_key, token: o.token, headers: o.headers });
  const outbox = async (type: string, tenantId = shop.tenant_id) =>
    (await sql.query(`select data from events.outbox_event where tenant_id = $1 and type = $2 order by position`, [tenantId, type])).rows.map((r) => r.data);

  const CREATE = `mutation($input: CreateEventInput!) { createEvent(input: $input) { id slug status } }`;
  const PUBLISH = `mutation($id: String!) { publishEvent(id: $id) { id status } }`;
  const SPEAKER = `mutation($e: String!, $input: EventSpeakerInput!) { createEventSpeaker(event_id: $e, input: $input) { id name } }`;
  const SESSION = `mutation($e: String!, $input: EventSessionInput!) { createEventSession(event_id: $e, input: $input) { id title speakers { id } } }`;
  const TICKET = `mutation($e: String!, $input: EventTicketTypeInput!) { createEventTicketType(event_id: $e, input: $input) { id name capacity remaining } }`;
  const UPDATE_TICKET = `mutation($id: String!, $input: UpdateEventTicketTypeInput!) { updateEventTicketType(id: $id, input: $input) { id capacity remaining } }`;
  const HOLD = `mutation($key: String!, $lines: [EventTicketLineInput!]!, $ttl: Int!) { holdEventTickets(key: $key, lines: $lines, ttl_seconds: $ttl) }`;
  const CONFIRM = `mutation($key: String!, $lines: [EventTicketLineInput!]!) { confirmEventTicketHold(key: $key, lines: $lines) }`;
  const RELEASE = `mutation($key: String!) { releaseEventTicketHold(key: $key) }`;
  const RELEASE_SOLD = `mutation($lines: [EventTicketLineInput!]!) { releaseEventTickets(lines: $lines) }`;
  const SNAPSHOTS = `query($ids: [String!]!, $c: String!) { eventTicketSnapshots(ids: $ids, currency_code: $c) {
    id title event_id event_title event_slug event_starts_at event_ends_at thumbnail unit_price available_quantity on_sale requires_attendee_names max_per_order } }`;
  const REGISTRATIONS = `query($e: String!, $status: String, $email: String) { adminEventRegistrations(event_id: $e, status: $status, email: $email) {
    count items { id code status first_name last_name email customer_id ticket_name order_id } } }`;

  const prices = (eur: string, usd: string, gbp: string) => [
    { currency_code: 'eur', amount: eur },
    { currency_code: 'usd', amount: usd },
    { currency_code: 'gbp', amount: gbp },
  ];
  const event = async (input: Record<string, unknown>, token = admin, publish = true) => {
    const e = await run(CREATE, { input: { time_zone: 'Europe/Berlin', ...input } }, token);
    if (publish) await run(PUBLISH, { id: e.id }, token);
    return e;
  };
  const ticket = async (eventId: string, input: Record<string, unknown>, token = admin) =>
    await run(TICKET, { e: eventId, input: { prices: prices('10', '11', '9'), ...input } }, token);
  const remaining = async (slug: string) =>
    Object.fromEntries((await get(`/store/events/${slug}/tickets`)).body.tickets.map((t: any) => [t.name, t.remaining]));

  /** writes commerce's `order.placed` in a commerce unit of work: the relay and the queue bring it to the events subscription */
  const placeOrder = async (order: Record<string, unknown>, tenantId = shop.tenant_id) => {
    const commerce = p.services<CommerceServices>('commerce');
    await commerce.store.transaction(systemContext(p.log, tenantId, 'test'), async (em, tx) => {
      commerceEvents.emit(em, tx, 'order.placed', { display_id: 1, cart_id: 'cart_test', total: 0, currency_code: 'eur', ...order } as any);
    });
  };
  const registrationsOf = async (orderId: string) =>
    (
      await sql.query(`select * from events.event_registration where tenant_id = $1 and order_id = $2 order by line_item_id, line_index`, [
        shop.tenant_id,
        orderId,
      ])
    ).rows;

  beforeAll(async () => {
    p = await startTestPlatform({ clock });
    sql = new Client({ connectionString: p.dbUrl });
    await sql.connect();
    shop = await p.createTenant();
    other = await p.createTenant();
    admin = await p.adminToken(shop);
    otherAdmin = await p.adminToken(other);
    await p.seedCatalog(shop.tenant_id);

    summit = await event({
      title: 'Commerce Summit',
      subtitle: 'Two days',
      venue: { name: 'Kalkscheune', address: 'Johannisstraße 2', city: 'Berlin', country_code: 'DE' },
      starts_at: '2027-06-10T09:00:00+02:00',
      ends_at: '2027-06-11T18:00:00+02:00',
      requires_attendee_names: true,
      max_tickets_per_order: 10,
    });
    speakers = [];
    for (const name of ['Ada Lovelace', 'Grace Hopper']) speakers.push(await run(SPEAKER, { e: summit.id, input: { name, company: 'Analytical' } }));
    await run(SESSION, {
      e: summit.id,
      input: { title: 'Day two', starts_at: '2027-06-11T09:00:00+02:00', ends_at: '2027-06-11T10:00:00+02:00', speaker_ids: [speakers[1].id] },
    });
    await run(SESSION, {
      e: summit.id,
      input: {
        title: 'Opening',
        starts_at: '2027-06-10T09:30:00+02:00',
        ends_at: '2027-06-10T10:30:00+02:00',
        room: 'Main hall',
        speaker_ids: [speakers[0].id, speakers[1].id],
      },
    });
    tickets = {};
    tickets.early = await ticket(summit.id, {
      name: 'Early bird',
      prices: prices('199', '219.5', '175'),
      capacity: 5,
      rank: 1,
      sale_ends_at: '2026-01-01T00:00:00Z',
    });
    tickets.standard = await ticket(summit.id, { name: 'Standard', prices: prices('349', '379', '299'), capacity: 200, rank: 2 });
    tickets.vip = await ticket(summit.id, { name: 'VIP', prices: prices('799', '869', '689'), capacity: 3, rank: 3 });
    await event({ title: 'Later workshop', starts_at: '2027-09-15T14:00:00+01:00', ends_at: '2027-09-15T17:00:00+01:00', time_zone: 'Europe/London' });
    past = await event({ title: 'Winter meetup', starts_at: '2026-01-10T18:00:00+01:00', ends_at: '2026-01-10T21:00:00+01:00' });
    draft = await event({ title: 'Secret draft', starts_at: '2027-05-01T09:00:00+02:00', ends_at: '2027-05-01T18:00:00+02:00' }, admin, false);
    otherEvent = await event({ title: 'Not yours', starts_at: '2027-04-01T09:00:00+02:00', ends_at: '2027-04-01T18:00:00+02:00' }, otherAdmin);
  });
  afterAll(async () => {
    await sql?.end();
    await p?.stop();
  });

  it('lists published upcoming events soonest first, ended ones with past=true, never drafts or another store’s', async () => {
    const r = await get('/store/events');
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['count', 'events', 'limit', 'offset']);
    expect(r.body.events.map((e: any) => e.slug)).toEqual(['commerce-summit', 'later-workshop']);
    expect(r.body).toMatchObject({ count: 2, offset: 0, limit: 20 });
    expect(r.body.events[0]).toMatchObject({
      title: 'Commerce Summit',
      time_zone: 'Europe/Berlin',
      starts_at: '2027-06-10T09:00:00+02:00',
      ends_at: '2027-06-11T18:00:00+02:00',
      venue: { name: 'Kalkscheune', city: 'Berlin', country_code: 'de' },
      status: 'published',
      requires_attendee_names: true,
      from_price: null,
    });
    expect(r.body.events[1].starts_at).toBe('2027-09-15T14:00:00+01:00');
    const paged = await get('/store/events?limit=1&offset=1');
    expect(paged.body).toMatchObject({ count: 2, offset: 1, limit: 1 });
    expect(paged.body.events.map((e: any) => e.slug)).toEqual(['later-workshop']);
    expect((await get('/store/events?past=true')).body.events.map((e: any) => e.slug)).toEqual([past.slug]);
    const theirs = await get('/store/events', { key: other.publishable_key });
    expect(theirs.body.events.map((e: any) => e.id)).toEqual([otherEvent.id]);
  });

  it('prices from_price and the tickets in currency_code or the currency of region_id', async () => {
    const usd = await get('/store/events?currency_code=USD');
    expect(usd.body.events[0].from_price).toEqual({ amount: 219.5, currency_code: 'usd' });
    const regions = (await get('/store/regions')).body.regions;
    const gbpRegion = regions.find((x: any) => x.currency_code === 'gbp');
    expect(gbpRegion).toBeDefined();
    const byRegion = await get(`/store/events?region_id=${gbpRegion.id}`);
    expect(byRegion.body.events[0].from_price).toEqual({ amount: 175, currency_code: 'gbp' });

    const t = await get(`/store/events/${summit.slug}/tickets?region_id=${gbpRegion.id}`);
    expect(t.status).toBe(200);
    expect(t.body.tickets.map((x: any) => x.name)).toEqual(['Early bird', 'Standard', 'VIP']);
    expect(t.body.tickets[1]).toEqual({
      id: tickets.standard.id,
      name: 'Standard',
      description: null,
      prices: [
        { currency_code: 'eur', amount: 349 },
        { currency_code: 'usd', amount: 379 },
        { currency_code: 'gbp', amount: 299 },
      ],
      calculated_price: { amount: 299, currency_code: 'gbp' },
      capacity: 200,
      remaining: 200,
      sold_out: false,
      on_sale: true,
      sale_starts_at: null,
      sale_ends_at: null,
    });
    // the early bird's sale ended
    expect(t.body.tickets[0]).toMatchObject({ on_sale: false, sale_ends_at: '2026-01-01T01:00:00+01:00' });
    expect((await get(`/store/events/${summit.slug}/tickets`)).body.tickets[1].calculated_price).toBeNull();
    expect((await get(`/store/events/${summit.slug}/tickets?currency_code=jpy`)).body.tickets[1].calculated_price).toBeNull();
  });

  it('answers one event with its schedule by start, each session with its speakers', async () => {
    const r = await get(`/store/events/${summit.slug}`);
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['event']);
    const e = r.body.event;
    expect(e.sessions.map((s: any) => [s.title, s.starts_at, s.speakers.map((x: any) => x.name)])).toEqual([
      ['Opening', '2027-06-10T09:30:00+02:00', ['Ada Lovelace', 'Grace Hopper']],
      ['Day two', '2027-06-11T09:00:00+02:00', ['Grace Hopper']],
    ]);
    expect(e.speakers.map((s: any) => s.name).sort()).toEqual(['Ada Lovelace', 'Grace Hopper']);
    expect(e.speakers[0]).toEqual(expect.objectContaining({ company: 'Analytical', photo_url: null }));
  });

  it('answers in the requested locale through the localization overlay (?locale=, then accept-language), else the default', async () => {
    const ADD_LOCALE = `mutation($input: AddLocaleInput!) { addLocale(input: $input) { code } }`;
    for (const code of ['en', 'de']) await run(ADD_LOCALE, { input: { code } });
    const detail = (await get(`/store/events/${summit.slug}`)).body.event;
    const opening = detail.sessions[0];
    await run(`mutation($input: [SetTranslationInput!]!) { setTranslations(input: $input) { id } }`, {
      input: [
        { resource_type: 'event', resource_id: summit.id, locale: 'de', fields: { title: 'Handelsgipfel', subtitle: 'Zwei Tage' } },
        { resource_type: 'event_session', resource_id: opening.id, locale: 'de', fields: { title: 'Eröffnung' } },
        { resource_type: 'event_speaker', resource_id: speakers[0].id, locale: 'de', fields: { bio: 'Mathematikerin' } },
        { resource_type: 'event_ticket_type', resource_id: tickets.standard.id, locale: 'de', fields: { name: 'Normal' } },
      ],
    });
    const de = await get('/store/events?locale=de');
    expect(de.body.events[0]).toMatchObject({ title: 'Handelsgipfel', subtitle: 'Zwei Tage', slug: summit.slug });
    expect((await get('/store/events', { headers: { 'accept-language': 'de-DE,de;q=0.9' } })).body.events[0].title).toBe('Handelsgipfel');
    expect((await get('/store/events')).body.events[0].title).toBe('Commerce Summit');
    expect((await get('/store/events?locale=en')).body.events[0].title).toBe('Commerce Summit');
    const d = (await get(`/store/events/${summit.slug}?locale=de`)).body.event;
    expect(d.title).toBe('Handelsgipfel');
    expect(d.sessions[0].title).toBe('Eröffnung');
    expect(d.sessions[0].speakers.find((x: any) => x.id === speakers[0].id).bio).toBe('Mathematikerin');
    expect((await get(`/store/events/${summit.slug}/tickets?locale=de`)).body.tickets.map((t: any) => t.name)).toEqual(['Early bird', 'Normal', 'VIP']);
    // another store sees none of it
    expect((await get('/store/events?locale=de', { key: other.publishable_key })).body.events[0].title).toBe('Not yours');
  });

  it('is 404 for a draft, an unknown slug and another store’s event, on every route', async () => {
    for (const slug of [draft.slug, 'no-such-event', otherEvent.slug]) {
      for (const url of [`/store/events/${slug}`, `/store/events/${slug}/tickets`]) {
        const r = await get(url);
        expect(r.status).toBe(404);
        expect(r.body).toMatchObject({ type: 'not_found' });
        expect(JSON.stringify(r.body)).not.toContain('Not yours');
      }
    }
  });

  it('refuses bad input with documented 400s and a missing key with 401', async () => {
    const bad: Array<[string, string]> = [
      ['/store/events?limit=-1', 'limit'],
      ['/store/events?limit=abc', 'limit'],
      ['/store/events?offset=-3', 'offset'],
      ['/store/events?unknown=1', 'unknown'],
      ['/store/events?past=maybe', 'past'],
      ['/store/events?currency_code=euro', 'currency_code'],
      ['/store/events?locale=not a locale', 'locale'],
      ['/store/events?region_id=reg_nope', 'region_id'],
      [`/store/events/${summit.slug}?unknown=1`, 'unknown'],
      [`/store/events/${summit.slug}?locale=x`, 'locale'],
      [`/store/events/${summit.slug}/tickets?region_id=reg_nope`, 'region_id'],
      [`/store/events/${summit.slug}/tickets?currency_code=1`, 'currency_code'],
      [`/store/events/${summit.slug}/tickets?limit=1`, 'limit'],
      ['/store/events/my-registrations?limit=-1', 'limit'],
    ];
    const alice = await p.registerCustomer(shop.publishable_key);
    for (const [url, field] of bad) {
      const r = await get(url, { token: url.includes('my-registrations') ? alice.token : undefined });
      expect([url, r.status, r.body.type]).toEqual([url, 400, 'validation_error']);
      expect(JSON.stringify(r.body)).toContain(field);
    }
    expect((await get('/store/events?region_id=reg_nope')).body.code).toBe('invalid_field');
    for (const url of ['/store/events', `/store/events/${summit.slug}`, `/store/events/${summit.slug}/tickets`, '/store/events/my-registrations']) {
      expect((await p.api('GET', url)).status).toBe(401);
    }
  });

  it('holds 3 places for exactly 3 of 30 concurrent holds; the 27 others get 409 insufficient_inventory', async () => {
    const lines = [{ ticket_id: tickets.vip.id, quantity: 1 }];
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => asOperator(HOLD, { key: `race-${i}`, lines, ttl: 600 })));
    const ok = results.filter((r) => r.body.data?.holdEventTickets === 'held');
    const refusedAll = results.filter((r) => r.body.errors);
    expect(ok).toHaveLength(3);
    expect(refusedAll).toHaveLength(27);
    for (const r of refusedAll) expect(r.body.errors[0].extensions).toMatchObject({ type: 'conflict', code: 'insufficient_inventory' });
    expect((await remaining(summit.slug)).VIP).toBe(0);
    const vip = (await get(`/store/events/${summit.slug}/tickets`)).body.tickets[2];
    expect(vip).toMatchObject({ remaining: 0, sold_out: true });
    // give them back for what follows
    const winners = results.map((r, i) => (r.body.data?.holdEventTickets ? `race-${i}` : null)).filter(Boolean) as string[];
    for (const key of winners) expect((await asOperator(RELEASE, { key })).body.data.releaseEventTicketHold).toBe(true);
    expect((await remaining(summit.slug)).VIP).toBe(3);
  });

  it('holds all lines or none, idempotently per key; a released key is not held again', async () => {
    const lines = [
      { ticket_id: tickets.standard.id, quantity: 2 },
      { ticket_id: tickets.vip.id, quantity: 4 },
    ];
    const tooMany = await asOperator(HOLD, { key: 'all-or-none', lines, ttl: 600 });
    expect(tooMany.body.errors[0].extensions).toMatchObject({ code: 'insufficient_inventory' });
    expect(await remaining(summit.slug)).toMatchObject({ Standard: 200, VIP: 3 });
    const fits = [
      { ticket_id: tickets.standard.id, quantity: 2 },
      { ticket_id: tickets.vip.id, quantity: 1 },
    ];
    expect((await asOperator(HOLD, { key: 'k1', lines: fits, ttl: 600 })).body.data.holdEventTickets).toBe('held');
    expect((await asOperator(HOLD, { key: 'k1', lines: fits, ttl: 600 })).body.data.holdEventTickets).toBe('held');
    expect(await remaining(summit.slug)).toMatchObject({ Standard: 198, VIP: 2 });
    expect((await asOperator(RELEASE, { key: 'k1' })).body.data.releaseEventTicketHold).toBe(true);
    expect((await asOperator(RELEASE, { key: 'k1' })).body.data.releaseEventTicketHold).toBe(true);
    expect(await remaining(summit.slug)).toMatchObject({ Standard: 200, VIP: 3 });
    expect((await asOperator(HOLD, { key: 'k1', lines: fits, ttl: 600 })).body.errors[0].extensions).toMatchObject({ code: 'reservation_released' });
    // an unknown ticket, bad lines, and callers that are not operators or admins
    expect((await asOperator(HOLD, { key: 'k2', lines: [{ ticket_id: 'etkt_nope', quantity: 1 }], ttl: 60 })).body.errors[0].extensions).toMatchObject({
      type: 'not_found',
    });
    expect((await asOperator(HOLD, { key: 'k3', lines: [{ ticket_id: tickets.vip.id, quantity: 0 }], ttl: 60 })).body.errors[0].extensions).toMatchObject({
      type: 'validation_error',
    });
    expect((await asOperator(HOLD, { key: 'k4', lines: [], ttl: 60 })).body.errors[0].extensions).toMatchObject({ type: 'validation_error' });
    const customer = await p.registerCustomer(shop.publishable_key);
    const asCustomer = await p.graphql(HOLD, { key: 'k5', lines: fits, ttl: 60 }, { token: customer.token, key: shop.publishable_key });
    expect(asCustomer.body.errors[0].extensions.type).toMatch(/permission_error|authentication_error/);
    // another store's ticket is unknown to this store
    const theirs = await ticket(otherEvent.id, { name: 'Theirs', capacity: 5 }, otherAdmin);
    expect((await asOperator(HOLD, { key: 'k6', lines: [{ ticket_id: theirs.id, quantity: 1 }], ttl: 60 })).body.errors[0].extensions.type).toBe('not_found');
    expect((await asOperator(SNAPSHOTS, { ids: [theirs.id], c: 'eur' })).body.data.eventTicketSnapshots).toEqual([]);
  });

  it('gives the places of an expired hold back (by the clock); confirming it claims them again, or 409 when they are gone', async () => {
    const line = [{ ticket_id: tickets.vip.id, quantity: 2 }];
    expect((await asOperator(HOLD, { key: 'exp-1', lines: line, ttl: 60 })).body.data.holdEventTickets).toBe('held');
    expect((await remaining(summit.slug)).VIP).toBe(1);
    clock.advance(61_000);
    expect((await remaining(summit.slug)).VIP).toBe(3);
    // the places went back: another hold takes all three; exp-1 cannot be confirmed now
    expect((await asOperator(HOLD, { key: 'exp-2', lines: [{ ticket_id: tickets.vip.id, quantity: 3 }], ttl: 60 })).body.data.holdEventTickets).toBe('held');
    expect((await asOperator(CONFIRM, { key: 'exp-1', lines: line })).body.errors[0].extensions).toMatchObject({ code: 'insufficient_inventory' });
    clock.advance(61_000);
    // exp-2 expired too: confirming exp-1 now takes its places again, permanently
    expect((await asOperator(CONFIRM, { key: 'exp-1', lines: line })).body.data.confirmEventTicketHold).toBe(true);
    clock.advance(3600_000);
    expect((await remaining(summit.slug)).VIP).toBe(1);
    const [row] = (await sql.query(`select sold, held from events.event_ticket_type where id = $1`, [tickets.vip.id])).rows;
    expect(row).toEqual({ sold: 2, held: 0 });
    // a confirmed hold answers confirmed; the order canceled: sold places go back
    expect((await asOperator(HOLD, { key: 'exp-1', lines: line, ttl: 60 })).body.data.holdEventTickets).toBe('confirmed');
    expect((await asOperator(CONFIRM, { key: 'exp-1', lines: line })).body.data.confirmEventTicketHold).toBe(true);
    expect((await asOperator(RELEASE_SOLD, { lines: line })).body.data.releaseEventTickets).toBe(true);
    expect((await remaining(summit.slug)).VIP).toBe(3);
  });

  it('confirms a live hold (held becomes sold) and releases a confirmed one; the capacity never goes below what is sold', async () => {
    const line = [{ ticket_id: tickets.standard.id, quantity: 3 }];
    await asOperator(HOLD, { key: 'c-1', lines: line, ttl: 600 });
    expect((await asOperator(CONFIRM, { key: 'c-1', lines: line })).body.data.confirmEventTicketHold).toBe(true);
    expect((await sql.query(`select sold, held from events.event_ticket_type where id = $1`, [tickets.standard.id])).rows[0]).toEqual({ sold: 3, held: 0 });
    expect(await refused(UPDATE_TICKET, { id: tickets.standard.id, input: { capacity: 2 } })).toMatchObject({ type: 'conflict', code: 'capacity_below_sold' });
    expect((await run(UPDATE_TICKET, { id: tickets.standard.id, input: { capacity: 150 } })).remaining).toBe(147);
    await asOperator(RELEASE, { key: 'c-1' });
    expect((await remaining(summit.slug)).Standard).toBe(150);
    // a confirmation without a hold claims the places directly
    expect((await asOperator(CONFIRM, { key: 'c-2', lines: line })).body.data.confirmEventTicketHold).toBe(true);
    expect((await remaining(summit.slug)).Standard).toBe(147);
    await asOperator(RELEASE, { key: 'c-2' });
    await run(UPDATE_TICKET, { id: tickets.standard.id, input: { capacity: 200 } });
  });

  it('snapshots tickets for a cart in a currency', async () => {
    const r = await asOperator(SNAPSHOTS, { ids: [tickets.vip.id, 'etkt_unknown', tickets.early.id], c: 'USD' });
    expect(r.body.data.eventTicketSnapshots).toEqual([
      {
        id: tickets.vip.id,
        title: 'VIP',
        event_id: summit.id,
        event_title: 'Commerce Summit',
        event_slug: summit.slug,
        event_starts_at: '2027-06-10T09:00:00+02:00',
        event_ends_at: '2027-06-11T18:00:00+02:00',
        thumbnail: null,
        unit_price: '869',
        available_quantity: 3,
        on_sale: true,
        requires_attendee_names: true,
        max_per_order: 10,
      },
      expect.objectContaining({ id: tickets.early.id, unit_price: '219.5', on_sale: false }),
    ]);
    const noPrice = await asOperator(SNAPSHOTS, { ids: [tickets.vip.id], c: 'jpy' });
    expect(noPrice.body.data.eventTicketSnapshots[0].unit_price).toBeNull();
  });

  it('makes one registration per ticket of a placed order, mails the codes with an iCalendar invitation, once, and cancels them with the order', async () => {
    const alice = await p.registerCustomer(shop.publishable_key);
    const bob = await p.registerCustomer(shop.publishable_key);
    const me = await p.graphql('query { me { id } }', {}, { token: alice.token, key: shop.publishable_key });
    const aliceId = me.body.data.me.id;
    const order = {
      id: 'order_01TESTEVENTS',
      customer_id: aliceId,
      email: alice.email,
      items: [
        {
          id: 'item_vip',
          kind: 'event_ticket',
          reference_id: tickets.vip.id,
          title: 'VIP',
          quantity: 2,
          unit_price: 799,
          metadata: {
            attendees: [
              { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
              { first_name: 'Grace', last_name: 'Hopper' },
            ],
          },
        },
        { id: 'item_std', kind: 'event_ticket', reference_id: tickets.standard.id, title: 'Standard', quantity: 1, unit_price: 349, metadata: null },
        { id: 'item_tee', kind: 'product', reference_id: 'variant_x', title: 'Tee', quantity: 1, unit_price: 20, metadata: null },
      ],
    };
    await placeOrder(order);
    const regs = await waitFor('registrations', async () => {
      const rows = await registrationsOf(order.id);
      return rows.length === 3 ? rows : undefined;
    });
    expect(regs.map((r: any) => [r.line_item_id, r.line_index, r.first_name, r.last_name, r.email, r.customer_id, r.status])).toEqual([
      ['item_std', 0, null, null, alice.email, aliceId, 'confirmed'],
      ['item_vip', 0, 'Ada', 'Lovelace', 'ada@example.com', aliceId, 'confirmed'],
      ['item_vip', 1, 'Grace', 'Hopper', alice.email, aliceId, 'confirmed'],
    ]);
    for (const r of regs) expect(r.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(new Set(regs.map((r: any) => r.code)).size).toBe(3);
    const created = (await outbox('event_registration.created')).filter((d: any) => d.order_id === order.id);
    expect(created).toHaveLength(3);
    expect(created[0]).toEqual(expect.objectContaining({ event_id: summit.id, customer_id: aliceId, code: expect.any(String) }));

    // the same order told again (another delivery): nothing new, no second mail
    await placeOrder(order);
    const mailDir = path.join(p.config.dataDir, 'mail');
    const mails = () =>
      fs.existsSync(mailDir)
        ? fs
            .readdirSync(mailDir)
            .filter((f) => f.endsWith('.eml'))
            .map((f) => fs.readFileSync(path.join(mailDir, f), 'utf8'))
            // the ticket mail (registration also mailed her an address verification link)
            .filter((m) => m.includes(alice.email) && /^Subject: Your tickets/m.test(m))
        : [];
    const [mail] = await waitFor('the confirmation mail', () => (mails().length ? mails() : undefined));
    await waitFor('the second order.placed handled', async () => {
      const n = (await sql.query(`select count(*)::int as n from events.processed_event where subscription like '%event-registrations%'`)).rows[0]?.n;
      return n >= 2 ? true : undefined;
    });
    expect(await registrationsOf(order.id)).toHaveLength(3);
    expect(mails()).toHaveLength(1);
    const text = (await p.mailsTo(alice.email)).find((m) => /Your tickets/.test(m.subject))!.text;
    for (const r of regs) expect(text).toContain(r.code);

    // the invitation: text/calendar; method=PUBLISH, parsed by node-ical
    const ics = calendarPart(mail);
    expect(ics.contentType).toMatch(/text\/calendar/i);
    expect(ics.contentType).toMatch(/method=PUBLISH/i);
    expect(ics.body).toMatch(/^METHOD:PUBLISH\r?$/m);
    expect(ics.body).toMatch(/^DTSTART;TZID=Europe\/Berlin:20270610T090000\r?$/m);
    const parsed = nodeIcal.sync.parseICS(ics.body);
    const vevents = Object.values(parsed).filter((c: any) => c.type === 'VEVENT') as any[];
    expect(vevents).toHaveLength(1);
    expect(vevents[0].uid).toBe(`${summit.id}-${order.id}@${/@([^>\s]+)/.exec(p.config.mailFrom)![1]}`);
    expect(vevents[0].summary).toBe('Commerce Summit');
    expect(vevents[0].location).toBe('Kalkscheune, Johannisstraße 2, Berlin, DE');
    expect(new Date(vevents[0].start).toISOString()).toBe('2027-06-10T07:00:00.000Z');
    expect(new Date(vevents[0].end).toISOString()).toBe('2027-06-11T16:00:00.000Z');
    for (const r of regs) expect(vevents[0].description).toContain(r.code);

    // the customer's registrations: alice sees hers, bob none; without a token 401
    const mine = await get('/store/events/my-registrations', { token: alice.token });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ count: 3, offset: 0 });
    expect(mine.body.registrations[0]).toEqual(
      expect.objectContaining({
        status: 'confirmed',
        ticket_name: expect.any(String),
        event: expect.objectContaining({
          slug: summit.slug,
          title: 'Commerce Summit',
          starts_at: '2027-06-10T09:00:00+02:00',
          venue: expect.objectContaining({ city: 'Berlin' }),
        }),
      }),
    );
    expect(mine.body.registrations.map((r: any) => r.code).sort()).toEqual(regs.map((r: any) => r.code).sort());
    const bobs = await get('/store/events/my-registrations', { token: bob.token });
    expect(bobs.body).toMatchObject({ registrations: [], count: 0 });
    expect((await get('/store/events/my-registrations')).status).toBe(401);

    // the admin's list with filters
    const all = await run(REGISTRATIONS, { e: summit.id });
    expect(all.count).toBe(3);
    expect((await run(REGISTRATIONS, { e: summit.id, email: 'ADA@example.com' })).items.map((r: any) => r.first_name)).toEqual(['Ada']);
    expect(await refused(REGISTRATIONS, { e: summit.id }, otherAdmin)).toMatchObject({ type: 'not_found' });

    // the order canceled: the registrations are canceled
    const commerce = p.services<CommerceServices>('commerce');
    await commerce.store.transaction(systemContext(p.log, shop.tenant_id, 'test'), async (em, tx) => {
      commerceEvents.emit(em, tx, 'order.canceled', { id: order.id, customer_id: aliceId });
    });
    await waitFor('registrations canceled', async () => ((await registrationsOf(order.id)).every((r: any) => r.status === 'canceled') ? true : undefined));
    expect((await outbox('event_registration.canceled')).filter((d: any) => d.order_id === order.id)).toHaveLength(3);
    expect((await run(REGISTRATIONS, { e: summit.id, status: 'canceled' })).count).toBe(3);
  });

  it('emits event.published, event.updated and event.deleted with id and slug; deletes only events without sold places', async () => {
    expect(await outbox('event.published')).toEqual(expect.arrayContaining([{ id: summit.id, slug: summit.slug }]));
    const spare = await event({ title: 'Spare', starts_at: '2027-08-01T09:00:00+02:00', ends_at: '2027-08-01T10:00:00+02:00' });
    await run(`mutation($id: String!) { updateEvent(id: $id, input: { title: "Spare event" }) { id title } }`, { id: spare.id });
    expect((await outbox('event.updated')).filter((d: any) => d.id === spare.id)).toEqual([{ id: spare.id, slug: spare.slug, fields: ['title'] }]);
    await run(`mutation($id: String!) { deleteEvent(id: $id) { id } }`, { id: spare.id });
    expect(await outbox('event.deleted')).toEqual(expect.arrayContaining([{ id: spare.id, slug: spare.slug }]));
    expect(await refused(`mutation($id: String!) { deleteEvent(id: $id) { id } }`, { id: otherEvent.id })).toMatchObject({ type: 'not_found' });
    // bad admin input writes nothing
    expect(
      await refused(CREATE, { input: { title: 'Bad', time_zone: 'Mars/Olympus', starts_at: '2027-01-01T00:00:00Z', ends_at: '2027-01-02T00:00:00Z' } }),
    ).toMatchObject({
      type: 'validation_error',
    });
    expect(
      await refused(CREATE, { input: { title: 'Backwards', time_zone: 'UTC', starts_at: '2027-01-02T00:00:00Z', ends_at: '2027-01-01T00:00:00Z' } }),
    ).toMatchObject({
      type: 'validation_error',
    });
    expect(
      (await sql.query(`select count(*)::int as n from events.event where tenant_id = $1 and title in ('Bad', 'Backwards')`, [shop.tenant_id])).rows[0].n,
    ).toBe(0);
  });

  it('seeds the demo conference with sessions, speakers and three ticket types in eur, usd and gbp', async () => {
    const tenant = await p.createTenant();
    await p.seedDomain('events', tenant.tenant_id);
    const list = await get('/store/events?currency_code=gbp', { key: tenant.publishable_key });
    expect(list.body.events.map((e: any) => e.slug)).toEqual(['commerce-summit-2027', 'storefront-performance-workshop']);
    const detail = (await get('/store/events/commerce-summit-2027', { key: tenant.publishable_key })).body.event;
    expect(detail).toMatchObject({ title: 'Commerce Summit 2027', time_zone: 'Europe/Berlin', requires_attendee_names: true });
    expect(detail.sessions).toHaveLength(6);
    expect(detail.speakers).toHaveLength(4);
    // the localization seed (its demo translations) runs after this domain's in the demo store; here it is run by hand
    await p.seedDomain('localization', tenant.tenant_id);
    const de = (await get('/store/events/commerce-summit-2027?locale=de', { key: tenant.publishable_key })).body.event;
    expect(de.subtitle).toBe('Zwei Tage Headless Commerce, Zahlungen und die Storefronts von morgen');
    expect(de.sessions[0].title).toBe('Eröffnungskeynote: der modulare Shop');
    const t = (await get('/store/events/commerce-summit-2027/tickets?currency_code=usd', { key: tenant.publishable_key })).body.tickets;
    expect(t.map((x: any) => [x.name, x.capacity, x.prices.map((pr: any) => pr.currency_code)])).toEqual([
      ['Early bird', 50, ['eur', 'usd', 'gbp']],
      ['Standard', 200, ['eur', 'usd', 'gbp']],
      ['VIP', 20, ['eur', 'usd', 'gbp']],
    ]);
  });
});

/** The text/calendar part of a raw mail: its content type and its decoded body. */
function calendarPart(raw: string): { contentType: string; body: string } {
  const norm = raw.replace(/\r\n/g, '\n');
  const boundaries = [...norm.matchAll(/boundary="?([^";\n]+)"?/gi)].map((m) => m[1]);
  for (const b of boundaries) {
    for (const part of norm.split(`--${b}`)) {
      const p = part.replace(/^\n/, '');
      const split = p.indexOf('\n\n');
      const head = p.slice(0, split).replace(/\n[ \t]+/g, ' ');
      const type = /^content-type:\s*(.+)$/im.exec(head)?.[1];
      if (!type || !/text\/calendar/i.test(type)) continue;
      const enc = /^content-transfer-encoding:\s*(\S+)/im.exec(head)?.[1] ?? '7bit';
      let body = p.slice(split + 2);
      if (/base64/i.test(enc)) body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
      else if (/quoted-printable/i.test(enc))
        body = Buffer.from(
          body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8');
      return { contentType: type, body: body.replace(/\r?\n/g, '\r\n') };
    }
  }
  throw new Error('no text/calendar part in the mail');
}
