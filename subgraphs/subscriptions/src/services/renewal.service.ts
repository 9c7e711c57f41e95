import { LockMode } from '@mikro-orm/core';
import { systemContext, type Clock, type RequestContext, type Store } from '@svc/kit';
import type { Logger } from 'pino';
import { SubscriptionPlan } from '../entities/plan.entity';
import { Subscription, SubscriptionRenewal } from '../entities/subscription.entity';
import { subscriptionsEvents } from '../events';
import type { SubscriptionsSettings } from '../settings';
import { isProviderOutage, type CommercePort, type RecurringPayment } from './commerce-port';
import { fromMinor, majorNumber } from './money';
import { addInterval } from './periods';
import { freshPeriod } from './proration';
import { ledger, orderBase, paymentRecord, priceOf, setState } from './subscription.service';

/** What one renewal pass did for a subscription. */
type RenewalOutcome = 'renewed' | 'failed' | 'canceled' | 'retry_later' | 'skipped';

interface Claim {
  renewal: SubscriptionRenewal;
  subscription: Subscription;
  plan: SubscriptionPlan;
}

/**
 * Renewals at the period end, run by the job `renew-subscriptions` (every minute, on the job
 * queue). Per due subscription, crash-safe and at most one charge per cycle:
 *
 *  1. claim (one transaction, the subscription row locked, `skip locked`): the cycle's renewal row
 *     is created or taken with its attempt and idempotency key `<subscription>:c<cycle>:a<attempt>`
 *     and a lease. A renewal another worker holds (lease running) is left alone; one whose worker
 *     died (`charging`, lease over) is taken over with the SAME attempt and key; a failed one gets
 *     the next attempt and a new key.
 *  2. charge (no transaction): the saved method off-session through commerce with that key, so a
 *     repeated attempt is the provider's replay of the first, never a second charge. Invoice plans
 *     (manual, bank transfer) are not charged: their renewal order awaits payment.
 *  3. the renewal order through commerce, idempotent per `<subscription>:c<cycle>`.
 *  4. record (one transaction): only if the renewal is still this attempt `charging`: succeeded,
 *     the ledger row, the next period (a scheduled plan takes over, the balance of plan changes is
 *     used up), `subscription.renewed`. A decline: `past_due`, the next attempt after the
 *     configured backoff, `subscription.payment_failed`; after the last attempt `canceled`.
 *     A provider outage changes nothing but the time of the next try (same attempt, same key).
 *
 * A subscription with `cancel_at_period_end` is canceled at its period end instead.
 */
export class RenewalService {
  constructor(
    private readonly store: Store,
    private readonly commerce: CommercePort,
    private readonly clock: Clock,
    private readonly settings: SubscriptionsSettings,
  ) {}

  private now(): Date {
    return new Date(this.clock.now());
  }

  /** One pass: every due subscription of every tenant (up to the batch size), one after the other. */
  async runDue(log: Logger): Promise<Record<RenewalOutcome, number>> {
    const counts: Record<RenewalOutcome, number> = { renewed: 0, failed: 0, canceled: 0, retry_later: 0, skipped: 0 };
    // checkouts never completed: canceled after their time (never active, so no event)
    await this.store.sql(
      null,
      `update ${this.store.table('subscription')} set status = 'canceled', cancel_reason = 'checkout_expired', canceled_at = ?, updated_at = ?
        where status = 'incomplete' and created_at < ?`,
      [this.now(), this.now(), new Date(this.clock.now() - this.settings.checkoutTtlHours * 3_600_000)],
    );
    const due = await this.store.sql<{ id: string; tenant_id: string }>(
      null,
      `select id, tenant_id from ${this.store.table('subscription')}
        where status in ('active', 'past_due') and next_renewal_at <= ? order by next_renewal_at, id limit ?`,
      [this.now(), this.settings.batchSize],
    );
    for (const d of due) {
      const ctx = systemContext(log.child({ subscription: d.id }), d.tenant_id, `renew:${d.id}`);
      try {
        counts[await this.renew(ctx, d.id)]++;
      } catch (err) {
        ctx.log.error({ err }, 'renewal failed; retried on the next pass');
        counts.retry_later++;
      }
    }
    return counts;
  }

