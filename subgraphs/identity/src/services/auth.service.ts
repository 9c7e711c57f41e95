import {
  DomainError,
  TOKEN_TTL_SECONDS,
  emFor,
  emGlobal,
  hashPassword,
  requireTenant,
  signToken,
  verifyPassword,
  type Em,
  type Orm,
  type PlatformConfig,
  type RequestContext,
} from '@svc/kit';
import { AuthIdentity, AuthSession } from '../entities/auth.entity';
import { AdminUser } from '../entities/credentials.entity';
import { Customer } from '../entities/customer.entity';
import { identityEvents } from '../events';

const invalidCredentials = () => new DomainError('authentication_error', 'invalid_credentials', 'Invalid email or password');
const normEmail = (e: string) => e.trim().toLowerCase();

export class AuthService {
  constructor(private readonly orm: Orm, private readonly config: PlatformConfig) {}

  private async openSession(
    em: Em,
    s: { tenantId: string; actorType: 'customer' | 'admin'; actorId: string; identityId: string },
  ): Promise<string> {
    const session = Object.assign(new AuthSession(), s, {
      expiresAt: new Date(Date.now() + TOKEN_TTL_SECONDS[s.actorType] * 1000),
    });
    em.persist(session);
    await em.flush();
    return signToken(
      { actor_id: s.actorId, actor_type: s.actorType, auth_identity_id: s.identityId, tenant_id: s.tenantId, sid: session.id },
      this.config.jwtSecret,
    );
  }

  /** Creates the identity and the customer (emitting `customer.created`) and signs the customer in. */
  async registerCustomer(ctx: RequestContext, input: { email: string; password: string }): Promise<string> {
    const tenantId = requireTenant(ctx);
    const email = normEmail(input.email);
    const passwordHash = await hashPassword(input.password);
    return emFor(this.orm, ctx).transactional(async (em) => {
      if (await em.findOne(AuthIdentity, { email })) {
        throw new DomainError('conflict', 'duplicate', 'Identity with email already exists');
      }
      let customer = await em.findOne(Customer, { email });
      if (customer?.hasAccount) throw new DomainError('conflict', 'duplicate', 'Identity with email already exists');
      if (!customer) {
        customer = Object.assign(new Customer(), { tenantId, email, hasAccount: true });
        em.persist(customer);
        identityEvents.emit(em, ctx, 'customer.created', { id: customer.id, email });
      } else {
        customer.hasAccount = true;
      }
      const identity = Object.assign(new AuthIdentity(), { tenantId, email, passwordHash, customerId: customer.id });
      em.persist(identity);
      return this.openSession(em, { tenantId, actorType: 'customer', actorId: customer.id, identityId: identity.id });
    });
  }

  async loginCustomer(ctx: RequestContext, input: { email: string; password: string }): Promise<string> {
    const tenantId = requireTenant(ctx);
    const em = emFor(this.orm, ctx);
    const identity = await em.findOne(AuthIdentity, { email: normEmail(input.email) });
    if (!(await verifyPassword(input.password, identity?.passwordHash ?? null)) || !identity) throw invalidCredentials();
    return this.openSession(em, { tenantId, actorType: 'customer', actorId: identity.customerId ?? '', identityId: identity.id });
  }

  async loginAdmin(_ctx: RequestContext, input: { email: string; password: string }): Promise<string> {
    const em = emGlobal(this.orm);
    const admin = await em.findOne(AdminUser, { email: normEmail(input.email) });
    if (!(await verifyPassword(input.password, admin?.passwordHash ?? null)) || !admin) throw invalidCredentials();
    return this.openSession(em, { tenantId: admin.tenantId, actorType: 'admin', actorId: admin.id, identityId: admin.id });
  }

  private async activeSession(em: Em, ctx: RequestContext): Promise<AuthSession> {
    const sid = ctx.actor.sessionId;
    const session = sid ? await em.findOne(AuthSession, { id: sid }) : null;
    if (!session || session.revokedAt || session.expiresAt.getTime() <= Date.now()) {
      throw new DomainError('authentication_error', 'token_invalid', 'The session has ended');
    }
    return session;
  }

  /** A fresh token for the same session (its lifetime starts again). */
  async refresh(ctx: RequestContext): Promise<string> {
    const em = emGlobal(this.orm);
    const session = await this.activeSession(em, ctx);
    if (session.actorType === 'customer' && !session.actorId) {
      const identity = await em.findOne(AuthIdentity, { id: session.identityId }, { filters: false });
      if (identity?.customerId) session.actorId = identity.customerId;
    }
    session.expiresAt = new Date(Date.now() + TOKEN_TTL_SECONDS[session.actorType] * 1000);
    await em.flush();
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
    const em = emGlobal(this.orm);
    const session = await this.activeSession(em, ctx);
    session.revokedAt = new Date();
    await em.flush();
    return true;
  }
}
