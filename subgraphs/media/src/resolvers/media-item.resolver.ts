import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { MediaServices } from '../services';
import { MediaItemListType, MediaItemType } from '../types/media-item.type';
import { CreateMediaItemInput, UpdateMediaItemInput, MediaItemListArgs } from '../inputs/media-item.input';

/** Media items in the graph: one service call per field; writes are for admins. */
@Resolver(() => MediaItemType)
export class MediaItemResolver {
  constructor(private readonly s: MediaServices) {}

  @Query(() => MediaItemListType, { description: 'Media items of the tenant, newest first by default' })
  mediaItems(@Ctx() ctx: RequestContext, @Args() args: MediaItemListArgs) {
    return this.s.items.list(ctx, args);
  }

  @Query(() => MediaItemType, { description: 'By id or handle' })
  mediaItem(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.items.get(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => MediaItemType)
  createMediaItem(@Ctx() ctx: RequestContext, @Arg('input') input: CreateMediaItemInput) {
    return this.s.items.create(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => MediaItemType)
  updateMediaItem(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('input') input: UpdateMediaItemInput) {
    return this.s.items.update(ctx, id, input);
  }
}
