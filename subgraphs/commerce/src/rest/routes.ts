import { z } from 'zod';
import { Errors, fieldsParam, limitParam, offsetParam, route, stringList } from '@svc/kit';
import { createCartSchema, lineItemSchema, paymentSessionSchema, promoCodesSchema, shippingMethodSchema, updateCartSchema, updateLineItemSchema } from '../inputs/cart.input';

/** Top-level fields of a cart a client may name in `fields` (the document holds them all). */
const CART_FIELDS = new Set([
  'id', 'currency_code', 'region_id', 'region', 'customer_id', 'customer', 'sales_channel_id', 'email', 'locale', 'shipping_address', 'billing_address',
  'items', 'shipping_methods', 'promotions', 'payment_collection', 'metadata', 'completed_at', 'created_at', 'updated_at',
  'total', 'subtotal', 'tax_total', 'discount_total', 'discount_subtotal', 'discount_tax_total', 'original_total', 'original_subtotal', 'original_tax_total',
  'item_total', 'item_subtotal', 'item_tax_total', 'item_discount_total', 'original_item_total', 'original_item_subtotal', 'original_item_tax_total',
  'shipping_total', 'shipping_subtotal', 'shipping_tax_total', 'shipping_discount_total', 'original_shipping_total', 'original_shipping_subtotal',
  'original_shipping_tax_total', 'gift_card_total', 'gift_card_tax_total', 'credit_line_total',
]);
const ORDER_FIELDS = new Set([
  ...CART_FIELDS, 'display_id', 'status', 'payment_status', 'fulfillment_status', 'payment_collections', 'fulfillments', 'summary', 'canceled_at', 'transactions',
]);

const cartId = z.strictObject({ id: z.string().min(1).max(200) });
const lineParams = z.strictObject({ id: z.string().min(1).max(200), line_id: z.string().min(1).max(200) });
const fieldsOnly = z.strictObject({ fields: fieldsParam });
/** a required query parameter, checked after authentication (a request without a key is a 401 first) */
const required = (value: string | undefined, name: string): string => {
  if (!value) throw Errors.validation('missing_field', `Invalid request: Field '${name}' is required`, [{ field: name, code: 'missing_field', message: `Field '${name}' is required` }]);
  return value;
};
/** routes without a payload: an empty JSON body (the SDK sends one) is `{}`, anything else is refused */
const noBody = z.strictObject({});
/** a guest order's cancellation code (mailed to the order's email); customers cancel with their token */
const cancelBody = z.strictObject({ code: z.string().min(1).max(200).optional() });
const cartFields = { key: 'cart', allowed: CART_FIELDS };
const orderFields = { key: 'order', allowed: ORDER_FIELDS };
const cart = (d: any) => d.document;

