import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { PageArgs, requireTenant, type RequestContext } from '@svc/kit';
import type { CatalogServices } from '../services';
import { CategoryListType, CategoryType, CollectionListType, CollectionType, RegionListType, RegionType } from '../types/product.type';
import { CategoryInput, CollectionInput, RegionInput, TaxonomyListArgs } from '../inputs/product.input';

@Resolver()
export class TaxonomyResolver {
  constructor(private readonly s: CatalogServices) {}

  @Query(() => CollectionListType)
  collections(@Ctx() ctx: RequestContext, @Args() args: TaxonomyListArgs) {
    return this.s.taxonomy.collections(ctx, args);
  }

  @Query(() => CollectionType, { description: 'By id or handle' })
  collection(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.taxonomy.collection(ctx, id);
  }

  @Query(() => CategoryListType, { description: 'Active, public categories with parent and children' })
  productCategories(@Ctx() ctx: RequestContext, @Args() args: TaxonomyListArgs) {
    return this.s.taxonomy.categories(ctx, args);
  }

  @Query(() => CategoryType, { description: 'By id or handle' })
  productCategory(
    @Ctx() ctx: RequestContext,
    @Arg('id') id: string,
    @Arg('include_descendants_tree', { nullable: true }) deep?: boolean,
  ) {
    return this.s.taxonomy.category(ctx, id, !!deep);
  }

  @Query(() => RegionListType)
  async regions(@Ctx() ctx: RequestContext, @Args() page: PageArgs) {
    return this.s.taxonomy.regionsPage(await this.s.read.regions(requireTenant(ctx)), page);
  }

  @Query(() => RegionType)
  region(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.read.region(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => RegionType)
  createRegion(@Ctx() ctx: RequestContext, @Arg('input') input: RegionInput) {
    return this.s.admin.createRegion(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => CollectionType)
  async createCollection(@Ctx() ctx: RequestContext, @Arg('input') input: CollectionInput) {
    return this.s.taxonomy.collection(ctx, await this.s.admin.createCollection(ctx, input));
  }

  @Authorized('admin')
  @Mutation(() => CategoryType)
  async createProductCategory(@Ctx() ctx: RequestContext, @Arg('input') input: CategoryInput) {
    return this.s.taxonomy.category(ctx, await this.s.admin.createCategory(ctx, input));
  }
}
