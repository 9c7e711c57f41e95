import type { OptionalProps } from '@mikro-orm/core';
import { containsPattern, pgArray, requireTenant, type RequestContext, type SqlStatement, type Store } from '@svc/kit';
import type { Cart, CartShippingMethod, LineItem, StoredAddress } from '../entities/cart.entity';
import type { PaymentCollection, PaymentCollectionStatus, PaymentSession, PaymentSessionStatus, StoredRefund } from '../entities/payment.entity';
import { Order } from '../entities/order.entity';

/**
 * The checkout's hot reads and writes in plain SQL: a cart with its lines, shipping methods and
 * payment collection (with its sessions) is one statement, built as JSON by PostgreSQL, instead
 * of three or four ORM queries with their hydration and unit-of-work bookkeeping. The views have
 * the entities' property names, so an entity loaded through the ORM (the other cart changes)
 * passes as a view too. Tenant scoping: every statement names the tenant of the context.
 */

/** A line's own fields (the entity without its cart reference and tenant). */
export type LineItemView = Omit<LineItem, 'cart' | 'tenantId' | typeof OptionalProps>;

export type ShippingMethodView = Pick<
  CartShippingMethod,
  'id' | 'shippingOptionId' | 'name' | 'description' | 'amount' | 'isTaxInclusive' | 'data' | 'createdAt' | 'updatedAt'
>;

export interface CartView {
  id: string;
  tenantId: string;
  regionId: string;
  currencyCode: string;
  customerId: string | null;
  email: string | null;
  salesChannelId: string | null;
  shippingAddress: StoredAddress | null;
  billingAddress: StoredAddress | null;
  promoCodes: string[];
  metadata: Record<string, unknown> | null;
  locale: string | null;
  completedAt: Date | null;
  orderId: string | null;
  createdAt: Date;
  updatedAt: Date;
  items: LineItemView[];
  shippingMethods: ShippingMethodView[];
}

export type PaymentSessionView = Pick<
  PaymentSession,
  'id' | 'providerId' | 'amount' | 'currencyCode' | 'data' | 'context' | 'authorizedAt' | 'capturedAt' | 'canceledAt' | 'createdAt' | 'updatedAt'
> & { status: PaymentSessionStatus; refunds?: StoredRefund[] };

export type PaymentCollectionView = Pick<
  PaymentCollection,
  'id' | 'cartId' | 'orderId' | 'currencyCode' | 'amount' | 'authorizedAmount' | 'capturedAmount' | 'refundedAmount' | 'completedAt' | 'createdAt' | 'updatedAt'
> & { status: PaymentCollectionStatus; sessions: PaymentSessionView[] };

/** What a line kind needs of a cart (an ORM-loaded cart and a view both are one). */
export type CartRef = Pick<CartView, 'id' | 'tenantId' | 'regionId' | 'currencyCode' | 'salesChannelId' | 'customerId'>;

type LineDefaults = Omit<LineItemView, 'id' | 'kind' | 'referenceId' | 'title' | 'quantity' | 'unitPrice'>;

/** A new line's fields that its kind's snapshot does not set (the entity's defaults). */
export const lineDefaults = (now: Date): LineDefaults => ({
  subtitle: null,
  thumbnail: null,
  compareAtUnitPrice: null,
  isTaxInclusive: false,
  requiresShipping: true,
  isDiscountable: true,
  productId: null,
  productTitle: null,
  productHandle: null,
  productSubtitle: null,
  productDescription: null,
  productType: null,
  productCollection: null,
  variantSku: null,
  variantBarcode: null,
  variantTitle: null,
  variantOptionValues: null,
  catalogRefs: null,
  metadata: null,
  data: null,
  createdAt: now,
  updatedAt: now,
});

/** A cart loaded with `collection`: its payment collection (null when it has none). */
export type CartWithCollection = CartView & { collection: PaymentCollectionView | null };

/** An ORM-loaded cart (lines and shipping methods initialised) as a view. */
export function cartView(cart: Cart): CartView {
  return {
    id: cart.id,
    tenantId: cart.tenantId,
    regionId: cart.regionId,
    currencyCode: cart.currencyCode,
    customerId: cart.customerId,
    email: cart.email,
    salesChannelId: cart.salesChannelId,
    shippingAddress: cart.shippingAddress,
    billingAddress: cart.billingAddress,
    promoCodes: cart.promoCodes,
    metadata: cart.metadata,
    locale: cart.locale,
    completedAt: cart.completedAt,
    orderId: cart.orderId,
    createdAt: cart.createdAt,
    updatedAt: cart.updatedAt,
    items: cart.items.getItems(),
    shippingMethods: cart.shippingMethods.getItems(),
  };
}

