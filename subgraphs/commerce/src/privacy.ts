import { ERASED_EMAIL, exportRows, mentions, pseudonymousAddressSql, redactRows, updateRows, type PrivacyDefinition } from '@svc/kit';
import type { CommerceServices } from './services';

/** a cart or order of the subject: signed in as the customer, or a guest with the address */
const theirs = (s: { customer_id: string; email: string }) => ({
  where: `customer_id = ? or lower(email) = ?`,
  params: [s.customer_id, s.email.toLowerCase()],
});

/**
 * commerce's part of privacy requests: carts and orders. Orders stay for the books (amounts, lines,
 * currency, the country and province their tax was worked out for); the buyer's email, names,
 * address lines and phone are replaced. Carts lose their addresses and email. Copies of the buyer in
 * line items, payment sessions and completion records (durable processes) are redacted.
 */
export const commercePrivacy: PrivacyDefinition<CommerceServices> = {
  store: (s) => s.store,
  async export(ctx, s, subject) {
    const t = theirs(subject);
    return {
      orders: await exportRows(
        s.store,
        ctx,
        'order',
        ['id', 'display_id', 'status', 'email', 'currency_code', 'shipping_address', 'billing_address', 'items', 'shipping_methods', 'totals', 'created_at'],
        t.where,
        t.params,
      ),
      carts: await exportRows(
        s.store,
        ctx,
        'cart',
        ['id', 'email', 'currency_code', 'shipping_address', 'billing_address', 'created_at'],
        `(${t.where}) and order_id is null`,
        t.params,
      ),
    };
  },
  async erase(ctx, s, subject) {
    const t = theirs(subject);
    const carts = `cart_id in (select id from ${s.store.table('cart')} where tenant_id = ? and (${t.where}))`;
    const cartParams = [ctx.tenantId, ...t.params];
    const addresses = { shipping_address: pseudonymousAddressSql('shipping_address'), billing_address: pseudonymousAddressSql('billing_address') };
    const line_item = await redactRows(s.store, ctx, subject, { table: 'line_item', where: carts, params: cartParams, redact: ['metadata', 'data'] });
    const payment = mentions(subject, ['data', 'context']);
    const durable = mentions(subject, ['state', 'steps', 'error']);
    // copies first: a guest's rows are found by the address that the updates below replace
    const order_copies = await redactRows(s.store, ctx, subject, {
      table: 'order',
      where: t.where,
      params: t.params,
      redact: ['items', 'metadata', 'transfer'],
    });
    const cart_copies = await redactRows(s.store, ctx, subject, { table: 'cart', where: t.where, params: t.params, redact: ['metadata'] });
    const counts = {
      order: await updateRows(s.store, ctx, 'order', { email: `'${ERASED_EMAIL}'`, ...addresses }, t.where, t.params),
      order_copies,
      cart: await updateRows(s.store, ctx, 'cart', { email: 'null', ...addresses }, t.where, t.params),
      cart_copies,
      line_item,
      payment_session: await redactRows(s.store, ctx, subject, { table: 'payment_session', ...payment, redact: ['data', 'context'] }),
      durable_process: await redactRows(s.store, ctx, subject, { table: 'durable_process', ...durable, redact: ['state', 'steps', 'error'] }),
    };
    return counts;
  },
};
