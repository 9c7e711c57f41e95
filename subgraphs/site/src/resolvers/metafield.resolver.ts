import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { SiteServices } from '../services';
import { MetafieldType, StoreMetafieldType } from '../types/metafield.type';
import { MetafieldKeyInput, MetafieldResourceArgs, SetMetafieldInput } from '../inputs/metafield.input';

/** Metafields: the storefront reads the visible ones of a resource; admins set, delete and list them. */
@Resolver(() => MetafieldType)
export class MetafieldResolver {
  constructor(private readonly s: SiteServices) {}

  @Query(() => [StoreMetafieldType], { description: 'The storefront-visible metafields of a resource (none for an unknown one)' })
  storeMetafields(@Ctx() ctx: RequestContext, @Args() args: MetafieldResourceArgs) {
    return this.s.metafields.visible(ctx, args);
  }

  @Authorized('admin')
  @Query(() => [MetafieldType], { description: 'Every metafield of a resource, by namespace and key' })
  metafields(@Ctx() ctx: RequestContext, @Args() args: MetafieldResourceArgs) {
    return this.s.metafields.list(ctx, args);
  }

  @Authorized('admin')
  @Mutation(() => MetafieldType, { description: 'Creates or replaces the metafield (resource, namespace, key); 400 when the value does not fit its type' })
  setMetafield(@Ctx() ctx: RequestContext, @Arg('input', { description: 'The resource, namespace, key, type and value' }) input: SetMetafieldInput) {
    return this.s.metafields.set(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => MetafieldType, { description: 'Removes a metafield; answers what it was' })
  deleteMetafield(@Ctx() ctx: RequestContext, @Arg('input', { description: 'The resource, namespace and key' }) input: MetafieldKeyInput) {
    return this.s.metafields.delete(ctx, input);
  }
}
