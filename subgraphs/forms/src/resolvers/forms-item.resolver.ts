import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { FormsServices } from '../services';
import { FormsItemListType, FormsItemType } from '../types/forms-item.type';
import { CreateFormsItemInput, UpdateFormsItemInput, FormsItemListArgs } from '../inputs/forms-item.input';

/** Forms items in the graph: one service call per field; writes are for admins. */
@Resolver(() => FormsItemType)
export class FormsItemResolver {
  constructor(private readonly s: FormsServices) {}

  @Query(() => FormsItemListType, { description: 'Forms items of the tenant, newest first by default' })
  formsItems(@Ctx() ctx: RequestContext, @Args() args: FormsItemListArgs) {
    return this.s.items.list(ctx, args);
  }

  @Query(() => FormsItemType, { description: 'By id or handle' })
  formsItem(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.items.get(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => FormsItemType)
  createFormsItem(@Ctx() ctx: RequestContext, @Arg('input') input: CreateFormsItemInput) {
    return this.s.items.create(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => FormsItemType)
  updateFormsItem(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('input') input: UpdateFormsItemInput) {
    return this.s.items.update(ctx, id, input);
  }
}
