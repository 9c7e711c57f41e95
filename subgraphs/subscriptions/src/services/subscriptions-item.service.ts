import type { EntityManager, QueryOrderMap } from '@mikro-orm/core';
import { Errors, containsPattern, loaderFor, normalizePage, requireTenant, slugify, type Paginated, type RequestContext, type Store } from '@svc/kit';
import { SubscriptionsItem } from '../entities/subscriptions-item.entity';
import { subscriptionsEvents } from '../events';
import type {
  CreateSubscriptionsItemData,
  SubscriptionsItemListQuery,
  SubscriptionsItemOrder,
  UpdateSubscriptionsItemData,
} from '../inputs/subscriptions-item.input';
import { toSubscriptionsItemView, type SubscriptionsItemView } from './views';

/** `order` field -> entity property */
const ORDER_PROPS = { created_at: 'createdAt', updated_at: 'updatedAt', title: 'title', handle: 'handle' } as const;

function orderBy(order: SubscriptionsItemOrder = '-created_at'): QueryOrderMap<SubscriptionsItem> {
  const dir = order.startsWith('-') ? 'desc' : 'asc';
  const by: QueryOrderMap<SubscriptionsItem> = {};
  by[ORDER_PROPS[order.replace(/^-/, '') as keyof typeof ORDER_PROPS]] = dir;
  by.id = dir; // ties: ids are ULIDs, sortable by creation
  return by;
}

/**
 * Subscriptions items: the example aggregate of subscriptions. Reads go through the tenant-scoped
 * EntityManager (`store.em(ctx)`); writes run in the request's unit of work and emit their events
 * in it. Every method returns plain views.
 */
export class SubscriptionsItemService {
  constructor(private readonly store: Store) {}

  /** The tenant's items, newest first unless `order` says otherwise; `q` searches titles. */
  async list(ctx: RequestContext, a: SubscriptionsItemListQuery): Promise<Paginated<SubscriptionsItemView>> {
    const page = normalizePage(a, 20);
    const where = {
      ...(a.q ? { title: { $ilike: containsPattern(a.q) } } : {}),
      ...(a.id?.length ? { id: { $in: a.id } } : {}),
      ...(a.handle?.length ? { handle: { $in: a.handle } } : {}),
    };
    const em = this.store.em(ctx);
    // limit=0 asks for the count alone
    const [rows, count]: [SubscriptionsItem[], number] =
      page.limit > 0
        ? await em.findAndCount(SubscriptionsItem, where, { orderBy: orderBy(a.order), limit: page.limit, offset: page.offset })
        : [[], await em.count(SubscriptionsItem, where)];
    return { items: rows.map(toSubscriptionsItemView), count, ...page };
  }

  /** One item by id or handle (they cannot collide: ids hold `_`, handles cannot); 404 otherwise. */
  async get(ctx: RequestContext, idOrHandle: string): Promise<SubscriptionsItemView> {
    const item = await this.store.em(ctx).findOne(SubscriptionsItem, { $or: [{ id: idOrHandle }, { handle: idOrHandle }] });
    if (!item) throw Errors.notFound('Subscriptions item', idOrHandle);
    return toSubscriptionsItemView(item);
  }

  /** A new item (handle made from the title when absent); `subscriptions_item.created` in the same transaction. */
  async create(ctx: RequestContext, input: CreateSubscriptionsItemData): Promise<SubscriptionsItemView> {
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (em, tx) => {
      const handle = input.handle ?? slugify(input.title);
      await this.assertHandleFree(em, handle);
      const item = em.create(SubscriptionsItem, {
        tenantId,
        title: input.title,
        handle,
        description: input.description ?? null,
        metadata: input.metadata ?? null,
      });
      subscriptionsEvents.emit(em, tx, 'subscriptions_item.created', { id: item.id, handle });
      return toSubscriptionsItemView(item);
    });
  }

  /** Changes the fields given; `subscriptions_item.updated` names them (no event when nothing changed). */
  async update(ctx: RequestContext, id: string, input: UpdateSubscriptionsItemData): Promise<SubscriptionsItemView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const item = await em.findOne(SubscriptionsItem, { id });
      if (!item) throw Errors.notFound('Subscriptions item', id);
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
        subscriptionsEvents.emit(em, tx, 'subscriptions_item.updated', { id: item.id, fields });
        await em.flush(); // sets updatedAt (onUpdate), so the view shows what is stored
      }
      return toSubscriptionsItemView(item);
    });
  }

  /** Federation reference: the tenant's items, one query per request for all ids asked (null when absent). */
  byId(ctx: RequestContext, id: string): Promise<SubscriptionsItemView | null> {
    return loaderFor<string, SubscriptionsItemView>(ctx, 'subscriptions.item', async (ids) => {
      const rows = await this.store.em(ctx).find(SubscriptionsItem, { id: { $in: [...ids] } });
      return new Map(rows.map((r) => [r.id, toSubscriptionsItemView(r)]));
    }).load(id);
  }

  /** A clear 409 before the unique constraint (tenant, handle) would refuse the insert. */
  private async assertHandleFree(em: EntityManager, handle: string): Promise<void> {
    if (await em.count(SubscriptionsItem, { handle })) {
      throw Errors.conflict('duplicate', `A subscriptions item with handle "${handle}" already exists`);
    }
  }
}
