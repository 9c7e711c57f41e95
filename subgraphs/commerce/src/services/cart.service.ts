import { LockMode, type EntityManager } from '@mikro-orm/core';
import { Errors, fromScaled, newId, requireTenant, toScaled, withRawAmounts, type RequestContext, type Store } from '@svc/kit';
import { Cart, LineItem, type AddressData, type StoredAddress } from '../entities/cart.entity';
import {
  CartRows,
  CartWrites,
  cartView,
  lineDefaults,
  type CartRef,
  type CartView,
  type LineItemView,
  type PaymentCollectionView,
  type ShippingMethodView,
} from './cart-rows';
import type { ShippingOption, TaxRate } from '../entities/setup.entity';
import { commerceEvents } from '../events';
import type {
  AddressInputData,
  CreateCartData,
  EventItemData,
  LineItemData,
  ShippingMethodData,
  TourItemData,
  UpdateCartData,
  UpdateLineItemData,
} from '../inputs/cart.input';
import type { CatalogPort } from './catalog-port';
import type { LineItemKind, LineItemKinds } from './line-item-kinds';
import type { SetupService } from './setup.service';
import { addressDocument, lineProduct, NO_CREDIT_LINES, variantExtras } from './medusa-shape';
import {
  applyPromotions,
  cartTotals,
  itemSubtotal,
  itemTotals,
  shippingTotals,
  taxLineView,
  totalsView,
  toNumber,
  type DiscountTarget,
  type LineTotals,
  type TaxLineInput,
  chargeAmount,
} from './totals';
import { currencyExponent } from '../payments/money';

/** The Medusa StoreCart document (every default field), computed from the stored cart. */
export type CartDocument = Record<string, any> & { id: string; total: number; items: any[] };

const MAX_LINES = 100;

/** metadata keys of a line that name its people (ticket attendees, tour travellers) */
const PEOPLE_KEYS = new Set(['attendees', 'travellers']);

/** `o` without its undefined properties (a kind's snapshot may leave some out). */
const definedOnly = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/** The most specific tax rate for an address in a region: country + province, country, region default. */
function taxRateFor(rates: TaxRate[], address: StoredAddress | null): TaxRate | undefined {
  const country = address?.country_code?.toLowerCase() ?? null;
  const province = address?.province?.toLowerCase() ?? null;
  return (
    rates.find((r) => country && r.countryCode === country && province && r.province?.toLowerCase() === province) ??
    rates.find((r) => country && r.countryCode === country && !r.province) ??
    rates.find((r) => !r.countryCode)
  );
}

/** The price of a shipping option for a cart: flat, or calculated from its units and item subtotal. */
export function shippingPrice(o: ShippingOption, cart: { units: number; itemSubtotal: bigint }): string {
  if (o.priceType === 'flat') return fromScaled(toScaled(o.amount));
  if (o.freeAbove !== null && cart.itemSubtotal >= toScaled(o.freeAbove)) return '0';
  return fromScaled(toScaled(o.amount) + (o.perItem ? toScaled(o.perItem) * BigInt(cart.units) : 0n));
}

function storedAddress(a: AddressInputData | null | undefined, customerId: string | null, previous: StoredAddress | null): StoredAddress | null {
  if (a === undefined) return previous;
  if (a === null) return null;
  const now = new Date().toISOString();
  const data: AddressData = { ...a, country_code: a.country_code?.toLowerCase() ?? null };
  return {
    id: previous?.id ?? newId('caaddr'),
    customer_id: customerId,
    ...data,
    metadata: a.metadata ?? null,
    created_at: previous?.created_at ?? now,
    updated_at: now,
  };
}

/**
 * Carts: created by anyone with the publishable key; a guest cart is reached by its id, a
 * customer's cart only by that customer (another caller gets 404). Every change runs under a row
 * lock of the cart (one change at a time per cart) and leaves the payment collection's amount equal
 * to the new total (pending sessions for another amount are dropped, as Medusa refreshes them).
 */
export class CartService {
  readonly rows: CartRows;
  private readonly writes: CartWrites;

  constructor(
    private readonly store: Store,
    readonly catalog: CatalogPort,
    private readonly setup: SetupService,
    private readonly kinds: LineItemKinds,
  ) {
    this.rows = new CartRows(store);
    this.writes = new CartWrites(store);
  }

  /** The cart with its payment collection, read in one statement, if the caller may see it (404 otherwise); `lock` inside a unit of work. */
  async view(ctx: RequestContext, id: string, lock = false) {
    const cart = await this.rows.cart(ctx, id, { lock });
    if (!cart || !this.mayAccess(ctx, cart)) throw Errors.notFound('Cart', id);
    return cart;
  }

