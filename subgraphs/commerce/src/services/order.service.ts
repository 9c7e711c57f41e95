import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { LockMode, type EntityManager } from '@mikro-orm/core';
import {
  DomainError,
  DurableProcesses,
  DurableRefusal,
  Errors,
  newId,
  normalizePage,
  requireTenant,
  toScaled,
  type DurableStep,
  type Paginated,
  type RequestContext,
  type Store,
} from '@svc/kit';
import type { Logger } from 'pino';
import { chargeAmount } from './totals';
import { currencyExponent, fromIsoMinor, toIsoMinor } from '../payments/money';
import type { RefundData } from '../inputs/refund.input';
import { Order } from '../entities/order.entity';
import { PaymentCollection, PaymentSession } from '../entities/payment.entity';
import { commerceEvents } from '../events';
import type { PaymentContext } from '../payments/provider';
import { paymentCollectionDocument, type CartDocument, type CartService } from './cart.service';
import { addressDocument, NO_CREDIT_LINES, orderItemDocument, orderShippingMethodDocument, summaryDocument } from './medusa-shape';
import { collectionJson, collectionView, hydrateCollection, type CartWithCollection, type PaymentCollectionView } from './cart-rows';
import type { LineItemKinds, StockLine } from './line-item-kinds';
import { defaultCommerceSettings, type CompletionSettings } from '../settings';
import type { PaymentService } from './payment.service';
import type { SetupService } from './setup.service';
import { OrderMailCodes } from './order-mail.service';

type OrderDocument = Record<string, any> & { id: string };

type CompletionResult = { type: 'order'; order: OrderDocument } | { type: 'cart'; cart: CartDocument; error: { message: string; name: string; type: string } };

export const ORDER_TOTAL_KEYS = [
  'total',
  'subtotal',
  'tax_total',
  'discount_total',
  'discount_subtotal',
  'discount_tax_total',
  'original_total',
  'original_subtotal',
  'original_tax_total',
  'item_total',
  'item_subtotal',
  'item_tax_total',
  'item_discount_total',
  'original_item_total',
  'original_item_subtotal',
  'original_item_tax_total',
  'shipping_total',
  'shipping_subtotal',
  'shipping_tax_total',
  'shipping_discount_total',
  'original_shipping_total',
  'original_shipping_subtotal',
  'original_shipping_tax_total',
  'gift_card_total',
  'gift_card_tax_total',
  'credit_line_total',
] as const;

/** Stock lines of a cart document, grouped by kind. */
function stockLines(doc: CartDocument): Map<string, StockLine[]> {
  const by = new Map<string, StockLine[]>();
  for (const i of doc.items) {
    const list = by.get(i.kind) ?? [];
    const holdKey = typeof i.data?.hold_key === 'string' ? i.data.hold_key : null;
    list.push({ reference_id: i.reference_id, quantity: i.quantity, line_id: i.id, ...(holdKey ? { hold_key: holdKey } : {}) });
    by.set(i.kind, list);
  }
  return by;
}

/** What a cart completion carries from step to step (its durable record's `state`). */
interface CompletionState {
  cart_id: string;
  session_id: string;
  provider_id: string;
  /** the amount the session was opened (and is authorised) for, and its currency */
  amount: string;
  currency_code: string;
  session_data: Record<string, unknown>;
  session_context: Record<string, unknown>;
  /** the cart as it is paid for: the order is made of exactly this */
  doc: CartDocument;
  lines: Record<string, StockLine[]>;
  promotions: Array<{ id: string; code: string }>;
  hold_ttl_s: number;
  /** capture right after placing the order (the provider's `auto_capture` setting) */
  capture: boolean;
  authorization?: { status: string; data: Record<string, unknown> } | null;
  refused?: boolean;
  order_id?: string;
  capture_error?: string | null;
}

const refusalCodes = new Set(['promotion_exhausted', 'cart_changed']);

/**
 * Checkout and orders. Completion is a durable process, one record per cart (`durable_process`,
 * kind `cart_completion`, see kit/durable.ts): prepare (checks, the money check) → claim promotion
 * usage → hold stock (keyed, expiring) → authorise the payment (outside any transaction, with an
 * idempotency key of the record's run) → confirm the hold → create the order (its transaction also
 * records the process done) → capture where configured. Every step is recorded before and after,
 * idempotent, and compensated in reverse when a later one is refused; the recovery job resumes or
 * compensates what a crashed process left.
 */
export class OrderService {
  readonly completions: DurableProcesses<CompletionState>;

  constructor(
    private readonly store: Store,
    private readonly carts: CartService,
    private readonly payments: PaymentService,
    private readonly setup: SetupService,
    private readonly kinds: LineItemKinds,
    log: Logger,
    /** signs the cancellation codes of guest orders (mailed to the order's email) */
    private readonly mailCodes: OrderMailCodes = new OrderMailCodes(`dev:${randomBytes(16).toString('hex')}`),
    /** cart completion's leases, resume window, hold expiry and recovery pace (commerce's settings) */
    readonly settings: CompletionSettings = defaultCommerceSettings().completion,
  ) {
    this.completions = new DurableProcesses<CompletionState>({
      store,
      kind: 'cart_completion',
      log,
      leaseMs: this.settings.leaseMs,
      resumeWindowMs: this.settings.resumeWindowMs,
      crashEnv: 'CHECKOUT_CRASH_AT',
      steps: this.completionSteps(),
    });
  }

