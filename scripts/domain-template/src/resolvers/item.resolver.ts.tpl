import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { {{Name}}Services } from '../services';
import { {{Name}}ItemListType, {{Name}}ItemType } from '../types/{{name}}-item.type';
import { Create{{Name}}ItemInput, Update{{Name}}ItemInput, {{Name}}ItemListArgs } from '../inputs/{{name}}-item.input';

/** {{Human}} items in the graph: one service call per field; writes are for admins. */
@Resolver(() => {{Name}}ItemType)
export class {{Name}}ItemResolver {
  constructor(private readonly s: {{Name}}Services) {}

  @Query(() => {{Name}}ItemListType, { description: '{{Human}} items of the tenant, newest first by default' })
  {{camel}}Items(@Ctx() ctx: RequestContext, @Args() args: {{Name}}ItemListArgs) {
    return this.s.items.list(ctx, args);
  }

  @Query(() => {{Name}}ItemType, { description: 'By id or handle' })
  {{camel}}Item(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.items.get(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => {{Name}}ItemType)
  create{{Name}}Item(@Ctx() ctx: RequestContext, @Arg('input') input: Create{{Name}}ItemInput) {
    return this.s.items.create(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => {{Name}}ItemType)
  update{{Name}}Item(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('input') input: Update{{Name}}ItemInput) {
    return this.s.items.update(ctx, id, input);
  }
}
