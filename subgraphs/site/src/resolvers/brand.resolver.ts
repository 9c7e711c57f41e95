import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { ReferenceResolver, RequestContext } from '@svc/kit';
import type { SiteServices } from '../services';
import { BrandType } from '../types/brand.type';
import { UpdateBrandInput } from '../inputs/brand.input';

/** The brand: anyone of the store reads it (defaults filled); admins change it. */
@Resolver(() => BrandType)
export class BrandResolver {
  constructor(private readonly s: SiteServices) {}

  @Query(() => BrandType, { description: 'The brand of the store, every field present (defaults where nothing was set)' })
  brand(@Ctx() ctx: RequestContext) {
    return this.s.brand.get(ctx);
  }

  @Authorized('admin')
  @Mutation(() => BrandType, {
    description: 'A value replaces, null goes back to the default, an absent field stays; 400 when the logo is not an image of this store',
  })
  updateBrand(@Ctx() ctx: RequestContext, @Arg('input', { description: 'The brand fields to change' }) input: UpdateBrandInput) {
    return this.s.brand.update(ctx, input);
  }
}

/** A Media reference carries only its id here; the media domain owns the rest. */
export const mediaReference = (): ReferenceResolver => (ref) => ({ id: String(ref.id) });
