import type { EntityManager, QueryOrderMap } from '@mikro-orm/core';
import { Errors, containsPattern, loaderFor, normalizePage, requireTenant, slugify, type Paginated, type RequestContext, type Store } from '@svc/kit';
import { WebhooksItem } from '../entities/webhooks-item.entity';
import { webhooksEvents } from '../events';
import type { CreateWebhooksItemData, WebhooksItemListQuery, WebhooksItemOrder, UpdateWebhooksItemData } from '../inputs/webhooks-item.input';
import { toWebhooksItemView, type WebhooksItemView } from './views';

/** `order` field -> entity property */
const ORDER_PROPS = { created_at: 'createdAt', updated_at: 'updatedAt', title: 'title', handle: 'handle' } as const;

function orderBy(order: WebhooksItemOrder = '-created_at'): QueryOrderMap<WebhooksItem> {
  const dir = order.startsWith('-') ? 'desc' : 'asc';
  const by: QueryOrderMap<WebhooksItem> = {};
  by[ORDER_PROPS[order.replace(/^-/, '') as keyof typeof ORDER_PROPS]] = dir;
  by.id = dir; // ties: ids are ULIDs, sortable by creation
  return by;
}

/**
 * Webhooks items: the example aggregate of webhooks. Reads go through the tenant-scoped
 * EntityManager (`store.em(ctx)`); writes run in the request's unit of work and emit their events
 * in it. Every method returns plain views.
 */
export class WebhooksItemService {
  constructor(private readonly store: Store) {}

  /** The tenant's items, newest first unless `order` says otherwise; `q` searches titles. */
  async list(ctx: RequestContext, a: WebhooksItemListQuery): Promise<Paginated<WebhooksItemView>> {
    const page = normalizePage(a, 20);
    const where = {
      ...(a.q ? { title: { $ilike: containsPattern(a.q) } } : {}),
      ...(a.id?.length ? { id: { $in: a.id } } : {}),
      ...(a.handle?.length ? { handle: { $in: a.handle } } : {}),
    };
    const em = this.store.em(ctx);
    // limit=0 asks for the count alone
    const [rows, count]: [WebhooksItem[], number] =
      page.limit > 0 ? await em.findAndCount(WebhooksItem, where, { orderBy: orderBy(a.order), limit: page.limit, offset: page.offset }) : [[], await em.count(WebhooksItem, where)];
    return { items: rows.map(toWebhooksItemView), count, ...page };
  }

  /** One item by id or handle (they cannot collide: ids hold `_`, handles cannot); 404 otherwise. */
  async get(ctx: RequestContext, idOrHandle: string): Promise<WebhooksItemView> {
    const item = await this.store.em(ctx).findOne(WebhooksItem, { $or: [{ id: idOrHandle }, { handle: idOrHandle }] });
    if (!item) throw Errors.notFound('Webhooks item', idOrHandle);
    return toWebhooksItemView(item);
  }

  /** A new item (handle made from the title when absent); `webhooks_item.created` in the same transaction. */
  async create(ctx: RequestContext, input: CreateWebhooksItemData): Promise<WebhooksItemView> {
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (em, tx) => {
      const handle = input.handle ?? slugify(input.title);
      await this.assertHandleFree(em, handle);
      const item = em.create(WebhooksItem, {
        tenantId,
        title: input.title,
        handle,
        description: input.description ?? null,
        metadata: input.metadata ?? null,
      });
      webhooksEvents.emit(em, tx, 'webhooks_item.created', { id: item.id, handle });
      return toWebhooksItemView(item);
    });
  }

  /** Changes the fields given; `webhooks_item.updated` names them (no event when nothing changed). */
  async update(ctx: RequestContext, id: string, input: UpdateWebhooksItemData): Promise<WebhooksItemView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const item = await em.findOne(WebhooksItem, { id });
      if (!item) throw Errors.notFound('Webhooks item', id);
      const fields: string[] = [];
      if (input.title !== undefined && input.title !== item.title) {
        item.title = input.title;
        fields.push('title');
      }
      if (input.handle !== undefined && input.handle !== item.handle) {
        await this.assertHandleFree(em, input.handle);
        item.handle = input.handle;
        fields.push('handle');
      }
      if (input.description !== undefined) {
        item.description = input.description;
        fields.push('description');
      }
      if (input.metadata !== undefined) {
        item.metadata = input.metadata;
        fields.push('metadata');
      }
      if (fields.length) {
        webhooksEvents.emit(em, tx, 'webhooks_item.updated', { id: item.id, fields });
        await em.flush(); // sets updatedAt (onUpdate), so the view shows what is stored
      }
      return toWebhooksItemView(item);
    });
  }

  /** Federation reference: the tenant's items, one query per request for all ids asked (null when absent). */
  byId(ctx: RequestContext, id: string): Promise<WebhooksItemView | null> {
    return loaderFor<string, WebhooksItemView>(ctx, 'webhooks.item', async (ids) => {
      const rows = await this.store.em(ctx).find(WebhooksItem, { id: { $in: [...ids] } });
      return new Map(rows.map((r) => [r.id, toWebhooksItemView(r)]));
    }).load(id);
  }

  /** A clear 409 before the unique constraint (tenant, handle) would refuse the insert. */
  private async assertHandleFree(em: EntityManager, handle: string): Promise<void> {
    if (await em.count(WebhooksItem, { handle })) {
      throw Errors.conflict('duplicate', `A webhooks item with handle "${handle}" already exists`);
    }
  }
}
