import { overlaid, TranslationOverlay, type FieldOverrides, type RequestContext } from '@svc/kit';
import type { CategoryView, CollectionView, ProductView, VariantView } from './views';

const PRODUCT_FIELDS = ['title', 'subtitle', 'description', 'material'] as const;
const VARIANT_FIELDS = ['title'] as const;
const COLLECTION_FIELDS = ['title'] as const;
const CATEGORY_FIELDS = ['name', 'description'] as const;

type Keys = Record<string, string[]>;

/**
 * The catalog's storefront answers in the request's locale: the translation overrides the
 * localization domain holds (through the supergraph, cached per tenant in TranslationOverlay) are
 * laid over copies of the cached documents, so the catalog cache stays one per tenant whatever
 * the locale. Only storefront reads (a publishable key) are translated: admins edit the text the
 * resources hold.
 */
export class CatalogTranslator {
  constructor(readonly overlay: TranslationOverlay) {}

  private wanted(ctx: RequestContext): boolean {
    return ctx.publishableKey && !!ctx.locale;
  }

  private async lookup(ctx: RequestContext, keys: Keys): Promise<Map<string, FieldOverrides> | null> {
    if (!this.wanted(ctx)) return null;
    const found = await this.overlay.lookup(ctx, keys);
    return found.size ? found : null;
  }

  async products<T extends ProductView>(ctx: RequestContext, docs: T[]): Promise<T[]> {
    if (!this.wanted(ctx) || !docs.length) return docs;
    const keys: Keys = { product: [], product_variant: [], product_collection: [], product_category: [] };
    for (const d of docs) {
      keys.product.push(d.id);
      for (const v of d.variants ?? []) keys.product_variant.push(v.id);
      if (d.collection) keys.product_collection.push(d.collection.id);
      for (const c of d.categories ?? []) keys.product_category.push(c.id);
    }
    const o = await this.lookup(ctx, keys);
    return o ? docs.map((d) => translatedProduct(d, o)) : docs;
  }

  async product<T extends ProductView>(ctx: RequestContext, doc: T): Promise<T> {
    return (await this.products(ctx, [doc]))[0];
  }

  /** Variants listed on their own (each with a summary of its product). */
  async variants<T extends VariantView & { product: Record<string, unknown> & { id: string } }>(ctx: RequestContext, items: T[]): Promise<T[]> {
    if (!this.wanted(ctx) || !items.length) return items;
    const o = await this.lookup(ctx, { product_variant: items.map((v) => v.id), product: items.map((v) => v.product.id) });
    if (!o) return items;
    return items.map((v) => ({
      ...overlaid(v, o.get(`product_variant|${v.id}`), VARIANT_FIELDS),
      product: overlaid(v.product, o.get(`product|${v.product.id}`), PRODUCT_FIELDS),
    }));
  }

  async collections<T extends CollectionView>(ctx: RequestContext, items: T[]): Promise<T[]> {
    const o = items.length ? await this.lookup(ctx, { product_collection: items.map((c) => c.id) }) : null;
    return o ? items.map((c) => overlaid(c, o.get(`product_collection|${c.id}`), COLLECTION_FIELDS)) : items;
  }

  /** Categories with their parents and children (all translated). */
  async categories(ctx: RequestContext, items: CategoryView[]): Promise<CategoryView[]> {
    if (!this.wanted(ctx) || !items.length) return items;
    const ids: string[] = [];
    const collect = (c: CategoryView | null | undefined, depth: number) => {
      if (!c || depth > 12) return;
      ids.push(c.id);
      collect(c.parent_category, depth + 1);
      for (const child of c.category_children ?? []) collect(child, depth + 1);
    };
    for (const c of items) collect(c, 0);
    const o = await this.lookup(ctx, { product_category: ids });
    return o ? items.map((c) => translatedCategory(c, o, 0)) : items;
  }
}

function translatedCategory(c: CategoryView, o: Map<string, FieldOverrides>, depth: number): CategoryView {
  if (depth > 12) return c;
  const out = overlaid(c, o.get(`product_category|${c.id}`), CATEGORY_FIELDS);
  const parent = c.parent_category ? translatedCategory(c.parent_category, o, depth + 1) : c.parent_category;
  const children = c.category_children?.map((x) => translatedCategory(x, o, depth + 1));
  if (parent === c.parent_category && (!children || children.every((x, i) => x === c.category_children![i]))) return out;
  return { ...out, ...(c.parent_category !== undefined ? { parent_category: parent } : {}), ...(children ? { category_children: children } : {}) };
}

function translatedProduct<T extends ProductView>(d: T, o: Map<string, FieldOverrides>): T {
  const out = { ...overlaid(d, o.get(`product|${d.id}`), PRODUCT_FIELDS) };
  if (d.variants) out.variants = d.variants.map((v) => overlaid(v, o.get(`product_variant|${v.id}`), VARIANT_FIELDS));
  if (d.collection) out.collection = overlaid(d.collection, o.get(`product_collection|${d.collection.id}`), COLLECTION_FIELDS);
  if (d.categories) out.categories = d.categories.map((c) => overlaid(c, o.get(`product_category|${c.id}`), CATEGORY_FIELDS));
  return out;
}
