import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { TenantCredentials } from '@svc/identity';
import { sharedPlatform } from '../support/shared';
import type { PlatformClient } from '../support/http';
import { waitFor } from '../support/wait';
import { solvedAntispam } from '../support/antispam';

/**
 * Data export and erasure (issue 27): a signed-in customer (or the store's admin on their behalf)
 * asks; identity records the request and processes it through the job queue, asking every domain
 * that keeps personal data through its ports. After an erasure no text, varchar, json or jsonb
 * column of any schema of the database (every domain's, the outbox and processed events included,
 * and the job queue's) holds the customer's email, names, phone or address line; the order stays
 * for the books. Another store's customer id answers 404 and touches nothing.
 */
describe('privacy: data export and erasure', () => {
  let p: PlatformClient;
  let shop: TenantCredentials;
  let other: TenantCredentials;
  let sql: Client;
  let admin: string;
  let otherAdmin: string;
  let regionId: string;
  const key = () => shop.publishable_key;

  /** a customer with a profile, an address and data in several domains; every personal string is unique to the test */
  const makeCustomer = async () => {
    const tag = randomBytes(5).toString('hex');
    const person = {
      email: `privacy-${tag}@example.com`,
      first_name: `Ottilie${tag}`,
      last_name: `Quenbury${tag}`,
      phone: `+49 30 ${parseInt(tag, 16) % 100000000}`,
      address_1: `${tag} Lindenallee 7`,
    };
    const c = await p.registerCustomer(key(), person.email);
    const profile = await p.api('POST', '/store/customers/me', {
      key: key(),
      token: c.token,
      body: { first_name: person.first_name, last_name: person.last_name, phone: person.phone },
    });
    expect(profile.status).toBe(200);
    const address = {
      first_name: person.first_name,
      last_name: person.last_name,
      address_1: person.address_1,
      city: 'Berlin',
      country_code: 'de',
      postal_code: '10115',
      phone: person.phone,
    };
    expect((await p.api('POST', '/store/customers/me/addresses', { key: key(), token: c.token, body: address })).status).toBe(200);
    const me = await p.api('GET', '/store/customers/me', { key: key(), token: c.token });
    return { ...c, ...person, id: me.body.customer.id as string, address };
  };

  /** an order of the signed-in customer, shipped to their address */
  const placeOrder = async (token: string, address: Record<string, string>, extra?: (cartId: string) => Promise<void>) => {
    const products = await p.api('GET', `/store/products?limit=50&region_id=${regionId}&fields=%2Bvariants.inventory_quantity`, { key: key() });
    const variant = products.body.products.flatMap((x: any) => x.variants).find((v: any) => v.inventory_quantity > 0);
    const c = await p.api('POST', '/store/carts', { key: key(), token, body: { region_id: regionId, items: [{ variant_id: variant.id, quantity: 2 }] } });
    expect(c.status).toBe(200);
    const id = c.body.cart.id;
    expect((await p.api('POST', `/store/carts/${id}`, { key: key(), token, body: { shipping_address: address, billing_address: address } })).status).toBe(200);
    await extra?.(id);
    const options = await p.api('GET', `/store/shipping-options?cart_id=${id}`, { key: key(), token });
    await p.api('POST', `/store/carts/${id}/shipping-methods`, { key: key(), token, body: { option_id: options.body.shipping_options[0].id } });
    const pc = await p.api('POST', '/store/payment-collections', { key: key(), token, body: { cart_id: id } });
    await p.api('POST', `/store/payment-collections/${pc.body.payment_collection.id}/payment-sessions`, {
      key: key(),
      token,
      body: { provider_id: 'pp_system_default' },
    });
    const done = await p.api('POST', `/store/carts/${id}/complete`, { key: key(), token });
    expect(done.body.type).toBe('order');
    return done.body.order as { id: string; total: number; items: Array<{ id: string; quantity: number; unit_price: number }> };
  };

  /** a review of a product (author: the customer's name) */
  const review = async (token: string) => {
    const products = await p.api('GET', '/store/products?limit=50', { key: key() });
    for (const product of products.body.products) {
      const r = await p.api('POST', `/store/products/${product.id}/reviews`, {
        key: key(),
        token,
        body: { rating: 4, title: 'Fits well', content: 'Soft fabric, true to size.' },
      });
      if (r.status === 200) return r.body.review as { id: string; author_name: string };
    }
    throw new Error('no product to review');
  };

  /** no event of the store waits in an outbox or the job queue (the analytics and webhook copies are written) */
  const settled = () =>
    waitFor('the store’s events handled', async () => {
      const q = await sql.query(
        `select (select count(*) from identity.outbox_event where tenant_id = $1 and published_at is null)
              + (select count(*) from commerce.outbox_event where tenant_id = $1 and published_at is null)
              + (select count(*) from pgboss.job where data->>'tenant_id' = $1 and state in ('created', 'retry', 'active')) as n`,
        [shop.tenant_id],
      );
      return Number(q.rows[0].n) === 0;
    });

  /** every text, varchar, json and jsonb column (and text arrays) of every schema: where any needle occurs */
  const scan = async (needles: string[]): Promise<string[]> => {
    const cols = await sql.query<{ s: string; t: string; c: string }>(
      `select c.table_schema as s, c.table_name as t, c.column_name as c from information_schema.columns c
         join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
        where c.table_schema not in ('pg_catalog', 'information_schema') and c.table_schema not like 'pg_toast%'
          and (c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb') or c.udt_name in ('_text', '_varchar'))`,
    );
    const patterns = needles.map((n) => `%${n.toLowerCase()}%`);
    const hits: string[] = [];
    for (const { s, t, c } of cols.rows) {
      const r = await sql.query(`select count(*)::int as n from "${s}"."${t}" where lower("${c}"::text) like any($1::text[])`, [patterns]);
      if (r.rows[0].n > 0) hits.push(`${s}.${t}.${c}: ${r.rows[0].n}`);
    }
    return hits;
  };

  const gql = async (token: string, query: string, variables: Record<string, unknown> = {}) => p.graphql(query, variables, { token });
  const requestsOf = async (customerId: string) =>
    (await gql(admin, 'query($c: String) { privacyRequests(customer_id: $c) { id kind status requested_by results completed_at } }', { c: customerId })).body
      .data.privacyRequests;
  const completed = (customerId: string, kind: 'export' | 'erasure') =>
    waitFor(`the ${kind} completed`, async () => (await requestsOf(customerId)).find((r: any) => r.kind === kind && r.status === 'completed'));

  beforeAll(async () => {
    p = await sharedPlatform();
    [shop, other] = await Promise.all([p.createTenant(), p.createTenant()]);
    await p.seedCatalog(shop.tenant_id);
    await p.seedCommerce(shop.tenant_id);
    for (const d of ['media', 'content', 'forms', 'marketing', 'quotes', 'bookings', 'events', 'tours']) await p.seedDomain(d, shop.tenant_id);
    [admin, otherAdmin] = await Promise.all([p.adminToken(shop), p.adminToken(other)]);
    regionId = (await p.api('GET', '/store/regions', { key: key() })).body.regions.find((r: any) => r.currency_code === 'eur').id;
    sql = new Client({ connectionString: p.dbUrl });
    await sql.connect();
  });
  afterAll(async () => {
    await sql?.end();
  });

  it('erasure through REST: personal data gone from every schema, the order kept for the books, sign-in ended, customer.erased, an audit record', async () => {
    // a webhook endpoint of the store: its delivery log gets the customer's events (the host never answers)
    const hook = await p.graphql(
      'mutation($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { id } }',
      { input: { url: 'https://hooks.example.invalid/privacy', event_types: ['customer.*', 'order.*'] } },
      { token: admin },
    );
    expect(hook.body.errors).toBeUndefined();
    const c = await makeCustomer();
    // the order also holds tickets of an event (the customer an attendee) and seats of a tour (the customer a traveller)
    const event = (await p.api('GET', '/store/events', { key: key() })).body.events[0];
    const tickets = (await p.api('GET', `/store/events/${event.slug}/tickets?currency_code=eur`, { key: key() })).body.tickets;
    const ticket = [...tickets].sort((a: any, b: any) => b.remaining - a.remaining)[0];
    let departure: any;
    for (const t of (await p.api('GET', '/store/tours?currency_code=eur', { key: key() })).body.tours) {
      const detail = (await p.api('GET', `/store/tours/${t.slug}?currency_code=eur`, { key: key() })).body.tour;
      departure ??= detail.departures.find((x: any) => x.seats_remaining >= 2);
    }
    const person = { first_name: c.first_name, last_name: c.last_name };
    const order = await placeOrder(c.token, c.address, async (cartId) => {
      const t = await p.api('POST', `/store/carts/${cartId}/event-items`, {
        key: key(),
        token: c.token,
        body: { ticket_id: ticket.id, quantity: 1, attendees: [{ ...person, email: c.email }] },
      });
      expect([t.status, t.body.code]).toEqual([200, undefined]);
      const seats = await p.api('POST', `/store/carts/${cartId}/tour-items`, {
        key: key(),
        token: c.token,
        body: { departure_id: departure.id, quantity: 1, travellers: [{ ...person, age: 40 }] },
      });
      expect([seats.status, seats.body.code]).toEqual([200, undefined]);
    });
    const rev = await review(c.token);
    expect(rev.author_name).toContain(c.first_name);
    // the newsletter (its mail log too), a blog comment, the contact form
    const sub = await p.api('POST', '/store/email-subscribe', { key: key(), body: { email: c.email, first_name: c.first_name } });
    expect(sub.status).toBe(200);
    const posts = await p.api('GET', '/store/blog-posts?limit=1', { key: key() });
    const comment = await p.api('POST', `/store/blog-posts/${posts.body.blog_posts[0].slug}/comments`, {
      key: key(),
      token: c.token,
      headers: { 'x-antispam-token': await solvedAntispam(p, key()) },
      body: { author_name: `${c.first_name} ${c.last_name}`, author_email: c.email, body: 'Lovely post, thank you.' },
    });
    expect(comment.status).toBe(200);
    const form = await p.api('POST', '/store/form-submissions', {
      key: key(),
      headers: { 'x-antispam-token': await solvedAntispam(p, key()) },
      body: {
        form: 'contact',
        data: { name: `${c.first_name} ${c.last_name}`, email: c.email, topic: 'order', message: `Please call me at ${c.phone}.`, consent: true },
      },
    });
    expect(form.status).toBe(200);
    // a quote request and a tailoring appointment
    const quote = await p.api('POST', '/store/quote-requests', {
      key: key(),
      token: c.token,
      headers: { 'x-antispam-token': await solvedAntispam(p, key()) },
      body: {
        name: `${c.first_name} ${c.last_name}`,
        email: c.email,
        phone: c.phone,
        company: `${c.last_name} GmbH`,
        message: `Deliver to ${c.address_1}`,
        services: [{ service_id: 'uniform-fitting', location_id: 'berlin', quantity: 1 }],
        fields: { project_start: '2027-03-01' },
      },
    });
    expect([quote.status, quote.body.code]).toEqual([200, undefined]);
    const booking = await p.api('POST', '/store/service-bookings', {
      key: key(),
      token: c.token,
      body: {
        service_id: 'tailoring-appointment',
        starts_at: '2027-06-07T08:00:00Z',
        quantity: 1,
        first_name: c.first_name,
        last_name: c.last_name,
        email: c.email,
        phone: c.phone,
      },
    });
    expect([booking.status, booking.body.code]).toEqual([200, undefined]);
    await settled();
    const needles = [c.email, c.first_name, c.last_name, c.phone, c.address_1];
    // the data is there before (the scan finds it in identity, commerce, catalog, outboxes, analytics, the job queue)
    const before = await scan(needles);
    expect(before).toEqual(
      expect.arrayContaining(
        [
          'identity.customer.email',
          'identity.customer_address.address1',
          'identity.auth_identity.email',
          'commerce.order.shipping_address',
          'commerce.durable_process.state',
          'catalog.product_review.author_name',
          'marketing.subscriber.email',
          'content.blog_comment.author_email',
          'forms.form_submission.data',
          'analytics.event_log.data',
          'identity.outbox_event.data',
          'pgboss.job.data',
          'webhooks.webhook_delivery.data',
          'quotes.quote.email',
          'bookings.service_booking.phone',
          'events.event_registration.email',
          'tours.tour_booking.travellers',
        ].map((c) => expect.stringMatching(new RegExp(`^${c.replace(/\./g, '\\.')}:`))),
      ),
    );

    const r = await p.api('POST', '/store/customers/me/erasure', { key: key(), token: c.token, body: {} });
    expect(r.status).toBe(200);
    expect(r.body.privacy_request).toMatchObject({ kind: 'erasure', status: 'pending', requested_by: 'customer', customer_id: c.id });
    const done = await completed(c.id, 'erasure');
    await settled();

    expect(await scan(needles)).toEqual([]);

    // the order stays for the books: amounts and lines, the country of its tax
    const kept = await p.graphql('query($c: String) { adminOrders(customer_id: $c) { items { id email total document } } }', { c: c.id }, { token: admin });
    const [book] = kept.body.data.adminOrders.items;
    expect(book).toMatchObject({ id: order.id, email: 'erased@erased.invalid', total: order.total });
    expect(book.document.items.map((i: any) => [i.quantity, i.unit_price])).toEqual(order.items.map((i) => [i.quantity, i.unit_price]));
    expect(book.document.shipping_address).toMatchObject({ country_code: 'de' });
    expect(book.document.shipping_address.address_1 ?? null).toBeNull();
    // the review keeps its text under "anonymous" (the default policy)
    const reviews = (await sql.query('select author_name, content, customer_id from catalog.product_review where id = $1', [rev.id])).rows;
    expect(reviews).toEqual([{ author_name: 'anonymous', content: 'Soft fabric, true to size.', customer_id: null }]);
    // sessions and sign-in are gone
    expect((await p.api('GET', '/store/customers/me', { key: key(), token: c.token })).status).toBe(401);
    expect((await p.api('POST', '/auth/customer/emailpass', { key: key(), body: { email: c.email, password: c.password } })).status).toBe(401);
    // the audit record: who asked, when, what every domain reported (counts, never data)
    expect(done).toMatchObject({ requested_by: 'customer', completed_at: expect.any(String) });
    expect(done.results.identity).toMatchObject({ customer: 1, customer_address: 1, auth_identity: 1 });
    expect(done.results.commerce.order).toBe(1);
    expect(done.results.catalog.product_review).toBe(1);
    expect(done.results.content.blog_comment).toBe(1);
    expect(done.results.forms.form_submission).toBe(1);
    expect(done.results.marketing.subscriber).toBe(1);
    expect(done.results.quotes.quote).toBe(1);
    expect(done.results.bookings.service_booking).toBe(1);
    expect(done.results.events.event_registration).toBe(1);
    expect(done.results.tours.tour_booking).toBe(1);
    expect(Object.keys(done.results).sort()).toEqual(
      [
        'analytics',
        'assistant',
        'bookings',
        'catalog',
        'commerce',
        'content',
        'events',
        'forms',
        'identity',
        'marketing',
        'quotes',
        'subscriptions',
        'tours',
        'webhooks',
      ].sort(),
    );
    // customer.erased, without personal data
    const erased = await sql.query(`select data from identity.outbox_event where tenant_id = $1 and type = 'customer.erased'`, [shop.tenant_id]);
    expect(erased.rows.map((x) => x.data)).toEqual([{ id: c.id, request_id: done.id }]);
    // and the store's webhook endpoint is told
    const delivered = await waitFor('the customer.erased delivery', async () => {
      const q = await sql.query(`select data from webhooks.webhook_delivery where tenant_id = $1 and event_type = 'customer.erased'`, [shop.tenant_id]);
      return q.rows.length ? q.rows : undefined;
    });
    expect(JSON.stringify(delivered)).toContain(c.id);
  });

  it('a repeated erasure is idempotent: the same request, nothing changes', async () => {
    const c = await makeCustomer();
    const first = await p.graphql(
      'mutation($c: String!) { requestCustomerErasure(customer_id: $c) { id status requested_by } }',
      { c: c.id },
      { token: admin },
    );
    expect(first.body.data.requestCustomerErasure).toMatchObject({ status: 'pending', requested_by: 'admin' });
    await completed(c.id, 'erasure');
    const again = await p.graphql('mutation($c: String!) { requestCustomerErasure(customer_id: $c) { id status } }', { c: c.id }, { token: admin });
    expect(again.body.data.requestCustomerErasure).toEqual({ id: first.body.data.requestCustomerErasure.id, status: 'completed' });
    expect(await requestsOf(c.id)).toHaveLength(1);
    // and an export of an erased customer has nothing to export
    const exp = await p.graphql('mutation($c: String!) { requestCustomerDataExport(customer_id: $c) { id } }', { c: c.id }, { token: admin });
    expect(exp.body.errors[0].extensions.code).toBe('customer_erased');
  });

  it('tenant isolation: another store’s admin gets 404 for the customer id and touches nothing; the privacy fields are operator only', async () => {
    const c = await makeCustomer();
    for (const m of ['requestCustomerErasure', 'requestCustomerDataExport']) {
      const r = await p.graphql(`mutation($c: String!) { ${m}(customer_id: $c) { id } }`, { c: c.id }, { token: otherAdmin });
      expect(r.body.errors[0].extensions.code).toBe('not_found');
    }
    expect((await sql.query('select count(*)::int as n from identity.privacy_request where customer_id = $1', [c.id])).rows[0].n).toBe(0);
    expect(
      (await p.graphql('query($c: String) { privacyRequests(customer_id: $c) { id } }', { c: c.id }, { token: otherAdmin })).body.data.privacyRequests,
    ).toEqual([]);
    // the customer is untouched
    expect((await p.api('GET', '/store/customers/me', { key: key(), token: c.token })).body.customer.email).toBe(c.email);
    // a customer or an admin cannot run a domain's erasure field themselves
    const subject = { customer_id: c.id, email: c.email, personal: [] };
    for (const token of [admin, c.token]) {
      const r = await p.graphql('mutation($s: PrivacySubjectInput!) { eraseCommerceCustomerData(subject: $s) }', { s: subject }, { token, key: key() });
      expect(r.body.errors[0].extensions.code).toMatch(/forbidden|permission/);
    }
  });

  it('export through REST: a mailed link to the JSON of every domain; the link is the store’s only and expires with erasure', async () => {
    const c = await makeCustomer();
    const order = await placeOrder(c.token, c.address);
    const r = await p.api('POST', '/store/customers/me/data-export', { key: key(), token: c.token, body: {} });
    expect(r.status).toBe(200);
    expect(r.body.privacy_request).toMatchObject({ kind: 'export', requested_by: 'customer' });
    const done = await completed(c.id, 'export');
    expect(done.results.commerce.orders).toBe(1);
    const mail = await waitFor('the export mail', async () => (await p.mailsTo(c.email)).find((m) => /data export/.test(m.subject)));
    const link = /(http\S+\/auth\/customer\/data-export\?token=\S+)/.exec(mail.text)![1];
    const token = new URL(link).searchParams.get('token')!;
    const file = await p.api('GET', `/auth/customer/data-export?token=${encodeURIComponent(token)}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('cache-control')).toMatch(/no-store/);
    expect(file.body.identity.profile).toMatchObject({ id: c.id, email: c.email, first_name: c.first_name, last_name: c.last_name, phone: c.phone });
    expect(file.body.identity.addresses).toEqual([expect.objectContaining({ address_1: c.address_1 })]);
    expect(file.body.commerce.orders.map((o: any) => o.id)).toEqual([order.id]);
    for (const d of ['catalog', 'content', 'events', 'tours', 'bookings', 'marketing', 'forms', 'quotes', 'subscriptions']) expect(file.body).toHaveProperty(d);
    // the customer's list shows it
    const mine = await p.api('GET', '/store/customers/me/privacy-requests', { key: key(), token: c.token });
    expect(mine.body.privacy_requests.map((x: any) => x.kind)).toEqual(['export']);
    // another store's key, or a made-up token: 401
    expect((await p.api('GET', `/auth/customer/data-export?token=${encodeURIComponent(token)}`, { key: other.publishable_key })).status).toBe(401);
    expect((await p.api('GET', `/auth/customer/data-export?token=dlx_${'a'.repeat(43)}`)).status).toBe(401);
    expect((await p.api('GET', '/auth/customer/data-export?token=nope')).status).toBe(400);
    // an erasure drops the export file too
    await p.api('POST', '/store/customers/me/erasure', { key: key(), token: c.token, body: {} });
    await completed(c.id, 'erasure');
    expect((await p.api('GET', `/auth/customer/data-export?token=${encodeURIComponent(token)}`)).status).toBe(401);
  });
});
