import { randomBytes } from 'node:crypto';
import type { TenantCredentials } from '@svc/identity';
import type { PlatformClient } from '../support/http';
import { placeOrder } from '../support/checkout';
import { sharedTwoStores } from '../support/two-stores';

/**
 * The admin's customers and order search (issues 27 and 30): `adminCustomers(q, limit, offset)`
 * finds the store's customers by email, first or last name (case-insensitive, every word), newest
 * first, paged with a count; `adminCustomer(id)` answers one with its addresses, another store's id
 * 404; `adminOrders(q)` finds orders by display number or email. Another store sees none of it;
 * bad input answers `validation_error` (a 400: GraphQL coercion as the HTTP status, the resolvers' checks
 * in the error), a customer's token `permission_error`.
 */
describe('admin customers and order search', () => {
  let p: PlatformClient;
  let shop: TenantCredentials;
  let other: TenantCredentials;
  let admin: string;
  let otherAdmin: string;
  const tag = randomBytes(4).toString('hex');
  const people = [
    { first_name: 'Ada', last_name: `Lovelace${tag}`, email: `ada.${tag}@example.com` },
    { first_name: 'Grace', last_name: `Hopper${tag}`, email: `grace.${tag}@example.com` },
    { first_name: 'Adam', last_name: `Riese${tag}`, email: `adam.${tag}@example.com` },
  ];
  const ids: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  const LIST = `query($q: String, $limit: Int, $offset: Int) {
    adminCustomers(q: $q, limit: $limit, offset: $offset) { count limit offset items { id email first_name last_name email_verified created_at addresses { city } } }
  }`;
  const ONE =
    'query($id: String!) { adminCustomer(id: $id) { id email first_name last_name email_verified has_account addresses { address_1 city country_code } } }';
  const ORDERS = 'query($q: String, $customer_id: String) { adminOrders(q: $q, customer_id: $customer_id) { count items { id display_id email } } }';
  const run = async (query: string, variables: Record<string, unknown> = {}, token = admin) => {
    const r = await p.graphql(query, variables, { token });
    if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
    return r.body.data;
  };
  const refusal = async (query: string, variables: Record<string, unknown>, token = admin) => {
    const r = await p.graphql(query, variables, { token });
    expect(r.body.data ?? null).toBeNull();
    return { status: r.status, ...r.body.errors[0].extensions, message: r.body.errors[0].message as string };
  };

  beforeAll(async () => {
    const stores = await sharedTwoStores();
    ({ p, shop, other, admin, otherAdmin } = stores);
    await stores.sql.end();
    await p.seedCatalog(shop.tenant_id);
    await p.seedCommerce(shop.tenant_id);
    // one after the other: "newest first" is the reverse of this order
    for (const person of people) {
      const { token } = await p.registerCustomer(shop.publishable_key, person.email);
      const r = await p.api('POST', '/store/customers/me', {
        key: shop.publishable_key,
        token,
        body: { first_name: person.first_name, last_name: person.last_name },
      });
      expect(r.status).toBe(200);
      ids[person.email] = r.body.customer.id;
      tokens[person.email] = token;
    }
    const ada = people[0];
    const address = { first_name: 'Ada', last_name: ada.last_name, address_1: 'Unter den Linden 1', city: 'Berlin', country_code: 'de', postal_code: '10117' };
    expect((await p.api('POST', '/store/customers/me/addresses', { key: shop.publishable_key, token: tokens[ada.email], body: address })).status).toBe(200);
    // the other store has a customer of the same name and address
    const { token } = await p.registerCustomer(other.publishable_key, ada.email);
    await p.api('POST', '/store/customers/me', { key: other.publishable_key, token, body: { first_name: 'Ada', last_name: ada.last_name } });
  });

  it('lists the store’s customers newest first, found by email, first or last name in any case, paged with a count', async () => {
    const all = (await run(LIST, { q: tag })).adminCustomers;
    expect(all).toMatchObject({ count: 3, limit: 20, offset: 0 });
    expect(all.items.map((c: any) => c.email)).toEqual(people.map((x) => x.email).reverse());
    expect(all.items[2]).toMatchObject({ id: ids[people[0].email], first_name: 'Ada', email_verified: false, addresses: [{ city: 'Berlin' }] });

    // first name, in another case: "ADA" is in Ada and Adam (and in their emails)
    expect((await run(LIST, { q: `ADA ${tag}` })).adminCustomers.items.map((c: any) => c.email)).toEqual([people[2].email, people[0].email]);
    // every word must match: first name and last name
    expect((await run(LIST, { q: `ada lovelace${tag}` })).adminCustomers.items.map((c: any) => c.id)).toEqual([ids[people[0].email]]);
    // last name alone, upper-case
    expect((await run(LIST, { q: `HOPPER${tag.toUpperCase()}` })).adminCustomers.items.map((c: any) => c.email)).toEqual([people[1].email]);
    // part of the email
    expect((await run(LIST, { q: `grace.${tag}@EXAMPLE` })).adminCustomers.count).toBe(1);
    // a LIKE wildcard is a character like any other
    expect((await run(LIST, { q: `%${tag}` })).adminCustomers.count).toBe(0);

    // pages: the count stays the whole match
    const second = (await run(LIST, { q: tag, limit: 1, offset: 1 })).adminCustomers;
    expect(second).toMatchObject({ count: 3, limit: 1, offset: 1 });
    expect(second.items.map((c: any) => c.email)).toEqual([people[1].email]);
    expect((await run(LIST, { q: tag, limit: 2, offset: 3 })).adminCustomers.items).toEqual([]);
  });

  it('answers one customer with the addresses; another store’s id is 404 there, and its list holds only its own', async () => {
    const ada = (await run(ONE, { id: ids[people[0].email] })).adminCustomer;
    expect(ada).toEqual({
      id: ids[people[0].email],
      email: people[0].email,
      first_name: 'Ada',
      last_name: people[0].last_name,
      email_verified: false,
      has_account: true,
      addresses: [{ address_1: 'Unter den Linden 1', city: 'Berlin', country_code: 'de' }],
    });

    const foreign = await refusal(ONE, { id: ids[people[0].email] }, otherAdmin);
    expect(foreign).toMatchObject({ type: 'not_found' });
    expect(foreign.message).not.toContain('Lovelace');
    expect((await refusal(ONE, { id: 'cus_made_up' })).type).toBe('not_found');

    const theirs = (await run(LIST, { q: tag }, otherAdmin)).adminCustomers;
    expect(theirs.count).toBe(1);
    expect(theirs.items[0].id).not.toBe(ids[people[0].email]);
  });

  it('refuses bad input with 400 validation_error and anyone but an admin', async () => {
    // checked by the resolver's schema: GraphQL's 200 with the error of a 400 (docs/api.md), the field named
    for (const [bad, field] of [
      [{ limit: -1 }, 'limit'],
      [{ offset: -5 }, 'offset'],
      [{ q: 'x'.repeat(201) }, 'q'],
    ] as const) {
      const r = await refusal(LIST, bad);
      expect(r).toMatchObject({
        type: 'validation_error',
        code: 'invalid_field',
        errors: [expect.objectContaining({ field: expect.stringContaining(field) })],
      });
    }
    const wrongType = await refusal(LIST, { limit: 'ten' });
    expect(wrongType).toMatchObject({ status: 400, type: 'validation_error', code: 'invalid_field' });
    const missing = await refusal('query($id: String!) { adminCustomer(id: $id) { id } }', {});
    expect(missing).toMatchObject({ status: 400, type: 'validation_error', code: 'missing_field' });

    const asCustomer = await p.graphql(LIST, { q: tag }, { key: shop.publishable_key, token: tokens[people[0].email] });
    expect(asCustomer.body.data ?? null).toBeNull();
    expect(asCustomer.body.errors[0].extensions.type).toBe('permission_error');
    const anonymous = await p.graphql(ONE, { id: ids[people[0].email] }, { key: shop.publishable_key });
    expect(anonymous.body.data ?? null).toBeNull();
    expect(['authentication_error', 'permission_error']).toContain(anonymous.body.errors[0].extensions.type);
  });

  it('finds orders by display number (digits, with or without #) or part of the email in any case, in the store only', async () => {
    const ada = people[0];
    const mine = await placeOrder(p, shop.publishable_key, { token: tokens[ada.email] });
    const guest = await placeOrder(p, shop.publishable_key, { email: `Guest.${tag}@Example.com` });
    expect(mine.customer_id).toBe(ids[ada.email]);

    const byNumber = (await run(ORDERS, { q: `#${guest.display_id}` })).adminOrders;
    expect(byNumber.items.map((o: any) => o.id)).toEqual([guest.id]);
    expect((await run(ORDERS, { q: ` ${mine.display_id} ` })).adminOrders.items.map((o: any) => o.id)).toEqual([mine.id]);
    // the email, any case, any part
    expect((await run(ORDERS, { q: `GUEST.${tag}` })).adminOrders).toEqual({
      count: 1,
      items: [{ id: guest.id, display_id: guest.display_id, email: guest.email }],
    });
    expect((await run(ORDERS, { q: tag })).adminOrders.items.map((o: any) => o.id)).toEqual([guest.id, mine.id]);
    // with the customer: only their orders
    expect((await run(ORDERS, { q: tag, customer_id: ids[ada.email] })).adminOrders.items.map((o: any) => o.id)).toEqual([mine.id]);
    expect((await run(ORDERS, { q: 'nobody-ordered-this' })).adminOrders).toEqual({ count: 0, items: [] });

    // another store: neither its numbers nor the emails find this store's orders
    expect((await run(ORDERS, { q: tag }, otherAdmin)).adminOrders).toEqual({ count: 0, items: [] });
    expect((await run(ORDERS, { q: `#${guest.display_id}` }, otherAdmin)).adminOrders.count).toBe(0);

    expect(await refusal(ORDERS, { q: 'x'.repeat(201) })).toMatchObject({ type: 'validation_error', code: 'invalid_field', errors: [{ field: 'q' }] });
  });
});
