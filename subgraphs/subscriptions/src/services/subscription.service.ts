import { LockMode, type EntityManager } from '@mikro-orm/core';
import {
  DomainError,
  Errors,
  newId,
  normalizePage,
  requireCustomer,
  requireTenant,
  systemContext,
  type Clock,
  type Paginated,
  type RequestContext,
  type Store,
} from '@svc/kit';
import { SubscriptionPlan } from '../entities/plan.entity';
import { Subscription, SubscriptionLedgerEntry, SubscriptionRenewal, type LedgerKind } from '../entities/subscription.entity';
import { subscriptionsEvents } from '../events';
import type {
  AdminSubscriptionListQuery,
  CheckoutData,
  CreateSubscriptionData,
  PaymentMethodUpdateData,
  SubscriptionListQuery,
} from '../inputs/subscription.input';
import type { Logger } from 'pino';
import type { SubscriptionsSettings } from '../settings';
import type { CommercePort } from './commerce-port';
import { fromMinor, majorNumber, toMinor } from './money';
import { addDays, addInterval } from './periods';
import type { PlanService } from './plan.service';
import { freshPeriod, prorate, type ProrationState } from './proration';
import { toLedgerView, toRenewalView, toSubscriptionView, type LedgerEntryView, type ProrationView, type RenewalView, type SubscriptionView } from './views';

const invalidTransition = (message: string) => Errors.conflict('invalid_transition', message);

/** The plan's price in the currency, in minor units (400 invalid_field when the plan has none). */
export function priceOf(plan: SubscriptionPlan, currency: string, field = 'plan_id'): bigint {
  const amount = plan.prices[currency];
  const minor = amount === undefined ? null : toMinor(amount, currency);
  if (minor === null) throw Errors.invalidField(field, `Plan "${plan.handle}" has no price in ${currency.toUpperCase()}`);
  return minor;
}

/** The proration state of a subscription's current period. */
const stateOf = (s: Subscription): ProrationState => ({
  lengthMs: BigInt(s.periodLengthMs),
  end: s.periodEnd.getTime(),
  lastChangeAt: s.lastChangeAt.getTime(),
  consumed: BigInt(s.consumed),
  billed: BigInt(s.billed),
});

/** Writes a period's proration state back. */
export function setState(s: Subscription, st: ProrationState, start?: Date): void {
  if (start) s.periodStart = start;
  s.periodLengthMs = st.lengthMs.toString();
  s.periodEnd = new Date(st.end);
  s.lastChangeAt = new Date(st.lastChangeAt);
  s.consumed = st.consumed.toString();
  s.billed = st.billed.toString();
}

const inTrial = (s: Subscription, now: number): boolean => !!s.trialEnd && now < s.trialEnd.getTime() && s.cycle === 0;

/** A ledger row (once per key: a repeated write is ignored). */
export function ledger(
  em: EntityManager,
  s: Subscription,
  e: {
    key: string;
    kind: LedgerKind;
    amount: bigint;
    cycle: number;
    description: string;
    orderId?: string | null;
    orderDisplayId?: number | null;
    providerReference?: string | null;
    paymentData?: Record<string, unknown> | null;
  },
): void {
  if (e.amount === 0n) return;
  em.create(SubscriptionLedgerEntry, {
    tenantId: s.tenantId,
    subscriptionId: s.id,
    key: e.key,
    kind: e.kind,
    amount: e.amount.toString(),
    currencyCode: s.currencyCode,
    cycle: e.cycle,
    description: e.description.slice(0, 300),
    orderId: e.orderId ?? null,
    orderDisplayId: e.orderDisplayId ?? null,
    providerReference: e.providerReference ?? null,
    paymentData: e.paymentData ?? null,
  });
}

/** What a renewal order is made of from the payment call's fields (the order has no `reference`). */
export const orderBase = ({
  reference: _r,
  ...rest
}: {
  reference: string;
  provider_id: string;
  currency_code: string;
  amount: string;
  customer_id: string;
  email: string | null;
}) => rest;

/** What the order's payment keeps of the provider's answer: its ids and status, never a client secret. */
export const paymentRecord = (data: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(data).filter(([k]) => ['id', 'kind', 'status', 'customer', 'reference', 'latest_charge', 'capture_id', 'capture_status'].includes(k)),
  );

/**
 * A checkout whose payment may still complete: incomplete, or expired unfinished (the shopper may
 * have paid at the provider and come back late: a paid checkout still becomes its subscription).
 */
