import { DomainError, hashPassword, requireTenant, type StoreMailer, type RequestContext, type SignInThrottle, type Store } from '@svc/kit';
import { AuthIdentity, AuthSession } from '../entities/auth.entity';
import { AdminUser } from '../entities/credentials.entity';
import { Customer } from '../entities/customer.entity';
import { SocialLink } from '../entities/social.entity';
import { identityEvents } from '../events';
import { pageLink, type MailedTokens } from './mailed-tokens';
import type { StoreMailLook } from './mail-look';
import { identityMail } from './mail-texts';

/** How long a reset token works (Medusa's: 15 minutes). */
export const RESET_TOKEN_TTL_MS = 15 * 60_000;
const normEmail = (e: string) => e.trim().toLowerCase();
const invalidToken = () => new DomainError('authentication_error', 'token_invalid', 'The reset token is not valid or has expired');

export type ResetActor = 'customer' | 'admin';

/**
 * Password resets, Medusa's way: asking always answers the same (whether the address has an
 * account or not is never revealed) and, for an account, mails a one-time token valid 15 minutes;
 * the token sets a new password once, ends every session of the account and burns every other open
 * token of it. A customer who signed in only socially gets a password this way. Asking is
 * throttled per address and per client address like sign-ins; a wrong token counts per client
 * address.
 */
export class PasswordResetService {
  constructor(
    private readonly store: Store,
    private readonly tokens: MailedTokens,
    private readonly throttle: SignInThrottle,
    private readonly mailer: StoreMailer,
    private readonly passwordHashCost: number,
    /** the store's language and brand in the mail */
    private readonly look: StoreMailLook,
  ) {}

  /**
   * Records a reset for the account of `identifier`, if there is one, and emits
   * `auth.password_reset_requested` (its subscription mails the token). Answers nothing either way.
   */
  async request(ctx: RequestContext, actor: ResetActor, identifier: string): Promise<void> {
    const email = normEmail(identifier);
    const account = actor === 'customer' ? `reset:customer:${requireTenant(ctx)}:${email}` : `reset:admin:${email}`;
    await this.throttle.check(account, ctx.clientIp);
    // every request counts (found or not), so the throttle tells nothing about the address either
    await this.throttle.failed(account, ctx.clientIp);
    const target = actor === 'customer' ? await this.customerAccount(ctx, email) : await this.adminAccount(ctx, email);
    if (!target) return;
    await this.store.transaction(
      { ...ctx, tenantId: target.tenantId },
      async (em, tx) => {
        const { row } = this.tokens.issue(em, 'password_reset', { ...target, actorType: actor, email }, RESET_TOKEN_TTL_MS);
        identityEvents.emit(em, tx, 'auth.password_reset_requested', { id: row.id, actor_type: actor, actor_id: target.actorId });
      },
      { global: true },
    );
  }

  /** A customer of the store with a password, or with a social sign-in only (who may set one). */
  private async customerAccount(ctx: RequestContext, email: string): Promise<{ tenantId: string; actorId: string } | null> {
    const tenantId = requireTenant(ctx);
    const em = this.store.em(ctx);
    const identity = await em.findOne(AuthIdentity, { email });
    if (identity?.customerId) return { tenantId, actorId: identity.customerId };
    const customer = await em.findOne(Customer, { email, hasAccount: true });
    if (!customer || identity) return null;
    return (await em.count(SocialLink, { customerId: customer.id })) ? { tenantId, actorId: customer.id } : null;
  }

  private async adminAccount(ctx: RequestContext, email: string): Promise<{ tenantId: string; actorId: string } | null> {
    const admin = await this.store.emGlobal(ctx).findOne(AdminUser, { email });
    return admin ? { tenantId: admin.tenantId, actorId: admin.id } : null;
  }

