import { DomainError, Errors, hashPassword, requireTenant, type RequestContext, type Store } from '@svc/kit';
import { AdminMembership, AdminUser } from '../entities/credentials.entity';
import { Tenant } from '../entities/tenant.entity';
import { identityEvents } from '../events';
import type { AuthService } from './auth.service';

/** A store the signed-in admin may switch to. */
export interface AdminStoreView {
  id: string;
  name: string;
  handle: string;
  /** the store the admin account was created in (it cannot be left) */
  home: boolean;
  /** the store the current session is for */
  current: boolean;
}

/** An admin of the signed-in store. */
export interface StoreAdminView {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  /** created in this store (removed only with the store); otherwise added from another store */
  home: boolean;
  /** when it got access: the account's creation for a home admin, the membership's otherwise */
  added_at: string;
}

const norm = (email: string) => email.trim().toLowerCase();

function signedInAdmin(ctx: RequestContext): string {
  if (ctx.actor.type !== 'admin' || !ctx.actor.id) throw Errors.unauthenticated();
  return ctx.actor.id;
}

/**
 * Admins in several stores. An admin account belongs to the store it was created in (its home);
 * the admins of another store may give it access to theirs (a membership). A signed-in admin lists
 * the stores they may open and switches to one, which opens a session for that store (the
 * current one stays open). Removing a membership ends that admin's sessions for the store at once.
 */
export class StoreAdminService {
  constructor(
    private readonly store: Store,
    private readonly auth: AuthService,
    private readonly passwordHashCost: number,
  ) {}

  /** The stores the signed-in admin may open: their home store first, then by name. */
  async myStores(ctx: RequestContext): Promise<AdminStoreView[]> {
    const adminId = signedInAdmin(ctx);
    const em = this.store.emGlobal(ctx);
    const admin = await em.findOne(AdminUser, { id: adminId });
    if (!admin) throw Errors.unauthenticated();
    const memberships = await em.find(AdminMembership, { adminUserId: adminId });
    const tenants = await em.find(Tenant, { id: { $in: [admin.tenantId, ...memberships.map((m) => m.tenantId)] } });
    return tenants
      .map((t) => ({ id: t.id, name: t.name, handle: t.handle, home: t.id === admin.tenantId, current: t.id === ctx.tenantId }))
      .sort((a, b) => Number(b.home) - Number(a.home) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  }

  /** A token for another store the signed-in admin may open (a store they may not: 404, as if it did not exist). */
  async switchStore(ctx: RequestContext, tenantId: string): Promise<string> {
    const adminId = signedInAdmin(ctx);
    const em = this.store.emGlobal(ctx);
    const admin = await em.findOne(AdminUser, { id: adminId });
    if (!admin) throw Errors.unauthenticated();
    const allowed = admin.tenantId === tenantId || !!(await em.findOne(AdminMembership, { adminUserId: adminId, tenantId }));
    if (!allowed || !(await em.findOne(Tenant, { id: tenantId }))) throw Errors.notFound('Store', tenantId);
    return this.auth.openSession(ctx, { tenantId, actorType: 'admin', actorId: admin.id, identityId: admin.id });
  }

  /** The signed-in store's admins: its own first, then those added from other stores, oldest first. */
  async list(ctx: RequestContext): Promise<StoreAdminView[]> {
    const tenantId = requireTenant(ctx);
    const em = this.store.emGlobal(ctx);
    const home = await em.find(AdminUser, { tenantId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    const memberships = await em.find(AdminMembership, { tenantId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    const members = new Map((await em.find(AdminUser, { id: { $in: memberships.map((m) => m.adminUserId) } })).map((a) => [a.id, a]));
    const view = (a: AdminUser, isHome: boolean, at: Date): StoreAdminView => ({
      id: a.id,
      email: a.email,
      first_name: a.firstName,
      last_name: a.lastName,
      home: isHome,
      added_at: at.toISOString(),
    });
    return [
      ...home.map((a) => view(a, true, a.createdAt)),
      ...memberships.flatMap((m) => {
        const a = members.get(m.adminUserId);
        return a ? [view(a, false, m.createdAt)] : [];
      }),
    ];
  }

  /**
   * Gives an admin access to the signed-in store: an existing admin account (of another store) by
   * its email, or a new account homed here when the address has none (a password is then required).
   * Already an admin here: 409 `already_admin`. A password for an existing account: 400 (it keeps its own).
   */
  async add(ctx: RequestContext, input: { email: string; password?: string | null }): Promise<StoreAdminView> {
    const tenantId = requireTenant(ctx);
    const addedBy = signedInAdmin(ctx);
    const email = norm(input.email);
    const passwordHash = input.password ? await hashPassword(input.password, this.passwordHashCost) : null;
    const added = await this.store.transaction(
      ctx,
      async (em, tx) => {
        // one change of a store's admins at a time: two adds of the same address cannot both create it
        await this.store.sql(tx, 'select pg_advisory_xact_lock(hashtext(?))', [`identity.store_admins:${email}`]);
        const existing = await em.findOne(AdminUser, { email });
        if (existing) {
          if (existing.tenantId === tenantId || (await em.findOne(AdminMembership, { adminUserId: existing.id, tenantId }))) {
            throw new DomainError('conflict', 'already_admin', `${email} is already an admin of this store`);
          }
          if (passwordHash)
            throw Errors.invalidField('password', 'This address already has an admin account, which keeps its own password: leave the password out');
          const m = Object.assign(new AdminMembership(), { tenantId, adminUserId: existing.id, addedBy });
          em.persist(m);
          await em.flush();
          identityEvents.emit(em, tx, 'store_admin.added', { admin_id: existing.id, home: false });
          return { admin: existing, home: false, at: m.createdAt };
        }
        if (!passwordHash) throw Errors.invalidField('password', `${email} has no admin account yet: give a password to create one`);
        const admin = Object.assign(new AdminUser(), { tenantId, email, passwordHash });
        em.persist(admin);
        await em.flush();
        identityEvents.emit(em, tx, 'store_admin.added', { admin_id: admin.id, home: true });
        return { admin, home: true, at: admin.createdAt };
      },
      { global: true },
    );
    ctx.log.info({ adminId: added.admin.id, tenantId }, 'store admin added');
    const a = added.admin;
    return { id: a.id, email: a.email, first_name: a.firstName, last_name: a.lastName, home: added.home, added_at: added.at.toISOString() };
  }

  /**
   * Takes an added admin's access to the signed-in store away and ends their sessions for it at once
   * (an admin may also leave a store this way). An admin created in this store: 409 `home_admin`;
   * an admin the store does not have: 404.
   */
  async remove(ctx: RequestContext, adminId: string): Promise<boolean> {
    const tenantId = requireTenant(ctx);
    await this.store.transaction(
      ctx,
      async (em, tx) => {
        const m = await em.findOne(AdminMembership, { adminUserId: adminId, tenantId });
        if (!m) {
          if (await em.findOne(AdminUser, { id: adminId, tenantId })) {
            throw new DomainError('conflict', 'home_admin', 'This admin was created in this store and keeps access to it');
          }
          throw Errors.notFound('Admin', adminId);
        }
        em.remove(m);
        await em.flush();
        await this.store.sql(
          tx,
          `update ${this.store.table('auth_session')} set revoked_at = now() where actor_type = 'admin' and actor_id = ? and tenant_id = ? and revoked_at is null`,
          [adminId, tenantId],
        );
        identityEvents.emit(em, tx, 'store_admin.removed', { admin_id: adminId });
      },
      { global: true },
    );
    return true;
  }
}
