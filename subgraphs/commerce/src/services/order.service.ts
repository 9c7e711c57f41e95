import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { LockMode, type EntityManager } from '@mikro-orm/core';
import { DomainError, Errors, normalizePage, requireTenant, type Paginated, type RequestContext, type Store } from '@svc/kit';
import { Order } from '../entities/order.entity';
import { PaymentCollection, PaymentSession } from '../entities/payment.entity';
import { commerceEvents } from '../events';
import type { PaymentContext } from '../payments/provider';
import { paymentCollectionDocument, type CartDocument, type CartService } from './cart.service';
import type { LineItemKinds } from './line-item-kinds';
import type { PaymentService } from './payment.service';
import type { SetupService } from './setup.service';

export type OrderDocument = Record<string, any> & { id: string };

export type CompletionResult = { type: 'order'; order: OrderDocument } | { type: 'cart'; cart: CartDocument; error: { message: string; name: string; type: string } };

const TOTAL_KEYS = [
  'total', 'subtotal', 'tax_total', 'discount_total', 'discount_subtotal', 'discount_tax_total', 'original_total', 'original_subtotal', 'original_tax_total',
  'item_total', 'item_subtotal', 'item_tax_total', 'item_discount_total', 'original_item_total', 'original_item_subtotal', 'original_item_tax_total',
  'shipping_total', 'shipping_subtotal', 'shipping_tax_total', 'shipping_discount_total', 'original_shipping_total', 'original_shipping_subtotal',
  'original_shipping_tax_total', 'gift_card_total', 'gift_card_tax_total', 'credit_line_total',
] as const;

/** Stock lines of a cart document, grouped by kind. */
function stockLines(doc: CartDocument): Map<string, Array<{ reference_id: string; quantity: number }>> {
  const by = new Map<string, Array<{ reference_id: string; quantity: number }>>();
  for (const i of doc.items) {
    const list = by.get(i.kind) ?? [];
    list.push({ reference_id: i.reference_id, quantity: i.quantity });
    by.set(i.kind, list);
  }
  return by;
}

/**
 * Checkout and orders. Completion is one unit of work per cart under the cart's row lock, so a
 * double submit waits and then finds the order the first one placed (idempotent). Stock is reserved
 * in its owning domain first (all lines or none), then the payment is authorised; the order, the
 * cart's completion, promotion usage and `order.placed` are written in one transaction, and anything
 * failing after the reservation gives the stock back and voids the authorisation.
 */
export class OrderService {
  constructor(
    private readonly store: Store,
    private readonly carts: CartService,
    private readonly payments: PaymentService,
    private readonly setup: SetupService,
    private readonly kinds: LineItemKinds,
  ) {}

