import Medusa from '@medusajs/js-sdk';
import type { PlatformClient } from '../support/http';
import { sharedPlatform } from '../support/shared';
import type { TenantCredentials } from '@svc/identity';
import { demoCatalog } from '@svc/catalog';

/** The official Medusa v2 storefront SDK, unchanged, against the platform's REST facade. */
describe('@medusajs/js-sdk storefront flow', () => {
  let p: PlatformClient;
  let t: TenantCredentials;
  let sdk: Medusa;

  beforeAll(async () => {
    p = await sharedPlatform();
    t = await p.createTenant();
    await p.seedCatalog(t.tenant_id);
    sdk = new Medusa({ baseUrl: `${p.url}/api`, publishableKey: t.publishable_key, auth: { type: 'jwt', jwtTokenStorageMethod: 'memory' } });
  });

  it('lists regions, categories, collections and priced products the way a storefront does', async () => {
    const { regions } = await sdk.store.region.list();
    expect(regions.map((r: { currency_code: string }) => r.currency_code).sort()).toEqual(['eur', 'gbp', 'usd']);
    const eur = regions.find((r: { currency_code: string }) => r.currency_code === 'eur')!;

    const { product_categories } = await sdk.store.category.list({ limit: 100 });
    expect(product_categories.length).toBe(demoCatalog().categories.length);
    const { collections, count } = await sdk.store.collection.list();
    expect(count).toBe(demoCatalog().collections.length);
    expect(collections.length).toBe(Math.min(10, count));

    const list = await sdk.store.product.list({
      limit: 4,
      region_id: eur.id,
      fields: '*variants.calculated_price,+variants.inventory_quantity,+metadata,+tags',
    });
    expect(list.count).toBe(demoCatalog().products.length);
    expect(list.products).toHaveLength(4);
    const v = list.products[0].variants![0];
    expect(v.calculated_price?.currency_code).toBe('eur');
    expect(typeof v.calculated_price?.calculated_amount).toBe('number');

    const seed = demoCatalog().products[0];
    const byHandle = await sdk.store.product.list({ handle: seed.handle, region_id: eur.id });
    expect(byHandle.products).toHaveLength(1);
    const { product } = await sdk.store.product.retrieve(byHandle.products[0].id, { region_id: eur.id });
    expect(product.title).toBe(seed.title);
    expect(product.variants).toHaveLength(seed.variants.length);
  });

  it('surfaces errors with status and message', async () => {
    await expect(sdk.store.product.retrieve('prod_01HZZZZZZZZZZZZZZZZZZZZZZZ')).rejects.toMatchObject({ status: 404 });
  });

  it('registers, completes the profile, signs in, edits the profile and addresses, refreshes', async () => {
    const email = `sdk-${Date.now()}@example.com`;
    const token = await sdk.auth.register('customer', 'emailpass', { email, password: 'sdk-password-123' });
    expect(typeof token).toBe('string');
    const { customer } = await sdk.store.customer.create({ email, first_name: 'Grace', last_name: 'Hopper' });
    expect(customer).toMatchObject({ email, first_name: 'Grace', last_name: 'Hopper' });

    const login = await sdk.auth.login('customer', 'emailpass', { email, password: 'sdk-password-123' });
    expect(typeof login).toBe('string');
    const me = await sdk.store.customer.retrieve();
    expect(me.customer.id).toBe(customer.id);

    const updated = await sdk.store.customer.update({ company_name: 'Navy' });
    expect(updated.customer.company_name).toBe('Navy');
    const withAddress = await sdk.store.customer.createAddress({ address_1: '1 Compiler Way', city: 'Arlington', country_code: 'us' });
    expect(withAddress.customer.addresses).toHaveLength(1);

    const refreshed = await sdk.auth.refresh();
    expect(typeof (refreshed as { token?: string }).token).toBe('string');
    expect((await sdk.store.customer.retrieve()).customer.email).toBe(email);

    await expect(sdk.auth.login('customer', 'emailpass', { email, password: 'wrong-password' })).rejects.toMatchObject({ status: 401 });
  });

  it("keeps the customer's address book: list, retrieve, update, defaults, delete; another customer's address is 404", async () => {
    const book = new Medusa({ baseUrl: `${p.url}/api`, publishableKey: t.publishable_key, auth: { type: 'jwt', jwtTokenStorageMethod: 'memory' } });
    const email = `book-${Date.now()}@example.com`;
    await book.auth.register('customer', 'emailpass', { email, password: 'book-password-1' });
    await book.store.customer.create({ email, first_name: 'Ada' });
    await book.auth.login('customer', 'emailpass', { email, password: 'book-password-1' });
    const home = (await book.store.customer.createAddress({ address_1: '1 Home St', city: 'London', country_code: 'GB', is_default_shipping: true })).customer
      .addresses[0];
    const work = (await book.store.customer.createAddress({ address_1: '2 Work Rd', city: 'Leeds', country_code: 'gb', is_default_billing: true })).customer
      .addresses[1];
    expect(home.country_code).toBe('gb');
    const listed = await book.store.customer.listAddress({ city: 'Leeds' });
    expect(listed).toMatchObject({ count: 1, offset: 0, limit: 50 });
    expect(listed.addresses[0].id).toBe(work.id);
    expect((await book.store.customer.retrieveAddress(home.id)).address.address_1).toBe('1 Home St');

    const updated = await book.store.customer.updateAddress(work.id, { address_2: 'Floor 3', is_default_shipping: true });
    const w = updated.customer.addresses.find((a: any) => a.id === work.id)!;
    expect(w).toMatchObject({ address_1: '2 Work Rd', address_2: 'Floor 3', is_default_shipping: true, is_default_billing: true });
    expect(updated.customer.addresses.find((a: any) => a.id === home.id)!.is_default_shipping).toBe(false);
    expect(updated.customer.default_shipping_address_id).toBe(work.id);

    // another customer cannot read, change or delete them
    const other = await p.registerCustomer(t.publishable_key);
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', { city: 'Hacked' }],
      ['DELETE', undefined],
    ] as const) {
      const r = await p.api(method, `/store/customers/me/addresses/${home.id}`, { key: t.publishable_key, token: other.token, body });
      expect({ method, status: r.status }).toEqual({ method, status: 404 });
    }
    // bad input changes nothing
    const own = (await p.api('POST', '/auth/customer/emailpass', { key: t.publishable_key, body: { email, password: 'book-password-1' } })).body.token;
    const bad = await p.api('POST', `/store/customers/me/addresses/${home.id}`, {
      key: t.publishable_key,
      token: own,
      body: { country_code: 'GBR', city: 'Changed' },
    });
    expect(bad.status).toBe(400);
    expect((await book.store.customer.retrieveAddress(home.id)).address.city).toBe('London');

    const deleted = await book.store.customer.deleteAddress(work.id);
    expect(deleted).toMatchObject({ id: work.id, object: 'address', deleted: true });
    expect(deleted.parent!.addresses.map((a: any) => a.id)).toEqual([home.id]);
    expect(deleted.parent!.default_shipping_address_id).toBeNull();
    await expect(book.store.customer.retrieveAddress(work.id)).rejects.toMatchObject({ status: 404 });
    expect((await book.store.customer.retrieve()).customer.addresses.map((a: any) => a.city)).toEqual(['London']);
  });
});