  /** Renews one subscription if it is due (see the class comment). */
  async renew(ctx: RequestContext, id: string): Promise<RenewalOutcome> {
    const claim = await this.claim(ctx, id);
    if (claim === 'skipped' || claim === 'canceled') return claim;
    const { renewal, subscription: s, plan } = claim;
    const amount = BigInt(renewal.amount);
    const base = {
      provider_id: s.providerId ?? 'pp_system_default',
      currency_code: s.currencyCode,
      amount: fromMinor(amount, s.currencyCode),
      customer_id: s.customerId,
      email: s.email,
      reference: `${s.id}:c${renewal.cycle}`,
    };
    let payment: RecurringPayment | null = null;
    const charged = s.mode === 'saved_method' && amount > 0n;
    if (charged) {
      if (!s.paymentMethod) return this.failed(ctx, renewal, 'No saved payment method');
      try {
        payment = await this.commerce.charge(ctx, { ...base, idempotency_key: renewal.key, method: s.paymentMethod });
      } catch (err) {
        if (!isProviderOutage(err)) throw err;
        return this.later(ctx, renewal, (err as Error).message);
      }
      if (payment.status !== 'captured') return this.failed(ctx, renewal, payment.message ?? `The charge was not completed (${payment.status})`);
    }
    const order = await this.commerce.renewalOrder(ctx, {
      ...orderBase(base),
      key: `${s.id}:c${renewal.cycle}`,
      title: plan.name,
      description: `Subscription ${s.id}, period ${renewal.cycle + 1}`,
      paid: charged || amount === 0n,
      payment_data: payment ? paymentRecord(payment.data) : null,
      metadata: { subscription_id: s.id, cycle: renewal.cycle },
    });
    return this.succeeded(ctx, renewal, order, payment ? paymentRecord(payment.data) : null);
  }

  private async claim(ctx: RequestContext, id: string): Promise<Claim | 'skipped' | 'canceled'> {
    return this.store.transaction(ctx, async (em, tx) => {
      // another worker renewing it right now holds the row: leave it to them
      const s = await em.findOne(Subscription, { id }, { lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE });
      const now = this.now();
      if (!s || (s.status !== 'active' && s.status !== 'past_due') || !s.nextRenewalAt || s.nextRenewalAt > now) return 'skipped';
      if (s.cancelAtPeriodEnd) {
        s.status = 'canceled';
        s.canceledAt = now;
        s.cancelReason = 'period_end';
        s.nextRenewalAt = null;
        subscriptionsEvents.emit(em, tx, 'subscription.canceled', { id: s.id, customer_id: s.customerId, plan_id: s.planId, reason: 'period_end' });
        await em.flush();
        return 'canceled';
      }
      const cycle = s.cycle + 1;
      let r = await em.findOne(SubscriptionRenewal, { subscriptionId: s.id, cycle });
      const lease = new Date(now.getTime() + this.settings.leaseMs);
      if (r?.state === 'succeeded') return 'skipped';
      if (r?.state === 'charging' && r.leaseUntil > now) return 'skipped';
      const plan = await em.findOneOrFail(SubscriptionPlan, { id: s.scheduledPlanId ?? s.planId });
      if (!r) {
        // the plan's price now, plus what plan changes left (a credit larger than the price is carried on)
        const due = priceOf(plan, s.currencyCode) + BigInt(s.balance);
        r = em.create(SubscriptionRenewal, {
          tenantId: s.tenantId,
          subscriptionId: s.id,
          cycle,
          state: 'charging',
          attempt: 1,
          key: `${s.id}:c${cycle}:a1`,
          planId: plan.id,
          amount: (due > 0n ? due : 0n).toString(),
          leaseUntil: lease,
        });
      } else {
        if (r.state === 'failed') {
          r.attempt += 1;
          r.key = `${s.id}:c${cycle}:a${r.attempt}`;
        }
        // a worker that died mid-charge (charging, lease over): the same attempt and key again
        r.state = 'charging';
        r.leaseUntil = lease;
      }
      await em.flush();
      return { renewal: r, subscription: s, plan };
    });
  }