/** An ORM-loaded payment collection (sessions initialised) as a view. */
export function collectionView(pc: PaymentCollection, sessions: PaymentSessionView[] = pc.sessions.getItems()): PaymentCollectionView {
  return {
    id: pc.id,
    cartId: pc.cartId,
    orderId: pc.orderId,
    currencyCode: pc.currencyCode,
    amount: pc.amount,
    status: pc.status,
    authorizedAmount: pc.authorizedAmount,
    capturedAmount: pc.capturedAmount,
    refundedAmount: pc.refundedAmount,
    completedAt: pc.completedAt,
    createdAt: pc.createdAt,
    updatedAt: pc.updatedAt,
    sessions,
  };
}

const date = (v: unknown): Date => new Date(v as string);
const dateOrNull = (v: unknown): Date | null => (v == null ? null : new Date(v as string));

/** JSON of a payment collection row `p` (a table or a CTE's returned row) with its sessions (numerics as text: exact). */
export const collectionJson = (t: (name: string) => string) => `json_build_object(
  'id', p.id, 'cartId', p.cart_id, 'orderId', p.order_id, 'currencyCode', p.currency_code, 'amount', p.amount::text, 'status', p.status,
  'authorizedAmount', p.authorized_amount::text, 'capturedAmount', p.captured_amount::text, 'refundedAmount', p.refunded_amount::text,
  'completedAt', p.completed_at, 'createdAt', p.created_at, 'updatedAt', p.updated_at,
  'sessions', coalesce((select json_agg(json_build_object(
      'id', s.id, 'providerId', s.provider_id, 'amount', s.amount::text, 'currencyCode', s.currency_code, 'status', s.status, 'data', s.data,
      'context', s.context, 'refunds', s.refunds, 'authorizedAt', s.authorized_at, 'capturedAt', s.captured_at, 'canceledAt', s.canceled_at,
      'createdAt', s.created_at, 'updatedAt', s.updated_at) order by s.created_at, s.id)
    from ${t('payment_session')} s where s.tenant_id = p.tenant_id and s.collection_id = p.id), '[]'::json))`;

/** An `Order` with the values of its row as `to_json(o)` gives them (snake_case keys, timestamps as text). */
function hydrateOrder(o: Record<string, unknown>): Order {
  const fields = Object.fromEntries(Object.entries(o).map(([k, v]) => [k.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase()), v]));
  for (const k of ['canceledAt', 'fulfilledAt', 'shippedAt']) fields[k] = dateOrNull(fields[k]);
  for (const k of ['createdAt', 'updatedAt']) fields[k] = date(fields[k]);
  return Object.assign(Object.create(Order.prototype) as Order, fields);
}

export function hydrateCollection(raw: any): PaymentCollectionView | null {
  if (!raw) return null;
  return {
    ...raw,
    completedAt: dateOrNull(raw.completedAt),
    createdAt: date(raw.createdAt),
    updatedAt: date(raw.updatedAt),
    sessions: (raw.sessions as any[]).map((s) => ({
      ...s,
      data: s.data ?? {},
      authorizedAt: dateOrNull(s.authorizedAt),
      capturedAt: dateOrNull(s.capturedAt),
      canceledAt: dateOrNull(s.canceledAt),
      createdAt: date(s.createdAt),
      updatedAt: date(s.updatedAt),
    })),
  };
}

function hydrateCart(raw: any): CartWithCollection {
  return {
    ...raw,
    promoCodes: raw.promoCodes ?? [],
    completedAt: dateOrNull(raw.completedAt),
    createdAt: date(raw.createdAt),
    updatedAt: date(raw.updatedAt),
    items: (raw.items as any[]).map((i) => ({ ...i, createdAt: date(i.createdAt), updatedAt: date(i.updatedAt) })),
    shippingMethods: (raw.shippingMethods as any[]).map((m) => ({ ...m, createdAt: date(m.createdAt), updatedAt: date(m.updatedAt) })),
    collection: hydrateCollection(raw.collection),
  };
}