  /** The steps of a cart completion. A new one (tickets, seats) is one more entry. */
  private completionSteps(): DurableStep<CompletionState>[] {
    const runKey = (r: { id: string; run: number }) => `${r.id}:${r.run}`;
    const adapterOf = (ctx: RequestContext, s: CompletionState) => this.payments.adapter(ctx, s.provider_id, null);
    return [
      {
        name: 'promotions',
        skip: (s) => !s.promotions.length,
        run: async ({ ctx, state, record }) => {
          await this.store.transaction(ctx, async (_em, tx) => {
            for (const p of state.promotions) {
              const had = await this.store.sql(tx, `select 1 from ${this.store.table('promotion_usage')} where promotion_id = ? and key = ?`, [
                p.id,
                runKey(record),
              ]);
              if (had.length) continue;
              const n = await this.store.sql<{ id: string }>(
                tx,
                `update ${this.store.table('promotion')} set usage_count = usage_count + 1 where id = ? and tenant_id = ? and (usage_limit is null or usage_count < usage_limit) returning id`,
                [p.id, record.tenant_id],
              );
              if (!n.length) throw Errors.validation('promotion_exhausted', `The promotion ${p.code} can no longer be used`);
              await this.store.sql(
                tx,
                `insert into ${this.store.table('promotion_usage')} (promotion_id, key, tenant_id, created_at) values (?, ?, ?, now())`,
                [p.id, runKey(record), record.tenant_id],
              );
            }
          });
          this.setup.invalidate(record.tenant_id);
        },
        compensate: async ({ ctx, record }) => {
          await this.store.transaction(ctx, async (_em, tx) => {
            const gone = await this.store.sql<{ promotion_id: string }>(
              tx,
              `delete from ${this.store.table('promotion_usage')} where key = ? and tenant_id = ? returning promotion_id`,
              [runKey(record), record.tenant_id],
            );
            for (const g of gone) {
              await this.store.sql(tx, `update ${this.store.table('promotion')} set usage_count = greatest(usage_count - 1, 0) where id = ?`, [g.promotion_id]);
            }
          });
          this.setup.invalidate(record.tenant_id);
        },
      },
      {
        name: 'reserve',
        skip: (s) => !Object.keys(s.lines).length,
        run: async ({ ctx, state, record }) => {
          // a kind answers its lines when their hold keys changed (a cart's hold that had expired, taken again)
          const lines = { ...state.lines };
          for (const [kind, xs] of Object.entries(state.lines)) {
            const held = await this.kinds.get(kind).hold(ctx, `${runKey(record)}:${kind}`, xs, state.hold_ttl_s);
            if (held) lines[kind] = held;
          }
          return { lines };
        },
        compensate: async ({ ctx, state, record }) => {
          for (const [kind, xs] of Object.entries(state.lines)) await this.kinds.get(kind).releaseHold(ctx, `${runKey(record)}:${kind}`, xs);
        },
      },
      {
        name: 'authorize',
        run: async ({ ctx, state, record }) => {
          const adapter = await adapterOf(ctx, state);
          const context = { ...(state.session_context as unknown as PaymentContext), idempotency_key: `${record.id}_${record.run}_authorize` };
          const result = await this.payments.call(ctx, adapter.id, () =>
            adapter.authorize({ amount: state.amount, currency_code: state.currency_code, data: state.session_data, context }),
          );
          if (result.status !== 'authorized' && result.status !== 'captured') {
            throw new DurableRefusal(new DomainError('validation_error', 'payment_authorization_error', result.message ?? 'The payment was not authorised'), {
              refused: true,
              authorization: { status: result.status, data: result.data },
            });
          }
          return { authorization: { status: result.status, data: result.data } };
        },
        compensate: async ({ ctx, state, record }) => {
          if (state.refused) return;
          const adapter = await adapterOf(ctx, state);
          const data = state.authorization?.data ?? state.session_data;
          const context = { ...(state.session_context as unknown as PaymentContext), idempotency_key: `${record.id}_${record.run}_void` };
          if (state.authorization?.status === 'captured') {
            await this.payments.call(ctx, adapter.id, () => adapter.refund({ amount: state.amount, currency_code: state.currency_code, data, context }));
          } else {
            await this.payments.call(ctx, adapter.id, () => adapter.cancel({ data, context }));
          }
          await this.markSession(ctx, state.session_id, 'canceled');
        },
      },
      {
        name: 'confirm',
        skip: (s) => !Object.keys(s.lines).length,
        run: async ({ ctx, state, record }) => {
          for (const [kind, xs] of Object.entries(state.lines)) await this.kinds.get(kind).confirm(ctx, `${runKey(record)}:${kind}`, xs);
        },
        compensate: async ({ ctx, state, record }) => {
          for (const [kind, xs] of Object.entries(state.lines)) await this.kinds.get(kind).unconfirm(ctx, `${runKey(record)}:${kind}`, xs);
        },
      },
      {
        name: 'order',
        inTransaction: true,
        run: async ({ ctx, state }) => ({ order_id: await this.placeOrder(ctx, state) }),
      },
      {
        name: 'capture',
        skip: (s) => !s.capture || s.authorization?.status === 'captured',
        run: async ({ ctx, state, record }) => {
          try {
            await this.captureOrder(ctx, state.order_id!, `${record.id}_${record.run}_capture`);
            return { capture_error: null };
          } catch (err) {
            // the order stands with an authorised payment; an admin captures it later
            ctx.log.warn({ err, order: state.order_id }, 'automatic capture failed');
            return { capture_error: (err as Error).message };
          }
        },
      },
    ];
  }

