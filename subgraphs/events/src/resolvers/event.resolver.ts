import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { EventsServices } from '../services';
import { EventDetailType, EventListType, EventType, RegistrationListType, RegistrationType, SessionType, SpeakerType, TicketType } from '../types/event.type';
import {
  AdminEventListArgs,
  CreateEventInput,
  EventDetailArgs,
  EventListArgs,
  MyRegistrationsArgs,
  RegistrationListArgs,
  SessionInput,
  SpeakerInput,
  TicketListArgs,
  TicketTypeInput,
  UpdateEventInput,
  UpdateSessionInput,
  UpdateSpeakerInput,
  UpdateTicketTypeInput,
} from '../inputs/event.input';

/** Events in the graph: the storefront's reads, the customer's registrations, the admin's writes. One service call per field. */
@Resolver(() => EventType)
export class EventResolver {
  constructor(private readonly s: EventsServices) {}

  @Query(() => EventListType, { description: 'Published events: upcoming and running ones soonest first, or (past) ended ones most recent first' })
  events(@Ctx() ctx: RequestContext, @Args() args: EventListArgs) {
    return this.s.events.list(ctx, args);
  }

  @Query(() => EventDetailType, { description: 'One published event by slug, with its schedule and speakers' })
  event(@Ctx() ctx: RequestContext, @Args() args: EventDetailArgs) {
    return this.s.events.detail(ctx, args.slug, args.locale);
  }

  @Query(() => [TicketType], { description: "A published event's ticket types with places left (priced in currency_code or region_id)" })
  eventTickets(@Ctx() ctx: RequestContext, @Args() args: TicketListArgs) {
    return this.s.tickets.list(ctx, args);
  }

  @Authorized('customer')
  @Query(() => RegistrationListType, { description: "The signed-in customer's registrations, newest first" })
  myEventRegistrations(@Ctx() ctx: RequestContext, @Args() args: MyRegistrationsArgs) {
    return this.s.registrations.mine(ctx, args);
  }

  // ---- admin ----

  @Authorized('admin')
  @Query(() => EventListType, { description: "The store's events, drafts too" })
  adminEvents(@Ctx() ctx: RequestContext, @Args() args: AdminEventListArgs) {
    return this.s.events.adminList(ctx, args);
  }

  @Authorized('admin')
  @Query(() => EventDetailType, { description: 'One event by id or slug, any status' })
  adminEvent(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.events.adminGet(ctx, id);
  }

  @Authorized('admin')
  @Query(() => [TicketType], { description: "An event's ticket types with places sold and left" })
  adminEventTickets(@Ctx() ctx: RequestContext, @Arg('event_id') eventId: string) {
    return this.s.tickets.adminList(ctx, eventId);
  }

  @Authorized('admin')
  @Query(() => RegistrationListType, { description: "An event's registrations (by status, ticket type, email, code)" })
  adminEventRegistrations(@Ctx() ctx: RequestContext, @Args() args: RegistrationListArgs) {
    return this.s.registrations.list(ctx, args);
  }

  @Authorized('admin')
  @Mutation(() => RegistrationType, { description: 'Cancels a registration: its place is free again' })
  cancelEventRegistration(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.registrations.cancel(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => EventType, { description: 'A new event (a draft)' })
  createEvent(@Ctx() ctx: RequestContext, @Arg('input') input: CreateEventInput) {
    return this.s.events.create(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => EventType)
  updateEvent(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('input') input: UpdateEventInput) {
    return this.s.events.update(ctx, id, input);
  }

  @Authorized('admin')
  @Mutation(() => EventType)
  publishEvent(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.events.publish(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => EventType, { description: 'Cancels an event: off the storefront, tickets no longer on sale' })
  cancelEvent(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.events.cancel(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => EventType, { description: 'Deletes an event without sold or held tickets' })
  deleteEvent(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.events.delete(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => SpeakerType)
  createEventSpeaker(@Ctx() ctx: RequestContext, @Arg('event_id') eventId: string, @Arg('input') input: SpeakerInput) {
    return this.s.schedule.createSpeaker(ctx, eventId, input);
  }

  @Authorized('admin')
  @Mutation(() => SpeakerType)
  updateEventSpeaker(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('input') input: UpdateSpeakerInput) {
    return this.s.schedule.updateSpeaker(ctx, id, input);
  }

  @Authorized('admin')
  @Mutation(() => SpeakerType, { description: 'Removes a speaker (and from the sessions)' })
  deleteEventSpeaker(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.schedule.deleteSpeaker(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => SessionType)
  createEventSession(@Ctx() ctx: RequestContext, @Arg('event_id') eventId: string, @Arg('input') input: SessionInput) {
    return this.s.schedule.createSession(ctx, eventId, input);
  }

  @Authorized('admin')
  @Mutation(() => SessionType)
  updateEventSession(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('input') input: UpdateSessionInput) {
    return this.s.schedule.updateSession(ctx, id, input);
  }

  @Authorized('admin')
  @Mutation(() => Boolean)
  deleteEventSession(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.schedule.deleteSession(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => TicketType)
  createEventTicketType(@Ctx() ctx: RequestContext, @Arg('event_id') eventId: string, @Arg('input') input: TicketTypeInput) {
    return this.s.tickets.create(ctx, eventId, input);
  }

  @Authorized('admin')
  @Mutation(() => TicketType, { description: 'The capacity never goes below the places sold and held (409 capacity_below_sold)' })
  updateEventTicketType(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('input') input: UpdateTicketTypeInput) {
    return this.s.tickets.update(ctx, id, input);
  }

  @Authorized('admin')
  @Mutation(() => Boolean, { description: 'Only without places sold or held' })
  deleteEventTicketType(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.tickets.delete(ctx, id);
  }
}
