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

@ObjectType('TourDestination', S)
@Directive('@key(fields: "id")')
export class DestinationType implements DestinationView {
  @Field(() => ID) id!: string;
  @Field() slug!: string;
  @Field() name!: string;
  @Field(() => String, { nullable: true, description: 'ISO 3166-1 alpha-2, lower case' }) country_code!: string | null;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field(() => String, { nullable: true }) image!: string | null;
  @Field(() => Int, { description: 'Published tours there' }) tour_count!: number;
  @Field(() => [TourType], { nullable: true, description: 'Its published tours (one destination only)' }) tours!: TourType[] | null;
}

@ObjectType('TourDestinationList')
export class DestinationListType extends PaginatedList(DestinationType) {}

@ObjectType('TourCategory', S)
@Directive('@key(fields: "id")')
export class CategoryType implements CategoryView {
  @Field(() => ID) id!: string;
  @Field() slug!: string;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field(() => Int) rank!: number;
  @Field(() => Int, { description: 'Published tours in it' }) tour_count!: number;
}

@ObjectType('TourPrice', S)
class PriceType implements PriceView {
  @Field() currency_code!: string;
  @Field(() => Float, { description: 'Per traveller, major units' }) amount!: number;
}

@ObjectType('TourDeparture', S)
@Directive('@key(fields: "id")')
export class DepartureType implements DepartureView {
  @Field(() => ID) id!: string;
  @Field() tour_id!: string;
  @Field({ description: 'YYYY-MM-DD' }) starts_on!: string;
  @Field({ description: 'YYYY-MM-DD: starts_on + duration_days − 1' }) ends_on!: string;
  @Field(() => Int, { description: 'Capacity' }) seats!: number;
  @Field(() => Int) seats_sold!: number;
  @Field(() => Int, { description: 'Capacity − sold − active holds' }) seats_remaining!: number;
  @Field(() => [PriceType]) prices!: PriceType[];
  @Field(() => Float, { nullable: true, description: 'Per traveller in the requested currency' }) calculated_price!: number | null;
  @Field({ description: 'open, closed or canceled' }) status!: string;
}

@ObjectType('TourItineraryDay', S)
class ItineraryDayType implements ItineraryDayView {
  @Field(() => Int) day!: number;
  @Field() title!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field(() => String, { nullable: true }) overnight!: string | null;
}

@ObjectType('TourRating', S)
class RatingType implements RatingView {
  @Field(() => Float, { nullable: true, description: 'Average of the approved reviews (2 decimals)' }) average!: number | null;
  @Field(() => Int) count!: number;
}

@ObjectType('Tour', S)
@Directive('@key(fields: "id")')
export class TourType implements TourView {
  @Field(() => ID) id!: string;
  @Field() slug!: string;
  @Field() title!: string;
  @Field(() => String, { nullable: true }) summary!: string | null;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field(() => String, { nullable: true }) thumbnail!: string | null;
  @Field(() => [String]) images!: string[];
  @Field() destination_id!: string;
  @Field(() => DestinationType) destination!: DestinationType;
  @Field(() => [CategoryType]) categories!: CategoryType[];
  @Field(() => Int) duration_days!: number;
  @Field({ description: 'draft, published or archived' }) status!: string;
  @Field({ description: 'A booking names every traveller with age' }) requires_traveller_details!: boolean;
  @Field(() => Int, { nullable: true }) min_age!: number | null;
  @Field(() => Int, { nullable: true }) max_travellers_per_booking!: number | null;
  @Field(() => [String]) highlights!: string[];
  @Field(() => [String]) included!: string[];
  @Field(() => JSONScalar, { nullable: true }) metadata!: Record<string, unknown> | null;
  @Field(() => RatingType) rating!: RatingType;
  @Field(() => Float, { nullable: true, description: 'Lowest per-traveller price of an open future departure in currency_code' }) from_price!: number | null;
  @Field(() => String, { nullable: true }) currency_code!: string | null;
  @Field(() => [ItineraryDayType], { description: 'By day' }) itinerary!: ItineraryDayType[];
  @Field(() => [DepartureType], { description: 'Future departures that are not canceled (admins: all), by date' }) departures!: DepartureType[];
  @Field() created_at!: string;
  @Field() updated_at!: string;
}

@ObjectType('TourList')
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
  @Field(() => ID) id!: string;
  @Field() tour_id!: string;
  @Field(() => String, { nullable: true }) customer_id!: string | null;
  @Field({ description: "first name and last initial ('Anna K.')" }) author_name!: string;
  @Field(() => Int) rating!: number;
  @Field(() => String, { nullable: true }) title!: string | null;
  @Field() content!: string;
  @Field({ description: 'pending, approved or rejected' }) status!: string;
  @Field() created_at!: string;
  @Field() updated_at!: string;
}

@ObjectType('TourReviewList')
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
