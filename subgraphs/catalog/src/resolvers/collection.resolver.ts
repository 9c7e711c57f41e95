import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { CatalogServices } from '../services';
import { CollectionListType, CollectionType } from '../types/collection.type';
import { CollectionInput, CollectionListArgs } from '../inputs/collection.input';

@Resolver(() => CollectionType)
export class CollectionResolver {
  constructor(private readonly s: CatalogServices) {}

  @Query(() => CollectionListType)
  collections(@Ctx() ctx: RequestContext, @Args() args: CollectionListArgs) {
    return this.s.collections.list(ctx, args);
  }

  @Query(() => CollectionType, { description: 'By id or handle' })
  collection(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.collections.get(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => CollectionType)
  createCollection(@Ctx() ctx: RequestContext, @Arg('input') input: CollectionInput) {
    return this.s.collections.create(ctx, input);
  }
}
