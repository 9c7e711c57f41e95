import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { CatalogServices } from '../services';
import { InventoryLineInput } from '../inputs/inventory.input';
import { VariantSnapshotType } from '../types/inventory.type';

/** Stock movements of orders and variant snapshots for carts: the commerce domain calls these with a system context. */
@Resolver()
export class InventoryResolver {
  constructor(private readonly s: CatalogServices) {}

  @Authorized('operator', 'admin')
  @Query(() => [VariantSnapshotType], { description: 'variants as a cart snapshots them, priced in a currency (region price first)' })
  variantSnapshots(
    @Ctx() ctx: RequestContext,
    @Arg('ids', () => [String], { description: 'The variant ids' }) ids: string[],
    @Arg('currency_code', { description: 'The currency to price in (ISO 4217)' }) currencyCode: string,
    @Arg('region_id', () => String, { nullable: true, description: 'A region whose prices win over currency-wide ones' }) regionId: string | null,
  ) {
    return this.s.inventory.snapshots(ctx, ids.slice(0, 500), currencyCode, regionId ?? null);
  }

  @Authorized('operator')
  @Mutation(() => Boolean, { description: 'reserves every line or none (409 insufficient_inventory)' })
  async reserveInventory(
    @Ctx() ctx: RequestContext,
    @Arg('lines', () => [InventoryLineInput], { description: 'The variants and units' }) lines: InventoryLineInput[],
  ) {
    await this.s.inventory.reserve(ctx, lines);
    return true;
  }

  @Authorized('operator')
  @Mutation(() => Boolean, { description: 'gives reserved units back' })
  async releaseInventory(
    @Ctx() ctx: RequestContext,
    @Arg('lines', () => [InventoryLineInput], { description: 'The variants and units' }) lines: InventoryLineInput[],
  ) {
    await this.s.inventory.release(ctx, lines);
    return true;
  }

  @Authorized('operator')
  @Mutation(() => Boolean, { description: 'reserved units shipped: stock and reservation go down' })
  async fulfilInventory(
    @Ctx() ctx: RequestContext,
    @Arg('lines', () => [InventoryLineInput], { description: 'The variants and units shipped' }) lines: InventoryLineInput[],
  ) {
    await this.s.inventory.fulfil(ctx, lines);
    return true;
  }

  @Authorized('operator')
  @Mutation(() => String, {
    description:
      'holds every line or none under `key` (idempotent) until `ttl_seconds` from now; answers held or confirmed (409 insufficient_inventory, reservation_released)',
  })
  async holdInventory(
    @Ctx() ctx: RequestContext,
    @Arg('key', { description: "The hold's key (e.g. the cart id; at most 200 characters)" }) key: string,
    @Arg('lines', () => [InventoryLineInput], { description: 'The variants and units' }) lines: InventoryLineInput[],
    @Arg('ttl_seconds', () => Int, { description: 'How long the hold lasts unless confirmed (1 s to 7 days)' }) ttlSeconds: number,
  ) {
    return this.s.reservations.hold(ctx, key.slice(0, 200), lines, Math.max(1, Math.min(ttlSeconds, 7 * 24 * 3600)));
  }

  @Authorized('operator')
  @Mutation(() => Boolean, { description: 'the hold `key` becomes permanent (the order was placed); an expired hold is taken again or refused (409)' })
  async confirmInventoryHold(
    @Ctx() ctx: RequestContext,
    @Arg('key', { description: "The hold's key" }) key: string,
    @Arg('lines', () => [InventoryLineInput], { description: 'The lines of the hold' }) lines: InventoryLineInput[],
  ) {
    await this.s.reservations.confirm(ctx, key.slice(0, 200), lines);
    return true;
  }

  @Authorized('operator')
  @Mutation(() => Boolean, { description: 'gives the units of the hold `key` back (idempotent)' })
  async releaseInventoryHold(@Ctx() ctx: RequestContext, @Arg('key', { description: "The hold's key" }) key: string) {
    await this.s.reservations.release(ctx, key.slice(0, 200));
    return true;
  }
}