/** Plain-SQL access to carts and payment collections of the commerce schema. */
export class CartRows {
  constructor(private readonly store: Store) {}

  private t = (name: string) => this.store.table(name);

  /**
   * The cart `id` of the context's tenant with its lines, shipping methods and payment collection,
   * in one statement; `lock`: the cart's row is locked for the unit of work (`ctx` must carry one).
   */
  async cart(ctx: RequestContext, id: string, o: { lock?: boolean } = {}): Promise<CartWithCollection | null> {
    const t = this.t;
    const [row] = await this.store.sql<{ cart: unknown }>(
      ctx,
      `select json_build_object(
         'id', c.id, 'tenantId', c.tenant_id, 'regionId', c.region_id, 'currencyCode', c.currency_code, 'customerId', c.customer_id,
         'email', c.email, 'salesChannelId', c.sales_channel_id, 'shippingAddress', c.shipping_address, 'billingAddress', c.billing_address,
         'promoCodes', c.promo_codes, 'metadata', c.metadata, 'locale', c.locale, 'completedAt', c.completed_at, 'orderId', c.order_id,
         'createdAt', c.created_at, 'updatedAt', c.updated_at,
         'items', coalesce((select json_agg(json_build_object(
             'id', i.id, 'kind', i.kind, 'referenceId', i.reference_id, 'title', i.title, 'subtitle', i.subtitle, 'thumbnail', i.thumbnail,
             'quantity', i.quantity, 'unitPrice', i.unit_price::text, 'compareAtUnitPrice', i.compare_at_unit_price::text,
             'isTaxInclusive', i.is_tax_inclusive, 'requiresShipping', i.requires_shipping, 'isDiscountable', i.is_discountable,
             'productId', i.product_id, 'productTitle', i.product_title, 'productHandle', i.product_handle, 'productSubtitle', i.product_subtitle,
             'productDescription', i.product_description, 'productType', i.product_type, 'productCollection', i.product_collection,
             'variantSku', i.variant_sku, 'variantBarcode', i.variant_barcode, 'variantTitle', i.variant_title,
             'variantOptionValues', i.variant_option_values, 'catalogRefs', i.catalog_refs, 'metadata', i.metadata, 'data', i.data,
             'createdAt', i.created_at, 'updatedAt', i.updated_at) order by i.created_at, i.id)
           from ${t('line_item')} i where i.tenant_id = c.tenant_id and i.cart_id = c.id), '[]'::json),
         'shippingMethods', coalesce((select json_agg(json_build_object(
             'id', m.id, 'shippingOptionId', m.shipping_option_id, 'name', m.name, 'description', m.description, 'amount', m.amount::text,
             'isTaxInclusive', m.is_tax_inclusive, 'data', m.data, 'createdAt', m.created_at, 'updatedAt', m.updated_at) order by m.created_at, m.id)
           from ${t('cart_shipping_method')} m where m.tenant_id = c.tenant_id and m.cart_id = c.id), '[]'::json),
         'collection', (select ${collectionJson(t)} from ${t('payment_collection')} p where p.tenant_id = c.tenant_id and p.cart_id = c.id)
       ) as cart
       from ${t('cart')} c where c.tenant_id = ? and c.id = ?${o.lock ? ' for update' : ''}`,
      [requireTenant(ctx), id],
      { prepare: true },
    );
    return row ? hydrateCart(row.cart) : null;
  }

  /**
   * The order `id` of the context's tenant with its payment collection (found through the cart's
   * unique index), in one statement. The order is an `Order` with the columns' values.
   */
  async order(ctx: RequestContext, id: string): Promise<{ order: Order; collection: PaymentCollectionView | null } | null> {
    const [row] = await this.store.sql<{ o: Record<string, unknown>; pc: unknown }>(
      ctx,
      `select to_json(o) as o,
              (select ${collectionJson(this.t)} from ${this.t('payment_collection')} p where p.tenant_id = o.tenant_id and p.cart_id = o.cart_id and p.order_id = o.id) as pc
         from ${this.t('order')} o where o.tenant_id = ? and o.id = ?`,
      [requireTenant(ctx), id],
      { prepare: true },
    );
    return row ? { order: hydrateOrder(row.o), collection: hydrateCollection(row.pc) } : null;
  }

