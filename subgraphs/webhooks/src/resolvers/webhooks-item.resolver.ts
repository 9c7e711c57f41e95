import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { WebhooksServices } from '../services';
import { WebhooksItemListType, WebhooksItemType } from '../types/webhooks-item.type';
import { CreateWebhooksItemInput, UpdateWebhooksItemInput, WebhooksItemListArgs } from '../inputs/webhooks-item.input';

/** Webhooks items in the graph: one service call per field; writes are for admins. */
@Resolver(() => WebhooksItemType)
export class WebhooksItemResolver {
  constructor(private readonly s: WebhooksServices) {}

  @Query(() => WebhooksItemListType, { description: 'Webhooks items of the tenant, newest first by default' })
  webhooksItems(@Ctx() ctx: RequestContext, @Args() args: WebhooksItemListArgs) {
    return this.s.items.list(ctx, args);
  }

  @Query(() => WebhooksItemType, { description: 'By id or handle' })
  webhooksItem(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.items.get(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => WebhooksItemType)
  createWebhooksItem(@Ctx() ctx: RequestContext, @Arg('input') input: CreateWebhooksItemInput) {
    return this.s.items.create(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => WebhooksItemType)
  updateWebhooksItem(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('input') input: UpdateWebhooksItemInput) {
    return this.s.items.update(ctx, id, input);
  }
}
