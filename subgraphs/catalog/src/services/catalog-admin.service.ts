import { DomainError, Errors, emFor, requireTenant, toScaled, fromScaled, type Em, type Orm, type RequestContext } from '@svc/kit';
import { Region, RegionCountry } from '../entities/region.entity';
import { ProductCategory, ProductCollection, ProductTag, ProductType } from '../entities/taxonomy.entity';
import { InventoryLevel, Price, Product, ProductImage, ProductOption, ProductOptionValue, ProductVariant } from '../entities/product.entity';
import type {
  CategoryInput,
  CollectionInput,
  CreateProductInput,
  PriceInput,
  RegionInput,
  UpdateProductInput,
  UpdateVariantInput,
  VariantInput,
} from '../inputs/product.input';
import type { ProductReadService } from './product-read.service';
import type { ProductView, RegionView } from './views';
import { COUNTRIES } from './countries';
import { catalogEvents } from '../events';

export const slugify = (s: string) =>
  s.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 180) || 'item';

/** Admin writes of the catalog (admin JWT, tenant-scoped). Each change emits a domain event. */
export class CatalogAdminService {
  constructor(private readonly orm: Orm, private readonly read: ProductReadService) {}

  private async product(em: Em, id: string): Promise<Product> {
    const p = await em.findOne(Product, { id, deletedAt: null }, { populate: ['options', 'options.values', 'categories', 'tags'] });
    if (!p) throw Errors.notFound('Product', id);
    return p;
  }

  private async applyProductFields(em: Em, tenantId: string, p: Product, input: UpdateProductInput): Promise<void> {
    if (input.title !== undefined) p.title = input.title;
    if (input.handle !== undefined) p.handle = input.handle;
    if (input.subtitle !== undefined) p.subtitle = input.subtitle;
    if (input.description !== undefined) p.description = input.description;
    if (input.status !== undefined) p.status = input.status;
    if (input.thumbnail !== undefined) p.thumbnail = input.thumbnail;
    if (input.material !== undefined) p.material = input.material;
    if (input.origin_country !== undefined) p.originCountry = input.origin_country;
    if (input.weight !== undefined) p.weight = input.weight;
    if (input.metadata !== undefined) p.metadata = input.metadata;
    if (input.collection_id !== undefined) {
      p.collection = input.collection_id ? await em.findOne(ProductCollection, { id: input.collection_id }) : null;
      if (input.collection_id && !p.collection) throw Errors.invalidField('collection_id', `Collection ${input.collection_id} does not exist`);
    }
    if (input.category_ids !== undefined) {
      const cats = input.category_ids.length ? await em.find(ProductCategory, { id: { $in: input.category_ids } }) : [];
      if (cats.length !== new Set(input.category_ids).size) throw Errors.invalidField('category_ids', 'Some categories do not exist');
      p.categories.set(cats);
    }
    if (input.tags !== undefined) {
      const tags: ProductTag[] = [];
      for (const value of [...new Set(input.tags)]) {
        tags.push((await em.findOne(ProductTag, { value })) ?? em.create(ProductTag, { tenantId, value } as never));
      }
      p.tags.set(tags);
    }
    if (input.type !== undefined) {
      p.type = input.type ? (await em.findOne(ProductType, { value: input.type })) ?? em.create(ProductType, { tenantId, value: input.type } as never) : null;
    }
    p.updatedAt = new Date();
  }

  private addVariant(em: Em, tenantId: string, p: Product, input: VariantInput, rank: number): ProductVariant {
    const v = em.create(ProductVariant, {
      tenantId,
      product: p,
      title: input.title,
      sku: input.sku ?? null,
      barcode: input.barcode ?? null,
      manageInventory: input.manage_inventory ?? true,
      allowBackorder: input.allow_backorder ?? false,
      weight: input.weight ?? null,
      metadata: input.metadata ?? null,
      variantRank: rank,
    } as never);
    const byTitle = new Map(p.options.getItems().map((o) => [o.title, o]));
    for (const [title, value] of Object.entries(input.options ?? {})) {
      const opt = byTitle.get(title);
      const val = opt?.values.getItems().find((x) => x.value === value);
      if (!val) throw Errors.invalidField('options', `Option "${title}" has no value "${value}"`);
      v.options.add(val);
    }
    if (p.options.length && v.options.length !== p.options.length) {
      throw Errors.invalidField('options', `Variant "${input.title}" must choose a value for each option (${[...byTitle.keys()].join(', ')})`);
    }
    this.setPrices(em, tenantId, v, input.prices ?? []);
    em.create(InventoryLevel, { tenantId, variant: v, stockedQuantity: input.inventory_quantity ?? 0 } as never);
    return v;
  }

