import Medusa from '@medusajs/js-sdk';
import { startTestPlatform, type TestPlatform } from '../support/platform';
import type { TenantCredentials } from '@svc/identity';
import { demoCatalog } from '@svc/catalog';

/** The official Medusa v2 storefront SDK, unchanged, against the platform's REST facade. */
describe('@medusajs/js-sdk storefront flow', () => {
  let p: TestPlatform;
  let t: TenantCredentials;
  let sdk: Medusa;

  beforeAll(async () => {
    p = await startTestPlatform();
    t = await p.createTenant();
    await p.seedCatalog(t.tenant_id);
    sdk = new Medusa({ baseUrl: `${p.url}/api`, publishableKey: t.publishable_key, auth: { type: 'jwt', jwtTokenStorageMethod: 'memory' } });
  });
  afterAll(() => p?.stop());

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
});
