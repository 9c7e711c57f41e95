import { Signer, type StoreMailer, type RequestContext } from '@svc/kit';
import type { OrderService } from './order.service';
import type { SetupService } from './setup.service';

/**
 * The codes mailed to an order's email, each an HMAC under a key of its own purpose:
 *   - cancellation codes of guest orders (of the store and the order): nothing is stored and a code
 *     is good for one order of one store only. Whoever can read the order's mail can cancel it; the
 *     cancellation window and the fulfilment state still apply.
 *   - transfer tokens (of the store, the order and the request's nonce): the order keeps the nonce
 *     and the token's hash, so the mail can be written (and written again) from the order alone,
 *     and the token itself is in no event, webhook or stream.
 */
export class OrderMailCodes {
  private readonly signer: Signer;
  private readonly transfers: Signer;

  constructor(secret: string) {
    this.signer = new Signer(secret, 'order-cancel');
    this.transfers = new Signer(secret, 'order-transfer');
  }

  transferToken(tenantId: string, orderId: string, nonce: string): string {
    return this.transfers.sign(tenantId, orderId, nonce);
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
    private readonly mailer: StoreMailer,
    private readonly codes: OrderMailCodes,
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
    await this.mailer.send(ctx, { to: o.email, subject: `Your order #${o.display_id}`, text });
  }

  /**
   * The mail to the order's email when a customer asks to take the order over (a subscription of
   * `order.transfer_requested`): the one-time token that accepts (or declines) the request. Nothing
   * is sent when the request is no longer pending (accepted, declined, withdrawn or expired).
   */
  async transferRequest(ctx: RequestContext, orderId: string): Promise<void> {
    const pending = await this.orders.pendingTransfer(ctx, orderId);
    if (!pending?.email) return;
    const text = [
      `A customer account of this store asked to take over your order #${pending.display_id}.`,
      '',
      'If that was you (or you agree), give this transfer token on the order page of the store to accept the request;',
      `the same token declines it. It works once and until ${pending.expires_at} (keep it to yourself):`,
      '',
      `  ${pending.token}`,
      '',
      'If you do nothing, the order stays yours.',
      '',
      `Order reference: ${orderId}`,
    ].join('\n');
    await this.mailer.send(ctx, { to: pending.email, subject: `A request to take over your order #${pending.display_id}`, text });
  }
}
