import { Errors, loaderFor, normalizePage, pgArray, requireTenant, type Paginated, type RequestContext, type Row, type Store } from '@svc/kit';
import { ProductTemplate } from '../entities/product-template.entity';
import { catalogEvents } from '../events';
import type { CreateTemplateData, TemplateListQuery, UpdateTemplateData } from '../inputs/product-template.input';
import { isoNN, type TemplateView } from './views';

const ORDER: Record<string, string> = {
  name: 'name asc, id asc',
  '-name': 'name desc, id desc',
  created_at: 'created_at asc, id asc',
  '-created_at': 'created_at desc, id desc',
};

const duplicateName = (name: string) => Errors.conflict('duplicate', `A product template named "${name}" already exists`);

/** Product templates: what the admin product editor starts a new product from (names unique per tenant). */
export class ProductTemplateService {
  constructor(private readonly store: Store) {}

  async list(ctx: RequestContext, a: TemplateListQuery): Promise<Paginated<TemplateView>> {
    const tenantId = requireTenant(ctx);
    const page = normalizePage(a, 20);
    const order = ORDER[a.order ?? 'name'];
    if (!order) throw Errors.invalidField('order', `order must be one of ${Object.keys(ORDER).join(', ')}`);
    const t = this.store.table('product_template');
    const [rows, [c]] = await Promise.all([
      this.store.sql(null, `select * from ${t} where tenant_id = ? order by ${order} limit ? offset ?`, [tenantId, page.limit, page.offset]),
      this.store.sql<{ n: number }>(null, `select count(*)::int as n from ${t} where tenant_id = ?`, [tenantId]),
    ]);
    return { items: rows.map(templateRowView), count: c.n, ...page };
  }

  async get(ctx: RequestContext, id: string): Promise<TemplateView> {
    const [row] = await this.store.sql(ctx, `select * from ${this.store.table('product_template')} where tenant_id = ? and id = ?`, [requireTenant(ctx), id]);
    if (!row) throw Errors.notFound('Product template', id);
    return templateRowView(row);
  }

  /** Federation reference (the tenant's only), batched per request. */
  byId(ctx: RequestContext, id: string): Promise<TemplateView | null> {
    return loaderFor<string, TemplateView>(ctx, 'catalog.template', async (ids) => {
      const rows = await this.store.sql(null, `select * from ${this.store.table('product_template')} where tenant_id = ? and id = any(?::text[])`, [
        requireTenant(ctx),
        pgArray(ids),
      ]);
      return new Map(rows.map((r) => [r.id as string, templateRowView(r)]));
    }).load(id);
  }

  async create(ctx: RequestContext, input: CreateTemplateData): Promise<TemplateView> {
    const tenantId = requireTenant(ctx);
    const id = await this.unique(input.name, () =>
      this.store.transaction(ctx, async (em, tx) => {
        if (await em.count(ProductTemplate, { name: input.name })) throw duplicateName(input.name);
        const t = em.create(ProductTemplate, {
          tenantId,
          name: input.name,
          description: input.description ?? null,
          options: input.options ?? [],
          attributes: input.attributes ?? {},
          defaultStatus: input.default_status ?? 'draft',
        } as never);
        catalogEvents.emit(em, tx, 'product_template.created', { id: t.id, name: t.name });
        return t.id;
      }),
    );
    return this.get(ctx, id);
  }

  async update(ctx: RequestContext, id: string, input: UpdateTemplateData): Promise<TemplateView> {
    await this.unique(input.name ?? '', () =>
      this.store.transaction(ctx, async (em, tx) => {
        const t = await em.findOne(ProductTemplate, { id });
        if (!t) throw Errors.notFound('Product template', id);
        if (input.name !== undefined && input.name !== t.name) {
          if (await em.count(ProductTemplate, { name: input.name })) throw duplicateName(input.name);
          t.name = input.name;
        }
        if (input.description !== undefined) t.description = input.description;
        if (input.options !== undefined) t.options = input.options;
        if (input.attributes !== undefined) t.attributes = input.attributes ?? {};
        if (input.default_status !== undefined) t.defaultStatus = input.default_status;
        t.updatedAt = new Date();
        catalogEvents.emit(em, tx, 'product_template.updated', { id });
      }),
    );
    return this.get(ctx, id);
  }

  async delete(ctx: RequestContext, id: string): Promise<{ id: string; object: string; deleted: boolean }> {
    await this.store.transaction(ctx, async (em, tx) => {
      const t = await em.findOne(ProductTemplate, { id });
      if (!t) throw Errors.notFound('Product template', id);
      em.remove(t);
      catalogEvents.emit(em, tx, 'product_template.deleted', { id });
    });
    return { id, object: 'product_template', deleted: true };
  }

  /** Demo content (inside the seed's unit of work of the tenant). */
  async seed(ctx: RequestContext, templates: CreateTemplateData[]): Promise<void> {
    for (const t of templates) await this.create(ctx, t);
  }

  /** two concurrent writes of one name: the unique constraint decides, answered as the same 409 */
  private async unique<T>(name: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if ((err as { code?: string }).code === '23505') throw duplicateName(name);
      throw err;
    }
  }
}

function templateRowView(r: Row): TemplateView {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    options: r.options ?? [],
    attributes: r.attributes ?? {},
    default_status: r.default_status,
    created_at: isoNN(r.created_at),
    updated_at: isoNN(r.updated_at),
  };
}
