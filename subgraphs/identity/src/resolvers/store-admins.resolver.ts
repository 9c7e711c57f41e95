import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { IdentityServices } from '../services';
import { AddStoreAdminInput } from '../inputs/store-admins.input';
import { AdminStoreType, StoreAdminType } from '../types/store-admins.type';
import { AuthTokenType } from '../types/auth.type';

/** Admins in several stores: the stores an admin may open and switching between them; a store's admins. */
@Resolver()
export class StoreAdminResolver {
  constructor(private readonly s: IdentityServices) {}

  @Authorized('admin')
  @Query(() => [AdminStoreType], { description: 'Admin: the stores the signed-in admin may open, their own store first' })
  adminStores(@Ctx() ctx: RequestContext) {
    return this.s.storeAdmins.myStores(ctx);
  }

  @Authorized('admin')
  @Mutation(() => AuthTokenType, {
    description: 'Admin: a session for another store the signed-in admin may open (the current one stays open); a store they may not open: 404',
  })
  async switchAdminStore(@Ctx() ctx: RequestContext, @Arg('store_id', { description: "The store's id (adminStores)" }) storeId: string) {
    return { token: await this.s.storeAdmins.switchStore(ctx, storeId) };
  }

  @Authorized('admin')
  @Query(() => [StoreAdminType], { description: "Admin: the signed-in store's admins, its own first, then those added from other stores" })
  storeAdmins(@Ctx() ctx: RequestContext) {
    return this.s.storeAdmins.list(ctx);
  }

  @Authorized('admin')
  @Mutation(() => StoreAdminType, {
    description:
      'Admin: gives an admin access to the store: an existing admin account by its email (no password), or a new account created in this store (with a password). Already an admin here: 409 already_admin',
  })
  addStoreAdmin(@Ctx() ctx: RequestContext, @Arg('input', { description: 'The admin to add' }) input: AddStoreAdminInput) {
    return this.s.storeAdmins.add(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => Boolean, {
    description:
      "Admin: takes an added admin's access to the store away (their sessions for it end at once; an admin may leave a store this way). An admin created in this store: 409 home_admin; unknown: 404",
  })
  removeStoreAdmin(@Ctx() ctx: RequestContext, @Arg('id', { description: "The admin's id (user_…)" }) id: string) {
    return this.s.storeAdmins.remove(ctx, id);
  }
}
