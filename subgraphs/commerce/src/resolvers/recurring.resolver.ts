import { Arg, Authorized, Ctx, Mutation, Resolver } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { CommerceServices } from '../services';
import {
  ChargeSavedPaymentMethodInput,
  ConfirmRecurringPaymentInput,
  RecurringPaymentInput,
  RefundRecurringPaymentInput,
  RenewalOrderInput,
} from '../inputs/recurring.input';
import { RecurringPaymentType, RenewalOrderType } from '../types/recurring.type';

/**
 * Recurring payments for the platform's own domains (subscriptions calls them through its port):
 * operator only, never a storefront's or an admin's token, since they charge saved methods.
 */
@Authorized('operator')
@Resolver()
export class RecurringPaymentResolver {
  constructor(private readonly s: CommerceServices) {}

  @Mutation(() => RecurringPaymentType, {
    description: 'Operator: starts a session that saves the payment method for off-session charges (invoice providers: a transfer reference)',
  })
  startRecurringPayment(
    @Ctx() ctx: RequestContext,
    @Arg('input', { description: 'The provider, amount, currency and idempotency key' }) input: RecurringPaymentInput,
  ) {
    return this.s.recurring.start(ctx, input);
  }

  @Mutation(() => RecurringPaymentType, { description: 'Operator: whether the session was completed, and the saved method' })
  confirmRecurringPayment(
    @Ctx() ctx: RequestContext,
    @Arg('input', { description: "The session's data as startRecurringPayment answered it" }) input: ConfirmRecurringPaymentInput,
  ) {
    return this.s.recurring.confirm(ctx, input);
  }

  @Mutation(() => RecurringPaymentType, { description: 'Operator: charges a saved method off-session with the idempotency key given (one charge per key)' })
  chargeSavedPaymentMethod(
    @Ctx() ctx: RequestContext,
    @Arg('input', { description: 'The saved method, amount and idempotency key' }) input: ChargeSavedPaymentMethodInput,
  ) {
    return this.s.recurring.charge(ctx, input);
  }

  @Mutation(() => RecurringPaymentType, {
    description: 'Operator: refunds part of a recurring charge with the idempotency key given (one refund per key; invoice providers: recorded as owed)',
  })
  refundRecurringPayment(
    @Ctx() ctx: RequestContext,
    @Arg('input', { description: "The charge's data, the amount to refund and an idempotency key" }) input: RefundRecurringPaymentInput,
  ) {
    return this.s.recurring.refund(ctx, input);
  }

  @Mutation(() => RenewalOrderType, { description: 'Operator: the order of one renewal, with its own number (idempotent per key)' })
  createRenewalOrder(@Ctx() ctx: RequestContext, @Arg('input', { description: 'The renewal: its key, amount, line and payment' }) input: RenewalOrderInput) {
    return this.s.recurring.renewalOrder(ctx, input);
  }
}
