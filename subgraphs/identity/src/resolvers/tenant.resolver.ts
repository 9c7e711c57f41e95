import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { IdentityServices } from '../services';
import { ApiKeyCreatedType, PublishableKeyType, StoreSettingsType } from '../types/tenant.type';
import { AnalystKeyArgs, StoreSettingsInput } from '../inputs/tenant.input';

@Resolver(() => StoreSettingsType)
export class TenantResolver {
  constructor(private readonly s: IdentityServices) {}

  @Authorized('admin', 'operator')
  @Query(() => StoreSettingsType, { description: "Admin (and the platform's own domains, as the operator): the store's settings" })
  storeSettings(@Ctx() ctx: RequestContext) {
    return this.s.tenants.settings(ctx);
  }

  @Authorized('admin')
  @Mutation(() => StoreSettingsType, { description: 'Admin: changes the given store settings (CORS origins, anti-spam difficulty)' })
  updateStoreSettings(@Ctx() ctx: RequestContext, @Arg('input', { description: 'The settings to change' }) input: StoreSettingsInput) {
    return this.s.tenants.updateSettings(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => ApiKeyCreatedType, {
    description: 'Admin: a new read-only analyst API key (analytics reads and the event export, nothing else); the key is shown once',
  })
  createAnalystApiKey(@Ctx() ctx: RequestContext, @Args() args: AnalystKeyArgs) {
    return this.s.tenants.createAnalystKey(ctx, args.title ?? 'Analyst');
  }

  @Authorized('admin')
  @Query(() => [PublishableKeyType], { description: "Admin: the store's live publishable keys" })
  publishableKeys(@Ctx() ctx: RequestContext) {
    return this.s.tenants.publishableKeys(ctx);
  }

  @Authorized('admin')
  @Mutation(() => PublishableKeyType, { description: 'Admin: the sales channels a publishable key sees (replaces the list; [] = every product)' })
  setPublishableKeySalesChannels(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: "The key's id (apk_…)" }) id: string,
    @Arg('sales_channel_ids', () => [String], { description: 'The catalog sales channel ids; [] lets the key see every product' }) ids: string[],
  ) {
    return this.s.tenants.setKeySalesChannels(ctx, id, ids);
  }
}
