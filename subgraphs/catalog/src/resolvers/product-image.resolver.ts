import { Arg, Authorized, Ctx, Mutation, Resolver } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { CatalogServices } from '../services';
import { ProductType } from '../types/product.type';
import { AddProductImageInput, UpdateProductImageInput } from '../inputs/product.input';

/** Admin: a product's gallery (each answers the product, its images by rank). */
@Resolver(() => ProductType)
export class ProductImageResolver {
  constructor(private readonly s: CatalogServices) {}

  @Authorized('admin')
  @Mutation(() => ProductType, { description: "Adds an image (a media library image or a URL) to a product's gallery (at most 50: 409 too_many_images)" })
  addProductImage(
    @Ctx() ctx: RequestContext,
    @Arg('product_id', { description: 'The product id' }) productId: string,
    @Arg('input', { description: 'The image' }) input: AddProductImageInput,
  ) {
    return this.s.images.add(ctx, productId, input);
  }

  @Authorized('admin')
  @Mutation(() => ProductType, { description: "Changes a product image's alt text" })
  updateProductImage(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: 'The image id (img_…)' }) id: string,
    @Arg('input', { description: 'The changes' }) input: UpdateProductImageInput,
  ) {
    return this.s.images.update(ctx, id, input);
  }

  @Authorized('admin')
  @Mutation(() => ProductType, {
    description: "Orders a product's images as listed (each of them once; a list that is not: 409 images_changed, nothing changed)",
  })
  reorderProductImages(
    @Ctx() ctx: RequestContext,
    @Arg('product_id', { description: 'The product id' }) productId: string,
    @Arg('image_ids', () => [String], { description: 'Every image id of the product, in the new order' }) imageIds: string[],
  ) {
    return this.s.images.reorder(ctx, productId, imageIds.slice(0, 1000));
  }

  @Authorized('admin')
  @Mutation(() => ProductType, { description: "Makes one of the product's images its thumbnail" })
  setProductThumbnail(
    @Ctx() ctx: RequestContext,
    @Arg('product_id', { description: 'The product id' }) productId: string,
    @Arg('image_id', { description: 'An image of the product (img_…)' }) imageId: string,
  ) {
    return this.s.images.setThumbnail(ctx, productId, imageId);
  }

  @Authorized('admin')
  @Mutation(() => ProductType, {
    description: 'Removes an image from its product (and its variants); the thumbnail moves to the first image left when it was this one',
  })
  deleteProductImage(@Ctx() ctx: RequestContext, @Arg('id', { description: 'The image id (img_…)' }) id: string) {
    return this.s.images.delete(ctx, id);
  }
}
