import { createHash } from 'node:crypto';
import { Errors, newId, requireTenant, type RequestContext, type Store } from '@svc/kit';
import { Order } from '../entities/order.entity';
import { PaymentCollection, PaymentSession } from '../entities/payment.entity';
import { supportsRecurring, type PaymentContext, type PaymentProviderAdapter, type ProviderResult } from '../payments/provider';
import { providerAdapter } from '../payments/registry';
import { currencyExponent, fromIsoMinor, toIsoMinor } from '../payments/money';
import { BANK_TRANSFER_PROVIDER_ID } from '../payments/bank-transfer';
import { SYSTEM_PROVIDER_ID } from '../payments/system';
import type { CatalogPort } from './catalog-port';
import type { PaymentService } from './payment.service';
import type { SetupService } from './setup.service';
import { ORDER_TOTAL_KEYS } from './order.service';

/** How a recurring payment is collected: a saved method charged off-session, or an invoice paid outside (manual, bank transfer). */
export type RecurringMode = 'saved_method' | 'invoice';

const INVOICE_PROVIDERS = new Set([SYSTEM_PROVIDER_ID, BANK_TRANSFER_PROVIDER_ID]);

interface RecurringInput {
  provider_id: string;
  currency_code: string;
  /** decimal string in major units ("9.99"); "0" saves the method only */
  amount: string;
  idempotency_key: string;
  customer_id?: string | null;
  email?: string | null;
  reference?: string | null;
  return_url?: string | null;
  cancel_url?: string | null;
}

export interface RecurringResult {
  provider_id: string;
  mode: RecurringMode;
  /** pending (started), captured (paid), authorized (method saved, nothing paid), requires_more, error */
  status: string;
  /** what the storefront needs (client_secret, approve_url, transfer reference) and the provider ids */
  data: Record<string, unknown>;
  /** the saved method, once there is one (what `chargeSavedPaymentMethod` takes) */
  method: Record<string, unknown> | null;
  message: string | null;
}

interface RenewalOrderInput {
  /** unique per renewal (subscription and cycle): a second call answers the first order */
  key: string;
  currency_code: string;
  amount: string;
  title: string;
  description?: string | null;
  customer_id?: string | null;
  email?: string | null;
  provider_id: string;
  /** paid off-session (captured) or an invoice awaiting payment */
  paid: boolean;
  payment_data?: Record<string, unknown> | null;
  metadata?: Record<string, unknown> | null;
}

/**
 * Recurring payments for other domains (subscriptions), through operator operations of the graph:
 * a session that saves the payment method for off-session charges, its confirmation, an
 * off-session charge with the caller's idempotency key, and a renewal order with its own number.
 * Manual and bank-transfer providers have no saved method: their renewals are invoices (a pending
 * order the admin captures when the money arrives). Provider calls run outside transactions; an
 * outage is 502 provider_unavailable (nothing written).
 */
export class RecurringPaymentService {
  constructor(
    private readonly store: Store,
    private readonly setup: SetupService,
    private readonly catalog: CatalogPort,
    private readonly payments: PaymentService,
  ) {}

  /** The provider's adapter when the tenant offers it in a region of the currency (400 otherwise). */
  private async adapter(ctx: RequestContext, providerId: string, currency: string): Promise<PaymentProviderAdapter> {
    const regions = (await this.catalog.allRegions(ctx)).filter((r) => r.currency_code.toLowerCase() === currency.toLowerCase());
    for (const r of regions) {
      const entry = (await this.setup.providersFor(ctx, r.id)).find((p) => p.id === providerId);
      const adapter = entry ? providerAdapter(providerId, entry.settings) : undefined;
      if (adapter) return adapter;
    }
    throw Errors.invalidField('provider_id', `Payment provider "${providerId}" is not offered for ${currency.toUpperCase()}`);
  }

  private modeOf(adapter: PaymentProviderAdapter): RecurringMode {
    if (supportsRecurring(adapter)) return 'saved_method';
    if (INVOICE_PROVIDERS.has(adapter.id)) return 'invoice';
    throw Errors.invalidField('provider_id', `Payment provider "${adapter.id}" cannot keep a payment method for renewals`);
  }