  /** A region-specific price must name a region of this tenant (the tenant filter hides all others). */
  private async checkPriceRegions(em: Em, prices: PriceInput[]): Promise<void> {
    const ids = [...new Set(prices.map((pr) => pr.region_id).filter((id): id is string => !!id))];
    if (ids.length && (await em.count(Region, { id: { $in: ids } })) !== ids.length) {
      throw Errors.invalidField('region_id', 'Some price regions do not exist');
    }
  }

  private setPrices(em: Em, tenantId: string, v: ProductVariant, prices: PriceInput[]): void {
    const seen = new Set<string>();
    for (const pr of prices) {
      const key = `${pr.currency_code}|${pr.region_id ?? ''}|${pr.min_quantity ?? ''}`;
      if (seen.has(key)) throw Errors.invalidField('prices', `Two prices for ${pr.currency_code}${pr.region_id ? ` in ${pr.region_id}` : ''}`);
      seen.add(key);
      em.create(Price, {
        tenantId,
        variant: v,
        currencyCode: pr.currency_code,
        amount: fromScaled(toScaled(pr.amount)),
        regionId: pr.region_id ?? null,
        minQuantity: pr.min_quantity ?? null,
        maxQuantity: pr.max_quantity ?? null,
      } as never);
    }
  }

  private async done(ctx: RequestContext, id: string): Promise<ProductView> {
    // committed: drop what this instance cached before the trigger's NOTIFY arrives, then read through the model
    this.read.forget(requireTenant(ctx), id);
    return this.read.getAny(requireTenant(ctx), id);
  }

  async createProduct(ctx: RequestContext, input: CreateProductInput): Promise<ProductView> {
    const tenantId = requireTenant(ctx);
    const id = await emFor(this.orm, ctx).transactional(async (em) => {
      const p = em.create(Product, { tenantId, title: input.title, handle: input.handle ?? slugify(input.title) } as never);
      await this.applyProductFields(em, tenantId, p, input);
      if (!input.status) p.status = 'draft';
      await this.checkPriceRegions(em, (input.variants ?? []).flatMap((v) => v.prices ?? []));
      (input.options ?? []).forEach((o, i) => {
        if (new Set(o.values).size !== o.values.length || !o.values.length) throw Errors.invalidField('options', `Option "${o.title}" needs distinct values`);
        const opt = em.create(ProductOption, { tenantId, product: p, title: o.title, rank: i } as never);
        o.values.forEach((value, j) => opt.values.add(em.create(ProductOptionValue, { tenantId, option: opt, value, rank: j } as never)));
        p.options.add(opt);
      });
      (input.variants ?? []).forEach((v, i) => this.addVariant(em, tenantId, p, v, i));
      (input.images ?? []).forEach((url, i) => em.create(ProductImage, { tenantId, product: p, url, rank: i } as never));
      if (!p.thumbnail && input.images?.length) p.thumbnail = input.images[0];
      catalogEvents.emit(em, ctx, 'product.created', { id: p.id, handle: p.handle });
      return p.id;
    });
    return this.done(ctx, id);
  }

  async updateProduct(ctx: RequestContext, id: string, input: UpdateProductInput): Promise<ProductView> {
    const tenantId = requireTenant(ctx);
    await emFor(this.orm, ctx).transactional(async (em) => {
      const p = await this.product(em, id);
      await this.applyProductFields(em, tenantId, p, input);
      catalogEvents.emit(em, ctx, 'product.updated', { id });
    });
    return this.done(ctx, id);
  }

  async createVariant(ctx: RequestContext, productId: string, input: VariantInput): Promise<ProductView> {
    const tenantId = requireTenant(ctx);
    await emFor(this.orm, ctx).transactional(async (em) => {
      const p = await this.product(em, productId);
      await this.checkPriceRegions(em, input.prices ?? []);
      const rank = await em.count(ProductVariant, { product: p });
      this.addVariant(em, tenantId, p, input, rank);
      p.updatedAt = new Date();
      catalogEvents.emit(em, ctx, 'product.updated', { id: productId });
    });
    return this.done(ctx, productId);
  }

  private async variant(em: Em, id: string): Promise<ProductVariant> {
    const v = await em.findOne(ProductVariant, { id, deletedAt: null }, { populate: ['product'] });
    if (!v) throw Errors.notFound('Variant', id);
    return v;
  }