  /**
   * The cart as it will be paid for, checked: lines, shipping, a session, and the money check: the
   * session's amount must be the cart's total now (a promotion used up or a price, tax or shipping
   * change since the session opened: 400 promotion_exhausted or cart_changed).
   */
  private async prepare(ctx: RequestContext, cartId: string, loaded?: CartWithCollection): Promise<CompletionState> {
    // one read of the cart with its lines, shipping and collection serves the document and the session check
    const cart = loaded ?? (await this.carts.view(ctx, cartId));
    const pc = cart.collection;
    const doc = await this.carts.document(ctx, cart, pc);
    if (!doc.items.length) throw Errors.validation('cart_empty', 'The cart has no items');
    if (doc.items.some((i: any) => i.requires_shipping) && !doc.shipping_methods.length) {
      throw Errors.validation('shipping_method_required', 'The cart needs a shipping method');
    }
    if (!pc) throw Errors.validation('payment_collection_required', 'Payment collection has not been initiated for cart');
    const session = pc.sessions.filter((s) => s.status !== 'canceled' && s.status !== 'error').pop();
    if (!session) throw Errors.validation('payment_session_required', 'Payment sessions are required to complete cart');
    const due = chargeAmount(doc.total, currencyExponent(doc.currency_code));
    if (toScaled(String(session.amount)) !== toScaled(due) || session.currencyCode !== doc.currency_code) {
      const applied = new Set((doc.promotions as Array<{ code: string }>).map((p) => p.code));
      const lost = cart.promoCodes.filter((c) => !applied.has(c));
      if (lost.length)
        throw Errors.validation('promotion_exhausted', `The promotion ${lost.join(', ')} can no longer be used; the payment needs a new session`);
      throw Errors.validation('cart_changed', 'The cart changed since its payment session was opened; the payment needs a new session');
    }
    const lines: CompletionState['lines'] = {};
    for (const [kind, xs] of stockLines(doc)) lines[kind] = xs;
    const provider = await this.setup.providerSettings(ctx, session.providerId).catch(() => null);
    return {
      cart_id: cart.id,
      session_id: session.id,
      provider_id: session.providerId,
      amount: String(session.amount),
      currency_code: session.currencyCode,
      session_data: session.data,
      session_context: session.context as Record<string, unknown>,
      doc,
      lines,
      promotions: (doc.promotions as Array<{ id: string; code: string }>).map((p) => ({ id: p.id, code: p.code })),
      hold_ttl_s: this.settings.holdTtlS,
      capture: provider?.auto_capture === true,
    };
  }