  /** The renewal row, still this attempt and charging (another worker may have finished it meanwhile). */
  private async current(em: Parameters<Parameters<Store['transaction']>[1]>[0], claimed: SubscriptionRenewal) {
    // the subscription first, then its renewal: the order every unit of work here locks them in
    const s = await em.findOne(Subscription, { id: claimed.subscriptionId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    const r = await em.findOne(SubscriptionRenewal, { id: claimed.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!r || !s || r.state !== 'charging' || r.attempt !== claimed.attempt) return null;
    return { r, s };
  }

  private async succeeded(
    ctx: RequestContext,
    claimed: SubscriptionRenewal,
    order: { id: string; display_id: number },
    payment: Record<string, unknown> | null,
  ): Promise<RenewalOutcome> {
    return this.store.transaction(ctx, async (em, tx) => {
      const cur = await this.current(em, claimed);
      if (!cur) return 'skipped';
      const { r, s } = cur;
      const plan = await em.findOneOrFail(SubscriptionPlan, { id: r.planId });
      const price = priceOf(plan, s.currencyCode);
      const amount = BigInt(r.amount);
      r.state = 'succeeded';
      r.orderId = order.id;
      r.orderDisplayId = order.display_id;
      r.lastError = null;
      // the balance of plan changes is used up by this charge (a credit beyond it is carried on)
      const balance = BigInt(s.balance);
      const left = price + balance < 0n ? price + balance : 0n;
      if (balance !== 0n) {
        ledger(em, s, {
          key: `${s.id}:c${r.cycle}:balance`,
          kind: 'balance_applied',
          amount: balance < 0n ? -balance + left : balance,
          cycle: r.cycle,
          description: balance < 0n ? 'Credit of plan changes used' : 'Charges of plan changes',
        });
      }
      ledger(em, s, {
        key: `${s.id}:c${r.cycle}`,
        kind: s.mode === 'invoice' ? 'invoice' : 'charge',
        amount,
        cycle: r.cycle,
        description: `${plan.name}: period ${r.cycle + 1}`,
        orderId: order.id,
        orderDisplayId: order.display_id,
        providerReference: typeof payment?.id === 'string' ? payment.id : null,
        paymentData: payment,
      });
      const start = s.periodEnd;
      const end = addInterval(start, plan.interval, plan.intervalCount);
      setState(s, freshPeriod(start.getTime(), end.getTime(), price), start);
      s.planId = plan.id;
      s.scheduledPlanId = null;
      s.balance = left.toString();
      s.cycle = r.cycle;
      s.failedAttempts = 0;
      // paused or canceled while the charge was under way: the period it paid for is recorded, the status stays
      if (s.status === 'past_due') s.status = 'active';
      s.nextRenewalAt = s.status === 'active' ? end : null;
      subscriptionsEvents.emit(em, tx, 'subscription.renewed', {
        id: s.id,
        customer_id: s.customerId,
        plan_id: s.planId,
        cycle: r.cycle,
        order_id: order.id,
        order_display_id: order.display_id,
        amount: majorNumber(amount, s.currencyCode),
        currency_code: s.currencyCode,
        current_period_end: end.toISOString(),
      });
      await em.flush();
      return 'renewed';
    });
  }

  /** A declined charge: past_due and the next attempt after the backoff, or canceled after the last one. */
  private async failed(ctx: RequestContext, claimed: SubscriptionRenewal, message: string): Promise<RenewalOutcome> {
    return this.store.transaction(ctx, async (em, tx) => {
      const cur = await this.current(em, claimed);
      if (!cur) return 'skipped';
      const { r, s } = cur;
      const now = this.now();
      r.state = 'failed';
      r.lastError = message.slice(0, 1000);
      s.failedAttempts = r.attempt;
      // paused or canceled while the charge was under way: nothing to retry now (a resume renews again)
      if (s.status !== 'active' && s.status !== 'past_due') {
        await em.flush();
        return 'failed';
      }
      const last = r.attempt >= this.settings.renewalAttempts;
      const hours = this.settings.retryHours[Math.min(r.attempt - 1, this.settings.retryHours.length - 1)];
      const next = last ? null : new Date(now.getTime() + hours * 3_600_000);
      const base = { id: s.id, customer_id: s.customerId, plan_id: s.planId };
      subscriptionsEvents.emit(em, tx, 'subscription.payment_failed', {
        ...base,
        cycle: r.cycle,
        attempt: r.attempt,
        next_attempt_at: next?.toISOString() ?? null,
        message,
      });
      if (last) {
        s.status = 'canceled';
        s.canceledAt = now;
        s.cancelReason = 'payment_failed';
        s.nextRenewalAt = null;
        subscriptionsEvents.emit(em, tx, 'subscription.canceled', { ...base, reason: 'payment_failed' });
      } else {
        s.status = 'past_due';
        s.nextRenewalAt = next;
      }
      await em.flush();
      return last ? 'canceled' : 'failed';
    });
  }

  /** The provider was not reachable: the same attempt (and key) again after the first backoff step, nothing else changes. */
  private async later(ctx: RequestContext, claimed: SubscriptionRenewal, message: string): Promise<RenewalOutcome> {
    return this.store.transaction(ctx, async (em) => {
      const cur = await this.current(em, claimed);
      if (!cur) return 'skipped';
      const now = this.now();
      cur.r.lastError = message.slice(0, 1000);
      cur.r.leaseUntil = now;
      cur.s.nextRenewalAt = new Date(now.getTime() + Math.min(this.settings.retryHours[0], 1) * 3_600_000);
      await em.flush();
      return 'retry_later';
    });
  }
}