const awaitingPayment = (s: Subscription): boolean =>
  s.status === 'incomplete' || (s.status === 'canceled' && !s.activatedAt && s.cancelReason === 'checkout_expired');

const eventBase = (s: Subscription) => ({ id: s.id, customer_id: s.customerId, plan_id: s.planId });

export interface CheckoutView {
  id: string;
  subscription_id: string;
  plan_id: string;
  currency_code: string;
  provider_id: string;
  payment_mode: string;
  /** due now: the first period's price, or 0 when the plan starts with a trial */
  amount: number;
  trial_days: number;
  /** what the storefront needs: Stripe's client_secret (PaymentIntent or SetupIntent), the bank transfer reference */
  payment_session: Record<string, unknown>;
}

/**
 * Subscriptions: checkout (a payment session that saves the method), creation from a completed
 * checkout or as a trial without payment, and the lifecycle of the contract: pause (only active),
 * resume (only paused; the period end moves by the paused time), cancel (now or at the period end),
 * change plan (prorated exactly; a plan of another interval from the period end); anything else is
 * 409 invalid_transition. A customer sees and changes only their own (404 for anyone else's); admins
 * see their store's. Provider calls run outside transactions; each write is one unit of work.
 */
export class SubscriptionService {
  constructor(
    private readonly store: Store,
    private readonly plans: PlanService,
    private readonly commerce: CommercePort,
    private readonly clock: Clock,
    private readonly settings: Pick<SubscriptionsSettings, 'refundRetryMinutes' | 'refundAttempts' | 'batchSize'>,
  ) {}

  private now(): Date {
    return new Date(this.clock.now());
  }

