import { Client } from 'pg';
import { systemContext } from '@svc/kit';
import type { CatalogServices } from '@svc/catalog';
import { SetupService, type CommerceServices } from '@svc/commerce';
import type { TenantCredentials } from '@svc/identity';
import { startTestPlatform, type TestPlatform } from '../support/platform';

/**
 * Money is always right: an order's total is the amount its payment was authorised for. A used-up
 * promotion or a changed tax between the payment session and completion refuses the completion
 * (400 promotion_exhausted / cart_changed), the cart keeps its state and needs a new session; a
 * race of 20 completions on a one-use code places exactly one discounted order. A retried or
 * doubled completion answers the same order.
 */
describe('checkout: the order total is the authorised amount', () => {
  let p: TestPlatform;
  let t: TenantCredentials;
  let key: string;
  let admin: string;
  let eur: any;
  let variantId: string;

  const sql = async <T = any>(text: string, params: unknown[] = []): Promise<T[]> => {
    const c = new Client({ connectionString: p.dbUrl });
    await c.connect();
    try {
      return (await c.query(text, params)).rows as T[];
    } finally {
      await c.end();
    }
  };

  /** a cart with one line, shipping, the code applied and a pp_system_default session */
  const readyCart = async (code: string | null, email: string) => {
    const c = await p.api('POST', '/store/carts', {
      key,
      body: { region_id: eur.id, email, items: [{ variant_id: variantId, quantity: 1 }], ...(code ? { promo_codes: [code] } : {}) },
    });
    expect(c.status).toBe(200);
    const id = c.body.cart.id as string;
    const options = await p.api('GET', `/store/shipping-options?cart_id=${id}`, { key });
    expect((await p.api('POST', `/store/carts/${id}/shipping-methods`, { key, body: { option_id: options.body.shipping_options[0].id } })).status).toBe(200);
    await session(id);
    return id;
  };
  const session = async (cartId: string) => {
    const pc = await p.api('POST', '/store/payment-collections', { key, body: { cart_id: cartId } });
    expect(pc.status).toBe(200);
    const s = await p.api('POST', `/store/payment-collections/${pc.body.payment_collection.id}/payment-sessions`, {
      key,
      body: { provider_id: 'pp_system_default' },
    });
    expect(s.status).toBe(200);
    return s.body.payment_collection;
  };
  const oneUseCode = async (code: string) => {
    const r = await p.graphql(
      'mutation($input: PromotionInput!) { savePromotion(id: null, input: $input) { id } }',
      { input: { code, type: 'percentage', value: '50', target_type: 'order', usage_limit: 1 } },
      { token: admin, key },
    );
    expect(r.body.errors).toBeUndefined();
  };
  /** the amount charged for a total: rounded to the currency's minor unit (EUR: cents), as the payment collection asks */
  const charge = (total: number) => Math.round(total * 100) / 100;
  const expectMoneyRight = (order: any) => {
    const pc = order.payment_collections[0];
    expect(pc.authorized_amount).toBe(charge(order.total));
    expect(pc.payments.map((x: any) => x.amount)).toEqual([charge(order.total)]);
  };

  beforeAll(async () => {
    p = await startTestPlatform();
    t = await p.createTenant();
    key = t.publishable_key;
    await p.seedCatalog(t.tenant_id);
    await p.seedCommerce(t.tenant_id);
    admin = await p.adminToken(t);
    eur = (await p.api('GET', '/store/regions', { key })).body.regions.find((r: any) => r.currency_code === 'eur');
    const products = await p.api('GET', `/store/products?limit=1&region_id=${eur.id}`, { key });
    variantId = products.body.products[0].variants[0].id;
    const set = await p.graphql(
      'mutation($id: String!) { setInventoryLevel(variant_id: $id, stocked_quantity: 1000) { id } }',
      { id: variantId },
      { token: admin, key },
    );
    expect(set.body.errors).toBeUndefined();
  });
  afterAll(() => p?.stop());

  it('refuses a cart whose one-use code was used up after its session (400 promotion_exhausted), keeps it, and places it at full price after a new session', async () => {
    await oneUseCode('HALFONCE');
    const a = await readyCart('HALFONCE', 'a@example.com');
    const b = await readyCart('HALFONCE', 'b@example.com');
    const bBefore = (await p.api('GET', `/store/carts/${b}`, { key })).body.cart;
    expect(bBefore.discount_total).toBeGreaterThan(0);

    const ra = await p.api('POST', `/store/carts/${a}/complete`, { key });
    expect(ra.status).toBe(200);
    expect(ra.body.type).toBe('order');
    expect(ra.body.order.discount_total).toBeGreaterThan(0);
    expectMoneyRight(ra.body.order);

    const rb = await p.api('POST', `/store/carts/${b}/complete`, { key });
    expect(rb.status).toBe(400);
    expect(rb.body).toMatchObject({ type: 'validation_error', code: 'promotion_exhausted' });
    const bAfter = (await p.api('GET', `/store/carts/${b}`, { key })).body.cart;
    expect(bAfter.completed_at).toBeNull();
    expect(bAfter.items.map((i: any) => [i.variant_id, i.quantity])).toEqual(bBefore.items.map((i: any) => [i.variant_id, i.quantity]));
    expect(bAfter.shipping_methods).toHaveLength(1);
    // the old session (for the discounted amount) is gone: the payment needs a new one
    expect(bAfter.payment_collection.payment_sessions).toHaveLength(0);
    expect((await p.api('POST', `/store/carts/${b}/complete`, { key })).status).toBe(400);

    await session(b);
    const again = await p.api('POST', `/store/carts/${b}/complete`, { key });
    expect(again.status).toBe(200);
    expect(again.body.type).toBe('order');
    expect(again.body.order.discount_total).toBe(0);
    expect(again.body.order.total).toBe(bAfter.total);
    expect(bAfter.payment_collection.amount).toBe(charge(bAfter.total));
    expectMoneyRight(again.body.order);
  });

  it('races 20 completions on a one-use code: one discounted order, 19 × 400 promotion_exhausted with the carts unchanged', async () => {
    await oneUseCode('RACEHALF');
    const stockBefore = (
      await sql<{ stocked_quantity: number; reserved_quantity: number }>(
        'select stocked_quantity, reserved_quantity from catalog.inventory_level where variant_id = $1',
        [variantId],
      )
    )[0];
    const carts: string[] = [];
    for (let i = 0; i < 20; i++) carts.push(await readyCart('RACEHALF', `racer${i}@example.com`));
    const before = new Map<string, any>();
    for (const id of carts) before.set(id, (await p.api('GET', `/store/carts/${id}`, { key })).body.cart);

    const results = await Promise.all(carts.map((id) => p.api('POST', `/store/carts/${id}/complete`, { key })));
    const orders = results.filter((r) => r.status === 200 && r.body.type === 'order').map((r) => r.body.order);
    const refused = results.filter((r) => r.status === 400);
    expect(orders).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r.body).toMatchObject({ type: 'validation_error', code: 'promotion_exhausted' });
    expect(orders[0].discount_total).toBeGreaterThan(0);
    expect(orders[0].promotions.map((x: any) => x.code)).toEqual(['RACEHALF']);
    expectMoneyRight(orders[0]);

    for (let i = 0; i < carts.length; i++) {
      if (results[i].status !== 400) continue;
      const now = (await p.api('GET', `/store/carts/${carts[i]}`, { key })).body.cart;
      const was = before.get(carts[i]);
      expect(now.completed_at).toBeNull();
      expect(now.items.map((x: any) => [x.variant_id, x.quantity])).toEqual(was.items.map((x: any) => [x.variant_id, x.quantity]));
      expect(now.shipping_methods.map((m: any) => m.shipping_option_id)).toEqual(was.shipping_methods.map((m: any) => m.shipping_option_id));
      // no session left for the discounted amount
      expect(now.payment_collection.payment_sessions.filter((s: any) => s.amount !== charge(now.total))).toHaveLength(0);
    }
    // every order of the tenant: its total is its authorised amount
    const all = await sql<{ id: string; total: number; authorized: string }>(
      `select o.id, (o.totals->>'total')::numeric as total, pc.authorized_amount as authorized
         from commerce."order" o join commerce.payment_collection pc on pc.order_id = o.id where o.tenant_id = $1`,
      [t.tenant_id],
    );
    for (const o of all) expect(Number(o.authorized)).toBe(charge(Number(o.total)));
    // usage counted once; only the one order's unit left the shelf (reserved), the refused ones' holds went back
    const [promo] = await sql<{ usage_count: number }>(`select usage_count from commerce.promotion where code = 'RACEHALF' and tenant_id = $1`, [t.tenant_id]);
    expect(promo.usage_count).toBe(1);
    const stockAfter = (
      await sql<{ stocked_quantity: number; reserved_quantity: number }>(
        'select stocked_quantity, reserved_quantity from catalog.inventory_level where variant_id = $1',
        [variantId],
      )
    )[0];
    expect(stockAfter.stocked_quantity).toBe(stockBefore.stocked_quantity);
    expect(stockAfter.reserved_quantity).toBe(stockBefore.reserved_quantity + 1);
    const held = await sql(`select 1 from catalog.inventory_reservation where tenant_id = $1 and status = 'held'`, [t.tenant_id]);
    expect(held).toHaveLength(0);
  });

  it('refuses a cart whose tax changed after its session (400 cart_changed)', async () => {
    const id = await readyCart(null, 'tax@example.com');
    const rates = await p.graphql('query { adminTaxRates { id region_id country_code province name code rate } }', {}, { token: admin, key });
    expect(rates.body.errors).toBeUndefined();
    const rate = rates.body.data.adminTaxRates.find((r: any) => r.region_id === eur.id && !r.country_code);
    const save = (value: string) =>
      p.graphql(
        'mutation($id: String, $input: TaxRateInput!) { saveTaxRate(id: $id, input: $input) { id } }',
        { id: rate.id, input: { region_id: rate.region_id, name: rate.name, code: rate.code, rate: value } },
        { token: admin, key },
      );
    expect((await save('25')).body.errors).toBeUndefined();
    try {
      const r = await p.api('POST', `/store/carts/${id}/complete`, { key });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ type: 'validation_error', code: 'cart_changed' });
      await session(id);
      const ok = await p.api('POST', `/store/carts/${id}/complete`, { key });
      expect(ok.status).toBe(200);
      expectMoneyRight(ok.body.order);
    } finally {
      await save(rate.rate);
    }
  });

  it('answers the same order to a doubled and a retried completion (one order per cart)', async () => {
    const id = await readyCart(null, 'twice@example.com');
    const [r1, r2] = await Promise.all([p.api('POST', `/store/carts/${id}/complete`, { key }), p.api('POST', `/store/carts/${id}/complete`, { key })]);
    expect(r1.status).toBe(200);
    expect(r2.status).toBe(200);
    expect(r1.body.order.id).toBe(r2.body.order.id);
    const r3 = await p.api('POST', `/store/carts/${id}/complete`, { key });
    expect(r3.body.order.id).toBe(r1.body.order.id);
    expect(await sql(`select id from commerce."order" where cart_id = $1`, [id])).toHaveLength(1);
    const [rec] = await sql<{ status: string; steps: Array<{ name: string; started_at?: string; done_at?: string }> }>(
      `select status, steps from commerce.durable_process where kind = 'cart_completion' and key = $1`,
      [id],
    );
    expect(rec.status).toBe('done');
    for (const name of ['reserve', 'authorize', 'confirm', 'order']) {
      const s = rec.steps.find((x) => x.name === name)!;
      expect(s.started_at && s.done_at).toBeTruthy();
    }
  });

  it('releases a stock hold whose completion is gone once it expires; a confirmed hold stays; a released key is never held again', async () => {
    const catalog = p.services<CatalogServices>('catalog');
    const ctx = systemContext(p.log, t.tenant_id, 'test');
    const level = async () =>
      (await sql<{ reserved: number }>('select reserved_quantity as reserved from catalog.inventory_level where variant_id = $1', [variantId]))[0].reserved;
    const before = await level();
    await catalog.reservations.hold(ctx, 'gone:1:product', [{ variant_id: variantId, quantity: 2 }], 900);
    await catalog.reservations.hold(ctx, 'gone:1:product', [{ variant_id: variantId, quantity: 2 }], 900); // idempotent
    await catalog.reservations.hold(ctx, 'kept:1:product', [{ variant_id: variantId, quantity: 1 }], 900);
    await catalog.reservations.confirm(ctx, 'kept:1:product', [{ variant_id: variantId, quantity: 1 }]);
    expect(await level()).toBe(before + 3);
    // the clock moves past both expiries (the expiry is data: set it in the past instead of waiting)
    await sql(
      `update catalog.inventory_reservation set expires_at = now() - interval '1 second' where tenant_id = $1 and key in ('gone:1:product', 'kept:1:product') and status = 'held'`,
      [t.tenant_id],
    );
    expect(await catalog.reservations.expire(p.log)).toBe(1);
    expect(await level()).toBe(before + 1);
    expect(await catalog.reservations.expire(p.log)).toBe(0);
    await expect(catalog.reservations.hold(ctx, 'gone:1:product', [{ variant_id: variantId, quantity: 2 }], 900)).rejects.toMatchObject({
      code: 'reservation_released',
    });
    // a confirmation that comes after the expiry takes the stock again
    await catalog.reservations.confirm(ctx, 'gone:1:product', [{ variant_id: variantId, quantity: 2 }]);
    expect(await level()).toBe(before + 3);
    await catalog.reservations.release(ctx, 'gone:1:product');
    await catalog.reservations.release(ctx, 'gone:1:product');
    await catalog.reservations.release(ctx, 'kept:1:product');
    expect(await level()).toBe(before);
  });

  it('a hold is all or nothing: a line short of stock or an unknown variant reserves nothing, not even the lines that fit', async () => {
    const catalog = p.services<CatalogServices>('catalog');
    const ctx = systemContext(p.log, t.tenant_id, 'test');
    const products = (await p.api('GET', `/store/products?limit=3&region_id=${eur.id}`, { key })).body.products;
    const other = products.flatMap((x: any) => x.variants).find((v: any) => v.id !== variantId && v.manage_inventory !== false).id as string;
    const levels = async () =>
      Object.fromEntries(
        (
          await sql<{ variant_id: string; reserved: number; stocked: number }>(
            'select variant_id, reserved_quantity as reserved, stocked_quantity as stocked from catalog.inventory_level where variant_id = any($1)',
            [[variantId, other]],
          )
        ).map((r) => [r.variant_id, r]),
      );
    const reservations = async (key: string) =>
      Number((await sql<{ n: string }>('select count(*) as n from catalog.inventory_reservation where tenant_id = $1 and key = $2', [t.tenant_id, key]))[0].n);
    const before = await levels();
    const tooMany = before[other].stocked - before[other].reserved + 1;
    await expect(
      catalog.reservations.hold(
        ctx,
        'short:1:product',
        [
          { variant_id: variantId, quantity: 1 },
          { variant_id: other, quantity: tooMany },
        ],
        900,
      ),
    ).rejects.toMatchObject({ code: 'insufficient_inventory' });
    await expect(
      catalog.reservations.hold(
        ctx,
        'unknown:1:product',
        [
          { variant_id: variantId, quantity: 1 },
          { variant_id: 'variant_does_not_exist', quantity: 1 },
        ],
        900,
      ),
    ).rejects.toMatchObject({ type: 'not_found' });
    expect(await levels()).toEqual(before);
    expect(await reservations('short:1:product')).toBe(0);
    expect(await reservations('unknown:1:product')).toBe(0);
    // the same key with lines that fit holds them (the refusal left nothing behind)
    expect(await catalog.reservations.hold(ctx, 'short:1:product', [{ variant_id: other, quantity: 1 }], 900)).toBe('held');
    expect((await levels())[other].reserved).toBe(before[other].reserved + 1);
    await catalog.reservations.release(ctx, 'short:1:product');
    expect(await levels()).toEqual(before);
  });

  it('the setup cache: a stale entry met inside a transaction is loaded again outside it, and the next transactions find it at hand', async () => {
    const commerce = p.services<CommerceServices>('commerce');
    let clock = 0;
    const setup = new SetupService(commerce.store, commerce.catalog, undefined, 5_000, () => clock);
    const ctx = systemContext(p.log, t.tenant_id, 'test');
    const [{ id, name }] = await sql<{ id: string; name: string }>('select id, name from commerce.shipping_option where tenant_id = $1 order by id limit 1', [
      t.tenant_id,
    ]);
    // renamed behind the cache's back (another instance's write): the cache shows it once stale
    const rename = (to: string) => sql('update commerce.shipping_option set name = $2 where id = $1', [id, to]);
    const inTx = () => commerce.store.transaction(ctx, (_em, tx) => setup.shippingOption(tx, id).then((o) => o.name));
    try {
      expect((await setup.shippingOption(ctx, id)).name).toBe(name);
      await rename(`${name} (2)`);
      expect(await inTx()).toBe(name); // fresh: at hand
      clock += 6_000;
      expect(await inTx()).toBe(`${name} (2)`); // stale: read in the transaction, and loaded again outside it
      await setup.settled();
      await rename(`${name} (3)`);
      // what the load outside the transaction kept serves the next transactions (without it, each one read again)
      expect(await inTx()).toBe(`${name} (2)`);
      expect(await inTx()).toBe(`${name} (2)`);
      clock += 6_000;
      expect(await inTx()).toBe(`${name} (3)`);
    } finally {
      await rename(name);
    }
  });
});
