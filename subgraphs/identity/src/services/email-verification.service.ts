import type { EntityManager } from '@mikro-orm/core';
import { DomainError, requireCustomer, type StoreMailer, type RequestContext, type SignInThrottle, type Store } from '@svc/kit';
import { Customer } from '../entities/customer.entity';
import { identityEvents } from '../events';
import { pageLink, type MailedTokens } from './mailed-tokens';
import type { StoreMailLook } from './mail-look';
import { identityMail } from './mail-texts';

/** How long a verification link works. */
export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60_000;
const invalidToken = () => new DomainError('authentication_error', 'token_invalid', 'The verification link is not valid or has expired');

export interface EmailVerifiedView {
  verified: boolean;
  email: string;
}

/**
 * Verified addresses: registration mails a one-time link (24 hours) to the customer's address;
 * following it marks the customer `email_verified` (a password reset mailed to the address proves
 * it too). A signed-in customer may ask for a new link (throttled per customer and client like
 * sign-ins). A verified address lets a provider that verified the same address link to the account
 * at social sign-in instead of the 409 an unverified one gets.
 */
export class EmailVerificationService {
  constructor(
    private readonly store: Store,
    private readonly tokens: MailedTokens,
    private readonly throttle: SignInThrottle,
    private readonly mailer: StoreMailer,
    /** the store's language and brand in the mail */
    private readonly look: StoreMailLook,
  ) {}

  /** In the caller's unit of work: a link for `customer`'s address and the event that mails it. */
  issue(em: EntityManager, tx: RequestContext, customer: Customer): void {
    const { row } = this.tokens.issue(
      em,
      'email_verification',
      { tenantId: customer.tenantId, actorType: 'customer', actorId: customer.id, email: customer.email },
      VERIFY_TOKEN_TTL_MS,
    );
    identityEvents.emit(em, tx, 'auth.email_verification_requested', { id: row.id, customer_id: customer.id });
  }

  /** In the caller's unit of work: `customer`'s address counts as verified (the demo's Jane), and its open links are spent. */
  async markVerified(em: EntityManager, customer: Customer): Promise<void> {
    customer.emailVerifiedAt ??= new Date();
    await this.tokens.burnAll(em, 'email_verification', { tenantId: customer.tenantId, actorType: 'customer', actorId: customer.id });
  }

  /** The signed-in customer asks for a new link; a verified address needs none (409 `already_verified`). */
  async resend(ctx: RequestContext): Promise<void> {
    const customerId = requireCustomer(ctx);
    await this.throttle.check(`verify:${customerId}`, ctx.clientIp);
    await this.throttle.failed(`verify:${customerId}`, ctx.clientIp);
    await this.store.transaction(ctx, async (em, tx) => {
      const customer = await em.findOne(Customer, { id: customerId });
      if (!customer) throw new DomainError('not_found', 'not_found', 'Customer not found');
      if (customer.emailVerifiedAt) throw new DomainError('conflict', 'already_verified', `${customer.email} is verified already`);
      this.issue(em, tx, customer);
    });
  }

  /** The `auth.email_verification_requested` handler: mails the link once. */
  async mail(ctx: RequestContext, id: string, publicApiUrl: string): Promise<void> {
    await this.tokens.mailOnce(ctx, id, async (row, token, tenant) => {
      const link = tenant?.emailVerificationUrl
        ? pageLink(tenant.emailVerificationUrl, token, row.email)
        : `${publicApiUrl}/auth/customer/verify-email?token=${encodeURIComponent(token)}`;
      const mail = identityMail(
        await this.look.of(ctx, tenant),
        (w, fill) => ({
          subject: fill(w.verifySubject),
          parts: [{ text: fill(w.verifyIntro) }, { action: { label: w.verifyAction, url: link } }, { text: fill(w.verifyValidity) }],
          footer: w.verifyIgnore,
        }),
        { email: row.email, hours: Math.round(VERIFY_TOKEN_TTL_MS / 3_600_000) },
      );
      await this.mailer.send(ctx, { to: row.email, ...mail });
    });
  }

  /**
   * Marks the token's customer verified (once; the address must still be the customer's). A
   * publishable key, when given, must be the customer's store. Wrong tokens count per client.
   */
  async verify(ctx: RequestContext, token: string): Promise<EmailVerifiedView> {
    const ipAccount = `verify-token-ip:${ctx.clientIp ?? 'unknown'}`;
    await this.throttle.check(ipAccount, ctx.clientIp);
    const found = await this.tokens.find(this.store.emGlobal(ctx), 'email_verification', token);
    if (!found || (ctx.tenantId && ctx.tenantId !== found.tenantId)) {
      await this.throttle.failed(ipAccount, ctx.clientIp);
      throw invalidToken();
    }
    return this.store.transaction(
      { ...ctx, tenantId: found.tenantId },
      async (em, tx) => {
        const row = await this.tokens.find(em, 'email_verification', token, true);
        const customer = row ? await em.findOne(Customer, { tenantId: row.tenantId, id: row.actorId }, { filters: false }) : null;
        if (!row || !customer || customer.email !== row.email) throw invalidToken();
        await this.tokens.burnAll(em, 'email_verification', row);
        if (!customer.emailVerifiedAt) {
          customer.emailVerifiedAt = new Date();
          identityEvents.emit(em, tx, 'customer.updated', { id: customer.id, fields: ['email_verified'] });
        }
        await em.flush();
        return { verified: true, email: customer.email };
      },
      { global: true },
    );
  }
}