  /**
   * Writes the order of a completion (in its transaction); the cart's existing order when there is
   * one. Plain SQL, one statement: the cart's row lock, and only when the cart has no order yet the
   * display id, the order, the authorised session, the collection and the completed cart; then
   * the event.
   */
  private async placeOrder(tx: RequestContext, state: CompletionState): Promise<string> {
    const tenantId = requireTenant(tx);
    const t = (n: string) => this.store.table(n);
    const doc = state.doc;
    const captured = state.authorization?.status === 'captured';
    const status = captured ? 'captured' : 'authorized';
    const now = new Date();
    const order: Order = Object.assign(Object.create(Order.prototype) as Order, {
      id: newId('order'),
      tenantId,
      displayId: 0,
      cartId: state.cart_id,
      regionId: doc.region_id,
      currencyCode: doc.currency_code,
      customerId: null as string | null, // the cart's, read under its lock below
      email: doc.email,
      salesChannelId: doc.sales_channel_id,
      status: 'pending' as const,
      paymentStatus: status,
      fulfillmentStatus: 'not_fulfilled' as const,
      shippingAddress: doc.shipping_address,
      billingAddress: doc.billing_address,
      items: doc.items.map((i: any) => ({ ...i, order_id: undefined, cart_id: undefined })),
      shippingMethods: doc.shipping_methods,
      promotions: doc.promotions,
      totals: Object.fromEntries(ORDER_TOTAL_KEYS.map((k) => [k, doc[k] ?? 0])),
      metadata: doc.metadata,
      canceledAt: null,
      fulfilledAt: null,
      shippedAt: null,
      transfer: null,
      createdAt: now,
      updatedAt: now,
    });
    const json = (v: unknown) => (v == null ? null : JSON.stringify(v));
    const [row] = await this.store.sql<{ found: boolean; existing: string | null; customer_id: string | null; last: number | null; pc: unknown }>(
      tx,
      `with c as materialized (select customer_id, order_id from ${t('cart')} where tenant_id = ? and id = ? for update),
       counter as (
         insert into ${t('order_counter')} (tenant_id, last) select ?, 1 from c where c.order_id is null
         on conflict (tenant_id) do update set last = ${t('order_counter')}.last + 1 returning last),
       placed as (
         insert into ${t('order')} (id, tenant_id, display_id, cart_id, region_id, currency_code, customer_id, email, sales_channel_id, status,
           payment_status, fulfillment_status, shipping_address, billing_address, items, shipping_methods, promotions, totals, metadata, created_at, updated_at)
         select ?, ?, counter.last, ?, ?, ?, (select customer_id from c), ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?::jsonb, ?::jsonb, ?::jsonb, ?::jsonb, ?::jsonb, ?, ?
           from counter),
       session as (
         update ${t('payment_session')} set data = coalesce(?::jsonb, data), status = ?, authorized_at = ?, captured_at = case when ? then ?::timestamptz else captured_at end, updated_at = ?
          where tenant_id = ? and id = ? and exists (select 1 from counter)),
       pc as (
         update ${t('payment_collection')} set order_id = ?, status = 'authorized', authorized_amount = ?,
                captured_amount = case when ? then ?::numeric else captured_amount end, completed_at = ?, updated_at = ?
          where tenant_id = ? and cart_id = ? and exists (select 1 from counter)
          returning id, tenant_id, cart_id, order_id, currency_code, amount, status, authorized_amount, captured_amount, refunded_amount, completed_at, created_at, updated_at),
       done as (update ${t('cart')} set completed_at = ?, order_id = ?, updated_at = ? where tenant_id = ? and id = ? and exists (select 1 from counter))
       select exists (select 1 from c) as found, (select order_id from c) as existing, (select customer_id from c) as customer_id,
              (select last from counter) as last, (select ${collectionJson(t)} from pc p) as pc`,
      [
        tenantId,
        state.cart_id,
        tenantId,
        order.id,
        tenantId,
        order.cartId,
        order.regionId,
        order.currencyCode,
        order.email,
        order.salesChannelId,
        order.status,
        order.paymentStatus,
        order.fulfillmentStatus,
        json(order.shippingAddress),
        json(order.billingAddress),
        JSON.stringify(order.items),
        JSON.stringify(order.shippingMethods),
        JSON.stringify(order.promotions),
        JSON.stringify(order.totals),
        json(order.metadata),
        now,
        now,
        json(state.authorization?.data ?? null),
        status,
        now,
        captured,
        now,
        now,
        tenantId,
        state.session_id,
        order.id,
        state.amount,
        captured,
        state.amount,
        now,
        now,
        tenantId,
        state.cart_id,
        now,
        order.id,
        now,
        tenantId,
        state.cart_id,
      ],
      { prepare: true },
    );
    if (!row.found) throw Errors.notFound('Cart', state.cart_id);
    if (row.existing) return row.existing;
    order.customerId = row.customer_id;
    // the collection as updated, with its sessions as they were before this statement: the authorised one is set here
    const authorised = hydrateCollection(row.pc);
    if (!authorised) throw Errors.notFound('Payment collection', state.cart_id);
    const session = authorised.sessions.find((s) => s.id === state.session_id);
    if (session)
      Object.assign(session, {
        data: state.authorization?.data ?? session.data,
        status,
        authorizedAt: now,
        capturedAt: captured ? now : session.capturedAt,
        updatedAt: now,
      });
    order.displayId = Number(row.last);
    commerceEvents.emitSql(this.store, tx, 'order.placed', {
      id: order.id,
      display_id: order.displayId,
      cart_id: state.cart_id,
      customer_id: row.customer_id,
      email: doc.email,
      currency_code: doc.currency_code,
      total: doc.total,
      region_id: doc.region_id ?? null,
      sales_channel_id: doc.sales_channel_id ?? null,
      items: doc.items.map((i) => ({
        id: i.id,
        kind: i.kind,
        reference_id: i.reference_id,
        title: i.title,
        quantity: i.quantity,
        unit_price: Number(i.unit_price),
        product_id: i.kind === 'product' ? ((i.product_id as string | null) ?? null) : null,
        collection_id: i.kind === 'product' ? (((i.product as Record<string, unknown> | null)?.collection_id as string | null) ?? null) : null,
        metadata: (i.metadata as Record<string, unknown> | null) ?? null,
      })),
    });
    // the request that placed it answers this document (no second read); the memo is per request
    tx.memo.set(`placed:${order.id}`, () => this.document(order, authorised));
    return order.id;
  }

