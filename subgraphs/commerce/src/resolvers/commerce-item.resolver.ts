import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { CommerceServices } from '../services';
import { CommerceItemListType, CommerceItemType } from '../types/commerce-item.type';
import { CreateCommerceItemInput, UpdateCommerceItemInput, CommerceItemListArgs } from '../inputs/commerce-item.input';

/** Commerce items in the graph: one service call per field; writes are for admins. */
@Resolver(() => CommerceItemType)
export class CommerceItemResolver {
  constructor(private readonly s: CommerceServices) {}

  @Query(() => CommerceItemListType, { description: 'Commerce items of the tenant, newest first by default' })
  commerceItems(@Ctx() ctx: RequestContext, @Args() args: CommerceItemListArgs) {
    return this.s.items.list(ctx, args);
  }

  @Query(() => CommerceItemType, { description: 'By id or handle' })
  commerceItem(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.items.get(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => CommerceItemType)
  createCommerceItem(@Ctx() ctx: RequestContext, @Arg('input') input: CreateCommerceItemInput) {
    return this.s.items.create(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => CommerceItemType)
  updateCommerceItem(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('input') input: UpdateCommerceItemInput) {
    return this.s.items.update(ctx, id, input);
  }
}
