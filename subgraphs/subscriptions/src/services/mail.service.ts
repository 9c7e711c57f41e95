import { requireTenant, type StoreMailer, type RequestContext, type Store } from '@svc/kit';
import { SubscriptionPlan } from '../entities/plan.entity';
import { Subscription } from '../entities/subscription.entity';

const money = (amount: number, currency: string) => new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).format(amount);
const day = (iso: string | Date) => new Date(iso).toISOString().slice(0, 10);

/**
 * The subscription mails, sent from the events' subscriptions (out of the request, retried on
 * failure): the receipt of a renewal, and dunning: a failed charge with the next attempt, and the
 * cancellation after the last one.
 */
export class SubscriptionMailService {
  constructor(
    private readonly store: Store,
    private readonly mailer: StoreMailer,
  ) {}

  private async load(ctx: RequestContext, id: string) {
    requireTenant(ctx);
    const em = this.store.em(ctx);
    const s = await em.findOne(Subscription, { id });
    if (!s?.email) return null;
    const plan = await em.findOne(SubscriptionPlan, { id: s.planId });
    const name = typeof s.checkout?.first_name === 'string' && s.checkout.first_name ? s.checkout.first_name : null;
    return { s, planName: plan?.name ?? 'your plan', greeting: name ? `Hello ${name},` : 'Hello,' };
  }

  async receipt(
    ctx: RequestContext,
    e: { id: string; cycle: number; order_display_id: number; amount: number; currency_code: string; current_period_end: string },
  ): Promise<void> {
    const l = await this.load(ctx, e.id);
    if (!l) return;
    await this.mailer.send(ctx, {
      to: l.s.email!,
      subject: `Receipt: ${l.planName} renewed (order #${e.order_display_id})`,
      text: [
        l.greeting,
        '',
        `your subscription to ${l.planName} was renewed.`,
        `${l.s.mode === 'invoice' ? 'Amount due' : 'Charged'}: ${money(e.amount, e.currency_code)} (order #${e.order_display_id})`,
        `Paid until: ${day(e.current_period_end)}`,
        l.s.mode === 'invoice' ? 'Please pay the invoice by bank transfer quoting the order number.' : '',
        '',
        `Subscription: ${l.s.id}`,
      ].join('\n'),
    });
  }

  async paymentFailed(ctx: RequestContext, e: { id: string; attempt: number; next_attempt_at: string | null; message: string }): Promise<void> {
    const l = await this.load(ctx, e.id);
    if (!l) return;
    await this.mailer.send(ctx, {
      to: l.s.email!,
      subject: e.next_attempt_at ? `Payment failed: ${l.planName}` : `Subscription canceled: ${l.planName}`,
      text: [
        l.greeting,
        '',
        `we could not charge your payment method for ${l.planName} (attempt ${e.attempt}): ${e.message}`,
        e.next_attempt_at
          ? `We will try again on ${day(e.next_attempt_at)}. Please update your payment method before then to keep your subscription.`
          : 'That was the last attempt: your subscription is canceled. You can subscribe again at any time.',
        '',
        `Subscription: ${l.s.id}`,
      ].join('\n'),
    });
  }
}
