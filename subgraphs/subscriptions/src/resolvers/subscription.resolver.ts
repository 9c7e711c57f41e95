import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { validated, type RequestContext } from '@svc/kit';
import type { SubscriptionsServices } from '../services';
import {
  AdminSubscriptionListArgs,
  CheckoutInput,
  CreatePlanInput,
  CreateSubscriptionInput,
  PaymentMethodUpdateInput,
  SubscriptionListArgs,
  UpdatePlanInput,
  subscriptionIdSchema,
} from '../inputs/subscription.input';
import {
  CheckoutResultType,
  HistoryType,
  PaymentMethodUpdateType,
  PlanChangeType,
  PlanType,
  SubscriptionListType,
  SubscriptionType,
} from '../types/subscription.type';

const idOf = (id: string) => validated(subscriptionIdSchema, id, 'id');

/** Plans and subscriptions in the graph: one service call per field. Customers act on their own subscriptions; admins manage the store's. */
@Resolver()
export class SubscriptionResolver {
  constructor(private readonly s: SubscriptionsServices) {}

  @Query(() => [PlanType], { description: "The store's active subscription plans" })
  subscriptionPlans(@Ctx() ctx: RequestContext) {
    return this.s.plans.list(ctx);
  }

  @Authorized('customer')
  @Query(() => SubscriptionListType, { description: "The signed-in customer's subscriptions, newest first" })
  mySubscriptions(@Ctx() ctx: RequestContext, @Args() args: SubscriptionListArgs) {
    return this.s.subscriptions.mine(ctx, args);
  }

  @Authorized('customer')
  @Query(() => SubscriptionType, { description: "One of the signed-in customer's subscriptions (404 for anyone else's)" })
  mySubscription(@Ctx() ctx: RequestContext, @Arg('id', { description: "The subscription's id" }) id: string) {
    return this.s.subscriptions.get(ctx, idOf(id));
  }

  @Authorized('customer')
  @Mutation(() => CheckoutResultType, { description: 'Starts a checkout: an incomplete subscription and the payment session that saves the method' })
  startSubscriptionCheckout(@Ctx() ctx: RequestContext, @Arg('input', { description: 'The plan, currency and payment provider' }) input: CheckoutInput) {
    return this.s.subscriptions.checkout(ctx, input);
  }

  @Authorized('customer')
  @Mutation(() => SubscriptionType, {
    description: 'The subscription of a completed checkout (checkout_id), or a trial without payment (plan_id, currency_code)',
  })
  createSubscription(
    @Ctx() ctx: RequestContext,
    @Arg('input', { description: 'The completed checkout, or the plan of a trial' }) input: CreateSubscriptionInput,
  ) {
    return this.s.subscriptions.create(ctx, input);
  }

  @Authorized('customer', 'admin')
  @Mutation(() => SubscriptionType, { description: 'Pauses an active subscription (409 invalid_transition otherwise)' })
  pauseSubscription(@Ctx() ctx: RequestContext, @Arg('id', { description: "The subscription's id" }) id: string) {
    return this.s.subscriptions.pause(ctx, idOf(id));
  }

  @Authorized('customer', 'admin')
  @Mutation(() => SubscriptionType, {
    description: 'Resumes a paused subscription; the period end moves by the paused time (409 invalid_transition otherwise)',
  })
  resumeSubscription(@Ctx() ctx: RequestContext, @Arg('id', { description: "The subscription's id" }) id: string) {
    return this.s.subscriptions.resume(ctx, idOf(id));
  }

  @Authorized('customer', 'admin')
  @Mutation(() => SubscriptionType, { description: 'Cancels now, or at the period end (409 invalid_transition when canceled already)' })
  cancelSubscription(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: "The subscription's id" }) id: string,
    @Arg('at_period_end', () => Boolean, {
      nullable: true,
      description: 'true: ends at the period end; false or absent: now (with a refund of the unused share)',
    })
    atPeriodEnd: boolean | null,
  ) {
    return this.s.subscriptions.cancel(ctx, idOf(id), atPeriodEnd ?? false);
  }

  @Authorized('customer', 'admin')
  @Mutation(() => PlanChangeType, { description: 'Switches plan, prorated exactly: {credit, charge, net} (409 invalid_transition unless active)' })
  changeSubscriptionPlan(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: "The subscription's id" }) id: string,
    @Arg('plan_id', { description: "The new plan's id or handle" }) planId: string,
  ) {
    return this.s.subscriptions.changePlan(ctx, idOf(id), validated(subscriptionIdSchema, planId, 'plan_id'));
  }

  @Authorized('customer', 'admin')
  @Mutation(() => PaymentMethodUpdateType, {
    description:
      'Starts replacing the saved payment method: a new save-for-later session on the provider (Stripe SetupIntent, PayPal vault setup token) the customer completes (409 invalid_transition unless active, paused or past_due)',
  })
  startSubscriptionPaymentMethodUpdate(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: "The subscription's id" }) id: string,
    @Arg('input', () => PaymentMethodUpdateInput, { nullable: true, description: "The provider and return URLs (default: the subscription's provider)" })
    input: PaymentMethodUpdateInput | null,
  ) {
    return this.s.subscriptions.startPaymentMethodUpdate(ctx, idOf(id), input ?? {});
  }

  @Authorized('customer', 'admin')
  @Mutation(() => SubscriptionType, {
    description:
      'Confirms the replacement started last: the new method is charged from now on; a past-due subscription is retried on it at once (409 payment_incomplete before the customer completed it)',
  })
  confirmSubscriptionPaymentMethodUpdate(@Ctx() ctx: RequestContext, @Arg('id', { description: "The subscription's id" }) id: string) {
    return this.s.subscriptions.confirmPaymentMethodUpdate(ctx, idOf(id));
  }

  // ---- admin ----

  @Authorized('admin')
  @Query(() => [PlanType], { description: 'Admin: every plan of the store, active or not' })
  adminSubscriptionPlans(@Ctx() ctx: RequestContext) {
    return this.s.plans.list(ctx, true);
  }

  @Authorized('admin')
  @Query(() => PlanType, { description: 'Admin: one plan by id or handle' })
  adminSubscriptionPlan(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.plans.get(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => PlanType)
  createSubscriptionPlan(@Ctx() ctx: RequestContext, @Arg('input') input: CreatePlanInput) {
    return this.s.plans.create(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => PlanType, { description: 'Admin: changes a plan; running subscriptions pay a new price from their next renewal' })
  updateSubscriptionPlan(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('input') input: UpdatePlanInput) {
    return this.s.plans.update(ctx, id, input);
  }

  @Authorized('admin')
  @Query(() => SubscriptionListType, { description: "Admin: the store's subscriptions, newest first" })
  adminSubscriptions(@Ctx() ctx: RequestContext, @Args() args: AdminSubscriptionListArgs) {
    return this.s.subscriptions.page(ctx, args);
  }

  @Authorized('admin')
  @Query(() => SubscriptionType, { description: 'Admin: one subscription of the store' })
  adminSubscription(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.subscriptions.get(ctx, idOf(id));
  }

  @Authorized('admin')
  @Query(() => HistoryType, { description: "Admin: a subscription's ledger (charges and credits) and renewals" })
  adminSubscriptionHistory(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.subscriptions.history(ctx, idOf(id));
  }
}