  /**
   * The `auth.password_reset_requested` handler: mails the token to the account's address (with the
   * store's reset page when it set one), then forgets the token. Nothing to do for a reset already
   * mailed, used or expired (a redelivery). A refused mail throws and the queue retries.
   */
  async mail(ctx: RequestContext, resetId: string): Promise<void> {
    await this.tokens.mailOnce(ctx, resetId, async (reset, token, tenant) => {
      const link = tenant?.passwordResetUrl ? pageLink(tenant.passwordResetUrl, token, reset.email) : null;
      const mail = identityMail(
        await this.look.of(ctx, tenant),
        (w, fill) => ({
          subject: fill(w.resetSubject),
          parts: [
            { text: fill(reset.actorType === 'admin' ? w.resetIntroAdmin : w.resetIntro) },
            ...(link ? [{ action: { label: w.resetAction, url: link } }] : [{ text: w.resetCodeIntro }, { code: token }]),
            { text: fill(w.resetValidity) },
          ],
          footer: w.resetIgnore,
        }),
        { minutes: Math.round(RESET_TOKEN_TTL_MS / 60_000) },
      );
      await this.mailer.send(ctx, { to: reset.email, ...mail });
    });
  }

  /**
   * Sets the password of the token's account (`actor` must be the token's; a customer token only in
   * its own store; `email`, when given, must be the account's), ends every session of the account,
   * burns the token and every other open one of the account, and emits `auth.password_reset`.
   */
  async reset(ctx: RequestContext, actor: ResetActor, token: string, password: string, email?: string | null): Promise<void> {
    const ipAccount = `reset-token-ip:${ctx.clientIp ?? 'unknown'}`;
    await this.throttle.check(ipAccount, ctx.clientIp);
    const refuse = async () => {
      await this.throttle.failed(ipAccount, ctx.clientIp);
      return invalidToken();
    };
    const found = await this.tokens.find(this.store.emGlobal(ctx), 'password_reset', token);
    if (
      !found ||
      found.actorType !== actor ||
      (actor === 'customer' && ctx.tenantId && ctx.tenantId !== found.tenantId) ||
      (email && normEmail(email) !== found.email)
    ) {
      throw await refuse();
    }
    const passwordHash = await hashPassword(password, this.passwordHashCost);
    const tctx = { ...ctx, tenantId: found.tenantId };
    await this.store.transaction(
      tctx,
      async (em, tx) => {
        // burned under a row lock: of two requests with the same token, one sets the password
        const reset = await this.tokens.find(em, 'password_reset', token, true);
        if (!reset) throw invalidToken();
        if (actor === 'admin') {
          const admin = await em.findOne(AdminUser, { id: reset.actorId });
          if (!admin) throw invalidToken();
          admin.passwordHash = passwordHash;
        } else {
          const identity = await em.findOne(AuthIdentity, { tenantId: reset.tenantId, customerId: reset.actorId }, { filters: false });
          if (identity) identity.passwordHash = passwordHash;
          else {
            // a customer who signed in socially only: the reset gives them an email/password identity
            const customer = await em.findOne(Customer, { tenantId: reset.tenantId, id: reset.actorId }, { filters: false });
            if (!customer) throw invalidToken();
            em.persist(Object.assign(new AuthIdentity(), { tenantId: reset.tenantId, email: customer.email, passwordHash, customerId: customer.id }));
          }
          // the token reached the address: it is the customer's
          const customer = await em.findOne(Customer, { tenantId: reset.tenantId, id: reset.actorId }, { filters: false });
          if (customer && !customer.emailVerifiedAt && customer.email === reset.email) customer.emailVerifiedAt = new Date();
        }
        await this.tokens.burnAll(em, 'password_reset', reset);
        await em.nativeUpdate(
          AuthSession,
          { tenantId: reset.tenantId, actorType: reset.actorType, actorId: reset.actorId, revokedAt: null },
          { revokedAt: new Date() },
        );
        identityEvents.emit(em, tx, 'auth.password_reset', { actor_type: reset.actorType, actor_id: reset.actorId });
        await em.flush();
      },
      { global: true },
    );
    await this.throttle.succeeded(`reset:${actor === 'customer' ? `customer:${found.tenantId}:` : 'admin:'}${found.email}`);
  }
}
