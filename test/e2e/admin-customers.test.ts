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

  it("edits a customer's profile and address book as the admin: defaults moved, deleted, events; the email is not editable; another store 404, a customer refused", async () => {
    const id = ids[people[1].email];
    const CUSTOMER =
      'id first_name last_name phone company_name email default_shipping_address_id default_billing_address_id addresses { id address_1 city is_default_shipping is_default_billing }';
    const UPDATE = `mutation($id: String!, $input: UpdateCustomerInput!) { adminUpdateCustomer(id: $id, input: $input) { ${CUSTOMER} } }`;
    const ADD = `mutation($c: String!, $input: CustomerAddressInput!) { adminAddCustomerAddress(customer_id: $c, input: $input) { ${CUSTOMER} } }`;
    const EDIT = `mutation($c: String!, $id: String!, $input: CustomerAddressInput!) { adminUpdateCustomerAddress(customer_id: $c, id: $id, input: $input) { ${CUSTOMER} } }`;
    const DELETE = `mutation($c: String!, $id: String!) { adminDeleteCustomerAddress(customer_id: $c, id: $id) { ${CUSTOMER} } }`;

    const updated = (await run(UPDATE, { id, input: { first_name: 'Grace B.', phone: '+49 30 1234', company_name: 'Navy' } })).adminUpdateCustomer;
    expect(updated).toMatchObject({
      first_name: 'Grace B.',
      last_name: people[1].last_name,
      phone: '+49 30 1234',
      company_name: 'Navy',
      email: people[1].email,
    });
    // null clears, absent stays
    expect((await run(UPDATE, { id, input: { company_name: null } })).adminUpdateCustomer).toMatchObject({ company_name: null, phone: '+49 30 1234' });
    // the email is the customer's own change: not a field of the input
    expect((await refusal(UPDATE, { id, input: { email: 'x@example.com' } })).type).toBe('validation_error');

    const home = {
      address_name: 'Home',
      first_name: 'Grace',
      last_name: 'Hopper',
      address_1: 'Main St 1',
      city: 'Arlington',
      country_code: 'us',
      postal_code: '22201',
    };
    const one = (await run(ADD, { c: id, input: home })).adminAddCustomerAddress;
    // the first address is the default shipping address
    expect(one.addresses).toHaveLength(1);
    expect(one.default_shipping_address_id).toBe(one.addresses[0].id);
    const two = (await run(ADD, { c: id, input: { ...home, address_name: 'Office', address_1: 'Pentagon 1', is_default_billing: true } }))
      .adminAddCustomerAddress;
    const office = two.addresses.find((a: any) => a.address_1 === 'Pentagon 1');
    expect(two.default_billing_address_id).toBe(office.id);
    // the office becomes the default shipping address too, and moves to another city
    const moved = (await run(EDIT, { c: id, id: office.id, input: { city: 'Washington', is_default_shipping: true } })).adminUpdateCustomerAddress;
    expect(moved.default_shipping_address_id).toBe(office.id);
    expect(moved.addresses.find((a: any) => a.id === office.id)).toMatchObject({ city: 'Washington', is_default_shipping: true, is_default_billing: true });
    expect(moved.addresses.find((a: any) => a.id !== office.id).is_default_shipping).toBe(false);
    // the customer sees the same address book
    const me = await p.api('GET', '/store/customers/me', { key: shop.publishable_key, token: tokens[people[1].email] });
    expect(me.body.customer.first_name).toBe('Grace B.');
    expect(me.body.customer.default_shipping_address_id).toBe(office.id);
    // deleting the default clears it
    const left = (await run(DELETE, { c: id, id: office.id })).adminDeleteCustomerAddress;
    expect(left.addresses).toHaveLength(1);
    expect(left.default_shipping_address_id).toBeNull();
    expect(left.default_billing_address_id).toBeNull();

    // another store's admin: 404 for the customer and for the address; another customer's address: 404
    const home2 = left.addresses[0].id;
    expect((await refusal(UPDATE, { id, input: { first_name: 'X' } }, otherAdmin)).type).toBe('not_found');
    expect((await refusal(ADD, { c: id, input: home }, otherAdmin)).type).toBe('not_found');
    expect((await refusal(EDIT, { c: id, id: home2, input: { city: 'X' } }, otherAdmin)).type).toBe('not_found');
    expect((await refusal(DELETE, { c: id, id: home2 }, otherAdmin)).type).toBe('not_found');
    expect((await refusal(DELETE, { c: ids[people[0].email], id: home2 })).type).toBe('not_found');
    // bad input: 400; a customer's token: refused
    expect((await refusal(ADD, { c: id, input: { ...home, country_code: 'germany' } })).type).toBe('validation_error');
    expect((await refusal(UPDATE, { id, input: { first_name: 'x'.repeat(1000) } })).type).toBe('validation_error');
    expect((await refusal(UPDATE, { id, input: { first_name: 'X' } }, tokens[people[1].email])).type).toBe('permission_error');
    const after = (await run(ONE, { id })).adminCustomer;
    expect(after.first_name).toBe('Grace B.');
    expect(after.addresses.map((a: any) => a.city)).toEqual(['Arlington']);
  });
});