  /**
   * A page of the tenant's orders (of one customer, of some statuses, found by `search`: digits, with
   * or without "#", are the display number, anything else part of the email, case-insensitive),
   * newest first, each with its payment collection like `order`, and how many there are: two
   * statements side by side.
   */
  async orders(
    ctx: RequestContext,
    q: { customerId?: string; status?: string[]; search?: string; limit: number; offset: number },
  ): Promise<{ rows: Array<{ order: Order; collection: PaymentCollectionView | null }>; count: number }> {
    const where = ['o.tenant_id = ?'];
    const params: unknown[] = [requireTenant(ctx)];
    if (q.customerId) {
      where.push('o.customer_id = ?');
      params.push(q.customerId);
    }
    if (q.status?.length) {
      where.push('o.status = any(?::text[])');
      params.push(pgArray(q.status));
    }
    const search = q.search?.trim();
    if (search) {
      const number = /^#?(\d{1,9})$/.exec(search);
      where.push(number ? 'o.display_id = ?' : 'o.email ilike ?');
      params.push(number ? Number(number[1]) : containsPattern(search));
    }
    const from = `from ${this.t('order')} o where ${where.join(' and ')}`;
    const count = () => this.store.sql<{ n: number }>(ctx, `select count(*)::int as n ${from}`, params);
    const page = () =>
      q.limit
        ? this.store.sql<{ o: Record<string, unknown>; pc: unknown }>(
            ctx,
            `select to_json(o) as o,
                    (select ${collectionJson(this.t)} from ${this.t('payment_collection')} p where p.tenant_id = o.tenant_id and p.cart_id = o.cart_id and p.order_id = o.id) as pc
               ${from} order by o.created_at desc, o.id desc limit ? offset ?`,
            [...params, q.limit, q.offset],
          )
        : Promise.resolve([]);
    // inside a unit of work both share its connection, one after the other
    const [[counted], rows] = this.store.inTransaction(ctx) ? [await count(), await page()] : await Promise.all([count(), page()]);
    return { rows: rows.map((r) => ({ order: hydrateOrder(r.o), collection: hydrateCollection(r.pc) })), count: counted.n };
  }

  /** The payment collection of a cart (`by: 'cart'`) or by its id, with its sessions. */
  async collection(ctx: RequestContext, by: 'cart' | 'id', value: string): Promise<PaymentCollectionView | null> {
    const [row] = await this.store.sql<{ pc: unknown }>(
      ctx,
      `select ${collectionJson(this.t)} as pc from ${this.t('payment_collection')} p where p.tenant_id = ? and p.${by === 'cart' ? 'cart_id' : 'id'} = ?`,
      [requireTenant(ctx), value],
      { prepare: true },
    );
    return row ? hydrateCollection(row.pc) : null;
  }
}

/** A JSON value as a jsonb parameter (SQL null for null, as the ORM writes it). */
const jsonb = (v: unknown): string | null => (v == null ? null : JSON.stringify(v));

const LINE_COLUMNS = [
  'id',
  'tenant_id',
  'cart_id',
  'kind',
  'reference_id',
  'title',
  'subtitle',
  'thumbnail',
  'quantity',
  'unit_price',
  'compare_at_unit_price',
  'is_tax_inclusive',
  'requires_shipping',
  'is_discountable',
  'product_id',
  'product_title',
  'product_handle',
  'product_subtitle',
  'product_description',
  'product_type',
  'product_collection',
  'variant_sku',
  'variant_barcode',
  'variant_title',
  'variant_option_values',
  'catalog_refs',
  'metadata',
  'data',
  'created_at',
  'updated_at',
];
const JSON_LINE_COLUMNS = new Set(['variant_option_values', 'catalog_refs', 'metadata', 'data']);

const lineValues = (tenantId: string, cartId: string, i: LineItemView): unknown[] => [
  i.id,
  tenantId,
  cartId,
  i.kind,
  i.referenceId,
  i.title,
  i.subtitle,
  i.thumbnail,
  i.quantity,
  i.unitPrice,
  i.compareAtUnitPrice,
  i.isTaxInclusive,
  i.requiresShipping,
  i.isDiscountable,
  i.productId,
  i.productTitle,
  i.productHandle,
  i.productSubtitle,
  i.productDescription,
  i.productType,
  i.productCollection,
  i.variantSku,
  i.variantBarcode,
  i.variantTitle,
  jsonb(i.variantOptionValues),
  jsonb(i.catalogRefs),
  jsonb(i.metadata),
  jsonb(i.data),
  i.createdAt,
  i.updatedAt,
];

