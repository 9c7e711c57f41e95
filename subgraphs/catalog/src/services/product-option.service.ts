import { DomainError, Errors, pgArray, requireTenant, type RequestContext, type Store } from '@svc/kit';
import type { EntityManager as Em } from '@mikro-orm/core';
import { ProductOption, ProductOptionValue, ProductVariant, type Product } from '../entities/product.entity';
import { catalogEvents } from '../events';
import type { CreateOptionData, UpdateOptionData } from '../inputs/product.input';
import type { ProductService } from './product.service';
import type { ProductView } from './views';

/** as many as createProduct takes */
const MAX_OPTIONS = 10;

/** Values must differ within an option (exactly, as createProduct checks them); 400 otherwise. */
function distinct(values: string[], optionTitle: string): void {
  const seen = new Set<string>();
  for (const v of values) {
    if (seen.has(v)) throw Errors.invalidField('values', `Option "${optionTitle}" has the value "${v}" twice`);
    seen.add(v);
  }
}

/**
 * A product's options and their values, edited after the product was created: added, renamed,
 * values added, renamed, reordered and removed, options removed. Each change is one unit of work
 * under the product's lock (its variants, options and images change one at a time), emits
 * `product.updated` (search and the caches follow) and answers the product. The rule kept
 * throughout: with options, every live variant has one value of each option and no two live
 * variants have the same values.
 */
export class ProductOptionService {
  constructor(
    private readonly store: Store,
    private readonly products: ProductService,
  ) {}

  /**
   * Adds an option to a product. Its live variants take the option's first value, so each still has
   * one value per option (and they stay distinct); edit them afterwards to choose others.
   */
  async create(ctx: RequestContext, productId: string, input: CreateOptionData): Promise<ProductView> {
    const tenantId = requireTenant(ctx);
    const title = input.title.trim();
    const values = input.values.map((v) => v.trim());
    distinct(values, title);
    await this.store.transaction(ctx, async (em, tx) => {
      await this.products.lockProduct(tx, productId);
      const p = await this.products.product(em, productId);
      const options = p.options.getItems();
      if (options.length >= MAX_OPTIONS) throw Errors.conflict('too_many_options', `A product has at most ${MAX_OPTIONS} options`);
      this.checkTitle(options, title, null);
      const opt = em.create(ProductOption, { tenantId, product: p, title, rank: Math.max(-1, ...options.map((o) => o.rank)) + 1 } as never);
      const created = values.map((value, rank) => em.create(ProductOptionValue, { tenantId, option: opt, value, rank } as never));
      for (const v of await em.find(ProductVariant, { product: p, deletedAt: null }, { populate: ['options'] })) v.options.add(created[0]);
      p.updatedAt = new Date();
      catalogEvents.emit(em, tx, 'product.updated', { id: p.id });
    });
    return this.products.written(ctx, productId);
  }

  /**
   * Renames an option and edits its values: `values` lists every value in its new order (an id
   * keeps a value, renamed when its text changed; no id adds one); a value left out is removed,
   * unless a live variant has it (409 option_value_in_use: change or delete those variants first).
   */
  async update(ctx: RequestContext, id: string, input: UpdateOptionData): Promise<ProductView> {
    const tenantId = requireTenant(ctx);
    const productId = await this.store.transaction(ctx, async (em, tx) => {
      const { p, opt } = await this.locked(em, tx, id);
      if (input.title !== undefined) {
        const title = input.title.trim();
        this.checkTitle(p.options.getItems(), title, opt.id);
        opt.title = title;
      }
      if (input.values !== undefined) {
        const listed = input.values.map((v) => ({ id: v.id ?? null, value: v.value.trim() }));
        distinct(
          listed.map((v) => v.value),
          opt.title,
        );
        const existing = new Map(opt.values.getItems().map((v) => [v.id, v]));
        const kept = new Set<string>();
        for (const v of listed) {
          if (!v.id) continue;
          if (!existing.has(v.id)) throw Errors.invalidField('values', `"${v.id}" is not a value of option "${opt.title}"`);
          if (kept.has(v.id)) throw Errors.invalidField('values', `The value ${v.id} is listed twice`);
          kept.add(v.id);
        }
        const removed = [...existing.values()].filter((v) => !kept.has(v.id));
        await this.refuseUsed(tx, removed, opt.title);
        if (removed.length) await em.nativeDelete(ProductOptionValue, { id: { $in: removed.map((v) => v.id) } });
        listed.forEach((v, rank) => {
          if (v.id) {
            const row = existing.get(v.id)!;
            row.value = v.value;
            row.rank = rank;
          } else em.create(ProductOptionValue, { tenantId, option: opt, value: v.value, rank } as never);
        });
      }
      opt.updatedAt = new Date();
      p.updatedAt = new Date();
      catalogEvents.emit(em, tx, 'product.updated', { id: p.id });
      return p.id;
    });
    return this.products.written(ctx, productId);
  }

