import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { PageArgs, type RequestContext } from '@svc/kit';
import type { CatalogServices } from '../services';
import { RegionListType, RegionType } from '../types/region.type';
import { RegionInput } from '../inputs/region.input';

@Resolver(() => RegionType)
export class RegionResolver {
  constructor(private readonly s: CatalogServices) {}

  @Query(() => RegionListType, { description: "The store's regions with their countries" })
  regions(@Ctx() ctx: RequestContext, @Args() page: PageArgs) {
    return this.s.regions.list(ctx, page);
  }

  @Query(() => RegionType, { description: 'One region of the store by id' })
  region(@Ctx() ctx: RequestContext, @Arg('id', { description: 'The region id (reg_…)' }) id: string) {
    return this.s.regions.get(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => RegionType, { description: 'Admin: a new region with its currency and countries' })
  createRegion(@Ctx() ctx: RequestContext, @Arg('input', { description: 'The new region' }) input: RegionInput) {
    return this.s.regions.create(ctx, input);
  }
}