  /** The cart if the caller may see it (404 otherwise), optionally locked for a change. */
  async load(em: EntityManager, ctx: RequestContext, id: string, lock = false): Promise<Cart> {
    // a read loads the lines with the cart (one joined query); a locked row cannot be outer-joined
    const cart = await em.findOne(Cart, { id }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : { populate: ['items', 'shippingMethods'] });
    if (!cart || !this.mayAccess(ctx, cart)) throw Errors.notFound('Cart', id);
    return cart;
  }

  mayAccess(ctx: RequestContext, cart: { customerId: string | null }): boolean {
    if (!cart.customerId) return true;
    const t = ctx.actor.type;
    return (t === 'customer' && ctx.actor.id === cart.customerId) || t === 'admin' || t === 'operator' || t === 'agent';
  }

  /** A cart's sales channel: the one asked for (one of the key's), else the key's first (Medusa). */
  private channelFor(ctx: RequestContext, asked: string | null | undefined): string | null {
    const own = ctx.salesChannelIds ?? [];
    if (asked && own.length && !own.includes(asked))
      throw Errors.invalidField('sales_channel_id', `Sales channel ${asked} is not one of the publishable key's`);
    return asked ?? own[0] ?? null;
  }

  assertOpen(cart: { id: string; completedAt: Date | null }): void {
    if (cart.completedAt) throw Errors.validation('cart_completed', `Cart ${cart.id} is already completed`);
  }

  /**
   * What pricing shipping needs of a cart — its region, currency and lines — in one statement, with
   * no document (no payment collection, region, tax or promotion reads). Same access rule as `get`.
   */
  async lines(ctx: RequestContext, id: string): Promise<{ region_id: string; currency_code: string; items: Array<{ unit_price: string; quantity: number }> }> {
    const [row] = await this.store.sql<{
      region_id: string;
      currency_code: string;
      customer_id: string | null;
      items: Array<{ unit_price: string; quantity: number }>;
    }>(
      ctx,
      `select c.region_id, c.currency_code, c.customer_id,
              coalesce((select json_agg(json_build_object('unit_price', i.unit_price::text, 'quantity', i.quantity))
                          from ${this.store.table('line_item')} i where i.tenant_id = c.tenant_id and i.cart_id = c.id), '[]'::json) as items
         from ${this.store.table('cart')} c where c.tenant_id = ? and c.id = ?`,
      [requireTenant(ctx), id],
      { prepare: true },
    );
    if (!row || !this.mayAccess(ctx, { customerId: row.customer_id })) throw Errors.notFound('Cart', id);
    return { region_id: row.region_id, currency_code: row.currency_code, items: row.items };
  }

  async get(ctx: RequestContext, id: string): Promise<CartDocument> {
    const cart = await this.view(ctx, id);
    return this.document(ctx, cart, cart.collection);
  }

  async create(ctx: RequestContext, input: CreateCartData): Promise<CartDocument> {
    const tenantId = requireTenant(ctx);
    const region = input.region_id ? await this.catalog.region(ctx, input.region_id) : await this.catalog.defaultRegion(ctx);
    if (!region)
      throw input.region_id
        ? Errors.invalidField('region_id', `Region "${input.region_id}" does not exist`)
        : Errors.validation('no_region', 'The store has no region yet');
    if (input.currency_code && input.currency_code !== region.currency_code) {
      throw Errors.invalidField('currency_code', `The region's currency is ${region.currency_code}`);
    }
    const customerId = ctx.actor.type === 'customer' ? ctx.actor.id : null;
    const salesChannelId = this.channelFor(ctx, input.sales_channel_id);
    const customerEmail = input.email ? null : await this.catalog.customerEmail(ctx);
    // the lines are priced (catalog snapshots, through the supergraph) before any transaction
    // opens; then plain SQL writes the cart, its lines and its event (no unit-of-work bookkeeping)
    const now = new Date();
    const cart: CartView = {
      id: newId('cart'),
      tenantId,
      regionId: region.id,
      currencyCode: region.currency_code,
      customerId,
      email: input.email ?? customerEmail,
      salesChannelId,
      shippingAddress: storedAddress(input.shipping_address, customerId, null),
      billingAddress: storedAddress(input.billing_address, customerId, null),
      promoCodes: [],
      metadata: input.metadata ?? null,
      locale: input.locale ?? null,
      completedAt: null,
      orderId: null,
      createdAt: now,
      updatedAt: now,
      items: [],
      shippingMethods: [],
    };
    if (input.promo_codes?.length) await this.addCodes(ctx, cart, input.promo_codes);
    for (const item of input.items ?? []) {
      const line = await this.resolveLine(ctx, cart, cart.items, item);
      if (line.existing) Object.assign(line.existing, { quantity: line.quantity, unitPrice: line.snap.unit_price });
      else cart.items.push({ ...lineDefaults(now), ...definedOnly(line.fields), id: newId('cali') });
    }
    // the cart, its lines and its event in one round trip (one multi-statement query: one transaction)
    await this.store.batch(ctx, [
      ...this.writes.insertStatements(cart),
      commerceEvents.outboxStatement(this.store, ctx, 'cart.created', { id: cart.id, customer_id: customerId }),
    ]);
    // the committed cart as written (no shipping, no payment collection yet): its document without reading it back
    return this.document(ctx, cart, null);
  }

