import { Arg, Args, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { validated, type RequestContext } from '@svc/kit';
import { z } from 'zod';
import type { ToursServices } from '../services';
import { BookingType, CategoryType, DepartureType, DestinationListType, DestinationType, TourListType, TourType } from '../types/tour.type';
import {
  CategoryInput,
  CategoryUpdateInput,
  DepartureInput,
  DepartureUpdateInput,
  DestinationInput,
  DestinationListArgs,
  DestinationUpdateInput,
  TourInput,
  TourListArgs,
  TourUpdateInput,
  TourViewArgs,
  bookingListSchema,
} from '../inputs/tour.input';

const statusArg = z.enum(['draft', 'published', 'archived']).nullish();
const localeArg = z.string().min(2).max(35).nullish();

/** Tours, destinations and categories in the graph: storefront reads and the admin's writes, one service call per field. */
@Resolver(() => TourType)
export class TourResolver {
  constructor(private readonly s: ToursServices) {}

  @Query(() => TourListType, { description: 'Published tours by title, with filters; from_price in the currency of currency_code or region_id' })
  tours(@Ctx() ctx: RequestContext, @Args() args: TourListArgs) {
    return this.s.tours.list(ctx, args);
  }

  @Query(() => TourType, { description: 'One published tour by slug or id, with itinerary and future departures' })
  tour(@Ctx() ctx: RequestContext, @Arg('id', { description: "The tour's slug or id" }) id: string, @Args() args: TourViewArgs) {
    return this.s.tours.get(ctx, id, args);
  }

  @Query(() => DestinationListType, { description: 'Destinations by name with their number of published tours' })
  tourDestinations(@Ctx() ctx: RequestContext, @Args() args: DestinationListArgs) {
    return this.s.tours.destinations(ctx, args);
  }

  @Query(() => DestinationType, { description: 'One destination by slug or id with its published tours' })
  tourDestination(@Ctx() ctx: RequestContext, @Arg('id', { description: "The destination's slug or id" }) id: string, @Args() args: TourViewArgs) {
    return this.s.tours.destination(ctx, id, args);
  }

  @Query(() => [CategoryType], { description: 'Tour categories by rank with their number of published tours' })
  tourCategories(
    @Ctx() ctx: RequestContext,
    @Arg('locale', () => String, { nullable: true, description: 'Translated into this locale (default: the request language)' }) locale: string | null,
  ) {
    return this.s.tours.categories(ctx, validated(localeArg, locale, 'locale'));
  }

  @Authorized('admin')
  @Query(() => TourListType, { description: 'Admin: every tour of the store (or one status), by title, with all departures' })
  adminTours(
    @Ctx() ctx: RequestContext,
    @Arg('status', () => String, { nullable: true }) status: string | null,
    @Arg('limit', () => Int, { nullable: true }) limit: number | null,
    @Arg('offset', () => Int, { nullable: true }) offset: number | null,
  ) {
    return this.s.tours.adminList(ctx, { status: validated(statusArg, status, 'status'), limit: limit ?? undefined, offset: offset ?? undefined });
  }

  @Authorized('admin')
  @Query(() => TourType, { description: 'Admin: one tour, any status, with all departures' })
  adminTour(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.tours.adminView(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => TourType, { description: 'A new tour (draft) with its itinerary and categories' })
  createTour(@Ctx() ctx: RequestContext, @Arg('input') input: TourInput) {
    return this.s.tours.create(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => TourType, { description: 'Changes the fields given; itinerary and category_ids are replaced when given' })
  updateTour(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('input') input: TourUpdateInput) {
    return this.s.tours.update(ctx, id, input);
  }

  @Authorized('admin')
  @Mutation(() => TourType, { description: 'Storefronts see it (tour.published)' })
  publishTour(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.tours.setStatus(ctx, id, 'published');
  }

  @Authorized('admin')
  @Mutation(() => TourType, { description: 'Storefronts no longer see it; its bookings stay' })
  archiveTour(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.tours.setStatus(ctx, id, 'archived');
  }

  @Authorized('admin')
  @Mutation(() => TourType, { description: 'Deletes a tour without bookings (409 in_use otherwise)' })
  deleteTour(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.tours.delete(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => DepartureType, { description: "A departure of a tour; ends_on follows from the tour's duration" })
  createTourDeparture(@Ctx() ctx: RequestContext, @Arg('tour_id') tourId: string, @Arg('input') input: DepartureInput) {
    return this.s.tours.createDeparture(ctx, tourId, input);
  }

  @Authorized('admin')
  @Mutation(() => DepartureType, { description: 'Changes a departure; capacity never below the seats sold and held (409 capacity_below_sold)' })
  updateTourDeparture(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('input') input: DepartureUpdateInput) {
    return this.s.tours.updateDeparture(ctx, id, input);
  }

  @Authorized('admin')
  @Mutation(() => DestinationType)
  createTourDestination(@Ctx() ctx: RequestContext, @Arg('input') input: DestinationInput) {
    return this.s.tours.createDestination(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => DestinationType)
  updateTourDestination(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('input') input: DestinationUpdateInput) {
    return this.s.tours.updateDestination(ctx, id, input);
  }

  @Authorized('admin')
  @Mutation(() => DestinationType, { description: 'Deletes a destination without tours (409 in_use otherwise)' })
  deleteTourDestination(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.tours.deleteDestination(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => CategoryType)
  createTourCategory(@Ctx() ctx: RequestContext, @Arg('input') input: CategoryInput) {
    return this.s.tours.createCategory(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => CategoryType)
  updateTourCategory(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('input') input: CategoryUpdateInput) {
    return this.s.tours.updateCategory(ctx, id, input);
  }

  @Authorized('admin')
  @Mutation(() => CategoryType)
  deleteTourCategory(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.tours.deleteCategory(ctx, id);
  }

  @Authorized('admin')
  @Query(() => [BookingType], { description: 'Admin: bookings of a tour or of a departure, by creation' })
  tourBookings(
    @Ctx() ctx: RequestContext,
    @Arg('tour_id', () => String, { nullable: true }) tourId: string | null,
    @Arg('departure_id', () => String, { nullable: true }) departureId: string | null,
  ) {
    return this.s.bookings.list(ctx, validated(bookingListSchema, { tour_id: tourId ?? undefined, departure_id: departureId ?? undefined }, 'args'));
  }
}
