import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { validated, type RequestContext } from '@svc/kit';
import type { BookingsServices } from '../services';
import { BookableServiceType, ServiceBookingListType, ServiceBookingType, ServiceSlotsType } from '../types/booking.type';
import {
  CreateBookableServiceInput,
  CreateServiceBookingInput,
  MyServiceBookingsArgs,
  OpeningDayInput,
  ServiceBookingListArgs,
  ServiceExceptionInput,
  ServiceSlotsArgs,
  UpdateBookableServiceInput,
  dateSchema,
  openingDaySchema,
} from '../inputs/booking.input';
import { z } from 'zod';

const openingHoursArg = z.array(openingDaySchema).max(7);

/** Bookable services, their slots and bookings in the graph: one service call per field; writes on services are for admins. */
@Resolver(() => BookableServiceType)
export class BookingResolver {
  constructor(private readonly s: BookingsServices) {}

  @Query(() => [BookableServiceType], { description: "The store's bookable services by name (the storefront: published ones)" })
  bookableServices(@Ctx() ctx: RequestContext) {
    return this.s.services.list(ctx);
  }

  @Query(() => BookableServiceType, { description: 'By id or handle (the storefront: published ones)' })
  bookableService(@Ctx() ctx: RequestContext, @Arg('id', { description: "The service's id or handle" }) id: string) {
    return this.s.services.get(ctx, id);
  }

  @Query(() => ServiceSlotsType, { description: 'The slots of a published service between two local dates (inclusive, at most 62 days), with places left' })
  serviceSlots(@Ctx() ctx: RequestContext, @Args() args: ServiceSlotsArgs) {
    return this.s.bookings.slots(ctx, args);
  }

  @Authorized('customer')
  @Query(() => [ServiceBookingType], {
    description: "The signed-in customer's bookings, newest slot first, all of them",
    deprecationReason: 'Use myServiceBookingList: the same bookings, paged (limit, offset) with a count like every other list',
  })
  myServiceBookings(@Ctx() ctx: RequestContext) {
    return this.s.bookings.mine(ctx);
  }

  @Authorized('customer')
  @Query(() => ServiceBookingListType, { description: "The signed-in customer's bookings, newest slot first, a page with the total count" })
  myServiceBookingList(@Ctx() ctx: RequestContext, @Args() args: MyServiceBookingsArgs) {
    return this.s.bookings.minePage(ctx, args);
  }

  @Mutation(() => ServiceBookingType, { description: 'Books places of one slot (409 slot_full when fewer are left)' })
  createServiceBooking(@Ctx() ctx: RequestContext, @Arg('input', { description: 'The slot, places and contact details' }) input: CreateServiceBookingInput) {
    return this.s.bookings.create(ctx, input);
  }

  @Authorized('admin')
  @Query(() => [ServiceBookingType], { description: "A service's bookings, by slot (from/to: local dates of the service)" })
  adminServiceBookings(@Ctx() ctx: RequestContext, @Args() args: ServiceBookingListArgs) {
    return this.s.bookings.list(ctx, args);
  }

  @Authorized('admin')
  @Mutation(() => ServiceBookingType, { description: 'Cancels a booking: its places are free again' })
  cancelServiceBooking(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.bookings.cancel(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => BookableServiceType)
  createBookableService(@Ctx() ctx: RequestContext, @Arg('input') input: CreateBookableServiceInput) {
    return this.s.services.create(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => BookableServiceType)
  updateBookableService(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('input') input: UpdateBookableServiceInput) {
    return this.s.services.update(ctx, id, input);
  }

  @Authorized('admin')
  @Mutation(() => BookableServiceType, { description: 'Deletes a service without confirmed bookings' })
  deleteBookableService(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.services.delete(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => BookableServiceType, { description: 'Replaces the weekly opening hours (a weekday left out is closed)' })
  setServiceOpeningHours(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('hours', () => [OpeningDayInput]) hours: OpeningDayInput[]) {
    return this.s.services.setOpeningHours(ctx, id, validated(openingHoursArg, hours, 'hours'));
  }

  @Authorized('admin')
  @Mutation(() => BookableServiceType, { description: "Sets a date's exception: closed all day, or other hours" })
  setServiceException(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('input') input: ServiceExceptionInput) {
    return this.s.services.setException(ctx, id, input);
  }

  @Authorized('admin')
  @Mutation(() => BookableServiceType, { description: "Removes a date's exception" })
  removeServiceException(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('date') date: string) {
    return this.s.services.removeException(ctx, id, validated(dateSchema, date, 'date'));
  }
}