  /** Runs a change on the locked, open cart, then refreshes its payment collection; answers the new document. */
  async change(ctx: RequestContext, id: string, fn: (em: EntityManager, cart: Cart, tx: RequestContext) => Promise<void>): Promise<CartDocument> {
    // every read inside runs on the transaction's connection (tx), never a second one from the pool
    return this.store.transaction(ctx, async (em, tx) => {
      const cart = await this.load(em, tx, id, true);
      this.assertOpen(cart);
      await fn(em, cart, tx);
      cart.updatedAt = new Date();
      await em.flush();
      return this.refreshPayment(tx, cart, await this.entityDocument(tx, em, cart));
    });
  }

  update(ctx: RequestContext, id: string, input: UpdateCartData): Promise<CartDocument> {
    return this.change(ctx, id, async (em, cart, tx) => {
      if (input.region_id && input.region_id !== cart.regionId) {
        const region = await this.catalog.region(tx, input.region_id);
        if (!region) throw Errors.invalidField('region_id', `Region "${input.region_id}" does not exist`);
        cart.regionId = region.id;
        cart.currencyCode = region.currency_code;
        // prices and shipping belong to the old region: re-price the lines, drop the shipping methods
        await this.reprice(tx, cart);
        for (const m of cart.shippingMethods.getItems()) em.remove(m);
      }
      if (input.email !== undefined) cart.email = input.email ?? null;
      if (input.sales_channel_id) cart.salesChannelId = this.channelFor(tx, input.sales_channel_id);
      if (input.metadata !== undefined) cart.metadata = input.metadata ?? null;
      if (input.locale !== undefined) cart.locale = input.locale ?? null;
      cart.shippingAddress = storedAddress(input.shipping_address, cart.customerId, cart.shippingAddress);
      cart.billingAddress = storedAddress(input.billing_address, cart.customerId, cart.billingAddress);
      if (input.promo_codes) {
        cart.promoCodes = [];
        await this.addCodes(tx, cart, input.promo_codes);
      }
    });
  }

  /** Adds a line of `kind` (a product variant, an event ticket, seats on a tour departure); the same reference and metadata again adds to its line. */
  addLineItem(ctx: RequestContext, id: string, input: LineItemData, kind = 'product'): Promise<CartDocument> {
    return this.change(ctx, id, async (em, cart, tx) => {
      await cart.items.init();
      await this.addItem(tx, em, cart, input, kind);
    });
  }

  /** Event tickets (`POST /store/carts/:id/event-items`): the attendees go into the line's metadata. */
  addEventItem(ctx: RequestContext, id: string, input: EventItemData): Promise<CartDocument> {
    // the attendees are a list, kept beside the client's flat metadata
    const metadata = (input.attendees ? { ...input.metadata, attendees: input.attendees } : (input.metadata ?? null)) as LineItemData['metadata'];
    return this.addLineItem(ctx, id, { variant_id: input.ticket_id, quantity: input.quantity, metadata }, 'event_ticket');
  }

  /** Seats on a tour departure (`POST /store/carts/:id/tour-items`): the travellers go into the line's metadata. */
  addTourItem(ctx: RequestContext, id: string, input: TourItemData): Promise<CartDocument> {
    const metadata = (input.travellers ? { ...input.metadata, travellers: input.travellers } : (input.metadata ?? null)) as LineItemData['metadata'];
    return this.addLineItem(ctx, id, { variant_id: input.departure_id, quantity: input.quantity, metadata }, 'tour_booking');
  }

