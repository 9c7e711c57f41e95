import { Signer, type Mailer, type RequestContext } from '@svc/kit';
import type { OrderService } from './order.service';
import type { SetupService } from './setup.service';

/**
 * The cancellation codes of guest orders: an HMAC of the store and the order under a key of its own
 * purpose, so nothing is stored and a code is good for one order of one store only. Whoever can
 * read the order's mail can cancel it, as with Medusa's transfer tokens; the cancellation window
 * and the fulfilment state still apply.
 */
export class OrderCancelCodes {
  private readonly signer: Signer;

  constructor(secret: string) {
    this.signer = new Signer(secret, 'order-cancel');
  }

  code(tenantId: string, orderId: string): string {
    return this.signer.sign(tenantId, orderId);
  }

  verify(tenantId: string, orderId: string, code: string | null | undefined): boolean {
    return typeof code === 'string' && code.length > 0 && code.length <= 200 && this.signer.verify(code, tenantId, orderId);
  }
}

const money = (amount: unknown, currency: string) => `${Number(amount ?? 0).toFixed(2)} ${currency.toUpperCase()}`;

/**
 * The mail a guest gets when their order is placed (a subscription of commerce's own
 * `order.placed`, so a slow mail server slows no checkout and a failure is retried): the order's
 * lines and total, and the cancellation code that proves, without an account, that the order is
 * theirs. Customers cancel with their sign-in instead.
 */
export class OrderMailService {
  constructor(
    private readonly orders: OrderService,
    private readonly setup: SetupService,
    private readonly mailer: Mailer,
    private readonly codes: OrderCancelCodes,
  ) {}

  async guestConfirmation(ctx: RequestContext, orderId: string): Promise<void> {
    const o = await this.orders.get(ctx, orderId, { skipOwner: true });
    if (o.customer_id || !o.email || o.status === 'canceled') return;
    const { cancellation_window_hours } = await this.setup.settings(ctx);
    const currency = String(o.currency_code ?? '');
    const lines = (o.items as Array<Record<string, any>>).map(
      (i) => `  ${i.quantity} × ${i.product_title ?? i.title}${i.variant_title ? ` (${i.variant_title})` : ''}: ${money(i.total, currency)}`,
    );
    const code = this.codes.code(ctx.tenantId!, o.id);
    const text = [
      `Thank you for your order #${o.display_id}.`,
      '',
      ...lines,
      `  Shipping: ${money(o.shipping_total, currency)}`,
      `  Total: ${money(o.total, currency)}`,
      '',
      `You can cancel the order within ${cancellation_window_hours} hours of placing it, as long as it has not shipped.`,
      'The store asks for this cancellation code (keep it to yourself: whoever has it can cancel the order):',
      '',
      `  ${code}`,
      '',
      `Order reference: ${o.id}`,
    ].join('\n');
    await this.mailer.send({ to: o.email, subject: `Your order #${o.display_id}`, text });
  }
}
