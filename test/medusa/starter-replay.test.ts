import { stringify } from 'node:querystring';
import type { TenantCredentials } from '@svc/identity';
import type { PlatformClient } from '../support/http';
import { transferTokenIn } from '../support/mailbox';
import { sharedPlatform } from '../support/shared';
import { waitFor } from '../support/wait';
import { STARTER_CALLS, type StarterCall } from './starter-calls';

/**
 * Replays every store API call the official Next.js starter makes (test/medusa/starter-calls.ts,
 * read from its source: exact paths, `fields` strings, filters and bodies), in the order a shopper's
 * visit makes them, and checks that every response path the starter reads is there. A call the
 * starter makes that this test does not replay fails the test.
 */

/** qs-style encoding as the SDK sends it (`id[0]=a`, nested objects with brackets). */
function qs(query: Record<string, unknown>): string {
  const out: Record<string, string> = {};
  const walk = (prefix: string, v: unknown) => {
    if (v === undefined || v === null) return;
    if (Array.isArray(v)) v.forEach((x, i) => walk(`${prefix}[${i}]`, x));
    else if (typeof v === 'object') for (const [k, x] of Object.entries(v as object)) walk(`${prefix}[${k}]`, x);
    else out[prefix] = String(v);
  };
  for (const [k, v] of Object.entries(query)) walk(k, v);
  return stringify(out);
}

/** The paths of `reads` missing in `body` ("a[].b": b of every element; "x?" may be absent; below an absent optional x nothing is required). */
export function missingReads(body: unknown, reads: string[]): string[] {
  const optional = new Set(reads.filter((r) => r.endsWith('?')).map((r) => r.slice(0, -1)));
  const missing: string[] = [];
  for (const raw of reads) {
    const isOptional = raw.endsWith('?');
    const path = isOptional ? raw.slice(0, -1) : raw;
    const parts = path.split('.');
    const visit = (value: unknown, i: number, prefix: string): void => {
      if (i === parts.length) {
        if (value === undefined && !isOptional) missing.push(raw);
        return;
      }
      if ((value === undefined || value === null) && optional.has(prefix)) return;
      if (value === undefined || value === null) {
        if (!isOptional) missing.push(`${raw} (at ${prefix || 'the root'})`);
        return;
      }
      const part = parts[i];
      const isArray = part.endsWith('[]');
      const key = isArray ? part.slice(0, -2) : part;
      const next = (value as Record<string, unknown>)[key];
      const here = prefix ? `${prefix}.${part}` : part;
      if (isArray) {
        if (next === undefined || next === null) {
          if (!isOptional && !optional.has(here) && !optional.has(prefix ? `${prefix}.${key}` : key)) missing.push(`${raw} (no ${key})`);
          return;
        }
        if (!Array.isArray(next)) return void missing.push(`${raw} (${key} is not a list)`);
        for (const el of next) visit(el, i + 1, here);
      } else visit(next, i + 1, here);
    };
    visit(body, 0, '');
  }
  return [...new Set(missing)];
}

