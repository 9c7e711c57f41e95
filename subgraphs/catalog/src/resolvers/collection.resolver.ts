import { Arg, Args, Authorized, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { CatalogServices } from '../services';
import { ProductListType } from '../types/product.type';
import { CollectionDeletionType, CollectionListType, CollectionType } from '../types/collection.type';
import { CollectionInput, CollectionListArgs, UpdateCollectionInput } from '../inputs/collection.input';

@Resolver(() => CollectionType)
export class CollectionResolver {
  constructor(private readonly s: CatalogServices) {}

  @FieldResolver(() => ProductListType, { description: 'its published products, newest first (Medusa: fields=*products)' })
  products(
    @Root() parent: { id: string },
    @Ctx() ctx: RequestContext,
    @Arg('limit', () => Int, { nullable: true, description: 'At most this many products (default and maximum 100)' }) limit: number | null,
    @Arg('region_id', () => String, { nullable: true, description: 'Pricing context: variants get calculated_price for this region' }) regionId: string | null,
  ) {
    return this.s.products.list(ctx, { collection_id: [parent.id], limit: Math.min(limit ?? 100, 100), region_id: regionId ?? undefined });
  }

  @Query(() => CollectionListType, { description: "The store's product collections, newest first unless order says otherwise" })
  collections(@Ctx() ctx: RequestContext, @Args() args: CollectionListArgs) {
    return this.s.collections.list(ctx, args);
  }

  @Query(() => CollectionType, { description: 'By id or handle' })
  collection(@Ctx() ctx: RequestContext, @Arg('id', { description: "The collection's id or handle" }) id: string) {
    return this.s.collections.get(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => CollectionType, { description: 'Admin: a new product collection' })
  createCollection(@Ctx() ctx: RequestContext, @Arg('input', { description: 'The new collection' }) input: CollectionInput) {
    return this.s.collections.create(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => CollectionType, { description: "Admin: changes a collection's title or handle (its products are re-indexed)" })
  updateCollection(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: 'The collection id (pcol_…)' }) id: string,
    @Arg('input', { description: 'The fields to change' }) input: UpdateCollectionInput,
  ) {
    return this.s.collections.update(ctx, id, input);
  }

  @Authorized('admin')
  @Mutation(() => CollectionDeletionType, { description: 'Admin: deletes a product collection; its products stay, in no collection' })
  deleteCollection(@Ctx() ctx: RequestContext, @Arg('id', { description: 'The collection id (pcol_…)' }) id: string) {
    return this.s.collections.delete(ctx, id);
  }
}
