import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { ContentServices } from '../services';
import { ContentItemListType, ContentItemType } from '../types/content-item.type';
import { CreateContentItemInput, UpdateContentItemInput, ContentItemListArgs } from '../inputs/content-item.input';

/** Content items in the graph: one service call per field; writes are for admins. */
@Resolver(() => ContentItemType)
export class ContentItemResolver {
  constructor(private readonly s: ContentServices) {}

  @Query(() => ContentItemListType, { description: 'Content items of the tenant, newest first by default' })
  contentItems(@Ctx() ctx: RequestContext, @Args() args: ContentItemListArgs) {
    return this.s.items.list(ctx, args);
  }

  @Query(() => ContentItemType, { description: 'By id or handle' })
  contentItem(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.items.get(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => ContentItemType)
  createContentItem(@Ctx() ctx: RequestContext, @Arg('input') input: CreateContentItemInput) {
    return this.s.items.create(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => ContentItemType)
  updateContentItem(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('input') input: UpdateContentItemInput) {
    return this.s.items.update(ctx, id, input);
  }
}