  /** The subscription if the actor may act on it: its customer, or the store's staff (404 otherwise). */
  private async owned(em: EntityManager, ctx: RequestContext, id: string, lock = false): Promise<Subscription> {
    const staff = ctx.actor.type === 'admin' || ctx.actor.type === 'operator';
    const where = staff ? { id } : { id, customerId: requireCustomer(ctx) };
    const s = await em.findOne(Subscription, where, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
    if (!s) throw Errors.notFound('Subscription', id);
    return s;
  }

  private async view(em: EntityManager, s: Subscription): Promise<SubscriptionView> {
    return toSubscriptionView(s, await em.findOne(SubscriptionPlan, { id: s.planId }));
  }

  /**
   * Where the provider's approval page (PayPal) sends the shopper: the URLs given, else pages of the
   * store's first allowed storefront origin (identity's store settings, through the port):
   * `<origin>/account/subscriptions?<query>` after approving, with `&canceled=true` after
   * canceling. A store without origins gets none (PayPal then uses the merchant account's own).
   */
  private async returnUrls(
    ctx: RequestContext,
    input: { return_url?: string; cancel_url?: string },
    query: string,
  ): Promise<{ return_url: string | null; cancel_url: string | null }> {
    if (input.return_url && input.cancel_url) return { return_url: input.return_url, cancel_url: input.cancel_url };
    const [origin] = await this.commerce.storefrontOrigins(ctx);
    const page = origin ? `${origin.replace(/\/+$/, '')}/account/subscriptions?${query}` : null;
    return { return_url: input.return_url ?? page, cancel_url: input.cancel_url ?? (page && `${page}&canceled=true`) };
  }

  /** Starts a checkout: an `incomplete` subscription and the provider's session that saves the method (and takes the first amount unless the plan starts with a trial). */
  async checkout(ctx: RequestContext, input: CheckoutData): Promise<{ checkout: CheckoutView; subscription: SubscriptionView }> {
    const tenantId = requireTenant(ctx);
    const customerId = requireCustomer(ctx);
    const plan = await this.plans.entity(ctx, input.plan_id).catch(() => null);
    if (!plan || !plan.active) throw Errors.invalidField('plan_id', `No plan "${input.plan_id}" is offered`);
    const price = priceOf(plan, input.currency_code, 'currency_code');
    const amount = plan.trialDays > 0 ? 0n : price;
    const me = await this.commerce.me(ctx);
    const id = newId('sub');
    const urls = await this.returnUrls(ctx, input, `checkout_id=${id}`);
    const session = await this.commerce.start(ctx, {
      provider_id: input.provider_id,
      currency_code: input.currency_code,
      amount: fromMinor(amount, input.currency_code),
      idempotency_key: `${id}:checkout`,
      customer_id: customerId,
      email: me.email,
      reference: id,
      ...urls,
    });
    if (session.status === 'error')
      throw new DomainError('validation_error', 'payment_refused', session.message ?? 'The payment provider refused the checkout');
    const now = this.now();
    return this.store.transaction(ctx, async (em) => {
      const s = em.create(Subscription, {
        id,
        tenantId,
        customerId,
        email: me.email,
        planId: plan.id,
        currencyCode: input.currency_code,
        status: 'incomplete',
        providerId: session.provider_id,
        mode: session.mode === 'invoice' ? 'invoice' : 'saved_method',
        checkout: { amount: amount.toString(), data: session.data, first_name: me.first_name },
        // on the clock the checkout's expiry is measured with (SUBSCRIPTION_CHECKOUT_TTL_HOURS)
        createdAt: now,
        periodStart: now,
        periodEnd: now,
        periodLengthMs: '0',
        lastChangeAt: now,
      });
      await em.flush();
      const checkout: CheckoutView = {
        id,
        subscription_id: id,
        plan_id: plan.id,
        currency_code: input.currency_code,
        provider_id: session.provider_id,
        payment_mode: session.mode,
        amount: majorNumber(amount, input.currency_code),
        trial_days: plan.trialDays,
        payment_session: session.data,
      };
      return { checkout, subscription: toSubscriptionView(s, plan) };
    });
  }

  /** A subscription from a completed checkout (idempotent: the same checkout answers the same subscription), or a trial without payment. */
  async create(ctx: RequestContext, input: CreateSubscriptionData): Promise<SubscriptionView> {
    if (!input.checkout_id) {
      if (!input.plan_id) {
        throw new DomainError(
          'validation_error',
          'checkout_required',
          'Either checkout_id (a completed checkout) or plan_id and currency_code (a trial) is required',
          [{ field: 'checkout_id', code: 'checkout_required', message: 'a completed checkout, or a plan with trial days' }],
        );
      }
      if (!input.currency_code) {
        throw new DomainError('validation_error', 'missing_field', 'currency_code is required with plan_id', [
          { field: 'currency_code', code: 'missing_field', message: 'currency_code is required with plan_id' },
        ]);
      }
      return this.trial(ctx, input.plan_id, input.currency_code);
    }
    if (input.plan_id || input.currency_code) {
      const field = input.plan_id ? 'plan_id' : 'currency_code';
      throw new DomainError('validation_error', 'invalid_field', `${field} goes with a trial, not with checkout_id`, [
        { field, code: 'invalid_field', message: 'not with checkout_id: the checkout has its plan and currency' },
      ]);
    }
    const id = input.checkout_id;
    const s = await this.owned(this.store.em(ctx), ctx, id);
    if (!awaitingPayment(s)) {
      if (s.status === 'canceled' && !s.activatedAt) throw invalidTransition('This checkout was canceled: start a new one');
      return this.view(this.store.em(ctx), s);
    }
    const plan = await this.plans.entity(ctx, s.planId);
    const amount = BigInt(String(s.checkout?.amount ?? '0'));
    const data = (s.checkout?.data ?? {}) as Record<string, unknown>;
    const base = {
      provider_id: s.providerId!,
      currency_code: s.currencyCode,
      amount: fromMinor(amount, s.currencyCode),
      customer_id: s.customerId,
      email: s.email,
      reference: s.id,
    };
    const confirmed = await this.commerce.confirm(ctx, { ...base, idempotency_key: `${s.id}:checkout`, data });
    if (confirmed.status !== 'captured' && confirmed.status !== 'authorized') {
      throw Errors.conflict('payment_incomplete', confirmed.message ?? 'The payment of this checkout is not complete yet');
    }
    // the first period's order (its key makes a repeated request find the same one)
    const order =
      amount > 0n
        ? await this.commerce.renewalOrder(ctx, {
            ...orderBase(base),
            key: `${s.id}:c0`,
            title: plan.name,
            description: `Subscription ${s.id}, first period`,
            paid: s.mode === 'saved_method',
            payment_data: paymentRecord(confirmed.data),
            metadata: { subscription_id: s.id, cycle: 0 },
          })
        : null;
    return this.store.transaction(ctx, async (em, tx) => {
      const locked = await this.owned(em, ctx, id, true);
      if (!awaitingPayment(locked)) return this.view(em, locked);
      locked.canceledAt = null;
      locked.cancelReason = null;
      const now = this.now();
      const price = priceOf(plan, locked.currencyCode);
      this.activate(locked, plan, price, now);
      locked.paymentMethod = confirmed.method;
      if (order) {
        ledger(em, locked, {
          key: `${locked.id}:c0`,
          kind: locked.mode === 'invoice' ? 'invoice' : 'charge',
          amount,
          cycle: 0,
          description: `${plan.name}: first period`,
          orderId: order.id,
          orderDisplayId: order.display_id,
          providerReference: typeof confirmed.data.id === 'string' ? confirmed.data.id : null,
          paymentData: paymentRecord(confirmed.data),
        });
      }
      subscriptionsEvents.emit(em, tx, 'subscription.created', { ...eventBase(locked), status: locked.status, order_id: order?.id ?? null });
      await em.flush();
      return toSubscriptionView(locked, plan);
    });
  }

  /** The first period: the trial, or one interval billed at `price`. */
  private activate(s: Subscription, plan: SubscriptionPlan, price: bigint, now: Date): void {
    const trial = plan.trialDays > 0;
    const end = trial ? addDays(now, plan.trialDays) : addInterval(now, plan.interval, plan.intervalCount);
    setState(s, freshPeriod(now.getTime(), end.getTime(), trial ? 0n : price), now);
    s.trialEnd = trial ? end : null;
    s.status = 'active';
    s.activatedAt = now;
    s.nextRenewalAt = end;
  }

  private async trial(ctx: RequestContext, planRef: string, currency: string): Promise<SubscriptionView> {
    const tenantId = requireTenant(ctx);
    const customerId = requireCustomer(ctx);
    const plan = await this.plans.entity(ctx, planRef).catch(() => null);
    if (!plan || !plan.active) throw Errors.invalidField('plan_id', `No plan "${planRef}" is offered`);
    const price = priceOf(plan, currency, 'currency_code');
    if (plan.trialDays <= 0) {
      throw new DomainError(
        'validation_error',
        'checkout_required',
        `Plan "${plan.handle}" has no trial: start a checkout (POST /store/subscriptions/checkout) and pass its checkout_id`,
        [{ field: 'checkout_id', code: 'missing_field', message: 'a completed checkout is required for a plan without a trial' }],
      );
    }
    const me = await this.commerce.me(ctx);
    return this.store.transaction(ctx, async (em, tx) => {
      const now = this.now();
      const s = em.create(Subscription, {
        tenantId,
        customerId,
        email: me.email,
        planId: plan.id,
        currencyCode: currency,
        status: 'active',
        // no saved method: the first charge after the trial is an invoice
        providerId: 'pp_system_default',
        mode: 'invoice',
        periodStart: now,
        periodEnd: now,
        periodLengthMs: '0',
        lastChangeAt: now,
      });
      this.activate(s, plan, price, now);
      subscriptionsEvents.emit(em, tx, 'subscription.created', { ...eventBase(s), status: s.status, order_id: null });
      await em.flush();
      return toSubscriptionView(s, plan);
    });
  }

  // ---- reads ----

  async mine(ctx: RequestContext, a: SubscriptionListQuery): Promise<Paginated<SubscriptionView>> {
    return this.page(ctx, { ...a, customer_id: requireCustomer(ctx) });
  }

  async get(ctx: RequestContext, id: string): Promise<SubscriptionView> {
    const em = this.store.em(ctx);
    return this.view(em, await this.owned(em, ctx, id));
  }

  /** Admin: the store's subscriptions, newest first. */
  async page(ctx: RequestContext, a: AdminSubscriptionListQuery): Promise<Paginated<SubscriptionView>> {
    const page = normalizePage(a, 20);
    const where = {
      ...(a.status?.length ? { status: { $in: a.status } } : {}),
      ...(a.customer_id ? { customerId: a.customer_id } : {}),
      ...(a.plan_id ? { planId: a.plan_id } : {}),
    };
    const em = this.store.em(ctx);
    const [rows, count] =
      page.limit > 0
        ? await em.findAndCount(Subscription, where, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: page.limit, offset: page.offset })
        : [[], await em.count(Subscription, where)];
    const items = await Promise.all(rows.map(async (s) => toSubscriptionView(s, await this.plans.byId(ctx, s.planId))));
    return { items, count, ...page };
  }

