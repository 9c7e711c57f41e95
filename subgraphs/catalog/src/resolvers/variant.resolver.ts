import { Arg, Args, Ctx, Query, Resolver } from 'type-graphql';
import { withDocument, type RequestContext } from '@svc/kit';
import type { CatalogServices } from '../services';
import { VariantListArgs } from '../inputs/product.input';
import { StoreVariantListType, StoreVariantType } from '../types/product.type';

/** Variants of published products, on their own (Medusa's /store/product-variants). */
@Resolver(() => StoreVariantType)
export class VariantResolver {
  constructor(private readonly s: CatalogServices) {}

  @Query(() => StoreVariantListType, { description: 'Variants of published products, newest product first; calculated_price with region_id' })
  async productVariants(@Ctx() ctx: RequestContext, @Args() args: VariantListArgs) {
    const r = await this.s.products.variants(ctx, args);
    return { ...r, items: r.items.map(withDocument) };
  }

  @Query(() => StoreVariantType, { description: 'One variant of a published product' })
  async productVariant(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: 'The variant id' }) id: string,
    @Arg('region_id', () => String, { nullable: true, description: 'Pricing context: calculated_price for this region' }) regionId: string | null,
    @Arg('country_code', () => String, {
      nullable: true,
      description: 'Pricing context when region_id is absent: the region that contains this country (ISO 3166-1 alpha-2)',
    })
    countryCode: string | null,
  ) {
    return withDocument(await this.s.products.variant(ctx, id, regionId ?? undefined, countryCode ?? undefined));
  }
}