  /**
   * Removes an option and its values; the live variants lose their value of it. Refused with 409
   * variants_would_collide when two live variants would then have the same values (delete one of
   * them first); without options left, variants need no values at all.
   */
  async delete(ctx: RequestContext, id: string): Promise<ProductView> {
    const productId = await this.store.transaction(ctx, async (em, tx) => {
      const { p, opt } = await this.locked(em, tx, id);
      if (p.options.length > 1) {
        const rows = await this.store.sql<{ title: string; combo: string }>(
          tx,
          `select v.title, coalesce(string_agg(l.option_value_id, ',' order by l.option_value_id) filter (where ov.option_id <> ?), '') as combo
             from ${this.store.table('product_variant')} v
             left join ${this.store.table('variant_option_value')} l on l.variant_id = v.id
             left join ${this.store.table('product_option_value')} ov on ov.id = l.option_value_id
            where v.tenant_id = ? and v.product_id = ? and v.deleted_at is null
            group by v.id, v.title order by v.variant_rank, v.id`,
          [opt.id, requireTenant(tx), p.id],
        );
        const seen = new Map<string, string>();
        for (const r of rows) {
          const twin = seen.get(r.combo);
          if (twin !== undefined)
            throw Errors.conflict(
              'variants_would_collide',
              `Without option "${opt.title}" the variants "${twin}" and "${r.title}" would have the same values; delete or change one of them first`,
            );
          seen.set(r.combo, r.title);
        }
      }
      // its values and their links to variants go with it (foreign keys cascade)
      await em.nativeDelete(ProductOption, { id: opt.id });
      p.options
        .getItems()
        .filter((o) => o.id !== opt.id)
        .sort((a, b) => a.rank - b.rank || a.id.localeCompare(b.id))
        .forEach((o, rank) => (o.rank = rank));
      p.updatedAt = new Date();
      catalogEvents.emit(em, tx, 'product.updated', { id: p.id });
      return p.id;
    });
    return this.products.written(ctx, productId);
  }

  /** The option's live product, locked, with the option; another store's or a removed option is 404. */
  private async locked(em: Em, tx: RequestContext, id: string): Promise<{ p: Product; opt: ProductOption }> {
    const [row] = await this.store.sql<{ product_id: string }>(
      tx,
      `select product_id from ${this.store.table('product_option')} where tenant_id = ? and id = ?`,
      [requireTenant(tx), id],
    );
    if (!row) throw Errors.notFound('Product option', id);
    await this.products.lockProduct(tx, row.product_id);
    const p = await this.products.product(em, row.product_id).catch((err: unknown) => {
      throw err instanceof DomainError && err.type === 'not_found' ? Errors.notFound('Product option', id) : err;
    });
    const opt = p.options.getItems().find((o) => o.id === id);
    if (!opt) throw Errors.notFound('Product option', id);
    return { p, opt };
  }

  /** Option titles differ on a product (case aside: variants name options by title); 409 duplicate otherwise. */
  private checkTitle(options: ProductOption[], title: string, exceptId: string | null): void {
    if (options.some((o) => o.id !== exceptId && o.title.toLowerCase() === title.toLowerCase())) {
      throw Errors.conflict('duplicate', `The product already has an option "${title}"`);
    }
  }

  /** 409 option_value_in_use when a live variant has one of these values. */
  private async refuseUsed(tx: RequestContext, values: ProductOptionValue[], optionTitle: string): Promise<void> {
    if (!values.length) return;
    const used = await this.store.sql<{ value: string; n: number }>(
      tx,
      `select ov.value, count(*)::int as n from ${this.store.table('variant_option_value')} l
         join ${this.store.table('product_variant')} v on v.id = l.variant_id and v.deleted_at is null
         join ${this.store.table('product_option_value')} ov on ov.id = l.option_value_id
        where v.tenant_id = ? and l.option_value_id = any(?::text[]) group by ov.value order by ov.value`,
      [requireTenant(tx), pgArray(values.map((v) => v.id))],
    );
    if (used.length) {
      const named = used.map((u) => `"${u.value}" (${u.n} variant${u.n === 1 ? '' : 's'})`).join(', ');
      throw Errors.conflict('option_value_in_use', `${optionTitle} ${named} cannot be removed while variants have it; change or delete those variants first`);
    }
  }
}
