import { DomainError, Errors, requireTenant, type GraphClient, type RequestContext, type Store } from '@svc/kit';
import type { EntityManager as Em } from '@mikro-orm/core';
import { ProductImage, type Product } from '../entities/product.entity';
import { catalogEvents } from '../events';
import type { AddImageData, UpdateImageData } from '../inputs/product.input';
import { CatalogMediaAssetDocument } from '../ports/generated';
import type { ProductService } from './product.service';
import type { ProductView } from './views';

/** a gallery's most images */
const MAX_PRODUCT_IMAGES = 50;

const altText = (alt: string | null | undefined): string | null => alt?.trim() || null;

/**
 * A product's gallery: images added from the media library or a URL, their order (`rank`, which
 * the storefront's `images` follow), alt text and the product's thumbnail. Each change is one unit
 * of work under the product's lock (a reorder never interleaves with an addition), emits
 * `product.updated` and answers the product.
 */
export class ProductImageService {
  constructor(
    private readonly store: Store,
    private readonly products: ProductService,
    private readonly graph: () => GraphClient,
  ) {}

  /**
   * Adds an image at `rank` (default: last; the images from there move down). A media asset gives
   * its URL and, unless `alt` is given, its alt text; it must be an image of the same store (404
   * otherwise, as the media domain answers another store's id). The first image of a product
   * without a thumbnail becomes it, as `thumbnail: true` makes any.
   */
  async add(ctx: RequestContext, productId: string, input: AddImageData): Promise<ProductView> {
    const tenantId = requireTenant(ctx);
    if (!input.url === !input.media_id) {
      throw Errors.validation('invalid_field', 'Give either url or media_id', [
        { field: 'url', code: 'invalid_field', message: 'Give either url or media_id' },
      ]);
    }
    let url = input.url ?? '';
    let alt = altText(input.alt);
    if (input.media_id) {
      const asset = await this.asset(ctx, input.media_id);
      url = asset.url;
      if (input.alt === undefined || input.alt === null) alt = altText(asset.alt);
    }
    await this.store.transaction(ctx, async (em, tx) => {
      const p = await this.lockedProduct(em, tx, productId);
      const images = await this.gallery(em, p);
      if (images.length >= MAX_PRODUCT_IMAGES) throw Errors.conflict('too_many_images', `A product has at most ${MAX_PRODUCT_IMAGES} images`);
      const at = Math.min(input.rank ?? images.length, images.length);
      images.splice(at, 0, em.create(ProductImage, { tenantId, product: p, url, alt, rank: at } as never));
      images.forEach((img, rank) => (img.rank = rank));
      if (input.thumbnail || !p.thumbnail) p.thumbnail = url;
      this.changed(em, tx, p);
    });
    return this.products.written(ctx, productId);
  }

  /** Changes an image's alt text (null or blank removes it). */
  async update(ctx: RequestContext, id: string, input: UpdateImageData): Promise<ProductView> {
    const productId = await this.store.transaction(ctx, async (em, tx) => {
      const { p, img } = await this.lockedImage(em, tx, id);
      if (input.alt !== undefined) img.alt = altText(input.alt);
      img.updatedAt = new Date();
      this.changed(em, tx, p);
      return p.id;
    });
    return this.products.written(ctx, productId);
  }

  /**
   * Puts the product's images in the order of `imageIds`, which must list each of them once: a list
   * that does not (an image added or removed meanwhile) is 409 images_changed and changes nothing.
   */
  async reorder(ctx: RequestContext, productId: string, imageIds: string[]): Promise<ProductView> {
    if (new Set(imageIds).size !== imageIds.length) throw Errors.invalidField('image_ids', 'image_ids lists an image twice');
    await this.store.transaction(ctx, async (em, tx) => {
      const p = await this.lockedProduct(em, tx, productId);
      const byId = new Map((await this.gallery(em, p)).map((img) => [img.id, img]));
      if (byId.size !== imageIds.length || imageIds.some((id) => !byId.has(id))) {
        throw Errors.conflict('images_changed', "image_ids must list each of the product's images once; its images changed meanwhile? Read it again");
      }
      imageIds.forEach((id, rank) => (byId.get(id)!.rank = rank));
      this.changed(em, tx, p);
    });
    return this.products.written(ctx, productId);
  }