  updateLineItem(ctx: RequestContext, id: string, lineId: string, input: UpdateLineItemData): Promise<CartDocument> {
    return this.change(ctx, id, async (em, cart, tx) => {
      const line = await em.findOne(LineItem, { id: lineId, cart });
      if (!line) throw Errors.notFound('Line item', lineId);
      const kind = this.kinds.get(line.kind);
      if (input.quantity === 0) {
        em.remove(line);
        await this.releaseCartHold(tx, kind, line);
        return;
      }
      // new metadata replaces the client's keys; the people a ticket or tour line names stay (they are set by event-items and tour-items)
      const people = Object.fromEntries(Object.entries(line.metadata ?? {}).filter(([k]) => PEOPLE_KEYS.has(k)));
      const metadata = input.metadata !== undefined ? { ...input.metadata, ...people } : line.metadata;
      await kind.check(tx, cart, line.referenceId, input.quantity, metadata);
      if (input.quantity !== line.quantity) await this.moveCartHold(tx, kind, cart, line, input.quantity);
      line.quantity = input.quantity;
      line.metadata = metadata;
    });
  }

  removeLineItem(ctx: RequestContext, id: string, lineId: string, kind?: string): Promise<CartDocument> {
    return this.change(ctx, id, async (em, cart, tx) => {
      const line = await em.findOne(LineItem, { id: lineId, cart, ...(kind ? { kind } : {}) });
      if (!line) throw Errors.notFound('Line item', lineId);
      em.remove(line);
      await this.releaseCartHold(tx, this.kinds.get(line.kind), line);
    });
  }

  /** The cart's shipping method (one per cart: a new choice replaces the old), in plain SQL under the cart's row lock. */
  addShippingMethod(ctx: RequestContext, id: string, input: ShippingMethodData): Promise<CartDocument> {
    return this.store.transaction(ctx, async (_em, tx) => {
      const cart = await this.view(tx, id, true);
      this.assertOpen(cart);
      const option = await this.setup.shippingOption(tx, input.option_id).catch(() => null);
      if (!option || !option.enabled || option.regionId !== cart.regionId) {
        throw Errors.invalidField('option_id', `Shipping option "${input.option_id}" is not available for this cart`);
      }
      const now = new Date();
      const method: ShippingMethodView = {
        id: newId('casm'),
        shippingOptionId: option.id,
        name: option.name,
        description: option.typeDescription,
        amount: shippingPrice(option, this.shape(cart.items)),
        isTaxInclusive: false,
        data: input.data ?? null,
        createdAt: now,
        updatedAt: now,
      };
      await this.writes.replaceShippingMethods(tx, cart, method, now);
      const changed = { ...cart, shippingMethods: [method], updatedAt: now };
      return this.refreshPayment(tx, changed, await this.document(tx, changed, cart.collection));
    });
  }

  addPromotions(ctx: RequestContext, id: string, codes: string[]): Promise<CartDocument> {
    return this.change(ctx, id, async (_em, cart, tx) => this.addCodes(tx, cart, codes));
  }

  removePromotions(ctx: RequestContext, id: string, codes: string[]): Promise<CartDocument> {
    const drop = new Set(codes.map((c) => c.toUpperCase()));
    return this.change(ctx, id, async (_em, cart) => {
      cart.promoCodes = cart.promoCodes.filter((c) => !drop.has(c));
    });
  }

  /** A guest cart becomes the signed-in customer's (Medusa's transfer); another customer's cart is 404. */
  transfer(ctx: RequestContext, id: string): Promise<CartDocument> {
    const customerId = ctx.actor.type === 'customer' ? ctx.actor.id : null;
    if (!customerId) throw Errors.unauthenticated();
    return this.change(ctx, id, async (_em, cart) => {
      cart.customerId = customerId;
      cart.email = (await this.catalog.customerEmail(ctx)) ?? cart.email;
      if (cart.shippingAddress) cart.shippingAddress.customer_id = customerId;
    });
  }

  // ---- internals ----

  private shape(items: Array<{ quantity: number; unitPrice: string }>): { units: number; itemSubtotal: bigint } {
    return {
      units: items.reduce((s, i) => s + i.quantity, 0),
      itemSubtotal: items.reduce((s, i) => s + itemSubtotal({ unit_price: i.unitPrice, quantity: i.quantity }), 0n),
    };
  }

  private async addCodes(ctx: RequestContext, cart: { promoCodes: string[] }, codes: string[]): Promise<void> {
    const wanted = [...new Set(codes.map((c) => c.trim().toUpperCase()))];
    const found = await this.setup.promotionsFor(ctx, wanted);
    const known = new Set(found.filter((p) => !p.isAutomatic || wanted.includes(p.code)).map((p) => p.code));
    const missing = wanted.filter((c) => !known.has(c));
    if (missing.length) throw Errors.invalidField('promo_codes', `The promotion code ${missing.join(', ')} is not valid`);
    cart.promoCodes = [...new Set([...cart.promoCodes, ...wanted])];
  }

