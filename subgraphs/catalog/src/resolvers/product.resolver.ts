import { Arg, Args, Authorized, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { JSONScalar, type RequestContext } from '@svc/kit';
import type { CatalogServices } from '../services';
import { ProductListType, ProductType } from '../types/product.type';
import {
  AdminProductListArgs,
  CreateProductInput,
  PriceInput,
  ProductListArgs,
  UpdateProductInput,
  UpdateVariantInput,
  VariantInput,
} from '../inputs/product.input';
import { withVariantPrices, type ProductView } from '../services/views';

@Resolver(() => ProductType)
export class ProductResolver {
  constructor(private readonly s: CatalogServices) {}

  @Query(() => ProductListType, { description: 'Published products of the tenant (publishable key), newest first by default' })
  products(@Ctx() ctx: RequestContext, @Args() args: ProductListArgs) {
    return this.s.products.list(ctx, args);
  }

  @Query(() => ProductType, { description: 'A published product by id or handle' })
  product(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: 'product id or handle' }) id: string,
    @Arg('region_id', () => String, { nullable: true, description: 'Pricing context: variants get calculated_price for this region' }) regionId?: string | null,
    @Arg('country_code', () => String, {
      nullable: true,
      description: 'Pricing context when region_id is absent: the region that contains this country (ISO 3166-1 alpha-2)',
    })
    countryCode?: string | null,
  ) {
    return this.s.products.get(ctx, id, regionId, countryCode);
  }

  @FieldResolver(() => JSONScalar, {
    description: 'The whole Medusa StoreProduct as one JSON value (the REST read path); with_prices adds every variant price as variants[].prices',
  })
  document(
    @Root() p: ProductView,
    @Arg('with_prices', () => Boolean, { nullable: true, description: 'true adds every variant price as variants[].prices; default false' })
    withPrices?: boolean | null,
  ): ProductView {
    return withPrices ? withVariantPrices(p) : p;
  }

  @Authorized('admin')
  @Query(() => ProductType, { description: 'Admin: a product in any status' })
  adminProduct(@Ctx() ctx: RequestContext, @Arg('id', { description: 'The product id' }) id: string) {
    return this.s.products.getAny(ctx, id);
  }

  @Authorized('admin')
  @Query(() => ProductListType, {
    description: 'Admin: products in any status but deleted (archived only when status names it), newest first; q matches title, handle or SKU',
  })
  adminProducts(@Ctx() ctx: RequestContext, @Args() args: AdminProductListArgs) {
    return this.s.products.listAny(ctx, args);
  }

  @Authorized('admin')
  @Mutation(() => ProductType, {
    description: 'Deletes the product (product.deleted): off the storefront, search and lists; orders keep their lines; answers the product as it was',
  })
  deleteProduct(@Ctx() ctx: RequestContext, @Arg('id', { description: 'The product id' }) id: string) {
    return this.s.products.delete(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => ProductType, { description: 'Admin: a new product with its options, variants and images' })
  createProduct(@Ctx() ctx: RequestContext, @Arg('input', { description: 'The new product' }) input: CreateProductInput) {
    return this.s.products.create(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => ProductType, { description: 'Admin: changes the fields given of a product' })
  updateProduct(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: 'The product id' }) id: string,
    @Arg('input', { description: 'The fields to change' }) input: UpdateProductInput,
  ) {
    return this.s.products.update(ctx, id, input);
  }

  @Authorized('admin')
  @Mutation(() => ProductType, { description: 'Adds a variant (with prices and stock); answers the product' })
  createProductVariant(
    @Ctx() ctx: RequestContext,
    @Arg('product_id', { description: 'The product id' }) productId: string,
    @Arg('input', { description: 'The new variant' }) input: VariantInput,
  ) {
    return this.s.products.createVariant(ctx, productId, input);
  }

  @Authorized('admin')
  @Mutation(() => ProductType, {
    description:
      'Admin: changes the fields given of a variant, its option values (409 duplicate_options when another variant has them), prices (replaced) and stock; answers the product',
  })
  updateProductVariant(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: 'The variant id' }) id: string,
    @Arg('input', { description: 'The fields to change' }) input: UpdateVariantInput,
  ) {
    return this.s.products.updateVariant(ctx, id, input);
  }

  @Authorized('admin')
  @Mutation(() => ProductType, {
    description:
      'Deletes a variant (product_variant.deleted): off the storefront and the product, no longer sellable, its SKU free again; orders keep their lines; answers the product',
  })
  deleteProductVariant(@Ctx() ctx: RequestContext, @Arg('id', { description: 'The variant id' }) id: string) {
    return this.s.products.deleteVariant(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => ProductType, { description: 'Replaces every price of a variant' })
  setVariantPrices(
    @Ctx() ctx: RequestContext,
    @Arg('variant_id', { description: 'The variant id' }) variantId: string,
    @Arg('prices', () => [PriceInput], { description: 'The new prices (replace all)' }) prices: PriceInput[],
  ) {
    return this.s.products.setPricesOf(ctx, variantId, prices);
  }

  @Authorized('admin')
  @Mutation(() => ProductType, { description: "The product images that show a variant (images of the variant's own product)" })
  setVariantImages(
    @Ctx() ctx: RequestContext,
    @Arg('variant_id', { description: 'The variant id' }) variantId: string,
    @Arg('image_ids', () => [String], { description: "Image ids of the variant's product (replace the list)" }) imageIds: string[],
  ) {
    return this.s.products.setVariantImages(ctx, variantId, imageIds);
  }

  @Authorized('admin')
  @Mutation(() => ProductType, { description: 'Sets the stocked quantity of a variant' })
  setInventoryLevel(
    @Ctx() ctx: RequestContext,
    @Arg('variant_id', { description: 'The variant id' }) variantId: string,
    @Arg('stocked_quantity', () => Int, { description: 'Units in stock (0 or more)' }) stocked: number,
  ) {
    return this.s.products.setInventory(ctx, variantId, stocked);
  }
}