/** commerce's REST routes: Medusa v2's cart, checkout, payment and order endpoints plus the documented extensions. */
export const commerceRoutes = [
  // ---- carts ----
  route({
    method: 'POST', path: '/store/carts', auth: 'publishable', query: fieldsOnly, body: createCartSchema,
    operation: 'commerce/StoreCreateCart', summary: "Creates a cart (region: the store's first when none is given; items, addresses and promo codes optional)",
    fields: cartFields, variables: ({ body }) => ({ input: body ?? {} }), respond: (d) => ({ cart: cart(d.createCart) }),
  }),
  route({
    method: 'GET', path: '/store/carts/:id', auth: 'publishable', params: cartId, query: fieldsOnly,
    operation: 'commerce/StoreCart', summary: "A cart with its lines, shipping, promotions, payment collection and totals (a customer's cart only for that customer)",
    fields: cartFields, variables: ({ params }) => ({ id: params.id }), respond: (d) => ({ cart: cart(d.cart) }),
  }),
  route({
    method: 'POST', path: '/store/carts/:id', auth: 'publishable', params: cartId, query: fieldsOnly, body: updateCartSchema,
    operation: 'commerce/StoreUpdateCart', summary: 'Updates email, addresses, region (re-prices the lines), sales channel, promo codes, metadata',
    fields: cartFields, variables: ({ params, body }) => ({ id: params.id, input: body ?? {} }), respond: (d) => ({ cart: cart(d.updateCart) }),
  }),
  route({
    method: 'POST', path: '/store/carts/:id/line-items', auth: 'publishable', params: cartId, query: fieldsOnly, body: lineItemSchema,
    operation: 'commerce/StoreAddLineItem', summary: 'Adds a product variant (the same variant again adds to its line)',
    fields: cartFields, variables: ({ params, body }) => ({ id: params.id, input: body }), respond: (d) => ({ cart: cart(d.addCartLineItem) }),
  }),
  route({
    method: 'POST', path: '/store/carts/:id/line-items/:line_id', auth: 'publishable', params: lineParams, query: fieldsOnly, body: updateLineItemSchema,
    operation: 'commerce/StoreUpdateLineItem', summary: 'Changes the quantity of a line (0 removes it)',
    fields: cartFields, variables: ({ params, body }) => ({ id: params.id, line_id: params.line_id, input: body }), respond: (d) => ({ cart: cart(d.updateCartLineItem) }),
  }),
  route({
    method: 'DELETE', path: '/store/carts/:id/line-items/:line_id', auth: 'publishable', params: lineParams, query: fieldsOnly,
    operation: 'commerce/StoreDeleteLineItem', summary: 'Removes a line',
    variables: ({ params }) => ({ id: params.id, line_id: params.line_id }),
    respond: (d, { params }) => ({ id: params.line_id, object: 'line-item', deleted: true, parent: cart(d.deleteCartLineItem) }),
  }),
  route({
    method: 'POST', path: '/store/carts/:id/shipping-methods', auth: 'publishable', params: cartId, query: fieldsOnly, body: shippingMethodSchema,
    operation: 'commerce/StoreAddShippingMethod', summary: "Chooses a shipping option of the cart's region (replaces the previous choice)",
    fields: cartFields, variables: ({ params, body }) => ({ id: params.id, input: body }), respond: (d) => ({ cart: cart(d.addCartShippingMethod) }),
  }),
  route({
    method: 'POST', path: '/store/carts/:id/promotions', auth: 'publishable', params: cartId, query: fieldsOnly, body: promoCodesSchema,
    operation: 'commerce/StoreAddPromotions', summary: 'Applies promotion codes (400 for an unknown, expired or used-up code)',
    fields: cartFields, variables: ({ params, body }) => ({ id: params.id, input: body }), respond: (d) => ({ cart: cart(d.addCartPromotions) }),
  }),
  route({
    method: 'DELETE', path: '/store/carts/:id/promotions', auth: 'publishable', params: cartId, query: fieldsOnly, body: promoCodesSchema,
    operation: 'commerce/StoreRemovePromotions', summary: 'Removes promotion codes (JSON body on DELETE, as the Medusa SDK sends it)',
    fields: cartFields, variables: ({ params, body }) => ({ id: params.id, input: body }), respond: (d) => ({ cart: cart(d.removeCartPromotions) }),
  }),
  route({
    method: 'POST', path: '/store/carts/:id/customer', auth: 'customer', params: cartId, query: fieldsOnly, body: noBody,
    operation: 'commerce/StoreTransferCart', summary: 'Makes a guest cart the signed-in customer’s',
    fields: cartFields, variables: ({ params }) => ({ id: params.id }), respond: (d) => ({ cart: cart(d.transferCart) }),
  }),
  route({
    method: 'POST', path: '/store/carts/:id/complete', auth: 'publishable', params: cartId, query: fieldsOnly, body: noBody,
    operation: 'commerce/StoreCompleteCart',
    summary: 'Places the order: idempotent per cart; {type:"order", order}, or {type:"cart", cart, error} when the payment is not authorised',
    fields: orderFields, variables: ({ params }) => ({ id: params.id }),
    respond: (d) => {
      const r = d.completeCart;
      return r.type === 'order' ? { type: 'order', order: r.order.document } : { type: 'cart', cart: r.cart.document, error: r.error };
    },
  }),
  route({
    method: 'POST', path: '/store/carts/:id/payment-sessions', auth: 'publishable', params: cartId, query: fieldsOnly, body: noBody,
    operation: 'commerce/StoreCartPaymentSessions', summary: "Creates a payment session for every provider offered in the cart's region",
    fields: cartFields, variables: ({ params }) => ({ id: params.id }), respond: (d) => ({ cart: cart(d.createCartPaymentSessions) }),
  }),
  // ---- shipping and payment ----
  route({
    method: 'GET', path: '/store/shipping-options', auth: 'publishable',
    query: z.strictObject({ cart_id: z.string().min(1).max(200).optional(), is_return: z.string().max(10).optional(), limit: limitParam, offset: offsetParam }),
    operation: 'commerce/StoreShippingOptions', summary: "The shipping options of the cart's region, priced for the cart",
    variables: ({ query }) => ({ cart_id: required(query.cart_id, 'cart_id') }),
    respond: (d) => ({ shipping_options: d.cartShippingOptions.map((o: { document: unknown }) => o.document) }),
  }),
  route({
    method: 'POST', path: '/store/shipping-options/:id/calculate', auth: 'publishable', params: cartId,
    body: z.strictObject({ cart_id: z.string().min(1).max(200), data: z.record(z.string(), z.unknown()).optional() }),
    operation: 'commerce/StoreCalculateShippingOption', summary: 'One shipping option priced for a cart',
    variables: ({ params, body }) => ({ id: params.id, cart_id: body.cart_id }),
    respond: (d) => ({ shipping_option: d.calculateShippingOption.document }),
  }),
  route({
    method: 'GET', path: '/store/payment-providers', auth: 'publishable',
    query: z.strictObject({ region_id: z.string().min(1).max(200).optional(), limit: limitParam, offset: offsetParam }),
    operation: 'commerce/StorePaymentProviders', summary: 'The payment providers offered in a region',
    variables: ({ query }) => ({ region_id: required(query.region_id, 'region_id') }),
    respond: (d, { query }) => {
      const all = d.paymentProviders as unknown[];
      const offset = query.offset ?? 0;
      const limit = query.limit ?? 20;
      return { payment_providers: all.slice(offset, offset + limit), count: all.length, offset, limit };
    },
  }),
  route({
    method: 'POST', path: '/store/payment-collections', auth: 'publishable', body: z.strictObject({ cart_id: z.string().min(1).max(200) }),
    operation: 'commerce/StoreCreatePaymentCollection', summary: "The cart's payment collection (created once per cart)",
    variables: ({ body }) => ({ cart_id: body.cart_id }), respond: (d) => ({ payment_collection: d.createPaymentCollection.document }),
  }),
  route({
    method: 'POST', path: '/store/payment-collections/:id/payment-sessions', auth: 'publishable', params: cartId, body: paymentSessionSchema,
    operation: 'commerce/StoreInitiatePaymentSession', summary: 'Initiates a session with one provider (replacing the others)',
    variables: ({ params, body }) => ({ id: params.id, input: body }), respond: (d) => ({ payment_collection: d.initiatePaymentSession.document }),
  }),
  route({
    method: 'GET', path: '/store/checkout-config', auth: 'publishable', query: z.strictObject({ region_id: z.string().min(1).max(200).optional() }),
    operation: 'commerce/StoreCheckoutConfig', summary: 'Checkout fields (required, optional, hidden), payment providers and shipping options',
    variables: ({ query }) => ({ region_id: query.region_id ?? null }), respond: (d) => ({ checkout_config: d.checkoutConfig }),
  }),
  route({
    method: 'GET', path: '/store/payment-config', auth: 'publishable', query: z.strictObject({ region_id: z.string().min(1).max(200).optional() }),
    operation: 'commerce/StorePaymentConfig', summary: 'Per region: the payment providers and their public settings (Stripe publishable key, PayPal client id)',
    variables: ({ query }) => ({ region_id: query.region_id ?? null }), respond: (d) => ({ payment_config: d.paymentConfig }),
  }),
  route({
    method: 'GET', path: '/store/bank-info', auth: 'publishable',
    operation: 'commerce/StoreBankInfo', summary: 'Bank-transfer instructions (404 provider_not_enabled without bank transfer)',
    respond: (d) => ({ bank_info: d.bankInfo }),
  }),
  // ---- orders ----
  ...(['/store/orders', '/store/orders/me'] as const).map((path) =>
    route({
      method: 'GET', path, auth: 'customer',
      query: z.strictObject({ limit: limitParam, offset: offsetParam, order: z.string().max(50).optional(), status: stringList.optional(), fields: fieldsParam }),
      operation: 'commerce/StoreMyOrders', summary: "The signed-in customer's orders, newest first",
      fields: { key: 'orders', allowed: ORDER_FIELDS },
      variables: ({ query }) => ({ limit: query.limit ?? 50, offset: query.offset ?? 0, status: query.status }),
      respond: (d) => ({ orders: d.myOrders.items.map((o: any) => o.document), count: d.myOrders.count, offset: d.myOrders.offset, limit: d.myOrders.limit }),
    }),
  ),
  route({
    method: 'GET', path: '/store/orders/:id', auth: 'publishable', params: cartId, query: fieldsOnly,
    operation: 'commerce/StoreOrder', summary: "One order: a customer's only for that customer, a guest's by the id its completion returned",
    fields: orderFields, variables: ({ params }) => ({ id: params.id }), respond: (d) => ({ order: d.order.document }),
  }),
  route({
    method: 'POST', path: '/store/orders/:id/transfer/request', auth: 'customer', params: cartId, query: fieldsOnly,
    body: z.strictObject({ description: z.string().max(1000).optional() }),
    operation: 'commerce/StoreRequestOrderTransfer', summary: "Asks to take over an order; a one-time token goes to the order's email (event order.transfer_requested)",
    fields: orderFields, variables: ({ params, body }) => ({ id: params.id, description: body?.description ?? null }), respond: (d) => ({ order: d.requestOrderTransfer.document }),
  }),
  route({
    method: 'POST', path: '/store/orders/:id/transfer/accept', auth: 'publishable', params: cartId, query: fieldsOnly, body: z.strictObject({ token: z.string().min(1).max(200) }),
    operation: 'commerce/StoreAcceptOrderTransfer', summary: 'With the emailed token: the order goes to the customer who asked',
    fields: orderFields, variables: ({ params, body }) => ({ id: params.id, token: body.token }), respond: (d) => ({ order: d.acceptOrderTransfer.document }),
  }),
  route({
    method: 'POST', path: '/store/orders/:id/transfer/decline', auth: 'publishable', params: cartId, query: fieldsOnly, body: z.strictObject({ token: z.string().min(1).max(200) }),
    operation: 'commerce/StoreDeclineOrderTransfer', summary: 'With the emailed token: the request is declined',
    fields: orderFields, variables: ({ params, body }) => ({ id: params.id, token: body.token }), respond: (d) => ({ order: d.declineOrderTransfer.document }),
  }),
  route({
    method: 'POST', path: '/store/orders/:id/transfer/cancel', auth: 'customer', params: cartId, query: fieldsOnly, body: noBody,
    operation: 'commerce/StoreCancelOrderTransfer', summary: 'The requester withdraws a transfer request',
    fields: orderFields, variables: ({ params }) => ({ id: params.id }), respond: (d) => ({ order: d.cancelOrderTransfer.document }),
  }),
  route({
    method: 'POST', path: '/store/orders/:id/cancel', auth: 'publishable', params: cartId, query: fieldsOnly, body: cancelBody,
    operation: 'commerce/StoreCancelOrder',
    summary: "Cancels an unfulfilled order within the cancellation window (restocks, voids the payment); else 409. A customer's order needs that customer's token (404 otherwise); a guest order needs `code`, the cancellation code mailed to the order's email (400 invalid_cancel_code)",
    fields: orderFields, variables: ({ params, body }) => ({ id: params.id, code: body.code ?? null }), respond: (d) => ({ order: d.cancelOrder.document }),
  }),
];
