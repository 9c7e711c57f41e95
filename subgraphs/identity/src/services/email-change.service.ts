import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import { DomainError, requireCustomer, verifyPassword, type Clock, type StoreMailer, type RequestContext, type SignInThrottle, type Store } from '@svc/kit';
import { AuthIdentity, AuthSession } from '../entities/auth.entity';
import { Customer } from '../entities/customer.entity';
import { identityEvents } from '../events';
import type { MailedTokens } from './mailed-tokens';
import type { StoreMailLook } from './mail-look';
import { identityMail } from './mail-texts';

/** How long the confirmation code mailed to the new address works. */
export const EMAIL_CHANGE_TTL_MS = 60 * 60_000;
/** A customer without a password proves it is them by a sign-in (a session opened) at most this long ago. */
export const RECENT_SIGN_IN_MS = 10 * 60_000;

const normEmail = (e: string) => e.trim().toLowerCase();
const invalidToken = () => new DomainError('authentication_error', 'token_invalid', 'The confirmation code is not valid or has expired');
const taken = (email: string) => new DomainError('conflict', 'email_taken', `${email} belongs to another customer of this store`);

/**
 * Changing a customer's address: the signed-in customer asks with their password (a customer who
 * signs in socially only: with a sign-in at most 10 minutes old); a one-time code (1 hour) goes to
 * the new address and a notice to the old one. Confirming makes the new address the customer's,
 * verified, and the address of their password sign-in; the old address signs in no more. Open
 * reset and verification tokens, mailed to the old address, are spent. Asking is throttled per
 * customer and client like sign-ins; a wrong code counts per client.
 */
export class EmailChangeService {
  constructor(
    private readonly store: Store,
    private readonly tokens: MailedTokens,
    private readonly throttle: SignInThrottle,
    private readonly mailer: StoreMailer,
    private readonly look: StoreMailLook,
    private readonly clock: Clock,
    private readonly passwordHashCost: number,
  ) {}

  /** The address is another customer's (any customer row, or a password sign-in) of the store. */
  private async isTaken(em: EntityManager, tenantId: string, customerId: string, email: string): Promise<boolean> {
    const [customers, identities] = await Promise.all([
      em.count(Customer, { tenantId, email, id: { $ne: customerId } }, { filters: false }),
      em.count(AuthIdentity, { tenantId, email, customerId: { $ne: customerId } }, { filters: false }),
    ]);
    return customers + identities > 0;
  }

  /** The signed-in customer asks to move to `newEmail`; answers nothing (the code goes by mail). */
  async request(ctx: RequestContext, newEmail: string, password?: string | null): Promise<void> {
    const customerId = requireCustomer(ctx);
    const tenantId = ctx.tenantId!;
    const account = `email-change:${customerId}`;
    await this.throttle.check(account, ctx.clientIp);
    // every request counts: a wrong password like a failed sign-in, the others as mails sent
    await this.throttle.failed(account, ctx.clientIp);
    const email = normEmail(newEmail);
    const em = this.store.em(ctx);
    const [customer, identity] = await Promise.all([em.findOne(Customer, { id: customerId }), em.findOne(AuthIdentity, { customerId })]);
    if (!customer) throw new DomainError('not_found', 'not_found', 'Customer not found');
    if (identity) {
      if (!password || !(await verifyPassword(password, identity.passwordHash, this.passwordHashCost))) {
        throw new DomainError('authentication_error', 'invalid_credentials', 'The password is not right');
      }
    } else {
      const session = ctx.actor.sessionId ? await this.store.emGlobal(ctx).findOne(AuthSession, { id: ctx.actor.sessionId }) : null;
      if (!session || this.clock.now() - session.createdAt.getTime() > RECENT_SIGN_IN_MS) {
        throw new DomainError(
          'permission_error',
          'reauthentication_required',
          `Sign in again (at most ${RECENT_SIGN_IN_MS / 60_000} minutes before) to change the address of an account without a password`,
        );
      }
    }
    if (email === customer.email) throw new DomainError('validation_error', 'email_unchanged', `${email} is the address of the account already`);
    if (await this.isTaken(em, tenantId, customerId, email)) throw taken(email);
    await this.store.transaction(ctx, async (tem, tx) => {
      const owner = { tenantId, actorType: 'customer' as const, actorId: customerId };
      // one change at a time: an earlier code stops working
      await this.tokens.burnAll(tem, 'email_change', owner);
      const { row } = this.tokens.issue(tem, 'email_change', { ...owner, email }, EMAIL_CHANGE_TTL_MS);
      identityEvents.emit(tem, tx, 'auth.email_change_requested', { id: row.id, customer_id: customerId });
    });
  }

