import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { IdentityServices } from '../services';
import { StoreSettingsType } from '../types/tenant.type';
import { AllowedOriginsInput } from '../inputs/tenant.input';

@Resolver(() => StoreSettingsType)
export class TenantResolver {
  constructor(private readonly s: IdentityServices) {}

  @Authorized('admin')
  @Query(() => StoreSettingsType, { description: "Admin: the store's settings" })
  storeSettings(@Ctx() ctx: RequestContext) {
    return this.s.tenants.settings(ctx);
  }

  @Authorized('admin')
  @Mutation(() => StoreSettingsType, { description: 'Admin: replaces the storefront origins allowed by CORS' })
  setAllowedOrigins(@Ctx() ctx: RequestContext, @Arg('input') input: AllowedOriginsInput) {
    return this.s.tenants.setAllowedOrigins(ctx, input.allowed_origins);
  }
}