  /** Admin: what a subscription charged and credited, and its renewals. */
  async history(ctx: RequestContext, id: string): Promise<{ ledger: LedgerEntryView[]; renewals: RenewalView[] }> {
    const em = this.store.em(ctx);
    const s = await this.owned(em, ctx, id);
    const [entries, renewals] = await Promise.all([
      em.find(SubscriptionLedgerEntry, { subscriptionId: s.id }, { orderBy: { createdAt: 'asc', id: 'asc' } }),
      em.find(SubscriptionRenewal, { subscriptionId: s.id }, { orderBy: { cycle: 'asc' } }),
    ]);
    return { ledger: entries.map(toLedgerView), renewals: renewals.map((r) => toRenewalView(r, s.currencyCode)) };
  }

  // ---- lifecycle ----

  async pause(ctx: RequestContext, id: string): Promise<SubscriptionView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const s = await this.owned(em, ctx, id, true);
      if (s.status !== 'active') throw invalidTransition(`Only an active subscription can be paused (this one is ${s.status})`);
      s.status = 'paused';
      s.pausedAt = this.now();
      s.nextRenewalAt = null;
      subscriptionsEvents.emit(em, tx, 'subscription.paused', eventBase(s));
      await em.flush();
      return this.view(em, s);
    });
  }

  /** Back to active; the period end (and the trial end) move by the time it was paused, which is never billed. */
  async resume(ctx: RequestContext, id: string): Promise<SubscriptionView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const s = await this.owned(em, ctx, id, true);
      if (s.status !== 'paused' || !s.pausedAt) throw invalidTransition(`Only a paused subscription can be resumed (this one is ${s.status})`);
      const now = this.now();
      const paused = Math.max(0, now.getTime() - s.pausedAt.getTime());
      s.periodEnd = new Date(s.periodEnd.getTime() + paused);
      s.lastChangeAt = new Date(s.lastChangeAt.getTime() + paused);
      if (s.trialEnd && s.trialEnd.getTime() > s.pausedAt.getTime()) s.trialEnd = new Date(s.trialEnd.getTime() + paused);
      s.pausedAt = null;
      s.status = 'active';
      s.nextRenewalAt = s.periodEnd;
      subscriptionsEvents.emit(em, tx, 'subscription.resumed', { ...eventBase(s), current_period_end: s.periodEnd.toISOString() });
      await em.flush();
      return this.view(em, s);
    });
  }

  /**
   * Now, or at the period end (`at_period_end`; an incomplete or past-due one ends now); a canceled
   * one → 409. Ending now refunds the unused share of the paid period (see `unusedShare`): the
   * subscription row is locked while the refund is decided and recorded, so a second cancel (409)
   * or a renewal finishing meanwhile never refunds again, and the provider sees one idempotency key
   * per subscription and period. The provider is asked after the cancel commits: its refund id is
   * recorded when it answers; an outage leaves the refund `pending` (the cancel stands).
   */
  async cancel(ctx: RequestContext, id: string, atPeriodEnd = false): Promise<SubscriptionView> {
    const decided = await this.store.transaction(ctx, async (em, tx) => {
      const s = await this.owned(em, ctx, id, true);
      if (s.status === 'canceled') throw invalidTransition('The subscription is already canceled');
      let refund: { amount: bigint; charge: SubscriptionLedgerEntry } | null = null;
      if (atPeriodEnd && (s.status === 'active' || s.status === 'paused')) {
        s.cancelAtPeriodEnd = true;
      } else {
        const now = this.now();
        refund = await this.unusedShare(em, s, now);
        s.status = 'canceled';
        s.canceledAt = now;
        s.cancelReason = 'requested';
        s.nextRenewalAt = null;
        if (refund) {
          s.refundAmount = refund.amount.toString();
          s.refundStatus = s.mode === 'invoice' ? 'owed' : 'pending';
        }
        subscriptionsEvents.emit(em, tx, 'subscription.canceled', {
          ...eventBase(s),
          reason: 'requested',
          refund_amount: refund ? majorNumber(refund.amount, s.currencyCode) : 0,
          refund_status: s.refundStatus,
          currency_code: s.currencyCode,
        });
      }
      await em.flush();
      return { view: await this.view(em, s), refund, subscription: s };
    });
    const { refund, subscription: s } = decided;
    if (!refund || s.mode === 'invoice' || !s.providerId) return decided.view;
    const refunded = await this.askRefund(ctx, s.id, refund.amount, refund.charge);
    return refunded ?? decided.view;
  }

  /**
   * Asks the provider for a decided refund (`pending`) with its idempotency key
   * `<subscription>:c<cycle>:refund`: its answer makes it `refunded` with the provider's refund id
   * and a `refund` ledger row (once: under the row lock, only while still pending). When the
   * provider cannot be reached the refund stays `pending` and the job `retry-refunds` asks again
   * after the backoff (`SUBSCRIPTION_REFUND_RETRY_MINUTES`) with the same key, so a refund the
   * provider made before its answer was lost is replayed, never made twice. Null when not refunded.
   */
  private async askRefund(ctx: RequestContext, id: string, amount: bigint, charge: SubscriptionLedgerEntry): Promise<SubscriptionView | null> {
    const s = await this.store.em(ctx).findOneOrFail(Subscription, { id });
    const key = `${s.id}:c${s.cycle}:refund`;
    const answer = await this.commerce
      .refund(ctx, {
        provider_id: s.providerId!,
        currency_code: s.currencyCode,
        amount: fromMinor(amount, s.currencyCode),
        idempotency_key: key,
        customer_id: s.customerId,
        email: s.email,
        reference: s.id,
        data: charge.paymentData ?? {},
      })
      .catch((err: unknown) => {
        ctx.log.warn({ err, subscription: s.id }, 'subscription refund not confirmed by the provider; it stays pending and is retried');
        return null;
      });
    return this.store.transaction(ctx, async (em) => {
      const locked = await em.findOneOrFail(Subscription, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (locked.refundStatus !== 'pending') return null;
      if (!answer || answer.status !== 'captured') {
        // no answer (an outage): again after the backoff, until the last attempt; a refusal is left to the merchant
        locked.refundAttempts += 1;
        const steps = this.settings.refundRetryMinutes;
        const minutes = steps[Math.min(locked.refundAttempts - 1, steps.length - 1)];
        locked.refundRetryAt = !answer && locked.refundAttempts < this.settings.refundAttempts ? new Date(this.clock.now() + minutes * 60_000) : null;
        if (answer) ctx.log.warn({ subscription: id, status: answer.status, message: answer.message }, 'the provider did not make the subscription refund');
        await em.flush();
        return null;
      }
      locked.refundStatus = 'refunded';
      locked.refundRetryAt = null;
      locked.refundReference = typeof answer.data.refund_id === 'string' ? answer.data.refund_id : null;
      ledger(em, locked, {
        key,
        kind: 'refund',
        amount,
        cycle: locked.cycle,
        description: 'Unused part of the period, refunded at cancel',
        orderId: charge.orderId,
        orderDisplayId: charge.orderDisplayId,
        providerReference: locked.refundReference,
      });
      await em.flush();
      return this.view(em, locked);
    });
  }

  /**
   * The job `retry-refunds`: every pending cancel refund of every tenant whose retry is due (on the
   * platform clock) is asked of the provider again, with the same idempotency key. A worker takes
   * a refund by moving its retry time past the call (`skip locked`), so two workers never ask at once.
   */
  async retryRefunds(log: Logger): Promise<number> {
    const t = this.store.table('subscription');
    const now = new Date(this.clock.now());
    const due = await this.store.sql<{ id: string; tenant_id: string }>(
      null,
      `select id, tenant_id from ${t} where refund_status = 'pending' and refund_retry_at <= ? order by refund_retry_at, id limit ?`,
      [now, this.settings.batchSize],
    );
    let refunded = 0;
    for (const d of due) {
      const ctx = systemContext(log.child({ subscription: d.id }), d.tenant_id, `refund:${d.id}`);
      try {
        const claimed = await this.store.transaction(ctx, async (em) => {
          const s = await em.findOne(Subscription, { id: d.id }, { lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE });
          if (!s || s.refundStatus !== 'pending' || !s.refundRetryAt || s.refundRetryAt > now || !s.refundAmount) return null;
          // held while this worker asks the provider; the answer sets the next time, or none
          s.refundRetryAt = new Date(now.getTime() + 10 * 60_000);
          await em.flush();
          return { amount: BigInt(s.refundAmount), charge: await em.findOne(SubscriptionLedgerEntry, { subscriptionId: s.id, key: `${s.id}:c${s.cycle}` }) };
        });
        if (!claimed?.charge) continue;
        if (await this.askRefund(ctx, d.id, claimed.amount, claimed.charge)) refunded++;
      } catch (err) {
        ctx.log.error({ err }, 'subscription refund retry failed; tried again on a later pass');
      }
    }
    return refunded;
  }

  // ---- the saved payment method ----

  /**
   * Starts replacing the saved payment method of an active, paused or past-due subscription: a new
   * save-for-later session on the provider (commerce's `startRecurringPayment` for 0: Stripe a
   * SetupIntent with `usage=off_session`, PayPal a vault setup token), kept on the subscription until
   * it is confirmed. A new start replaces an unconfirmed one. The provider must keep a method for
   * renewals (400 `invalid_field` otherwise); nothing is written when it refuses or cannot be reached.
   */
  async startPaymentMethodUpdate(
    ctx: RequestContext,
    id: string,
    input: PaymentMethodUpdateData,
  ): Promise<{ subscription_id: string; provider_id: string; payment_session: Record<string, unknown>; subscription: SubscriptionView }> {
    const s = await this.owned(this.store.em(ctx), ctx, id);
    const updatable = (x: Subscription) => x.status === 'active' || x.status === 'paused' || x.status === 'past_due';
    if (!updatable(s)) throw invalidTransition(`The payment method of a ${s.status} subscription cannot be replaced`);
    const providerId = input.provider_id ?? s.providerId;
    if (!providerId) throw Errors.invalidField('provider_id', 'The subscription has no payment provider: name one');
    const key = `${s.id}:method:${newId('pmu')}`;
    const urls = await this.returnUrls(ctx, input, `subscription_id=${s.id}`);
    const session = await this.commerce.start(ctx, {
      provider_id: providerId,
      currency_code: s.currencyCode,
      amount: '0',
      idempotency_key: key,
      customer_id: s.customerId,
      email: s.email,
      reference: s.id,
      ...urls,
    });
    if (session.mode !== 'saved_method') throw Errors.invalidField('provider_id', `Payment provider "${providerId}" keeps no payment method for renewals`);
    if (session.status === 'error')
      throw new DomainError('validation_error', 'payment_refused', session.message ?? 'The payment provider refused to start saving a payment method');
    return this.store.transaction(ctx, async (em) => {
      const locked = await this.owned(em, ctx, id, true);
      if (!updatable(locked)) throw invalidTransition(`The payment method of a ${locked.status} subscription cannot be replaced`);
      locked.methodUpdate = { provider_id: session.provider_id, key, data: session.data, started_at: this.now().toISOString() };
      await em.flush();
      return { subscription_id: locked.id, provider_id: session.provider_id, payment_session: session.data, subscription: await this.view(em, locked) };
    });
  }

  /**
   * Confirms the replacement started last: the provider says whether the shopper completed it
   * (Stripe: the SetupIntent succeeded with a payment method on the customer; PayPal: the setup
   * token approved and vaulted). Then the new method (and its provider) is the one renewals charge,
   * an invoice subscription becomes a saved-method one, and a past-due subscription is due again
   * at once (the renewal job's next pass retries the charge on the new method). 409
   * `payment_incomplete` while the shopper has not completed it; 409 `invalid_transition` when no
   * replacement was started (or the subscription ended meanwhile).
   */
  async confirmPaymentMethodUpdate(ctx: RequestContext, id: string): Promise<SubscriptionView> {
    const s = await this.owned(this.store.em(ctx), ctx, id);
    const pending = s.methodUpdate;
    if (!pending || s.status === 'canceled' || s.status === 'incomplete')
      throw invalidTransition('No payment method replacement was started for this subscription');
    const key = String(pending.key);
    const providerId = String(pending.provider_id);
    const confirmed = await this.commerce.confirm(ctx, {
      provider_id: providerId,
      currency_code: s.currencyCode,
      amount: '0',
      idempotency_key: key,
      customer_id: s.customerId,
      email: s.email,
      reference: s.id,
      data: (pending.data ?? {}) as Record<string, unknown>,
    });
    if ((confirmed.status !== 'authorized' && confirmed.status !== 'captured') || !confirmed.method)
      throw Errors.conflict('payment_incomplete', confirmed.message ?? 'The new payment method has not been saved at the provider yet');
    return this.store.transaction(ctx, async (em, tx) => {
      const locked = await this.owned(em, ctx, id, true);
      // another start replaced this session meanwhile, or the subscription ended: nothing to take over
      if (locked.methodUpdate?.key !== key || locked.status === 'canceled') throw invalidTransition('This payment method replacement is no longer current');
      locked.providerId = providerId;
      locked.mode = 'saved_method';
      locked.paymentMethod = confirmed.method;
      locked.methodUpdate = null;
      if (locked.status === 'past_due') locked.nextRenewalAt = this.now();
      subscriptionsEvents.emit(em, tx, 'subscription.payment_method_updated', { ...eventBase(locked), provider_id: providerId, status: locked.status });
      await em.flush();
      return this.view(em, locked);
    });
  }

  /**
   * What an immediate cancel gives back: the unused time share of what the charge of the current
   * period paid, exact to the minor unit (the proration credit of the current plan at `now`, less
   * what plan changes still owe, at most what was paid). Nothing in a trial, for an unpaid or
   * zero-amount period, or once the period is over (a renewal charge in flight keeps its period).
   * Paused time is not used: a paused subscription's share is taken at the pause.
   */
  private async unusedShare(em: EntityManager, s: Subscription, now: Date): Promise<{ amount: bigint; charge: SubscriptionLedgerEntry } | null> {
    if (s.status !== 'active' && s.status !== 'paused') return null;
    const at = Math.min(Math.max((s.pausedAt ?? now).getTime(), s.lastChangeAt.getTime()), s.periodEnd.getTime());
    if (inTrial(s, at)) return null;
    const charge = await em.findOne(SubscriptionLedgerEntry, { subscriptionId: s.id, key: `${s.id}:c${s.cycle}` });
    if (!charge || (charge.kind !== 'charge' && charge.kind !== 'invoice')) return null;
    const paid = BigInt(charge.amount);
    const plan = await em.findOneOrFail(SubscriptionPlan, { id: s.planId });
    const credit = prorate(stateOf(s), priceOf(plan, s.currencyCode), 0n, at).credit - BigInt(s.balance);
    const amount = credit < 0n ? 0n : credit > paid ? paid : credit;
    return amount > 0n ? { amount, charge } : null;
  }

  /**
   * Switches an active subscription to another plan. A plan of the same interval takes over now:
   * the unused part of the old plan is credited, the new plan's share of the rest of the period is
   * charged (exact to the minor unit, see proration.ts), and the net waits for the next renewal. A
   * plan of another interval takes over at the period end (nothing prorated). In a trial nothing was
   * billed: the plan changes, nothing is prorated.
   */
  async changePlan(ctx: RequestContext, id: string, planRef: string): Promise<{ subscription: SubscriptionView; proration: ProrationView }> {
    // someone else's subscription is not found, whatever plan they ask for
    await this.owned(this.store.em(ctx), ctx, id);
    const plan = await this.plans.entity(ctx, planRef).catch(() => null);
    if (!plan || !plan.active) throw Errors.invalidField('plan_id', `No plan "${planRef}" is offered`);
    return this.store.transaction(ctx, async (em, tx) => {
      const s = await this.owned(em, ctx, id, true);
      if (s.status !== 'active') throw invalidTransition(`Only an active subscription can change its plan (this one is ${s.status})`);
      if (s.planId === plan.id && !s.scheduledPlanId) throw invalidTransition('The subscription is already on this plan');
      const newPrice = priceOf(plan, s.currencyCode);
      const old = await em.findOneOrFail(SubscriptionPlan, { id: s.planId });
      const now = this.now().getTime();
      const at = Math.min(Math.max(now, s.lastChangeAt.getTime()), s.periodEnd.getTime());
      const sameInterval = old.interval === plan.interval && old.intervalCount === plan.intervalCount;
      let credit = 0n;
      let charge = 0n;
      let effective = new Date(at);
      const from = s.planId;
      if (!sameInterval) {
        s.scheduledPlanId = plan.id;
        effective = s.periodEnd;
      } else if (inTrial(s, now)) {
        s.planId = plan.id;
        s.scheduledPlanId = null;
      } else {
        const p = prorate(stateOf(s), priceOf(old, s.currencyCode), newPrice, at);
        credit = p.credit;
        charge = p.charge;
        setState(s, p.next);
        s.balance = (BigInt(s.balance) + p.net).toString();
        s.changes += 1;
        const key = `${s.id}:change${s.changes}`;
        ledger(em, s, { key: `${key}:credit`, kind: 'proration_credit', amount: credit, cycle: s.cycle, description: `Unused ${old.name}` });
        ledger(em, s, {
          key: `${key}:charge`,
          kind: 'proration_charge',
          amount: charge,
          cycle: s.cycle,
          description: `${plan.name} for the rest of the period`,
        });
        s.planId = plan.id;
        s.scheduledPlanId = null;
      }
      const proration: ProrationView = {
        currency_code: s.currencyCode,
        credit: majorNumber(credit, s.currencyCode),
        charge: majorNumber(charge, s.currencyCode),
        net: majorNumber(charge - credit, s.currencyCode),
        effective_at: effective.toISOString(),
      };
      subscriptionsEvents.emit(em, tx, 'subscription.plan_changed', {
        ...eventBase(s),
        plan_id: plan.id,
        from_plan_id: from,
        credit: proration.credit,
        charge: proration.charge,
        net: proration.net,
        effective_at: proration.effective_at,
      });
      await em.flush();
      return { subscription: toSubscriptionView(s, s.planId === plan.id ? plan : old), proration };
    });
  }
}
