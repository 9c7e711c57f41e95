import { Arg, Authorized, Ctx, Mutation, Resolver } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { CatalogServices } from '../services';
import { ProductType } from '../types/product.type';
import { CreateProductOptionInput, UpdateProductOptionInput } from '../inputs/product.input';

/** Admin: a product's options and their values after its creation (each answers the product). */
@Resolver(() => ProductType)
export class ProductOptionResolver {
  constructor(private readonly s: CatalogServices) {}

  @Authorized('admin')
  @Mutation(() => ProductType, {
    description:
      "Adds an option with its values to a product (at most 10 options, titles unique on the product: 409 duplicate); its variants take the option's first value",
  })
  createProductOption(
    @Ctx() ctx: RequestContext,
    @Arg('product_id', { description: 'The product id' }) productId: string,
    @Arg('input', { description: 'The new option' }) input: CreateProductOptionInput,
  ) {
    return this.s.options.create(ctx, productId, input);
  }

  @Authorized('admin')
  @Mutation(() => ProductType, {
    description: 'Renames an option and edits its values (added, renamed, reordered, removed: a value a variant has is 409 option_value_in_use)',
  })
  updateProductOption(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: 'The option id (opt_…)' }) id: string,
    @Arg('input', { description: 'The changes' }) input: UpdateProductOptionInput,
  ) {
    return this.s.options.update(ctx, id, input);
  }

  @Authorized('admin')
  @Mutation(() => ProductType, {
    description: 'Removes an option and its values from the product and its variants (409 variants_would_collide when two variants would then be alike)',
  })
  deleteProductOption(@Ctx() ctx: RequestContext, @Arg('id', { description: 'The option id (opt_…)' }) id: string) {
    return this.s.options.delete(ctx, id);
  }
}