  async complete(ctx: RequestContext, cartId: string): Promise<CompletionResult> {
    const tenantId = requireTenant(ctx);
    const reserved: { current: Map<string, Array<{ reference_id: string; quantity: number }>> | null } = { current: null };
    const authorized: { current: { adapter: Awaited<ReturnType<PaymentService['adapter']>>; data: Record<string, unknown>; context: PaymentContext } | null } = { current: null };
    try {
      // every read inside runs on the transaction's connection (tx): concurrent completions never wait for a second one
      return await this.store.transaction(ctx, async (em, tx) => {
        const cart = await this.carts.load(em, tx, cartId, true);
        if (cart.completedAt && cart.orderId) return { type: 'order' as const, order: await this.get(tx, cart.orderId, { skipOwner: true }) };
        const doc = await this.carts.document(tx, em, cart);
        if (!doc.items.length) throw Errors.validation('cart_empty', 'The cart has no items');
        if (doc.items.some((i: any) => i.requires_shipping) && !doc.shipping_methods.length) {
          throw Errors.validation('shipping_method_required', 'The cart needs a shipping method');
        }
        const pc = await em.findOne(PaymentCollection, { cartId }, { populate: ['sessions'] });
        if (!pc) throw Errors.validation('payment_collection_required', 'Payment collection has not been initiated for cart');
        const session = pc.sessions.getItems().filter((s) => s.status !== 'canceled' && s.status !== 'error').pop();
        if (!session) throw Errors.validation('payment_session_required', 'Payment sessions are required to complete cart');

        // promotion usage: counted now, rolled back with everything else if the order is not placed
        for (const p of doc.promotions) {
          const n = await this.store.sql<{ id: string }>(
            tx,
            `update ${this.store.table('promotion')} set usage_count = usage_count + 1 where id = ? and tenant_id = ? and (usage_limit is null or usage_count < usage_limit) returning id`,
            [p.id, tenantId],
          );
          if (!n.length) throw Errors.validation('promotion_exhausted', `The promotion ${p.code} can no longer be used`);
        }

        // stock, in the domains that own it: every line or none
        const lines = stockLines(doc);
        const done = new Map<string, Array<{ reference_id: string; quantity: number }>>();
        try {
          for (const [kind, xs] of lines) {
            await this.kinds.get(kind).reserve(tx, xs);
            done.set(kind, xs);
          }
        } catch (err) {
          await this.release(ctx, done);
          throw err;
        }
        reserved.current = done;

        // payment
        const adapter = await this.payments.adapter(tx, session.providerId, null);
        const context: PaymentContext = { ...(session.context as unknown as PaymentContext), idempotency_key: `${session.id}_authorize` };
        const result = await this.payments.call(ctx, adapter.id, () => adapter.authorize({ amount: session.amount, currency_code: session.currencyCode, data: session.data, context }));
        session.data = result.data;
        if (result.status !== 'authorized' && result.status !== 'captured') {
          // the shopper's payment was refused: the cart stays a cart (the stock goes back below)
          session.status = result.status === 'requires_more' ? 'requires_more' : 'error';
          const message = result.message ?? 'The payment was not authorised';
          const e = new DomainError('validation_error', 'payment_authorization_error', message);
          (e as DomainError & { cartSession?: string }).cartSession = session.id;
          throw e;
        }
        authorized.current = { adapter, data: result.data, context };
        session.status = result.status;
        session.authorizedAt = new Date();
        if (result.status === 'captured') session.capturedAt = new Date();

        // the order
        const [{ last }] = await this.store.sql<{ last: number }>(
          tx,
          `insert into ${this.store.table('order_counter')} (tenant_id, last) values (?, 1)
             on conflict (tenant_id) do update set last = ${this.store.table('order_counter')}.last + 1 returning last`,
          [tenantId],
        );
        const order = em.create(Order, {
          tenantId,
          displayId: last,
          cartId: cart.id,
          regionId: cart.regionId,
          currencyCode: cart.currencyCode,
          customerId: cart.customerId,
          email: cart.email,
          salesChannelId: cart.salesChannelId,
          status: 'pending',
          paymentStatus: result.status === 'captured' ? 'captured' : 'authorized',
          shippingAddress: cart.shippingAddress,
          billingAddress: cart.billingAddress,
          items: doc.items.map((i: any) => ({ ...i, order_id: undefined, cart_id: undefined })),
          shippingMethods: doc.shipping_methods,
          promotions: doc.promotions,
          totals: Object.fromEntries(TOTAL_KEYS.map((k) => [k, doc[k] ?? 0])),
          metadata: cart.metadata,
        });
        cart.completedAt = new Date();
        cart.orderId = order.id;
        pc.orderId = order.id;
        pc.status = 'authorized';
        pc.authorizedAmount = session.amount;
        if (result.status === 'captured') pc.capturedAmount = session.amount;
        pc.completedAt = new Date();
        commerceEvents.emit(em, tx, 'order.placed', {
          id: order.id,
          display_id: last,
          cart_id: cart.id,
          customer_id: cart.customerId,
          email: cart.email,
          currency_code: cart.currencyCode,
          total: doc.total,
        });
        await em.flush();
        return { type: 'order' as const, order: this.document(order, pc) };
      });
    } catch (err) {
      if (reserved.current) await this.release(ctx, reserved.current).catch((e: unknown) => ctx.log.error({ err: e, cartId }, 'could not release stock after a failed completion'));
      const a = authorized.current;
      if (a) {
        await a.adapter.cancel({ data: a.data, context: a.context }).catch((e: unknown) => ctx.log.error({ err: e, cartId }, 'could not void a payment after a failed completion'));
      }
      if (err instanceof DomainError && err.code === 'payment_authorization_error') {
        await this.markSession(ctx, (err as DomainError & { cartSession?: string }).cartSession, 'error');
        const cart = await this.carts.get(ctx, cartId);
        return { type: 'cart', cart, error: { message: err.message, name: 'Error', type: 'payment_authorization_error' } };
      }
      throw err;
    }
  }

  private async markSession(ctx: RequestContext, sessionId: string | undefined, status: 'error'): Promise<void> {
    if (!sessionId) return;
    await this.store.transaction(ctx, async (em) => {
      const s = await em.findOne(PaymentSession, { id: sessionId });
      if (s) s.status = status;
    });
  }