  async updateVariant(ctx: RequestContext, id: string, input: UpdateVariantInput): Promise<ProductView> {
    const productId = await emFor(this.orm, ctx).transactional(async (em) => {
      const v = await this.variant(em, id);
      if (input.title !== undefined) v.title = input.title;
      if (input.sku !== undefined) v.sku = input.sku;
      if (input.barcode !== undefined) v.barcode = input.barcode;
      if (input.manage_inventory !== undefined) v.manageInventory = input.manage_inventory;
      if (input.allow_backorder !== undefined) v.allowBackorder = input.allow_backorder;
      if (input.weight !== undefined) v.weight = input.weight;
      if (input.metadata !== undefined) v.metadata = input.metadata;
      v.updatedAt = new Date();
      catalogEvents.emit(em, ctx, 'product.updated', { id: v.product.id });
      return v.product.id;
    });
    return this.done(ctx, productId);
  }

  /** Replaces all prices of a variant. */
  async setPricesOf(ctx: RequestContext, variantId: string, prices: PriceInput[]): Promise<ProductView> {
    const tenantId = requireTenant(ctx);
    const productId = await emFor(this.orm, ctx).transactional(async (em) => {
      const v = await this.variant(em, variantId);
      await this.checkPriceRegions(em, prices);
      await em.nativeDelete(Price, { variant: v });
      this.setPrices(em, tenantId, v, prices);
      v.updatedAt = new Date();
      catalogEvents.emit(em, ctx, 'product.updated', { id: v.product.id });
      return v.product.id;
    });
    return this.done(ctx, productId);
  }

  async setInventory(ctx: RequestContext, variantId: string, stocked: number): Promise<ProductView> {
    const tenantId = requireTenant(ctx);
    if (!Number.isInteger(stocked) || stocked < 0) throw Errors.invalidField('stocked_quantity', 'stocked_quantity must be a non-negative integer');
    const productId = await emFor(this.orm, ctx).transactional(async (em) => {
      const v = await this.variant(em, variantId);
      const level = (await em.findOne(InventoryLevel, { variant: v })) ?? em.create(InventoryLevel, { tenantId, variant: v } as never);
      if (stocked < level.reservedQuantity) {
        throw new DomainError('conflict', 'insufficient_inventory', `${level.reservedQuantity} units are reserved; stock cannot go below that`);
      }
      level.stockedQuantity = stocked;
      level.updatedAt = new Date();
      catalogEvents.emit(em, ctx, 'inventory.updated', { variant_id: variantId, product_id: v.product.id, stocked_quantity: stocked });
      return v.product.id;
    });
    return this.done(ctx, productId);
  }

  async createRegion(ctx: RequestContext, input: RegionInput): Promise<RegionView> {
    const tenantId = requireTenant(ctx);
    const id = await emFor(this.orm, ctx).transactional(async (em) => {
      const r = em.create(Region, { tenantId, name: input.name, currencyCode: input.currency_code } as never);
      for (const code of input.countries ?? []) {
        const c = COUNTRIES[code.toLowerCase()];
        if (!c) throw Errors.invalidField('countries', `Unknown country code ${code}`);
        em.create(RegionCountry, { tenantId, region: r, iso2: code.toLowerCase(), iso3: c[0], numCode: c[1], name: c[2].toUpperCase(), displayName: c[2] } as never);
      }
      catalogEvents.emit(em, ctx, 'region.created', { id: r.id });
      return r.id;
    });
    this.read.forget(tenantId);
    return this.read.region(ctx, id);
  }

  async createCollection(ctx: RequestContext, input: CollectionInput): Promise<string> {
    const tenantId = requireTenant(ctx);
    const id = await emFor(this.orm, ctx).transactional(async (em) => {
      const c = em.create(ProductCollection, { tenantId, title: input.title, handle: input.handle ?? slugify(input.title) } as never);
      catalogEvents.emit(em, ctx, 'collection.created', { id: c.id, handle: c.handle });
      return c.id;
    });
    this.read.forget(tenantId);
    return id;
  }

  async createCategory(ctx: RequestContext, input: CategoryInput): Promise<string> {
    const tenantId = requireTenant(ctx);
    const id = await emFor(this.orm, ctx).transactional(async (em) => {
      const parent = input.parent_category_id ? await em.findOne(ProductCategory, { id: input.parent_category_id }) : null;
      if (input.parent_category_id && !parent) throw Errors.invalidField('parent_category_id', 'Parent category does not exist');
      const c = em.create(ProductCategory, {
        tenantId,
        name: input.name,
        handle: input.handle ?? slugify(input.name),
        description: input.description ?? '',
        parent,
        rank: input.rank ?? 0,
      } as never);
      catalogEvents.emit(em, ctx, 'category.created', { id: c.id, handle: c.handle });
      return c.id;
    });
    this.read.forget(tenantId);
    return id;
  }
}
