import { Errors, pgArray, requireTenant, type RequestContext, type Store } from '@svc/kit';
import { SalesChannel } from '../entities/taxonomy.entity';
import { catalogEvents } from '../events';

/**
 * The channels a storefront read is scoped to: the publishable key's (none: no scope), narrowed by
 * a `sales_channel_id` filter the client sends (outside the key's channels it matches nothing).
 */
export function channelScope(ctx: RequestContext, asked?: string[]): string[] | undefined {
  const own = ctx.salesChannelIds;
  if (!asked?.length) return own?.length ? own : undefined;
  if (!own?.length) return asked;
  const both = asked.filter((c) => own.includes(c));
  return both.length ? both : ['__none__'];
}

interface SalesChannelView {
  id: string;
  name: string;
  description: string | null;
  is_disabled: boolean;
  metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
}

const view = (c: SalesChannel): SalesChannelView => ({
  id: c.id,
  name: c.name,
  description: c.description,
  is_disabled: c.isDisabled,
  metadata: c.metadata,
  created_at: c.createdAt.toISOString(),
  updated_at: c.updatedAt.toISOString(),
});

/** Sales channels and which products are sold in them (admin); storefront reads are scoped by the key's channels. */
export class SalesChannelService {
  constructor(private readonly store: Store) {}

  async list(ctx: RequestContext): Promise<SalesChannelView[]> {
    return (await this.store.em(ctx).find(SalesChannel, {}, { orderBy: { createdAt: 'asc', id: 'asc' } })).map(view);
  }

  async create(ctx: RequestContext, input: { name: string; description?: string | null; is_disabled?: boolean | null }): Promise<SalesChannelView> {
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (em, tx) => {
      const c = em.create(SalesChannel, {
        tenantId,
        name: input.name,
        description: input.description ?? null,
        isDisabled: input.is_disabled ?? false,
      } as never);
      catalogEvents.emit(em, tx, 'sales_channel.created', { id: c.id });
      return view(c);
    });
  }

  async update(
    ctx: RequestContext,
    id: string,
    input: { name?: string | null; description?: string | null; is_disabled?: boolean | null },
  ): Promise<SalesChannelView> {
    return this.store.transaction(ctx, async (em) => {
      const c = await em.findOne(SalesChannel, { id });
      if (!c) throw Errors.notFound('Sales channel', id);
      if (input.name) c.name = input.name;
      if (input.description !== undefined) c.description = input.description ?? null;
      if (input.is_disabled !== undefined && input.is_disabled !== null) c.isDisabled = input.is_disabled;
      await em.flush();
      return view(c);
    });
  }

  /** Puts products into a channel and takes others out (the tenant's products only). */
  async setProducts(ctx: RequestContext, id: string, add: string[], remove: string[]): Promise<SalesChannelView> {
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (em, tx) => {
      const c = await em.findOne(SalesChannel, { id });
      if (!c) throw Errors.notFound('Sales channel', id);
      if (add.length) {
        const rows = await this.store.sql<{ id: string }>(tx, `select id from ${this.store.table('product')} where tenant_id = ? and id = any(?::text[])`, [
          tenantId,
          pgArray(add),
        ]);
        if (rows.length !== new Set(add).size) throw Errors.invalidField('add', 'add lists products this store does not have');
        await this.store.sql(
          tx,
          `insert into ${this.store.table('product_sales_channel')} (product_id, sales_channel_id) select unnest(?::text[]), ? on conflict do nothing`,
          [pgArray(add), id],
        );
      }
      if (remove.length) {
        await this.store.sql(tx, `delete from ${this.store.table('product_sales_channel')} where sales_channel_id = ? and product_id = any(?::text[])`, [
          id,
          pgArray(remove),
        ]);
      }
      return view(c);
    });
  }

  /** Every product of the tenant into a channel (the demo seed's default channel). */
  async addAllProducts(ctx: RequestContext, id: string): Promise<void> {
    const tenantId = requireTenant(ctx);
    await this.store.transaction(ctx, async (_em, tx) => {
      await this.store.sql(
        tx,
        `insert into ${this.store.table('product_sales_channel')} (product_id, sales_channel_id) select id, ? from ${this.store.table('product')} where tenant_id = ? on conflict do nothing`,
        [id, tenantId],
      );
    });
  }
}
