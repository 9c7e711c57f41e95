import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { validated, type RequestContext } from '@svc/kit';
import { z } from 'zod';
import type { EventsServices } from '../services';
import { EventTicketLineInput, ticketLinesSchema } from '../inputs/event.input';
import { TicketSnapshotType } from '../types/event.type';

const keySchema = z.string().min(1).max(200);
const currencySchema = z.string().regex(/^[A-Za-z]{3}$/, 'currency_code is three letters');

/** What commerce calls for its `event_ticket` line kind (a system or admin context): snapshots and keyed holds of places. */
@Resolver()
export class EventInventoryResolver {
  constructor(private readonly s: EventsServices) {}

  @Authorized('operator', 'admin')
  @Query(() => [TicketSnapshotType], { description: 'Ticket types as a cart snapshots them, priced in a currency (unknown ids are left out)' })
  eventTicketSnapshots(@Ctx() ctx: RequestContext, @Arg('ids', () => [String]) ids: string[], @Arg('currency_code') currencyCode: string) {
    return this.s.tickets.snapshots(ctx, ids, validated(currencySchema, currencyCode, 'currency_code'));
  }

  @Authorized('operator', 'admin')
  @Mutation(() => String, {
    description:
      'Holds every line or none under `key` (idempotent) until `ttl_seconds` from now; answers held or confirmed (409 insufficient_inventory, reservation_released)',
  })
  holdEventTickets(
    @Ctx() ctx: RequestContext,
    @Arg('key') key: string,
    @Arg('lines', () => [EventTicketLineInput]) lines: EventTicketLineInput[],
    @Arg('ttl_seconds', () => Int) ttlSeconds: number,
  ) {
    return this.s.holds.hold(
      ctx,
      validated(keySchema, key, 'key'),
      validated(ticketLinesSchema, lines, 'lines'),
      Math.max(1, Math.min(ttlSeconds, 7 * 24 * 3600)),
    );
  }

  @Authorized('operator', 'admin')
  @Mutation(() => Boolean, { description: 'The hold `key` becomes permanent (the order was placed); an expired hold is taken again or refused (409)' })
  async confirmEventTicketHold(@Ctx() ctx: RequestContext, @Arg('key') key: string, @Arg('lines', () => [EventTicketLineInput]) lines: EventTicketLineInput[]) {
    await this.s.holds.confirm(ctx, validated(keySchema, key, 'key'), validated(ticketLinesSchema, lines, 'lines'));
    return true;
  }

  @Authorized('operator', 'admin')
  @Mutation(() => Boolean, { description: 'Gives the places of the hold `key` back, whatever its state (idempotent)' })
  async releaseEventTicketHold(@Ctx() ctx: RequestContext, @Arg('key') key: string) {
    await this.s.holds.release(ctx, validated(keySchema, key, 'key'));
    return true;
  }

  @Authorized('operator', 'admin')
  @Mutation(() => Boolean, { description: 'An order was canceled: its sold places go back' })
  async releaseEventTickets(@Ctx() ctx: RequestContext, @Arg('lines', () => [EventTicketLineInput]) lines: EventTicketLineInput[]) {
    await this.s.holds.releaseSold(ctx, validated(ticketLinesSchema, lines, 'lines'));
    return true;
  }
}