  /** The `auth.email_change_requested` handler: the notice to the current address, then the code to the new one (once). */
  async mail(ctx: RequestContext, id: string): Promise<void> {
    await this.tokens.mailOnce(ctx, id, async (row, token, tenant) => {
      const look = await this.look.of(ctx, tenant);
      const customer = await this.store.emGlobal(ctx).findOne(Customer, { tenantId: row.tenantId, id: row.actorId });
      const values = { email: row.email, minutes: Math.round(EMAIL_CHANGE_TTL_MS / 60_000) };
      if (customer && customer.email !== row.email) {
        const notice = identityMail(
          look,
          (w, fill) => ({ subject: fill(w.noticeSubject), parts: [{ text: fill(w.noticeIntro) }, { text: w.noticeAfter }], footer: w.noticeNotYou }),
          values,
        );
        await this.mailer.send(ctx, { to: customer.email, ...notice });
      }
      const confirm = identityMail(
        look,
        (w, fill) => ({
          subject: fill(w.changeSubject),
          parts: [{ text: fill(w.changeIntro) }, { text: w.changeCodeIntro }, { code: token }, { text: fill(w.changeValidity) }],
          footer: w.changeIgnore,
        }),
        values,
      );
      await this.mailer.send(ctx, { to: row.email, ...confirm });
    });
  }

  /**
   * Makes the code's address the customer's (once; with a publishable key, only in the key's
   * store): verified, and the address of the password sign-in. 409 `email_taken` when another
   * customer took it meanwhile (the code stays usable). Emits `customer.email_changed`.
   */
  async confirm(ctx: RequestContext, token: string): Promise<{ email: string }> {
    const ipAccount = `email-change-token-ip:${ctx.clientIp ?? 'unknown'}`;
    await this.throttle.check(ipAccount, ctx.clientIp);
    const found = await this.tokens.find(this.store.emGlobal(ctx), 'email_change', token);
    if (!found || (ctx.tenantId && ctx.tenantId !== found.tenantId)) {
      await this.throttle.failed(ipAccount, ctx.clientIp);
      throw invalidToken();
    }
    try {
      return await this.store.transaction(
        { ...ctx, tenantId: found.tenantId },
        async (em, tx) => {
          const row = await this.tokens.find(em, 'email_change', token, true);
          const customer = row ? await em.findOne(Customer, { tenantId: row.tenantId, id: row.actorId }, { filters: false }) : null;
          if (!row || !customer) throw invalidToken();
          if (await this.isTaken(em, row.tenantId, customer.id, row.email)) throw taken(row.email);
          const owner = { tenantId: row.tenantId, actorType: 'customer' as const, actorId: customer.id };
          const identity = await em.findOne(AuthIdentity, { tenantId: row.tenantId, customerId: customer.id }, { filters: false });
          if (identity) identity.email = row.email;
          customer.email = row.email;
          customer.emailVerifiedAt = new Date(this.clock.now());
          // what was mailed to the old address no longer works
          for (const purpose of ['email_change', 'email_verification', 'password_reset'] as const) await this.tokens.burnAll(em, purpose, owner);
          identityEvents.emit(em, tx, 'customer.email_changed', { id: customer.id });
          identityEvents.emit(em, tx, 'customer.updated', { id: customer.id, fields: ['email', 'email_verified'] });
          await em.flush();
          return { email: customer.email };
        },
        { global: true },
      );
    } catch (err) {
      // another customer took the address between the check and the commit
      if (err instanceof UniqueConstraintViolationException) throw taken(found.email);
      throw err;
    }
  }
}