describe('the Next.js starter, replayed call by call', () => {
  let p: PlatformClient;
  let t: TenantCredentials;
  const replayed = new Set<string>();
  const state: Record<string, string> = {};
  let token: string | undefined;

  beforeAll(async () => {
    p = await sharedPlatform();
    t = await p.createTenant();
    await p.seedCatalog(t.tenant_id);
    await p.seedCommerce(t.tenant_id);
    await p.seedDomain('events', t.tenant_id);
  });

  const call = (name: string): StarterCall => {
    const c = STARTER_CALLS.find((x) => x.name === name);
    if (!c) throw new Error(`no starter call ${name}`);
    return c;
  };

  /** `:name` placeholders from the state (`:id` is given per call) */
  const fill = (v: unknown, ids: Record<string, string>): unknown => {
    if (typeof v === 'string') return v.replace(/^:([a-z_]+)$/, (_m, k: string) => ids[k] ?? state[k] ?? `:${k}`);
    if (Array.isArray(v)) return v.map((x) => fill(x, ids)).filter((x) => x !== ':tag_id');
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x, ids)]));
    return v;
  };

  /** Sends the starter's call (its own query, body and token use) and checks what it reads. */
  async function replay(name: string, ids: Record<string, string> = {}, o: { expect?: number; overrideBody?: Record<string, unknown> } = {}) {
    const c = call(name);
    replayed.add(name);
    const path = c.path.replace(/:([a-z_]+)/g, (_m, k: string) => ids[k] ?? state[k] ?? `:${k}`);
    const query = c.query ? qs(fill(c.query, ids) as Record<string, unknown>) : '';
    const body = o.overrideBody ?? (c.body ? fill(c.body, ids) : c.method === 'GET' ? undefined : undefined);
    const r = await p.api(c.method, `${path}${query ? `?${query}` : ''}`, { key: t.publishable_key, token: c.auth ? token : undefined, body });
    const status = o.expect ?? 200;
    if (r.status !== status) throw new Error(`${name}: ${c.method} ${path}?${query} answered ${r.status} ${JSON.stringify(r.body).slice(0, 400)}`);
    if (status === 200) {
      const missing = missingReads(r.body, c.reads);
      if (missing.length) throw new Error(`${name}: the starter reads ${missing.join(', ')}; absent in ${JSON.stringify(r.body).slice(0, 300)}`);
    }
    return r.body;
  }

  it('serves every call of a visit: regions, catalogue, account, cart, checkout, order, transfer', async () => {
    // ---- the middleware and the layout ----
    const regions = await replay('middlewareListRegions');
    const region = regions.regions.find((r: any) => r.currency_code === 'eur');
    state.region_id = region.id;
    await replay('listRegions');
    await replay('retrieveRegion', { id: region.id });
    replayed.add('listLocales'); // the starter tolerates a 404 (locales belong to site settings)
    await replay('retrieveCustomer', {}, { expect: 401 }); // anonymous: "signed out"

    // ---- build and catalogue ----
    const handles = await replay('listProductHandlesForBuild');
    expect(handles.products.length).toBeGreaterThan(0);
    const listed = await replay('listProductsStore');
    const product = listed.products.find((x: any) => x.collection_id) ?? listed.products[0];
    state.product_id = product.id;
    state.variant_id = product.variants[0].id;
    state.collection_id = product.collection_id;
    await replay('listProductByHandle', { handle: product.handle });
    await replay('listProductForActions');
    await replay('listRelatedProducts');
    await replay('listProductsForCollectionRail');
    await replay('listProductsCollection');
    const cats = await replay('listCategories');
    state.category_id = cats.product_categories[0].id;
    await replay('listProductsCategory');
    await replay('getCategoryByHandle', { handle: cats.product_categories[0].handle });
    const cols = await replay('listCollectionsHome');
    await replay('listCollectionsWithProducts');
    await replay('getCollectionByHandle', { handle: cols.collections[0].handle });
    await replay('retrieveCollection', { id: cols.collections[0].id });
    await replay('retrieveVariant', { id: state.variant_id });

    // ---- a guest cart, then the account ----
    const created = await replay('createCart');
    state.id = created.cart.id;
    state.cart_id = created.cart.id;
    await replay('retrieveCartIdRegion');
    await replay('addLineItem');
    const full = await replay('retrieveCart');
    state.line_id = full.cart.items[0].id;
    await replay('updateLineItem');
    await replay('updateCartRegion');

    const email = `starter-${Date.now()}@example.com`;
    const reg = await replay('register', {}, { overrideBody: { email, password: 'secret-password' } });
    token = reg.token;
    await replay('createCustomer', {}, { overrideBody: { email, first_name: 'Ada', last_name: 'Lovelace', phone: '' } });
    const login = await replay('login', {}, { overrideBody: { email, password: 'secret-password' } });
    token = login.token;
    await replay('retrieveCustomer');
    await replay('updateCustomer');
    const withAddress = await replay('addCustomerAddress');
    const addressId = withAddress.customer.addresses[0].id;
    await replay('updateCustomerAddress', { address_id: addressId });
    await replay('transferCart', { id: state.cart_id });

    // ---- checkout ----
    await replay('updateCartAddresses', { id: state.cart_id });
    await replay('applyPromotions', { id: state.cart_id });
    await replay('updateCartLocale', { id: state.cart_id });
    const options = await replay('listCartOptions');
    await replay('listCartShippingMethods');
    state.shipping_option_id = options.shipping_options[0].id;
    await replay('calculateShippingOption', { id: state.shipping_option_id });
    await replay('addShippingMethod', { id: state.cart_id });
    await replay('listPaymentProviders');
    const pc = await replay('createPaymentCollection');
    await replay('initiatePaymentSession', { id: pc.payment_collection.id });
    await replay('retrieveCart', { id: state.cart_id });
    const done = await replay('completeCart', { id: state.cart_id });
    expect(done.type).toBe('order');
    const order = await replay('retrieveOrder', { id: done.order.id });
    expect(order.order.payment_collections[0].payments).toHaveLength(1);
    await replay('listOrders');
    await replay('deleteCustomerAddress', { address_id: addressId });

    // ---- a second cart: a line removed ----
    const second = await replay('createCart');
    await replay('addLineItem', { id: second.cart.id });
    const secondFull = await replay('retrieveCart', { id: second.cart.id });
    await replay('deleteLineItem', { id: second.cart.id, line_id: secondFull.cart.items[0].id });

    // ---- order transfer: a guest order taken over by the signed-in customer ----
    const guestToken = token;
    token = undefined;
    const g = await replay('createCart');
    await replay('addLineItem', { id: g.cart.id });
    await replay('updateCartAddresses', { id: g.cart.id });
    await replay('addShippingMethod', { id: g.cart.id, cart_id: g.cart.id });
    const gpc = await replay('createPaymentCollection', { cart_id: g.cart.id });
    await replay('initiatePaymentSession', { id: gpc.payment_collection.id });
    const gdone = await replay('completeCart', { id: g.cart.id });
    token = guestToken;
    // the token reaches the order's email (the guest's mailbox: the platform's file mailer here)
    const transferToken = async (nth: number) => {
      const mail = await waitFor(
        'the transfer mail',
        async () => (await p.mailsTo(gdone.order.email)).filter((m) => /take over/.test(m.subject) && m.text.includes(gdone.order.id))[nth],
      );
      return transferTokenIn(mail) ?? 'no token in the mail';
    };
    await replay('requestOrderTransfer', { id: gdone.order.id });
    await replay('declineOrderTransfer', { id: gdone.order.id, transfer_token: await transferToken(0) });
    await replay('requestOrderTransfer', { id: gdone.order.id });
    await replay('acceptOrderTransfer', { id: gdone.order.id, transfer_token: await transferToken(1) });

    // ---- a cart with a ticket line beside a product (the storefront adds it through event-items): the
    // starter renders it (cart page, dropdown, checkout summary) and the order from the same reads ----
    const events = (await p.api('GET', '/store/events', { key: t.publishable_key })).body.events;
    const tickets = (await p.api('GET', `/store/events/${events[0].slug}/tickets?currency_code=eur`, { key: t.publishable_key })).body.tickets;
    token = undefined;
    const tc = await replay('createCart');
    await replay('addLineItem', { id: tc.cart.id });
    const added = await p.api('POST', `/store/carts/${tc.cart.id}/event-items`, {
      key: t.publishable_key,
      body: {
        ticket_id: tickets[0].id,
        quantity: 2,
        attendees: [
          { first_name: 'Ada', last_name: 'Lovelace' },
          { first_name: 'Alan', last_name: 'Turing' },
        ],
      },
    });
    expect(added.status).toBe(200);
    const withTicket = await replay('retrieveCart', { id: tc.cart.id });
    const ticketLine = withTicket.cart.items.find((i: any) => i.kind === 'event_ticket');
    expect(ticketLine).toMatchObject({ title: tickets[0].name, product_title: events[0].title, product_handle: events[0].slug, quantity: 2 });
    expect(ticketLine.total).toBeGreaterThan(0);
    await replay('updateCartAddresses', { id: tc.cart.id });
    await replay('addShippingMethod', { id: tc.cart.id, cart_id: tc.cart.id });
    const tpc = await replay('createPaymentCollection', { cart_id: tc.cart.id });
    await replay('initiatePaymentSession', { id: tpc.payment_collection.id });
    const tdone = await replay('completeCart', { id: tc.cart.id });
    expect(tdone.type).toBe('order');
    const torder = await replay('retrieveOrder', { id: tdone.order.id });
    expect(torder.order.items.map((i: any) => i.product_title).sort()).toEqual(
      [events[0].title, withTicket.cart.items.find((i: any) => i.kind === 'product').product_title].sort(),
    );

    // every call the starter makes was replayed
    const notReplayed = STARTER_CALLS.filter((c) => !replayed.has(c.name) && !c.pages.every((x) => x === 'unused')).map((c) => c.name);
    expect(notReplayed).toEqual([]);
  });
});