  /**
   * What adding `input` to a cart means: the existing line it adds to (same kind, reference and
   * metadata), or the fields of a new line; the quantity and the snapshot, checked.
   */
  private async resolveLine(ctx: RequestContext, cart: CartRef, items: LineItemView[], input: LineItemData, kind = 'product') {
    const handler = this.kinds.get(kind);
    const existing = items.find(
      (i) => i.kind === kind && i.referenceId === input.variant_id && JSON.stringify(i.metadata ?? null) === JSON.stringify(input.metadata ?? null),
    );
    const quantity = (existing?.quantity ?? 0) + input.quantity;
    if (quantity > 10_000) throw Errors.invalidField('quantity', 'quantity must be at most 10000');
    const snap = await handler.resolve(ctx, cart, input.variant_id, quantity, input.metadata ?? null);
    if (!existing && items.length >= MAX_LINES) throw Errors.validation('too_many_lines', `A cart holds at most ${MAX_LINES} lines`);
    const fields = {
      ...snap.line,
      kind,
      referenceId: input.variant_id,
      quantity,
      metadata: input.metadata ?? null,
      unitPrice: snap.unit_price,
      title: snap.line.title,
    };
    return { existing, quantity, snap, fields };
  }

  private async addItem(ctx: RequestContext, em: EntityManager, cart: Cart, input: LineItemData, kind = 'product'): Promise<void> {
    const line = await this.resolveLine(ctx, cart, cart.items.getItems(), input, kind);
    const handler = this.kinds.get(kind);
    if (line.existing) {
      await this.moveCartHold(ctx, handler, cart, line.existing, line.quantity);
      line.existing.quantity = line.quantity;
      line.existing.unitPrice = line.snap.unit_price;
      return;
    }
    const holdKey = handler.cartHold ? await handler.cartHold.hold(ctx, cart, input.variant_id, line.quantity) : null;
    const data = holdKey ? { ...line.fields.data, hold_key: holdKey } : line.fields.data;
    cart.items.add(em.create(LineItem, { tenantId: cart.tenantId, cart, ...line.fields, data }));
  }

  /**
   * A line of a kind that holds its places in the cart changes its quantity: its hold is given back
   * and `quantity` places are held under a new key (409 insufficient_inventory, and the old
   * quantity is held again). The line's places are never counted twice.
   */
  private async moveCartHold(
    ctx: RequestContext,
    kind: LineItemKind,
    cart: CartRef,
    line: { referenceId: string; quantity: number; data: Record<string, unknown> | null },
    quantity: number,
  ): Promise<void> {
    if (!kind.cartHold) return;
    await this.releaseCartHold(ctx, kind, line);
    try {
      line.data = { ...line.data, hold_key: await kind.cartHold.hold(ctx, cart, line.referenceId, quantity) };
    } catch (err) {
      line.data = { ...line.data, hold_key: await kind.cartHold.hold(ctx, cart, line.referenceId, line.quantity).catch(() => null) };
      throw err;
    }
  }

  /** Gives back the places a line holds in the cart (its kind holds there). */
  private async releaseCartHold(ctx: RequestContext, kind: LineItemKind, line: { data: Record<string, unknown> | null }): Promise<void> {
    const key = line.data?.hold_key;
    if (kind.cartHold && typeof key === 'string') await kind.cartHold.release(ctx, key);
  }

  /** New prices for every line (region changed); lines not sold in the new currency are refused. */
  private async reprice(ctx: RequestContext, cart: Cart): Promise<void> {
    await cart.items.init();
    for (const line of cart.items.getItems()) {
      const snap = await this.kinds.get(line.kind).resolve(ctx, cart, line.referenceId, line.quantity, line.metadata);
      line.unitPrice = snap.unit_price;
    }
  }

  /** The cart's payment collection set to its current total (pending sessions for another amount dropped). */
  async refreshPaymentOf(ctx: RequestContext, id: string): Promise<void> {
    await this.store.transaction(ctx, async (_em, tx) => {
      const cart = await this.view(tx, id, true);
      if (cart.completedAt) return;
      await this.refreshPayment(tx, cart, await this.document(tx, cart, cart.collection));
    });
  }

  /**
   * Keeps the payment collection's amount equal to the cart total; sessions for another amount are
   * dropped. Runs in the unit of work of `tx`, which holds the cart's row lock.
   */
  private async refreshPayment(tx: RequestContext, cart: { id: string; currencyCode: string }, doc: CartDocument): Promise<CartDocument> {
    const current = doc.payment_collection as { amount: number; currency_code: string } | null;
    const amount = chargeAmount(doc.total, currencyExponent(cart.currencyCode));
    // nothing to do without a collection, or when it already asks for this amount (the document read it)
    if (!current || (toScaled(String(current.amount)) === toScaled(amount) && current.currency_code === cart.currencyCode)) return doc;
    const tenantId = requireTenant(tx);
    await this.store.sql(
      tx,
      `with pc as (update ${this.store.table('payment_collection')} set amount = ?, currency_code = ?, updated_at = ? where tenant_id = ? and cart_id = ? returning id)
       delete from ${this.store.table('payment_session')} s using pc where s.tenant_id = ? and s.collection_id = pc.id and s.status not in ('authorized', 'captured')`,
      [amount, cart.currencyCode, new Date(), tenantId, cart.id, tenantId],
    );
    const pc = await this.rows.collection(tx, 'cart', cart.id);
    return { ...doc, payment_collection: pc ? paymentCollectionDocument(pc) : null };
  }