  private context(input: RecurringInput): PaymentContext {
    return {
      idempotency_key: input.idempotency_key,
      email: input.email ?? null,
      customer_id: input.customer_id ?? null,
      reference: input.reference ?? undefined,
      return_url: input.return_url ?? null,
      cancel_url: input.cancel_url ?? null,
    };
  }

  private result(providerId: string, mode: RecurringMode, r: ProviderResult): RecurringResult {
    const { method, ...data } = r.data;
    return {
      provider_id: providerId,
      mode,
      status: r.status,
      data,
      method: method && typeof method === 'object' ? (method as Record<string, unknown>) : null,
      message: r.message ?? null,
    };
  }

  /** Starts the session that saves the method (Stripe: a PaymentIntent with setup_future_usage, or a SetupIntent for 0); invoices get their transfer reference. */
  async start(ctx: RequestContext, input: RecurringInput): Promise<RecurringResult> {
    const adapter = await this.adapter(ctx, input.provider_id, input.currency_code);
    const mode = this.modeOf(adapter);
    const context = this.context(input);
    const r =
      mode === 'saved_method' && supportsRecurring(adapter)
        ? await this.payments.call(ctx, adapter.id, () => adapter.startRecurring({ amount: input.amount, currency_code: input.currency_code, context }))
        : await this.payments.call(ctx, adapter.id, () => adapter.initiate({ amount: input.amount, currency_code: input.currency_code, context }));
    return this.result(adapter.id, mode, r);
  }

  /** Whether the shopper completed the session: the first amount paid (or the method saved) and the method to charge later. */
  async confirm(ctx: RequestContext, input: RecurringInput & { data: Record<string, unknown> }): Promise<RecurringResult> {
    const adapter = await this.adapter(ctx, input.provider_id, input.currency_code);
    const mode = this.modeOf(adapter);
    if (mode === 'invoice' || !supportsRecurring(adapter))
      return { provider_id: adapter.id, mode, status: 'authorized', data: input.data, method: null, message: null };
    const context = this.context(input);
    const r = await this.payments.call(ctx, adapter.id, () =>
      adapter.confirmRecurring({ amount: input.amount, currency_code: input.currency_code, data: input.data, context }),
    );
    return this.result(adapter.id, mode, r);
  }

  /** Charges the saved method off-session; the provider sees `idempotency_key` (one charge per key). */
  async charge(ctx: RequestContext, input: RecurringInput & { method: Record<string, unknown> }): Promise<RecurringResult> {
    const adapter = await this.adapter(ctx, input.provider_id, input.currency_code);
    if (!supportsRecurring(adapter)) throw Errors.invalidField('provider_id', `Payment provider "${adapter.id}" has no saved payment methods to charge`);
    const context = this.context(input);
    const r = await this.payments.call(ctx, adapter.id, () =>
      adapter.chargeSaved({ amount: input.amount, currency_code: input.currency_code, method: input.method, context }),
    );
    return this.result(adapter.id, 'saved_method', r);
  }

  /**
   * Refunds `amount` of a recurring charge (`data`: the charge's provider ids) with the caller's
   * idempotency key: Stripe and PayPal refund through their APIs (the same key: the same refund).
   * Invoice providers (manual, bank transfer) move no money themselves: the refund is answered
   * `pending` with `owed: true`, for the merchant to pay back outside the platform.
   */
  async refund(ctx: RequestContext, input: RecurringInput & { data: Record<string, unknown> }): Promise<RecurringResult> {
    const adapter = await this.adapter(ctx, input.provider_id, input.currency_code);
    const mode = this.modeOf(adapter);
    if (mode === 'invoice')
      return { provider_id: adapter.id, mode, status: 'pending', data: { owed: true, amount: input.amount }, method: null, message: null };
    const context = this.context(input);
    // the provider's own list of earlier refunds is not ours to replay: one key, one refund
    const data = { ...input.data };
    delete data.refunds;
    const r = await this.payments.call(ctx, adapter.id, () => adapter.refund({ amount: input.amount, currency_code: input.currency_code, data, context }));
    const refund = Array.isArray(r.data.refunds) ? (r.data.refunds.at(-1) as Record<string, unknown> | undefined) : undefined;
    return {
      provider_id: adapter.id,
      mode,
      status: r.status,
      data: { refund_id: refund?.id ?? null, amount: input.amount },
      method: null,
      message: r.message ?? null,
    };
  }

