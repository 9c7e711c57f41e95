import { Arg, Authorized, Ctx, Field, ID, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { Errors, JSONScalar, type RequestContext } from '@svc/kit';
import type { CatalogServices } from '../services';
import { SalesChannelInput, SalesChannelProductsInput } from '../inputs/sales-channel.input';

@ObjectType('SalesChannel', { simpleResolvers: true })
class SalesChannelType {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field() is_disabled!: boolean;
  @Field(() => JSONScalar, { nullable: true }) metadata!: Record<string, unknown> | null;
  @Field() created_at!: string;
  @Field() updated_at!: string;
}

/** Sales channels (admin): which products each sells; publishable keys are given channels in identity. */
@Authorized('admin')
@Resolver(() => SalesChannelType)
export class SalesChannelResolver {
  constructor(private readonly s: CatalogServices) {}

  @Query(() => [SalesChannelType])
  salesChannels(@Ctx() ctx: RequestContext) {
    return this.s.salesChannels.list(ctx);
  }

  @Mutation(() => SalesChannelType)
  createSalesChannel(@Ctx() ctx: RequestContext, @Arg('input') input: SalesChannelInput) {
    if (!input.name) throw Errors.validation('missing_field', 'name is required', [{ field: 'name', code: 'missing_field', message: 'name is required' }]);
    return this.s.salesChannels.create(ctx, { ...input, name: input.name });
  }

  @Mutation(() => SalesChannelType)
  updateSalesChannel(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('input') input: SalesChannelInput) {
    return this.s.salesChannels.update(ctx, id, input);
  }

  @Mutation(() => SalesChannelType, { description: 'sells products in the channel (add) or stops (remove)' })
  setSalesChannelProducts(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('input') input: SalesChannelProductsInput) {
    return this.s.salesChannels.setProducts(ctx, id, input.add ?? [], input.remove ?? []);
  }
}