  async complete(ctx: RequestContext, cartId: string): Promise<CompletionResult> {
    const cart = await this.carts.view(ctx, cartId);
    if (cart.completedAt && cart.orderId) return { type: 'order', order: await this.get(ctx, cart.orderId, { skipOwner: true }) };
    // before anything is written: a store may require a verified address of a signed-in customer
    await this.carts.catalog.assertMayCheckout(ctx);
    try {
      // a failed completion (refused, undone) starts again as a new run when the shopper retries
      let first: CartWithCollection | undefined = cart;
      const row = await this.completions.run(
        ctx,
        cartId,
        () => {
          // the cart read above serves the first preparation; a restart reads it again
          const loaded = first;
          first = undefined;
          return this.prepare(ctx, cartId, loaded);
        },
        { restart: () => true },
      );
      // a completion the recovery just undid answers why; the next retry starts a new run
      if (row.status === 'failed' && row.error) throw new DomainError(row.error.type as DomainError['type'], row.error.code, row.error.message);
      if (row.status !== 'done' || !row.state.order_id)
        throw new DomainError('conflict', 'in_progress', 'The completion of this cart is still in progress; try again in a moment');
      const placed = ctx.memo.get(`placed:${row.state.order_id}`) as (() => OrderDocument) | undefined;
      return { type: 'order', order: placed ? placed() : await this.get(ctx, row.state.order_id, { skipOwner: true }) };
    } catch (err) {
      if (err instanceof DomainError && err.code === 'payment_authorization_error') {
        const row = await this.completions.find(ctx, cartId);
        await this.markSession(ctx, row?.state.session_id, row?.state.authorization?.status === 'requires_more' ? 'requires_more' : 'error');
        const doc = await this.carts.get(ctx, cartId);
        return { type: 'cart', cart: doc, error: { message: err.message, name: 'Error', type: 'payment_authorization_error' } };
      }
      // the money check failed: the cart keeps its state, its payment needs a new session
      if (err instanceof DomainError && refusalCodes.has(err.code))
        await this.carts.refreshPaymentOf(ctx, cartId).catch((e: unknown) => ctx.log.warn({ err: e }, 'payment refresh failed'));
      throw err;
    }
  }

  /** Recovery pass: resumes or compensates completions a crashed (or stuck) process left. */
  recover(log: Logger) {
    return this.completions.recover(log);
  }

  private async markSession(ctx: RequestContext, sessionId: string | undefined, status: 'error' | 'canceled' | 'requires_more'): Promise<void> {
    if (!sessionId) return;
    await this.store.transaction(ctx, async (em) => {
      const s = await em.findOne(PaymentSession, { id: sessionId });
      if (s) s.status = status;
    });
  }

  private async release(ctx: RequestContext, lines: Map<string, StockLine[]>): Promise<void> {
    for (const [kind, xs] of lines) await this.kinds.get(kind).release(ctx, xs);
  }

  // ---- reads ----

  /** An order: a customer's only for that customer (404 for anyone else); a guest's for whoever holds its id. */
  async get(ctx: RequestContext, id: string, o: { skipOwner?: boolean } = {}): Promise<OrderDocument> {
    const found = await this.carts.rows.order(ctx, id);
    if (!found || (!o.skipOwner && !this.mayRead(ctx, found.order))) throw Errors.notFound('Order', id);
    return this.document(found.order, found.collection);
  }

  private mayRead(ctx: RequestContext, order: Order): boolean {
    const t = ctx.actor.type;
    if (isStaff(ctx)) return true;
    if (!order.customerId) return true;
    return t === 'customer' && ctx.actor.id === order.customerId;
  }

  /** The signed-in customer's orders, newest first. */
  async mine(ctx: RequestContext, a: { limit?: number; offset?: number; status?: string[] }): Promise<Paginated<OrderDocument>> {
    if (ctx.actor.type !== 'customer' || !ctx.actor.id) throw Errors.unauthenticated();
    return this.list(ctx, { ...a, customer_id: ctx.actor.id });
  }

  async list(
    ctx: RequestContext,
    a: { limit?: number; offset?: number; status?: string[]; customer_id?: string; q?: string },
  ): Promise<Paginated<OrderDocument>> {
    const page = normalizePage(a, 50);
    // plain SQL like `get` (MikroORM building the two queries cost more than running them)
    const { rows, count } = await this.carts.rows.orders(ctx, {
      customerId: a.customer_id,
      status: a.status,
      search: a.q,
      limit: page.limit,
      offset: page.offset,
    });
    return { items: rows.map((r) => this.document(r.order, r.collection)), count, ...page };
  }

  // ---- changes ----

