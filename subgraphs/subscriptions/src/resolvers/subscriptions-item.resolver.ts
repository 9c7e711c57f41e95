import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { SubscriptionsServices } from '../services';
import { SubscriptionsItemListType, SubscriptionsItemType } from '../types/subscriptions-item.type';
import { CreateSubscriptionsItemInput, UpdateSubscriptionsItemInput, SubscriptionsItemListArgs } from '../inputs/subscriptions-item.input';

/** Subscriptions items in the graph: one service call per field; writes are for admins. */
@Resolver(() => SubscriptionsItemType)
export class SubscriptionsItemResolver {
  constructor(private readonly s: SubscriptionsServices) {}

  @Query(() => SubscriptionsItemListType, { description: 'Subscriptions items of the tenant, newest first by default' })
  subscriptionsItems(@Ctx() ctx: RequestContext, @Args() args: SubscriptionsItemListArgs) {
    return this.s.items.list(ctx, args);
  }

  @Query(() => SubscriptionsItemType, { description: 'By id or handle' })
  subscriptionsItem(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.items.get(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => SubscriptionsItemType)
  createSubscriptionsItem(@Ctx() ctx: RequestContext, @Arg('input') input: CreateSubscriptionsItemInput) {
    return this.s.items.create(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => SubscriptionsItemType)
  updateSubscriptionsItem(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('input') input: UpdateSubscriptionsItemInput) {
    return this.s.items.update(ctx, id, input);
  }
}
