import type { EntityManager, QueryOrderMap } from '@mikro-orm/core';
import { Errors, containsPattern, loaderFor, normalizePage, requireTenant, slugify, type Paginated, type RequestContext, type Store } from '@svc/kit';
import { {{Name}}Item } from '../entities/{{name}}-item.entity';
import { {{camel}}Events } from '../events';
import type { Create{{Name}}ItemData, {{Name}}ItemListQuery, {{Name}}ItemOrder, Update{{Name}}ItemData } from '../inputs/{{name}}-item.input';
import { to{{Name}}ItemView, type {{Name}}ItemView } from './views';

/** `order` field -> entity property */
const ORDER_PROPS = { created_at: 'createdAt', updated_at: 'updatedAt', title: 'title', handle: 'handle' } as const;

function orderBy(order: {{Name}}ItemOrder = '-created_at'): QueryOrderMap<{{Name}}Item> {
  const dir = order.startsWith('-') ? 'desc' : 'asc';
  const by: QueryOrderMap<{{Name}}Item> = {};
  by[ORDER_PROPS[order.replace(/^-/, '') as keyof typeof ORDER_PROPS]] = dir;
  by.id = dir; // ties: ids are ULIDs, sortable by creation
  return by;
}

/**
 * {{Human}} items: the example aggregate of {{name}}. Reads go through the tenant-scoped
 * EntityManager (`store.em(ctx)`); writes run in the request's unit of work and emit their events
 * in it. Every method returns plain views.
 */
export class {{Name}}ItemService {
  constructor(private readonly store: Store) {}

  /** The tenant's items, newest first unless `order` says otherwise; `q` searches titles. */
  async list(ctx: RequestContext, a: {{Name}}ItemListQuery): Promise<Paginated<{{Name}}ItemView>> {
    const page = normalizePage(a, 20);
    const where = {
      ...(a.q ? { title: { $ilike: containsPattern(a.q) } } : {}),
      ...(a.id?.length ? { id: { $in: a.id } } : {}),
      ...(a.handle?.length ? { handle: { $in: a.handle } } : {}),
    };
    const em = this.store.em(ctx);
    // limit=0 asks for the count alone
    const [rows, count]: [{{Name}}Item[], number] =
      page.limit > 0 ? await em.findAndCount({{Name}}Item, where, { orderBy: orderBy(a.order), limit: page.limit, offset: page.offset }) : [[], await em.count({{Name}}Item, where)];
    return { items: rows.map(to{{Name}}ItemView), count, ...page };
  }

  /** One item by id or handle (they cannot collide: ids hold `_`, handles cannot); 404 otherwise. */
  async get(ctx: RequestContext, idOrHandle: string): Promise<{{Name}}ItemView> {
    const item = await this.store.em(ctx).findOne({{Name}}Item, { $or: [{ id: idOrHandle }, { handle: idOrHandle }] });
    if (!item) throw Errors.notFound('{{Human}} item', idOrHandle);
    return to{{Name}}ItemView(item);
  }

  /** A new item (handle made from the title when absent); `{{snake}}_item.created` in the same transaction. */
  async create(ctx: RequestContext, input: Create{{Name}}ItemData): Promise<{{Name}}ItemView> {
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (em, tx) => {
      const handle = input.handle ?? slugify(input.title);
      await this.assertHandleFree(em, handle);
      const item = em.create({{Name}}Item, {
        tenantId,
        title: input.title,
        handle,
        description: input.description ?? null,
        metadata: input.metadata ?? null,
      });
      {{camel}}Events.emit(em, tx, '{{snake}}_item.created', { id: item.id, handle });
      return to{{Name}}ItemView(item);
    });
  }

  /** Changes the fields given; `{{snake}}_item.updated` names them (no event when nothing changed). */
  async update(ctx: RequestContext, id: string, input: Update{{Name}}ItemData): Promise<{{Name}}ItemView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const item = await em.findOne({{Name}}Item, { id });
      if (!item) throw Errors.notFound('{{Human}} item', id);
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
        {{camel}}Events.emit(em, tx, '{{snake}}_item.updated', { id: item.id, fields });
        await em.flush(); // sets updatedAt (onUpdate), so the view shows what is stored
      }
      return to{{Name}}ItemView(item);
    });
  }

  /** Federation reference: the tenant's items, one query per request for all ids asked (null when absent). */
  byId(ctx: RequestContext, id: string): Promise<{{Name}}ItemView | null> {
    return loaderFor<string, {{Name}}ItemView>(ctx, '{{name}}.item', async (ids) => {
      const rows = await this.store.em(ctx).find({{Name}}Item, { id: { $in: [...ids] } });
      return new Map(rows.map((r) => [r.id, to{{Name}}ItemView(r)]));
    }).load(id);
  }

  /** A clear 409 before the unique constraint (tenant, handle) would refuse the insert. */
  private async assertHandleFree(em: EntityManager, handle: string): Promise<void> {
    if (await em.count({{Name}}Item, { handle })) {
      throw Errors.conflict('duplicate', `A {{human}} item with handle "${handle}" already exists`);
    }
  }
}
