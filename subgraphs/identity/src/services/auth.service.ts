import {
  DomainError,
  TOKEN_TTL_SECONDS,
  hashPassword,
  requireTenant,
  signToken,
  verifyPassword,
  type SignInThrottle,
  type Store,
  type PlatformConfig,
  type RequestContext,
} from '@svc/kit';
import type { EntityManager } from '@mikro-orm/core';
import { AuthIdentity, AuthSession } from '../entities/auth.entity';
import { AdminUser } from '../entities/credentials.entity';
import type { CustomerService } from './customer.service';
import type { EmailVerificationService } from './email-verification.service';

const invalidCredentials = () => new DomainError('authentication_error', 'invalid_credentials', 'Invalid email or password');
const normEmail = (e: string) => e.trim().toLowerCase();

export class AuthService {
  constructor(
    private readonly store: Store,
    private readonly config: PlatformConfig,
    private readonly customers: CustomerService,
    /** failed sign-ins per account and IP: locked accounts are refused before any hash */
    readonly throttle: SignInThrottle,
    /** scrypt cost of new password hashes and of an unknown account's stand-in hash (`PASSWORD_HASH_COST`) */
    private readonly passwordHashCost: number,
    /** registration mails the new customer an address verification link */
    private readonly verifications: EmailVerificationService,
  ) {}

  /** A new session in the caller's unit of work (it commits with it) and its token (password and social sign-in). */
  async openSession(ctx: RequestContext, s: { tenantId: string; actorType: 'customer' | 'admin'; actorId: string; identityId: string }): Promise<string> {
    const session = Object.assign(new AuthSession(), s, {
      expiresAt: new Date(Date.now() + TOKEN_TTL_SECONDS[s.actorType] * 1000),
    });
    await this.store.transaction(ctx, async (em) => void em.persist(session), { global: true });
    return signToken(
      { actor_id: s.actorId, actor_type: s.actorType, auth_identity_id: s.identityId, tenant_id: s.tenantId, sid: session.id },
      this.config.jwtSecret,
    );
  }

  /**
   * Creates the identity and its customer (CustomerService, `customer.created`) and signs the
   * customer in: one unit of work, so all of it commits or none.
   */
  async registerCustomer(ctx: RequestContext, input: { email: string; password: string }): Promise<string> {
    const tenantId = requireTenant(ctx);
    const email = normEmail(input.email);
    const passwordHash = await hashPassword(input.password, this.passwordHashCost);
    return this.store.transaction(ctx, async (em, tx) => {
      if (await em.findOne(AuthIdentity, { email })) {
        throw new DomainError('conflict', 'duplicate', 'Identity with email already exists');
      }
      const customer = await this.customers.ensureForAccount(tx, email);
      const identity = Object.assign(new AuthIdentity(), { tenantId, email, passwordHash, customerId: customer.id });
      em.persist(identity);
      if (!customer.emailVerifiedAt) this.verifications.issue(em, tx, customer);
      return this.openSession(tx, { tenantId, actorType: 'customer', actorId: customer.id, identityId: identity.id });
    });
  }

  async loginCustomer(ctx: RequestContext, input: { email: string; password: string }): Promise<string> {
    const tenantId = requireTenant(ctx);
    const account = `customer:${tenantId}:${normEmail(input.email)}`;
    await this.throttle.check(account, ctx.clientIp);
    const identity = await this.store.em(ctx).findOne(AuthIdentity, { email: normEmail(input.email) });
    if (!(await verifyPassword(input.password, identity?.passwordHash ?? null, this.passwordHashCost)) || !identity) {
      await this.throttle.failed(account, ctx.clientIp);
      throw invalidCredentials();
    }
    await this.throttle.succeeded(account);
    return this.openSession(ctx, { tenantId, actorType: 'customer', actorId: identity.customerId ?? '', identityId: identity.id });
  }

  async loginAdmin(ctx: RequestContext, input: { email: string; password: string }): Promise<string> {
    const account = `admin:${normEmail(input.email)}`;
    await this.throttle.check(account, ctx.clientIp);
    const admin = await this.store.emGlobal(ctx).findOne(AdminUser, { email: normEmail(input.email) });
    if (!(await verifyPassword(input.password, admin?.passwordHash ?? null, this.passwordHashCost)) || !admin) {
      await this.throttle.failed(account, ctx.clientIp);
      throw invalidCredentials();
    }
    await this.throttle.succeeded(account);
    return this.openSession(ctx, { tenantId: admin.tenantId, actorType: 'admin', actorId: admin.id, identityId: admin.id });
  }

  private async activeSession(em: EntityManager, ctx: RequestContext): Promise<AuthSession> {
    const sid = ctx.actor.sessionId;
    const session = sid ? await em.findOne(AuthSession, { id: sid }) : null;
    if (!session || session.revokedAt || session.expiresAt.getTime() <= Date.now()) {
      throw new DomainError('authentication_error', 'token_invalid', 'The session has ended');
    }
    return session;
  }

  /** A fresh token for the same session (its lifetime starts again). */
  async refresh(ctx: RequestContext): Promise<string> {
    const session = await this.store.transaction(
      ctx,
      async (em) => {
        const s = await this.activeSession(em, ctx);
        if (s.actorType === 'customer' && !s.actorId) {
          const identity = await em.findOne(AuthIdentity, { id: s.identityId }, { filters: false });
          if (identity?.customerId) s.actorId = identity.customerId;
        }
        s.expiresAt = new Date(Date.now() + TOKEN_TTL_SECONDS[s.actorType] * 1000);
        return s;
      },
      { global: true },
    );
    return signToken(
      {
        actor_id: session.actorId,
        actor_type: session.actorType,
        auth_identity_id: session.identityId,
        tenant_id: session.tenantId,
        sid: session.id,
      },
      this.config.jwtSecret,
    );
  }

  async logout(ctx: RequestContext): Promise<boolean> {
    await this.store.transaction(
      ctx,
      async (em) => {
        const session = await this.activeSession(em, ctx);
        session.revokedAt = new Date();
      },
      { global: true },
    );
    return true;
  }
}