  private async release(ctx: RequestContext, lines: Map<string, Array<{ reference_id: string; quantity: number }>>): Promise<void> {
    for (const [kind, xs] of lines) await this.kinds.get(kind).release(ctx, xs);
  }

  // ---- reads ----

  /** An order: a customer's only for that customer (404 for anyone else); a guest's for whoever holds its id. */
  async get(ctx: RequestContext, id: string, o: { skipOwner?: boolean } = {}): Promise<OrderDocument> {
    const em = this.store.em(ctx);
    const order = await em.findOne(Order, { id });
    if (!order || (!o.skipOwner && !this.mayRead(ctx, order))) throw Errors.notFound('Order', id);
    const pc = await em.findOne(PaymentCollection, { orderId: order.id }, { populate: ['sessions'] });
    return this.document(order, pc);
  }

  private mayRead(ctx: RequestContext, order: Order): boolean {
    const t = ctx.actor.type;
    if (t === 'admin' || t === 'operator' || t === 'agent') return true;
    if (!order.customerId) return true;
    return t === 'customer' && ctx.actor.id === order.customerId;
  }

  /** The signed-in customer's orders, newest first. */
  async mine(ctx: RequestContext, a: { limit?: number; offset?: number; status?: string[] }): Promise<Paginated<OrderDocument>> {
    if (ctx.actor.type !== 'customer' || !ctx.actor.id) throw Errors.unauthenticated();
    return this.list(ctx, { ...a, customer_id: ctx.actor.id });
  }