/** Writes of new carts and of shipping choices, in plain SQL, in the unit of work of `tx`. */
export class CartWrites {
  constructor(private readonly store: Store) {}

  /** The inserts of a new cart with its lines (one statement each), for `store.batch`. */
  insertStatements(cart: CartView): SqlStatement[] {
    const statements: SqlStatement[] = [
      [
        `insert into ${this.store.table('cart')} (id, tenant_id, region_id, currency_code, customer_id, email, sales_channel_id, shipping_address, billing_address,
         promo_codes, metadata, locale, completed_at, order_id, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?::jsonb, ?::jsonb, ?, ?, ?, ?, ?)`,
        [
          cart.id,
          cart.tenantId,
          cart.regionId,
          cart.currencyCode,
          cart.customerId,
          cart.email,
          cart.salesChannelId,
          jsonb(cart.shippingAddress),
          jsonb(cart.billingAddress),
          JSON.stringify(cart.promoCodes),
          jsonb(cart.metadata),
          cart.locale,
          cart.completedAt,
          cart.orderId,
          cart.createdAt,
          cart.updatedAt,
        ],
      ],
    ];
    if (!cart.items.length) return statements;
    const row = `(${LINE_COLUMNS.map((c) => (JSON_LINE_COLUMNS.has(c) ? '?::jsonb' : '?')).join(', ')})`;
    statements.push([
      `insert into ${this.store.table('line_item')} (${LINE_COLUMNS.join(', ')}) values ${cart.items.map(() => row).join(', ')}`,
      cart.items.flatMap((i) => lineValues(cart.tenantId, cart.id, i)),
    ]);
    return statements;
  }

  /** The cart's shipping methods become `method` alone; the cart's `updated_at` becomes `at` (one statement). */
  async replaceShippingMethods(tx: RequestContext, cart: { id: string; tenantId: string }, method: ShippingMethodView, at: Date): Promise<void> {
    const t = (n: string) => this.store.table(n);
    await this.store.sql(
      tx,
      `with gone as (delete from ${t('cart_shipping_method')} where tenant_id = ? and cart_id = ?),
            touched as (update ${t('cart')} set updated_at = ? where tenant_id = ? and id = ?)
       insert into ${t('cart_shipping_method')} (id, tenant_id, cart_id, shipping_option_id, name, description, amount, is_tax_inclusive, data, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?)`,
      [
        cart.tenantId,
        cart.id,
        at,
        cart.tenantId,
        cart.id,
        method.id,
        cart.tenantId,
        cart.id,
        method.shippingOptionId,
        method.name,
        method.description,
        method.amount,
        method.isTaxInclusive,
        jsonb(method.data),
        method.createdAt,
        method.updatedAt,
      ],
      { prepare: true },
    );
  }
}

/** A session a provider just initiated, to be stored. */
interface NewSession {
  id: string;
  providerId: string;
  status: PaymentSessionStatus;
  data: Record<string, unknown>;
  context: Record<string, unknown>;
}

/** Writes of payment collections and sessions, in plain SQL. */
export class PaymentWrites {
  constructor(private readonly store: Store) {}

  private t = (name: string) => this.store.table(name);

  /** A payment collection with the cart it belongs to (what a session needs of it), in one statement. */
  async collectionWithCart(
    ctx: RequestContext,
    id: string,
  ): Promise<{
    pc: PaymentCollectionView;
    cart: { id: string; customerId: string | null; completedAt: string | null; regionId: string; email: string | null };
  } | null> {
    const [row] = await this.store.sql<{ pc: unknown; cart: any }>(
      ctx,
      `select ${collectionJson(this.t)} as pc,
              json_build_object('id', c.id, 'customerId', c.customer_id, 'completedAt', c.completed_at, 'regionId', c.region_id, 'email', c.email) as cart
         from ${this.t('payment_collection')} p join ${this.t('cart')} c on c.tenant_id = p.tenant_id and c.id = p.cart_id
        where p.tenant_id = ? and p.id = ?`,
      [requireTenant(ctx), id],
      { prepare: true },
    );
    return row ? { pc: hydrateCollection(row.pc)!, cart: row.cart } : null;
  }

