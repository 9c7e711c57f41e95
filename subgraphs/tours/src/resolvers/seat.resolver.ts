import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { currencySchema, validated, type RequestContext } from '@svc/kit';
import type { ToursServices } from '../services';
import { TourSeatLineInput, holdKeySchema, seatLinesSchema } from '../inputs/tour.input';
import { SnapshotType } from '../types/tour.type';

/** Departure snapshots and seat holds for carts: commerce calls these (operator or admin). */
@Resolver()
export class SeatResolver {
  constructor(private readonly s: ToursServices) {}

  @Authorized('operator', 'admin')
  @Query(() => [SnapshotType], { description: 'departures as a cart snapshots them, priced per traveller in a currency; unknown ids are left out' })
  tourDepartureSnapshots(@Ctx() ctx: RequestContext, @Arg('ids', () => [String]) ids: string[], @Arg('currency_code') currencyCode: string) {
    return this.s.seats.snapshots(ctx, ids, validated(currencySchema, currencyCode.toLowerCase(), 'currency_code'));
  }

  @Authorized('operator', 'admin')
  @Mutation(() => String, {
    description:
      'holds every line or none under `key` (idempotent) until `ttl_seconds` from now; answers held or confirmed (409 insufficient_inventory, reservation_released)',
  })
  holdTourSeats(
    @Ctx() ctx: RequestContext,
    @Arg('key') key: string,
    @Arg('lines', () => [TourSeatLineInput]) lines: TourSeatLineInput[],
    @Arg('ttl_seconds', () => Int) ttlSeconds: number,
  ) {
    return this.s.seats.hold(
      ctx,
      validated(holdKeySchema, key, 'key'),
      validated(seatLinesSchema, lines, 'lines'),
      Math.max(1, Math.min(ttlSeconds, 7 * 24 * 3600)),
    );
  }

  @Authorized('operator', 'admin')
  @Mutation(() => Boolean, { description: 'the hold `key` becomes permanent (the order was placed); an expired hold is taken again or refused (409)' })
  async confirmTourSeatHold(@Ctx() ctx: RequestContext, @Arg('key') key: string, @Arg('lines', () => [TourSeatLineInput]) lines: TourSeatLineInput[]) {
    await this.s.seats.confirm(ctx, validated(holdKeySchema, key, 'key'), validated(seatLinesSchema, lines, 'lines'));
    return true;
  }

  @Authorized('operator', 'admin')
  @Mutation(() => Boolean, { description: 'gives the seats of the hold `key` back (idempotent, any state)' })
  async releaseTourSeatHold(@Ctx() ctx: RequestContext, @Arg('key') key: string) {
    await this.s.seats.release(ctx, validated(holdKeySchema, key, 'key'));
    return true;
  }

  @Authorized('operator', 'admin')
  @Mutation(() => Boolean, { description: 'an order was canceled: its sold seats go back' })
  async releaseTourSeats(@Ctx() ctx: RequestContext, @Arg('lines', () => [TourSeatLineInput]) lines: TourSeatLineInput[]) {
    await this.s.seats.releaseSold(ctx, validated(seatLinesSchema, lines, 'lines'));
    return true;
  }
}
