import { Directive, Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { JSONScalar, PaginatedList } from '@svc/kit';
import type {
  BookingView,
  CategoryView,
  DepartureView,
  DestinationView,
  ItineraryDayView,
  PriceView,
  RatingView,
  ReviewView,
  SnapshotView,
  TourView,
  TravellerView,
} from '../services/views';

const S = { simpleResolvers: true };

@ObjectType('TourDestination', { ...S, description: 'A place tours go to (a country or region), with its published tours' })
@Directive('@key(fields: "id")')
export class DestinationType implements DestinationView {
  @Field(() => ID, { description: "The destination's id" }) id!: string;
  @Field({ description: 'URL handle, unique in the store' }) slug!: string;
  @Field({ description: 'Name in the asked locale' }) name!: string;
  @Field(() => String, { nullable: true, description: 'ISO 3166-1 alpha-2, lower case' }) country_code!: string | null;
  @Field(() => String, { nullable: true, description: 'Description in the asked locale (plain text); null when none' }) description!: string | null;
  @Field(() => String, { nullable: true, description: 'URL of an image; null when none' }) image!: string | null;
  @Field(() => Int, { description: 'Published tours there' }) tour_count!: number;
  @Field(() => [TourType], { nullable: true, description: 'Its published tours (one destination only)' }) tours!: TourType[] | null;
}

@ObjectType('TourDestinationList', { description: 'A page of destinations with the total count' })
export class DestinationListType extends PaginatedList(DestinationType) {}

@ObjectType('TourCategory', { ...S, description: 'A kind of tour (hiking, food and wine, city break) to filter by' })
@Directive('@key(fields: "id")')
export class CategoryType implements CategoryView {
  @Field(() => ID, { description: "The category's id" }) id!: string;
  @Field({ description: 'URL handle, unique in the store' }) slug!: string;
  @Field({ description: 'Name in the asked locale' }) name!: string;
  @Field(() => String, { nullable: true, description: 'Description in the asked locale; null when none' }) description!: string | null;
  @Field(() => Int, { description: 'Display order, ascending' }) rank!: number;
  @Field(() => Int, { description: 'Published tours in it' }) tour_count!: number;
}

@ObjectType('TourPrice', { ...S, description: "A departure's price per traveller in one currency" })
class PriceType implements PriceView {
  @Field({ description: 'ISO 4217 currency code, lowercase (eur)' }) currency_code!: string;
  @Field(() => Float, { description: 'Per traveller, major units' }) amount!: number;
}

@ObjectType('TourDeparture', { ...S, description: 'One dated run of a tour with its seats and prices (a cart line of kind tour_booking references its id)' })
@Directive('@key(fields: "id")')
export class DepartureType implements DepartureView {
  @Field(() => ID, { description: "The departure's id" }) id!: string;
  @Field({ description: "The tour's id" }) tour_id!: string;
  @Field({ description: 'YYYY-MM-DD' }) starts_on!: string;
  @Field({ description: 'YYYY-MM-DD: starts_on + duration_days − 1' }) ends_on!: string;
  @Field(() => Int, { description: 'Capacity' }) seats!: number;
  @Field(() => Int, { description: 'Seats sold to placed orders' }) seats_sold!: number;
  @Field(() => Int, { description: 'Capacity − sold − active holds' }) seats_remaining!: number;
  @Field(() => [PriceType], { description: 'The price per traveller in every currency it is sold in (major units)' }) prices!: PriceType[];
  @Field(() => Float, { nullable: true, description: 'Per traveller in the requested currency' }) calculated_price!: number | null;
  @Field({ description: 'open, closed or canceled' }) status!: string;
}

@ObjectType('TourItineraryDay', { ...S, description: "One day of a tour's itinerary" })
class ItineraryDayType implements ItineraryDayView {
  @Field(() => Int, { description: 'Day number, from 1' }) day!: number;
  @Field({ description: 'Title in the asked locale' }) title!: string;
  @Field(() => String, { nullable: true, description: 'What happens that day, in the asked locale; null when none' }) description!: string | null;
  @Field(() => String, { nullable: true, description: 'Where travellers sleep that night, in the asked locale; null when not given (the last day)' })
  overnight!: string | null;
}

@ObjectType('TourRating', { ...S, description: "The approved reviews' average and count" })
class RatingType implements RatingView {
  @Field(() => Float, { nullable: true, description: 'Average of the approved reviews (2 decimals)' }) average!: number | null;
  @Field(() => Int, { description: 'Number of approved reviews' }) count!: number;
}

@ObjectType('Tour', { ...S, description: 'A multi-day tour with its itinerary and dated departures, booked per traveller' })
@Directive('@key(fields: "id")')
export class TourType implements TourView {
  @Field(() => ID, { description: "The tour's id" }) id!: string;
  @Field({ description: 'URL handle, unique in the store' }) slug!: string;
  @Field({ description: 'Title in the asked locale' }) title!: string;
  @Field(() => String, { nullable: true, description: 'One-paragraph summary in the asked locale; null when none' }) summary!: string | null;
  @Field(() => String, { nullable: true, description: 'Full description in the asked locale (plain text); null when none' }) description!: string | null;
  @Field(() => String, { nullable: true, description: 'URL of the cover image; null when none' }) thumbnail!: string | null;
  @Field(() => [String], { description: 'URLs of further images, in display order (empty when none)' }) images!: string[];
  @Field({ description: "The destination's id" }) destination_id!: string;
  @Field(() => DestinationType, { description: 'The destination' }) destination!: DestinationType;
  @Field(() => [CategoryType], { description: "The tour's categories (empty when none)" }) categories!: CategoryType[];
  @Field(() => Int, { description: 'Length in days (a departure ends on starts_on + duration_days − 1)' }) duration_days!: number;
  @Field({ description: 'draft, published or archived' }) status!: string;
  @Field({ description: 'A booking names every traveller with age' }) requires_traveller_details!: boolean;
  @Field(() => Int, { nullable: true, description: 'Youngest age a traveller may have, in years; null for no limit' }) min_age!: number | null;
  @Field(() => Int, { nullable: true, description: 'Most travellers one booking (cart line) may hold; null for no limit' }) max_travellers_per_booking!:
    number | null;
  @Field(() => [String], { description: 'Highlights in the asked locale, in display order' }) highlights!: string[];
  @Field(() => [String], { description: 'What the price includes, in the asked locale, in display order' }) included!: string[];
  @Field(() => JSONScalar, { nullable: true, description: 'Free key-value data the store attached (JSON object); null when none' }) metadata!: Record<
    string,
    unknown
  > | null;
  @Field(() => RatingType, { description: 'Average and count of the approved reviews' }) rating!: RatingType;
  @Field(() => Float, { nullable: true, description: 'Lowest per-traveller price of an open future departure in currency_code' }) from_price!: number | null;
  @Field(() => String, {
    nullable: true,
    description:
      "The currency of from_price and of the departures' calculated_price (ISO 4217, lowercase); null when neither currency_code nor region_id was asked",
  })
  currency_code!: string | null;
  @Field(() => [ItineraryDayType], { description: 'By day' }) itinerary!: ItineraryDayType[];
  @Field(() => [DepartureType], { description: 'Future departures that are not canceled (admins: all), by date' }) departures!: DepartureType[];
  @Field({ description: 'ISO instant the tour was created' }) created_at!: string;
  @Field({ description: 'ISO instant of the last change' }) updated_at!: string;
}

@ObjectType('TourList', { description: 'A page of tours with the total count' })
export class TourListType extends PaginatedList(TourType) {}

@ObjectType('TourTraveller', S)
class TravellerType implements TravellerView {
  @Field() first_name!: string;
  @Field() last_name!: string;
  @Field(() => Int, { nullable: true }) age!: number | null;
}

@ObjectType('TourBooking', S)
export class BookingType implements BookingView {
  @Field(() => ID) id!: string;
  @Field() code!: string;
  @Field() order_id!: string;
  @Field() line_item_id!: string;
  @Field() tour_id!: string;
  @Field() departure_id!: string;
  @Field(() => String, { nullable: true }) customer_id!: string | null;
  @Field(() => String, { nullable: true }) email!: string | null;
  @Field(() => [TravellerType]) travellers!: TravellerType[];
  @Field(() => Int) seats!: number;
  @Field({ description: 'confirmed or canceled' }) status!: string;
  @Field() created_at!: string;
  @Field(() => String, { nullable: true }) canceled_at!: string | null;
}

@ObjectType('TourReview', { ...S, description: 'A review of a tour; storefronts see approved ones only' })
@Directive('@key(fields: "id")')
export class ReviewType implements ReviewView {
  @Field(() => ID, { description: "The review's id" }) id!: string;
  @Field({ description: "The tour's id" }) tour_id!: string;
  @Field(() => String, { nullable: true, description: 'The customer who wrote it; null for a seeded or imported review' }) customer_id!: string | null;
  @Field({ description: "first name and last initial ('Anna K.')" }) author_name!: string;
  @Field(() => Int, { description: 'Stars, 1 to 5' }) rating!: number;
  @Field(() => String, { nullable: true, description: 'Headline; null when none' }) title!: string | null;
  @Field({ description: 'The review text (plain text)' }) content!: string;
  @Field({ description: 'pending, approved or rejected' }) status!: string;
  @Field({ description: 'ISO instant it was written' }) created_at!: string;
  @Field({ description: 'ISO instant of the last change (moderation included)' }) updated_at!: string;
}

@ObjectType('TourReviewList', { description: 'A page of tour reviews with the total count' })
export class ReviewListType extends PaginatedList(ReviewType) {}

@ObjectType('TourDepartureSnapshot', S)
export class SnapshotType implements SnapshotView {
  @Field(() => ID) id!: string;
  @Field({ description: 'e.g. "Douro Valley Wine Trail, 12–18 May 2027"' }) title!: string;
  @Field() tour_id!: string;
  @Field() tour_title!: string;
  @Field() tour_slug!: string;
  @Field() starts_on!: string;
  @Field() ends_on!: string;
  @Field(() => String, { nullable: true }) thumbnail!: string | null;
  @Field(() => String, { nullable: true, description: 'per traveller, decimal string in major units; null when no price in the currency' })
  unit_price!: string | null;
  @Field(() => Int, { description: 'seats remaining (capacity − sold − active holds)' }) available_quantity!: number;
  @Field({ description: 'tour published, departure open and in the future' }) on_sale!: boolean;
  @Field() requires_traveller_details!: boolean;
  @Field(() => Int, { nullable: true }) min_age!: number | null;
  @Field(() => Int, { nullable: true }) max_per_booking!: number | null;
}