  /**
   * The order of one renewal: its own display id from the tenant's order counter, one line (the
   * plan), a payment collection with the renewal's session (captured, or awaiting payment for an
   * invoice). Idempotent per `key` (an advisory lock per key; the key's digest is the order's
   * `cart_id`, `rnw_…`: a renewal order has no cart).
   */
  async renewalOrder(ctx: RequestContext, input: RenewalOrderInput): Promise<{ id: string; display_id: number; payment_status: string; created: boolean }> {
    const tenantId = requireTenant(ctx);
    const ref = `rnw_${createHash('sha256').update(`${tenantId}|${input.key}`).digest('hex').slice(0, 32)}`;
    const minor = toIsoMinor(input.amount, input.currency_code);
    const amount = Number(fromIsoMinor(minor, input.currency_code));
    const exp = currencyExponent(input.currency_code);
    const region = (await this.catalog.allRegions(ctx)).find((r) => r.currency_code.toLowerCase() === input.currency_code.toLowerCase());
    if (!region) throw Errors.invalidField('currency_code', `The store has no region in ${input.currency_code.toUpperCase()}`);
    return this.store.transaction(ctx, async (em, tx) => {
      await this.store.sql(tx, 'select pg_advisory_xact_lock(hashtext(?))', [ref]);
      const existing = await em.findOne(Order, { cartId: ref });
      if (existing) return { id: existing.id, display_id: existing.displayId, payment_status: existing.paymentStatus, created: false };
      const t = (n: string) => this.store.table(n);
      const [{ last }] = await this.store.sql<{ last: number }>(
        tx,
        `insert into ${t('order_counter')} (tenant_id, last) values (?, 1) on conflict (tenant_id) do update set last = ${t('order_counter')}.last + 1 returning last`,
        [tenantId],
      );
      const now = new Date();
      const status = input.paid ? 'captured' : 'authorized';
      const lineId = newId('item');
      const line = {
        id: lineId,
        kind: 'subscription',
        title: input.title,
        subtitle: input.description ?? null,
        thumbnail: null,
        quantity: 1,
        unit_price: amount,
        requires_shipping: false,
        is_discountable: false,
        is_tax_inclusive: false,
        variant_id: null,
        product_id: null,
        reference_id: input.key,
        metadata: { ...(input.metadata ?? {}), renewal_key: input.key },
        tax_lines: [],
        adjustments: [],
        subtotal: amount,
        total: amount,
        original_total: amount,
        original_subtotal: amount,
        item_total: amount,
        item_subtotal: amount,
        tax_total: 0,
        discount_total: 0,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      };
      const totals = Object.fromEntries(ORDER_TOTAL_KEYS.map((k) => [k, /tax|discount|shipping/.test(k) ? 0 : amount]));
      const order = em.create(Order, {
        tenantId,
        displayId: Number(last),
        cartId: ref,
        regionId: region.id,
        currencyCode: input.currency_code.toLowerCase(),
        customerId: input.customer_id ?? null,
        email: input.email ?? null,
        status: 'pending',
        paymentStatus: status,
        fulfillmentStatus: 'not_fulfilled',
        items: [line],
        shippingMethods: [],
        promotions: [],
        totals,
        metadata: { ...(input.metadata ?? {}), renewal_key: input.key },
        createdAt: now,
        updatedAt: now,
      });
      const amountText = fromIsoMinor(minor, input.currency_code);
      const pc = em.create(PaymentCollection, {
        tenantId,
        cartId: ref,
        orderId: order.id,
        currencyCode: order.currencyCode,
        amount: amountText,
        status: input.paid ? 'completed' : 'authorized',
        authorizedAmount: amountText,
        capturedAmount: input.paid ? amountText : null,
        completedAt: now,
        createdAt: now,
        updatedAt: now,
      });
      em.create(PaymentSession, {
        tenantId,
        collection: pc,
        providerId: input.provider_id,
        amount: amountText,
        currencyCode: order.currencyCode,
        status,
        data: { ...(input.payment_data ?? {}), ...(input.paid ? {} : { awaiting_transfer: true }) },
        context: { idempotency_key: input.key, reference: input.key, exponent: exp },
        authorizedAt: now,
        capturedAt: input.paid ? now : null,
        createdAt: now,
        updatedAt: now,
      });
      await em.flush();
      return { id: order.id, display_id: order.displayId, payment_status: status, created: true };
    });
  }
}
