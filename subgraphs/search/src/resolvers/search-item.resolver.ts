import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { SearchServices } from '../services';
import { SearchItemListType, SearchItemType } from '../types/search-item.type';
import { CreateSearchItemInput, UpdateSearchItemInput, SearchItemListArgs } from '../inputs/search-item.input';

/** Search items in the graph: one service call per field; writes are for admins. */
@Resolver(() => SearchItemType)
export class SearchItemResolver {
  constructor(private readonly s: SearchServices) {}

  @Query(() => SearchItemListType, { description: 'Search items of the tenant, newest first by default' })
  searchItems(@Ctx() ctx: RequestContext, @Args() args: SearchItemListArgs) {
    return this.s.items.list(ctx, args);
  }

  @Query(() => SearchItemType, { description: 'By id or handle' })
  searchItem(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.items.get(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => SearchItemType)
  createSearchItem(@Ctx() ctx: RequestContext, @Arg('input') input: CreateSearchItemInput) {
    return this.s.items.create(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => SearchItemType)
  updateSearchItem(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('input') input: UpdateSearchItemInput) {
    return this.s.items.update(ctx, id, input);
  }
}
