import { Client } from 'pg';
import type { TenantCredentials } from '@svc/identity';
import type { PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';
import { graphqlHelpers } from '../support/site';

/**
 * The bookings domain end to end on the shared platform: the slot grid of a week with its
 * exceptions, the daylight-saving changes of Europe/Berlin and America/New_York, the capacity of a
 * slot under 30 concurrent bookings, cancellation, validation at both doors with nothing written,
 * tenant and customer isolation, events in the outbox, the demo seed. Dates are in 2027 (the
 * future for the past-slot rule) or 2026-01 (the past).
 */
describe('bookings: services, slots and bookings', () => {
  const SERVICE =
    'id name handle time_zone slot_minutes buffer_minutes capacity published opening_hours { weekday ranges { start end } } exceptions { date closed ranges { start end } }';
  const CREATE = `mutation($input: CreateBookableServiceInput!) { createBookableService(input: $input) { ${SERVICE} } }`;
  const UPDATE = `mutation($id: String!, $input: UpdateBookableServiceInput!) { updateBookableService(id: $id, input: $input) { ${SERVICE} } }`;
  const EXCEPTION = `mutation($id: String!, $input: ServiceExceptionInput!) { setServiceException(id: $id, input: $input) { ${SERVICE} } }`;
  const HOURS = `mutation($id: String!, $hours: [OpeningDayInput!]!) { setServiceOpeningHours(id: $id, hours: $hours) { ${SERVICE} } }`;
  const DELETE = `mutation($id: String!) { deleteBookableService(id: $id) { id } }`;
  const BOOKINGS = `query($service_id: String!, $from: String, $to: String) { adminServiceBookings(service_id: $service_id, from: $from, to: $to) { id starts_at quantity status email customer_id } }`;
  const CANCEL = `mutation($id: String!) { cancelServiceBooking(id: $id) { id status canceled_at } }`;
  const WEEKDAYS = [
    { start: '10:00', end: '13:00' },
    { start: '14:00', end: '18:00' },
  ];
  const everyDay = (ranges: Array<{ start: string; end: string }>) => [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, ranges }));

  let p: PlatformClient;
  let sql: Client;
  let shop: TenantCredentials;
  let other: TenantCredentials;
  let admin: string;
  let otherAdmin: string;
  let tailor: any;

  const { run, refused } = graphqlHelpers(
    () => p,
    () => admin,
  );
  const service = async (input: Record<string, unknown>, token = admin) =>
    await run(CREATE, { input: { slot_minutes: 60, capacity: 1, published: true, ...input } }, token);
  const slots = (service_id: string, from: string, to: string, key = shop.publishable_key) =>
    p.api('GET', `/store/service-bookings?service_id=${encodeURIComponent(service_id)}&from=${from}&to=${to}`, { key });
  const book = (body: Record<string, unknown>, o: { key?: string; token?: string } = {}) =>
    p.api('POST', '/store/service-bookings', {
      key: o.key ?? shop.publishable_key,
      token: o.token,
      body: { quantity: 1, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', ...body },
    });
  const count = async (table: string, tenantId = shop.tenant_id) =>
    Number((await sql.query(`select count(*)::int as n from bookings.${table} where tenant_id = $1`, [tenantId])).rows[0].n);
  const events = async (type: string, id: string) =>
    (await sql.query(`select data from bookings.outbox_event where tenant_id = $1 and type = $2 and data->>'id' = $3`, [shop.tenant_id, type, id])).rows;

  beforeAll(async () => {
    p = await sharedPlatform();
    sql = new Client({ connectionString: p.dbUrl });
    await sql.connect();
    shop = await p.createTenant();
    other = await p.createTenant();
    admin = await p.adminToken(shop);
    otherAdmin = await p.adminToken(other);
    tailor = await service({
      name: 'Tailoring',
      time_zone: 'Europe/Berlin',
      slot_minutes: 45,
      buffer_minutes: 15,
      capacity: 2,
      opening_hours: [...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, ranges: WEEKDAYS })), { weekday: 6, ranges: [{ start: '10:00', end: '14:00' }] }],
    });
  });
  afterAll(async () => {
    await sql?.end();
  });

  it("lists the slot grid of a normal week in the service's time zone, with the service", async () => {
    const r = await slots(tailor.id, '2027-06-07', '2027-06-13');
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['service', 'slots']);
    expect(r.body.service).toMatchObject({ id: tailor.id, name: 'Tailoring', time_zone: 'Europe/Berlin', slot_minutes: 45, buffer_minutes: 15, capacity: 2 });
    // Mon–Fri: 10, 11, 12 (ends 12:45) and 14, 15, 16, 17 (ends 17:45); Saturday 10–13; Sunday closed
    expect(r.body.slots).toHaveLength(5 * 7 + 4);
    expect(r.body.slots[0]).toEqual({ starts_at: '2027-06-07T10:00:00+02:00', ends_at: '2027-06-07T10:45:00+02:00', capacity: 2, remaining: 2 });
    expect(r.body.slots.slice(0, 7).map((s: any) => s.starts_at.slice(11, 16))).toEqual(['10:00', '11:00', '12:00', '14:00', '15:00', '16:00', '17:00']);
    expect(r.body.slots.at(-1).starts_at).toBe('2027-06-12T13:00:00+02:00');
    // by handle too; in winter the offset is +01:00
    const winter = await slots(tailor.handle, '2027-01-04', '2027-01-04');
    expect(winter.body.slots[0].starts_at).toBe('2027-01-04T10:00:00+01:00');
  });

  it('applies date exceptions: closed all day, or other hours', async () => {
    const closed = await run(EXCEPTION, { id: tailor.id, input: { date: '2027-06-09', closed: true } });
    expect(closed.exceptions).toEqual([{ date: '2027-06-09', closed: true, ranges: [] }]);
    await run(EXCEPTION, { id: tailor.id, input: { date: '2027-06-10', closed: false, ranges: [{ start: '08:00', end: '09:00' }] } });
    const r = await slots(tailor.id, '2027-06-09', '2027-06-10');
    expect(r.body.slots.map((s: any) => s.starts_at)).toEqual(['2027-06-10T08:00:00+02:00']);
    const back = await run(`mutation($id: String!) { removeServiceException(id: $id, date: "2027-06-10") { exceptions { date } } }`, { id: tailor.id });
    expect(back.exceptions).toEqual([{ date: '2027-06-09' }]);
    expect((await slots(tailor.id, '2027-06-10', '2027-06-10')).body.slots).toHaveLength(7);
  });

  it('books a slot: 200 confirmed with an id, places counted; a full slot shows remaining 0 and refuses with 409 slot_full', async () => {
    const starts_at = '2027-06-07T11:00:00+02:00';
    const first = await book({ service_id: tailor.id, starts_at, phone: '+49 30 1234', notes: 'Trousers' });
    expect(first.status).toBe(200);
    expect(first.body.service_booking).toMatchObject({
      service_id: tailor.id,
      starts_at,
      ends_at: '2027-06-07T11:45:00+02:00',
      quantity: 1,
      status: 'confirmed',
      email: 'ada@example.com',
      customer_id: null,
    });
    expect(first.body.service_booking.id).toMatch(/^sbk_[0-9A-Z]{26}$/);
    expect((await events('service_booking.created', first.body.service_booking.id)).map((e) => e.data)).toEqual([
      { id: first.body.service_booking.id, service_id: tailor.id, starts_at: '2027-06-07T09:00:00.000Z', quantity: 1, customer_id: null },
    ]);
    // the same instant written in UTC is the same slot
    expect((await book({ service_id: tailor.id, starts_at: '2027-06-07T09:00:00Z' })).status).toBe(200);
    const day = await slots(tailor.id, '2027-06-07', '2027-06-07');
    expect(day.body.slots.find((s: any) => s.starts_at === starts_at)).toEqual({ starts_at, ends_at: '2027-06-07T11:45:00+02:00', capacity: 2, remaining: 0 });
    expect(day.body.slots).toHaveLength(7); // a full slot stays in the list with remaining 0
    const before = await count('service_booking');
    const full = await book({ service_id: tailor.id, starts_at });
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ type: 'conflict', code: 'slot_full' });
    expect(typeof full.body.message).toBe('string');
    // more places than are left in a free slot
    const many = await book({ service_id: tailor.id, starts_at: '2027-06-07T12:00:00+02:00', quantity: 3 });
    expect(many.status).toBe(409);
    expect(await count('service_booking')).toBe(before);
  });

  it.each([
    [
      'Europe/Berlin',
      '2027-03-28',
      ['2027-03-28T00:00:00+01:00', '2027-03-28T01:00:00+01:00', '2027-03-28T03:00:00+02:00', '2027-03-28T04:00:00+02:00'],
      ['2027-03-27T23:00:00Z', '2027-03-28T00:00:00Z', '2027-03-28T01:00:00Z', '2027-03-28T02:00:00Z'],
    ],
    [
      'Europe/Berlin',
      '2027-10-31',
      [
        '2027-10-31T00:00:00+02:00',
        '2027-10-31T01:00:00+02:00',
        '2027-10-31T02:00:00+02:00',
        '2027-10-31T02:00:00+01:00',
        '2027-10-31T03:00:00+01:00',
        '2027-10-31T04:00:00+01:00',
      ],
      ['2027-10-30T22:00:00Z', '2027-10-30T23:00:00Z', '2027-10-31T00:00:00Z', '2027-10-31T01:00:00Z', '2027-10-31T02:00:00Z', '2027-10-31T03:00:00Z'],
    ],
    [
      'America/New_York',
      '2027-03-14',
      ['2027-03-14T00:00:00-05:00', '2027-03-14T01:00:00-05:00', '2027-03-14T03:00:00-04:00', '2027-03-14T04:00:00-04:00'],
      ['2027-03-14T05:00:00Z', '2027-03-14T06:00:00Z', '2027-03-14T07:00:00Z', '2027-03-14T08:00:00Z'],
    ],
    [
      'America/New_York',
      '2027-11-07',
      [
        '2027-11-07T00:00:00-04:00',
        '2027-11-07T01:00:00-04:00',
        '2027-11-07T01:00:00-05:00',
        '2027-11-07T02:00:00-05:00',
        '2027-11-07T03:00:00-05:00',
        '2027-11-07T04:00:00-05:00',
      ],
      ['2027-11-07T04:00:00Z', '2027-11-07T05:00:00Z', '2027-11-07T06:00:00Z', '2027-11-07T07:00:00Z', '2027-11-07T08:00:00Z', '2027-11-07T09:00:00Z'],
    ],
  ])('generates the slots of %s on its change day %s: a skipped hour has none, a repeated hour has two', async (time_zone, date, local, utc) => {
    const night = await service({ name: `Night ${time_zone} ${date}`, time_zone, opening_hours: everyDay([{ start: '00:00', end: '05:00' }]) });
    const r = await slots(night.id, date, date);
    expect(r.status).toBe(200);
    expect(r.body.slots.map((s: any) => s.starts_at)).toEqual(local);
    expect(r.body.slots.map((s: any) => new Date(s.starts_at).toISOString().replace('.000', ''))).toEqual(utc);
    // every slot lasts 60 minutes of elapsed time
    for (const s of r.body.slots) expect(Date.parse(s.ends_at) - Date.parse(s.starts_at)).toBe(3_600_000);
    // each repeated-hour slot is bookable on its own
    const repeated = local.filter((t, i) => local.findIndex((u) => u.slice(0, 19) === t.slice(0, 19)) !== i);
    for (const starts_at of repeated) expect((await book({ service_id: night.id, starts_at })).status).toBe(200);
    // an instant inside the skipped hour (02:30 in the old offset, 03:30 in the new one) is not a slot
    const gap = time_zone === 'Europe/Berlin' ? `${date}T02:30:00+01:00` : `${date}T02:30:00-05:00`;
    if (local.length === 4) {
      const inGap = await book({ service_id: night.id, starts_at: gap });
      expect([inGap.status, inGap.body.code]).toEqual([400, 'not_a_slot']);
    }
  });

  it('never books a slot beyond its capacity: 30 concurrent requests for 3 places, then a cancellation gives one back', async () => {
    const race = await service({ name: 'Race', time_zone: 'Europe/Berlin', capacity: 3, opening_hours: everyDay([{ start: '09:00', end: '10:00' }]) });
    const starts_at = '2027-09-01T09:00:00+02:00';
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => book({ service_id: race.id, starts_at, email: `racer${i}@example.com` })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(27);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body).toMatchObject({ type: 'conflict', code: 'slot_full' });
    const left = async () => (await slots(race.id, '2027-09-01', '2027-09-01')).body.slots[0].remaining;
    expect(await left()).toBe(0);
    const booked = await run(BOOKINGS, { service_id: race.id });
    expect(booked).toHaveLength(3);
    expect(
      Number(
        (await sql.query(`select booked from bookings.service_slot_count where tenant_id = $1 and service_id = $2`, [shop.tenant_id, race.id])).rows[0].booked,
      ),
    ).toBe(3);

    const canceled = await run(CANCEL, { id: booked[0].id });
    expect(canceled).toMatchObject({ id: booked[0].id, status: 'canceled' });
    expect(await left()).toBe(1);
    // canceling again gives nothing more back
    await run(CANCEL, { id: booked[0].id });
    expect(await left()).toBe(1);
    expect((await events('service_booking.canceled', booked[0].id)).length).toBe(1);
    expect((await book({ service_id: race.id, starts_at })).status).toBe(200);
    expect(await left()).toBe(0);
    // the date filter of the admin list
    expect(await run(BOOKINGS, { service_id: race.id, from: '2027-09-02', to: '2027-09-30' })).toEqual([]);
    expect(await run(BOOKINGS, { service_id: race.id, from: '2027-09-01', to: '2027-09-01' })).toHaveLength(4);
  });

  it('refuses bad slot queries with documented 400s', async () => {
    const cases: Array<[string, string]> = [
      ['from=2027-06-07&to=2027-06-08', 'missing service_id'],
      [`service_id=${tailor.id}&from=2027-6-7&to=2027-06-08`, 'bad from'],
      [`service_id=${tailor.id}&from=2027-06-07`, 'missing to'],
      [`service_id=${tailor.id}&from=2027-06-07&to=2027-06-08&colour=red`, 'unknown key'],
      [`service_id=${tailor.id}&from=2027-02-30&to=2027-03-01`, 'no such day'],
      [`service_id=${tailor.id}&from=2027-06-08&to=2027-06-07`, 'to before from'],
      [`service_id=${tailor.id}&from=2027-01-01&to=2027-03-04`, '63 days'],
    ];
    for (const [q, why] of cases) {
      const r = await p.api('GET', `/store/service-bookings?${q}`, { key: shop.publishable_key });
      expect(`${why} -> ${r.status}`).toBe(`${why} -> 400`);
      expect(r.body).toMatchObject({ type: 'validation_error' });
      expect(typeof r.body.code).toBe('string');
    }
    expect((await slots(tailor.id, '2027-02-30', '2027-03-01')).body.code).toBe('invalid_date');
    expect((await slots(tailor.id, '2027-06-08', '2027-06-07')).body.code).toBe('invalid_date_range');
    expect((await slots(tailor.id, '2027-01-01', '2027-03-03')).status).toBe(200); // 62 days
    const anonymous = await p.api('GET', `/store/service-bookings?service_id=${tailor.id}&from=2027-06-07&to=2027-06-07`);
    expect(anonymous.status).toBe(401);
  });

  it('refuses bad bookings with documented 400s and writes nothing', async () => {
    const before = [await count('service_booking'), await count('service_slot_count')];
    const ok = { service_id: tailor.id, starts_at: '2027-06-08T10:00:00+02:00' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...ok, service_id: undefined }, 'missing service_id'],
      [{ ...ok, starts_at: undefined }, 'missing starts_at'],
      [{ ...ok, starts_at: 'tomorrow' }, 'not an instant'],
      [{ ...ok, starts_at: '2027-06-08T10:00:00' }, 'no offset'],
      [{ ...ok, first_name: '' }, 'empty first name'],
      [{ ...ok, last_name: undefined }, 'missing last name'],
      [{ ...ok, email: 'not-an-email' }, 'bad email'],
      [{ ...ok, email: undefined }, 'guest without email'],
      [{ ...ok, quantity: 0 }, 'zero places'],
      [{ ...ok, quantity: 1.5 }, 'half a place'],
      [{ ...ok, colour: 'red' }, 'unknown key'],
      [{ ...ok, starts_at: '2027-06-08T10:30:00+02:00' }, 'not a slot'],
      [{ ...ok, starts_at: '2027-06-13T10:00:00+02:00' }, 'a closed Sunday'],
      [{ ...ok, starts_at: '2026-01-05T10:00:00+01:00' }, 'in the past'],
    ];
    for (const [body, why] of cases) {
      const r = await book(body);
      expect(`${why} -> ${r.status}`).toBe(`${why} -> 400`);
      expect(r.body).toMatchObject({ type: 'validation_error' });
      expect(typeof r.body.code).toBe('string');
      expect(typeof r.body.message).toBe('string');
    }
    expect((await book({ ...ok, starts_at: '2027-06-08T10:30:00+02:00' })).body.code).toBe('not_a_slot');
    expect((await book({ ...ok, starts_at: '2026-01-05T10:00:00+01:00' })).body.code).toBe('slot_in_past');
    expect((await slots(tailor.id, '2026-01-05', '2026-01-05')).body.slots).toEqual([]); // past slots are not offered
    expect([await count('service_booking'), await count('service_slot_count')]).toEqual(before);
  });

  it('refuses bad admin input (time zone, hours, unknown keys) with validation errors and writes nothing', async () => {
    const before = await count('bookable_service');
    const bad: Array<Record<string, unknown>> = [
      { name: 'Mars', time_zone: 'Mars/Olympus_Mons' },
      { name: 'Offset', time_zone: '+02:00x' },
      { name: 'Zero', time_zone: 'UTC', slot_minutes: 0 },
      { name: 'Full', time_zone: 'UTC', capacity: 0 },
      { name: 'Backwards', time_zone: 'UTC', opening_hours: [{ weekday: 1, ranges: [{ start: '12:00', end: '10:00' }] }] },
      {
        name: 'Overlap',
        time_zone: 'UTC',
        opening_hours: [
          {
            weekday: 1,
            ranges: [
              { start: '09:00', end: '12:00' },
              { start: '11:00', end: '13:00' },
            ],
          },
        ],
      },
      { name: 'Clock', time_zone: 'UTC', opening_hours: [{ weekday: 8, ranges: [{ start: '9:00', end: '25:00' }] }] },
    ];
    for (const input of bad) {
      expect(await refused(CREATE, { input: { slot_minutes: 30, capacity: 1, ...input } })).toMatchObject({ type: 'validation_error' });
    }
    const unknownKey = await p.graphql(CREATE, { input: { name: 'X', time_zone: 'UTC', slot_minutes: 30, capacity: 1, colour: 'red' } }, { token: admin });
    expect(unknownKey.body.errors?.length).toBeGreaterThan(0);
    expect(await refused(UPDATE, { id: tailor.id, input: { time_zone: 'Europe/Atlantis' } })).toMatchObject({ type: 'validation_error' });
    expect(await refused(EXCEPTION, { id: tailor.id, input: { date: '2027-13-01', closed: true } })).toMatchObject({ type: 'validation_error' });
    expect(await refused(HOURS, { id: tailor.id, hours: [{ weekday: 0, ranges: [] }] })).toMatchObject({ type: 'validation_error' });
    expect(await count('bookable_service')).toBe(before);
    expect((await run(`query($id: String!) { bookableService(id: $id) { time_zone } }`, { id: tailor.id })).time_zone).toBe('Europe/Berlin');
  });

  it("keeps tenants apart: another store's service or booking answers 404, never data", async () => {
    const theirs = await service({ name: 'Theirs', time_zone: 'UTC', opening_hours: everyDay([{ start: '09:00', end: '10:00' }]) }, otherAdmin);
    const r = await slots(theirs.id, '2027-06-07', '2027-06-07');
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ type: 'not_found' });
    expect(r.body.service).toBeUndefined();
    expect((await slots(tailor.id, '2027-06-07', '2027-06-07', other.publishable_key)).status).toBe(404);
    expect((await slots('bsvc_01NOSUCHSERVICE0000000000', '2027-06-07', '2027-06-07')).status).toBe(404);
    const foreign = await book({ service_id: theirs.id, starts_at: '2027-06-07T09:00:00Z' });
    expect(foreign.status).toBe(404);
    expect(await count('service_booking', other.tenant_id)).toBe(0);

    const mine = (await book({ service_id: tailor.id, starts_at: '2027-06-08T14:00:00+02:00' })).body.service_booking;
    expect(await refused(CANCEL, { id: mine.id }, otherAdmin)).toMatchObject({ type: 'not_found' });
    expect(await refused(BOOKINGS, { service_id: tailor.id }, otherAdmin)).toMatchObject({ type: 'not_found' });
    // the booking itself is untouched
    expect((await run(BOOKINGS, { service_id: tailor.id })).find((b: any) => b.id === mine.id).status).toBe('confirmed');
    expect(await refused(UPDATE, { id: tailor.id, input: { name: 'Mine now' } }, otherAdmin)).toMatchObject({ type: 'not_found' });
    // an unpublished service is not offered
    const hidden = await service({ name: 'Hidden', time_zone: 'UTC', published: false, opening_hours: everyDay([{ start: '09:00', end: '10:00' }]) });
    expect((await slots(hidden.id, '2027-06-07', '2027-06-07')).status).toBe(404);
    expect((await book({ service_id: hidden.id, starts_at: '2027-06-07T09:00:00Z' })).status).toBe(404);
  });

  it("takes a signed-in customer's email from their account; a customer sees only their own bookings", async () => {
    const alice = await p.registerCustomer(shop.publishable_key);
    const bob = await p.registerCustomer(shop.publishable_key);
    const r = await book({ service_id: tailor.id, starts_at: '2027-06-08T15:00:00+02:00', email: undefined }, { token: alice.token });
    expect(r.status).toBe(200);
    expect(r.body.service_booking.email).toBe(alice.email);
    expect(r.body.service_booking.customer_id).toMatch(/^cus_/);
    const MINE = `query { myServiceBookings { id email } }`;
    const forAlice = await p.graphql(MINE, {}, { token: alice.token, key: shop.publishable_key });
    expect(forAlice.body.data.myServiceBookings).toEqual([{ id: r.body.service_booking.id, email: alice.email }]);
    const forBob = await p.graphql(MINE, {}, { token: bob.token, key: shop.publishable_key });
    expect(forBob.body.data.myServiceBookings).toEqual([]);
    const anonymous = await p.graphql(MINE, {}, { key: shop.publishable_key });
    expect(anonymous.body.errors[0].extensions).toMatchObject({ type: 'authentication_error' });
    // the paged list: the same bookings with a count, like every other list of the graph
    const PAGE = `query ($limit: Int, $offset: Int) { myServiceBookingList(limit: $limit, offset: $offset) { count limit offset items { id } } }`;
    const page = await p.graphql(PAGE, {}, { token: alice.token, key: shop.publishable_key });
    expect(page.body.data.myServiceBookingList).toEqual({ count: 1, limit: 20, offset: 0, items: [{ id: r.body.service_booking.id }] });
    const beyond = await p.graphql(PAGE, { limit: 5, offset: 1 }, { token: alice.token, key: shop.publishable_key });
    expect(beyond.body.data.myServiceBookingList).toEqual({ count: 1, limit: 5, offset: 1, items: [] });
    const bobsPage = await p.graphql(PAGE, {}, { token: bob.token, key: shop.publishable_key });
    expect(bobsPage.body.data.myServiceBookingList).toMatchObject({ count: 0, items: [] });
    const badPage = await p.graphql(PAGE, { offset: -1 }, { token: alice.token, key: shop.publishable_key });
    expect(badPage.body.errors[0].extensions).toMatchObject({ type: 'validation_error' });
    const anonymousPage = await p.graphql(PAGE, {}, { key: shop.publishable_key });
    expect(anonymousPage.body.errors[0].extensions).toMatchObject({ type: 'authentication_error' });
    // admin writes are refused to customers
    const asCustomer = await p.graphql(CANCEL, { id: r.body.service_booking.id }, { token: bob.token, key: shop.publishable_key });
    expect(asCustomer.body.errors[0].extensions).toMatchObject({ type: 'permission_error' });
  });

  it('reads the same slots through storefront GraphQL as through REST', async () => {
    const rest = await slots(tailor.id, '2027-06-07', '2027-06-08');
    const q = `query { serviceSlots(service_id: "${tailor.id}", from: "2027-06-07", to: "2027-06-08") { service { id handle } slots { starts_at ends_at capacity remaining } } }`;
    const gql = await p.graphql(q, {}, { key: shop.publishable_key });
    expect(gql.body.errors).toBeUndefined();
    expect(gql.body.data.serviceSlots.slots).toEqual(rest.body.slots);
    expect(gql.body.data.serviceSlots.service).toEqual({ id: tailor.id, handle: tailor.handle });
  });

  it('deletes a service only without confirmed bookings', async () => {
    expect(await refused(DELETE, { id: tailor.id })).toMatchObject({ type: 'conflict', code: 'has_bookings' });
    const spare = await service({ name: 'Spare', time_zone: 'UTC' });
    expect((await run(DELETE, { id: spare.id })).id).toBe(spare.id);
    expect((await slots(spare.id, '2027-06-07', '2027-06-07')).status).toBe(404);
  });

  it('seeds the demo tailoring appointment, closed over Christmas', async () => {
    const tenant = await p.createTenant();
    await p.seedDomain('bookings', tenant.tenant_id);
    const r = await slots('tailoring-appointment', '2027-12-20', '2027-12-27', tenant.publishable_key);
    expect(r.status).toBe(200);
    expect(r.body.service).toMatchObject({ name: 'Tailoring appointment', time_zone: 'Europe/Berlin', slot_minutes: 45, buffer_minutes: 15, capacity: 2 });
    const days = [...new Set(r.body.slots.map((s: any) => s.starts_at.slice(0, 10)))];
    expect(days).toEqual(['2027-12-20', '2027-12-21', '2027-12-22', '2027-12-23', '2027-12-27']);
    expect(r.body.slots).toHaveLength(5 * 7);
    const saturday = await slots('tailoring-appointment', '2027-12-18', '2027-12-18', tenant.publishable_key);
    expect(saturday.body.slots.map((s: any) => s.starts_at)).toEqual(['10:00', '11:00', '12:00', '13:00'].map((t) => `2027-12-18T${t}:00+01:00`));
  });
});
