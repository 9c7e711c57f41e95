import type { EntityManager, QueryOrderMap } from '@mikro-orm/core';
import { Errors, containsPattern, loaderFor, normalizePage, requireTenant, slugify, type Paginated, type RequestContext, type Store } from '@svc/kit';
import { FormsItem } from '../entities/forms-item.entity';
import { formsEvents } from '../events';
import type { CreateFormsItemData, FormsItemListQuery, FormsItemOrder, UpdateFormsItemData } from '../inputs/forms-item.input';
import { toFormsItemView, type FormsItemView } from './views';

/** `order` field -> entity property */
const ORDER_PROPS = { created_at: 'createdAt', updated_at: 'updatedAt', title: 'title', handle: 'handle' } as const;

function orderBy(order: FormsItemOrder = '-created_at'): QueryOrderMap<FormsItem> {
  const dir = order.startsWith('-') ? 'desc' : 'asc';
  const by: QueryOrderMap<FormsItem> = {};
  by[ORDER_PROPS[order.replace(/^-/, '') as keyof typeof ORDER_PROPS]] = dir;
  by.id = dir; // ties: ids are ULIDs, sortable by creation
  return by;
}

/**
 * Forms items: the example aggregate of forms. Reads go through the tenant-scoped
 * EntityManager (`store.em(ctx)`); writes run in the request's unit of work and emit their events
 * in it. Every method returns plain views.
 */
export class FormsItemService {
  constructor(private readonly store: Store) {}

  /** The tenant's items, newest first unless `order` says otherwise; `q` searches titles. */
  async list(ctx: RequestContext, a: FormsItemListQuery): Promise<Paginated<FormsItemView>> {
    const page = normalizePage(a, 20);
    const where = {
      ...(a.q ? { title: { $ilike: containsPattern(a.q) } } : {}),
      ...(a.id?.length ? { id: { $in: a.id } } : {}),
      ...(a.handle?.length ? { handle: { $in: a.handle } } : {}),
    };
    const em = this.store.em(ctx);
    // limit=0 asks for the count alone
    const [rows, count]: [FormsItem[], number] =
      page.limit > 0 ? await em.findAndCount(FormsItem, where, { orderBy: orderBy(a.order), limit: page.limit, offset: page.offset }) : [[], await em.count(FormsItem, where)];
    return { items: rows.map(toFormsItemView), count, ...page };
  }

  /** One item by id or handle (they cannot collide: ids hold `_`, handles cannot); 404 otherwise. */
  async get(ctx: RequestContext, idOrHandle: string): Promise<FormsItemView> {
    const item = await this.store.em(ctx).findOne(FormsItem, { $or: [{ id: idOrHandle }, { handle: idOrHandle }] });
    if (!item) throw Errors.notFound('Forms item', idOrHandle);
    return toFormsItemView(item);
  }

  /** A new item (handle made from the title when absent); `forms_item.created` in the same transaction. */
  async create(ctx: RequestContext, input: CreateFormsItemData): Promise<FormsItemView> {
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (em, tx) => {
      const handle = input.handle ?? slugify(input.title);
      await this.assertHandleFree(em, handle);
      const item = em.create(FormsItem, {
        tenantId,
        title: input.title,
        handle,
        description: input.description ?? null,
        metadata: input.metadata ?? null,
      });
      formsEvents.emit(em, tx, 'forms_item.created', { id: item.id, handle });
      return toFormsItemView(item);
    });
  }

  /** Changes the fields given; `forms_item.updated` names them (no event when nothing changed). */
  async update(ctx: RequestContext, id: string, input: UpdateFormsItemData): Promise<FormsItemView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const item = await em.findOne(FormsItem, { id });
      if (!item) throw Errors.notFound('Forms item', id);
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
        formsEvents.emit(em, tx, 'forms_item.updated', { id: item.id, fields });
        await em.flush(); // sets updatedAt (onUpdate), so the view shows what is stored
      }
      return toFormsItemView(item);
    });
  }

  /** Federation reference: the tenant's items, one query per request for all ids asked (null when absent). */
  byId(ctx: RequestContext, id: string): Promise<FormsItemView | null> {
    return loaderFor<string, FormsItemView>(ctx, 'forms.item', async (ids) => {
      const rows = await this.store.em(ctx).find(FormsItem, { id: { $in: [...ids] } });
      return new Map(rows.map((r) => [r.id, toFormsItemView(r)]));
    }).load(id);
  }

  /** A clear 409 before the unique constraint (tenant, handle) would refuse the insert. */
  private async assertHandleFree(em: EntityManager, handle: string): Promise<void> {
    if (await em.count(FormsItem, { handle })) {
      throw Errors.conflict('duplicate', `A forms item with handle "${handle}" already exists`);
    }
  }
}