  /** `document` of an ORM-loaded cart (its lines and shipping methods are loaded when they are not). */
  async entityDocument(ctx: RequestContext, em: EntityManager, cart: Cart, knownCollection?: PaymentCollectionView | null): Promise<CartDocument> {
    if (!cart.items.isInitialized() || !cart.shippingMethods.isInitialized()) await em.populate(cart, ['items', 'shippingMethods']);
    return this.document(ctx, cartView(cart), knownCollection);
  }

  /** The full Medusa cart document: lines with tax lines and adjustments, shipping, promotions, totals, region, payment collection. */
  async document(ctx: RequestContext, cart: CartView, knownCollection?: PaymentCollectionView | null): Promise<CartDocument> {
    const reads = [
      () => this.catalog.region(ctx, cart.regionId),
      () => this.setup.taxRatesOf(ctx, cart.regionId),
      () => this.setup.promotionsFor(ctx, cart.promoCodes),
      // `knownCollection`: the caller knows it (null: a cart just created has none)
      () => (knownCollection !== undefined ? Promise.resolve(knownCollection) : this.rows.collection(ctx, 'cart', cart.id)),
    ] as const;
    // outside a unit of work each read takes its own connection, at once; inside one they share its connection
    const [region, rates, promotions, pc] = this.store.inTransaction(ctx)
      ? [await reads[0](), await reads[1](), await reads[2](), await reads[3]()]
      : await Promise.all([reads[0](), reads[1](), reads[2](), reads[3]()]);
    const rate = taxRateFor(rates, cart.shippingAddress);
    const taxLinesFor = (ownerId: string): TaxLineInput[] =>
      rate ? [{ id: `${rate.id}_${ownerId}`, code: rate.code, name: rate.name, rate: rate.rate, tax_rate_id: rate.id }] : [];
    const items = cart.items;
    const methods = cart.shippingMethods;
    const itemSub = items.reduce((s, i) => s + itemSubtotal({ unit_price: i.unitPrice, quantity: i.quantity }), 0n);
    const applicable = promotions.filter(
      (p) =>
        (p.isAutomatic || cart.promoCodes.includes(p.code)) &&
        (p.type === 'percentage' || p.currencyCode === cart.currencyCode) &&
        (!p.minSubtotal || itemSub >= toScaled(p.minSubtotal)),
    );
    const targets: DiscountTarget[] = [
      ...items.map((i) => ({
        id: i.id,
        kind: 'item' as const,
        subtotal: itemSubtotal({ unit_price: i.unitPrice, quantity: i.quantity }),
        quantity: i.quantity,
        discountable: i.isDiscountable,
      })),
      ...methods.map((m) => ({ id: m.id, kind: 'shipping' as const, subtotal: toScaled(m.amount), quantity: 1, discountable: true })),
    ];
    const adjustments = applyPromotions(
      applicable.map((p) => ({ id: p.id, code: p.code, type: p.type, value: p.value, target_type: p.targetType, allocation: p.allocation, description: null })),
      targets,
    );
    const adjView = (ownerKey: 'item_id' | 'shipping_method_id', ownerId: string) =>
      (adjustments.get(ownerId) ?? []).map((a) => ({
        id: a.id,
        code: a.code,
        amount: toNumber(a.amount),
        promotion_id: a.promotion_id,
        description: a.description,
        [ownerKey]: ownerId,
      }));

    const itemTotalsList: LineTotals[] = [];
    const itemDocs = items.map((i) => {
      const priced = { id: i.id, unit_price: i.unitPrice, quantity: i.quantity, tax_lines: taxLinesFor(i.id), adjustments: adjustments.get(i.id) ?? [] };
      const t = itemTotals(priced);
      itemTotalsList.push(t);
      return this.itemDocument(cart, i, t, priced.tax_lines, adjView('item_id', i.id));
    });
    const shipTotalsList: LineTotals[] = [];
    const methodDocs = methods.map((m) => {
      const priced = { id: m.id, amount: m.amount, tax_lines: taxLinesFor(m.id), adjustments: adjustments.get(m.id) ?? [] };
      const t = shippingTotals(priced);
      shipTotalsList.push(t);
      return {
        id: m.id,
        cart_id: cart.id,
        name: m.name,
        description: m.description,
        amount: Number(m.amount),
        is_tax_inclusive: m.isTaxInclusive,
        shipping_option_id: m.shippingOptionId,
        data: m.data,
        metadata: null,
        tax_lines: priced.tax_lines.map((tl) => taxLineView(tl, { shipping_method_id: m.id }, t.subtotal - t.discount_subtotal)),
        adjustments: adjView('shipping_method_id', m.id),
        ...totalsView(t),
        created_at: m.createdAt.toISOString(),
        updated_at: m.updatedAt.toISOString(),
      };
    });
    const { raw: _raw, ...totals } = cartTotals(itemTotalsList, shipTotalsList);
    return {
      id: cart.id,
      currency_code: cart.currencyCode,
      region_id: cart.regionId,
      region,
      customer_id: cart.customerId,
      sales_channel_id: cart.salesChannelId,
      email: cart.email,
      locale: cart.locale,
      customer: cart.customerId ? { id: cart.customerId, email: cart.email, groups: [] } : null,
      shipping_address_id: (cart.shippingAddress?.id as string | undefined) ?? null,
      shipping_address: addressDocument(cart.shippingAddress),
      billing_address_id: (cart.billingAddress?.id as string | undefined) ?? null,
      billing_address: addressDocument(cart.billingAddress),
      items: itemDocs,
      shipping_methods: methodDocs,
      promotions: applicable.map((p) => ({
        id: p.id,
        code: p.code,
        is_automatic: p.isAutomatic,
        application_method: {
          value: Number(p.value),
          type: p.type,
          currency_code: p.currencyCode ?? cart.currencyCode,
          target_type: p.targetType,
          allocation: p.allocation,
        },
      })),
      payment_collection: pc ? paymentCollectionDocument(pc) : null,
      metadata: cart.metadata,
      completed_at: cart.completedAt?.toISOString() ?? null,
      created_at: cart.createdAt.toISOString(),
      updated_at: cart.updatedAt.toISOString(),
      ...totals,
      ...NO_CREDIT_LINES,
    };
  }

