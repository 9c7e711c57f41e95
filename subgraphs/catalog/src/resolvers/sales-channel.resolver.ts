import { Arg, Authorized, Ctx, Field, ID, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { Errors, JSONScalar, type RequestContext } from '@svc/kit';
import type { CatalogServices } from '../services';
import { SalesChannelInput, SalesChannelProductsInput } from '../inputs/sales-channel.input';

@ObjectType('SalesChannel', { simpleResolvers: true, description: 'A sales channel: the products a storefront (its publishable keys) may sell' })
class SalesChannelType {
  @Field(() => ID, { description: 'The sales channel id (sc_…)' }) id!: string;
  @Field({ description: "The channel's name, e.g. Webshop" }) name!: string;
  @Field(() => String, { nullable: true, description: 'What the channel is for; null when not set' }) description!: string | null;
  @Field({ description: 'Whether the channel is switched off' }) is_disabled!: boolean;
  @Field(() => JSONScalar, { nullable: true, description: 'Free key-value data; null when none' }) metadata!: Record<string, unknown> | null;
  @Field({ description: 'When the channel was created (ISO 8601, UTC)' }) created_at!: string;
  @Field({ description: 'When the channel last changed (ISO 8601, UTC)' }) updated_at!: string;
}

/** Sales channels (admin): which products each sells; publishable keys are given channels in identity. */
@Authorized('admin')
@Resolver(() => SalesChannelType)
export class SalesChannelResolver {
  constructor(private readonly s: CatalogServices) {}

  @Query(() => [SalesChannelType], { description: "Admin: the store's sales channels" })
  salesChannels(@Ctx() ctx: RequestContext) {
    return this.s.salesChannels.list(ctx);
  }

  @Mutation(() => SalesChannelType, { description: 'Admin: a new sales channel' })
  createSalesChannel(@Ctx() ctx: RequestContext, @Arg('input', { description: 'The new channel' }) input: SalesChannelInput) {
    if (!input.name) throw Errors.validation('missing_field', 'name is required', [{ field: 'name', code: 'missing_field', message: 'name is required' }]);
    return this.s.salesChannels.create(ctx, { ...input, name: input.name });
  }

  @Mutation(() => SalesChannelType, { description: 'Admin: changes the fields given of a sales channel' })
  updateSalesChannel(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: 'The sales channel id' }) id: string,
    @Arg('input', { description: 'The fields to change' }) input: SalesChannelInput,
  ) {
    return this.s.salesChannels.update(ctx, id, input);
  }

  @Mutation(() => SalesChannelType, { description: 'sells products in the channel (add) or stops (remove)' })
  setSalesChannelProducts(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: 'The sales channel id' }) id: string,
    @Arg('input', { description: 'The products to add and remove' }) input: SalesChannelProductsInput,
  ) {
    return this.s.salesChannels.setProducts(ctx, id, input.add ?? [], input.remove ?? []);
  }
}
