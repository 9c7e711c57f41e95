import { DomainError, requireTenant, systemClock, type Clock, type RequestContext, type Store } from '@svc/kit';
import { CreditAccount, CreditEntry } from '../entities/credit.entity';
import type { ModelTier } from '../skills/catalog';
import type { AssistantSettings, CreditPlan } from '../settings';

interface CreditBalanceView {
  plan: CreditPlan;
  period: string;
  allowance: number;
  allowance_used: number;
  allowance_left: number;
  top_up_balance: number;
  balance: number;
}

interface UsageRowView {
  day: string;
  skill: string;
  tier: string;
  calls: number;
  credits: number;
}

/** the UTC month of a time, `2027-06` */
const periodOf = (t: Date) => t.toISOString().slice(0, 7);

/**
 * Assistant credits: each store's plan includes a monthly allowance (UTC calendar month, unused
 * credits do not carry over), pay-as-you-go top-ups add credits that last, and every call spends by
 * the model tier it used, from the allowance first. The ledger (`credit_entry`) is append-only; the
 * balance is computed from it under a per-store advisory lock, so parallel calls never spend more
 * than there is.
 */
export class CreditService {
  constructor(
    private readonly store: Store,
    private readonly settings: AssistantSettings,
    private readonly clock: Clock = systemClock,
  ) {}

  cost(tier: ModelTier): number {
    return this.settings.tierCost[tier];
  }

  async balance(ctx: RequestContext): Promise<CreditBalanceView> {
    return this.read(ctx, new Date(this.clock.now()));
  }

  /** 403 insufficient_credits unless the store can pay a call of the tier now (a cheap check before the work). */
  async assertCanSpend(ctx: RequestContext, tier: ModelTier): Promise<void> {
    const b = await this.balance(ctx);
    if (b.balance < this.cost(tier)) throw insufficient(b, this.cost(tier));
  }

  /**
   * Spends a call's cost inside the caller's unit of work (`ctx` must carry it): the store's credits
   * are locked, the balance read again and the spend written, or 403 insufficient_credits and the
   * whole unit of work rolls back.
   */
  async spend(ctx: RequestContext, tier: ModelTier, skill: string | null): Promise<void> {
    const tenantId = requireTenant(ctx);
    const cost = this.cost(tier);
    if (cost === 0) return;
    await this.store.transaction(ctx, async (em, tx) => {
      await this.store.sql(tx, `select pg_advisory_xact_lock(hashtext('assistant.credits'), hashtext(?))`, [tenantId]);
      const now = new Date(this.clock.now());
      const b = await this.read(tx, now);
      if (b.balance < cost) throw insufficient(b, cost);
      const allowancePart = Math.min(cost, b.allowance_left);
      em.create(CreditEntry, { tenantId, kind: 'spend', amount: -cost, allowancePart, skill, tier, period: periodOf(now), createdAt: now });
    });
  }

  /** Operator: pay-as-you-go credits for the store (they do not expire). */
  async topUp(ctx: RequestContext, amount: number, note: string | null): Promise<CreditBalanceView> {
    const tenantId = requireTenant(ctx);
    const now = new Date(this.clock.now());
    await this.store.transaction(ctx, async (em) => {
      em.create(CreditEntry, { tenantId, kind: 'top_up', amount, period: periodOf(now), note, createdAt: now });
    });
    return this.balance(ctx);
  }

  /** Operator: the store's plan (its monthly allowance from now on, this month included). */
  async setPlan(ctx: RequestContext, plan: CreditPlan): Promise<CreditBalanceView> {
    const tenantId = requireTenant(ctx);
    await this.store.transaction(ctx, async (em) => {
      const row = await em.findOne(CreditAccount, {});
      if (row) Object.assign(row, { plan, updatedAt: new Date(this.clock.now()) });
      else em.create(CreditAccount, { tenantId, plan, updatedAt: new Date(this.clock.now()) });
    });
    return this.balance(ctx);
  }

  /** Credits spent per UTC day and skill (and tier) between two days, both included, oldest first. */
  async usage(ctx: RequestContext, from: string, to: string): Promise<UsageRowView[]> {
    const tenantId = requireTenant(ctx);
    const rows = await this.store.sql<{ day: string; skill: string | null; tier: string | null; calls: number; credits: number }>(
      ctx,
      `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, skill, tier,
              count(*)::int as calls, (-sum(amount))::int as credits
         from ${this.store.table('credit_entry')}
        where tenant_id = ? and kind = 'spend' and created_at >= ?::date and created_at < (?::date + 1)
        group by 1, 2, 3 order by 1, 2, 3`,
      [tenantId, from, to],
    );
    return rows.map((r) => ({ day: r.day, skill: r.skill ?? 'none', tier: r.tier ?? 'fast', calls: r.calls, credits: r.credits }));
  }

  private async read(ctx: RequestContext, now: Date): Promise<CreditBalanceView> {
    const tenantId = requireTenant(ctx);
    const period = periodOf(now);
    const [row] = await this.store.sql<{ plan: string | null; used: number; top_ups: number; top_up_spent: number }>(
      ctx,
      `select (select plan from ${this.store.table('credit_account')} where tenant_id = ?) as plan,
              coalesce(sum(allowance_part) filter (where kind = 'spend' and period = ?), 0)::int as used,
              coalesce(sum(amount) filter (where kind = 'top_up'), 0)::int as top_ups,
              coalesce(sum(-amount - allowance_part) filter (where kind = 'spend'), 0)::int as top_up_spent
         from ${this.store.table('credit_entry')} where tenant_id = ?`,
      [tenantId, period, tenantId],
    );
    const plan = (row?.plan ?? 'starter') as CreditPlan;
    const allowance = this.settings.allowance[plan];
    const used = row?.used ?? 0;
    const allowanceLeft = Math.max(0, allowance - used);
    const topUp = (row?.top_ups ?? 0) - (row?.top_up_spent ?? 0);
    return { plan, period, allowance, allowance_used: used, allowance_left: allowanceLeft, top_up_balance: topUp, balance: allowanceLeft + topUp };
  }
}

function insufficient(b: CreditBalanceView, cost: number): DomainError {
  return new DomainError(
    'permission_error',
    'insufficient_credits',
    `The store's assistant credits are used up (${b.balance} left, this call costs ${cost}); the allowance renews on the first of next month, or top up`,
  );
}
