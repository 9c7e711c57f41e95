import type { PlatformClient } from './http';

/**
 * An order placed through the storefront API (the demo catalog and checkout setup seeded): a cart in
 * the store's EUR region (another region when it has none) with one unit of the first variant in
 * stock, shipped to a Berlin address with the first shipping option, paid with the system provider.
 * With `token` the signed-in customer's order, otherwise a guest's under `email`.
 */
export async function placeOrder(p: PlatformClient, key: string, o: { token?: string; email?: string; first_name?: string; last_name?: string } = {}) {
  const { token } = o;
  const regions = (await p.api('GET', '/store/regions', { key })).body.regions as Array<{ id: string; currency_code: string }>;
  const region = regions.find((r) => r.currency_code === 'eur') ?? regions[0];
  const products = await p.api('GET', `/store/products?limit=50&region_id=${region.id}&fields=%2Bvariants.inventory_quantity`, { key });
  const variant = products.body.products.flatMap((x: any) => x.variants).find((v: any) => v.inventory_quantity > 0);
  const address = {
    first_name: o.first_name ?? 'Kim',
    last_name: o.last_name ?? 'Berger',
    address_1: 'Invalidenstraße 1',
    city: 'Berlin',
    country_code: 'de',
    postal_code: '10115',
  };
  const cart = await p.api('POST', '/store/carts', {
    key,
    token,
    body: {
      region_id: region.id,
      ...(o.email ? { email: o.email } : {}),
      items: [{ variant_id: variant.id, quantity: 1 }],
      shipping_address: address,
      billing_address: address,
    },
  });
  if (cart.status !== 200) throw new Error(`cart: ${cart.status} ${JSON.stringify(cart.body)}`);
  const id = cart.body.cart.id;
  const options = await p.api('GET', `/store/shipping-options?cart_id=${id}`, { key, token });
  await p.api('POST', `/store/carts/${id}/shipping-methods`, { key, token, body: { option_id: options.body.shipping_options[0].id } });
  const pc = await p.api('POST', '/store/payment-collections', { key, token, body: { cart_id: id } });
  await p.api('POST', `/store/payment-collections/${pc.body.payment_collection.id}/payment-sessions`, {
    key,
    token,
    body: { provider_id: 'pp_system_default' },
  });
  const done = await p.api('POST', `/store/carts/${id}/complete`, { key, token });
  if (done.body.type !== 'order') throw new Error(`complete: ${done.status} ${JSON.stringify(done.body)}`);
  return done.body.order as { id: string; display_id: number; email: string; customer_id: string | null };
}
