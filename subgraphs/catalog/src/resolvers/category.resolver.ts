import { Arg, Args, Authorized, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { CatalogServices } from '../services';
import { ProductListType } from '../types/product.type';
import { CategoryDeletionType, CategoryListType, CategoryType } from '../types/category.type';
import { CategoryInput, CategoryListArgs, UpdateCategoryInput } from '../inputs/category.input';

@Resolver(() => CategoryType)
export class CategoryResolver {
  constructor(private readonly s: CatalogServices) {}

  @FieldResolver(() => ProductListType, { description: 'its published products, newest first (Medusa: fields=*products)' })
  products(
    @Root() parent: { id: string },
    @Ctx() ctx: RequestContext,
    @Arg('limit', () => Int, { nullable: true, description: 'At most this many products (default and maximum 100)' }) limit: number | null,
    @Arg('region_id', () => String, { nullable: true, description: 'Pricing context: variants get calculated_price for this region' }) regionId: string | null,
  ) {
    return this.s.products.list(ctx, { category_id: [parent.id], limit: Math.min(limit ?? 100, 100), region_id: regionId ?? undefined });
  }

  @Query(() => CategoryListType, { description: 'Active, public categories with parent and children' })
  productCategories(@Ctx() ctx: RequestContext, @Args() args: CategoryListArgs) {
    return this.s.categories.list(ctx, args);
  }

  @Query(() => CategoryType, { description: 'By id or handle' })
  productCategory(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: "The category's id or handle" }) id: string,
    @Arg('include_descendants_tree', { nullable: true, description: 'true nests all descendants in category_children; default: direct children only' })
    deep?: boolean,
  ) {
    return this.s.categories.get(ctx, id, !!deep);
  }

  @Authorized('admin')
  @Mutation(() => CategoryType, { description: 'Admin: a new product category' })
  createProductCategory(@Ctx() ctx: RequestContext, @Arg('input', { description: 'The new category' }) input: CategoryInput) {
    return this.s.categories.create(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => CategoryType, {
    description: 'Admin: renames, moves (another parent) or reorders (rank among its siblings) a product category; a cycle is 409 category_cycle',
  })
  updateProductCategory(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: 'The category id (pcat_…)' }) id: string,
    @Arg('input', { description: 'The fields to change' }) input: UpdateCategoryInput,
  ) {
    return this.s.categories.update(ctx, id, input);
  }

  @Authorized('admin')
  @Mutation(() => CategoryDeletionType, {
    description: 'Admin: deletes a product category without subcategories (409 category_has_children otherwise); its products stay',
  })
  deleteProductCategory(@Ctx() ctx: RequestContext, @Arg('id', { description: 'The category id (pcat_…)' }) id: string) {
    return this.s.categories.delete(ctx, id);
  }
}