  /** Makes one of the product's images its thumbnail (an image of another product: 400). */
  async setThumbnail(ctx: RequestContext, productId: string, imageId: string): Promise<ProductView> {
    await this.store.transaction(ctx, async (em, tx) => {
      const p = await this.lockedProduct(em, tx, productId);
      const img = await em.findOne(ProductImage, { id: imageId, product: p });
      if (!img) throw Errors.invalidField('image_id', `image_id must be an image of the product (no image "${imageId}")`);
      p.thumbnail = img.url;
      this.changed(em, tx, p);
    });
    return this.products.written(ctx, productId);
  }

  /**
   * Removes an image from the gallery (and from the variants that showed it); the others close up.
   * When it was the thumbnail, the first image left becomes the thumbnail (none left: no thumbnail).
   */
  async delete(ctx: RequestContext, id: string): Promise<ProductView> {
    const productId = await this.store.transaction(ctx, async (em, tx) => {
      const { p, img } = await this.lockedImage(em, tx, id);
      const rest = (await this.gallery(em, p)).filter((x) => x.id !== img.id);
      await em.nativeDelete(ProductImage, { id: img.id });
      rest.forEach((x, rank) => (x.rank = rank));
      if (p.thumbnail === img.url && !rest.some((x) => x.url === img.url)) p.thumbnail = rest[0]?.url ?? null;
      this.changed(em, tx, p);
      return p.id;
    });
    return this.products.written(ctx, productId);
  }

  /** The media asset, as the media domain answers it to this store (another store's: 404); it must be an image (400). */
  private async asset(ctx: RequestContext, id: string): Promise<{ url: string; alt: string | null }> {
    let media;
    try {
      ({ media } = await this.graph().execute(ctx, CatalogMediaAssetDocument, { id }));
    } catch (err) {
      if (err instanceof DomainError && (err.type === 'not_found' || err.type === 'validation_error')) {
        throw Errors.invalidField('media_id', `media_id must name an image of the store's media library (no media "${id}")`);
      }
      throw err;
    }
    if (!media.mime_type.startsWith('image/')) throw Errors.invalidField('media_id', `media_id must name an image (${media.mime_type} is none)`);
    return media;
  }

  private async lockedProduct(em: Em, tx: RequestContext, productId: string): Promise<Product> {
    await this.products.lockProduct(tx, productId);
    return this.products.product(em, productId);
  }

  /** The image's live product, locked, and the image; another store's image, or one of a deleted product, is 404. */
  private async lockedImage(em: Em, tx: RequestContext, id: string): Promise<{ p: Product; img: ProductImage }> {
    const [row] = await this.store.sql<{ product_id: string }>(
      tx,
      `select product_id from ${this.store.table('product_image')} where tenant_id = ? and id = ?`,
      [requireTenant(tx), id],
    );
    if (!row) throw Errors.notFound('Product image', id);
    await this.products.lockProduct(tx, row.product_id);
    const img = await em.findOne(ProductImage, { id }, { populate: ['product'] });
    if (!img || img.product.deletedAt) throw Errors.notFound('Product image', id);
    return { p: img.product, img };
  }

  /** The product's images in gallery order. */
  private gallery(em: Em, p: Product): Promise<ProductImage[]> {
    return em.find(ProductImage, { product: p }, { orderBy: { rank: 'asc', id: 'asc' } });
  }

  private changed(em: Em, tx: RequestContext, p: Product): void {
    p.updatedAt = new Date();
    catalogEvents.emit(em, tx, 'product.updated', { id: p.id });
  }
}
