import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { SiteServices } from '../services';
import { MenuType, StoreMenuType } from '../types/menu.type';
import { CreateMenuInput, UpdateMenuInput } from '../inputs/menu.input';

/** Menus: the storefront reads one by handle (links resolved); admins manage them. */
@Resolver(() => MenuType)
export class MenuResolver {
  constructor(private readonly s: SiteServices) {}

  @Query(() => StoreMenuType, {
    description: 'A menu by handle, its references resolved to current storefront paths (hidden or deleted targets dropped, their children moved up)',
  })
  storeMenu(@Ctx() ctx: RequestContext, @Arg('handle', { description: "The menu's handle, e.g. main" }) handle: string) {
    return this.s.menus.storeMenu(ctx, handle);
  }

  @Authorized('admin')
  @Query(() => [MenuType], { description: 'All menus of the store, by handle' })
  menus(@Ctx() ctx: RequestContext) {
    return this.s.menus.list(ctx);
  }

  @Authorized('admin')
  @Query(() => MenuType, { description: 'A menu by id or handle, items as stored' })
  menu(@Ctx() ctx: RequestContext, @Arg('id', { description: "The menu's id or handle" }) id: string) {
    return this.s.menus.get(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => MenuType, { description: '409 duplicate handle; 400 for a bad handle or item (at most 3 levels, 200 items)' })
  createMenu(@Ctx() ctx: RequestContext, @Arg('input', { description: 'The new menu' }) input: CreateMenuInput) {
    return this.s.menus.create(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => MenuType, { description: 'Given items replace all items' })
  updateMenu(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: 'The menu id' }) id: string,
    @Arg('input', { description: 'The fields to change' }) input: UpdateMenuInput,
  ) {
    return this.s.menus.update(ctx, id, input);
  }

  @Authorized('admin')
  @Mutation(() => MenuType, { description: 'Removes a menu; answers what it was' })
  deleteMenu(@Ctx() ctx: RequestContext, @Arg('id', { description: 'The menu id' }) id: string) {
    return this.s.menus.delete(ctx, id);
  }
}
