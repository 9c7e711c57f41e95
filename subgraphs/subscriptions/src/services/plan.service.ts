import { DomainError, Errors, loaderFor, requireTenant, slugify, type RequestContext, type Store } from '@svc/kit';
import type { EntityManager } from '@mikro-orm/core';
import { SubscriptionPlan } from '../entities/plan.entity';
import { subscriptionsEvents } from '../events';
import type { CreatePlanData, UpdatePlanData } from '../inputs/subscription.input';
import { toMinor, fromMinor } from './money';
import { toPlanView, type PlanView } from './views';

/** Prices as stored ({eur: "9.99"}), each exact to its currency's minor unit (400 invalid_field otherwise). */
function storedPrices(prices: Array<{ currency_code: string; amount: string }>): Record<string, string> {
  const out: Record<string, string> = {};
  prices.forEach((p, i) => {
    const minor = toMinor(p.amount, p.currency_code);
    if (minor === null) {
      throw new DomainError(
        'validation_error',
        'invalid_field',
        `prices.${i}.amount: ${p.amount} has more decimals than ${p.currency_code.toUpperCase()} allows`,
        [{ field: `prices.${i}.amount`, code: 'invalid_field', message: `more decimals than ${p.currency_code.toUpperCase()} allows` }],
      );
    }
    out[p.currency_code] = fromMinor(minor, p.currency_code);
  });
  return out;
}

/** Subscription plans: the storefront lists the active ones; admins create and change them. */
export class PlanService {
  constructor(private readonly store: Store) {}

  /** The tenant's plans (only the active ones unless `all`), by interval length then name. */
  async list(ctx: RequestContext, all = false): Promise<PlanView[]> {
    const rows = await this.store.em(ctx).find(SubscriptionPlan, all ? {} : { active: true }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    return rows.map(toPlanView);
  }

  /** A plan by id or handle (404 otherwise). */
  async entity(ctx: RequestContext | EntityManager, ref: string): Promise<SubscriptionPlan> {
    const em = 'getConnection' in ctx ? ctx : this.store.em(ctx);
    const plan = await em.findOne(SubscriptionPlan, { $or: [{ id: ref }, { handle: ref }] });
    if (!plan) throw Errors.notFound('Subscription plan', ref);
    return plan;
  }

  async get(ctx: RequestContext, ref: string): Promise<PlanView> {
    return toPlanView(await this.entity(ctx, ref));
  }

  /** Plans by id for a page of subscriptions (one query per request). */
  byId(ctx: RequestContext, id: string): Promise<SubscriptionPlan | null> {
    return loaderFor<string, SubscriptionPlan>(ctx, 'subscriptions.plan', async (ids) => {
      const rows = await this.store.em(ctx).find(SubscriptionPlan, { id: { $in: [...ids] } });
      return new Map(rows.map((r) => [r.id, r]));
    }).load(id);
  }

  async create(ctx: RequestContext, input: CreatePlanData): Promise<PlanView> {
    const tenantId = requireTenant(ctx);
    const prices = storedPrices(input.prices);
    return this.store.transaction(ctx, async (em, tx) => {
      const handle = input.handle ?? slugify(input.name);
      if (await em.count(SubscriptionPlan, { handle })) throw Errors.conflict('duplicate', `A plan with handle "${handle}" already exists`);
      const plan = em.create(SubscriptionPlan, {
        tenantId,
        handle,
        name: input.name,
        description: input.description ?? null,
        interval: input.interval,
        intervalCount: input.interval_count ?? 1,
        prices,
        trialDays: input.trial_days ?? 0,
        active: input.active ?? true,
        metadata: input.metadata ?? null,
      });
      subscriptionsEvents.emit(em, tx, 'subscription_plan.created', { id: plan.id, handle });
      return toPlanView(plan);
    });
  }

  /** Changes the fields given; running subscriptions pay a new price from their next renewal. */
  async update(ctx: RequestContext, ref: string, input: UpdatePlanData): Promise<PlanView> {
    const prices = input.prices ? storedPrices(input.prices) : undefined;
    return this.store.transaction(ctx, async (em, tx) => {
      const plan = await this.entity(em, ref);
      const fields: string[] = [];
      const set = <K extends keyof SubscriptionPlan>(field: string, key: K, value: SubscriptionPlan[K] | undefined) => {
        if (value === undefined || JSON.stringify(value) === JSON.stringify(plan[key])) return;
        plan[key] = value;
        fields.push(field);
      };
      set('name', 'name', input.name);
      set('description', 'description', input.description);
      set('interval', 'interval', input.interval);
      set('interval_count', 'intervalCount', input.interval_count);
      set('prices', 'prices', prices);
      set('trial_days', 'trialDays', input.trial_days);
      set('active', 'active', input.active);
      set('metadata', 'metadata', input.metadata);
      if (fields.length) {
        subscriptionsEvents.emit(em, tx, 'subscription_plan.updated', { id: plan.id, fields });
        await em.flush();
      }
      return toPlanView(plan);
    });
  }
}
