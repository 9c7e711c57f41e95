import type { SubscriptionPlan } from '../entities/plan.entity';
import type { Subscription, SubscriptionLedgerEntry, SubscriptionRenewal } from '../entities/subscription.entity';
import { majorNumber, toMinor } from './money';

/** Plain objects, snake_case like the API (GraphQL fields = REST JSON); amounts are numbers in major units. */
export interface PlanPriceView {
  currency_code: string;
  amount: number;
}

export interface PlanView {
  id: string;
  handle: string;
  name: string;
  description: string | null;
  interval: string;
  interval_count: number;
  prices: PlanPriceView[];
  trial_days: number;
  active: boolean;
  metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
}

export function toPlanView(p: SubscriptionPlan): PlanView {
  return {
    id: p.id,
    handle: p.handle,
    name: p.name,
    description: p.description,
    interval: p.interval,
    interval_count: p.intervalCount,
    prices: Object.entries(p.prices)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency_code, amount]) => ({ currency_code, amount: majorNumber(toMinor(amount, currency_code) ?? 0n, currency_code) })),
    trial_days: p.trialDays,
    active: p.active,
    metadata: p.metadata,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

export interface SubscriptionView {
  id: string;
  customer_id: string;
  email: string | null;
  plan_id: string;
  plan: PlanView | null;
  status: string;
  currency_code: string;
  /** the plan's price per period in the subscription's currency */
  amount: number;
  provider_id: string | null;
  payment_mode: string | null;
  current_period_start: string;
  current_period_end: string;
  trial_end: string | null;
  cancel_at_period_end: boolean;
  canceled_at: string | null;
  cancel_reason: string | null;
  paused_at: string | null;
  scheduled_plan_id: string | null;
  /** what the next renewal adds (positive) or takes off (negative), from plan changes */
  balance: number;
  cycle: number;
  failed_attempts: number;
  next_renewal_at: string | null;
  /** an immediate cancel's refund of the unused period, or null */
  refund: { amount: number; currency_code: string; status: string; provider_reference: string | null } | null;
  created_at: string;
  updated_at: string;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toSubscriptionView(s: Subscription, plan: SubscriptionPlan | null): SubscriptionView {
  const price = plan ? (toMinor(plan.prices[s.currencyCode] ?? '0', s.currencyCode) ?? 0n) : 0n;
  return {
    id: s.id,
    customer_id: s.customerId,
    email: s.email,
    plan_id: s.planId,
    plan: plan ? toPlanView(plan) : null,
    status: s.status,
    currency_code: s.currencyCode,
    amount: majorNumber(price, s.currencyCode),
    provider_id: s.providerId,
    payment_mode: s.mode,
    current_period_start: s.periodStart.toISOString(),
    current_period_end: s.periodEnd.toISOString(),
    trial_end: iso(s.trialEnd),
    cancel_at_period_end: s.cancelAtPeriodEnd,
    canceled_at: iso(s.canceledAt),
    cancel_reason: s.cancelReason,
    paused_at: iso(s.pausedAt),
    scheduled_plan_id: s.scheduledPlanId,
    balance: majorNumber(BigInt(s.balance), s.currencyCode),
    cycle: s.cycle,
    failed_attempts: s.failedAttempts,
    next_renewal_at: iso(s.nextRenewalAt),
    refund:
      s.refundAmount !== null && s.refundStatus
        ? {
            amount: majorNumber(BigInt(s.refundAmount), s.currencyCode),
            currency_code: s.currencyCode,
            status: s.refundStatus,
            provider_reference: s.refundReference,
          }
        : null,
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  };
}

export interface LedgerEntryView {
  id: string;
  kind: string;
  amount: number;
  currency_code: string;
  cycle: number;
  description: string;
  order_id: string | null;
  order_display_id: number | null;
  provider_reference: string | null;
  created_at: string;
}

export const toLedgerView = (e: SubscriptionLedgerEntry): LedgerEntryView => ({
  id: e.id,
  kind: e.kind,
  amount: majorNumber(BigInt(e.amount), e.currencyCode),
  currency_code: e.currencyCode,
  cycle: e.cycle,
  description: e.description,
  order_id: e.orderId,
  order_display_id: e.orderDisplayId,
  provider_reference: e.providerReference,
  created_at: e.createdAt.toISOString(),
});

export interface RenewalView {
  id: string;
  cycle: number;
  state: string;
  attempt: number;
  amount: number;
  last_error: string | null;
  order_id: string | null;
  order_display_id: number | null;
  created_at: string;
  updated_at: string;
}

export const toRenewalView = (r: SubscriptionRenewal, currency: string): RenewalView => ({
  id: r.id,
  cycle: r.cycle,
  state: r.state,
  attempt: r.attempt,
  amount: majorNumber(BigInt(r.amount), currency),
  last_error: r.lastError,
  order_id: r.orderId,
  order_display_id: r.orderDisplayId,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

export interface ProrationView {
  currency_code: string;
  /** the unused part of what was billed for the old plan */
  credit: number;
  /** the new plan for the rest of the period */
  charge: number;
  /** charge − credit: added to (or, negative, taken off) the next renewal */
  net: number;
  /** now, or the period end for a plan of another interval */
  effective_at: string;
}