  async list(ctx: RequestContext, a: { limit?: number; offset?: number; status?: string[]; customer_id?: string }): Promise<Paginated<OrderDocument>> {
    const page = normalizePage(a, 50);
    const where = { ...(a.customer_id ? { customerId: a.customer_id } : {}), ...(a.status?.length ? { status: { $in: a.status as Order['status'][] } } : {}) };
    const em = this.store.em(ctx);
    const [rows, count] = await em.findAndCount(Order, where, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: page.limit || undefined, offset: page.offset });
    const pcs = await em.find(PaymentCollection, { orderId: { $in: rows.map((r) => r.id) } }, { populate: ['sessions'] });
    const byOrder = new Map(pcs.map((p) => [p.orderId, p]));
    return { items: page.limit ? rows.map((r) => this.document(r, byOrder.get(r.id) ?? null)) : [], count, ...page };
  }

  // ---- changes ----

  /**
   * The customer cancels: only an unfulfilled order within the tenant's cancellation window (409
   * cancellation_window_closed otherwise); the stock goes back and the payment is voided.
   */
  async cancel(ctx: RequestContext, id: string): Promise<OrderDocument> {
    const { cancellation_window_hours } = await this.setup.settings(ctx);
    const order = await this.store.transaction(ctx, async (em, tx) => {
      const o = await em.findOne(Order, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!o || !this.mayRead(ctx, o)) throw Errors.notFound('Order', id);
      if (o.status === 'canceled') throw Errors.conflict('invalid_transition', 'The order is already canceled');
      const closes = o.createdAt.getTime() + cancellation_window_hours * 3_600_000;
      if (o.fulfillmentStatus !== 'not_fulfilled' || Date.now() > closes) {
        throw Errors.conflict('cancellation_window_closed', `Orders can be canceled within ${cancellation_window_hours} hours of placement and before they are fulfilled`);
      }
      const pc = await em.findOne(PaymentCollection, { orderId: o.id }, { populate: ['sessions'] });
      const session = pc?.sessions.getItems().find((s) => s.status === 'authorized' || s.status === 'captured');
      if (session) {
        const adapter = await this.payments.adapter(tx, session.providerId, null);
        const context = { ...(session.context as unknown as PaymentContext), idempotency_key: `${session.id}_cancel` };
        const r = session.status === 'captured'
          ? await this.payments.call(ctx, adapter.id, () => adapter.refund({ amount: session.amount, currency_code: session.currencyCode, data: session.data, context }))
          : await this.payments.call(ctx, adapter.id, () => adapter.cancel({ data: session.data, context }));
        session.data = r.data;
        if (session.status === 'captured') pc!.refundedAmount = session.amount;
        session.status = 'canceled';
        session.canceledAt = new Date();
        pc!.status = 'canceled';
      }
      o.status = 'canceled';
      o.paymentStatus = session?.status === 'canceled' && pc?.refundedAmount ? 'refunded' : 'canceled';
      o.fulfillmentStatus = 'canceled';
      o.canceledAt = new Date();
      const lines = stockLines({ items: o.items } as CartDocument);
      await this.release(ctx, lines);
      commerceEvents.emit(em, tx, 'order.canceled', { id: o.id, customer_id: o.customerId });
      await em.flush();
      return o;
    });
    return this.get(ctx, order.id, { skipOwner: true });
  }

  /** Admin: the order left the warehouse; reserved stock becomes shipped stock. */
  async ship(ctx: RequestContext, id: string, tracking?: { carrier?: string | null; tracking_number?: string | null }): Promise<OrderDocument> {
    await this.store.transaction(ctx, async (em, tx) => {
      const o = await em.findOne(Order, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!o) throw Errors.notFound('Order', id);
      if (o.status === 'canceled' || o.fulfillmentStatus !== 'not_fulfilled') throw Errors.conflict('invalid_transition', `The order is ${o.status === 'canceled' ? 'canceled' : o.fulfillmentStatus}`);
      for (const [kind, xs] of stockLines({ items: o.items } as CartDocument)) await this.kinds.get(kind).fulfil(ctx, xs);
      o.fulfillmentStatus = 'shipped';
      o.fulfilledAt = new Date();
      o.shippedAt = new Date();
      o.metadata = { ...(o.metadata ?? {}), ...(tracking?.tracking_number ? { tracking_number: tracking.tracking_number, carrier: tracking.carrier ?? null } : {}) };
      commerceEvents.emit(em, tx, 'order.fulfilment_shipped', { id: o.id, customer_id: o.customerId, tracking_number: tracking?.tracking_number ?? null });
    });
    return this.get(ctx, id);
  }

  /** Admin: takes the authorised payment. */
  async capture(ctx: RequestContext, id: string): Promise<OrderDocument> {
    await this.store.transaction(ctx, async (em, tx) => {
      const o = await em.findOne(Order, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!o) throw Errors.notFound('Order', id);
      const pc = await em.findOne(PaymentCollection, { orderId: o.id }, { populate: ['sessions'] });
      const session = pc?.sessions.getItems().find((s) => s.status === 'authorized');
      if (!pc || !session || o.status === 'canceled') throw Errors.conflict('invalid_transition', 'The order has no authorised payment to capture');
      const adapter = await this.payments.adapter(tx, session.providerId, null);
      const context = { ...(session.context as unknown as PaymentContext), idempotency_key: `${session.id}_capture` };
      const r = await this.payments.call(ctx, adapter.id, () => adapter.capture({ amount: session.amount, currency_code: session.currencyCode, data: session.data, context }));
      if (r.status !== 'captured') throw Errors.conflict('capture_failed', r.message ?? 'The provider did not capture the payment');
      session.status = 'captured';
      session.capturedAt = new Date();
      session.data = r.data;
      pc.capturedAmount = session.amount;
      pc.status = 'completed';
      o.paymentStatus = 'captured';
      commerceEvents.emit(em, tx, 'order.payment_captured', { id: o.id, amount: Number(session.amount), currency_code: o.currencyCode });
    });
    return this.get(ctx, id);
  }

  // ---- transfers (Medusa's order transfer requests) ----

  private async lockedOrder(em: EntityManager, id: string): Promise<Order> {
    const o = await em.findOne(Order, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!o) throw Errors.notFound('Order', id);
    return o;
  }

  /**
   * The signed-in customer asks to take over an order (a guest order placed with their email, say):
   * a one-time token valid for 7 days goes to the order's email (the event carries it; it is stored
   * hashed). Another customer's order is 404.
   */
  async requestTransfer(ctx: RequestContext, id: string, description?: string | null): Promise<OrderDocument> {
    const customerId = ctx.actor.type === 'customer' ? ctx.actor.id : null;
    if (!customerId) throw Errors.unauthenticated();
    await this.store.transaction(ctx, async (em, tx) => {
      const o = await this.lockedOrder(em, id);
      if (o.customerId && o.customerId !== customerId) throw Errors.notFound('Order', id);
      if (o.customerId === customerId) throw Errors.validation('already_owner', 'The order already belongs to you');
      const token = randomBytes(24).toString('hex');
      const expires = new Date(Date.now() + 7 * 24 * 3_600_000);
      o.transfer = { customer_id: customerId, token_hash: createHash('sha256').update(token).digest('hex'), requested_at: new Date().toISOString(), expires_at: expires.toISOString(), description: description ?? null };
      commerceEvents.emit(em, tx, 'order.transfer_requested', { id: o.id, email: o.email, requested_by: customerId, token, expires_at: expires.toISOString() });
    });
    return this.get(ctx, id, { skipOwner: true });
  }

  private checkToken(o: Order, token: string): { customer_id: string } {
    const t = o.transfer as { customer_id: string; token_hash: string; expires_at: string } | null;
    const given = createHash('sha256').update(token).digest();
    if (!t || new Date(t.expires_at) < new Date() || !timingSafeEqual(Buffer.from(t.token_hash, 'hex'), given)) {
      throw Errors.validation('invalid_transfer_token', 'The transfer token is not valid (unknown, used or expired)');
    }
    return t;
  }

  /** Whoever holds the token (sent to the order's email) gives the order to the requesting customer. */
  async acceptTransfer(ctx: RequestContext, id: string, token: string): Promise<OrderDocument> {
    await this.store.transaction(ctx, async (em, tx) => {
      const o = await this.lockedOrder(em, id);
      const t = this.checkToken(o, token);
      o.customerId = t.customer_id;
      o.transfer = null;
      commerceEvents.emit(em, tx, 'order.transfer_accepted', { id: o.id, customer_id: t.customer_id });
    });
    return this.get(ctx, id, { skipOwner: true });
  }

  async declineTransfer(ctx: RequestContext, id: string, token: string): Promise<OrderDocument> {
    await this.store.transaction(ctx, async (em, tx) => {
      const o = await this.lockedOrder(em, id);
      this.checkToken(o, token);
      o.transfer = null;
      commerceEvents.emit(em, tx, 'order.transfer_declined', { id: o.id });
    });
    return this.get(ctx, id, { skipOwner: true });
  }

  /** The requester withdraws the request. */
  async cancelTransfer(ctx: RequestContext, id: string): Promise<OrderDocument> {
    const customerId = ctx.actor.type === 'customer' ? ctx.actor.id : null;
    if (!customerId) throw Errors.unauthenticated();
    await this.store.transaction(ctx, async (em) => {
      const o = await this.lockedOrder(em, id);
      const t = o.transfer as { customer_id?: string } | null;
      if (!t || t.customer_id !== customerId) throw Errors.notFound('Order transfer request', id);
      o.transfer = null;
    });
    return this.get(ctx, id, { skipOwner: true });
  }

  // ---- shape ----

  document(o: Order, pc: PaymentCollection | null): OrderDocument {
    const totals = o.totals;
    return {
      id: o.id,
      display_id: o.displayId,
      status: o.status,
      payment_status: o.paymentStatus,
      fulfillment_status: o.fulfillmentStatus,
      region_id: o.regionId,
      customer_id: o.customerId,
      sales_channel_id: o.salesChannelId,
      email: o.email,
      currency_code: o.currencyCode,
      shipping_address: o.shippingAddress,
      billing_address: o.billingAddress,
      items: o.items.map((i) => ({ ...i, order_id: o.id, detail: { item_id: i.id, quantity: i.quantity, fulfilled_quantity: o.fulfillmentStatus === 'shipped' ? i.quantity : 0, shipped_quantity: o.fulfillmentStatus === 'shipped' ? i.quantity : 0, delivered_quantity: 0, return_requested_quantity: 0, return_received_quantity: 0, return_dismissed_quantity: 0, written_off_quantity: 0 } })),
      shipping_methods: o.shippingMethods.map((m) => ({ ...m, order_id: o.id, cart_id: undefined })),
      promotions: o.promotions,
      payment_collections: pc ? [paymentCollectionDocument(pc)] : [],
      fulfillments: o.fulfillmentStatus === 'shipped' ? [{ id: `ful_${o.id}`, shipped_at: o.shippedAt?.toISOString() ?? null, metadata: o.metadata }] : [],
      summary: {
        current_order_total: totals.total ?? 0,
        original_order_total: totals.total ?? 0,
        paid_total: o.paymentStatus === 'captured' ? totals.total ?? 0 : 0,
        refunded_total: o.paymentStatus === 'refunded' ? totals.total ?? 0 : 0,
        transaction_total: o.paymentStatus === 'captured' ? totals.total ?? 0 : 0,
        pending_difference: o.paymentStatus === 'captured' || o.status === 'canceled' ? 0 : totals.total ?? 0,
        accounting_total: totals.total ?? 0,
      },
      metadata: o.metadata,
      canceled_at: o.canceledAt?.toISOString() ?? null,
      created_at: o.createdAt.toISOString(),
      updated_at: o.updatedAt.toISOString(),
      ...totals,
    };
  }
}