  private itemDocument(cart: CartView, i: CartView['items'][number], t: ReturnType<typeof itemTotals>, taxLines: TaxLineInput[], adjustments: unknown[]) {
    const product = lineProduct(
      i.productId
        ? {
            id: i.productId,
            title: i.productTitle,
            handle: i.productHandle,
            subtitle: i.productSubtitle,
            description: i.productDescription,
            thumbnail: i.thumbnail,
            collection: i.productCollection,
            type: i.productType,
          }
        : null,
      i.catalogRefs,
    );
    return {
      id: i.id,
      cart_id: cart.id,
      kind: i.kind,
      title: i.title,
      subtitle: i.subtitle,
      thumbnail: i.thumbnail,
      quantity: i.quantity,
      unit_price: Number(i.unitPrice),
      compare_at_unit_price: i.compareAtUnitPrice === null ? null : Number(i.compareAtUnitPrice),
      is_tax_inclusive: i.isTaxInclusive,
      requires_shipping: i.requiresShipping,
      is_discountable: i.isDiscountable,
      is_giftcard: product?.is_giftcard === true,
      product_id: i.productId,
      product_type_id: product?.type_id ?? null,
      product_title: i.productTitle,
      product_handle: i.productHandle,
      product_subtitle: i.productSubtitle,
      product_description: i.productDescription,
      product_type: i.productType,
      product_collection: i.productCollection,
      variant_id: i.kind === 'product' ? i.referenceId : null,
      variant_sku: i.variantSku,
      variant_barcode: i.variantBarcode,
      variant_title: i.variantTitle,
      variant_option_values: i.variantOptionValues ? Object.fromEntries(i.variantOptionValues.map((o) => [o.option, o.value])) : null,
      product,
      variant:
        i.kind === 'product'
          ? {
              ...variantExtras(i.catalogRefs),
              id: i.referenceId,
              title: i.variantTitle,
              sku: i.variantSku,
              barcode: i.variantBarcode,
              manage_inventory: i.data?.manage_inventory !== false,
              allow_backorder: i.data?.allow_backorder === true,
              product_id: i.productId,
              product: product ? { ...product, images: i.thumbnail ? [{ id: `${i.id}_thumb`, url: i.thumbnail, rank: 0 }] : [] } : null,
              options: (i.variantOptionValues ?? []).map((o) => ({ value: o.value, option: { title: o.option } })),
            }
          : null,
      reference_id: i.referenceId,
      data: i.data,
      metadata: i.metadata ?? {},
      tax_lines: taxLines.map((tl) => taxLineView(tl, { item_id: i.id }, t.subtotal - t.discount_subtotal)),
      adjustments,
      ...totalsView(t),
      item_total: toNumber(t.total),
      item_subtotal: toNumber(t.subtotal),
      item_tax_total: toNumber(t.tax_total),
      created_at: i.createdAt.toISOString(),
      updated_at: i.updatedAt.toISOString(),
    };
  }
}

