import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { CatalogServices } from '../services';
import { CategoryListType, CategoryType } from '../types/category.type';
import { CategoryInput, CategoryListArgs } from '../inputs/category.input';

@Resolver(() => CategoryType)
export class CategoryResolver {
  constructor(private readonly s: CatalogServices) {}

  @Query(() => CategoryListType, { description: 'Active, public categories with parent and children' })
  productCategories(@Ctx() ctx: RequestContext, @Args() args: CategoryListArgs) {
    return this.s.categories.list(ctx, args);
  }

  @Query(() => CategoryType, { description: 'By id or handle' })
  productCategory(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('include_descendants_tree', { nullable: true }) deep?: boolean) {
    return this.s.categories.get(ctx, id, !!deep);
  }

  @Authorized('admin')
  @Mutation(() => CategoryType)
  createProductCategory(@Ctx() ctx: RequestContext, @Arg('input') input: CategoryInput) {
    return this.s.categories.create(ctx, input);
  }
}
