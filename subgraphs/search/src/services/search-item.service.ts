import type { EntityManager, QueryOrderMap } from '@mikro-orm/core';
import { Errors, containsPattern, loaderFor, normalizePage, requireTenant, slugify, type Paginated, type RequestContext, type Store } from '@svc/kit';
import { SearchItem } from '../entities/search-item.entity';
import { searchEvents } from '../events';
import type { CreateSearchItemData, SearchItemListQuery, SearchItemOrder, UpdateSearchItemData } from '../inputs/search-item.input';
import { toSearchItemView, type SearchItemView } from './views';

/** `order` field -> entity property */
const ORDER_PROPS = { created_at: 'createdAt', updated_at: 'updatedAt', title: 'title', handle: 'handle' } as const;

function orderBy(order: SearchItemOrder = '-created_at'): QueryOrderMap<SearchItem> {
  const dir = order.startsWith('-') ? 'desc' : 'asc';
  const by: QueryOrderMap<SearchItem> = {};
  by[ORDER_PROPS[order.replace(/^-/, '') as keyof typeof ORDER_PROPS]] = dir;
  by.id = dir; // ties: ids are ULIDs, sortable by creation
  return by;
}

/**
 * Search items: the example aggregate of search. Reads go through the tenant-scoped
 * EntityManager (`store.em(ctx)`); writes run in the request's unit of work and emit their events
 * in it. Every method returns plain views.
 */
export class SearchItemService {
  constructor(private readonly store: Store) {}

  /** The tenant's items, newest first unless `order` says otherwise; `q` searches titles. */
  async list(ctx: RequestContext, a: SearchItemListQuery): Promise<Paginated<SearchItemView>> {
    const page = normalizePage(a, 20);
    const where = {
      ...(a.q ? { title: { $ilike: containsPattern(a.q) } } : {}),
      ...(a.id?.length ? { id: { $in: a.id } } : {}),
      ...(a.handle?.length ? { handle: { $in: a.handle } } : {}),
    };
    const em = this.store.em(ctx);
    // limit=0 asks for the count alone
    const [rows, count]: [SearchItem[], number] =
      page.limit > 0 ? await em.findAndCount(SearchItem, where, { orderBy: orderBy(a.order), limit: page.limit, offset: page.offset }) : [[], await em.count(SearchItem, where)];
    return { items: rows.map(toSearchItemView), count, ...page };
  }

  /** One item by id or handle (they cannot collide: ids hold `_`, handles cannot); 404 otherwise. */
  async get(ctx: RequestContext, idOrHandle: string): Promise<SearchItemView> {
    const item = await this.store.em(ctx).findOne(SearchItem, { $or: [{ id: idOrHandle }, { handle: idOrHandle }] });
    if (!item) throw Errors.notFound('Search item', idOrHandle);
    return toSearchItemView(item);
  }

  /** A new item (handle made from the title when absent); `search_item.created` in the same transaction. */
  async create(ctx: RequestContext, input: CreateSearchItemData): Promise<SearchItemView> {
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (em, tx) => {
      const handle = input.handle ?? slugify(input.title);
      await this.assertHandleFree(em, handle);
      const item = em.create(SearchItem, {
        tenantId,
        title: input.title,
        handle,
        description: input.description ?? null,
        metadata: input.metadata ?? null,
      });
      searchEvents.emit(em, tx, 'search_item.created', { id: item.id, handle });
      return toSearchItemView(item);
    });
  }

  /** Changes the fields given; `search_item.updated` names them (no event when nothing changed). */
  async update(ctx: RequestContext, id: string, input: UpdateSearchItemData): Promise<SearchItemView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const item = await em.findOne(SearchItem, { id });
      if (!item) throw Errors.notFound('Search item', id);
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
        searchEvents.emit(em, tx, 'search_item.updated', { id: item.id, fields });
        await em.flush(); // sets updatedAt (onUpdate), so the view shows what is stored
      }
      return toSearchItemView(item);
    });
  }

  /** Federation reference: the tenant's items, one query per request for all ids asked (null when absent). */
  byId(ctx: RequestContext, id: string): Promise<SearchItemView | null> {
    return loaderFor<string, SearchItemView>(ctx, 'search.item', async (ids) => {
      const rows = await this.store.em(ctx).find(SearchItem, { id: { $in: [...ids] } });
      return new Map(rows.map((r) => [r.id, toSearchItemView(r)]));
    }).load(id);
  }

  /** A clear 409 before the unique constraint (tenant, handle) would refuse the insert. */
  private async assertHandleFree(em: EntityManager, handle: string): Promise<void> {
    if (await em.count(SearchItem, { handle })) {
      throw Errors.conflict('duplicate', `A search item with handle "${handle}" already exists`);
    }
  }
}