  /**
   * The customer cancels: only an unfulfilled order within the tenant's cancellation window (409
   * cancellation_window_closed otherwise); the stock goes back and the payment is voided. Proof of
   * ownership first: a customer's order only with that customer's token (404 otherwise), a guest
   * order only with the cancellation code mailed to its email (400 invalid_cancel_code); staff
   * (admin, operator, agent) need neither.
   */
  async cancel(ctx: RequestContext, id: string, code?: string | null): Promise<OrderDocument> {
    const { cancellation_window_hours } = await this.setup.settings(ctx);
    const order = await this.store.transaction(ctx, async (em, tx) => {
      const o = await em.findOne(Order, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!o || !this.mayRead(ctx, o)) throw Errors.notFound('Order', id);
      if (!o.customerId && !isStaff(ctx) && !this.mailCodes.verify(requireTenant(ctx), o.id, code)) {
        throw Errors.validation('invalid_cancel_code', "A guest order is canceled with the cancellation code mailed to the order's email address");
      }
      if (o.status === 'canceled') throw Errors.conflict('invalid_transition', 'The order is already canceled');
      const closes = o.createdAt.getTime() + cancellation_window_hours * 3_600_000;
      if (o.fulfillmentStatus !== 'not_fulfilled' || Date.now() > closes) {
        throw Errors.conflict(
          'cancellation_window_closed',
          `Orders can be canceled within ${cancellation_window_hours} hours of placement and before they are fulfilled`,
        );
      }
      const pc = await em.findOne(PaymentCollection, { orderId: o.id }, { populate: ['sessions'] });
      const session = pc?.sessions.getItems().find((s) => s.status === 'authorized' || s.status === 'captured');
      // what the cancellation itself gives back: the captured amount less what was refunded before
      let refundedNow = 0;
      if (session) {
        const adapter = await this.payments.adapter(tx, session.providerId, null);
        const context = { ...(session.context as unknown as PaymentContext), idempotency_key: `${session.id}_cancel` };
        const left = session.status === 'captured' ? refundableLeft(pc!, session.currencyCode) : 0n;
        const r =
          session.status !== 'captured'
            ? await this.payments.call(ctx, adapter.id, () => adapter.cancel({ data: session.data, context }))
            : left > 0n
              ? await this.payments.call(ctx, adapter.id, () =>
                  adapter.refund({ amount: fromIsoMinor(left, session.currencyCode), currency_code: session.currencyCode, data: session.data, context }),
                )
              : { status: 'captured' as const, data: session.data };
        session.data = r.data;
        if (session.status === 'captured') {
          refundedNow = Number(fromIsoMinor(left, session.currencyCode));
          pc!.refundedAmount = pc!.capturedAmount ?? session.amount;
        }
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
      commerceEvents.emit(em, tx, 'order.canceled', {
        id: o.id,
        customer_id: o.customerId,
        currency_code: o.currencyCode,
        total: Number(o.totals.total ?? 0),
        refunded_amount: refundedNow,
        region_id: o.regionId,
        sales_channel_id: o.salesChannelId,
      });
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
      if (o.status === 'canceled' || o.fulfillmentStatus !== 'not_fulfilled')
        throw Errors.conflict('invalid_transition', `The order is ${o.status === 'canceled' ? 'canceled' : o.fulfillmentStatus}`);
      for (const [kind, xs] of stockLines({ items: o.items } as CartDocument)) await this.kinds.get(kind).fulfil(ctx, xs);
      o.fulfillmentStatus = 'shipped';
      o.fulfilledAt = new Date();
      o.shippedAt = new Date();
      o.metadata = {
        ...(o.metadata ?? {}),
        ...(tracking?.tracking_number ? { tracking_number: tracking.tracking_number, carrier: tracking.carrier ?? null } : {}),
      };
      commerceEvents.emit(em, tx, 'order.fulfilment_shipped', { id: o.id, customer_id: o.customerId, tracking_number: tracking?.tracking_number ?? null });
    });
    return this.get(ctx, id);
  }

  /** Admin: takes the authorised payment. */
  async capture(ctx: RequestContext, id: string): Promise<OrderDocument> {
    await this.captureOrder(ctx, id);
    return this.get(ctx, id);
  }

  /** Captures the order's authorised payment (idempotency key: the session's, or `key`). */
  async captureOrder(ctx: RequestContext, id: string, key?: string): Promise<void> {
    await this.store.transaction(ctx, async (em, tx) => {
      const o = await em.findOne(Order, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!o) throw Errors.notFound('Order', id);
      const pc = await em.findOne(PaymentCollection, { orderId: o.id }, { populate: ['sessions'] });
      const session = pc?.sessions.getItems().find((s) => s.status === 'authorized');
      // a repeated automatic capture (the completion resumed after a crash) finds it done
      if (key && !session && pc?.sessions.getItems().some((s) => s.status === 'captured')) return;
      if (!pc || !session || o.status === 'canceled') throw Errors.conflict('invalid_transition', 'The order has no authorised payment to capture');
      const adapter = await this.payments.adapter(tx, session.providerId, null);
      const context = { ...(session.context as unknown as PaymentContext), idempotency_key: key ?? `${session.id}_capture` };
      const r = await this.payments.call(ctx, adapter.id, () =>
        adapter.capture({ amount: session.amount, currency_code: session.currencyCode, data: session.data, context }),
      );
      if (r.status !== 'captured') throw Errors.conflict('capture_failed', r.message ?? 'The provider did not capture the payment');
      session.status = 'captured';
      session.capturedAt = new Date();
      session.data = r.data;
      pc.capturedAmount = session.amount;
      pc.status = 'completed';
      o.paymentStatus = 'captured';
      commerceEvents.emit(em, tx, 'order.payment_captured', { id: o.id, amount: Number(session.amount), currency_code: o.currencyCode });
    });
  }

  /**
   * Admin: gives back part or all of the captured payment through the provider that captured it
   * (manual and bank transfer: recorded only; Stripe and PayPal: their refund API). The order's row
   * lock serialises refunds of one order, so two at once never give back more than was captured:
   * the second sees the first's amount and is refused (409 refund_exceeds_captured). The refund is
   * kept on the session (`payments[].refunds`), the order becomes `partially_refunded` or
   * `refunded`, and `order.refunded` goes out with the amount and the order's refunded total.
   */
  async refund(ctx: RequestContext, id: string, input: RefundData): Promise<OrderDocument> {
    await this.store.transaction(ctx, async (em, tx) => {
      const o = await em.findOne(Order, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!o) throw Errors.notFound('Order', id);
      const pc = await em.findOne(PaymentCollection, { orderId: o.id }, { populate: ['sessions'] });
      const session = pc?.sessions.getItems().find((x) => x.status === 'captured');
      if (!pc || !session || o.status === 'canceled') throw Errors.conflict('invalid_transition', 'The order has no captured payment to refund');
      const currency = session.currencyCode;
      if (input.currency_code && input.currency_code !== currency.toLowerCase()) {
        throw Errors.invalidField('currency_code', `The order is paid in ${currency.toLowerCase()}; the refund is in the same currency`);
      }
      let minor: bigint;
      try {
        minor = toIsoMinor(input.amount, currency);
      } catch {
        throw Errors.invalidField('amount', `${currency.toUpperCase()} amounts have at most ${currencyExponent(currency)} decimals`);
      }
      if (minor <= 0n) throw Errors.invalidField('amount', 'The amount to refund is more than 0');
      const left = refundableLeft(pc, currency);
      if (minor > left) {
        throw Errors.conflict(
          'refund_exceeds_captured',
          `At most ${fromIsoMinor(left, currency)} ${currency.toUpperCase()} of this payment can still be refunded`,
        );
      }
      const amount = fromIsoMinor(minor, currency);
      const refunds = session.refunds ?? [];
      const adapter = await this.payments.adapter(tx, session.providerId, null);
      // one key per refund of the session: a retry after an outage is replayed, the next refund is a new one
      const context = { ...(session.context as unknown as PaymentContext), idempotency_key: `${session.id}_refund_${refunds.length}` };
      const r = await this.payments.call(ctx, adapter.id, () => adapter.refund({ amount, currency_code: currency, data: session.data, context }));
      if (r.status !== 'captured') throw Errors.conflict('refund_failed', r.message ?? 'The provider did not refund the payment');
      const providerRefunds = Array.isArray(r.data.refunds) ? (r.data.refunds as Array<{ id?: unknown }>) : [];
      const providerId = providerRefunds.at(-1)?.id;
      session.data = r.data;
      session.refunds = [
        ...refunds,
        {
          id: newId('ref'),
          amount,
          reason: input.reason,
          note: input.note || null,
          provider_refund_id: typeof providerId === 'string' ? providerId : null,
          created_by: ctx.actor.id ?? null,
          created_at: new Date().toISOString(),
        },
      ];
      const refunded = toIsoMinor(pc.refundedAmount ?? '0', currency) + minor;
      pc.refundedAmount = fromIsoMinor(refunded, currency);
      o.paymentStatus = refunded >= toIsoMinor(pc.capturedAmount ?? session.amount, currency) ? 'refunded' : 'partially_refunded';
      commerceEvents.emit(em, tx, 'order.refunded', {
        id: o.id,
        customer_id: o.customerId,
        amount: Number(amount),
        currency_code: o.currencyCode,
        refunded_total: Number(pc.refundedAmount),
        reason: input.reason,
        payment_status: o.paymentStatus,
        region_id: o.regionId,
        sales_channel_id: o.salesChannelId,
      });
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
   * a one-time token valid for 7 days goes to the order's email (mailed by the subscription of
   * `order.transfer_requested`; the order keeps its nonce and hash, no event carries it). Another
   * customer's order is 404.
   */
  async requestTransfer(ctx: RequestContext, id: string, description?: string | null): Promise<OrderDocument> {
    const customerId = ctx.actor.type === 'customer' ? ctx.actor.id : null;
    if (!customerId) throw Errors.unauthenticated();
    await this.store.transaction(ctx, async (em, tx) => {
      const o = await this.lockedOrder(em, id);
      if (o.customerId && o.customerId !== customerId) throw Errors.notFound('Order', id);
      if (o.customerId === customerId) throw Errors.validation('already_owner', 'The order already belongs to you');
      // a pending request of another customer stands until it is accepted, declined, withdrawn or expires
      const pending = o.transfer as { customer_id?: string; expires_at?: string } | null;
      if (pending?.customer_id && pending.customer_id !== customerId && new Date(pending.expires_at ?? 0) > new Date()) {
        throw Errors.conflict('transfer_pending', 'Another customer has already asked to take over this order');
      }
      const nonce = randomBytes(16).toString('hex');
      const token = this.mailCodes.transferToken(requireTenant(ctx), o.id, nonce);
      const expires = new Date(Date.now() + 7 * 24 * 3_600_000);
      o.transfer = {
        customer_id: customerId,
        nonce,
        token_hash: createHash('sha256').update(token).digest('hex'),
        requested_at: new Date().toISOString(),
        expires_at: expires.toISOString(),
        description: description ?? null,
      };
      commerceEvents.emit(em, tx, 'order.transfer_requested', { id: o.id, email: o.email, requested_by: customerId, expires_at: expires.toISOString() });
    });
    return this.get(ctx, id, { skipOwner: true });
  }

  /** The pending transfer request of an order, with its token (for the mail to the order's email); null when none is pending. */
  async pendingTransfer(ctx: RequestContext, id: string): Promise<{ email: string | null; display_id: number; token: string; expires_at: string } | null> {
    const o = await this.store.em(ctx).findOne(Order, { id });
    const t = o?.transfer as { nonce?: string; expires_at?: string } | null | undefined;
    if (!o || !t?.nonce || !t.expires_at || new Date(t.expires_at) < new Date()) return null;
    return { email: o.email, display_id: o.displayId, token: this.mailCodes.transferToken(requireTenant(ctx), o.id, t.nonce), expires_at: t.expires_at };
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

  document(o: Order, pc: PaymentCollection | PaymentCollectionView | null): OrderDocument {
    const totals = o.totals;
    // captured and refunded as the collection has them (an order canceled before its refunds were kept counts its total)
    const wasCaptured = o.paymentStatus === 'captured' || o.paymentStatus === 'partially_refunded' || o.paymentStatus === 'refunded';
    const paid = pc?.capturedAmount != null ? Number(pc.capturedAmount) : wasCaptured ? (totals.total ?? 0) : 0;
    const refunded = pc?.refundedAmount != null ? Number(pc.refundedAmount) : o.paymentStatus === 'refunded' ? (totals.total ?? 0) : 0;
    return {
      id: o.id,
      version: 1,
      display_id: o.displayId,
      custom_display_id: null,
      status: o.status,
      payment_status: o.paymentStatus,
      fulfillment_status: o.fulfillmentStatus,
      region_id: o.regionId,
      customer_id: o.customerId,
      sales_channel_id: o.salesChannelId,
      email: o.email,
      currency_code: o.currencyCode,
      shipping_address: addressDocument(o.shippingAddress),
      billing_address: addressDocument(o.billingAddress),
      items: o.items.map((i) => orderItemDocument(i, o)),
      shipping_methods: o.shippingMethods.map((m) => orderShippingMethodDocument(m, o)),
      promotions: o.promotions,
      payment_collections: pc ? [paymentCollectionDocument(pc instanceof PaymentCollection ? collectionView(pc) : pc)] : [],
      fulfillments: o.fulfillmentStatus === 'shipped' ? [{ id: `ful_${o.id}`, shipped_at: o.shippedAt?.toISOString() ?? null, metadata: o.metadata }] : [],
      summary: summaryDocument({
        current_order_total: totals.total ?? 0,
        original_order_total: totals.total ?? 0,
        paid_total: paid,
        refunded_total: refunded,
        transaction_total: paid - refunded,
        pending_difference: paid > 0 || o.status === 'canceled' ? 0 : (totals.total ?? 0),
        accounting_total: totals.total ?? 0,
      }),
      metadata: o.metadata,
      canceled_at: o.canceledAt?.toISOString() ?? null,
      created_at: o.createdAt.toISOString(),
      updated_at: o.updatedAt.toISOString(),
      ...totals,
      ...NO_CREDIT_LINES,
    };
  }
}

/** Admins, the operator and agents act on any order of their store. */
const isStaff = (ctx: RequestContext): boolean => ctx.actor.type === 'admin' || ctx.actor.type === 'operator' || ctx.actor.type === 'agent';

/** What of the collection's captured amount is not refunded yet, in the currency's minor units. */
function refundableLeft(pc: PaymentCollection, currency: string): bigint {
  const captured = toIsoMinor(pc.capturedAmount ?? '0', currency);
  const refunded = toIsoMinor(pc.refundedAmount ?? '0', currency);
  return captured > refunded ? captured - refunded : 0n;
}