/** Medusa's account holder of a session's customer: the platform keeps no provider-side customer records, so it is the customer (one per customer and provider). */
const accountHolder = (customer: Record<string, any>, providerId: string, at: string) => ({
  id: `acchld_${String(customer.id).replace(/^cus_/, '')}`,
  provider_id: providerId,
  external_id: customer.id,
  email: customer.email ?? null,
  data: {},
  metadata: null,
  created_at: at,
  updated_at: at,
  deleted_at: null,
});

/** What a session shows of the context it was initiated with: Medusa's customer and account holder (the rest is for the provider). */
function sessionContext(stored: Record<string, unknown> | null, providerId: string, at: string) {
  const customer = (stored?.customer as Record<string, any> | undefined) ?? null;
  return { customer, account_holder: customer ? accountHolder(customer, providerId, at) : null };
}

/** The Medusa payment collection document of a collection with its sessions. */
export function paymentCollectionDocument(pc: PaymentCollectionView) {
  const sessions = pc.sessions;
  // Medusa's payment of a session: the authorised (or captured) sessions have one
  const payment = (s: PaymentCollectionView['sessions'][number]) =>
    s.authorizedAt
      ? withRawAmounts(
          {
            id: `pay_${s.id}`,
            provider_id: s.providerId,
            amount: Number(s.amount),
            currency_code: s.currencyCode,
            data: s.data,
            captured_at: s.capturedAt?.toISOString() ?? null,
            canceled_at: s.canceledAt?.toISOString() ?? null,
            // Medusa's refunds of the payment: amount (and its raw twin), reason, note, who and when
            refunds: (s.refunds ?? []).map((r) =>
              withRawAmounts(
                {
                  id: r.id,
                  amount: Number(r.amount),
                  currency_code: s.currencyCode,
                  payment_id: `pay_${s.id}`,
                  refund_reason_id: r.reason,
                  note: r.note,
                  created_by: r.created_by,
                  created_at: r.created_at,
                  updated_at: r.created_at,
                  deleted_at: null,
                },
                ['amount'],
              ),
            ),
            payment_collection_id: pc.id,
            payment_session_id: s.id,
            metadata: null,
            created_at: s.authorizedAt.toISOString(),
            updated_at: s.updatedAt.toISOString(),
            deleted_at: null,
          },
          ['amount'],
        )
      : null;
  // each session's payment once: the collection lists them and each session shows its own
  const paymentOf = sessions.map(payment);
  return withRawAmounts(
    {
      id: pc.id,
      currency_code: pc.currencyCode,
      amount: Number(pc.amount),
      status: pc.status,
      authorized_amount: pc.authorizedAmount === null ? null : Number(pc.authorizedAmount),
      // once authorised, nothing captured or refunded yet is 0 (Medusa), before it null
      captured_amount: pc.capturedAmount !== null ? Number(pc.capturedAmount) : pc.authorizedAmount !== null ? 0 : null,
      refunded_amount: pc.refundedAmount !== null ? Number(pc.refundedAmount) : pc.authorizedAmount !== null ? 0 : null,
      completed_at: pc.completedAt?.toISOString() ?? null,
      metadata: null,
      payment_providers: [...new Set(sessions.map((s) => s.providerId))].map((id) => ({ id })),
      payments: paymentOf.filter((p) => p !== null),
      payment_sessions: sessions.map((s, i) =>
        withRawAmounts(
          {
            id: s.id,
            amount: Number(s.amount),
            currency_code: s.currencyCode,
            provider_id: s.providerId,
            data: s.data,
            context: sessionContext(s.context, s.providerId, s.createdAt.toISOString()),
            status: s.status,
            authorized_at: s.authorizedAt?.toISOString() ?? null,
            payment_collection_id: pc.id,
            payment: paymentOf[i],
            metadata: {},
            created_at: s.createdAt.toISOString(),
            updated_at: s.updatedAt.toISOString(),
            deleted_at: null,
          },
          ['amount'],
        ),
      ),
      created_at: pc.createdAt.toISOString(),
      updated_at: pc.updatedAt.toISOString(),
      deleted_at: null,
    },
    ['amount', 'authorized_amount', 'captured_amount', 'refunded_amount'],
  );
}