  /** Inserts a new payment collection. */
  async insertCollection(tx: RequestContext, pc: PaymentCollectionView): Promise<void> {
    await this.store.sql(
      tx,
      `insert into ${this.t('payment_collection')} (id, tenant_id, cart_id, order_id, currency_code, amount, status, authorized_amount, captured_amount,
         refunded_amount, completed_at, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        pc.id,
        requireTenant(tx),
        pc.cartId,
        pc.orderId,
        pc.currencyCode,
        pc.amount,
        pc.status,
        pc.authorizedAmount,
        pc.capturedAmount,
        pc.refundedAmount,
        pc.completedAt,
        pc.createdAt,
        pc.updatedAt,
      ],
      { prepare: true },
    );
  }

  /**
   * In one statement: the collection's sessions that are not authorised (or captured) are removed,
   * `sessions` are added for the collection's amount, and the collection awaits payment. Answers
   * the collection with its sessions: the authorised ones kept, then the new ones in their order.
   */
  async replaceSessions(ctx: RequestContext, collectionId: string, sessions: NewSession[]): Promise<PaymentCollectionView | null> {
    const tenantId = requireTenant(ctx);
    const now = new Date();
    const [row] = await this.store.sql<{ pc: any; kept: unknown[] | null }>(
      ctx,
      `with pc as (
         update ${this.t('payment_collection')} set status = 'awaiting', updated_at = ? where tenant_id = ? and id = ?
         returning id, tenant_id, cart_id, order_id, currency_code, amount, status, authorized_amount, captured_amount, refunded_amount, completed_at, created_at, updated_at),
       gone as (
         delete from ${this.t('payment_session')} s using pc where s.tenant_id = pc.tenant_id and s.collection_id = pc.id and s.status not in ('authorized', 'captured')),
       added as (
         insert into ${this.t('payment_session')} (id, tenant_id, collection_id, provider_id, amount, currency_code, status, data, context, created_at, updated_at)
         select x.id, pc.tenant_id, pc.id, x.provider_id, pc.amount, pc.currency_code, x.status, x.data, x.context, ?, ?
           from pc, json_to_recordset(?::json) as x(id text, provider_id text, status text, data jsonb, context jsonb))
       select (select json_build_object('id', p.id, 'cartId', p.cart_id, 'orderId', p.order_id, 'currencyCode', p.currency_code, 'amount', p.amount::text,
                 'status', p.status, 'authorizedAmount', p.authorized_amount::text, 'capturedAmount', p.captured_amount::text,
                 'refundedAmount', p.refunded_amount::text, 'completedAt', p.completed_at, 'createdAt', p.created_at, 'updatedAt', p.updated_at,
                 'sessions', coalesce((select json_agg(json_build_object(
                     'id', s.id, 'providerId', s.provider_id, 'amount', s.amount::text, 'currencyCode', s.currency_code, 'status', s.status, 'data', s.data,
                     'context', s.context, 'refunds', s.refunds, 'authorizedAt', s.authorized_at, 'capturedAt', s.captured_at, 'canceledAt', s.canceled_at,
                     'createdAt', s.created_at, 'updatedAt', s.updated_at) order by s.created_at, s.id)
                   from ${this.t('payment_session')} s where s.tenant_id = p.tenant_id and s.collection_id = p.id and s.status in ('authorized', 'captured')), '[]'::json))
                 from pc p) as pc`,
      [
        now,
        tenantId,
        collectionId,
        now,
        now,
        JSON.stringify(sessions.map((s) => ({ id: s.id, provider_id: s.providerId, status: s.status, data: s.data ?? {}, context: s.context }))),
      ],
      { prepare: true },
    );
    const pc = hydrateCollection(row?.pc);
    if (!pc) return null;
    for (const s of sessions) {
      pc.sessions.push({
        id: s.id,
        providerId: s.providerId,
        amount: pc.amount,
        currencyCode: pc.currencyCode,
        status: s.status,
        data: s.data ?? {},
        context: s.context,
        authorizedAt: null,
        capturedAt: null,
        canceledAt: null,
        createdAt: now,
        updatedAt: now,
      });
    }
    return pc;
  }
}
